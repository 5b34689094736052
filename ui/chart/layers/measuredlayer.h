#pragma once

#include "ui/chart/chartlayer.h"

namespace roofscope {

class PointCloud;

// Measured kernels (Figure::measured) in the point-cloud item: stamped markers, one per GPU
// colour, so 100,000 kernels repaint within a frame. Hover: the kernel and its values.
class MeasuredLayer : public ChartLayer {
public:
    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    std::optional<QString> toolTipAt(const ChartContext& context, QPointF chartPos) const override;
    const PointCloud* cloud() const { return m_cloud; }

private:
    PointCloud* m_cloud = nullptr;
};

} // namespace roofscope
