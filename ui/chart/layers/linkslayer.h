#pragma once

#include "ui/chart/chartlayer.h"

class QGraphicsPathItem;
class QGraphicsRectItem;

namespace roofscope {

// Figure::links: an arrow from each linked analytic point (what the model predicts) to its
// measured kernel (what the profiler saw), so the gap reads as a direction and a length.
class LinksLayer : public ChartLayer {
public:
    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    int arrowCount() const { return m_arrows; }

private:
    QGraphicsRectItem* m_clip = nullptr; // the plot area
    QGraphicsPathItem* m_item = nullptr;
    int m_arrows = 0;
};

} // namespace roofscope
