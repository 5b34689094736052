// 100,000 measured points repainted by the point-cloud layer at 1600×900, offscreen, software
// raster: the whole frame (background fill + points) into a QImage, as a QGraphicsView
// viewport repaint does. The points are clustered like real profiles (a few kernel families
// around their roofs, plus a scattered tail), four marker styles (one per GPU), and the view
// pans a little every frame so nothing is reused but the marker stamps. Prints percentiles in
// milliseconds for level of detail on and off, and for the scene path.
//
//   ./build/dev/tests/bench/roofscope_bench_pointcloud [frames] [points]
#include "ui/chart/pointcloud.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <utility>
#include <vector>

using namespace roofscope;

namespace {

double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    const std::size_t i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

struct Cloud {
    std::vector<QPointF> values;
    std::vector<std::uint16_t> markers;
};

// Every point distinct: the worst case for level of detail.
Cloud makeCloud(int n)
{
    std::mt19937 rng(20261130);
    std::normal_distribution<double> gauss(0.0, 1.0);
    std::uniform_real_distribution<double> uni(0.0, 1.0);
    // (log10 AI, log10 FLOP/s, spread in decades) of a few kernel families.
    const double families[][3] = {{-0.6, 11.9, 0.25}, {0.3, 12.8, 0.3}, {1.2, 13.6, 0.35},
                                  {2.4, 14.6, 0.3},   {3.0, 14.9, 0.2}, {1.8, 13.2, 0.5}};
    Cloud c;
    c.values.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        double lx;
        double ly;
        if (uni(rng) < 0.15) { // the scattered tail
            lx = -2.0 + 6.0 * uni(rng);
            ly = 10.5 + 5.0 * uni(rng);
        } else {
            const auto& f = families[static_cast<std::size_t>(i) % 6];
            lx = f[0] + f[2] * gauss(rng);
            ly = f[1] + f[2] * gauss(rng);
        }
        c.values.emplace_back(std::pow(10.0, lx), std::pow(10.0, ly));
        c.markers.push_back(static_cast<std::uint16_t>(i % 4));
    }
    return c;
}

// A profile as it comes: the same kernels launched again and again (2,000 kernels × 50
// launches); each launch has the kernel's intensity and a run time jittered by ~2 %.
Cloud makeLaunches(int n)
{
    const Cloud kernels = makeCloud(2000);
    std::mt19937 rng(7);
    std::normal_distribution<double> jitter(0.0, 0.01); // decades
    Cloud c;
    for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i) % kernels.values.size();
        const QPointF v = kernels.values[k];
        c.values.emplace_back(v.x(), v.y() * std::pow(10.0, jitter(rng)));
        c.markers.push_back(kernels.markers[k]);
    }
    return c;
}

std::vector<PointCloud::Marker> markers()
{
    const QRgb colours[] = {0x2ca02c, 0x1f77b4, 0xff7f0e, 0x9467bd};
    const PointCloud::Shape shapes[] = {PointCloud::Shape::Circle, PointCloud::Shape::Square,
                                        PointCloud::Shape::Diamond, PointCloud::Shape::TriangleUp};
    std::vector<PointCloud::Marker> out;
    for (int k = 0; k < 4; ++k) {
        QColor fill(colours[k]);
        fill.setAlphaF(0.85);
        out.push_back({shapes[k], fill, QColor(255, 255, 255, 200), 7.0, 1.0});
    }
    return out;
}

