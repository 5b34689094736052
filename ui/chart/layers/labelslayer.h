#pragma once

#include "ui/chart/chartlayer.h"

#include <QHash>
#include <QPointF>
#include <QString>

#include <vector>

class QGraphicsSimpleTextItem;

namespace roofscope {

class ChartLabel;

// The chart's text labels, placed by LabelPlacer: ridges (with the sweep's crossing), operators
// (when labels are on) and the extra roofs — one label per distinct roof value, so coinciding
// ceilings of several GPUs are named once in a neutral colour. No two labels overlap or cover a
// marker; a label moved away from what it names gets a leader line; when space runs out the rest
// are left out and the chart says how many. Roof and operator labels carry a stable key
// (core/labelkeys.h): one the user dragged stays where the session's label positions put it.
class LabelsLayer : public ChartLayer {
public:
    struct Visible {
        QString text;
        QRectF box;
        bool leader = false;
        QString key; // empty: not draggable
        QPointF anchor;
        bool pinned = false;
    };

    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    const std::vector<Visible>& visible() const { return m_visible; }
    int hiddenCount() const { return m_hidden; }

private:
    // The items for `texts`, in order: each text keeps the item that showed it last time where
    // there is one (its cached picture stays valid), new ones are made as needed, and the rest
    // are hidden.
    std::vector<ChartLabel*> labelItems(const std::vector<QString>& texts, const ChartStyle& style);

    QGraphicsWidget* m_host = nullptr;
    std::vector<ChartLabel*> m_labels;
    QGraphicsSimpleTextItem* m_hiddenNote = nullptr;
    std::vector<Visible> m_visible;
    // Where each keyed label was last shown (box top-left minus anchor) in the slider drag
    // under way: each frame tries these first (see ChartContext::followLabels).
    QHash<QString, QPointF> m_dragOffsets;
    int m_hidden = 0;
};

} // namespace roofscope
