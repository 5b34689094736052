#pragma once

#include "ui/document/session.h"

#include <QGraphicsView>

class QRubberBand;

namespace roofscope {

class RoofChart;

// The interactive face of the chart: drag an operator point horizontally to change its
// driving parameter (solved through the core), hover for the read-out, wheel to zoom, drag on
// empty space to zoom into a rectangle, middle or Shift+drag to pan, double-click to reset;
// drag a roof or operator label to put it elsewhere (undoable, saved with the document).
// With the keyboard focus it draws a focus frame round the plot and a ring round the selected
// operator's points; Page Up / Page Down select the previous / next operator.
class RoofChartView : public QGraphicsView {
    Q_OBJECT
public:
    RoofChartView(RoofChart* chart, Session* session, QWidget* parent = nullptr);

    // Viewport position ↔ chart coordinates (where the pure mapping functions work).
    QPointF toChart(QPointF viewportPos) const;
    QPointF toViewport(QPointF chartPos) const;
    // The operator point under a viewport position, if any.
    PointRef pointAt(QPointF viewportPos) const;

signals:
    void statusMessage(const QString& text);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    // The focus frame and ring: on the view only, never in an exported figure.
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    // The chart fills the viewport.
    void resizeEvent(QResizeEvent* event) override;

private:
    enum class Mode { None, DragPoint, DragLabel, Pan, Rubber };
    void dragTo(QPointF viewportPos);
    // Ends a point or label drag without applying anything more (what it moved went away).
    void cancelDrag();
    void dragLabelTo(QPointF viewportPos);

    RoofChart* m_chart;
    Session* m_session;
    Mode m_mode = Mode::None;
    PointRef m_dragPoint;
    int m_gesture = 0;
    QPoint m_pressPos;
    ViewRange m_pressRange;
    QRubberBand* m_rubber = nullptr;
    // The label being dragged: its key, the spot it names and where in its box it was grabbed
    // (chart coordinates), and whether the mouse has moved far enough to count as a drag.
    QString m_labelKey;
    QPointF m_labelAnchor;
    QPointF m_labelGrab;
    bool m_labelMoved = false;
};

} // namespace roofscope
