// Labels keep their place while a slider is dragged (issue #37, "what the walk found"): a
// label stays where it was beside its point for as long as that place is still free, and
// moves only when a collision forces it. Placed afresh on every frame, they jumped from side
// to side as the points slid.
#include "modelwindow.h"
#include "ui/chart/roofchart.h"
#include "ui/controls/logslider.h"

#include <QSlider>
#include <QTest>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>

using namespace roofscope;

namespace {

struct Frame {
    std::map<QString, QPointF> offsets; // key → box top-left minus anchor
    std::map<QString, QRectF> boxes;
};

Frame frameOf(const RoofChart* chart)
{
    Frame f;
    for (const RoofChart::Label& l : chart->visibleLabels()) {
        if (l.key.isEmpty())
            continue;
        f.offsets[l.key] = l.box.topLeft() - l.anchor;
        f.boxes[l.key] = l.box;
    }
    return f;
}

// Every operator marker's box, chart coordinates: the log axes recovered from two corners.
std::vector<QRectF> markers(const RoofChart* chart)
{
    const QRectF plot = chart->plotArea();
    const DataPoint a = chart->valueAt(plot.topLeft());
    const DataPoint b = chart->valueAt(plot.bottomRight());
    const auto toPixel = [&](const DataPoint& v) {
        const double fx = std::log(v.ai / a.ai) / std::log(b.ai / a.ai);
        const double fy = std::log(v.flops / a.flops) / std::log(b.flops / a.flops);
        return QPointF(plot.left() + fx * plot.width(), plot.top() + fy * plot.height());
    };
    std::vector<QRectF> out;
    for (const RoofChart::PointInfo& p : chart->points()) {
        const QPointF at = toPixel(p.value);
        const double half = p.size / 2.0;
        out.emplace_back(at.x() - half, at.y() - half, 2 * half, 2 * half);
    }
    return out;
}

} // namespace

TEST(LabelsWhileDragging, EachLabelKeepsItsOffsetUnlessItsPlaceIsTaken)
{
    test::ModelWindow w;
    w.window->resize(1600, 1000);
    w.window->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(w.window.get()));
    w.chooseModel("llama-2-7b");
    QCoreApplication::processEvents();
    RoofChart* chart = w.window->chart();
    LogSlider* slider = w.panel->batchSlider();
    ASSERT_NE(slider, nullptr);
    QSlider* s = slider->slider();
    const int from = s->value();
    const int span = s->maximum() - from;
    ASSERT_GT(span, 40);

    emit s->sliderPressed();
    ASSERT_TRUE(w.session->inGesture());
    Frame last = frameOf(chart);
    ASSERT_GE(last.offsets.size(), 10u);
    int compared = 0;
    int jumps = 0;
    int unforced = 0; // jumps with nothing in the old place
    for (int step = 1; step <= 40; ++step) {
        s->setValue(from + span * step / 40);
        w.panel->flushPending();
        const Frame now = frameOf(chart);
        const std::vector<RoofChart::Label> labels = chart->visibleLabels();
        std::vector<QRectF> dots = markers(chart);
        for (const RoofChart::Label& l : labels)
            if (l.key.startsWith(QLatin1String("ridge:")))
                dots.emplace_back(l.anchor - QPointF(5, 5), QSizeF(10, 10));
        for (const auto& [key, offset] : now.offsets) {
            const auto before = last.offsets.find(key);
            if (before == last.offsets.end())
                continue;
            ++compared;
            const QPointF d = offset - before->second;
            if (std::hypot(d.x(), d.y()) < 0.5)
                continue;
            ++jumps;
            // Its old place beside its point as it is now: taken by a label or a marker, or
            // past the plot's edge, forces the move.
            const QRectF box = now.boxes.at(key);
            const QRectF old(box.topLeft() - offset + before->second, box.size());
            const bool forced = !chart->plotArea().contains(old) ||
                                std::any_of(labels.begin(), labels.end(),
                                            [&](const RoofChart::Label& o) {
                                                return o.key != key && o.box.intersects(old);
                                            }) ||
                                std::any_of(dots.begin(), dots.end(),
                                            [&](const QRectF& m) { return m.intersects(old); });
            if (!forced) {
                ++unforced;
                std::cerr << key.toStdString() << " moved by (" << d.x() << ", " << d.y()
                          << ") at step " << step << " with its old place free\n";
            }
        }
        last = now;
    }
    emit s->sliderReleased();
    EXPECT_FALSE(w.session->inGesture());
    // About 29 labels over 40 frames. Placed afresh from the last frame alone (today's main)
    // 70 of 1,033 moved, 14 of them with their old place free; kept wherever still free,
    // 49 move, and the few moved with nothing in the old place are the legend's and the
    // frame's own (not measured here), or a label that came back after a frame away.
    EXPECT_GT(compared, 900);
    EXPECT_LE(jumps, 55);
    EXPECT_LE(unforced, 6);
}
