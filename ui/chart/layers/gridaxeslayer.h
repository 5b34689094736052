#pragma once

#include "ui/chart/chartlayer.h"

#include <vector>

class QGraphicsSimpleTextItem;

namespace roofscope {

class LineArtCanvas;

// The grid (decade and 2…9 lines, cached with the plot), the tick labels and the axis titles. Ticks
// come from LogTicks: over many decades powers of ten, inside a decade 1-2-5 steps, so a zoomed-in
// axis always keeps at least two numbers.
class GridAxesLayer : public ChartLayer {
public:
    struct TickLabel {
        Qt::Orientation axis = Qt::Horizontal;
        double value = 0.0;
        QString label;
    };

    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    const std::vector<TickLabel>& labels() const { return m_labels; }

private:
    QGraphicsSimpleTextItem* tickItem(std::size_t i, const ChartStyle& style);

    QGraphicsWidget* m_host = nullptr;
    LineArtCanvas* m_grid = nullptr; // the shared line-art canvas
    QGraphicsSimpleTextItem* m_titleX = nullptr;
    QGraphicsSimpleTextItem* m_titleY = nullptr;
    std::vector<QGraphicsSimpleTextItem*> m_ticks;
    std::vector<TickLabel> m_labels;
};

} // namespace roofscope
