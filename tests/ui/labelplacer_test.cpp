// Label placement: one label per distinct roof value, boxes that overlap nothing and stay in the
// plot, leader lines when a label had to move, the user's dragged positions kept, and the count of
// labels left out when the plot is full.
#include "ui/chart/labelplacer.h"

#include <gtest/gtest.h>

#include <random>

using namespace roofscope;

namespace {

const QRectF kPlot(50, 20, 600, 400);

LabelPlacer::Request label(QPointF anchor, const QString& text, double value = NAN,
                           QSizeF size = QSizeF(80, 16))
{
    LabelPlacer::Request r;
    r.anchor = anchor;
    r.size = size;
    r.text = text;
    r.value = value;
    return r;
}

void expectClear(const LabelPlacer::Result& result, const std::vector<QRectF>& obstacles)
{
    for (std::size_t i = 0; i < result.labels.size(); ++i) {
        const QRectF a = result.labels[i].rect;
        EXPECT_TRUE(kPlot.contains(a)) << i;
        for (const QRectF& o : obstacles)
            EXPECT_FALSE(a.intersects(o)) << i;
        for (std::size_t j = i + 1; j < result.labels.size(); ++j)
            EXPECT_FALSE(a.intersects(result.labels[j].rect)) << i << " " << j;
    }
}

} // namespace

TEST(LabelPlacer, AFreeLabelSitsRightOfItsAnchorWithoutALeader)
{
    LabelPlacer placer;
    placer.setBounds(kPlot);
    const auto r = placer.place({label({200, 200}, QStringLiteral("H100 ridge"))});
    ASSERT_EQ(r.labels.size(), 1u);
    EXPECT_EQ(r.labels[0].rect, QRectF(207, 192, 80, 16));
    EXPECT_FALSE(r.labels[0].leader);
    EXPECT_EQ(r.hiddenCount(), 0);
}

TEST(LabelPlacer, NearTheRightEdgeTheLabelGoesLeft)
{
    LabelPlacer placer;
    placer.setBounds(kPlot);
    const auto r = placer.place({label({640, 200}, QStringLiteral("B200"))});
    ASSERT_EQ(r.labels.size(), 1u);
    EXPECT_LE(r.labels[0].rect.right(), 640.0);
    EXPECT_TRUE(kPlot.contains(r.labels[0].rect));
}

TEST(LabelPlacer, TheSameRoofValueIsLabelledOnce)
{
    // FP16 tensor of H100 and H200 coincide (989 TFLOP/s); B200's is another value; a label
    // without a value is never merged.
    LabelPlacer placer;
    placer.setBounds(kPlot);
    const auto r = placer.place({label({300, 100}, QStringLiteral("FP16 tensor"), 989.4e12),
                                 label({320, 100}, QStringLiteral("FP16 tensor"), 989.4e12),
                                 label({300, 60}, QStringLiteral("FP16 tensor"), 2250e12),
                                 label({400, 300}, QStringLiteral("decode")),
                                 label({400, 300}, QStringLiteral("decode"))});
    ASSERT_EQ(r.labels.size(), 4u);
    EXPECT_EQ(r.labels[0].request, 0);
    EXPECT_EQ(r.labels[0].merged, (std::vector<int>{0, 1}));
    EXPECT_EQ(r.labels[1].merged, (std::vector<int>{2}));
    EXPECT_EQ(r.labels[2].merged, (std::vector<int>{3}));
    EXPECT_EQ(r.labels[3].merged, (std::vector<int>{4}));
    expectClear(r, {});
}

TEST(LabelPlacer, ALabelPushedAwayGetsALeaderLineFromItsAnchor)
{
    // Markers all around the anchor: the nearest free spot is rings away.
    std::vector<QRectF> markers;
    for (int dx = -60; dx <= 60; dx += 10) {
        for (int dy = -30; dy <= 30; dy += 10)
            markers.emplace_back(300 + dx - 4, 200 + dy - 4, 8, 8);
    }
    LabelPlacer placer;
    placer.setBounds(kPlot);
    placer.setObstacles(markers);
    const auto r = placer.place({label({300, 200}, QStringLiteral("softmax"))});
    ASSERT_EQ(r.labels.size(), 1u);
    const auto& l = r.labels[0];
    EXPECT_TRUE(l.leader);
    EXPECT_EQ(l.leaderLine.p1(), QPointF(300, 200));
    // The line ends on the box's border, at its point nearest to the anchor.
    const QPointF end = l.leaderLine.p2();
    EXPECT_TRUE(l.rect.contains(end));
    EXPECT_TRUE(end.x() == l.rect.left() || end.x() == l.rect.right() || end.y() == l.rect.top() ||
                end.y() == l.rect.bottom());
    EXPECT_GT(l.leaderLine.length(), 14.0);
    expectClear(r, markers);
}

