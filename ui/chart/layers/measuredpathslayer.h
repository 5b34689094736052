#pragma once

#include "ui/chart/chartlayer.h"

#include <vector>

class QGraphicsPathItem;
class QGraphicsRectItem;

namespace roofscope {

// The sweeps among measured kernels (Figure::measuredPaths): the points of one kernel name at
// several shapes (batch sizes, context lengths) joined in order of their work by a thin line in
// the GPU's colour, so a sweep reads as a path rather than a pile of points. Under the markers,
// and lighter than the hierarchical view's level lines, which it may cross.
class MeasuredPathsLayer : public ChartLayer {
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
