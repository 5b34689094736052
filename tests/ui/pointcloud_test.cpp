// The point-cloud layer: where points land, that stamps put the marker's colour on those
// pixels (at any device pixel ratio), that level of detail skips only identical stamps without
// changing the picture, that vector devices get real markers, and that hit testing agrees with
// a walk over every point.
#include "ui/chart/pointcloud.h"

#include <QBuffer>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace roofscope;

namespace {

// 6 decades across 600 px and 5 decades down 500 px: 100 px per decade on both axes.
const geometry::LogAxes kAxes{QRectF(100, 50, 600, 500), ViewRange{0.01, 1e4, 1e11, 1e16}};

PointCloud::Marker opaque(QColor c, PointCloud::Shape shape = PointCloud::Shape::Circle,
                          qreal size = 9.0)
{
    return {shape, c, QColor(), size, 0.0};
}

QImage whiteImage(qreal dpr = 1.0)
{
    QImage img(QSize(800, 600) * dpr, QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(dpr);
    img.fill(Qt::white);
    return img;
}

bool isColour(QRgb px, QColor c)
{
    const QColor p = QColor::fromRgba(px);
    return std::abs(p.red() - c.red()) < 8 && std::abs(p.green() - c.green()) < 8 &&
           std::abs(p.blue() - c.blue()) < 8;
}

} // namespace

TEST(PointCloud, MapsValuesThroughTheLogLogAxes)
{
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setPoints({{1.0, 1e13}, {0.01, 1e16}, {1e4, 1e11}, {0.0, 1e13}, {10.0, NAN}});
    EXPECT_NEAR(cloud.pixelOf(0).x(), 300.0, 1e-9);
    EXPECT_NEAR(cloud.pixelOf(0).y(), 350.0, 1e-9);
    EXPECT_NEAR(cloud.pixelOf(1).x(), 100.0, 1e-9); // top left corner
    EXPECT_NEAR(cloud.pixelOf(1).y(), 50.0, 1e-9);
    EXPECT_NEAR(cloud.pixelOf(2).x(), 700.0, 1e-9); // bottom right corner
    EXPECT_NEAR(cloud.pixelOf(2).y(), 550.0, 1e-9);
    EXPECT_TRUE(std::isnan(cloud.pixelOf(3).x())); // zero: not on a log axis
    EXPECT_TRUE(std::isnan(cloud.pixelOf(4).y()));
    EXPECT_TRUE(std::isnan(cloud.pixelOf(5).x())); // no such point
    EXPECT_EQ(cloud.count(), 5);
}

TEST(PointCloud, StampsPaintEachMarkerWhereItsPointIs)
{
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setMarkers({opaque(Qt::red), opaque(Qt::blue, PointCloud::Shape::Square)});
    // In the plot (red, blue), above the plot, and a zero FLOP/s kernel: 2 drawn, 2 not.
    cloud.setPoints({{1.0, 1e13}, {100.0, 1e14}, {1.0, 1e17}, {1.0, 0.0}}, {0, 1, 0, 0});
    QImage img = whiteImage();
    QPainter p(&img);
    const PointCloud::Stats stats = cloud.render(&p);
    p.end();
    EXPECT_FALSE(stats.vector);
    EXPECT_EQ(stats.drawn, 2);
    EXPECT_EQ(stats.outside, 2);
    EXPECT_TRUE(isColour(img.pixel(300, 350), Qt::red));
    EXPECT_TRUE(isColour(img.pixel(302, 352), Qt::red));   // inside the 9-px circle
    EXPECT_TRUE(isColour(img.pixel(308, 350), Qt::white)); // outside it
    EXPECT_TRUE(isColour(img.pixel(500, 250), Qt::blue));
    EXPECT_TRUE(isColour(img.pixel(503, 253), Qt::blue)); // a square fills its corners
    EXPECT_TRUE(isColour(img.pixel(300, 30), Qt::white)); // 1e17 is above the plot
}

TEST(PointCloud, StampsAreSharpOnHighDensityImages)
{
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setMarkers({opaque(Qt::red)});
    cloud.setPoints({{1.0, 1e13}});
    QImage img = whiteImage(2.0);
    QPainter p(&img);
    cloud.render(&p);
    p.end();
    // Logical (300, 350) is device (600, 700); a 9-px marker is 18 device pixels across.
    EXPECT_TRUE(isColour(img.pixel(600, 700), Qt::red));
    EXPECT_TRUE(isColour(img.pixel(607, 700), Qt::red));
    EXPECT_TRUE(isColour(img.pixel(612, 700), Qt::white));
}

TEST(PointCloud, MarkersOnThePlotEdgeAreClippedToThePlot)
{
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setMarkers({opaque(Qt::red, PointCloud::Shape::Circle, 15.0)});
    cloud.setPoints({{0.01, 1e13}}); // on the left edge, x = 100
    QImage img = whiteImage();
    QPainter p(&img);
    EXPECT_EQ(cloud.render(&p).drawn, 1);
    p.end();
    EXPECT_TRUE(isColour(img.pixel(103, 350), Qt::red));
    EXPECT_TRUE(isColour(img.pixel(96, 350), Qt::white)); // the half outside the plot
}

TEST(PointCloud, LevelOfDetailSkipsOnlyIdenticalStampsAndKeepsThePicture)
{
    std::vector<QPointF> values(1000, QPointF(1.0, 1e13)); // 1,000 launches of one kernel
    values.emplace_back(1.0, 1e13);                        // the same place, another GPU's marker
    std::vector<std::uint16_t> markers(1000, 0);
    markers.push_back(1);
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setMarkers({opaque(Qt::red), opaque(Qt::blue, PointCloud::Shape::Diamond, 5.0)});
    cloud.setPoints(values, markers);

    QImage withLod = whiteImage();
    QPainter p1(&withLod);
    const PointCloud::Stats on = cloud.render(&p1);
    p1.end();
    EXPECT_EQ(on.drawn, 2);
    EXPECT_EQ(on.skipped, 999);

    cloud.setLevelOfDetail(false);
    QImage without = whiteImage();
    QPainter p2(&without);
    const PointCloud::Stats off = cloud.render(&p2);
    p2.end();
    EXPECT_EQ(off.drawn, 1001);
    EXPECT_EQ(off.skipped, 0);
    // With level of detail the picture is that of each distinct stamp drawn once (without it,
    // 1,000 blends darken the antialiased rim).
    PointCloud once;
    once.setAxes(kAxes);
    once.setMarkers(cloud.markers());
    once.setPoints({{1.0, 1e13}, {1.0, 1e13}}, {0, 1});
    QImage reference = whiteImage();
    QPainter p3(&reference);
    once.render(&p3);
    p3.end();
    EXPECT_EQ(withLod, reference);
    EXPECT_NE(without, reference);
    EXPECT_TRUE(isColour(withLod.pixel(300, 350), Qt::blue)); // drawn last, on top
    EXPECT_TRUE(isColour(withLod.pixel(300, 347), Qt::red))   // the circle around it
        << QColor::fromRgba(withLod.pixel(300, 347)).name().toStdString();
}

TEST(PointCloud, VectorDevicesGetRealMarkersNotImages)
{
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setMarkers({opaque(Qt::red), opaque(Qt::blue, PointCloud::Shape::Diamond)});
    cloud.setPoints({{1.0, 1e13}, {10.0, 1e13}, {100.0, 1e14}, {100.0, 1e14}}, {0, 0, 1, 1});

    QBuffer svgBuffer;
    QSvgGenerator svg;
    svg.setOutputDevice(&svgBuffer);
    svg.setSize(QSize(800, 600));
    svg.setViewBox(QRect(0, 0, 800, 600));
    QPainter ps(&svg);
    EXPECT_TRUE(PointCloud::isVectorPainter(&ps));
    const PointCloud::Stats s = cloud.render(&ps);
    ps.end();
    EXPECT_TRUE(s.vector);
    EXPECT_EQ(s.drawn, 3); // the repeated diamond is one marker
    const QString text = QString::fromUtf8(svgBuffer.data());
    EXPECT_EQ(text.count(QStringLiteral("<circle")), 2);
    EXPECT_EQ(text.count(QStringLiteral("<polygon")) + text.count(QStringLiteral("<path")), 1);
    EXPECT_EQ(text.count(QStringLiteral("<image")), 0);

    QBuffer pdfBuffer;
    pdfBuffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&pdfBuffer);
    pdf.setResolution(72);
    QPainter pp(&pdf);
    EXPECT_TRUE(PointCloud::isVectorPainter(&pp));
    EXPECT_TRUE(cloud.render(&pp).vector);
    pp.end();
    EXPECT_FALSE(pdfBuffer.data().contains("/Subtype /Image"));
    EXPECT_GT(pdfBuffer.data().size(), 500);

