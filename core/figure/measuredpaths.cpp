#include "core/figure/measuredpaths.h"

#include "core/measured/launchshape.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

namespace roofscope {

namespace {

// Where a point goes along its path: FLOPs per launch (the sweep's size), then intensity (a
// kernel placed from rates alone has no FLOPs; points of equal work stay in intensity order).
struct PathStep {
    int point = -1;
    double flopsPerLaunch = 0.0;
    double ai = 0.0;
    LaunchShape shape;
};

// One vertex a shape: the launches of one shape (a layer's 32 launches of a projection, not
// grouped) are a cluster the line passes once, through its point of median intensity, so that
// the path reads as the sweep and not as a scribble through every repeat.
std::vector<PathStep> verticesOf(std::vector<PathStep> steps)
{
    std::stable_sort(steps.begin(), steps.end(), [](const PathStep& a, const PathStep& b) {
        return std::tie(a.flopsPerLaunch, a.ai) < std::tie(b.flopsPerLaunch, b.ai);
    });
    std::vector<PathStep> vertices;
    for (std::size_t from = 0; from < steps.size();) {
        std::size_t to = from + 1;
        while (to < steps.size() && sameShape(steps[to].shape, steps[from].shape))
            ++to;
        std::vector<const PathStep*> cluster;
        for (std::size_t i = from; i < to; ++i)
            cluster.push_back(&steps[i]);
        std::stable_sort(cluster.begin(), cluster.end(),
                         [](const PathStep* a, const PathStep* b) { return a->ai < b->ai; });
        vertices.push_back(*cluster[(cluster.size() - 1) / 2]);
        from = to;
    }
    return vertices;
}

// A sweep either moves along the intensity axis (a GEMM's batch: the weights shared by more
// rows) or stays close in work (attention over a context that grows a token a step). One kernel
// name shared by ops of unrelated sizes is neither: ATen's elementwise kernel of a multiply at
// a thousand times the elements has the same intensity and runs a thousand times faster per
// byte, and a line through those points would read as a trend that is not there. Nor is a
// name whose intensity zigzags as its work grows (a norm's scale, RoPE). A step may lose a
// tenth of the intensity (measured bytes jitter with the cache), no more.
bool readsAsSweep(const std::vector<PathStep>& vertices)
{
    constexpr double kJitter = 0.9;
    constexpr double kIntensitySpan = 1.25; // last ÷ first along a sweep across intensity
    constexpr double kWorkSpan = 2.0;       // largest ÷ smallest work of a sweep that holds it
    double highest = 0.0;
    for (const PathStep& v : vertices) {
        if (v.ai < kJitter * highest)
            return false;
        highest = std::max(highest, v.ai);
    }
    const PathStep& first = vertices.front();
    const PathStep& last = vertices.back();
    const bool acrossIntensity = first.ai > 0.0 && last.ai >= kIntensitySpan * first.ai;
    const bool closeInWork =
        first.flopsPerLaunch > 0.0 && last.flopsPerLaunch <= kWorkSpan * first.flopsPerLaunch;
    return acrossIntensity || closeInWork;
}

} // namespace

std::vector<FigureMeasuredPath> measuredPathsFor(const std::vector<MeasuredPoint>& points,
                                                 const Measurements& measurements)
{
    // (set, file, GPU, full name) → its DRAM points, keys in order of first point. The full
    // name, not the short one: ATen's elementwise_kernel<…> of a hundred functors share a short
    // name, and joining them would draw a web between unrelated ops.
    using Key = std::tuple<int, std::string, std::string, std::string>;
    std::map<Key, std::size_t> index;
    std::vector<std::pair<int, std::vector<PathStep>>> groups; // (hardware, steps)
    for (std::size_t i = 0; i < points.size(); ++i) {
        const MeasuredPoint& p = points[i];
        const MeasuredKernel* k = measurements.kernel(p.set, p.kernel);
        if (p.level != MemLevel::Dram || !k)
            continue;
        const Key key{p.set, k->file, k->gpu, k->name};
        const auto [it, inserted] = index.emplace(key, groups.size());
        if (inserted)
            groups.push_back({p.hardware, {}});
        const double launches = static_cast<double>(std::max(k->launches, 1LL));
        groups[it->second].second.push_back(
            {static_cast<int>(i), k->flops.value_or(0.0) / launches, p.value.ai, launchShape(*k)});
    }
    std::vector<FigureMeasuredPath> paths;
    for (auto& [hardware, steps] : groups) {
        // One shape (a name's repeated launches) is one vertex: no path.
        const std::vector<PathStep> vertices = verticesOf(std::move(steps));
        if (vertices.size() < 2 || !readsAsSweep(vertices))
            continue;
        FigureMeasuredPath path;
        path.hardware = hardware;
        for (const PathStep& v : vertices)
            path.points.push_back(v.point);
        paths.push_back(std::move(path));
    }
    return paths;
}

} // namespace roofscope
