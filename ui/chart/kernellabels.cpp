#include "ui/chart/kernellabels.h"

#include "ui/chart/layers/measuredlayer.h"

#include <map>
#include <string>
#include <utility>

namespace roofscope {

std::vector<KernelLabel> kernelLabels(const ChartContext& context)
{
    const Figure& figure = context.figure;
    std::vector<KernelLabel> out;
    // In a before/after comparison only the "after" run is named: the arrows lead to it.
    const std::vector<bool> before = MeasuredLayer::beforeSets(figure);
    // One label per name and run, at its longest launch: a kernel launched many times is one
    // row per launch, and several of them among the top ones would stack copies of one name.
    std::map<std::pair<int, std::string>, const MeasuredPoint*> longest;
    for (const MeasuredPoint& m : figure.measured) {
        // At the point every view has (DRAM).
        if (!m.labelled || m.level != MemLevel::Dram)
            continue;
        if (m.set >= 0 && m.set < static_cast<int>(before.size()) &&
            before[static_cast<std::size_t>(m.set)])
            continue;
        const MeasuredPoint*& best = longest[{m.set, m.name}];
        if (!best || m.timeShare > best->timeShare)
            best = &m;
    }
    for (const MeasuredPoint& m : figure.measured) {
        const auto it = longest.find({m.set, m.name});
        if (it == longest.end() || it->second != &m)
            continue;
        const QPointF at = geometry::valueToPixel(context.axes, QPointF(m.value.ai, m.value.flops));
        if (!context.axes.plot.contains(at))
            continue;
        KernelLabel label;
        label.text = QString::fromStdString(m.name);
        if (label.text.size() > 28)
            label.text = label.text.left(27) + QChar(u'…');
        const FigureGpu* gpu = figure.gpu(m.hardware);
        label.color =
            gpu ? QColor::fromRgb(gpu->rgb(context.style.theme)) : context.style.mutedText;
        label.anchor = at;
        const qreal r = MeasuredLayer::markerSizeFor(context.style, m.timeShare) / 2.0;
        label.marker = QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r);
        label.key = QStringLiteral("kernel:%1:%2").arg(m.set).arg(m.kernel);
        out.push_back(std::move(label));
    }
    return out;
}

} // namespace roofscope