    QImage img = whiteImage();
    QPainter pi(&img);
    EXPECT_FALSE(PointCloud::isVectorPainter(&pi));
}

TEST(PointCloud, ASceneRenderedToSvgKeepsVectorMarkers)
{
    // The export path: the whole scene onto an SVG painter.
    QGraphicsScene scene(0, 0, 800, 600);
    auto* cloud = new PointCloud;
    cloud->setAxes(kAxes);
    cloud->setMarkers({opaque(Qt::red)});
    cloud->setPoints({{1.0, 1e13}, {10.0, 1e14}});
    scene.addItem(cloud);
    QBuffer buffer;
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(QSize(800, 600));
    svg.setViewBox(QRect(0, 0, 800, 600));
    QPainter p(&svg);
    scene.render(&p, QRectF(0, 0, 800, 600), QRectF(0, 0, 800, 600));
    p.end();
    const QString text = QString::fromUtf8(buffer.data());
    EXPECT_EQ(text.count(QStringLiteral("<circle")), 2);
    EXPECT_EQ(text.count(QStringLiteral("<image")), 0);
}

TEST(PointCloud, NearestAgreesWithAWalkOverEveryPoint)
{
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> lx(-2.5, 4.5); // some points off the plot
    std::uniform_real_distribution<double> ly(10.5, 16.5);
    std::vector<QPointF> values;
    for (int i = 0; i < 5000; ++i)
        values.emplace_back(std::pow(10.0, lx(rng)), std::pow(10.0, ly(rng)));
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setPoints(values);
    std::uniform_real_distribution<double> qx(90, 710);
    std::uniform_real_distribution<double> qy(40, 560);
    std::vector<QPointF> pixels;
    for (int i = 0; i < cloud.count(); ++i)
        pixels.push_back(cloud.pixelOf(i));
    int hits = 0;
    for (int q = 0; q < 500; ++q) {
        const QPointF pos(qx(rng), qy(rng));
        const double radius = 12.0;
        int expected = -1;
        double best = radius * radius;
        for (int i = 0; i < cloud.count(); ++i) {
            const QPointF px = pixels[static_cast<std::size_t>(i)];
            if (!kAxes.plot.contains(px))
                continue;
            const QPointF d = px - pos;
            const double dist = d.x() * d.x() + d.y() * d.y();
            if (dist <= best) {
                best = dist;
                expected = i;
            }
        }
        EXPECT_EQ(cloud.nearest(pos, radius), expected) << pos.x() << "," << pos.y();
        hits += expected >= 0 ? 1 : 0;
    }
    EXPECT_GT(hits, 100); // the comparison saw real hits, not only misses
}

