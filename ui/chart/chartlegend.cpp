#include "ui/chart/chartlegend.h"

#include <QPainter>

#include <limits>

namespace roofscope {

ChartLegend::ChartLegend(QGraphicsItem* parent) : QGraphicsItem(parent)
{
    setAcceptedMouseButtons(Qt::NoButton);
    setCacheMode(QGraphicsItem::DeviceCoordinateCache);
}

LegendLayout::Result ChartLegend::layoutFor(const QStringList& names, const QFont& font,
                                            qreal width)
{
    LegendLayout::Params params;
    params.font = font;
    return LegendLayout::layout(names, width > 0 ? width : std::numeric_limits<qreal>::max() / 4,
                                params);
}

void ChartLegend::relayout()
{
    prepareGeometryChange();
    QStringList names;
    for (const Entry& e : m_entries)
        names << e.text;
    m_layout = layoutFor(names, m_font, m_maxWidth);
    update();
}

void ChartLegend::setEntries(QList<Entry> entries, const QFont& font, const QColor& text,
                             qreal lineWidth)
{
    m_entries = std::move(entries);
    m_font = font;
    m_text = text;
    m_lineWidth = lineWidth;
    relayout();
}

void ChartLegend::setMaxWidth(qreal width)
{
    if (qFuzzyCompare(width + 1.0, m_maxWidth + 1.0))
        return;
    m_maxWidth = width;
    relayout();
}

QRectF ChartLegend::boundingRect() const
{
    return QRectF(QPointF(), m_layout.size).adjusted(-2, -2, 2, 2);
}

void ChartLegend::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(m_layout.font);
    for (std::size_t i = 0; i < m_layout.entries.size() && i < std::size_t(m_entries.size()); ++i) {
        const LegendLayout::Entry& e = m_layout.entries[i];
        QPen pen(m_entries[static_cast<qsizetype>(i)].color, m_lineWidth);
        pen.setCapStyle(Qt::RoundCap);
        painter->setPen(pen);
        const qreal y = e.swatch.center().y();
        painter->drawLine(QPointF(e.swatch.left() + 2, y), QPointF(e.swatch.right() - 2, y));
        painter->setPen(m_text);
        painter->drawText(e.text.adjusted(0, 0, 2, 0), Qt::AlignLeft | Qt::AlignVCenter,
                          e.shownText);
    }
}

} // namespace roofscope
