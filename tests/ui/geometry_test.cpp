// Pure geometry of the chart: pixel ↔ value mapping, zoom, pan, fit, ticks, hit testing,
// label placement and the log slider scale.
#include "core/figure/logscale.h"
#include "ui/chart/chartgeometry.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace roofscope;
using namespace roofscope::geometry;

namespace {

LogAxes axes()
{
    // 1000 × 500 px plot at (100, 50); AI 0.1 … 1e4 (5 decades), 1e11 … 1e16 (5 decades).
    return {QRectF(100, 50, 1000, 500), ViewRange{0.1, 1e4, 1e11, 1e16}};
}

} // namespace

TEST(Mapping, CornersAndDecades)
{
    const LogAxes a = axes();
    const QPointF bottomLeft = valueToPixel(a, {0.1, 1e11});
    EXPECT_DOUBLE_EQ(bottomLeft.x(), 100.0);
    EXPECT_DOUBLE_EQ(bottomLeft.y(), 550.0);
    const QPointF topRight = valueToPixel(a, {1e4, 1e16});
    EXPECT_DOUBLE_EQ(topRight.x(), 1100.0);
    EXPECT_DOUBLE_EQ(topRight.y(), 50.0);
    // Each decade is a fifth of the plot: AI 10 is two decades in, 1e13 two decades up.
    const QPointF p = valueToPixel(a, {10.0, 1e13});
    EXPECT_NEAR(p.x(), 100.0 + 400.0, 1e-9);
    EXPECT_NEAR(p.y(), 550.0 - 200.0, 1e-9);
}

TEST(Mapping, RoundTrip)
{
    const LogAxes a = axes();
    for (double ai : {0.167, 1.0, 295.3, 2048.0}) {
        for (double f : {3.35e12, 989.4e12}) {
            const QPointF back = pixelToValue(a, valueToPixel(a, {ai, f}));
            EXPECT_NEAR(back.x() / ai, 1.0, 1e-12);
            EXPECT_NEAR(back.y() / f, 1.0, 1e-12);
        }
    }
    // The H100 ridge (295 FLOP/byte) sits 3.47 decades from 0.1.
    EXPECT_NEAR(valueToPixel(a, {295.3, 1e12}).x(), 100.0 + 200.0 * std::log10(2953.0), 1e-9);
}

TEST(Zoom, KeepsAnchorInPlace)
{
    const ViewRange v{0.1, 1e4, 1e11, 1e16};
    const QPointF anchor(295.0, 1e15);
    const ViewRange z = zoomView(v, anchor, 2.0);
    // Half the span in decades on both axes.
    EXPECT_NEAR(std::log10(z.aiMax / z.aiMin), 2.5, 1e-9);
    EXPECT_NEAR(std::log10(z.flopsMax / z.flopsMin), 2.5, 1e-9);
    // The anchor keeps its fractional position.
    const LogAxes before{QRectF(0, 0, 100, 100), v};
    const LogAxes after{QRectF(0, 0, 100, 100), z};
    EXPECT_NEAR(valueToPixel(before, anchor).x(), valueToPixel(after, anchor).x(), 1e-9);
    EXPECT_NEAR(valueToPixel(before, anchor).y(), valueToPixel(after, anchor).y(), 1e-9);
}

TEST(Zoom, ClampedToLimits)
{
    const ViewRange far = zoomView({1e-4, 1e7, 1e6, 1e20}, {1.0, 1e12}, 0.01);
    EXPECT_GE(far.aiMin, 1e-4 * 0.999);
    EXPECT_LE(far.aiMax, 1e7 * 1.001);
    const ViewRange close = zoomView({1, 2, 1e12, 2e12}, {1.5, 1.5e12}, 100.0);
    EXPECT_GE(std::log10(close.aiMax / close.aiMin), 0.3 - 1e-9);
}

TEST(Pan, ContentFollowsTheMouse)
{
    const LogAxes a = axes();
    // Dragging right by one decade (200 px) shows one decade further left.
    const ViewRange v = panView(a, {200.0, 0.0});
    EXPECT_NEAR(v.aiMin, 0.01, 1e-12);
    EXPECT_NEAR(v.aiMax, 1e3, 1e-6);
    // Dragging down by one decade (100 px) brings the decade above into view.
    const ViewRange w = panView(a, {0.0, 100.0});
    EXPECT_NEAR(w.flopsMin / 1e12, 1.0, 1e-9);
    EXPECT_NEAR(w.flopsMax / 1e17, 1.0, 1e-9);
}

TEST(RubberBand, PixelRectToRange)
{
    const LogAxes a = axes();
    const ViewRange v = viewFromPixelRect(a, QRectF(QPointF(500, 350), QPointF(300, 150)));
    EXPECT_NEAR(v.aiMin, 1.0, 1e-9);
    EXPECT_NEAR(v.aiMax, 10.0, 1e-9);
    EXPECT_NEAR(v.flopsMin / 1e13, 1.0, 1e-9);
    EXPECT_NEAR(v.flopsMax / 1e15, 1.0, 1e-9);
}