TEST(LabelPlacer, TwoHundredCrowdedLabelsNeverOverlapAndTheRestAreCounted)
{
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> x(60, 640);
    std::uniform_real_distribution<double> y(30, 410);
    std::vector<LabelPlacer::Request> requests;
    std::vector<QRectF> markers;
    for (int i = 0; i < 200; ++i) {
        const QPointF a(x(rng), y(rng));
        requests.push_back(label(a, QStringLiteral("op %1").arg(i)));
        markers.emplace_back(a.x() - 5, a.y() - 5, 10, 10);
    }
    LabelPlacer placer;
    placer.setBounds(kPlot);
    placer.setObstacles(markers);
    const auto r = placer.place(requests);
    expectClear(r, markers);
    // 200 boxes of 80×16 need 256,000 px²; the plot has 240,000: some must be left out.
    EXPECT_GT(r.hiddenCount(), 0);
    // Markers every ~33 px leave few marker-free 80×16 boxes; 50 is what the 16 positions ×
    // 10 rings search finds (8 positions × 8 rings found 47).
    EXPECT_GE(r.labels.size(), 50u);
    EXPECT_EQ(r.labels.size() + static_cast<std::size_t>(r.hiddenCount()), 200u);
    // The same input gives the same layout (labels must not jump between repaints).
    const auto again = placer.place(requests);
    ASSERT_EQ(again.labels.size(), r.labels.size());
    for (std::size_t i = 0; i < r.labels.size(); ++i)
        EXPECT_EQ(again.labels[i].rect, r.labels[i].rect);
    EXPECT_EQ(again.hidden, r.hidden);
}

TEST(LabelPlacer, ALeaderDoesNotRunThroughAnotherLabel)
{
    // The anchor's marker blocks the nearest ring; on the next ring the box to the right is
    // free, but its leader would pass through a small label the user put there. The box above
    // (next in order, its leader clear) is taken instead.
    LabelPlacer placer;
    placer.setBounds(kPlot);
    placer.setObstacles({QRectF(190, 190, 20, 20)});
    auto blocker = label({215, 200}, QStringLiteral("x"), NAN, QSizeF(6, 8));
    blocker.key = QStringLiteral("x");
    placer.setPinnedOffsets({{QStringLiteral("x"), QPointF(-3, -4)}});
    const auto r =
        placer.place({label({200, 200}, QStringLiteral("softmax"), NAN, QSizeF(40, 14)), blocker});
    ASSERT_EQ(r.labels.size(), 2u);
    const auto& l = r.labels[1];
    EXPECT_EQ(l.request, 0);
    EXPECT_TRUE(l.leader);
    EXPECT_NEAR(l.rect.left(), 180.0, 1e-9); // above, centred on the anchor
    EXPECT_LT(l.rect.bottom(), 190.0);
    const QRectF box = r.labels[0].rect;
    for (int k = 0; k <= 100; ++k)
        EXPECT_FALSE(box.contains(l.leaderLine.pointAt(k / 100.0)));
    // Without the small label the box to the right, nearest in reading order, is taken.
    const auto free =
        placer.place({label({200, 200}, QStringLiteral("softmax"), NAN, QSizeF(40, 14))});
    ASSERT_EQ(free.labels.size(), 1u);
    EXPECT_GT(free.labels[0].rect.left(), 210.0);
    EXPECT_NEAR(free.labels[0].rect.center().y(), 200.0, 1e-9);
}

TEST(LabelPlacer, HigherPriorityLabelsGetTheRoomFirst)
{
    // Room for one label only, the low-priority one asked first.
    LabelPlacer placer;
    placer.setBounds(QRectF(0, 0, 120, 30));
    auto low = label({10, 15}, QStringLiteral("op"));
    auto high = label({10, 15}, QStringLiteral("H100 FP16 roof"));
    high.priority = 10;
    const auto r = placer.place({low, high});
    ASSERT_EQ(r.labels.size(), 1u);
    EXPECT_EQ(r.labels[0].request, 1);
    EXPECT_EQ(r.hidden, (std::vector<int>{0}));
}

