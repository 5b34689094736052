#include "ui/serving/servingchart.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

namespace {

// How near (pixels) a press or hover must be to take a point.
constexpr double kReach = 14.0;

double distance(QPointF a, QPointF b)
{
    return std::hypot(a.x() - b.x(), a.y() - b.y());
}

} // namespace

ServingChart::ServingChart(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("servingChart"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void ServingChart::setFigure(ServingFigure figure, std::vector<std::vector<double>> batches)
{
    // A batch step moves only the rings: the kept picture of the rest stays.
    if (!figure.sameBackground(m_figure))
        m_background = QPixmap();
    m_figure = std::move(figure);
    m_batches = std::move(batches);
    update();
}

QPointF ServingChart::screenPoint(QPointF value) const
{
    return m_figure.frame(QSizeF(size())).toScreen(value);
}

std::optional<double> ServingChart::batchAt(int curve, QPointF at) const
{
    if (curve < 0 || curve >= static_cast<int>(m_figure.curves.size()) ||
        curve >= static_cast<int>(m_batches.size()))
        return std::nullopt;
    const ServingFigureCurve& c = m_figure.curves[static_cast<std::size_t>(curve)];
    const std::vector<double>& batches = m_batches[static_cast<std::size_t>(curve)];
    const std::size_t n = std::min(c.points.size(), batches.size());
    if (n == 0)
        return std::nullopt;
    if (n == 1)
        return batches[0];
    const ServingFigureFrame frame = m_figure.frame(QSizeF(size()));
    double best = std::numeric_limits<double>::infinity();
    double batch = batches[0];
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const QPointF a = frame.toScreen(c.points[i]);
        const QPointF b = frame.toScreen(c.points[i + 1]);
        const QPointF ab = b - a;
        const double len2 = QPointF::dotProduct(ab, ab);
        const double t =
            len2 > 0.0 ? std::clamp(QPointF::dotProduct(at - a, ab) / len2, 0.0, 1.0) : 0.0;
        const double d = distance(at, a + t * ab);
        if (d < best) {
            best = d;
            // The points are batches 1, 2, 4, …: geometric between them, as the axes are.
            batch = batches[i] * std::pow(batches[i + 1] / batches[i], t);
        }
    }
    return std::clamp(std::round(batch), batches.front(), batches[n - 1]);
}

int ServingChart::ringAt(QPointF at) const
{
    const ServingFigureFrame frame = m_figure.frame(QSizeF(size()));
    int best = -1;
    double bestDistance = kReach;
    for (std::size_t c = 0; c < m_figure.curves.size(); ++c) {
        const auto& current = m_figure.curves[c].current;
        if (!current)
            continue;
        const double d = distance(frame.toScreen(*current), at);
        if (d <= bestDistance) {
            best = static_cast<int>(c);
            bestDistance = d;
        }
    }
    return best;
}

std::optional<std::pair<int, int>> ServingChart::pointAt(QPointF at) const
{
    const ServingFigureFrame frame = m_figure.frame(QSizeF(size()));
    std::optional<std::pair<int, int>> best;
    double bestDistance = kReach;
    for (std::size_t c = 0; c < m_figure.curves.size(); ++c) {
        const auto& points = m_figure.curves[c].points;
        for (std::size_t i = 0; i < points.size(); ++i) {
            const double d = distance(frame.toScreen(points[i]), at);
            if (d <= bestDistance) {
                best = std::make_pair(static_cast<int>(c), static_cast<int>(i));
                bestDistance = d;
            }
        }
    }
    for (std::size_t r = 0; r < m_figure.references.size(); ++r) {
        const double d = distance(frame.toScreen(m_figure.references[r].point), at);
        if (d <= bestDistance) {
            best = std::make_pair(-1, static_cast<int>(r));
            bestDistance = d;
        }
    }
    return best;
}

QString ServingChart::toolTipAt(QPointF at) const
{
    if (!m_toolTip)
        return {};
    if (const int ring = ringAt(at); ring >= 0)
        return m_toolTip(ring, -1);
    if (const auto hit = pointAt(at))
        return m_toolTip(hit->first, hit->second);
    return {};
}

void ServingChart::paintEvent(QPaintEvent*)
{
    // Curves, texts and legend are most of the painting and change only with the set-up: kept
    // in a pixmap at the screen's resolution, the rings drawn over it.
    const qreal dpr = devicePixelRatioF();
    if (m_background.isNull() || m_background.size() != size() * dpr ||
        m_background.devicePixelRatio() != dpr) {
        m_background = QPixmap(size() * dpr);
        m_background.setDevicePixelRatio(dpr);
        QPainter cache(&m_background);
        m_figure.paint(&cache, QSizeF(size()), false);
    }
    QPainter painter(this);
    painter.drawPixmap(0, 0, m_background);
    m_figure.paintRings(&painter, QSizeF(size()));
    if (hasFocus()) {
        // Keyboard focus: a frame in the highlight colour, as item views draw it.
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2.0));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
    }
}

