#include "ui/chart/layers/passpointslayer.h"

#include "core/util/format.h"
#include "ui/chart/layers/plotclip.h"
#include "ui/chart/roofchart.h"
#include "ui/text/modelrownames.h"

#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsWidget>
#include <QLineF>
#include <QPainterPath>
#include <QPen>

#include <algorithm>
#include <numeric>

namespace roofscope {

namespace {

constexpr qreal kRadius = 5.5;
// Named beside their diamonds: the operators that take most of the pass's time. More crowd
// the projections' cluster, where a pass's GEMMs sit within a few pixels of each other.
constexpr std::size_t kLabelled = 5;

bool drawable(const DataPoint& p)
{
    return p.ai > 0.0 && p.flops > 0.0;
}

QColor colorOf(const ChartContext& context, int hardware)
{
    const FigureGpu* gpu = context.figure.gpu(hardware);
    return gpu ? QColor::fromRgb(gpu->rgb(context.style.theme)) : context.style.text;
}

// A triangle pointing up: neither the operators' markers nor the measured kernels' diamonds.
void addTriangle(QPainterPath& path, QPointF at, qreal r)
{
    path.moveTo(at.x(), at.y() - r);
    path.lineTo(at.x() + r * 0.95, at.y() + r * 0.65);
    path.lineTo(at.x() - r * 0.95, at.y() + r * 0.65);
    path.closeSubpath();
}

void addArrow(QPainterPath& path, QPointF from, QPointF to)
{
    const qreal length = QLineF(from, to).length();
    if (length < kRadius * 2.0 + 4.0)
        return;
    const QPointF unit = (to - from) / length;
    const QPointF a = from + unit * kRadius;
    const QPointF b = to - unit * (kRadius + 1.0);
    path.moveTo(a);
    path.lineTo(b);
    const QLineF back(b, a);
    path.moveTo(QLineF::fromPolar(8.0, back.angle() + 25.0).translated(b).p2());
    path.lineTo(b);
    path.lineTo(QLineF::fromPolar(8.0, back.angle() - 25.0).translated(b).p2());
}

} // namespace

void PassPointsLayer::attach(const ChartHost& host)
{
    m_host = host.item;
    // Over the measured kernels and their arrows, under the analytic points.
    m_clip = newPlotClip(host.item, 2.55);
    m_arrowsItem = new QGraphicsPathItem(m_clip);
    m_predictedItem = new QGraphicsPathItem(m_clip);
    m_measuredItem = new QGraphicsPathItem(m_clip);
    m_selectedItem = new QGraphicsPathItem(m_clip);
}

int PassPointsLayer::selectedRingCount() const
{
    return m_rings;
}

QStringList PassPointsLayer::labelTexts() const
{
    QStringList texts;
    for (const QGraphicsSimpleTextItem* l : m_labels) {
        if (l->isVisible())
            texts << l->text();
    }
    return texts;
}

void PassPointsLayer::update(const ChartContext& context, ChartChanges changes)
{
    if (!(changes &
          (ChartChange::Style | ChartChange::Measured | ChartChange::Range | ChartChange::Gpus)))
        return;
    const std::vector<FigurePassPoint>& points = context.figure.passPoints;
    const geometry::LogAxes& axes = context.axes;
    m_clip->setRect(axes.plot);
    QPainterPath arrows;
    QPainterPath predicted;
    QPainterPath measured;
    QPainterPath rings;
    m_arrows = 0;
    m_rings = 0;
    QColor color = context.style.text;
    for (const FigurePassPoint& p : points) {
        if (!drawable(p.measured))
            continue;
        color = colorOf(context, p.hardware);
        const QPointF head = geometry::valueToPixel(axes, QPointF(p.measured.ai, p.measured.flops));
        addTriangle(measured, head, kRadius + 1.0);
        if (p.selected) {
            rings.addEllipse(head, kRadius + 5.0, kRadius + 5.0);
            ++m_rings;
        }
        context.obstacles.emplace_back(head.x() - kRadius, head.y() - kRadius, 2 * kRadius,
                                       2 * kRadius);
        if (!p.predicted || !drawable(*p.predicted))
            continue;
        const QPointF tail =
            geometry::valueToPixel(axes, QPointF(p.predicted->ai, p.predicted->flops));
        addTriangle(predicted, tail, kRadius);
        if (p.selected) {
            rings.addEllipse(tail, kRadius + 5.0, kRadius + 5.0);
            ++m_rings;
        }
        const int before = arrows.elementCount();
        addArrow(arrows, tail, head);
        m_arrows += arrows.elementCount() > before ? 1 : 0;
    }
    QPen arrowPen(context.style.mutedText, 1.1, Qt::DashLine);
    arrowPen.setCapStyle(Qt::RoundCap);
    m_arrowsItem->setPen(arrowPen);
    m_arrowsItem->setPath(arrows);
    m_predictedItem->setPen(QPen(color, 1.6));
    m_predictedItem->setBrush(Qt::NoBrush);
    m_predictedItem->setPath(predicted);
    m_measuredItem->setPen(QPen(context.style.text, 0.8));
    m_measuredItem->setBrush(color);
    m_measuredItem->setPath(measured);
    m_selectedItem->setPen(QPen(context.style.text, 2.0));
    m_selectedItem->setBrush(Qt::NoBrush);
    m_selectedItem->setPath(rings);

    // Names beside the diamonds of the longest operators, right of the point, kept in the plot.
    std::vector<std::size_t> order(points.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // The chosen operator first, then the longest.
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (points[a].selected != points[b].selected)
            return points[a].selected;
        return points[a].measuredS > points[b].measuredS;
    });
    std::size_t shown = 0;
    // This layer's names and its markers: a name must not cover another or a triangle.
    std::vector<QRectF> taken;
    for (const FigurePassPoint& p : points) {
        for (const std::optional<DataPoint>& v :
             {std::optional<DataPoint>(p.measured), p.predicted}) {
            if (v && drawable(*v)) {
                const QPointF c = geometry::valueToPixel(axes, QPointF(v->ai, v->flops));
                taken.emplace_back(c.x() - kRadius, c.y() - kRadius, 2 * kRadius, 2 * kRadius);
            }
        }
    }
    for (std::size_t i : order) {
        if (shown >= kLabelled)
            break;
        const FigurePassPoint& p = points[i];
        if (!drawable(p.measured))
            continue;
        const QPointF at = geometry::valueToPixel(axes, QPointF(p.measured.ai, p.measured.flops));
        if (!axes.plot.contains(at))
            continue;
        if (shown >= m_labels.size())
            m_labels.push_back(new QGraphicsSimpleTextItem(m_host));
        QGraphicsSimpleTextItem* label = m_labels[shown++];
        label->setZValue(2.56);
        label->setFont(context.style.labelFont);
        label->setBrush(context.style.text);
        label->setText(ModelRowNames::name(p.name));
        // Right of the point, else left, above or below; a name with no free place is left to
        // the tooltip (a pass's GEMMs often sit within a few pixels of each other).
        const QRectF box = label->boundingRect();
        const qreal gap = kRadius + 3.0;
        const QPointF candidates[] = {{at.x() + gap, at.y() - box.height() / 2.0},
                                      {at.x() - gap - box.width(), at.y() - box.height() / 2.0},
                                      {at.x() - box.width() / 2.0, at.y() - gap - box.height()},
                                      {at.x() - box.width() / 2.0, at.y() + gap}};
        std::optional<QRectF> place;
        for (const QPointF& c : candidates) {
            const QRectF r = box.translated(c);
            const bool free = axes.plot.contains(r) &&
                              std::none_of(taken.begin(), taken.end(),
                                           [&](const QRectF& t) { return t.intersects(r); });
            if (free) {
                place = r;
                break;
            }
        }
        if (!place) {
            label->setVisible(false);
            --shown;
            continue;
        }
        label->setPos(place->topLeft());
        label->setVisible(true);
        taken.push_back(*place);
        context.obstacles.push_back(*place);
    }
    for (std::size_t i = shown; i < m_labels.size(); ++i)
        m_labels[i]->setVisible(false);
}

