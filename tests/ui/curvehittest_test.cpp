// Hovering a roof: the nearest roof polyline within a radius, the point on it, ties to the
// roof drawn on top.
#include "ui/chart/curvehittest.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace roofscope;

namespace {

// Two roofs in pixels: a slope up to the ridge, then flat.
const QPolygonF kH100({QPointF(100, 500), QPointF(400, 200), QPointF(700, 200)});
const QPolygonF kA100({QPointF(100, 550), QPointF(450, 300), QPointF(700, 300)});

} // namespace

TEST(CurveHitTest, FindsTheFlatPartAndThePointOnIt)
{
    CurveHitTest hit;
    hit.setCurves({kA100, kH100});
    const auto h = hit.nearest(QPointF(550, 206), 8.0);
    ASSERT_TRUE(h);
    EXPECT_EQ(h->curve, 1);
    EXPECT_EQ(h->segment, 1);
    EXPECT_NEAR(h->point.x(), 550.0, 1e-9);
    EXPECT_NEAR(h->point.y(), 200.0, 1e-9);
    EXPECT_NEAR(h->distance, 6.0, 1e-9);
}

TEST(CurveHitTest, FindsTheSlopeByPerpendicularDistance)
{
    CurveHitTest hit;
    hit.setCurves({kA100, kH100});
    // (250, 350) lies on H100's slope; 5 px off it at right angles.
    const QPointF off(250 + 5 / std::sqrt(2.0), 350 + 5 / std::sqrt(2.0));
    const auto h = hit.nearest(off, 8.0);
    ASSERT_TRUE(h);
    EXPECT_EQ(h->curve, 1);
    EXPECT_EQ(h->segment, 0);
    EXPECT_NEAR(h->point.x(), 250.0, 1e-9);
    EXPECT_NEAR(h->point.y(), 350.0, 1e-9);
    EXPECT_NEAR(h->distance, 5.0, 1e-9);
}

TEST(CurveHitTest, NothingBeyondTheRadiusOrPastTheEnd)
{
    CurveHitTest hit;
    hit.setCurves({kA100, kH100});
    EXPECT_FALSE(hit.nearest(QPointF(550, 250), 8.0)); // between the two roofs
    EXPECT_FALSE(hit.nearest(QPointF(720, 200), 8.0)); // 20 px past the end
    const auto end = hit.nearest(QPointF(705, 200), 8.0);
    ASSERT_TRUE(end);
    EXPECT_EQ(end->point, QPointF(700, 200));
}

TEST(CurveHitTest, CoincidingRoofsGiveTheOneDrawnOnTop)
{
    CurveHitTest hit;
    hit.setCurves({kH100, kH100, kA100});
    const auto h = hit.nearest(QPointF(600, 203), 8.0);
    ASSERT_TRUE(h);
    EXPECT_EQ(h->curve, 1);
}

TEST(CurveHitTest, DegenerateCurvesAreHarmless)
{
    CurveHitTest hit;
    hit.setCurves(
        {QPolygonF(), QPolygonF({QPointF(10, 10)}), QPolygonF({QPointF(50, 50), QPointF(50, 50)})});
    EXPECT_FALSE(hit.nearest(QPointF(10, 10), 5.0)); // a single vertex is no line
    const auto h = hit.nearest(QPointF(53, 54), 6.0);
    ASSERT_TRUE(h);
    EXPECT_EQ(h->curve, 2);
    EXPECT_NEAR(h->distance, 5.0, 1e-9);
}
