#pragma once

#include "core/document/scenario.h"
#include "core/figure/figure.h"
#include "core/hardware/hardware.h"
#include "core/measured/measurementset.h"
#include "core/roofline/roofline.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

enum class FigureDataFormat { Csv, Json };

// Every curve and point a figure plots, with the core's numbers, for users who re-plot or cite
// them: the roofs each accelerator's operators run against (plus the toggled extra ceilings),
// their ridges, each operator point with its estimate (AI, attainable, bound, time), and the
// selected operator's sweep path with its crossing, with each GPU's colour and each operator's
// marker. Read from the figure model (core/figure.h) the chart draws, so the two cannot disagree;
// the window's data export and `roofscope plot --out x.csv` both write through here.
class FigureData {
public:
    struct Roof {
        int hardware = -1;
        std::string name;   // "BF16/FP16 tensor", "L2"
        std::string role;   // primary, used, toggled, cache (core RoofRole)
        std::string memory; // the memory level of the slope
        double peak = 0.0;
        double bandwidth = 0.0;
        double ridgeAi = 0.0;
        std::vector<DataPoint> points;   // (AI, FLOP/s) across the view: slope, ridge, flat
        std::vector<std::string> usedBy; // operators whose estimate uses this roof
    };
    struct Point {
        int op = -1;
        int hardware = -1;
        Estimate estimate;
        std::optional<double> speedup; // against the baseline accelerator
    };
    struct Sweep {
        int op = -1;
        int hardware = -1;
        std::string param;
        std::vector<DataPoint> points;
        std::optional<double> crossing;
        DataPoint crossingPoint;
    };

    // A measured kernel's point (one per memory level in the hierarchical view).
    struct Kernel {
        int hardware = -1;
        std::string shortName;
        std::string name; // full
        std::string set;  // the run's file, else its label
        std::string role; // "before" / "after" when the run is compared, else empty
        int kernel = -1;
        std::string level; // dram, l2, l1
        DataPoint value;
        double timeS = 0.0;
        std::optional<double> flops;
        std::optional<double> bytes; // at the level
        std::optional<double> percentOfRoof;
        std::string bound;
        bool labelled = false;
        // A point of a sweep (Figure::measuredPaths): which path, and its place along it.
        std::optional<int> path;
        std::optional<int> pathStep;
    };
    // An arrow: predicted → measured (`op` set) or before → after (`speedup` set).
    struct Link {
        std::string kind; // "link" or "before_after"
        int hardware = -1;
        std::string op;
        std::string kernel; // short name of the head's kernel
        DataPoint tail;
        DataPoint head;
        std::optional<double> speedup;
    };
    // A collective of a model spread over GPUs on its link roof (core FigureCommPoint).
    struct Communication {
        int hardware = -1;
        std::string key;
        std::string name;
        std::string collective;
        double bytes = 0.0;
        double linkBytes = 0.0;
        double count = 0.0;
        double timeS = 0.0;
        DataPoint value;
    };

    // `catalog` names the accelerators the figure's indices point into (a measured kernel's GPU
    // may be one the figure does not show), `measurements` holds the runs its measured points come
    // from, and `view` is the range the chart shows: roofs span it.
    static FigureData collect(const Figure& figure, const std::vector<Hardware>& catalog,
                              const Measurements& measurements, const ViewRange& view);

    const std::vector<Roof>& roofs() const { return m_roofs; }
    const std::vector<Point>& points() const { return m_points; }
    const std::vector<Sweep>& sweeps() const { return m_sweeps; }
    const std::vector<Kernel>& kernels() const { return m_kernels; }
    const std::vector<Link>& links() const { return m_links; }
    const std::vector<Communication>& communication() const { return m_communication; }

    // One table, one row per plotted value, a `kind` column (roof, ridge, point, sweep,
    // crossing, communication) to filter on; numbers in shortest round-trip form.
    std::string toCsv() const;
    std::string toJson() const;
    std::string serialize(FigureDataFormat format) const;
    // From the file name's suffix (.csv, .json, any case); nullopt for anything else.
    static std::optional<FigureDataFormat> formatForFile(std::string_view fileName);

private:
    std::vector<std::string> m_gpuIds;
    std::vector<std::string> m_gpuNames;
    std::vector<std::string> m_opNames;
    std::vector<std::string> m_opSpecs;
    std::vector<std::string> m_opMarkers;
    std::vector<std::string> m_gpuColors; // "#rrggbb" per catalog index, shown ones only
    int m_baseline = -1;
    ViewRange m_view;
    std::vector<int> m_hardware; // checked, in the chart's order
    std::vector<Roof> m_roofs;
    std::vector<Communication> m_communication;
    std::vector<Point> m_points;
    std::vector<Sweep> m_sweeps;
    std::vector<Kernel> m_kernels;
    std::vector<Link> m_links;
    std::vector<KernelSpeedup> m_speedups;

    const std::string& gpuId(int hardware) const;
    const std::string& gpuName(int hardware) const;
    const std::string& gpuColor(int hardware) const;
    static void collectMeasured(FigureData& d, const Figure& figure,
                                const Measurements& measurements);
};

} // namespace roofscope
