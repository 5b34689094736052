#pragma once

#include "ui/export/servingfigure.h"

#include <QPixmap>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

namespace roofscope {

// The serving figure on screen, and what a hand does to it: hover names a point, a press on a
// batch's dot or on the ring of the window's batch picks that batch, dragging the ring slides it
// along its curve (log-interpolated between the batches drawn), arrow keys step it. It knows
// nothing of models: its owner gives the figure, each point's batch and hover text, and turns
// the batches it asks for into the document's batch.
class ServingChart : public QWidget {
    Q_OBJECT
public:
    explicit ServingChart(QWidget* parent = nullptr);

    // `batches[c][i]`: the batch of figure.curves[c].points[i].
    void setFigure(ServingFigure figure, std::vector<std::vector<double>> batches);
    const ServingFigure& figure() const { return m_figure; }
    // The hover text of point i of curve c, of its ring (i = −1), or of reference r (c = −1).
    void setToolTipProvider(std::function<QString(int curve, int index)> provider)
    {
        m_toolTip = std::move(provider);
    }

    // Where a point is drawn, in widget coordinates (tests and the drag use the same mapping).
    QPointF screenPoint(QPointF value) const;
    // The batch at widget position `at` on curve c: the nearest spot of its polyline,
    // log-interpolated between the batches either side and rounded to a whole number.
    std::optional<double> batchAt(int curve, QPointF at) const;
    // The curve whose ring (the window's batch) is within reach of `at`, or −1.
    int ringAt(QPointF at) const;
    // The hover target at `at`: (curve, point), (−1, reference) or nullopt.
    std::optional<std::pair<int, int>> pointAt(QPointF at) const;
    // What hovering `at` shows: the ring's point, a batch's point or a published measurement's
    // (empty: nothing within reach).
    QString toolTipAt(QPointF at) const;
    // The current batch: the ring's, as the owner last set it (0 before any).
    void setCurrentBatch(double batch) { m_currentBatch = batch; }

    QSize sizeHint() const override { return {640, 480}; }
    QSize minimumSizeHint() const override { return {240, 160}; }

signals:
    // A drag begins: the batches it asks for merge into one undo step.
    void gestureStarted();
    void gestureFinished(); // the ring's drag released
    // The user asks for this batch (a press, a drag step or a key).
    void batchRequested(double batch, bool inGesture);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    void endDrag();
    ServingFigure m_figure;
    QPixmap m_background; // m_figure without its rings, at this size
    std::vector<std::vector<double>> m_batches;
    std::function<QString(int, int)> m_toolTip;
    int m_dragCurve = -1;
    double m_currentBatch = 0.0;
};

} // namespace roofscope
