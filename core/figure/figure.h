#pragma once

#include "core/document/scenario.h"
#include "core/figure/palette.h"
#include "core/hardware/catalog.h"
#include "core/measured/measurementset.h"
#include "core/models/parallel.h"
#include "core/roofline/roofline.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofscope {

// A value on the log-log chart: arithmetic intensity (FLOP/byte) and FLOP/s.
struct DataPoint {
    double ai = 0.0;
    double flops = 0.0;
    bool operator==(const DataPoint&) const = default;
};

// ---- The headline peak: the one rule every table, sentence and chart uses.

// The dense tensor peak of exactly `precision`, or nullptr: a GPU without that precision says
// so ("no BF16") instead of showing another precision's number.
const Ceiling* headlineCeiling(const Hardware& hw, Precision precision = Precision::BF16);

// The roof a GPU is drawn with when none of the operators runs on it: BF16 tensor, else FP16
// tensor, else FP32 vector. The roof is labelled with the ceiling it is.
const Ceiling* defaultRoofCeiling(const Hardware& hw);

// Like with like: the ratio of two GPUs' peaks of the same precision on the same unit, or the
// side that lacks it.
struct PeakRatio {
    std::optional<double> ratio; // to / from
    const Hardware* missingOn = nullptr;
};
PeakRatio peakRatio(const Hardware& from, const Hardware& to, Precision precision,
                    ComputeUnit unit);

// ---- Ranges of the driving parameters (sweeps and sliders).

// Batch 1…4096, sequence and context lengths 1…131072, any other size up to 16× its value,
// within the parameter's declared limits and always including the current value.
std::pair<double, double> parameterRange(const Operator& op, const std::string& param);

// ---- The figure.

// A roof drawn for one GPU: a compute ceiling over a memory slope.
enum class RoofRole {
    Primary, // the selected operator's ceiling (or the highest used, or the default): solid
    Used,    // another ceiling the operators run against: dashed
    Toggled, // an extra ceiling the view asks for (FP8, FP32 vector, FP64): dotted
    Cache,   // the primary ceiling over a cache level's slope (L1, L2, L3): dash-dot, no flat part
    Link,    // the interconnect's per-direction bandwidth, for a model spread over GPUs: a slope
             // up to the FP16 vector peak the reductions run on, no flat part
};
std::string_view roofRoleName(RoofRole role);

struct FigureRoof {
    int hardware = -1; // index into the catalog
    RoofRole role = RoofRole::Primary;
    std::vector<Ceiling> ceilings; // every ceiling at this height (FP16 and BF16 tensor)
    MemoryLevel memory;
    double peak = 0.0;
    double ridgeAi = 0.0;
    bool slope = true;       // drawn from the left edge up to the ridge
    bool flat = true;        // drawn from the ridge to the right edge
    std::string label;       // "BF16 tensor", "FP16/BF16 tensor", "L2 · 12 TB/s"
    std::vector<int> usedBy; // operator indices whose estimate runs on this roof
};

struct FigureGpu {
    int hardware = -1;
    std::string id;
    std::string name;
    bool baseline = false;
    int colorSlot = 0;
    std::optional<std::uint32_t> colorOverride;
    std::uint32_t rgb(Theme theme) const
    {
        return colorOverride ? *colorOverride : paletteRgb(colorSlot, theme);
    }
};

struct FigureOperator {
    std::string name;
    std::string spec;
    std::string drivingParam;
    MarkerStyle marker;
};

struct FigurePoint {
    int op = -1;
    int hardware = -1;
    Estimate estimate;
    std::optional<double> speedup; // against the baseline (time ratio)
    DataPoint value() const { return {estimate.ai, estimate.attainable}; }
};

struct FigureSweep {
    int op = -1;
    int hardware = -1;
    std::string param;
    std::vector<DataPoint> points; // lo, crossing, hi: straight in log-log between them
    std::optional<double> crossing;
    DataPoint crossingPoint;
};

