#pragma once

#include "ui/export/figureexporter.h"

#include <QByteArray>
#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>
#include <optional>
#include <string>
#include <vector>

class QFont;
class QPainter;

namespace roofscope {

struct ServingCurve;

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
    // The window's batch: a ring on the curve with its text ("batch 24"). It does not move the
    // axes (it lies on the curve, or at its capacity end).
    std::optional<QPointF> current;
    QString currentText;
    bool currentFits = true; // false: a dashed ring (the batch is past the capacity end)
    // The expected real range under the curve: every point scaled by the published ratios'
    // spread (both rates scale with the step time), shaded. 0: no band.
    double bandLow = 0.0;
    double bandHigh = 0.0;
};

// A published measurement beside the curves: a hollow square in its GPU's colour.
struct ServingFigureReference {
    QPointF point; // (per user, per GPU)
    QColor color;
};

// A batch number beside its point, where it is drawn (figure pixels).
struct ServingPointLabel {
    int curve = 0;
    int point = 0;
    QRectF rect;
};

// The figure's own colours: a white slide by default, the window's palette on screen.
struct ServingFigureColors {
    QColor background = Qt::white;
    QColor text = Qt::black;
    QColor subtitle{0x40, 0x40, 0x40};
    QColor grid{0xdd, 0xdd, 0xdd};
    QColor pointText{0x30, 0x30, 0x30};
};

// Where the figure puts its plot for a size: what the window's hover and drag map through.
struct ServingFigureFrame {
    QRectF plot;
    double unit = 1.0; // sizes are for a 1080-high figure, times this
    double xLo = 0.0;  // decades (log10) at the plot's edges
    double xHi = 1.0;
    double yLo = 0.0;
    double yHi = 1.0;

    QPointF toScreen(QPointF value) const;
};

// The serving figure of `roofscope plot --serving` and of the window's serving chart: both axes
// logarithmic (a batch sweep spans decades of per-GPU throughput), a legend of the curves and of
// the capacity-end marker. The caller gives every text, so the figure has no language of its own.
struct ServingFigure {
    QString title;
    QString subtitle;
    QString xTitle;
    QString yTitle;
    QString capacityText;  // the capacity-end marker's legend entry
    QString referenceText; // the published points' legend entry
    QString bandText;      // the band's legend entry
    std::vector<ServingFigureCurve> curves;
    std::vector<ServingFigureReference> references;
    ServingFigureColors colors;
    QSize size{1920, 1080};
    // Sizes are for a 1080-high figure scaled to the height; on screen a fixed scale keeps
    // text readable whatever the widget's height (0: scale to the height).
    double unit = 0.0;

    // Adds one curve per serving curve: its GPU's colour, layouts of one GPU told apart by dash
    // then marker, each batch's number beside its point. `doesNotFit` follows the label of a
    // curve with no point.
    void addCurves(const std::vector<ServingCurve>& servingCurves,
                   const std::function<QColor(const std::string& gpu)>& colorOf,
                   const QString& doesNotFit);

    ServingFigureFrame frame(const QSizeF& size) const;
    // The batch numbers drawn at `size` with `font` (the painter's): right of and above each
    // point, else below it; one that would overlap a number already placed, or leave the plot,
    // is left out (the dot stays: hover names its batch). Curves in order, points along each.
    std::vector<ServingPointLabel> pointLabels(const QSizeF& size, const QFont& font) const;
    // Everything; without the rings (`withRings` false) the picture does not depend on the
    // window's batch, so the window keeps it and draws only the rings on each step.
    void paint(QPainter* painter, const QSizeF& size, bool withRings = true) const;
    void paintRings(QPainter* painter, const QSizeF& size) const;
    // The same picture apart from the rings: what the window's kept picture depends on.
    bool sameBackground(const ServingFigure& other) const;
    QByteArray render(FigureFormat format) const;
};

} // namespace roofscope