std::optional<QString> PassPointsLayer::toolTipAt(const ChartContext& context,
                                                  QPointF chartPos) const
{
    for (const FigurePassPoint& p : context.figure.passPoints) {
        for (const bool isPredicted : {false, true}) {
            const std::optional<DataPoint> v = isPredicted ? p.predicted : p.measured;
            if (!v || !drawable(*v))
                continue;
            const QPointF at = geometry::valueToPixel(context.axes, QPointF(v->ai, v->flops));
            if (QLineF(at, chartPos).length() > kRadius + 2.0)
                continue;
            const QString ratio =
                p.predictedS > 0.0
                    ? QString::fromStdString(formatNumber(p.measuredS / p.predictedS, 3))
                    : QStringLiteral("–");
            return RoofChart::tr("%1 (%2)\nmeasured %3 at %4\npredicted %5 · measured ÷ "
                                 "predicted %6×")
                .arg(ModelRowNames::name(p.name),
                     isPredicted ? RoofChart::tr("the model's prediction")
                                 : RoofChart::tr("the trace's kernels"),
                     QString::fromStdString(formatDuration(p.measuredS)),
                     QString::fromStdString(formatFlopsRate(p.measured.flops)),
                     p.predictedS > 0.0 ? QString::fromStdString(formatDuration(p.predictedS))
                                        : RoofChart::tr("nothing (no model row)"),
                     ratio);
        }
    }
    return std::nullopt;
}

} // namespace roofscope
