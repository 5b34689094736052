#include "ui/chart/layers/measuredlayer.h"

#include "core/format.h"
#include "ui/chart/pointcloud.h"
#include "ui/chart/roofchart.h"

#include <QGraphicsWidget>

namespace roofscope {

void MeasuredLayer::attach(const ChartHost& chart)
{
    QGraphicsWidget* host = chart.item;
    m_cloud = new PointCloud(host);
    // Over the roofs, under the analytic points and the labels.
    m_cloud->setZValue(2);
}

void MeasuredLayer::update(const ChartContext& context, ChartChanges changes)
{
    if (changes & (ChartChange::Style | ChartChange::Gpus | ChartChange::Measured)) {
        const Figure& figure = context.figure;
        const ChartStyle& style = context.style;
        // Marker i is GPU i's colour; the last one is for kernels of no shown GPU.
        std::vector<PointCloud::Marker> markers;
        for (const FigureGpu& g : figure.gpus) {
            PointCloud::Marker m;
            m.shape = PointCloud::Shape::Diamond;
            m.fill = QColor::fromRgb(g.rgb(style.theme));
            m.fill.setAlphaF(0.7);
            m.outline = style.theme == Theme::Dark ? QColor(0xe0e0e0) : QColor(0x202020);
            m.size = style.markerSize * 0.8;
            markers.push_back(m);
        }
        PointCloud::Marker other;
        other.shape = PointCloud::Shape::Cross;
        other.fill = style.mutedText;
        other.size = style.markerSize * 0.8;
        markers.push_back(other);
        std::vector<QPointF> values;
        std::vector<std::uint16_t> markerOf;
        values.reserve(figure.measured.size());
        markerOf.reserve(figure.measured.size());
        for (const MeasuredPoint& m : figure.measured) {
            values.emplace_back(m.value.ai, m.value.flops);
            std::uint16_t marker = static_cast<std::uint16_t>(figure.gpus.size());
            for (std::size_t g = 0; g < figure.gpus.size(); ++g) {
                if (figure.gpus[g].hardware == m.hardware)
                    marker = static_cast<std::uint16_t>(g);
            }
            markerOf.push_back(marker);
        }
        m_cloud->setMarkers(std::move(markers));
        m_cloud->setPoints(values, std::move(markerOf));
        // An empty cloud would still cost a plot-sized layer per frame.
        m_cloud->setVisible(!figure.measured.empty());
    }
    if (changes & (ChartChange::Selection | ChartChange::Measured)) {
        // The kernel selected in the Kernels table, at its DRAM point.
        const Figure& figure = context.figure;
        int highlighted = -1;
        for (std::size_t i = 0; i < figure.measured.size(); ++i) {
            const MeasuredPoint& m = figure.measured[i];
            if (m.set == figure.selectedKernelSet && m.kernel == figure.selectedKernel &&
                m.level == MemLevel::Dram)
                highlighted = static_cast<int>(i);
        }
        m_cloud->setHighlighted(highlighted);
    }
    m_cloud->setAxes(context.axes);
}

std::optional<QString> MeasuredLayer::toolTipAt(const ChartContext& context, QPointF chartPos) const
{
    const int i = m_cloud->nearest(chartPos, 6.0);
    if (i < 0 || i >= static_cast<int>(context.figure.measured.size()))
        return std::nullopt;
    const MeasuredPoint& m = context.figure.measured[static_cast<std::size_t>(i)];
    const FigureGpu* gpu = context.figure.gpu(m.hardware);
    return RoofChart::tr("%1 (measured on %2)\nAI %3 FLOP/byte, %4")
        .arg(QString::fromStdString(m.name),
             gpu ? QString::fromStdString(gpu->name) : RoofChart::tr("unknown GPU"),
             QString::fromStdString(formatNumber(m.value.ai, 4)),
             QString::fromStdString(formatFlopsRate(m.value.flops)));
}

} // namespace roofscope
