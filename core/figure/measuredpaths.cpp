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

bool hasSeveralShapes(const std::vector<PathStep>& steps)
{
    return std::any_of(steps.begin(), steps.end(),
                       [&](const PathStep& s) { return !sameShape(s.shape, steps.front().shape); });
}

// One vertex a shape: the launches of one shape (a layer's 32 launches of a projection, not
// grouped) are a cluster the line passes once, through its point of median intensity, so that
// the path reads as the sweep and not as a scribble through every repeat.
FigureMeasuredPath pathOf(std::vector<PathStep> steps, int hardware)
{
    std::stable_sort(steps.begin(), steps.end(), [](const PathStep& a, const PathStep& b) {
        return std::tie(a.flopsPerLaunch, a.ai) < std::tie(b.flopsPerLaunch, b.ai);
    });
    FigureMeasuredPath path;
    path.hardware = hardware;
    for (std::size_t from = 0; from < steps.size();) {
        std::size_t to = from + 1;
        while (to < steps.size() && sameShape(steps[to].shape, steps[from].shape))
            ++to;
        std::vector<const PathStep*> cluster;
        for (std::size_t i = from; i < to; ++i)
            cluster.push_back(&steps[i]);
        std::stable_sort(cluster.begin(), cluster.end(),
                         [](const PathStep* a, const PathStep* b) { return a->ai < b->ai; });
        path.points.push_back(cluster[(cluster.size() - 1) / 2]->point);
        from = to;
    }
    return path;
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
        if (steps.size() >= 2 && hasSeveralShapes(steps))
            paths.push_back(pathOf(std::move(steps), hardware));
    }
    return paths;
}

} // namespace roofscope