// Measured kernels (scenario measurements, core/measured/measurementset.h): one point per
// kernel at its DRAM intensity, and in the hierarchical view also at L2 and L1, where the
// file counted bytes there. A kernel without FLOPs or with zero bytes at a level has no point
// there (it is listed, never drawn at an impossible position).
struct MeasuredPoint {
    std::string name;  // short name; the full one is the kernel record's
    int hardware = -1; // catalog index of the kernel's GPU, -1 when unknown
    DataPoint value;   // (AI at `level`, achieved FLOP/s)
    int set = 0;       // index into Scenario::measurements.sets
    int kernel = -1;   // index into that set's kernels
    MemLevel level = MemLevel::Dram;
    double timeShare = 0.0;              // of its set's total time, 0..1: the marker's area
    std::optional<double> percentOfRoof; // at its DRAM intensity on its GPU's ceiling
    std::optional<Bound> bound;
    bool labelled = false; // one of the Measurements::labelTop kernels of its set by time
};
// The points of one kernel name at several shapes (a batch sweep, attention at a growing
// context), joined in order of their work (measuredPathsFor, core/figure/measuredpaths.h): drawn
// as a thin line in the GPU's colour under the markers.
struct FigureMeasuredPath {
    int hardware = -1;       // the points' GPU (catalog index), -1 when unknown
    std::vector<int> points; // indices into Figure::measured (DRAM points), in order
    bool operator==(const FigureMeasuredPath&) const = default;
};
// An arrow to a measured point: from the analytic operator the user linked the kernel to
// (Predicted), or from the same kernel's point in the "before" run (BeforeAfter).
enum class MeasuredLinkKind { Predicted, BeforeAfter };
struct MeasuredLink {
    MeasuredLinkKind kind = MeasuredLinkKind::Predicted;
    int measured = -1; // index into Figure::measured: the arrow's head
    int from = -1;     // BeforeAfter: index into Figure::measured of the tail
    int op = -1;       // Predicted: the operator whose point is the tail
    int hardware = -1; // Predicted: the GPU of both ends
    DataPoint tail;
    DataPoint head;
    std::optional<double> speedup; // BeforeAfter: before time / after time
};

// One operator of a forward pass of a trace joined to its model (core/measured/modeljoin.h,
// passPointsFor): where its kernels ran, at their summed FLOPs over their summed DRAM bytes and
// time, and where the model view puts the same row at the pass's batch and context. The chart
// draws an arrow from the prediction to the measurement, as it does for a linked kernel.
struct FigurePassPoint {
    std::string name;  // the model view's row key: "q_proj", "attention"
    int hardware = -1; // the GPU the prediction is made on
    DataPoint measured;
    std::optional<DataPoint> predicted; // none when the model has no row or the row no work
    double measuredS = 0.0;
    double predictedS = 0.0;
    bool selected = false; // the operator chosen in the Passes panel: drawn larger, always named
};

// A collective of a model spread over GPUs, on its GPU's link roof (communicationPoints()).
struct FigureCommPoint {
    int hardware = -1;
    std::string key;        // "attn_all_reduce", ...
    std::string name;       // what it is, with its size
    std::string collective; // "all_reduce"
    double bytes = 0.0;     // payload per call
    double linkBytes = 0.0; // on this GPU's link per call: ring 2·(N−1)/N · bytes
    double count = 0.0;     // calls per step on the first stage
    double timeS = 0.0;     // one call
    DataPoint value;
};

// Measured kernels drawn under no roof of this figure, per GPU: its GPU is not shown (hardware
// >= 0), or no catalog entry has the id the file gave (hardware -1, gpuName that id, empty
// when the file named none). The chart says so rather than leave grey points under nothing.
struct MeasuredWithoutRoof {
    int hardware = -1;
    std::string gpuName;
    int kernels = 0;
    bool operator==(const MeasuredWithoutRoof&) const = default;
};

struct Figure {
    Theme theme = Theme::Light;
    ChartToggles toggles;
    int selected = -1;
    std::vector<FigureGpu> gpus; // shown, in catalog order
    std::vector<FigureOperator> operators;
    std::vector<FigureRoof> roofs;
    std::vector<FigurePoint> points;
    std::vector<FigureSweep> sweeps;
    std::vector<MeasuredPoint> measured;
    std::vector<FigureMeasuredPath> measuredPaths; // one kernel name's shapes, joined
    std::vector<MeasuredLink> links;
    // The kernel selected in the Kernels table (set, kernel), -1 when none: its points are
    // highlighted.
    int selectedKernelSet = -1;
    int selectedKernel = -1;
    bool measuredHierarchical = false; // join each kernel's level points (L1 → L2 → DRAM)
    std::vector<KernelSpeedup> kernelSpeedups; // before/after, when two sets are compared
    std::vector<MeasuredWithoutRoof> measuredWithoutRoof; // in catalog order, unknown GPUs last
    std::vector<FigureCommPoint> communication;           // empty on one GPU
    std::vector<FigurePassPoint> passPoints; // the operators of the pass chosen in a trace
    ViewRange fit;                 // every point, flat roof's ridge and sweep end, with air
    std::optional<ViewRange> view; // the document's view, when it has one

    ViewRange range() const { return view ? *view : fit; }
    const FigureGpu* gpu(int hardware) const;
};

