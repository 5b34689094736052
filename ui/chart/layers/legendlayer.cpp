#include "ui/chart/layers/legendlayer.h"

#include "ui/chart/chartlegend.h"
#include "ui/chart/roofchart.h"

#include <QGraphicsWidget>

namespace roofscope {

void LegendLayer::attach(const ChartHost& host)
{
    m_item = new ChartLegend(host.item);
}

QStringList LegendLayer::namesOf(const ChartContext& context)
{
    QStringList names;
    for (const FigureGpu& g : context.figure.gpus) {
        QString name = QString::fromStdString(g.name);
        if (g.baseline)
            name += QStringLiteral(" ") + RoofChart::tr("(baseline)");
        names << name;
    }
    return names;
}

qreal LegendLayer::heightAbovePlot(const ChartContext& context, qreal width) const
{
    if (context.figure.gpus.empty())
        return 0.0;
    return ChartLegend::layoutFor(namesOf(context), context.style.tickFont, width).size.height();
}

void LegendLayer::update(const ChartContext& context, ChartChanges changes)
{
    if (changes & (ChartChange::Style | ChartChange::Gpus)) {
        const QStringList names = namesOf(context);
        QList<ChartLegend::Entry> entries;
        for (qsizetype i = 0; i < names.size(); ++i)
            entries.append({QColor::fromRgb(context.figure.gpus[static_cast<std::size_t>(i)].rgb(
                                context.style.theme)),
                            names[i]});
        m_item->setEntries(entries, context.style.tickFont, context.style.text,
                           context.style.roofWidth);
    }
    const QRectF plot = context.axes.plot;
    m_item->setMaxWidth(plot.width());
    m_item->setPos(plot.left(), plot.top() - m_item->size().height() - 6);
}

QStringList LegendLayer::names() const
{
    QStringList out;
    for (const auto& e : m_item->entries())
        out << e.text;
    return out;
}

QFont LegendLayer::font() const
{
    return m_item->layout().font;
}

int LegendLayer::rows() const
{
    return m_item->layout().rows;
}

QRectF LegendLayer::box() const
{
    return QRectF(m_item->pos(), m_item->size());
}

} // namespace roofscope
