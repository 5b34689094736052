#include "core/probe/plateaus.h"

#include <algorithm>
#include <cmath>

namespace roofscope::probe {

namespace {

double median(std::vector<double> values)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

// A run of neighbouring points and the values it was built from.
struct Run {
    double firstBytes = 0.0;
    double lastBytes = 0.0;
    std::vector<double> values;

    double value() const { return median(values); }
    void absorb(const Run& other)
    {
        firstBytes = std::min(firstBytes, other.firstBytes);
        lastBytes = std::max(lastBytes, other.lastBytes);
        values.insert(values.end(), other.values.begin(), other.values.end());
    }
};

constexpr std::size_t kMaxLevels = 5;

} // namespace

std::vector<Plateau> detectPlateaus(const std::vector<CurvePoint>& curve,
                                    const PlateauOptions& options)
{
    // Runs of points that stay within the tolerance of their run's median.
    std::vector<Run> runs;
    for (const CurvePoint& p : curve) {
        if (!(p.bytesPerS > 0.0) || !std::isfinite(p.bytesPerS))
            continue;
        if (!runs.empty()) {
            const double reference = runs.back().value();
            if (std::abs(p.bytesPerS / reference - 1.0) <= options.tolerance) {
                runs.back().lastBytes = p.bytes;
                runs.back().values.push_back(p.bytesPerS);
                continue;
            }
        }
        runs.push_back(Run{p.bytes, p.bytes, {p.bytesPerS}});
    }
    // The last run is kept however short: the sweep ends well past the last cache, so its
    // largest working sets are DRAM even when only one of them is left after a slope.
    std::vector<Run> plateaus;
    for (std::size_t i = 0; i < runs.size(); ++i)
        if (runs[i].values.size() >= options.minPoints || i + 1 == runs.size())
            plateaus.push_back(runs[i]);

    // Levels get slower with size: a plateau not clearly slower than the level before it is that
    // level again (a dip between two halves of one cache, or a slow start at the smallest sizes).
    std::vector<Run> levels;
    for (const Run& r : plateaus) {
        if (!levels.empty() && r.value() * options.minStep > levels.back().value())
            levels.back().absorb(r);
        else
            levels.push_back(r);
    }
    while (levels.size() > kMaxLevels) {
        std::size_t closest = 0;
        double smallest = 0.0;
        for (std::size_t i = 0; i + 1 < levels.size(); ++i) {
            const double ratio = levels[i].value() / levels[i + 1].value();
            if (i == 0 || ratio < smallest) {
                smallest = ratio;
                closest = i;
            }
        }
        levels[closest].absorb(levels[closest + 1]);
        levels.erase(levels.begin() + static_cast<std::ptrdiff_t>(closest) + 1);
    }

    std::vector<Plateau> out;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const bool last = i + 1 == levels.size();
        out.push_back(Plateau{levels[i].firstBytes, levels[i].lastBytes, levels[i].value(),
                              levels[i].values.size(),
                              last ? std::string("dram") : "l" + std::to_string(i + 1)});
    }
    return out;
}

} // namespace roofscope::probe
