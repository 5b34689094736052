#include "ui/chart/roofchartview.h"

#include "ui/chart/chartgeometry.h"
#include "ui/chart/chartkeyboard.h"
#include "ui/chart/roofchart.h"

#include <QApplication>
#include <QGraphicsScene>
#include <QGraphicsWidget>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QRubberBand>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {
constexpr double kHitRadius = 11.0;
constexpr int kRubberMinimum = 8;
} // namespace

RoofChartView::RoofChartView(RoofChart* chart, Session* session, QWidget* parent)
    : QGraphicsView(parent), m_chart(chart), m_session(session)
{
    setScene(new QGraphicsScene(this));
    // Most of the chart's items move on a slider step (points, labels, leaders): keeping a
    // BSP index of them up to date costs more than looking through a few hundred items.
    scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    scene()->addItem(chart->graphicsItem());
    setFrameShape(QFrame::NoFrame);
    setBackgroundRole(QPalette::Window);
    // The chart's line-art canvas paints every pixel of the view, opaque (RoofChart): filling
    // the viewport first only to cover it cost a seventh of each repaint.
    viewport()->setAutoFillBackground(false);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setAlignment(Qt::AlignCenter);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setRenderHint(QPainter::Antialiasing);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(480, 320);
    m_rubber = new QRubberBand(QRubberBand::Rectangle, viewport());
    m_rubber->hide();
    // A drag holds what it moves: an operator's index, or the key of a label of this
    // document. When the rows change under it (undo, a removed operator) or another document
    // comes, the index names another operator or none, so the drag ends there.
    connect(session, &Session::operatorsReset, this, &RoofChartView::cancelDrag);
    connect(session, &Session::scenarioApplied, this, &RoofChartView::cancelDrag);
    // The focus ring follows the selection; the markers' own repaint does not cover it.
    connect(session, &Session::selectionChanged, this, [this] {
        if (hasFocus())
            viewport()->update();
    });
}

void RoofChartView::cancelDrag()
{
    if (m_mode == Mode::DragPoint) {
        m_dragPoint = {};
        m_chart->freezeRange(false);
    } else if (m_mode == Mode::DragLabel) {
        m_labelKey.clear();
    } else {
        return;
    }
    m_mode = Mode::None;
    m_gesture = 0;
    unsetCursor();
}

QPointF RoofChartView::toChart(QPointF viewportPos) const
{
    return m_chart->graphicsItem()->mapFromScene(mapToScene(viewportPos.toPoint()));
}

QPointF RoofChartView::toViewport(QPointF chartPos) const
{
    return mapFromScene(m_chart->graphicsItem()->mapToScene(chartPos));
}

PointRef RoofChartView::pointAt(QPointF viewportPos) const
{
    return m_chart->pointAt(toChart(viewportPos), kHitRadius);
}