// CPU time of this thread: on a machine shared with other jobs the wall time includes waiting
// for a core; both are reported.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int frames = argc > 1 ? std::max(10, std::atoi(argv[1])) : 200;
    const int points = argc > 2 ? std::max(1, std::atoi(argv[2])) : 100000;

    const QRectF plot(90, 50, 1480, 790);
    const ViewRange base{0.01, 1e4, 1e11, 1e16};
    QImage image(1600, 900, QImage::Format_ARGB32_Premultiplied);
    auto axesAt = [&](int frame) {
        // The view pans a little every frame: nothing but the stamps can be reused.
        const double shift = std::pow(10.0, 0.002 * (frame % 50));
        return geometry::LogAxes{
            plot, {base.aiMin * shift, base.aiMax * shift, base.flopsMin, base.flopsMax}};
    };
    auto report = [&](const char* what, const std::vector<double>& ms,
                      const std::vector<double>& cpu, const char* extra) {
        std::printf("%-42s wall median %6.2f ms (p10 %6.2f, p90 %6.2f)  cpu median %6.2f ms  %s\n",
                    what, percentile(ms, 0.5), percentile(ms, 0.1), percentile(ms, 0.9),
                    percentile(cpu, 0.5), extra);
    };
    std::printf("%d points, 1600x900 ARGB32 premultiplied, %d frames each\n", points, frames);

    for (bool launches : {false, true}) {
        const Cloud cloud = launches ? makeLaunches(points) : makeCloud(points);
        PointCloud item;
        item.setMarkers(markers());
        item.setPoints(cloud.values, cloud.markers);
        // The view changes every frame, so every frame stamps all points (into the layer
        // cache, then one blit, as in the app; or straight onto the image).
        for (auto [lod, cache] :
             {std::pair{true, true}, std::pair{false, true}, std::pair{true, false}}) {
            item.setLevelOfDetail(lod);
            item.setLayerCache(cache);
            PointCloud::Stats stats;
            std::vector<double> ms;
            std::vector<double> cpu;
            for (int f = 0; f < frames; ++f) {
                item.setAxes(axesAt(f));
                QElapsedTimer t;
                const double c0 = threadCpuMs();
                t.start();
                image.fill(Qt::white);
                QPainter p(&image);
                stats = item.render(&p);
                p.end();
                ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
                cpu.push_back(threadCpuMs() - c0);
            }
            char what[96];
            std::snprintf(what, sizeof what, "%s, LOD %s%s",
                          launches ? "repeated launches" : "distinct points", lod ? "on" : "off",
                          cache ? "" : ", no cache");
            char extra[96];
            std::snprintf(extra, sizeof extra, "drawn %d, skipped %d, off-plot %d", stats.drawn,
                          stats.skipped, stats.outside);
            report(what, ms, cpu, extra);
        }
        // A hover: the highlighted point changes, the points come from the layer cache.
        {
            item.setLevelOfDetail(true);
            item.setLayerCache(true);
            item.setAxes(axesAt(0));
            std::vector<double> ms;
            std::vector<double> cpu;
            for (int f = 0; f < frames; ++f) {
                item.setHighlighted(f * 37 % points);
                QElapsedTimer t;
                const double c0 = threadCpuMs();
                t.start();
                image.fill(Qt::white);
                QPainter p(&image);
                item.render(&p);
                p.end();
                ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
                cpu.push_back(threadCpuMs() - c0);
            }
            item.setHighlighted(-1);
            report(launches ? "repeated launches, hover (cached layer)"
                            : "distinct points, hover (cached layer)",
                   ms, cpu, "");
        }
        // The same through a graphics scene, as the chart view repaints it.
        QGraphicsScene scene(0, 0, 1600, 900);
        scene.setBackgroundBrush(Qt::white);
        auto* owned = new PointCloud;
        owned->setMarkers(markers());
        owned->setPoints(cloud.values, cloud.markers);
        scene.addItem(owned);
        std::vector<double> ms;
        std::vector<double> cpu;
        for (int f = 0; f < frames; ++f) {
            owned->setAxes(axesAt(f));
            QElapsedTimer t;
            const double c0 = threadCpuMs();
            t.start();
            QPainter p(&image);
            scene.render(&p, QRectF(0, 0, 1600, 900), QRectF(0, 0, 1600, 900));
            p.end();
            ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
            cpu.push_back(threadCpuMs() - c0);
        }
        report(launches ? "repeated launches, QGraphicsScene::render"
                        : "distinct points, QGraphicsScene::render",
               ms, cpu, "");
        if (!launches)
            image.save(QStringLiteral("/tmp/bench_pointcloud.png"));
    }
    return 0;
}
