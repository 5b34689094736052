#include "ui/chart/layers/labelslayer.h"

#include "ui/text/datanames.h"

#include "core/document/labelkeys.h"
#include "core/document/scenario.h"
#include "core/util/format.h"
#include "ui/chart/chartlabel.h"
#include "ui/chart/kernellabels.h"
#include "ui/chart/labelplacer.h"
#include "ui/chart/roofchart.h"

#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsWidget>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

namespace {

QString elided(const QString& s, int max)
{
    return s.size() <= max ? s : s.left(max - 1) + QChar(u'…');
}

// The document keeps a dragged label's centre relative to its anchor (scenario.h); the
// placer wants the box's top-left.
QHash<QString, QPointF> pinnedOffsets(const LabelPositions& positions,
                                      const std::vector<LabelPlacer::Request>& requests)
{
    QHash<QString, QPointF> out;
    if (positions.empty())
        return out;
    for (const LabelPlacer::Request& r : requests) {
        if (r.key.isEmpty())
            continue;
        const auto it = positions.find(r.key.toStdString());
        if (it != positions.end())
            out.insert(r.key, QPointF(it->second.dx - r.size.width() / 2.0,
                                      it->second.dy - r.size.height() / 2.0));
    }
    return out;
}

} // namespace

void LabelsLayer::attach(const ChartHost& host)
{
    m_host = host.item;
    m_hiddenNote = new QGraphicsSimpleTextItem(host.item);
    m_hiddenNote->setZValue(1000);
}

std::vector<ChartLabel*> LabelsLayer::labelItems(const std::vector<QString>& texts,
                                                 const ChartStyle& style)
{
    std::vector<ChartLabel*> out(texts.size(), nullptr);
    QHash<QString, std::vector<std::size_t>> wanting; // text -> indices in `texts`
    for (std::size_t i = texts.size(); i-- > 0;)
        wanting[texts[i]].push_back(i);
    std::vector<ChartLabel*> spare;
    for (ChartLabel* item : m_labels) {
        const auto it = item->isVisible() ? wanting.find(item->text()) : wanting.end();
        if (it != wanting.end() && !it->empty()) {
            out[it->back()] = item;
            it->pop_back();
        } else {
            spare.push_back(item);
        }
    }
    for (ChartLabel*& item : out) {
        if (item)
            continue;
        if (spare.empty()) {
            item = new ChartLabel(m_host);
            item->setZValue(1000);
            m_labels.push_back(item);
        } else {
            item = spare.back();
            spare.pop_back();
        }
    }
    for (ChartLabel* item : spare)
        item->setVisible(false);
    for (ChartLabel* item : out) {
        item->setVisible(true);
        item->setBackground(style.labelBackground);
    }
    return out;
}