TEST(PointCloud, NearestPrefersThePointDrawnOnTopAndFollowsTheView)
{
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setPoints({{1.0, 1e13}, {1.0, 1e13}, {10.0, 1e13}});
    EXPECT_EQ(cloud.nearest(QPointF(301, 350), 5.0), 1);
    EXPECT_EQ(cloud.nearest(QPointF(397, 351), 5.0), 2);
    EXPECT_EQ(cloud.nearest(QPointF(350, 350), 5.0), -1);
    // Zoom so that 1 … 100 fills the plot: the second kernel moves to the middle.
    cloud.setAxes({kAxes.plot, ViewRange{1.0, 100.0, 1e12, 1e14}});
    EXPECT_EQ(cloud.nearest(QPointF(400, 300), 3.0), 2);
    EXPECT_EQ(cloud.nearest(QPointF(101, 300), 3.0), 1);
}

TEST(PointCloud, PointsInARubberBand)
{
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setPoints({{1.0, 1e13}, {10.0, 1e13}, {100.0, 1e15}, {-1.0, 1e13}, {1.5, 1.2e13}});
    EXPECT_EQ(cloud.pointsIn(QRectF(QPointF(420, 300), QPointF(280, 400))),
              (std::vector<int>{0, 1, 4}));
    EXPECT_TRUE(cloud.pointsIn(QRectF(0, 0, 50, 50)).empty());
}

