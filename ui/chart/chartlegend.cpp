#include "ui/chart/chartlegend.h"

#include <QFontMetricsF>
#include <QPainter>

namespace roofscope {

namespace {
constexpr qreal kSwatch = 22.0;
constexpr qreal kGap = 6.0;
constexpr qreal kSpacing = 18.0;
} // namespace

ChartLegend::ChartLegend(QGraphicsItem* parent) : QGraphicsItem(parent)
{
    setAcceptedMouseButtons(Qt::NoButton);
    setCacheMode(QGraphicsItem::DeviceCoordinateCache);
}

void ChartLegend::setEntries(QList<Entry> entries, const QFont& font, const QColor& text,
                             qreal lineWidth)
{
    prepareGeometryChange();
    m_entries = std::move(entries);
    m_font = font;
    m_text = text;
    m_lineWidth = lineWidth;
    update();
}

void ChartLegend::setMaxWidth(qreal width)
{
    if (qFuzzyCompare(width + 1.0, m_maxWidth + 1.0))
        return;
    prepareGeometryChange();
    m_maxWidth = width;
    update();
}

qreal ChartLegend::scale() const
{
    const qreal natural = naturalSize().width();
    return m_maxWidth > 0 && natural > m_maxWidth ? m_maxWidth / natural : 1.0;
}

QSizeF ChartLegend::size() const
{
    return naturalSize() * scale();
}

QSizeF ChartLegend::naturalSize() const
{
    const QFontMetricsF fm(m_font);
    qreal w = 0;
    for (const Entry& e : m_entries)
        w += kSwatch + kGap + fm.horizontalAdvance(e.text) + kSpacing;
    return {std::max<qreal>(0, w - kSpacing), fm.height() + 4};
}

QRectF ChartLegend::boundingRect() const
{
    return QRectF(QPointF(), size());
}

void ChartLegend::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QFontMetricsF fm(m_font);
    const qreal h = fm.height() + 4;
    painter->setRenderHint(QPainter::Antialiasing);
    painter->scale(scale(), scale());
    painter->setFont(m_font);
    qreal x = 0;
    for (const Entry& e : m_entries) {
        QPen pen(e.color, m_lineWidth);
        pen.setCapStyle(Qt::RoundCap);
        painter->setPen(pen);
        painter->drawLine(QPointF(x + 2, h / 2), QPointF(x + kSwatch - 2, h / 2));
        x += kSwatch + kGap;
        painter->setPen(m_text);
        const qreal w = fm.horizontalAdvance(e.text);
        painter->drawText(QRectF(x, 0, w + 2, h), Qt::AlignLeft | Qt::AlignVCenter, e.text);
        x += w + kSpacing;
    }
}

} // namespace roofscope
