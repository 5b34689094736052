#pragma once

#include "ui/chart/chartlayer.h"

#include <vector>

namespace roofscope {

class PointCloud;

// Measured kernels (Figure::measured) in the point-cloud item: stamped markers in the colour of
// the kernel's GPU, so 100,000 kernels repaint within a frame. A marker's area follows the
// kernel's share of its run's time (in PointCloud's quantised size classes); its shape says the
// memory level of its intensity (DRAM ◆, L2 ■, L1 ▲); a comparison's "before" run is faded.
// Large markers are drawn first so that
// small kernels stay visible on top of them. Hover: the kernel and everything measured of it.
class MeasuredLayer : public ChartLayer {
public:
    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    std::optional<QString> toolTipAt(const ChartContext& context, QPointF chartPos) const override;
    const PointCloud* cloud() const { return m_cloud; }
    // The marker diameter of Figure::measured[i] (pixels), 0 when it is not drawn.
    qreal markerSize(int measured) const;
    // The smallest and largest marker diameter for `style`.
    static qreal smallestMarker(const ChartStyle& style);
    static qreal largestMarker(const ChartStyle& style);
    // Which measurement sets are the "before" of a before/after comparison (indexed by set):
    // their markers are faded and unlabelled, so the arrows read from faint to solid.
    static std::vector<bool> beforeSets(const Figure& figure);
    // The diameter of a kernel taking `share` (0…1) of its run's time.
    static qreal markerSizeFor(const ChartStyle& style, double share);

private:
    PointCloud* m_cloud = nullptr;
    std::vector<int> m_measuredOf; // cloud index → Figure::measured index
    std::vector<int> m_cloudOf;    // Figure::measured index → cloud index
    std::vector<qreal> m_sizeOf;   // Figure::measured index → marker diameter
};

} // namespace roofscope