TEST(PointCloud, TheHighlightedPointGetsARing)
{
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setMarkers({opaque(Qt::red)});
    cloud.setPoints({{1.0, 1e13}});
    QImage plain = whiteImage();
    QPainter p1(&plain);
    cloud.render(&p1);
    p1.end();
    cloud.setHighlighted(0);
    EXPECT_EQ(cloud.highlighted(), 0);
    QImage ring = whiteImage();
    QPainter p2(&ring);
    cloud.render(&p2);
    p2.end();
    // The ring sits 8 px from the centre (radius 4.5 + 3.5), darker red on white.
    EXPECT_TRUE(isColour(plain.pixel(308, 350), Qt::white));
    EXPECT_FALSE(isColour(ring.pixel(308, 350), Qt::white));
    cloud.setHighlighted(7); // no such point
    EXPECT_EQ(cloud.highlighted(), -1);
}

TEST(PointCloud, ARepaintWithNothingChangedIsABlitOfTheSamePicture)
{
    std::mt19937 rng(9);
    std::uniform_real_distribution<double> l(0.0, 1.0);
    std::vector<QPointF> values;
    for (int i = 0; i < 2000; ++i)
        values.emplace_back(std::pow(10.0, -2 + 6 * l(rng)), std::pow(10.0, 11 + 5 * l(rng)));
    PointCloud cloud;
    cloud.setAxes(kAxes);
    QColor translucent(Qt::blue);
    translucent.setAlphaF(0.6);
    cloud.setMarkers({{PointCloud::Shape::Circle, translucent, Qt::white, 7.0, 1.0}});
    cloud.setPoints(values);
    auto draw = [&](PointCloud::Stats* stats) {
        QImage img = whiteImage();
        QPainter p(&img);
        *stats = cloud.render(&p);
        return img;
    };
    PointCloud::Stats first;
    PointCloud::Stats building;
    PointCloud::Stats second;
    const QImage direct0 = draw(&first); // a new view: stamped onto the image
    const QImage a = draw(&building);    // the same view again: the layer is built
    cloud.setHighlighted(5);             // a hover: the points are not stamped again
    const QImage b = draw(&second);
    EXPECT_FALSE(first.cached);
    EXPECT_FALSE(building.cached);
    EXPECT_TRUE(second.cached);
    EXPECT_EQ(second.drawn, first.drawn);
    EXPECT_GT(first.drawn, 1500);
    cloud.setHighlighted(-1);
    PointCloud::Stats third;
    EXPECT_EQ(draw(&third), a);
    EXPECT_TRUE(third.cached);
    EXPECT_NE(b, a); // the ring
    // Stamped straight onto the image the picture is the same, to rounding.
    cloud.setLayerCache(false);
    PointCloud::Stats direct;
    const QImage c = draw(&direct);
    EXPECT_FALSE(direct.cached);
    EXPECT_EQ(c, direct0);
    int worst = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y);
            const QRgb q = c.pixel(x, y);
            worst = std::max({worst, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                              std::abs(qBlue(p) - qBlue(q))});
        }
    }
    EXPECT_LE(worst, 2);
    // A new view stamps again.
    cloud.setLayerCache(true);
    PointCloud::Stats before;
    draw(&before);
    cloud.setAxes({kAxes.plot, ViewRange{0.1, 1e3, 1e11, 1e16}});
    PointCloud::Stats after;
    draw(&after);
    EXPECT_FALSE(after.cached);
    EXPECT_LT(after.drawn, before.drawn);
}