struct FigurePreferences {
    ColorOverrides colors;
};

// Everything a figure of `scenario` shows. GPU ids not in the catalog are an Error (the
// scenario loader reports them first, with the JSON pointer).
Expected<Figure> buildFigure(const Scenario& scenario, const HardwareCatalog& catalog,
                             const FigurePreferences& options = {});

// The measured part of a figure: points, links to the operators' points (the figure's points
// must be built), before/after arrows and speedups, and in the hierarchical view the cache
// roofs of the GPUs the kernels ran on. buildFigure calls it; a view that keeps measurements
// apart from its scenario (the window's session) calls it on its own figure.
void addMeasuredToFigure(Figure& figure, const Measurements& measurements,
                         const HardwareCatalog& catalog);
// The roofs the measured kernels are read against, over `figure.roofs` (which must hold the
// GPUs' roofs): each placed kernel's own ceiling (its precision and unit, the roof of its
// "% of roof") where its GPU has no roof at that height, and in the hierarchical view the cache
// roofs (every cache level the catalog has: cacheRoofsFor) of the GPUs the kernels ran on, over
// each GPU's primary roof. addMeasuredToFigure calls it; a view that reads roofs apart from
// measurements (the window's chart, on every change of the selected operator) calls it after its
// roofs.
void addMeasuredRoofs(Figure& figure, const Measurements& measurements,
                      const HardwareCatalog& catalog);
// ---- Communication: a model spread over GPUs (the document's model set-up with a layout).

// "NVLink 4 · 450 GB/s": the link's name without its parenthesised detail, and its bandwidth
// per direction.
std::string linkRoofLabel(const Interconnect& link);
// The link roof of `hw` (RoofRole::Link), or nullopt when it has no interconnect or no FP16
// vector peak.
std::optional<FigureRoof> linkRoofFor(const Hardware& hw, int hardware);
// The all-reduces of one GPU of `totals`' first stage, on the link roof of `hw`.
std::vector<FigureCommPoint> communicationPointsFor(const ParallelTotals& totals,
                                                    const Hardware& hw, int hardware);
// Adds a link roof and the communication points for every shown GPU of `figure` the layout
// can run on (valid shapes, an interconnect); nothing for one GPU.
void addCommunication(Figure& figure, const ModelConfig& model, const InferenceScenario& step,
                      const Layout& layout, const HardwareCatalog& catalog);
// addCommunication for a document's model set-up (its embedded config, else the preset it
// names); nothing when the layout is one GPU or the model cannot be resolved.
void addModelCommunication(Figure& figure, const ScenarioModel& setup,
                           const HardwareCatalog& catalog);
// The model a set-up draws: its embedded config, else the built-in preset it names.
Expected<ModelConfig> setupModel(const ScenarioModel& setup);

// ---- Building blocks, for views that update a figure piece by piece (a slider step).

// The roofs of one GPU. `ceilings[op]` is the ceiling operator `op` runs against on it, or
// nullopt when it has no estimate there.
std::vector<FigureRoof> roofsFor(const Hardware& hw, int hardware,
                                 const std::vector<std::optional<Ceiling>>& ceilings, int selected,
                                 const ChartToggles& toggles);

// The cache roofs of `hw` under `ceiling` (its primary roof's): one per on-chip level the entry
// lists (L4, L3, L2, SRAM, L1, outermost first; never its main memory), each a slope labelled
// "L2 · 12 TB/s" without a flat part. The chart's cache toggle and the hierarchical measured view
// draw these; the window and `roofscope plot` both read them from the figure.
std::vector<FigureRoof> cacheRoofsFor(const Hardware& hw, int hardware, const Ceiling& ceiling);

// The selected operator's driving parameter swept over parameterRange on `hw`, with the
// crossing of the ridge; nullopt when the operator has no driving parameter.
std::optional<FigureSweep> sweepFor(const Operator& op, int opIndex, const Hardware& hw,
                                    int hardware);

// Limits every view keeps to: values a log axis can show and a span of at least a factor 2.
ViewRange clampRange(ViewRange view);
// A view that shows every value with some air, snapped outwards to half decades; the default
// view when there is nothing to show.
ViewRange fitRange(const std::vector<DataPoint>& values);
// The values a figure's fit covers.
std::vector<DataPoint> fitValues(const Figure& figure);

// A roof's polyline across `view` (points outside it extended by `overshoot`, ≥ 1): the slope
// from the view's left edge to the ridge, then flat to the right edge, as the roof's flags say.
std::vector<DataPoint> roofPath(const FigureRoof& roof, const ViewRange& view,
                                double overshoot = 1.0);

} // namespace roofscope
