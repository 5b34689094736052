#include "ui/chart/layers/gridaxeslayer.h"

#include "ui/chart/lineartcanvas.h"
#include "ui/chart/logticks.h"
#include "ui/chart/roofchart.h"

#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsWidget>

namespace roofscope {

void GridAxesLayer::attach(const ChartHost& host)
{
    m_host = host.item;
    m_grid = host.lineArt; // the grid goes under every slot of the shared canvas
    m_titleX = new QGraphicsSimpleTextItem(host.item);
    m_titleY = new QGraphicsSimpleTextItem(host.item);
    m_titleY->setRotation(-90);
}

QGraphicsSimpleTextItem* GridAxesLayer::tickItem(std::size_t i, const ChartStyle& style)
{
    while (m_ticks.size() <= i) {
        auto* tick = new QGraphicsSimpleTextItem(m_host);
        tick->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
        m_ticks.push_back(tick);
    }
    QGraphicsSimpleTextItem* item = m_ticks[i];
    item->setFont(style.tickFont);
    item->setBrush(style.mutedText);
    item->setVisible(true);
    return item;
}

void GridAxesLayer::update(const ChartContext& context, ChartChanges changes)
{
    const ChartStyle& style = context.style;
    if (changes & ChartChange::Style) {
        m_grid->setGrid(QPen(style.grid, style.theme == Theme::Slide ? 1.5 : 1.0),
                        QPen(style.minorGrid, 1.0));
        for (QGraphicsSimpleTextItem* title : {m_titleX, m_titleY}) {
            title->setFont(style.titleFont);
            title->setBrush(style.text);
        }
        m_titleX->setText(RoofChart::tr("Arithmetic intensity (FLOP/byte)"));
        m_titleY->setText(RoofChart::tr("Attainable performance"));
    }
    if (!(changes & (ChartChange::Style | ChartChange::Range)))
        return;
    const geometry::LogAxes& axes = context.axes;
    const QRectF plot = axes.plot;
    m_grid->setAxes(axes);

    const QFontMetricsF tickMetrics(style.tickFont);
    m_labels.clear();
    std::size_t t = 0;
    LogTicks::Request x;
    x.min = axes.range.aiMin;
    x.max = axes.range.aiMax;
    x.pixelLength = plot.width();
    x.labelSpacing = tickMetrics.horizontalAdvance(QStringLiteral("2×10⁻³")) + 12;
    x.format = LogTicks::Format::PowerOfTen;
    for (const LogTicks::Tick& tick : LogTicks::compute(x)) {
        if (tick.label.isEmpty())
            continue;
        QGraphicsSimpleTextItem* item = tickItem(t++, style);
        item->setText(tick.label);
        const QPointF px = geometry::valueToPixel(axes, {tick.value, axes.range.flopsMin});
        const QRectF br = item->boundingRect();
        item->setPos(px.x() - br.width() / 2.0, plot.bottom() + 4);
        m_labels.push_back({Qt::Horizontal, tick.value, tick.label});
    }
    LogTicks::Request y;
    y.min = axes.range.flopsMin;
    y.max = axes.range.flopsMax;
    y.pixelLength = plot.height();
    y.labelSpacing = tickMetrics.height() * 1.6;
    y.format = LogTicks::Format::Si;
    y.unit = QStringLiteral("FLOP/s");
    for (const LogTicks::Tick& tick : LogTicks::compute(y)) {
        if (tick.label.isEmpty())
            continue;
        QGraphicsSimpleTextItem* item = tickItem(t++, style);
        item->setText(tick.label);
        const QPointF px = geometry::valueToPixel(axes, {axes.range.aiMin, tick.value});
        const QRectF br = item->boundingRect();
        item->setPos(plot.left() - br.width() - 6, px.y() - br.height() / 2.0);
        m_labels.push_back({Qt::Vertical, tick.value, tick.label});
    }
    for (std::size_t i = t; i < m_ticks.size(); ++i)
        m_ticks[i]->setVisible(false);

    const QRectF bx = m_titleX->boundingRect();
    m_titleX->setPos(plot.center().x() - bx.width() / 2.0,
                     plot.bottom() + tickMetrics.height() + 8);
    const QRectF by = m_titleY->boundingRect();
    m_titleY->setPos(plot.left() - tickMetrics.horizontalAdvance(QStringLiteral("100 PFLOP/s")) -
                         by.height() - 12,
                     plot.center().y() + by.width() / 2.0);
}

} // namespace roofscope
