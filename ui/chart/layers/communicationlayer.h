#pragma once

#include "ui/chart/chartlayer.h"

class QGraphicsPathItem;
class QGraphicsRectItem;

namespace roofscope {

// Figure::communication: the collectives of a model spread over GPUs (all-reduces), each a
// hollow circle in its GPU's colour on that GPU's link roof, so communication reads as one more
// roof with its own points.
class CommunicationLayer : public ChartLayer {
public:
    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    std::optional<QString> toolTipAt(const ChartContext& context, QPointF chartPos) const override;
    int markerCount() const { return m_markers; }

private:
    QGraphicsRectItem* m_clip = nullptr;     // the plot area
    std::vector<QGraphicsPathItem*> m_items; // one per shown GPU (its pen colour)
    int m_markers = 0;
};

} // namespace roofscope