TEST(PointCloud, PointsKeepAValidMarkerWhenTheTableShrinks)
{
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setMarkers({opaque(Qt::blue), opaque(Qt::green), opaque(Qt::red)});
    cloud.setPoints({{1.0, 1e13}, {10.0, 1e13}}, {2, 7}); // 7: no such marker → the last
    cloud.setMarkers({opaque(Qt::magenta)});
    QImage img = whiteImage();
    QPainter p(&img);
    EXPECT_EQ(cloud.render(&p).drawn, 2);
    p.end();
    EXPECT_TRUE(isColour(img.pixel(300, 350), Qt::magenta));
    EXPECT_TRUE(isColour(img.pixel(400, 350), Qt::magenta));
}

TEST(PointCloud, ALargeExportUsesCoarserDetailCellsAndStillDrawsEveryDistinctSpot)
{
    // 4K at 3×: an 11,520 × 6,480 device image would need 75M one-pixel cells.
    const geometry::LogAxes axes{QRectF(0, 0, 3840, 2160), ViewRange{0.01, 1e4, 1e11, 1e16}};
    PointCloud cloud;
    cloud.setAxes(axes);
    cloud.setMarkers({opaque(Qt::red, PointCloud::Shape::Circle, 5.0)});
    std::vector<QPointF> values;
    for (int i = 0; i < 100; ++i)
        values.emplace_back(std::pow(10.0, -1.0 + i * 0.04), 1e13); // 25.6 px apart
    values.push_back(values.front());                               // one exact repeat
    cloud.setPoints(values);
    QImage img(QSize(3840, 2160) * 3, QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(3.0);
    img.fill(Qt::white);
    QPainter p(&img);
    const PointCloud::Stats s = cloud.render(&p);
    p.end();
    EXPECT_EQ(s.drawn, 100);
    EXPECT_EQ(s.skipped, 1);
    const QPointF first = cloud.pixelOf(0) * 3.0;
    EXPECT_TRUE(isColour(img.pixel(first.toPoint()), Qt::red));
}

TEST(PointCloud, LevelOfDetailStepsAsideForScatteredDistinctPoints)
{
    std::mt19937 rng(1);
    std::uniform_real_distribution<double> l(0.0, 1.0);
    std::vector<QPointF> scattered;
    for (int i = 0; i < 20000; ++i)
        scattered.emplace_back(std::pow(10.0, -2 + 6 * l(rng)), std::pow(10.0, 11 + 5 * l(rng)));
    // The same count as 500 kernels launched 40 times each.
    std::vector<QPointF> launches;
    for (int i = 0; i < 20000; ++i)
        launches.push_back(scattered[static_cast<std::size_t>(i % 500)]);
    PointCloud cloud;
    cloud.setAxes(kAxes);
    cloud.setLayerCache(false);
    auto draw = [&](const std::vector<QPointF>& values) {
        cloud.setPoints(values);
        QImage img = whiteImage();
        QPainter p(&img);
        return cloud.render(&p);
    };
    const PointCloud::Stats a = draw(scattered);
    EXPECT_TRUE(a.lodGaveUp);
    EXPECT_LT(a.skipped, 4096 / 20);
    const PointCloud::Stats b = draw(launches);
    EXPECT_FALSE(b.lodGaveUp);
    EXPECT_EQ(b.drawn, 500);
    EXPECT_EQ(b.skipped, 19500);
}
