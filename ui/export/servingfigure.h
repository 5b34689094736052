#pragma once

#include "ui/export/figureexporter.h"

#include <QByteArray>
#include <QColor>
#include <QPointF>
#include <QSize>
#include <QString>

#include <vector>

class QPainter;

namespace roofscope {

// One serving curve as drawn: tokens/s per user (x) against tokens/s per GPU (y), one point per
// batch, its last point marked when memory ends it.
struct ServingFigureCurve {
    QString label; // the legend's text: "h100-sxm5 · TP=2"
    QColor color;
    Qt::PenStyle style = Qt::SolidLine;
    // The batches' dots: 0 circle, 1 triangle, 2 diamond (past five dashes, layouts of one
    // GPU still differ).
    int marker = 0;
    std::vector<QPointF> points;     // (per user, per GPU), both > 0
    std::vector<QString> pointTexts; // beside each point: its batch
    bool capacityEnd = false;        // the last point is the memory-capacity end
};

// The slide figure of `roofscope plot --serving`: both axes logarithmic (a batch sweep spans
// decades of per-GPU throughput), a legend of the curves and of the capacity-end marker. The
// caller gives every text, so the figure has no language of its own.
struct ServingFigure {
    QString title;
    QString subtitle;
    QString xTitle;
    QString yTitle;
    QString capacityText; // the capacity-end marker's legend entry
    std::vector<ServingFigureCurve> curves;
    QSize size{1920, 1080};

    void paint(QPainter* painter, const QSizeF& size) const;
    QByteArray render(FigureFormat format) const;
};

} // namespace roofscope
