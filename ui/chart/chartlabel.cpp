#include "ui/chart/chartlabel.h"

#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <QPen>

#include <algorithm>

#include <cmath>

namespace roofscope {

namespace {
constexpr qreal kPadX = 3.0;
constexpr qreal kPadY = 1.0;

// The point of `box` nearest `p`: where a leader line from `p` meets the box.
QPointF nearestPointOf(const QRectF& box, QPointF p)
{
    return {std::clamp(p.x(), box.left(), box.right()), std::clamp(p.y(), box.top(), box.bottom())};
}

// A label's leader: one antialiased line, not cached (a line costs less to draw than a cached
// picture costs to make again).
class LeaderLine : public QGraphicsItem {
public:
    explicit LeaderLine(QGraphicsItem* parent) : QGraphicsItem(parent)
    {
        setAcceptedMouseButtons(Qt::NoButton);
        setFlag(QGraphicsItem::ItemStacksBehindParent);
    }

    void set(const QLineF& line, const QColor& color)
    {
        if (line == m_line && color == m_color)
            return;
        if (line != m_line)
            prepareGeometryChange();
        m_line = line;
        m_color = color;
        update();
    }

    QRectF boundingRect() const override
    {
        return QRectF(m_line.p1(), m_line.p2()).normalized().adjusted(-2, -2, 2, 2);
    }

    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(QPen(m_color, 1.0));
        painter->drawLine(m_line);
    }

private:
    QLineF m_line;
    QColor m_color;
};

} // namespace

ChartLabel::ChartLabel(QGraphicsItem* parent) : QGraphicsItem(parent)
{
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
    // Labels move with their points on every slider step: a cached pixmap makes the move a
    // blit instead of a text layout.
    setCacheMode(QGraphicsItem::DeviceCoordinateCache);
    m_leaderItem = new LeaderLine(this);
    m_leaderItem->setVisible(false);
}

void ChartLabel::setText(const QString& text)
{
    if (text == m_text)
        return;
    prepareGeometryChange();
    m_text = text;
    update();
}

void ChartLabel::setFont(const QFont& font)
{
    if (font == m_font)
        return;
    prepareGeometryChange();
    m_font = font;
    update();
}

void ChartLabel::setColor(const QColor& color)
{
    if (color == m_color)
        return;
    m_color = color;
    updateLeader();
    update();
}

void ChartLabel::setBackground(const QColor& color)
{
    if (color == m_background)
        return;
    m_background = color;
    update();
}

QSizeF ChartLabel::sizeFor(const QString& text, const QFont& font)
{
    // The GUI thread's labels: texts change with the values in them, so the cache is emptied
    // when it grows past what a chart shows many times over. By font first: a font hashes from
    // its request, where a key string (QFont::key) was built for every label of every step.
    static QHash<QFont, QHash<QString, QSizeF>> cache;
    static qsizetype entries = 0;
    constexpr qsizetype kMaxEntries = 8192;
    const auto byFont = cache.constFind(font);
    if (byFont != cache.constEnd()) {
        const auto it = byFont->constFind(text);
        if (it != byFont->constEnd())
            return *it;
    }
    const QFontMetricsF fm(font);
    const QSizeF size(fm.horizontalAdvance(text) + 2 * kPadX, fm.height() + 2 * kPadY);
    if (entries >= kMaxEntries) {
        cache.clear();
        entries = 0;
    }
    cache[font].insert(text, size);
    ++entries;
    return size;
}

void ChartLabel::place(const QRectF& box, QPointF anchor)
{
    // Content in local coordinates, position through setPos(): a label that only moves keeps
    // its cache.
    const QRectF local(QPointF(), box.size());
    const QPointF localAnchor = anchor - box.topLeft();
    const QPointF d = nearestPointOf(local, localAnchor) - localAnchor;
    const bool leader = std::hypot(d.x(), d.y()) > 14.0;
    if (local != m_box) {
        prepareGeometryChange();
        m_box = local;
        update();
    }
    m_anchor = localAnchor;
    m_leader = leader;
    updateLeader();
    setPos(box.topLeft());
}

void ChartLabel::updateLeader()
{
    auto* line = static_cast<LeaderLine*>(m_leaderItem);
    line->setVisible(m_leader);
    if (!m_leader)
        return;
    QColor c = m_color;
    c.setAlphaF(0.6);
    line->set(QLineF(m_anchor, nearestPointOf(m_box, m_anchor)), c);
}

QRectF ChartLabel::boundingRect() const
{
    return m_box.adjusted(-1, -1, 1, 1);
}

void ChartLabel::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (m_text.isEmpty())
        return;
    painter->setRenderHint(QPainter::Antialiasing);
    if (m_background.isValid() && m_background.alpha() > 0) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_background);
        painter->drawRoundedRect(m_box, 3, 3);
    }
    painter->setFont(m_font);
    painter->setPen(m_color);
    painter->drawText(m_box, Qt::AlignCenter, m_text);
}

} // namespace roofscope
