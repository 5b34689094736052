#include "core/measured/kernelanalysis.h"

#include "core/measured/launchshape.h"
#include "core/util/format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <string_view>
#include <tuple>

namespace roofscope {

using OJson = nlohmann::ordered_json;

namespace {

// Counters and clocks are measured with some jitter; "above the roof" means clearly above.
constexpr double kAboveRoofTolerance = 1.005;

std::optional<double> ratio(const std::optional<double>& numerator, double denominator)
{
    if (!numerator || !(denominator > 0.0))
        return std::nullopt;
    const double v = *numerator / denominator;
    return std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

// "FP32": a precision as a sentence names it.
std::string upperName(Precision precision)
{
    std::string out(precisionName(precision));
    for (char& c : out)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

OJson numberOrNull(const std::optional<double>& v)
{
    return v ? OJson(*v) : OJson();
}

// The numerator and denominators of the intensity: FLOPs and bytes, or, for a kernel whose
// file holds rates but no time, FLOP/s and bytes/s (their ratio is the same intensity).
std::optional<double> workOf(const MeasuredKernel& k)
{
    return k.timeKnown ? k.flops : k.flopsPerS;
}

std::optional<double> trafficOf(const MeasuredKernel& k, MemLevel level)
{
    return k.timeKnown ? k.bytesAt(level) : k.bytesPerSAt(level);
}

} // namespace

std::string notPlacedReason(const MeasuredKernel& k)
{
    const auto work = workOf(k);
    if (!work)
        return "no FLOPs";
    if (!(*work > 0.0))
        return "zero FLOPs";
    if (k.timeKnown && !(k.timeS > 0.0))
        return "no time";
    const auto dram = trafficOf(k, MemLevel::Dram);
    if (!dram || !(*dram > 0.0))
        return "no DRAM bytes";
    return {};
}

std::string notPlacedSummary(const NotPlacedTally& tally, bool withoutFlopsWarned)
{
    static constexpr std::string_view kPhrases[] = {"without FLOPs", "with zero FLOPs",
                                                    "without a time", "without DRAM bytes"};
    static_assert(std::size(kPhrases) == kNotPlacedReasons.size());
    // Kernels without FLOPs the import already named are not said again (kNotPlacedReasons[0]).
    const std::size_t from = withoutFlopsWarned ? 1 : 0;
    const std::size_t missing = tally.notPlaced - (withoutFlopsWarned ? tally.byReason[0] : 0);
    if (missing == 0)
        return {};
    std::string text = (withoutFlopsWarned ? "besides those without FLOPs, " : "") +
                       std::to_string(missing) + " of " + std::to_string(tally.kernels) +
                       (tally.kernels == 1 ? " kernel is" : " kernels are") + " not on the chart:";
    bool first = true;
    for (std::size_t i = from; i < kNotPlacedReasons.size(); ++i) {
        if (tally.byReason[i] == 0)
            continue;
        text += (first ? " " : ", ") + std::to_string(tally.byReason[i]) + " " +
                std::string(kPhrases[i]);
        first = false;
    }
    return text;
}

std::string notPlacedSummary(const std::vector<MeasuredKernel>& kernels, bool withoutFlopsWarned)
{
    return notPlacedSummary(tallyNotPlaced(kernels), withoutFlopsWarned);
}

const Ceiling* kernelCeiling(const MeasuredKernel& k, const Hardware& hw)
{
    return hw.ceilingFor(k.precision.value_or(Precision::FP32), k.unit);
}

std::string aboveRoofReason(const Hardware& hw, Precision precision)
{
    if (hw.isCpu())
        return "above this CPU's measured " + upperName(precision) +
               " FMA roof: the kernel may use a wider or other unit than the probe measured "
               "(AVX-512, AMX, BF16 dot products), its FLOP or byte counts may be off, or cache "
               "hits make its DRAM bytes understate the traffic";
    return "the GPU may run above the datasheet clock, the kernel may use a faster unit than "
           "the precision suggests (tensor cores), or L2 hits make DRAM bytes understate the "
           "traffic";
}

KernelAnalysis analyseKernel(const MeasuredKernel& k, const Hardware* hw)
{
    KernelAnalysis a;
    a.warnings = k.notes;
    const auto work = workOf(k);
    if (!k.timeKnown) {
        a.warnings.emplace_back(std::string(kTimeNotInFile));
        a.achievedFlopsPerS = ratio(k.flopsPerS, 1.0);
        a.achievedBytesPerS = ratio(k.bytesPerSAt(MemLevel::Dram), 1.0);
    } else if (!(k.timeS > 0.0)) {
        a.warnings.emplace_back("zero time: no rates can be computed");
    } else {
        // A group partly without FLOPs is placed from the launches its FLOPs and bytes cover.
        const double time = k.placedTimeS.value_or(k.timeS);
        a.achievedFlopsPerS = ratio(k.flops, time);
        a.achievedBytesPerS = ratio(k.bytesAt(MemLevel::Dram), time);
    }
    if (!work) {
        a.warnings.emplace_back(
            "no FLOP counters in the file: measured bandwidth only, no intensity");
    } else if (*work == 0.0) {
        a.warnings.emplace_back("zero FLOPs: no intensity, not placed on the chart");
    } else {
        for (MemLevel level : kMemLevels) {
            const auto bytes = trafficOf(k, level);
            if (bytes && *bytes > 0.0)
                a.ai[static_cast<std::size_t>(level)] = ratio(work, *bytes);
        }
    }
    const auto dram = trafficOf(k, MemLevel::Dram);
    if (!dram && work)
        a.warnings.emplace_back("no DRAM byte counters in the file: no DRAM intensity");
    else if (dram && *dram == 0.0)
        a.warnings.emplace_back("zero DRAM bytes: no DRAM intensity, not placed on the chart");
    if (k.bytesLowerBound)
        a.warnings.emplace_back("bytes derived from tensor shapes are a lower bound (each tensor "
                                "moved once), so the intensity is an upper bound");

    if (!hw) {
        a.warnings.push_back(k.device.empty()
                                 ? "unknown device: pass --gpu ID to place it under a roof"
                                 : "unknown device \"" + k.device +
                                       "\": no catalog entry matches; pass --gpu ID");
        return a;
    }
    const Precision precision = k.precision.value_or(Precision::FP32);
    const Ceiling* ceiling = kernelCeiling(k, *hw);
    const MemoryLevel* memory = hw->mainMemory();
    if (!ceiling || !memory) {
        a.warnings.push_back(hw->id + " has no " + std::string(precisionName(precision)) + " " +
                             std::string(computeUnitName(k.unit)) + " roof");
        return a;
    }
    a.ceiling = std::string(precisionName(ceiling->precision)) + " " +
                std::string(computeUnitName(ceiling->unit));
    const auto aiDram = a.aiAt(MemLevel::Dram);
    if (!aiDram)
        return a;
    auto attainable = attainableFlops(ceiling->flopsPerS, memory->bytesPerS, *aiDram);
    if (!attainable)
        return a;
    a.roofFlopsPerS = *attainable;
    a.bound = *aiDram < ceiling->flopsPerS / memory->bytesPerS ? Bound::Memory : Bound::Compute;
    if (a.achievedFlopsPerS) {
        if (const double percent = *a.achievedFlopsPerS / *attainable * 100.0;
            std::isfinite(percent))
            a.percentOfRoof = percent;
        if (*a.achievedFlopsPerS > *attainable * kAboveRoofTolerance) {
            a.aboveRoof = true;
            a.warnings.push_back("above the roof (" + formatFlopsRate(*a.achievedFlopsPerS) +
                                 " achieved, " + formatFlopsRate(*attainable) + " attainable on " +
                                 hw->id + " " + a.ceiling +
                                 "): " + aboveRoofReason(*hw, ceiling->precision));
        }
    }
    return a;
}

namespace {

// Adds launch `k` to group `g` (a copy of the group's first launch).
void addLaunch(MeasuredKernel& g, const MeasuredKernel& k)
{
    // Sums of finite values can still overflow; an overflowing sum is unknown, not infinite.
    auto sum = [](const std::optional<double>& a, const std::optional<double>& b) {
        if (!a || !b || !std::isfinite(*a + *b))
            return std::optional<double>();
        return std::optional<double>(*a + *b);
    };
    g.launches = k.launches > std::numeric_limits<long long>::max() - g.launches
                     ? std::numeric_limits<long long>::max()
                     : g.launches + k.launches;
    g.timeS = sum(g.timeS, k.timeS).value_or(std::numeric_limits<double>::max());
    g.flops = sum(g.flops, k.flops);
    g.executedFlops = sum(g.executedFlops, k.executedFlops);
    for (const auto& [precision, flops] : k.flopsByPrecision) {
        double& total = g.flopsByPrecision[precision];
        total = sum(total, flops).value_or(std::numeric_limits<double>::max());
    }
    for (MemLevel level : kMemLevels) {
        const auto a = g.bytesAt(level);
        const auto b = k.bytesAt(level);
        g.bytes[static_cast<std::size_t>(level)] = sum(a, b);
    }
    g.bytesLowerBound = g.bytesLowerBound || k.bytesLowerBound;
    for (const std::string& note : k.notes)
        if (std::find(g.notes.begin(), g.notes.end(), note) == g.notes.end())
            g.notes.push_back(note);
}

std::string percentText(double share)
{
    // 99.89 %, not a rounded "100 %" that would hide the launches left out.
    return formatNumber(share * 100.0, share > 0.995 && share < 1.0 ? 4 : 3) + " %";
}

long long addCounts(long long a, long long b)
{
    return b > std::numeric_limits<long long>::max() - a ? std::numeric_limits<long long>::max()
                                                         : a + b;
}

// The launches of one name and shape, summed, and where the first of them was in the file.
struct ShapeGroup {
    MeasuredKernel sum;
    LaunchShape shape;
    std::size_t first = 0;
    std::vector<std::size_t> members; // the launches' indices in the file
};

// The shape groups of one name (file, GPU), those of launches with FLOPs apart from those
// without, with an index by shape value per measure so that a trace of 100,000 launches at as
// many shapes is not a quadratic search.
class NameGroups {
public:
    void add(const MeasuredKernel& k, std::size_t order)
    {
        std::vector<ShapeGroup>& groups = k.flops ? m_with : m_without;
        const LaunchShape shape = launchShape(k);
        if (const auto found = find(shape, k.flops.has_value())) {
            addLaunch(groups[*found].sum, k);
            groups[*found].members.push_back(order);
            return;
        }
        m_index[{k.flops.has_value(), shape.measure}].emplace(shape.value, groups.size());
        groups.push_back({k, shape, order, {order}});
        if (k.timeKnown)
            groups.back().sum.launchId.clear();
    }
    // The groups, each with where it first appeared; see groupKernelsByName for where the
    // launches without FLOPs go.
    std::vector<ShapeGroup> take();

private:
    std::optional<std::size_t> find(const LaunchShape& shape, bool withFlops) const
    {
        const auto it = m_index.find({withFlops, shape.measure});
        if (it == m_index.end())
            return std::nullopt;
        // Candidates within the tolerance either side; the earliest group of a match wins.
        const double span = kShapeTolerance * std::abs(shape.value) / (1.0 - kShapeTolerance);
        std::optional<std::size_t> best;
        for (auto c = it->second.lower_bound(shape.value - span);
             c != it->second.end() && c->first <= shape.value + span; ++c) {
            const std::vector<ShapeGroup>& groups = withFlops ? m_with : m_without;
            if (sameShape(groups[c->second].shape, shape) && (!best || c->second < *best))
                best = c->second;
        }
        return best;
    }

    std::vector<ShapeGroup> m_with;
    std::vector<ShapeGroup> m_without;
    std::map<std::pair<bool, LaunchShape::Measure>, std::map<double, std::size_t>> m_index;
};

// Group `g` (launches with FLOPs) joined by `rest`, launches without: the time and launches
// are everyone's, the FLOPs, bytes and placedTimeS those of `g`, and a note says the share.
void joinLaunchesWithoutFlops(MeasuredKernel& g, const MeasuredKernel& rest)
{
    const double placedTime = g.timeS;
    const long long placedLaunches = g.launches;
    g.launches = addCounts(g.launches, rest.launches);
    g.timeS += rest.timeS;
    if (!std::isfinite(g.timeS))
        g.timeS = std::numeric_limits<double>::max();
    g.placedTimeS = placedTime;
    const double share = g.timeS > 0.0 ? placedTime / g.timeS : 0.0;
    g.notes.push_back("placed from " + std::to_string(placedLaunches) + " of " +
                      std::to_string(g.launches) + " launches (" + percentText(share) +
                      " of its time): " + std::to_string(rest.launches) +
                      (rest.launches == 1 ? " launch has" : " launches have") + " no FLOPs");
    for (const std::string& note : rest.notes)
        if (std::find(g.notes.begin(), g.notes.end(), note) == g.notes.end())
            g.notes.push_back(note);
}

std::vector<ShapeGroup> NameGroups::take()
{
    if (m_with.empty() || m_without.empty())
        return std::move(m_with.empty() ? m_without : m_with);
    // Launches without FLOPs have no shape to place them by (their DRAM bytes alone do not
    // tell a shape's launches from another's when the others are told apart by FLOPs). They
    // join the shape most launches have: the likeliest to be theirs, and the group whose point
    // their share changes least. A tie goes to the first.
    ShapeGroup rest = std::move(m_without.front());
    for (std::size_t i = 1; i < m_without.size(); ++i) {
        addLaunch(rest.sum, m_without[i].sum);
        rest.members.insert(rest.members.end(), m_without[i].members.begin(),
                            m_without[i].members.end());
    }
    const auto target = std::max_element(
        m_with.begin(), m_with.end(),
        [](const ShapeGroup& a, const ShapeGroup& b) { return a.sum.launches < b.sum.launches; });
    joinLaunchesWithoutFlops(target->sum, rest.sum);
    target->first = std::min(target->first, rest.first);
    target->members.insert(target->members.end(), rest.members.begin(), rest.members.end());
    return std::move(m_with);
}

} // namespace

std::vector<MeasuredKernel> groupKernelsByName(const std::vector<MeasuredKernel>& kernels,
                                               std::vector<std::size_t>* groupOfLaunch)
{
    std::vector<NameGroups> names;
    std::map<std::tuple<std::string, std::string, std::string, std::string>, std::size_t> index;
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        const MeasuredKernel& k = kernels[i];
        // Rates without a time cannot be summed (nor averaged without their weights): such a
        // launch stays a row of its own.
        const auto key = std::tuple{k.name, k.file, k.gpu, k.timeKnown ? "" : k.launchId};
        const auto [it, inserted] = index.emplace(key, names.size());
        if (inserted)
            names.emplace_back();
        names[it->second].add(k, i);
    }
    std::vector<ShapeGroup> all;
    for (NameGroups& name : names) {
        std::vector<ShapeGroup> groups = name.take();
        std::move(groups.begin(), groups.end(), std::back_inserter(all));
    }
    std::stable_sort(all.begin(), all.end(),
                     [](const ShapeGroup& a, const ShapeGroup& b) { return a.first < b.first; });
    if (groupOfLaunch)
        groupOfLaunch->assign(kernels.size(), 0);
    std::vector<MeasuredKernel> out;
    out.reserve(all.size());
    for (ShapeGroup& g : all) {
        if (groupOfLaunch)
            for (std::size_t launch : g.members)
                (*groupOfLaunch)[launch] = out.size();
        out.push_back(std::move(g.sum));
    }
    return out;
}

OJson kernelReportJson(const MeasuredKernel& k, const KernelAnalysis& a)
{
    // The kernel's own record, then what the analysis derives from it on its GPU.
    OJson j = measuredKernelToJson(k);
    j.erase("notes");
    if (k.flopsFormula.empty())
        j["flops_formula"] = OJson();
    OJson ai = OJson::object();
    for (MemLevel level : kMemLevels)
        ai[std::string(memLevelName(level))] = numberOrNull(a.aiAt(level));
    j["ai"] = std::move(ai);
    j["achieved_flops_per_s"] = numberOrNull(a.achievedFlopsPerS);
    j["achieved_bytes_per_s"] = numberOrNull(a.achievedBytesPerS);
    j["ceiling"] = a.ceiling.empty() ? OJson() : OJson(a.ceiling);
    j["roof_flops_per_s"] = numberOrNull(a.roofFlopsPerS);
    j["percent_of_roof"] = numberOrNull(a.percentOfRoof);
    j["bound"] = a.bound ? OJson(std::string(boundName(*a.bound))) : OJson();
    j["above_roof"] = a.aboveRoof;
    j["warnings"] = a.warnings;
    return j;
}

} // namespace roofscope
