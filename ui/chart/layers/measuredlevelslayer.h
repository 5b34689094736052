#pragma once

#include "ui/chart/chartlayer.h"

#include <vector>

class QGraphicsPathItem;
class QGraphicsRectItem;

namespace roofscope {

// The hierarchical view (Figure::measuredHierarchical): each kernel's points at L1, L2 and DRAM
// joined by a thin line in its GPU's colour, so the points of one kernel read as one (how far
// its data traffic falls from cache to DRAM is the line's length). Under the markers.
class MeasuredLevelsLayer : public ChartLayer {
public:
    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    int segmentCount() const { return m_segments; } // lines drawn, for tests

private:
    QGraphicsRectItem* m_clip = nullptr;     // the plot area
    std::vector<QGraphicsPathItem*> m_items; // one per shown GPU, the last for unknown GPUs
    int m_segments = 0;
};

} // namespace roofscope