void RoofChartView::mousePressEvent(QMouseEvent* event)
{
    m_pressPos = event->position().toPoint();
    m_pressRange = m_chart->effectiveRange();
    const bool panButton =
        event->button() == Qt::MiddleButton ||
        (event->button() == Qt::LeftButton && event->modifiers().testFlag(Qt::ShiftModifier));
    if (panButton) {
        m_mode = Mode::Pan;
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    if (event->button() != Qt::LeftButton) {
        QGraphicsView::mousePressEvent(event);
        return;
    }
    // Labels are drawn above the points: what is on top is what the mouse takes.
    if (const auto label = m_chart->draggableLabelAt(toChart(event->position()))) {
        m_mode = Mode::DragLabel;
        m_labelKey = label->key;
        m_labelAnchor = label->anchor;
        m_labelGrab = toChart(event->position()) - label->box.center();
        m_labelMoved = false;
        m_gesture = m_session->newGesture();
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    const PointRef hit = pointAt(event->position());
    if (hit.isValid()) {
        m_session->setSelectedOperator(hit.op);
        m_session->setHovered(hit);
        const Operator& op = m_session->operators()[static_cast<std::size_t>(hit.op)];
        if (!op.definition().drivingParam.empty()) {
            m_mode = Mode::DragPoint;
            m_dragPoint = hit;
            m_gesture = m_session->newGesture();
            m_chart->freezeRange(true);
            setCursor(Qt::SizeHorCursor);
        } else {
            emit statusMessage(tr("The intensity of %1 does not depend on its size: change its "
                                  "dtype to move it.")
                                   .arg(QString::fromStdString(op.displayName())));
        }
        event->accept();
        return;
    }
    m_mode = Mode::Rubber;
    m_rubber->setGeometry(QRect(m_pressPos, QSize()));
    m_rubber->show();
    event->accept();
}

void RoofChartView::dragTo(QPointF viewportPos)
{
    if (m_dragPoint.op < 0 || m_dragPoint.op >= static_cast<int>(m_session->operators().size()))
        return;
    const geometry::LogAxes axes = m_chart->logAxes();
    QPointF chartPos = toChart(viewportPos);
    // Clamp to the plot: a value outside the axis range (or <= 0) has no place on a log axis.
    chartPos.setX(std::clamp(chartPos.x(), axes.plot.left(), axes.plot.right()));
    const double ai = geometry::pixelToValue(axes, chartPos).x();
    const auto value = m_session->solveDriving(m_dragPoint.op, ai);
    if (!value)
        return;
    const Operator& op = m_session->operators()[static_cast<std::size_t>(m_dragPoint.op)];
    const std::string& param = op.definition().drivingParam;
    if (op.params.number(param) == *value)
        return;
    if (auto error = m_session->setNumber(m_dragPoint.op, param, *value, m_gesture))
        emit statusMessage(*error);
}

void RoofChartView::dragLabelTo(QPointF viewportPos)
{
    // A click is not a move: the label stays placed by the chart until it is really dragged.
    if (!m_labelMoved &&
        (viewportPos.toPoint() - m_pressPos).manhattanLength() < QApplication::startDragDistance())
        return;
    m_labelMoved = true;
    // The document keeps the label's centre relative to what it names (scenario.h).
    const QPointF d = toChart(viewportPos) - m_labelGrab - m_labelAnchor;
    const auto clamped = [](double v) { return std::clamp(v, -kMaxLabelOffset, kMaxLabelOffset); };
    m_session->viewSettings()->moveLabel(m_labelKey.toStdString(),
                                         LabelOffset{clamped(d.x()), clamped(d.y())}, m_gesture);
}

void RoofChartView::mouseMoveEvent(QMouseEvent* event)
{
    const QPointF pos = event->position();
    switch (m_mode) {
    case Mode::DragPoint:
        dragTo(pos);
        event->accept();
        return;
    case Mode::DragLabel:
        dragLabelTo(pos);
        event->accept();
        return;
    case Mode::Pan: {
        geometry::LogAxes axes = m_chart->logAxes();
        axes.range = m_pressRange;
        m_session->viewSettings()->setView(geometry::panView(axes, pos - QPointF(m_pressPos)));
        event->accept();
        return;
    }
    case Mode::Rubber:
        m_rubber->setGeometry(QRect(m_pressPos, pos.toPoint()).normalized());
        event->accept();
        return;
    case Mode::None:
        break;
    }
    const PointRef hit = pointAt(pos);
    m_session->setHovered(hit);
    if (m_chart->draggableLabelAt(toChart(pos))) {
        setCursor(Qt::OpenHandCursor);
    } else if (hit.isValid()) {
        const Operator& op = m_session->operators()[static_cast<std::size_t>(hit.op)];
        setCursor(op.definition().drivingParam.empty() ? Qt::PointingHandCursor
                                                       : Qt::SizeHorCursor);
    } else {
        unsetCursor();
    }
    // Points, measured kernels and roofs say what they are on hover.
    const QString tip = m_chart->toolTipAt(toChart(pos));
    if (tip.isEmpty())
        QToolTip::hideText();
    else if (tip != QToolTip::text() || !QToolTip::isVisible())
        QToolTip::showText(event->globalPosition().toPoint(), tip, this);
    QGraphicsView::mouseMoveEvent(event);
}

void RoofChartView::mouseReleaseEvent(QMouseEvent* event)
{
    const Mode mode = m_mode;
    m_mode = Mode::None;
    switch (mode) {
    case Mode::DragPoint:
        dragTo(event->position());
        m_chart->freezeRange(false);
        m_gesture = 0;
        unsetCursor();
        break;
    case Mode::DragLabel:
        dragLabelTo(event->position());
        m_gesture = 0;
        m_labelKey.clear();
        unsetCursor();
        break;
    case Mode::Pan:
        unsetCursor();
        break;
    case Mode::Rubber: {
        m_rubber->hide();
        const QRect r = QRect(m_pressPos, event->position().toPoint()).normalized();
        if (r.width() >= kRubberMinimum && r.height() >= kRubberMinimum) {
            const QRectF chartRect(toChart(r.topLeft()), toChart(r.bottomRight()));
            m_session->viewSettings()->setView(
                geometry::viewFromPixelRect(m_chart->logAxes(), chartRect));
        } else if (!pointAt(event->position()).isValid()) {
            // A plain click on empty space: back to the selected operator's read-out.
            m_session->setHovered({});
        }
        break;
    }
    case Mode::None:
        QGraphicsView::mouseReleaseEvent(event);
        return;
    }
    event->accept();
}

void RoofChartView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (!pointAt(event->position()).isValid()) {
        m_session->viewSettings()->setView(std::nullopt);
        event->accept();
        return;
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void RoofChartView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) {
        event->ignore();
        return;
    }
    const geometry::LogAxes axes = m_chart->logAxes();
    const QPointF anchor = geometry::pixelToValue(axes, toChart(event->position()));
    m_session->viewSettings()->setView(
        geometry::zoomView(m_chart->effectiveRange(), anchor, std::pow(1.25, steps)));
    event->accept();
}

void RoofChartView::leaveEvent(QEvent* event)
{
    if (m_mode == Mode::None)
        m_session->setHovered({});
    QGraphicsView::leaveEvent(event);
}

void RoofChartView::keyPressEvent(QKeyEvent* event)
{
    // 0 (and Ctrl+0, Home) go back to the fitted view: the document forgets its own.
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    if ((event->key() == Qt::Key_0 && (mods & ~Qt::ControlModifier) == Qt::NoModifier) ||
        (event->key() == Qt::Key_Home && mods == Qt::NoModifier)) {
        m_session->viewSettings()->setView(std::nullopt);
        event->accept();
        return;
    }
    // Page Up / Page Down walk the operators, so the keyboard alone can choose the one the
    // read-out and the parameters show (Tab has left the operator list by then).
    if ((event->key() == Qt::Key_PageDown || event->key() == Qt::Key_PageUp) &&
        mods == Qt::NoModifier) {
        const int count = static_cast<int>(m_session->operators().size());
        if (count > 0) {
            const int step = event->key() == Qt::Key_PageDown ? 1 : -1;
            const int current = m_session->selectedOperator();
            const int next = current < 0 ? (step > 0 ? 0 : count - 1)
                                         : ((current + step) % count + count) % count;
            m_session->setSelectedOperator(next);
        }
        event->accept();
        return;
    }
    const auto next = ChartKeyboard::apply(m_chart->effectiveRange(), m_chart->fitRange(), *event);
    if (!next) {
        QGraphicsView::keyPressEvent(event);
        return;
    }
    m_session->viewSettings()->setView(*next);
    event->accept();
}

void RoofChartView::focusInEvent(QFocusEvent* event)
{
    QGraphicsView::focusInEvent(event);
    viewport()->update();
}

void RoofChartView::focusOutEvent(QFocusEvent* event)
{
    QGraphicsView::focusOutEvent(event);
    viewport()->update();
}

void RoofChartView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QGraphicsView::drawForeground(painter, rect);
    if (!hasFocus())
        return;
    // Scene coordinates are the chart item's mapped to the scene.
    const QGraphicsWidget* item = m_chart->graphicsItem();
    const QColor ring = palette().color(QPalette::Highlight);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(ring, 2.0));
    const QRectF plot = item->mapRectToScene(m_chart->plotArea());
    painter->drawRect(plot.adjusted(-1, -1, 1, 1));
    painter->setClipRect(plot);
    const int selected = m_session->selectedOperator();
    if (selected >= 0) {
        painter->setPen(QPen(ring, 2.0, Qt::DashLine));
        const qreal radius = m_chart->style().selectedMarkerSize / 2.0 + 5.0;
        const geometry::LogAxes axes = m_chart->logAxes();
        for (const DataPoint& p : m_chart->operatorPoints(selected)) {
            const QPointF at =
                item->mapToScene(geometry::valueToPixel(axes, QPointF(p.ai, p.flops)));
            painter->drawEllipse(at, radius, radius);
        }
    }
    painter->restore();
}

void RoofChartView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    m_chart->resize(QSizeF(size()));
    setSceneRect(m_chart->graphicsItem()->geometry());
}

} // namespace roofscope
