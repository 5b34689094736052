#include "ui/chart/layers/plotclip.h"

#include <QBrush>
#include <QGraphicsRectItem>
#include <QPen>

namespace roofscope {

QGraphicsRectItem* newPlotClip(QGraphicsItem* host, qreal z)
{
    auto* clip = new QGraphicsRectItem(host);
    clip->setPen(Qt::NoPen);
    clip->setBrush(Qt::NoBrush);
    clip->setFlag(QGraphicsItem::ItemClipsChildrenToShape);
    clip->setZValue(z);
    return clip;
}

} // namespace roofscope
