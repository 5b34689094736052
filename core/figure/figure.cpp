#include "core/figure/figure.h"

#include "core/figure/measuredpaths.h"
#include "core/figure/paletteassignment.h"
#include "core/figure/rooflabel.h"

#include "core/document/scenariomodel.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/runcomparison.h"
#include "core/roofline/sweep.h"
#include "core/util/format.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

namespace roofscope {

namespace {

constexpr double kAiLimitMin = 1e-4;
constexpr double kAiLimitMax = 1e7;
constexpr double kFlopsLimitMin = 1e6;
constexpr double kFlopsLimitMax = 1e20;
constexpr double kMinSpanDecades = 0.3; // a factor of 2

void clampAxis(double& lo, double& hi, double limitLo, double limitHi)
{
    if (!(lo > 0.0) || !std::isfinite(lo))
        lo = limitLo;
    if (!(hi > 0.0) || !std::isfinite(hi))
        hi = limitHi;
    double a = std::log10(std::min(lo, hi));
    double b = std::log10(std::max(lo, hi));
    const double la = std::log10(limitLo);
    const double lb = std::log10(limitHi);
    if (b - a < kMinSpanDecades) {
        const double mid = (a + b) / 2.0;
        a = mid - kMinSpanDecades / 2.0;
        b = mid + kMinSpanDecades / 2.0;
    }
    if (b - a > lb - la) {
        a = la;
        b = lb;
    }
    if (a < la) {
        b += la - a;
        a = la;
    }
    if (b > lb) {
        a -= b - lb;
        b = lb;
    }
    lo = std::pow(10.0, a);
    hi = std::pow(10.0, b);
}

bool sameCeiling(const Ceiling& a, const Ceiling& b)
{
    return a.precision == b.precision && a.unit == b.unit;
}

std::string upper(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

// "L2 · 12 TB/s": a cache slope says which level and how fast, like a link roof does.
std::string cacheRoofLabel(const MemoryLevel& memory)
{
    return upper(memory.level) + " · " + formatBandwidth(memory.bytesPerS);
}

bool isSequenceParam(const std::string& name)
{
    return name == "seq" || name == "context";
}

} // namespace

const Ceiling* headlineCeiling(const Hardware& hw, Precision precision)
{
    return hw.findCeiling(precision, ComputeUnit::Tensor);
}

const Ceiling* defaultRoofCeiling(const Hardware& hw)
{
    for (Precision p : {Precision::BF16, Precision::FP16}) {
        if (const Ceiling* c = headlineCeiling(hw, p))
            return c;
    }
    return hw.ceilingFor(Precision::FP32, ComputeUnit::Vector);
}

PeakRatio peakRatio(const Hardware& from, const Hardware& to, Precision precision, ComputeUnit unit)
{
    const Ceiling* a = from.findCeiling(precision, unit);
    const Ceiling* b = to.findCeiling(precision, unit);
    if (!a)
        return {std::nullopt, &from};
    if (!b)
        return {std::nullopt, &to};
    return {b->flopsPerS / a->flopsPerS, nullptr};
}

std::pair<double, double> parameterRange(const Operator& op, const std::string& param)
{
    const ParamDef* def = op.definition().findParam(param);
    double lo = def && def->min > 0.0 ? def->min : 1.0;
    const double current = op.params.has(param) ? op.params.number(param) : lo;
    double hi = 131072.0;
    if (param == "batch")
        hi = 4096.0;
    else if (!isSequenceParam(param))
        hi = std::max(131072.0, current * 16.0);
    if (def)
        hi = std::min(hi, def->max);
    hi = std::max(hi, current);
    lo = std::min(lo, current);
    if (hi <= lo)
        hi = lo * 2.0;
    return {lo, hi};
}

std::string_view roofRoleName(RoofRole role)
{
    switch (role) {
    case RoofRole::Primary:
        return "primary";
    case RoofRole::Used:
        return "used";
    case RoofRole::Toggled:
        return "toggled";
    case RoofRole::Cache:
        return "cache";
    case RoofRole::Link:
        return "link";
    }
    return "primary";
}

const FigureGpu* Figure::gpu(int hardware) const
{
    for (const FigureGpu& g : gpus) {
        if (g.hardware == hardware)
            return &g;
    }
    return nullptr;
}

std::vector<FigureRoof> roofsFor(const Hardware& hw, int hardware,
                                 const std::vector<std::optional<Ceiling>>& ceilings, int selected,
                                 const ChartToggles& toggles)
{
    std::vector<FigureRoof> roofs;
    const MemoryLevel* memory = hw.mainMemory();
    if (!memory)
        return roofs;
    // The ceilings the operators run against, in operator order; the selected operator's is the
    // primary, else the highest of them, else the GPU's default roof.
    std::vector<Ceiling> used;
    std::vector<std::vector<int>> users;
    std::optional<Ceiling> primary;
    for (std::size_t op = 0; op < ceilings.size(); ++op) {
        if (!ceilings[op])
            continue;
        const Ceiling& c = *ceilings[op];
        if (static_cast<int>(op) == selected)
            primary = c;
        auto it = std::find_if(used.begin(), used.end(),
                               [&](const Ceiling& u) { return sameCeiling(u, c); });
        if (it == used.end()) {
            used.push_back(c);
            users.emplace_back();
            it = used.end() - 1;
        }
        users[static_cast<std::size_t>(it - used.begin())].push_back(static_cast<int>(op));
    }
    if (!primary && !used.empty())
        primary = *std::max_element(used.begin(), used.end(), [](const auto& a, const auto& b) {
            return a.flopsPerS < b.flopsPerS;
        });
    if (!primary) {
        if (const Ceiling* d = defaultRoofCeiling(hw))
            primary = *d;
    }
    if (!primary)
        return roofs;

    // One roof per height: ceilings at the same peak (FP16 and BF16 tensor) share a line.
    auto add = [&](const Ceiling& c, RoofRole role, const std::vector<int>& by) {
        for (FigureRoof& r : roofs) {
            if (r.role != RoofRole::Cache && r.peak == c.flopsPerS) {
                if (std::none_of(r.ceilings.begin(), r.ceilings.end(),
                                 [&](const Ceiling& e) { return sameCeiling(e, c); }))
                    r.ceilings.push_back(c);
                r.usedBy.insert(r.usedBy.end(), by.begin(), by.end());
                return;
            }
        }
        auto ridge = ridgeIntensity(c.flopsPerS, memory->bytesPerS);
        if (!ridge)
            return;
        FigureRoof r;
        r.hardware = hardware;
        r.role = role;
        r.ceilings = {c};
        r.memory = *memory;
        r.peak = c.flopsPerS;
        r.ridgeAi = *ridge;
        // Below the primary a roof's slope would retrace the primary's.
        r.slope = role == RoofRole::Primary || c.flopsPerS > primary->flopsPerS;
        r.usedBy = by;
        roofs.push_back(std::move(r));
    };
    std::vector<int> primaryUsers;
    for (std::size_t i = 0; i < used.size(); ++i) {
        if (sameCeiling(used[i], *primary))
            primaryUsers = users[i];
    }
    add(*primary, RoofRole::Primary, primaryUsers);
    for (std::size_t i = 0; i < used.size(); ++i) {
        if (!sameCeiling(used[i], *primary))
            add(used[i], RoofRole::Used, users[i]);
    }
    auto toggled = [&](bool on, const Ceiling* c) {
        if (on && c)
            add(*c, RoofRole::Toggled, {});
    };
    toggled(toggles.fp8, hw.findCeiling(Precision::FP8, ComputeUnit::Tensor));
    toggled(toggles.fp32Vector, hw.findCeiling(Precision::FP32, ComputeUnit::Vector));
    const Ceiling* fp64 = hw.findCeiling(Precision::FP64, ComputeUnit::Tensor);
    toggled(toggles.fp64, fp64 ? fp64 : hw.findCeiling(Precision::FP64, ComputeUnit::Vector));
    for (FigureRoof& r : roofs) {
        std::sort(r.usedBy.begin(), r.usedBy.end());
        r.label = roofLabel(r.ceilings);
    }
    if (toggles.l2) {
        for (FigureRoof& r : cacheRoofsFor(hw, hardware, *primary))
            roofs.push_back(std::move(r));
    }
    return roofs;
}

std::vector<FigureRoof> cacheRoofsFor(const Hardware& hw, int hardware, const Ceiling& ceiling)
{
    std::vector<FigureRoof> roofs;
    const MemoryLevel* main = hw.mainMemory();
    for (std::string_view level : {"l4", "l3", "l2", "sram", "l1"}) {
        const MemoryLevel* memory = hw.findMemory(level);
        if (!memory || memory == main)
            continue;
        auto ridge = ridgeIntensity(ceiling.flopsPerS, memory->bytesPerS);
        if (!ridge)
            continue;
        FigureRoof r;
        r.hardware = hardware;
        r.role = RoofRole::Cache;
        r.ceilings = {ceiling};
        r.memory = *memory;
        r.peak = ceiling.flopsPerS;
        r.ridgeAi = *ridge;
        r.flat = false;
        r.label = cacheRoofLabel(*memory);
        roofs.push_back(std::move(r));
    }
    return roofs;
}

std::optional<FigureSweep> sweepFor(const Operator& op, int opIndex, const Hardware& hw,
                                    int hardware)
{
    const std::string& param = op.definition().drivingParam;
    if (param.empty())
        return std::nullopt;
    FigureSweep s;
    s.op = opIndex;
    s.hardware = hardware;
    s.param = param;
    const auto [lo, hi] = parameterRange(op, param);
    // Every point of the path lies on the roof, which is straight in log-log space except at
    // the ridge: the two ends and the crossing describe it exactly (and draw fast).
    std::vector<double> values = {lo};
    auto crossing = ridgeCrossing(op, param, hw, lo, hi);
    if (crossing && crossing->has_value() && **crossing > lo && **crossing < hi) {
        s.crossing = **crossing;
        values.push_back(**crossing);
    }
    values.push_back(hi);
    auto points = sweep(op, param, values, hw);
    if (!points) {
        s.crossing.reset();
        return s;
    }
    for (const SweepPoint& p : *points)
        s.points.push_back({p.estimate.ai, p.estimate.attainable});
    if (s.crossing)
        s.crossingPoint = s.points[1];
    return s;
}

ViewRange clampRange(ViewRange view)
{
    clampAxis(view.aiMin, view.aiMax, kAiLimitMin, kAiLimitMax);
    clampAxis(view.flopsMin, view.flopsMax, kFlopsLimitMin, kFlopsLimitMax);
    return view;
}

ViewRange fitRange(const std::vector<DataPoint>& values)
{
    double xMin = std::numeric_limits<double>::infinity();
    double xMax = 0.0;
    double yMin = std::numeric_limits<double>::infinity();
    double yMax = 0.0;
    for (const DataPoint& v : values) {
        if (!(v.ai > 0.0) || !(v.flops > 0.0) || !std::isfinite(v.ai) || !std::isfinite(v.flops))
            continue;
        xMin = std::min(xMin, v.ai);
        xMax = std::max(xMax, v.ai);
        yMin = std::min(yMin, v.flops);
        yMax = std::max(yMax, v.flops);
    }
    if (xMax <= 0.0)
        return clampRange(ViewRange{});
    // A quarter decade of air, then outwards to the next half decade.
    auto down = [](double v) {
        return std::pow(10.0, std::floor((std::log10(v) - 0.25) * 2.0) / 2.0);
    };
    auto up = [](double v) {
        return std::pow(10.0, std::ceil((std::log10(v) + 0.25) * 2.0) / 2.0);
    };
    return clampRange({down(xMin), up(xMax), down(yMin), up(yMax)});
}

std::vector<DataPoint> fitValues(const Figure& figure)
{
    // Points, ridges and sweep ends: moving a slider along a sweep keeps the axes still.
    std::vector<DataPoint> values;
    for (const FigurePoint& p : figure.points)
        values.push_back(p.value());
    for (const FigureRoof& r : figure.roofs) {
        if (r.flat)
            values.push_back({r.ridgeAi, r.peak});
    }
    for (const FigureSweep& s : figure.sweeps) {
        if (!s.points.empty()) {
            values.push_back(s.points.front());
            values.push_back(s.points.back());
        }
    }
    for (const MeasuredPoint& m : figure.measured)
        values.push_back(m.value);
    for (const FigureCommPoint& c : figure.communication)
        values.push_back(c.value);
    for (const FigurePassPoint& p : figure.passPoints) {
        values.push_back(p.measured);
        if (p.predicted)
            values.push_back(*p.predicted);
    }
    return values;
}

std::vector<DataPoint> roofPath(const FigureRoof& roof, const ViewRange& view, double overshoot)
{
    std::vector<DataPoint> out;
    const double bandwidth = roof.memory.bytesPerS;
    if (!isPositiveFinite(roof.ridgeAi) || !isPositiveFinite(bandwidth))
        return out;
    const double lo = std::max(view.aiMin / overshoot, view.flopsMin / overshoot / bandwidth);
    const double hi = view.aiMax * overshoot;
    if (roof.slope && lo < roof.ridgeAi) {
        if (auto y = attainableFlops(roof.peak, bandwidth, lo))
            out.push_back({lo, *y});
    }
    out.push_back({roof.ridgeAi, roof.peak});
    if (roof.flat && hi > roof.ridgeAi)
        out.push_back({hi, roof.peak});
    return out;
}

Expected<Figure> buildFigure(const Scenario& scenario, const HardwareCatalog& catalog,
                             const FigurePreferences& options)
{
    Figure f;
    f.theme = scenario.theme;
    f.toggles = scenario.toggles;
    f.view = scenario.view;
    const int nOps = static_cast<int>(scenario.operators.size());
    f.selected = scenario.selected >= 0 && scenario.selected < nOps ? scenario.selected : -1;

    const auto& all = catalog.all();
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (std::find(scenario.gpus.begin(), scenario.gpus.end(), all[i].id) == scenario.gpus.end())
            continue;
        FigureGpu g;
        g.hardware = static_cast<int>(i);
        g.id = all[i].id;
        g.name = all[i].name;
        f.gpus.push_back(std::move(g));
    }
    for (const std::string& id : scenario.gpus) {
        if (!catalog.find(id))
            return Error{"unknown GPU id \"" + id + "\""};
    }
    if (!f.gpus.empty()) {
        std::vector<std::string> ids;
        for (const FigureGpu& g : f.gpus)
            ids.push_back(g.id);
        // The document's colours; an accelerator it gives none (an older file, a scenario
        // built in code) takes its own as the window gives it (assignColors, catalog order).
        const PaletteAssignment palette = assignColors(scenario.palette, ids);
        // The baseline is the scenario's, else the first shown GPU (as the window does).
        const std::string baseline =
            scenario.baseline.empty() ? f.gpus.front().id : scenario.baseline;
        for (std::size_t i = 0; i < f.gpus.size(); ++i) {
            FigureGpu& g = f.gpus[i];
            g.colorSlot = palette.at(g.id);
            g.baseline = g.id == baseline;
            if (auto it = options.colors.find(g.id); it != options.colors.end())
                g.colorOverride = it->second;
        }
    }

