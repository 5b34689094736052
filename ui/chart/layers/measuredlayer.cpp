#include "ui/chart/layers/measuredlayer.h"

#include "core/util/format.h"
#include "ui/chart/pointcloud.h"
#include "ui/chart/roofchart.h"
#include "ui/text/humanformat.h"

#include <QGraphicsWidget>
#include <QLineF>

#include <algorithm>
#include <array>

namespace roofscope {

namespace {

constexpr int kLevels = 3; // MemLevel: Dram, L2, L1

PointCloud::Shape shapeOf(MemLevel level)
{
    switch (level) {
    case MemLevel::L2:
        return PointCloud::Shape::Square;
    case MemLevel::L1:
        return PointCloud::Shape::TriangleUp;
    case MemLevel::Dram:
        break;
    }
    return PointCloud::Shape::Diamond;
}

QString levelText(MemLevel level)
{
    switch (level) {
    case MemLevel::L2:
        return QStringLiteral("L2");
    case MemLevel::L1:
        return QStringLiteral("L1");
    case MemLevel::Dram:
        break;
    }
    return QStringLiteral("DRAM");
}

QString percent(double v)
{
    return HumanFormat::count(v, v < 10.0 ? 2 : 3) + QStringLiteral(" %");
}

} // namespace

qreal MeasuredLayer::smallestMarker(const ChartStyle& style)
{
    // Below about 6 px a marker's shape (its memory level) cannot be told apart.
    return style.markerSize * 0.6;
}

qreal MeasuredLayer::largestMarker(const ChartStyle& style)
{
    // A kernel that takes the whole run: as big as the analytic layer's largest point, a
    // little less, so a linked operator's point stays visible next to it.
    return style.markerSize * 4.5;
}

qreal MeasuredLayer::markerSizeFor(const ChartStyle& style, double share)
{
    const qreal smallest = smallestMarker(style);
    const qreal largest = largestMarker(style);
    return PointCloud::sizeOfClass(PointCloud::sizeClassFor(share, smallest, largest), smallest,
                                   largest);
}

std::vector<bool> MeasuredLayer::beforeSets(const Figure& figure)
{
    std::vector<bool> out;
    for (const MeasuredLink& l : figure.links) {
        if (l.kind != MeasuredLinkKind::BeforeAfter || l.from < 0 ||
            l.from >= static_cast<int>(figure.measured.size()))
            continue;
        const int set = figure.measured[static_cast<std::size_t>(l.from)].set;
        if (set < 0)
            continue;
        if (out.size() <= static_cast<std::size_t>(set))
            out.resize(static_cast<std::size_t>(set) + 1, false);
        out[static_cast<std::size_t>(set)] = true;
    }
    return out;
}

void MeasuredLayer::attach(const ChartHost& host)
{
    m_cloud = new PointCloud(host.item);
    // Over the roofs, under the analytic points and the labels.
    m_cloud->setZValue(2);
}

void MeasuredLayer::update(const ChartContext& context, ChartChanges changes)
{
    const Figure& figure = context.figure;
    if (changes & (ChartChange::Style | ChartChange::Gpus | ChartChange::Measured)) {
        const ChartStyle& style = context.style;
        const qreal smallest = smallestMarker(style);
        const qreal largest = largestMarker(style);
        // Base style ((g · 3 + level) · 2 + faded): GPU g's colour (the last for kernels of no
        // shown GPU) in the level's shape, faded for a comparison's "before" run; each expands
        // to the size classes.
        std::vector<PointCloud::Marker> base;
        const QColor outline = style.theme == Theme::Dark ? QColor(0xe0e0e0) : QColor(0x202020);
        for (std::size_t g = 0; g <= figure.gpus.size(); ++g) {
            const bool known = g < figure.gpus.size();
            for (int level = 0; level < kLevels; ++level) {
                for (const bool faded : {false, true}) {
                    PointCloud::Marker m;
                    m.shape = shapeOf(static_cast<MemLevel>(level));
                    m.fill =
                        known ? QColor::fromRgb(figure.gpus[g].rgb(style.theme)) : style.mutedText;
                    m.fill.setAlphaF(faded ? 0.25 : 0.7);
                    m.outline = outline;
                    m.outline.setAlphaF(faded ? 0.45 : 1.0);
                    m.outlineWidth = 0.8;
                    base.push_back(m);
                }
            }
        }
        const std::vector<bool> before = beforeSets(figure);
        const std::size_t n = figure.measured.size();
        std::vector<std::uint16_t> marker(n);
        std::array<int, PointCloud::kSizeClasses> perClass{};
        for (std::size_t i = 0; i < n; ++i) {
            const MeasuredPoint& m = figure.measured[i];
            std::size_t g = figure.gpus.size();
            for (std::size_t k = 0; k < figure.gpus.size(); ++k) {
                if (figure.gpus[k].hardware == m.hardware)
                    g = k;
            }
            const int sizeClass = PointCloud::sizeClassFor(m.timeShare, smallest, largest);
            ++perClass[static_cast<std::size_t>(sizeClass)];
            const bool faded = m.set >= 0 && m.set < static_cast<int>(before.size()) &&
                               before[static_cast<std::size_t>(m.set)];
            const std::size_t baseStyle =
                (g * kLevels + static_cast<std::size_t>(m.level)) * 2 + (faded ? 1 : 0);
            marker[i] = static_cast<std::uint16_t>(baseStyle * PointCloud::kSizeClasses +
                                                   static_cast<std::size_t>(sizeClass));
        }
        // Largest first (a counting sort by class, stable within one): a big kernel's marker
        // never hides the small ones around it.
        std::array<int, PointCloud::kSizeClasses> start{};
        for (int c = PointCloud::kSizeClasses - 2; c >= 0; --c)
            start[static_cast<std::size_t>(c)] =
                start[static_cast<std::size_t>(c) + 1] + perClass[static_cast<std::size_t>(c) + 1];
        m_measuredOf.assign(n, -1);
        m_cloudOf.assign(n, -1);
        m_sizeOf.assign(n, 0.0);
        for (std::size_t i = 0; i < n; ++i) {
            const auto c = static_cast<std::size_t>(marker[i] % PointCloud::kSizeClasses);
            const int at = start[c]++;
            m_measuredOf[static_cast<std::size_t>(at)] = static_cast<int>(i);
            m_cloudOf[i] = at;
            m_sizeOf[i] = PointCloud::sizeOfClass(static_cast<int>(c), smallest, largest);
        }
        std::vector<QPointF> values(n);
        std::vector<std::uint16_t> markerOf(n);
        for (std::size_t at = 0; at < n; ++at) {
            const auto i = static_cast<std::size_t>(m_measuredOf[at]);
            values[at] = QPointF(figure.measured[i].value.ai, figure.measured[i].value.flops);
            markerOf[at] = marker[i];
        }
        m_cloud->setMarkers(PointCloud::withSizeClasses(base, smallest, largest));
        m_cloud->setPoints(values, std::move(markerOf));
        // An empty cloud would still cost a plot-sized layer per frame.
        m_cloud->setVisible(n > 0);
    }
    if (changes & (ChartChange::Selection | ChartChange::Measured)) {
        // The kernel selected in the Kernels table, at its DRAM point.
        int highlighted = -1;
        for (std::size_t i = 0; i < figure.measured.size() && i < m_cloudOf.size(); ++i) {
            const MeasuredPoint& m = figure.measured[i];
            if (m.set == figure.selectedKernelSet && m.kernel == figure.selectedKernel &&
                m.level == MemLevel::Dram)
                highlighted = m_cloudOf[i];
        }
        m_cloud->setHighlighted(highlighted);
    }
    m_cloud->setAxes(context.axes);
}

qreal MeasuredLayer::markerSize(int measured) const
{
    if (measured < 0 || measured >= static_cast<int>(m_cloudOf.size()))
        return 0.0;
    return m_sizeOf[static_cast<std::size_t>(measured)];
}

std::optional<QString> MeasuredLayer::toolTipAt(const ChartContext& context, QPointF chartPos) const
{
    const qreal reach = largestMarker(context.style) / 2.0;
    const int at = m_cloud->nearest(chartPos, reach);
    if (at < 0 || at >= static_cast<int>(m_measuredOf.size()))
        return std::nullopt;
    const int index = m_measuredOf[static_cast<std::size_t>(at)];
    const Figure& figure = context.figure;
    if (index < 0 || index >= static_cast<int>(figure.measured.size()))
        return std::nullopt;
    // Inside the marker, or within 6 px of a small one.
    const qreal radius = std::max<qreal>(6.0, markerSize(index) / 2.0 + 1.0);
    if (QLineF(m_cloud->pixelOf(at), chartPos).length() > radius)
        return std::nullopt;
    const MeasuredPoint& m = figure.measured[static_cast<std::size_t>(index)];
    const FigureGpu* gpu = figure.gpu(m.hardware);
    QStringList lines;
    lines << RoofChart::tr("%1 (measured on %2)")
                 .arg(QString::fromStdString(m.name),
                      gpu ? QString::fromStdString(gpu->name) : RoofChart::tr("unknown GPU"));
    const MeasuredKernel* k = context.session.measurements().kernel(m.set, m.kernel);
    if (k && !k->name.empty() && k->name != m.name) {
        QString full = QString::fromStdString(k->name);
        if (full.size() > 120)
            full = full.left(119) + QChar(u'…');
        lines << full;
    }
    lines << RoofChart::tr("AI %1 FLOP/byte at %2, %3 achieved")
                 .arg(HumanFormat::count(m.value.ai, 3), levelText(m.level),
                      QString::fromStdString(formatFlopsRate(m.value.flops)));
    if (k && !k->timeKnown) {
        lines << RoofChart::tr("time not in this file (placed from its rates)");
    } else if (k) {
        const QString time = QString::fromStdString(formatDuration(k->timeS));
        const QString share = percent(m.timeShare * 100.0);
        lines << (k->launches == 1
                      ? RoofChart::tr("%1 (%2 of the run), 1 launch").arg(time, share)
                      : RoofChart::tr("%1 (%2 of the run), %3 launches")
                            .arg(time, share,
                                 HumanFormat::count(static_cast<double>(k->launches))));
    }
    if (m.percentOfRoof && m.bound)
        lines << (*m.bound == Bound::Memory
                      ? RoofChart::tr("%1 of the roof at its DRAM intensity, memory-bound")
                      : RoofChart::tr("%1 of the roof at its DRAM intensity, compute-bound"))
                     .arg(percent(*m.percentOfRoof));
    else if (m.percentOfRoof)
        lines
            << RoofChart::tr("%1 of the roof at its DRAM intensity").arg(percent(*m.percentOfRoof));
    return lines.join(QLatin1Char('\n'));
}

} // namespace roofscope
