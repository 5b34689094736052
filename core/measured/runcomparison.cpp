#include "core/measured/runcomparison.h"

#include "core/format.h"
#include "core/measured/kernelname.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

namespace roofscope {

namespace {

// The kernels of one name in one run: launches (or rows) of the name summed.
struct NameGroup {
    std::string name;
    std::string shortName;
    int first = -1;
    double timeS = 0.0;
    std::vector<int> kernels;
    bool paired = false;
};

std::string shortNameOf(const MeasuredKernel& k)
{
    // The short name the Kernels table shows: the importers set it with shortKernelName; a
    // scenario written by hand may leave it out.
    return k.shortName.empty() ? shortKernelName(k.name) : k.shortName;
}

std::vector<NameGroup> groupsByName(const MeasurementSet& set)
{
    std::vector<NameGroup> groups;
    std::unordered_map<std::string, std::size_t> at;
    for (std::size_t i = 0; i < set.kernels.size(); ++i) {
        const MeasuredKernel& k = set.kernels[i];
        auto [it, added] = at.try_emplace(k.name, groups.size());
        if (added) {
            NameGroup g;
            g.name = k.name;
            g.shortName = shortNameOf(k);
            g.first = static_cast<int>(i);
            groups.push_back(std::move(g));
        }
        NameGroup& g = groups[it->second];
        g.timeS += k.timeS;
        g.kernels.push_back(static_cast<int>(i));
    }
    return groups;
}

// The unpaired name groups of a run, merged by short name in order of first appearance.
std::vector<std::vector<NameGroup*>> unpairedByShortName(std::vector<NameGroup>& groups)
{
    std::vector<std::vector<NameGroup*>> out;
    std::unordered_map<std::string, std::size_t> at;
    for (NameGroup& g : groups) {
        if (g.paired)
            continue;
        auto [it, added] = at.try_emplace(g.shortName, out.size());
        if (added)
            out.emplace_back();
        out[it->second].push_back(&g);
    }
    return out;
}

double timeOf(const std::vector<NameGroup*>& groups)
{
    double t = 0.0;
    for (const NameGroup* g : groups)
        t += g->timeS;
    return t;
}

UnpairedKernel unpaired(const std::vector<NameGroup*>& groups)
{
    UnpairedKernel u;
    u.shortName = groups.front()->shortName;
    u.name = groups.front()->name;
    u.kernel = groups.front()->first;
    u.timeS = timeOf(groups);
    return u;
}

std::vector<std::string> gpusOf(const MeasurementSet& set)
{
    std::vector<std::string> gpus;
    for (const MeasuredKernel& k : set.kernels) {
        const std::string& gpu = k.gpu.empty() ? k.device : k.gpu;
        if (!gpu.empty() && std::find(gpus.begin(), gpus.end(), gpu) == gpus.end())
            gpus.push_back(gpu);
    }
    return gpus;
}

bool sameGpus(std::vector<std::string> a, std::vector<std::string> b)
{
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

} // namespace

int RunComparison::pairedByShortName() const
{
    return static_cast<int>(std::count_if(pairs.begin(), pairs.end(), [](const KernelSpeedup& s) {
        return s.match == KernelMatch::ShortName;
    }));
}

int RunComparison::kernelCount() const
{
    return static_cast<int>(pairs.size() + onlyBefore.size() + onlyAfter.size());
}

RunComparison compareRuns(const MeasurementSet& before, const MeasurementSet& after)
{
    RunComparison c;
    c.beforeFile = before.file;
    c.afterFile = after.file;
    c.beforePair.assign(before.kernels.size(), -1);
    c.afterPair.assign(after.kernels.size(), -1);
    std::vector<NameGroup> b = groupsByName(before);
    std::vector<NameGroup> a = groupsByName(after);

    // Identical full names first: they are the same kernel whatever its short name shares.
    std::unordered_map<std::string, std::size_t> afterByName;
    for (std::size_t i = 0; i < a.size(); ++i)
        afterByName.emplace(a[i].name, i);
    struct Pending {
        KernelSpeedup speedup;
        std::vector<const NameGroup*> before;
        std::vector<const NameGroup*> after;
    };
    std::vector<Pending> pending;
    for (NameGroup& g : b) {
        const auto it = afterByName.find(g.name);
        if (it == afterByName.end())
            continue;
        NameGroup& partner = a[it->second];
        g.paired = partner.paired = true;
        Pending p;
        p.speedup.name = g.name;
        p.speedup.afterName = partner.name;
        p.speedup.shortName = g.shortName;
        p.speedup.match = KernelMatch::FullName;
        p.speedup.beforeKernel = g.first;
        p.speedup.afterKernel = partner.first;
        p.speedup.beforeS = g.timeS;
        p.speedup.afterS = partner.timeS;
        p.before = {&g};
        p.after = {&partner};
        pending.push_back(std::move(p));
    }

    // Then what is left, by short name: a retuned template or a new argument list.
    auto restBefore = unpairedByShortName(b);
    auto restAfter = unpairedByShortName(a);
    std::unordered_map<std::string, std::size_t> afterByShort;
    for (std::size_t i = 0; i < restAfter.size(); ++i)
        afterByShort.emplace(restAfter[i].front()->shortName, i);
    std::vector<bool> afterTaken(restAfter.size(), false);
    for (const auto& groups : restBefore) {
        const auto it = afterByShort.find(groups.front()->shortName);
        if (it == afterByShort.end()) {
            c.onlyBefore.push_back(unpaired(groups));
            continue;
        }
        afterTaken[it->second] = true;
        const auto& partners = restAfter[it->second];
        Pending p;
        p.speedup.name = groups.front()->name;
        p.speedup.afterName = partners.front()->name;
        p.speedup.shortName = groups.front()->shortName;
        p.speedup.match = KernelMatch::ShortName;
        p.speedup.beforeKernel = groups.front()->first;
        p.speedup.afterKernel = partners.front()->first;
        p.speedup.beforeS = timeOf(groups);
        p.speedup.afterS = timeOf(partners);
        p.before.assign(groups.begin(), groups.end());
        p.after.assign(partners.begin(), partners.end());
        pending.push_back(std::move(p));
    }
    for (std::size_t i = 0; i < restAfter.size(); ++i) {
        if (!afterTaken[i])
            c.onlyAfter.push_back(unpaired(restAfter[i]));
    }

    std::stable_sort(pending.begin(), pending.end(), [](const Pending& x, const Pending& y) {
        return x.speedup.beforeKernel < y.speedup.beforeKernel;
    });
    for (Pending& p : pending) {
        const int index = static_cast<int>(c.pairs.size());
        for (const NameGroup* g : p.before)
            for (int k : g->kernels)
                c.beforePair[static_cast<std::size_t>(k)] = index;
        for (const NameGroup* g : p.after)
            for (int k : g->kernels)
                c.afterPair[static_cast<std::size_t>(k)] = index;
        if (p.speedup.afterS > 0.0)
            p.speedup.speedup = p.speedup.beforeS / p.speedup.afterS;
        c.pairs.push_back(std::move(p.speedup));
    }

    for (const MeasuredKernel& k : before.kernels)
        c.beforeS += k.timeS;
    for (const MeasuredKernel& k : after.kernels)
        c.afterS += k.timeS;
    if (c.afterS > 0.0)
        c.speedup = c.beforeS / c.afterS;
    c.beforeGpus = gpusOf(before);
    c.afterGpus = gpusOf(after);
    // A run whose GPU nobody knows says nothing either way.
    c.differentGpus =
        !c.beforeGpus.empty() && !c.afterGpus.empty() && !sameGpus(c.beforeGpus, c.afterGpus);
    return c;
}

std::string_view comparisonPhraseText(ComparisonPhrase phrase)
{
    switch (phrase) {
    case ComparisonPhrase::Runs:
        return "%1 → %2";
    case ComparisonPhrase::Paired:
        return "%1 of %2 kernels paired";
    case ComparisonPhrase::PairedShort:
        return "%1 of %2 kernels paired (%3 by short name)";
    case ComparisonPhrase::OnlyBefore:
        return "%1 only before: %2";
    case ComparisonPhrase::OnlyBeforeMore:
        return "%1 only before: %2 and %3 more";
    case ComparisonPhrase::OnlyAfter:
        return "%1 only after: %2";
    case ComparisonPhrase::OnlyAfterMore:
        return "%1 only after: %2 and %3 more";
    case ComparisonPhrase::Faster:
        return "whole run %1× faster";
    case ComparisonPhrase::Slower:
        return "whole run %1× slower";
    case ComparisonPhrase::DifferentGpus:
        return "runs on different GPUs (%1 / %2): times are not like for like";
    }
    return "";
}

namespace {

constexpr std::size_t kNamesShown = 3;

ComparisonArg number(double v)
{
    return ComparisonArg{{}, v};
}

ComparisonArg text(std::string s)
{
    return ComparisonArg{std::move(s), std::nullopt};
}

void addUnpaired(std::vector<ComparisonPart>& parts, const std::vector<UnpairedKernel>& kernels,
                 ComparisonPhrase phrase, ComparisonPhrase more)
{
    if (kernels.empty())
        return;
    std::string names;
    for (std::size_t i = 0; i < kernels.size() && i < kNamesShown; ++i)
        names += (i ? ", " : "") + kernels[i].shortName;
    const auto n = static_cast<double>(kernels.size());
    if (kernels.size() <= kNamesShown)
        parts.push_back({phrase, {number(n), text(names)}});
    else
        parts.push_back(
            {more,
             {number(n), text(names), number(static_cast<double>(kernels.size() - kNamesShown))}});
}

std::string gpuList(const std::vector<std::string>& gpus, const GpuNamer& gpuName)
{
    std::string out;
    for (const std::string& g : gpus)
        out += (out.empty() ? "" : " + ") + (gpuName ? gpuName(g) : g);
    return out;
}

std::string argText(const ComparisonArg& arg)
{
    if (!arg.number)
        return arg.text;
    const double v = *arg.number;
    if (std::isfinite(v) && v == std::floor(v) && std::abs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    return formatNumber(v, 3);
}

} // namespace

std::vector<ComparisonPart> comparisonParts(const RunComparison& c, const GpuNamer& gpuName)
{
    std::vector<ComparisonPart> parts;
    if (!c.beforeFile.empty() && !c.afterFile.empty())
        parts.push_back({ComparisonPhrase::Runs, {text(c.beforeFile), text(c.afterFile)}});
    const auto paired = static_cast<double>(c.pairs.size());
    const auto total = static_cast<double>(c.kernelCount());
    if (const int byShort = c.pairedByShortName(); byShort > 0)
        parts.push_back({ComparisonPhrase::PairedShort,
                         {number(paired), number(total), number(static_cast<double>(byShort))}});
    else
        parts.push_back({ComparisonPhrase::Paired, {number(paired), number(total)}});
    addUnpaired(parts, c.onlyBefore, ComparisonPhrase::OnlyBefore,
                ComparisonPhrase::OnlyBeforeMore);
    addUnpaired(parts, c.onlyAfter, ComparisonPhrase::OnlyAfter, ComparisonPhrase::OnlyAfterMore);
    if (c.speedup && *c.speedup >= 1.0)
        parts.push_back({ComparisonPhrase::Faster, {number(*c.speedup)}});
    else if (c.speedup && *c.speedup > 0.0)
        parts.push_back({ComparisonPhrase::Slower, {number(1.0 / *c.speedup)}});
    if (c.differentGpus)
        parts.push_back(
            {ComparisonPhrase::DifferentGpus,
             {text(gpuList(c.beforeGpus, gpuName)), text(gpuList(c.afterGpus, gpuName))}});
    return parts;
}

std::string comparisonSentence(const std::vector<ComparisonPart>& parts)
{
    std::string out;
    for (const ComparisonPart& p : parts) {
        // Qt's arg() rule: %1 … %9, each replaced once, values never rescanned.
        const std::string_view pattern = comparisonPhraseText(p.phrase);
        std::string filled;
        for (std::size_t i = 0; i < pattern.size(); ++i) {
            const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
            if (pattern[i] == '%' && next >= '1' && next <= '9' &&
                static_cast<std::size_t>(next - '1') < p.args.size()) {
                filled += argText(p.args[static_cast<std::size_t>(next - '1')]);
                ++i;
            } else {
                filled += pattern[i];
            }
        }
        out += (out.empty() ? "" : " · ") + filled;
    }
    return out;
}

nlohmann::ordered_json runComparisonJson(const RunComparison& c, const GpuNamer& gpuName)
{
    using OJson = nlohmann::ordered_json;
    auto optional = [](const std::optional<double>& v) { return v ? OJson(*v) : OJson(); };
    auto unpairedJson = [](const std::vector<UnpairedKernel>& kernels) {
        OJson list = OJson::array();
        for (const UnpairedKernel& u : kernels)
            list.push_back({{"short_name", u.shortName}, {"name", u.name}, {"time_s", u.timeS}});
        return list;
    };
    OJson pairs = OJson::array();
    for (const KernelSpeedup& s : c.pairs)
        pairs.push_back({{"short_name", s.shortName},
                         {"before", s.name},
                         {"after", s.afterName},
                         {"matched_by", s.match == KernelMatch::FullName ? "name" : "short_name"},
                         {"before_s", s.beforeS},
                         {"after_s", s.afterS},
                         {"speedup", optional(s.speedup)}});
    OJson out;
    out["before"] = c.beforeFile;
    out["after"] = c.afterFile;
    out["kernels"] = c.kernelCount();
    out["paired"] = c.pairs.size();
    out["paired_by_short_name"] = c.pairedByShortName();
    out["only_before"] = unpairedJson(c.onlyBefore);
    out["only_after"] = unpairedJson(c.onlyAfter);
    out["before_s"] = c.beforeS;
    out["after_s"] = c.afterS;
    out["speedup"] = optional(c.speedup);
    out["before_gpus"] = c.beforeGpus;
    out["after_gpus"] = c.afterGpus;
    out["different_gpus"] = c.differentGpus;
    out["pairs"] = std::move(pairs);
    out["sentence"] = comparisonSentence(comparisonParts(c, gpuName));
    return out;
}

} // namespace roofscope
