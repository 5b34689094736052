#pragma once

#include <QHash>
#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <limits>
#include <vector>

namespace roofscope {

// Where the chart's text labels go: one label per distinct (text, value) — "FP16 tensor" at 989
// TFLOP/s is drawn once for H100 and H200 —, boxes that overlap neither each other nor the
// obstacles (markers, legend) and stay in the plot, a leader line when a label had to move away
// from what it names, a user's dragged position kept, and an honest count of the labels left out
// when there is no room. Deterministic: the same input gives the same layout, so labels do not jump
// between repaints.
class LabelPlacer {
public:
    struct Request {
        QPointF anchor; // the spot the label names, plot pixels
        QSizeF size;    // the label's box, padding included
        QString text;   // merged with others of the same text and value
        double value = std::numeric_limits<double>::quiet_NaN(); // NaN: never merged
        QString key;      // stable id for a dragged (pinned) position; empty: not draggable
        int priority = 0; // higher first: they get the best places and are hidden last
    };
    struct Placed {
        int request = -1;        // the request shown (the first of those merged)
        std::vector<int> merged; // every request this label stands for, ascending
        QRectF rect;
        QPointF anchor;
        bool leader = false; // draw `leaderLine` (anchor → nearest point of the box)
        QLineF leaderLine;
        bool pinned = false; // at the user's position
    };
    struct Result {
        std::vector<Placed> labels; // in placing order (pinned, preferred, then by priority)
        std::vector<int> hidden;    // requests not shown for lack of room, ascending
        std::vector<int> offPlot;   // requests whose anchor is outside the bounds (not shown,
                                    // not counted as hidden: zoomed out of view), ascending
        int hiddenCount() const { return static_cast<int>(hidden.size()); }
    };

    void setBounds(const QRectF& bounds) { m_bounds = bounds; }
    void setObstacles(std::vector<QRectF> obstacles) { m_obstacles = std::move(obstacles); }
    // Offsets of dragged labels (box top-left minus anchor) by Request::key.
    void setPinnedOffsets(QHash<QString, QPointF> offsets) { m_pinned = std::move(offsets); }
    // Where another layout of the same chart put its labels (the window's, for an export of
    // it), by Request::key: tried first, kept when the box fits here; otherwise the label is
    // placed as usual. Unlike a pin, a preference gives way.
    void setPreferredOffsets(QHash<QString, QPointF> offsets) { m_preferred = std::move(offsets); }
    // Hysteresis while a slider is dragged: a preferred box is kept wherever it is still free,
    // even where its leader now crosses another label (moved for that alone, labels jumped
    // between frames as the points slid past each other).
    void setKeepPreferred(bool keep) { m_keepPreferred = keep; }
    // Distance kept from the anchor (half a marker and a little air).
    void setAnchorGap(qreal gap) { m_gap = gap; }
    // A label further than this from its anchor gets a leader line.
    void setLeaderThreshold(qreal px) { m_leaderThreshold = px; }

    Result place(const std::vector<Request>& requests) const;

    // The offset to store when the user drops a label (see setPinnedOffsets).
    static QPointF offsetOf(const Placed& label) { return label.rect.topLeft() - label.anchor; }
    // Index into result.labels of the label under `pos` (the last placed wins), or -1.
    static int labelAt(const Result& result, QPointF pos);

private:
    QRectF m_bounds;
    std::vector<QRectF> m_obstacles;
    QHash<QString, QPointF> m_pinned;
    QHash<QString, QPointF> m_preferred;
    bool m_keepPreferred = false;
    qreal m_gap = 7.0;
    qreal m_leaderThreshold = 14.0;
};

} // namespace roofscope