TEST(Fit, CoversEveryValueWithAir)
{
    const ViewRange v = fitView({{0.167, 5.6e11}, {295.3, 989.4e12}, {2048, 2.25e15}});
    EXPECT_LT(v.aiMin, 0.167);
    EXPECT_GT(v.aiMax, 2048.0);
    EXPECT_LT(v.flopsMin, 5.6e11);
    EXPECT_GT(v.flopsMax, 2.25e15);
    // Snapped to half decades.
    const double half = std::log10(v.aiMin) * 2.0;
    EXPECT_NEAR(half, std::round(half), 1e-9);
    // Non-positive values are ignored: they have no place on a log axis.
    const ViewRange w = fitView({{0.0, 1e12}, {-1.0, 1e12}, {10.0, 1e13}});
    EXPECT_GT(w.aiMin, 0.0);
    EXPECT_LT(w.aiMin, 10.0);
}

TEST(Ticks, DecadesIncludingTheMinimum)
{
    EXPECT_EQ(decadeExponents(0.1, 1e4), (std::vector<int>{-1, 0, 1, 2, 3, 4}));
    // Qt's own log axis drops 0.1 here; ours must not.
    EXPECT_EQ(decadeExponents(0.1 * (1 - 1e-9), 1e4 * (1 + 1e-9)).front(), -1);
    EXPECT_EQ(decadeExponents(0.3, 5.0), (std::vector<int>{0}));
    EXPECT_TRUE(decadeExponents(2.0, 5.0).empty());
}

TEST(Ticks, PowerOfTenLabels)
{
    EXPECT_EQ(powerOfTenLabel(0), QStringLiteral("1"));
    EXPECT_EQ(powerOfTenLabel(1), QStringLiteral("10"));
    EXPECT_EQ(powerOfTenLabel(3), QString::fromUtf8("10³"));
    EXPECT_EQ(powerOfTenLabel(-2), QString::fromUtf8("10⁻²"));
    EXPECT_EQ(powerOfTenLabel(12), QString::fromUtf8("10¹²"));
}

TEST(HitTest, NearestWithinRadius)
{
    const std::vector<QPointF> pts = {{10, 10}, {30, 10}, {100, 100}};
    EXPECT_EQ(hitTest(pts, {12, 11}, 8), 0);
    EXPECT_EQ(hitTest(pts, {25, 10}, 8), 1);
    EXPECT_EQ(hitTest(pts, {60, 60}, 8), -1);
}

TEST(Labels, NoOverlapAtOneAnchor)
{
    // Five labels on the same point (LayerNorm and softmax share an AI): none may overlap.
    std::vector<LabelRequest> req(5, LabelRequest{QPointF(400, 300), QSizeF(80, 16)});
    const auto boxes = placeLabels(req, QRectF(0, 0, 800, 600), {});
    ASSERT_EQ(boxes.size(), 5u);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        EXPECT_TRUE(QRectF(0, 0, 800, 600).contains(boxes[i]));
        for (std::size_t j = i + 1; j < boxes.size(); ++j)
            EXPECT_FALSE(boxes[i].intersects(boxes[j])) << i << " vs " << j;
    }
}

TEST(Labels, AvoidObstaclesAndStayInside)
{
    // An anchor at the right edge: the label goes left, clear of the marker obstacle.
    const QRectF bounds(0, 0, 400, 300);
    const QRectF marker(385, 145, 10, 10);
    const auto boxes = placeLabels({{QPointF(390, 150), QSizeF(60, 14)}}, bounds, {marker});
    ASSERT_EQ(boxes.size(), 1u);
    EXPECT_TRUE(bounds.contains(boxes[0]));
    EXPECT_FALSE(boxes[0].intersects(marker));
}

TEST(Slider, LogScale)
{
    EXPECT_DOUBLE_EQ(logscale::sliderToValue(0, 1000, 1, 4096), 1.0);
    EXPECT_NEAR(logscale::sliderToValue(1000, 1000, 1, 4096), 4096.0, 1e-9);
    EXPECT_NEAR(logscale::sliderToValue(500, 1000, 1, 4096), 64.0, 1e-9);
    EXPECT_EQ(logscale::valueToSlider(64, 1000, 1, 4096), 500);
    EXPECT_EQ(logscale::valueToSlider(1, 1000, 1, 4096), 0);
    EXPECT_EQ(logscale::valueToSlider(4096, 1000, 1, 4096), 1000);
    EXPECT_EQ(logscale::valueToSlider(1e9, 1000, 1, 4096), 1000);
}