    for (int op = 0; op < nOps; ++op) {
        const Operator& o = scenario.operators[static_cast<std::size_t>(op)];
        f.operators.push_back(
            {o.displayName(), o.spec(), o.definition().drivingParam, markerForOperator(op)});
    }

    // Estimates per operator and GPU, then speedups against the baseline.
    std::vector<std::vector<std::optional<Estimate>>> estimates(
        static_cast<std::size_t>(nOps), std::vector<std::optional<Estimate>>(f.gpus.size()));
    std::size_t baselineColumn = f.gpus.size();
    for (std::size_t g = 0; g < f.gpus.size(); ++g) {
        if (f.gpus[g].baseline)
            baselineColumn = g;
    }
    for (int op = 0; op < nOps; ++op) {
        const Cost cost = scenario.operators[static_cast<std::size_t>(op)].cost();
        for (std::size_t g = 0; g < f.gpus.size(); ++g) {
            auto e = estimate(cost, all[static_cast<std::size_t>(f.gpus[g].hardware)]);
            if (e)
                estimates[static_cast<std::size_t>(op)][g] = *e;
        }
    }
    for (std::size_t g = 0; g < f.gpus.size(); ++g) {
        const FigureGpu& gpu = f.gpus[g];
        const Hardware& hw = all[static_cast<std::size_t>(gpu.hardware)];
        std::vector<std::optional<Ceiling>> ceilings;
        for (int op = 0; op < nOps; ++op) {
            const auto& e = estimates[static_cast<std::size_t>(op)][g];
            ceilings.push_back(e ? std::optional<Ceiling>(e->ceiling) : std::nullopt);
            // A value <= 0 has no place on a log axis.
            if (!e || !(e->ai > 0.0) || !(e->attainable > 0.0))
                continue;
            FigurePoint p{op, gpu.hardware, *e, std::nullopt};
            if (baselineColumn < f.gpus.size()) {
                const auto& b = estimates[static_cast<std::size_t>(op)][baselineColumn];
                if (b && e->timeS > 0.0)
                    p.speedup = b->timeS / e->timeS;
            }
            f.points.push_back(std::move(p));
        }
        for (FigureRoof& r : roofsFor(hw, gpu.hardware, ceilings, f.selected, f.toggles))
            f.roofs.push_back(std::move(r));
        if (f.toggles.sweep && f.selected >= 0) {
            if (auto s = sweepFor(scenario.operators[static_cast<std::size_t>(f.selected)],
                                  f.selected, hw, gpu.hardware);
                s && !s->points.empty())
                f.sweeps.push_back(std::move(*s));
        }
    }
    addMeasuredToFigure(f, scenario.measurements, catalog);
    if (scenario.model)
        addModelCommunication(f, *scenario.model, catalog);
    f.fit = fitRange(fitValues(f));
    return f;
}

// ---- Measured kernels

namespace {

// A roof per cache level the kernels' bytes were counted at, over the GPU's primary ceiling:
// what the hierarchical view's L2 and L1 points are read against.
void addLevelRoofs(Figure& f, const Hardware& hw, int hardware)
{
    const FigureRoof* primary = nullptr;
    for (const FigureRoof& r : f.roofs) {
        if (r.hardware == hardware && r.role == RoofRole::Primary)
            primary = &r;
    }
    if (!primary || primary->ceilings.empty())
        return;
    for (FigureRoof& r : cacheRoofsFor(hw, hardware, primary->ceilings.front())) {
        const bool present = std::any_of(f.roofs.begin(), f.roofs.end(), [&](const FigureRoof& e) {
            return e.hardware == hardware && e.role == RoofRole::Cache &&
                   e.memory.level == r.memory.level;
        });
        if (!present)
            f.roofs.push_back(std::move(r));
    }
}

} // namespace

void addMeasuredToFigure(Figure& f, const Measurements& m, const HardwareCatalog& catalog)
{
    f.measuredHierarchical = m.hierarchical;
    if (m.empty())
        return;
    const auto& all = catalog.all();
    std::unordered_map<std::string, int> hardwareOf;
    for (std::size_t i = 0; i < all.size(); ++i)
        hardwareOf.emplace(all[i].id, static_cast<int>(i));

    // dramPoint[set][kernel]: the kernel's DRAM point in f.measured, -1 when it has none.
    std::vector<std::vector<int>> dramPoint(m.sets.size());
    for (std::size_t si = 0; si < m.sets.size(); ++si) {
        const MeasurementSet& set = m.sets[si];
        dramPoint[si].assign(set.kernels.size(), -1);
        double total = 0.0;
        for (const MeasuredKernel& k : set.kernels)
            total += k.timeS;
        // The labelled kernels: the set's top N by time.
        std::vector<int> order(set.kernels.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = static_cast<int>(i);
        const std::size_t top = std::min(order.size(), static_cast<std::size_t>(m.labelTop));
        std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(top),
                          order.end(), [&](int a, int b) {
                              return set.kernels[static_cast<std::size_t>(a)].timeS >
                                     set.kernels[static_cast<std::size_t>(b)].timeS;
                          });
        std::vector<char> labelled(set.kernels.size(), 0);
        for (std::size_t i = 0; i < top; ++i)
            labelled[static_cast<std::size_t>(order[i])] = 1;

        for (std::size_t ki = 0; ki < set.kernels.size(); ++ki) {
            const MeasuredKernel& k = set.kernels[ki];
            int hardware = -1;
            if (auto it = hardwareOf.find(k.gpu); it != hardwareOf.end())
                hardware = it->second;
            const Hardware* hw = hardware >= 0 ? &all[static_cast<std::size_t>(hardware)] : nullptr;
            const KernelAnalysis a = analyseKernel(k, hw);
            if (!a.achievedFlopsPerS || !(*a.achievedFlopsPerS > 0.0))
                continue;
            MeasuredPoint p;
            p.name = k.shortName.empty() ? k.name : k.shortName;
            p.hardware = hardware;
            p.set = static_cast<int>(si);
            p.kernel = static_cast<int>(ki);
            p.timeShare = total > 0.0 ? k.timeS / total : 0.0;
            p.percentOfRoof = a.percentOfRoof;
            p.bound = a.bound;
            p.labelled = labelled[ki] != 0;
            // Innermost first, so that a view joining a kernel's points draws L1 → L2 → DRAM.
            for (MemLevel level : {MemLevel::L1, MemLevel::L2, MemLevel::Dram}) {
                if (level != MemLevel::Dram && !m.hierarchical)
                    continue;
                const auto ai = a.aiAt(level);
                if (!ai || !(*ai > 0.0))
                    continue;
                p.level = level;
                p.value = {*ai, *a.achievedFlopsPerS};
                if (level == MemLevel::Dram)
                    dramPoint[si][ki] = static_cast<int>(f.measured.size());
                f.measured.push_back(p);
            }
        }
    }

    f.measuredPaths = measuredPathsFor(f.measured, m);

    for (const KernelLink& link : m.links) {
        if (link.set < 0 || link.set >= static_cast<int>(dramPoint.size()))
            continue;
        const auto& points = dramPoint[static_cast<std::size_t>(link.set)];
        if (link.kernel < 0 || link.kernel >= static_cast<int>(points.size()))
            continue;
        const int head = points[static_cast<std::size_t>(link.kernel)];
        if (head < 0)
            continue;
        const MeasuredPoint& measured = f.measured[static_cast<std::size_t>(head)];
        for (const FigurePoint& p : f.points) {
            if (p.op != link.op || p.hardware != measured.hardware)
                continue;
            MeasuredLink l;
            l.kind = MeasuredLinkKind::Predicted;
            l.measured = head;
            l.op = link.op;
            l.hardware = p.hardware;
            l.tail = p.value();
            l.head = measured.value;
            f.links.push_back(l);
        }
    }

    if (const auto comparison = compareMeasurements(m)) {
        const int before = comparison->beforeSet;
        const int after = comparison->afterSet;
        f.kernelSpeedups = comparison->pairs;
        for (const KernelSpeedup& s : f.kernelSpeedups) {
            const int tail = dramPoint[static_cast<std::size_t>(before)]
                                      [static_cast<std::size_t>(s.beforeKernel)];
            const int head =
                dramPoint[static_cast<std::size_t>(after)][static_cast<std::size_t>(s.afterKernel)];
            if (tail < 0 || head < 0)
                continue;
            MeasuredLink l;
            l.kind = MeasuredLinkKind::BeforeAfter;
            l.measured = head;
            l.from = tail;
            l.hardware = f.measured[static_cast<std::size_t>(head)].hardware;
            l.tail = f.measured[static_cast<std::size_t>(tail)].value;
            l.head = f.measured[static_cast<std::size_t>(head)].value;
            l.speedup = s.speedup;
            f.links.push_back(l);
        }
    }

    addMeasuredRoofs(f, m, catalog);

    // Kernels under no roof: their GPU unchecked, or not in the catalog.
    std::map<std::pair<int, std::string>, int> without; // (hardware or INT_MAX, id) → kernels
    for (const MeasuredPoint& p : f.measured) {
        if (p.level != MemLevel::Dram || (p.hardware >= 0 && f.gpu(p.hardware)))
            continue;
        if (p.hardware >= 0) {
            ++without[{p.hardware, all[static_cast<std::size_t>(p.hardware)].name}];
        } else {
            const MeasuredKernel* k = m.kernel(p.set, p.kernel);
            ++without[{std::numeric_limits<int>::max(), k ? k->gpu : std::string()}];
        }
    }
    for (const auto& entry : without) {
        const int hardware =
            entry.first.first == std::numeric_limits<int>::max() ? -1 : entry.first.first;
        f.measuredWithoutRoof.push_back({hardware, entry.first.second, entry.second});
    }
}

void addMeasuredRoofs(Figure& f, const Measurements& m, const HardwareCatalog& catalog)
{
    const auto& all = catalog.all();
    // The roof each placed kernel is judged against (its precision and unit), where its GPU
    // has no roof at that height yet: an FP32 kernel under BF16 tensor roofs would look
    // memory-bound left of their ridge while its "% of roof" says compute-bound.
    for (const MeasuredPoint& p : f.measured) {
        const MeasuredKernel* k = m.kernel(p.set, p.kernel);
        if (!k || p.level != MemLevel::Dram || p.hardware < 0 ||
            p.hardware >= static_cast<int>(all.size()) || !f.gpu(p.hardware))
            continue;
        const Hardware& hw = all[static_cast<std::size_t>(p.hardware)];
        const Ceiling* c = kernelCeiling(*k, hw);
        const MemoryLevel* memory = hw.mainMemory();
        if (!c || !memory)
            continue;
        const FigureRoof* primary = nullptr;
        bool present = false;
        for (const FigureRoof& r : f.roofs) {
            if (r.hardware != p.hardware || r.role == RoofRole::Cache || r.role == RoofRole::Link)
                continue;
            if (r.role == RoofRole::Primary)
                primary = &r;
            present = present || r.peak == c->flopsPerS;
        }
        const auto ridge = ridgeIntensity(c->flopsPerS, memory->bytesPerS);
        if (present || !ridge)
            continue;
        FigureRoof r;
        r.hardware = p.hardware;
        r.role = RoofRole::Used;
        r.ceilings = {*c};
        r.memory = *memory;
        r.peak = c->flopsPerS;
        r.ridgeAi = *ridge;
        // Below the primary a roof's slope would retrace the primary's.
        r.slope = !primary || c->flopsPerS > primary->peak;
        r.label = roofLabel(r.ceilings);
        f.roofs.push_back(std::move(r));
    }

    if (!m.hierarchical)
        return;
    // The GPUs of the kernels that have a point (FLOPs and time measured).
    std::set<std::string> ids;
    for (const MeasurementSet& set : m.sets) {
        for (const MeasuredKernel& k : set.kernels) {
            if (!k.gpu.empty() && k.flops && *k.flops > 0.0 && k.timeS > 0.0)
                ids.insert(k.gpu);
        }
    }
    for (std::size_t i = 0; i < all.size(); ++i) {
        const int hardware = static_cast<int>(i);
        if (ids.count(all[i].id) && f.gpu(hardware))
            addLevelRoofs(f, all[i], hardware);
    }
}

std::string linkRoofLabel(const Interconnect& link)
{
    std::string name = link.name.empty() ? link.link : link.name;
    if (const auto paren = name.find(" ("); paren != std::string::npos)
        name.erase(paren);
    return name + " · " + formatBandwidth(link.bytesPerS);
}

std::optional<FigureRoof> linkRoofFor(const Hardware& hw, int hardware)
{
    if (!hw.interconnect.present())
        return std::nullopt;
    // The reductions of an all-reduce are vector adds at the activations' width.
    const Ceiling* vector = hw.ceilingFor(Precision::FP16, ComputeUnit::Vector);
    if (!vector)
        return std::nullopt;
    auto ridge = ridgeIntensity(vector->flopsPerS, hw.interconnect.bytesPerS);
    if (!ridge)
        return std::nullopt;
    FigureRoof r;
    r.hardware = hardware;
    r.role = RoofRole::Link;
    r.ceilings = {*vector};
    r.memory = MemoryLevel{"link", hw.interconnect.bytesPerS, hw.interconnect.source, false};
    r.peak = vector->flopsPerS;
    r.ridgeAi = *ridge;
    r.flat = false; // the vector peak is the compute roofs' business
    r.label = linkRoofLabel(hw.interconnect);
    return r;
}

std::vector<FigureCommPoint> communicationPointsFor(const ParallelTotals& totals,
                                                    const Hardware& hw, int hardware)
{
    std::vector<FigureCommPoint> out;
    if (totals.stages.empty())
        return out;
    const std::vector<CommOp>& ops = totals.stages.front().communication;
    for (const CommunicationPoint& p : communicationPoints(totals, hw)) {
        const auto op =
            std::find_if(ops.begin(), ops.end(), [&](const CommOp& c) { return c.key == p.key; });
        if (op == ops.end() || !(p.ai > 0.0) || !(p.attainable > 0.0))
            continue;
        FigureCommPoint c;
        c.hardware = hardware;
        c.key = p.key;
        c.name = op->name;
        c.collective = op->collective;
        c.bytes = op->bytes;
        c.linkBytes = op->linkBytes;
        c.count = op->count;
        c.timeS = p.timeS;
        c.value = {p.ai, p.attainable};
        out.push_back(std::move(c));
    }
    return out;
}

void addCommunication(Figure& figure, const ModelConfig& model, const InferenceScenario& step,
                      const Layout& layout, const HardwareCatalog& catalog)
{
    if (layout.gpus() <= 1)
        return;
    const auto& all = catalog.all();
    for (const FigureGpu& g : figure.gpus) {
        const Hardware& hw = all[static_cast<std::size_t>(g.hardware)];
        const auto totals = evaluateParallelShared(model, step, layout, hw);
        auto roof = linkRoofFor(hw, g.hardware);
        if (!*totals || !roof)
            continue; // a GPU without a link runs the model on one GPU or not at all
        figure.roofs.push_back(std::move(*roof));
        for (FigureCommPoint& c : communicationPointsFor(**totals, hw, g.hardware))
            figure.communication.push_back(std::move(c));
    }
}

} // namespace roofscope

namespace roofscope {

void addModelCommunication(Figure& f, const ScenarioModel& setup, const HardwareCatalog& catalog)
{
    if (setup.layout.gpus() <= 1)
        return;
    // A set-up whose model cannot be resolved has no rows on the chart either.
    if (auto model = setupModel(setup))
        addCommunication(f, *model, setup.step, setup.layout, catalog);
}

Expected<ModelConfig> setupModel(const ScenarioModel& setup)
{
    // The embedded config first (written always).
    const ModelCatalog presets = setup.config.empty() ? ModelCatalog::builtin() : ModelCatalog{};
    return resolveScenarioModel(setup, presets, "scenario");
}

} // namespace roofscope
