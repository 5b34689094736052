#pragma once

#include <QtGlobal>

class QGraphicsItem;
class QGraphicsRectItem;

namespace roofscope {

// An invisible rectangle under `host` at depth `z` that clips its children to itself: a layer
// sets it to the plot area on each update, so that lines and markers leaving the view (a zoom,
// an arrow whose other end is out of range) are cut at the axes instead of drawn over them.
QGraphicsRectItem* newPlotClip(QGraphicsItem* host, qreal z);

} // namespace roofscope
