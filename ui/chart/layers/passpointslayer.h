#pragma once

#include "ui/chart/chartlayer.h"

#include <QStringList>

#include <vector>

class QGraphicsItem;
class QGraphicsPathItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

namespace roofscope {

// Figure::passPoints: the operators of the trace pass the Passes panel shows. Each is a filled
// triangle where its kernels ran and a hollow one where the model predicts it, joined by an
// arrow from prediction to measurement, so "far from its roof" reads as a distance. The
// operators taking most of the pass's time are named beside their triangles where there is room.
class PassPointsLayer : public ChartLayer {
public:
    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    std::optional<QString> toolTipAt(const ChartContext& context, QPointF chartPos) const override;

    int arrowCount() const { return m_arrows; }
    QStringList labelTexts() const; // the names shown: the chosen operator, then the longest
    int selectedRingCount() const;  // rings drawn round the chosen operator's points

private:
    QGraphicsItem* m_host = nullptr;
    QGraphicsRectItem* m_clip = nullptr; // the plot area
    QGraphicsPathItem* m_arrowsItem = nullptr;
    QGraphicsPathItem* m_predictedItem = nullptr;
    QGraphicsPathItem* m_measuredItem = nullptr;
    QGraphicsPathItem* m_selectedItem = nullptr; // rings round the chosen operator's two points
    std::vector<QGraphicsSimpleTextItem*> m_labels;
    int m_arrows = 0;
    int m_rings = 0;
};

} // namespace roofscope
