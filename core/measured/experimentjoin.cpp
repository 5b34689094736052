#include "core/measured/experimentjoin.h"

#include <algorithm>
#include <filesystem>

namespace roofscope {

namespace {

bool hasCounters(const MeasuredKernel& k)
{
    return k.flops || !k.flopsByPrecision.empty() ||
           std::any_of(k.bytes.begin(), k.bytes.end(), [](const auto& b) { return b.has_value(); });
}

enum class Kind { Other, TimeOnly, CountersOnly };

Kind kindOf(const MeasuredImport& m)
{
    if (m.kernels.empty() || !m.hardware.empty())
        return Kind::Other;
    bool allTimed = true, anyTimed = false, anyCounters = false;
    for (const MeasuredKernel& k : m.kernels) {
        if (k.source != "rocprof")
            return Kind::Other;
        allTimed = allTimed && k.timeS > 0.0;
        anyTimed = anyTimed || k.timeS > 0.0;
        anyCounters = anyCounters || hasCounters(k);
    }
    if (allTimed && !anyCounters)
        return Kind::TimeOnly;
    if (!anyTimed && anyCounters)
        return Kind::CountersOnly;
    return Kind::Other;
}

// The file's name without its folder: the note is read beside both names.
std::string fileOf(const MeasuredImport& m)
{
    return std::filesystem::path(m.kernels.front().file).filename().string();
}

// Why the two dispatch sequences differ, "" when they match.
std::string mismatch(const MeasuredImport& times, const MeasuredImport& counters)
{
    if (times.kernels.size() != counters.kernels.size())
        return std::to_string(times.kernels.size()) + " dispatches against " +
               std::to_string(counters.kernels.size());
    for (std::size_t i = 0; i < times.kernels.size(); ++i) {
        const MeasuredKernel& a = times.kernels[i];
        const MeasuredKernel& b = counters.kernels[i];
        if (a.launchId != b.launchId)
            return "dispatch " + std::to_string(i + 1) + " is " + a.launchId + " in one and " +
                   b.launchId + " in the other";
        if (a.name != b.name)
            return "dispatch " + a.launchId + " is " + a.shortName + " in one and " + b.shortName +
                   " in the other";
    }
    return {};
}

MeasuredImport join(const MeasuredImport& times, MeasuredImport counters)
{
    const std::string countersFile = fileOf(counters);
    MeasuredImport out;
    out.file = times.file + " + " + counters.file;
    out.kernels = std::move(counters.kernels);
    out.withoutFlopsWarned = counters.withoutFlopsWarned;
    for (std::size_t i = 0; i < out.kernels.size(); ++i) {
        MeasuredKernel& k = out.kernels[i];
        const MeasuredKernel& t = times.kernels[i];
        k.timeS = t.timeS;
        if (k.device.empty())
            k.device = t.device;
    }
    out.warnings.push_back("joined " + fileOf(times) + " and " + countersFile +
                           " by dispatch: " + std::to_string(out.kernels.size()) +
                           " dispatches (time from the first, counters from the second)");
    for (const std::string& w : times.warnings)
        out.warnings.push_back(w);
    // The counters file's "time unknown" is answered by the join.
    for (const std::string& w : counters.warnings)
        if (w.rfind("time unknown:", 0) != 0)
            out.warnings.push_back(w);
    return out;
}

} // namespace

std::vector<MeasuredImport> joinExperiments(std::vector<MeasuredImport> imports,
                                            std::vector<std::string>& notes)
{
    std::vector<bool> used(imports.size(), false);
    std::vector<std::size_t> joinedInto(imports.size(), imports.size()); // trace -> counters
    for (std::size_t i = 0; i < imports.size(); ++i) {
        if (used[i] || kindOf(imports[i]) != Kind::TimeOnly)
            continue;
        for (std::size_t j = 0; j < imports.size(); ++j) {
            if (used[j] || j == i || kindOf(imports[j]) != Kind::CountersOnly)
                continue;
            const std::string why = mismatch(imports[i], imports[j]);
            if (!why.empty()) {
                notes.push_back("not joined " + fileOf(imports[i]) + " and " + fileOf(imports[j]) +
                                ": the dispatch sequences differ (" + why + ")");
                continue;
            }
            used[i] = used[j] = true;
            joinedInto[i] = j;
            break;
        }
    }
    std::vector<MeasuredImport> out;
    for (std::size_t i = 0; i < imports.size(); ++i) {
        if (joinedInto[i] < imports.size())
            out.push_back(join(imports[i], std::move(imports[joinedInto[i]])));
        else if (!used[i])
            out.push_back(std::move(imports[i]));
    }
    return out;
}

} // namespace roofscope