void LabelsLayer::update(const ChartContext& context, ChartChanges changes)
{
    (void)changes; // labels follow every change: points, roofs, range and style
    const ChartStyle& style = context.style;
    const Figure& figure = context.figure;
    const geometry::LogAxes& axes = context.axes;
    const QRectF plot = axes.plot;

    struct Spec {
        QString text;
        QColor color;
        QFont font;
    };
    std::vector<Spec> specs;
    std::vector<LabelPlacer::Request> requests;
    std::vector<QRectF> obstacles = context.obstacles;
    auto request = [&](const QString& text, const QColor& color, const QFont& font, QPointF anchor,
                       double value, const QString& key, int priority) {
        specs.push_back({text, color, font});
        LabelPlacer::Request r;
        r.anchor = anchor;
        r.size = ChartLabel::sizeFor(text, font);
        r.text = text;
        r.value = value;
        r.key = key;
        r.priority = priority;
        requests.push_back(r);
    };

    // Ridges, with the selected operator's crossing of it.
    const int selected = figure.selected;
    std::string drivingName;
    if (selected >= 0 && selected < static_cast<int>(figure.operators.size()))
        drivingName = figure.operators[static_cast<std::size_t>(selected)].drivingParam;
    for (const FigureRoof& roof : figure.roofs) {
        if (roof.role != RoofRole::Primary)
            continue;
        const FigureGpu* gpu = figure.gpu(roof.hardware);
        const QColor color = gpu ? QColor::fromRgb(gpu->rgb(style.theme)) : style.mutedText;
        const QPointF ridge(roof.ridgeAi, roof.peak);
        const QPointF anchor = geometry::valueToPixel(axes, ridge);
        const QString key = gpu ? QString::fromStdString(ridgeLabelKey(gpu->id)) : QString();
        QString text =
            RoofChart::tr("ridge %1").arg(QString::fromStdString(formatNumber(ridge.x(), 3)));
        for (const FigureSweep& s : figure.sweeps) {
            if (s.hardware == roof.hardware && s.crossing && !drivingName.empty())
                text +=
                    QStringLiteral(" · ") +
                    RoofChart::tr("%1 ≥ %2").arg(drivingParamLabel(drivingName),
                                                 QString::number(std::ceil(*s.crossing), 'f', 0));
        }
        request(text, color, style.labelFont, anchor, std::numeric_limits<double>::quiet_NaN(), key,
                3);
        obstacles.emplace_back(anchor.x() - 5, anchor.y() - 5, 10, 10);
    }
    int skipped = 0; // operator labels not even tried
    // Operators: next to the highest point of each operator's column.
    if (figure.toggles.labels) {
        // Each operator's highest point in one pass over the points.
        std::vector<const FigurePoint*> tops(figure.operators.size(), nullptr);
        for (const FigurePoint& p : figure.points) {
            if (p.op < 0 || p.op >= static_cast<int>(tops.size()))
                continue;
            const FigurePoint*& top = tops[static_cast<std::size_t>(p.op)];
            if (!top || p.estimate.attainable > top->estimate.attainable)
                top = &p;
        }
        // Past kMaxOperatorLabels (the selected one always included) the rest are counted as
        // hidden without a search: a 1,000-operator chart has room for a few dozen, and
        // searching places for the others was most of a large figure's time.
        constexpr int kMaxOperatorLabels = 120;
        int requested = 0;
        std::vector<std::string> names;
        for (const FigureOperator& o : figure.operators)
            names.push_back(o.name);
        const std::vector<std::string> keys = operatorLabelKeys(names);
        for (std::size_t op = 0; op < figure.operators.size(); ++op) {
            const FigurePoint* top = tops[op];
            if (!top)
                continue;
            if (requested >= kMaxOperatorLabels && static_cast<int>(op) != selected) {
                ++skipped;
                continue;
            }
            ++requested;
            const DataPoint v = top->value();
            QFont font = style.labelFont;
            if (static_cast<int>(op) == selected)
                font.setBold(true);
            request(elided(QString::fromStdString(figure.operators[op].name), 24), style.text, font,
                    geometry::valueToPixel(axes, QPointF(v.ai, v.flops)),
                    std::numeric_limits<double>::quiet_NaN(), QString::fromStdString(keys[op]), 2);
        }
    }
    // Measured kernels: the top ones by time (kernellabels.h); the rest on hover.
    for (const KernelLabel& k : kernelLabels(context)) {
        request(k.text, k.color, style.labelFont, k.anchor,
                std::numeric_limits<double>::quiet_NaN(), k.key, 2);
        obstacles.push_back(k.marker);
    }
    // Extra roofs: a flat roof is named at the view's right edge, a cache slope at its ridge;
    // one label per distinct (name, value).
    QFont small = style.labelFont;
    small.setPointSizeF(small.pointSizeF() * 0.85);
    for (const FigureRoof& roof : figure.roofs) {
        // An unnamed roof would be an empty box with a leader dot.
        if (roof.role == RoofRole::Primary || roof.label.empty())
            continue;
        const FigureGpu* gpu = figure.gpu(roof.hardware);
        const QColor color = gpu ? QColor::fromRgb(gpu->rgb(style.theme)) : style.mutedText;
        const QPointF end(roof.flat ? axes.range.aiMax : std::min(roof.ridgeAi, axes.range.aiMax),
                          roof.peak);
        QPointF anchor = geometry::valueToPixel(axes, end);
        anchor.setX(std::min(anchor.x(), plot.right() - 2));
        // A flat roof's label has one natural place, on its line at the right edge, and goes
        // before the operators' (whose labels can sit on any side of their point): placed
        // after them it was pushed off its line behind a long leader.
        request(roofDisplayName(roof), color, small, anchor,
                roof.flat ? roof.peak : std::numeric_limits<double>::quiet_NaN(),
                QString::fromStdString(roofLabelKey(roof.label, roof.peak)), roof.flat ? 3 : 1);
    }

    LabelPlacer placer;
    placer.setBounds(plot);
    placer.setObstacles(std::move(obstacles));
    placer.setAnchorGap(style.markerSize / 2.0 + 2.0);
    const QHash<QString, QPointF> userPins =
        pinnedOffsets(context.session.viewSettings()->labelPositions(), requests);
    QHash<QString, QPointF> pins = userPins;
    if (context.holdLabels) {
        for (const Visible& v : m_visible) {
            if (!v.key.isEmpty() && !pins.contains(v.key))
                pins.insert(v.key, v.box.topLeft() - v.anchor);
        }
    }
    placer.setPinnedOffsets(std::move(pins));
    if (context.followLabels && !context.holdLabels) {
        QHash<QString, QPointF> preferred =
            context.preferredLabels ? *context.preferredLabels : QHash<QString, QPointF>();
        // Every place a label had in this drag, not only in the last frame: a label missing
        // from one frame (its point off the plot, or the operator list rebuilt between two
        // paints) comes back where it was instead of being placed afresh somewhere else.
        for (auto it = m_dragOffsets.cbegin(); it != m_dragOffsets.cend(); ++it)
            preferred.insert(it.key(), it.value());
        placer.setPreferredOffsets(std::move(preferred));
        placer.setKeepPreferred(true);
    } else if (context.preferredLabels) {
        placer.setPreferredOffsets(*context.preferredLabels);
    }
    const LabelPlacer::Result result = placer.place(requests);

    m_visible.clear();
    std::vector<QString> texts;
    for (const LabelPlacer::Placed& placed : result.labels)
        texts.push_back(specs[static_cast<std::size_t>(placed.request)].text);
    const std::vector<ChartLabel*> items = labelItems(texts, style);
    std::size_t n = 0;
    for (const LabelPlacer::Placed& placed : result.labels) {
        const Spec& spec = specs[static_cast<std::size_t>(placed.request)];
        ChartLabel* label = items[n++];
        label->setText(spec.text);
        label->setFont(spec.font);
        // A label standing for several GPUs' roofs belongs to none of them.
        label->setColor(placed.merged.size() > 1 ? style.mutedText : spec.color);
        label->place(placed.rect, placed.anchor);
        const auto& lead = requests[static_cast<std::size_t>(placed.request)];
        m_visible.push_back({spec.text, placed.rect, placed.leader, lead.key, placed.anchor,
                             placed.pinned && userPins.contains(lead.key)});
    }

    // Outside a drag the layout starts the next drag's memory afresh.
    if (!context.followLabels || context.holdLabels)
        m_dragOffsets.clear();
    for (const Visible& v : m_visible) {
        if (!v.key.isEmpty())
            m_dragOffsets.insert(v.key, v.box.topLeft() - v.anchor);
    }

    m_hidden = result.hiddenCount() + skipped;
    m_hiddenNote->setVisible(m_hidden > 0);
    if (m_hidden > 0) {
        m_hiddenNote->setFont(small);
        m_hiddenNote->setBrush(style.mutedText);
        m_hiddenNote->setText(RoofChart::tr("%n label(s) hidden", "", m_hidden));
        const QRectF br = m_hiddenNote->boundingRect();
        m_hiddenNote->setPos(plot.right() - br.width() - 4, plot.bottom() - br.height() - 2);
    }
}

} // namespace roofscope