void ServingChart::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const QPointF at = event->position();
    int curve = ringAt(at);
    std::optional<double> batch;
    if (curve >= 0) {
        batch = m_currentBatch > 0.0 ? std::optional<double>(m_currentBatch) : batchAt(curve, at);
    } else if (const auto hit = pointAt(at); hit && hit->first >= 0) {
        curve = hit->first;
        const auto& batches = m_batches[static_cast<std::size_t>(curve)];
        if (hit->second < static_cast<int>(batches.size()))
            batch = batches[static_cast<std::size_t>(hit->second)];
    }
    if (curve < 0 || !batch) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_dragCurve = curve;
    emit gestureStarted();
    if (*batch != m_currentBatch)
        emit batchRequested(*batch, true);
    event->accept();
}

void ServingChart::mouseMoveEvent(QMouseEvent* event)
{
    const QPointF at = event->position();
    if (m_dragCurve >= 0 && (event->buttons() & Qt::LeftButton)) {
        if (const auto batch = batchAt(m_dragCurve, at); batch && *batch != m_currentBatch)
            emit batchRequested(*batch, true);
        event->accept();
        return;
    }
    setCursor(ringAt(at) >= 0 ? Qt::OpenHandCursor : Qt::ArrowCursor);
    QWidget::mouseMoveEvent(event);
}

void ServingChart::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_dragCurve >= 0 && event->button() == Qt::LeftButton) {
        endDrag();
        event->accept();
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

// On release, and for a drag whose release will not arrive (a modal dialog took the mouse, the
// chart was hidden), so the session does not stay in the gesture.
void ServingChart::endDrag()
{
    if (m_dragCurve < 0)
        return;
    m_dragCurve = -1;
    emit gestureFinished();
}

void ServingChart::focusOutEvent(QFocusEvent* event)
{
    endDrag();
    QWidget::focusOutEvent(event);
}

void ServingChart::hideEvent(QHideEvent* event)
{
    endDrag();
    QWidget::hideEvent(event);
}

void ServingChart::keyPressEvent(QKeyEvent* event)
{
    if (m_currentBatch <= 0.0) {
        QWidget::keyPressEvent(event);
        return;
    }
    double largest = 1.0;
    for (const auto& batches : m_batches)
        if (!batches.empty())
            largest = std::max(largest, batches.back());
    double next = m_currentBatch;
    switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_Up:
        next = m_currentBatch + 1.0;
        break;
    case Qt::Key_Left:
    case Qt::Key_Down:
        next = m_currentBatch - 1.0;
        break;
    case Qt::Key_PageUp:
        next = m_currentBatch * 2.0;
        break;
    case Qt::Key_PageDown:
        next = std::floor(m_currentBatch / 2.0);
        break;
    case Qt::Key_Home:
        next = 1.0;
        break;
    case Qt::Key_End:
        next = largest;
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    next = std::clamp(next, 1.0, std::max(largest, m_currentBatch));
    if (next != m_currentBatch)
        emit batchRequested(next, false);
    event->accept();
}

bool ServingChart::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace roofscope