TEST(LabelPlacer, ADraggedLabelStaysWhereTheUserPutItAndOthersAvoidIt)
{
    LabelPlacer placer;
    placer.setBounds(kPlot);
    auto pinned = label({200, 200}, QStringLiteral("H100 ridge"));
    pinned.key = QStringLiteral("ridge:h100");
    auto other = label({290, 215}, QStringLiteral("decode"));
    placer.setPinnedOffsets({{QStringLiteral("ridge:h100"), QPointF(100, 10)}});
    const auto r = placer.place({other, pinned});
    ASSERT_EQ(r.labels.size(), 2u);
    EXPECT_EQ(r.labels[0].request, 1); // pinned labels are placed first
    EXPECT_TRUE(r.labels[0].pinned);
    EXPECT_EQ(r.labels[0].rect, QRectF(300, 210, 80, 16));
    EXPECT_TRUE(r.labels[0].leader);
    EXPECT_EQ(LabelPlacer::offsetOf(r.labels[0]), QPointF(100, 10));
    EXPECT_FALSE(r.labels[1].rect.intersects(r.labels[0].rect));
    // Dragged past the plot's edge (or zoomed there): pulled back inside.
    placer.setPinnedOffsets({{QStringLiteral("ridge:h100"), QPointF(1000, 10)}});
    const auto clamped = placer.place({pinned});
    EXPECT_EQ(clamped.labels[0].rect.right(), kPlot.right());
}

TEST(LabelPlacer, AnchorsOutsideThePlotAreNotCountedAsHidden)
{
    // Zoomed in: the roof's label anchor is off to the right; that is not "no room".
    LabelPlacer placer;
    placer.setBounds(kPlot);
    const auto r = placer.place({label({900, 200}, QStringLiteral("B200 ridge")),
                                 label({300, 200}, QStringLiteral("decode"))});
    ASSERT_EQ(r.labels.size(), 1u);
    EXPECT_EQ(r.labels[0].request, 1);
    EXPECT_EQ(r.hiddenCount(), 0);
    EXPECT_EQ(r.offPlot, (std::vector<int>{0}));
}

TEST(LabelPlacer, LabelAtFindsTheBoxUnderTheMouse)
{
    LabelPlacer placer;
    placer.setBounds(kPlot);
    const auto r = placer.place(
        {label({200, 200}, QStringLiteral("a")), label({200, 300}, QStringLiteral("b"))});
    EXPECT_EQ(LabelPlacer::labelAt(r, QPointF(240, 300)), 1);
    EXPECT_EQ(LabelPlacer::labelAt(r, QPointF(240, 200)), 0);
    EXPECT_EQ(LabelPlacer::labelAt(r, QPointF(100, 100)), -1);
}

// While a slider is dragged a label keeps its last place wherever that place is still free,
// even where its leader now crosses another label; only a box that collides moves it. Placed
// afresh, it jumped to the other side of its point between two frames.
TEST(LabelPlacer, WhileDraggingAFreePreferredPlaceIsKeptEvenIfItsLeaderCrosses)
{
    // A's last place: far above-right of its point (a leader), with B's label now between.
    const QPointF a(200, 300);
    std::vector<LabelPlacer::Request> requests = {label({200, 248}, QStringLiteral("B")),
                                                  label(a, QStringLiteral("A"))};
    requests[0].key = QStringLiteral("b");
    requests[1].key = QStringLiteral("a");
    requests[0].priority = 1; // B first: its box is taken when A's is tried
    const QPointF far(40, -120);
    LabelPlacer placer;
    placer.setBounds(kPlot);
    placer.setPreferredOffsets({{QStringLiteral("a"), far}, {QStringLiteral("b"), {7, -8}}});
    auto boxOf = [](const LabelPlacer::Result& r, int request) {
        for (const LabelPlacer::Placed& p : r.labels)
            if (p.request == request)
                return p.rect;
        return QRectF();
    };
    const LabelPlacer::Result fresh = placer.place(requests);
    const QRectF kept(a + far, QSizeF(80, 16));
    // B's box lies on A's leader: an export's preference gives way...
    ASSERT_TRUE(QLineF(a, QPointF(kept.left(), kept.bottom())).length() > 14);
    ASSERT_EQ(boxOf(fresh, 0), QRectF(QPointF(207, 240), QSizeF(80, 16)));
    EXPECT_NE(boxOf(fresh, 1), kept);
    // ...a drag's memory does not.
    placer.setKeepPreferred(true);
    const LabelPlacer::Result dragged = placer.place(requests);
    EXPECT_EQ(boxOf(dragged, 1), kept);
    EXPECT_EQ(boxOf(dragged, 0), boxOf(fresh, 0));
    // Where its box itself collides it moves, to the nearest free place.
    placer.setPreferredOffsets(
        {{QStringLiteral("a"), QPointF(60, -48)}, {QStringLiteral("b"), {7, -8}}});
    const LabelPlacer::Result blocked = placer.place(requests);
    EXPECT_FALSE(boxOf(blocked, 1).intersects(boxOf(blocked, 0)));
}
