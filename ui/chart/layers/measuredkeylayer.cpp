#include "ui/chart/layers/measuredkeylayer.h"

#include "ui/chart/pointcloud.h"
#include "ui/chart/roofchart.h"

#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QGraphicsWidget>
#include <QLineF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <optional>

namespace roofscope {

// One row per entry: a marker shape (or an arrow) and its meaning.
class MeasuredKey : public QGraphicsItem {
public:
    struct Entry {
        std::optional<PointCloud::Shape> shape; // none: an arrow, or a note
        QString text;
        bool note = false; // text only, muted
    };

    explicit MeasuredKey(QGraphicsItem* parent) : QGraphicsItem(parent)
    {
        setAcceptedMouseButtons(Qt::NoButton);
    }

    void set(QList<Entry> entries, const QFont& font, const QColor& text, const QColor& ink,
             const QColor& background)
    {
        prepareGeometryChange();
        m_entries = std::move(entries);
        m_font = font;
        m_text = text;
        m_ink = ink;
        m_background = background;
        const QFontMetricsF fm(m_font);
        qreal width = 0.0;
        for (const Entry& e : m_entries)
            width = std::max(width, fm.horizontalAdvance(e.text) + (e.note ? 0 : kSymbol + 6));
        m_row = std::max<qreal>(fm.height(), 12.0);
        m_size = m_entries.isEmpty()
                     ? QSizeF()
                     : QSizeF(std::ceil(kPad * 2 + width),
                              kPad * 2 + m_row * static_cast<qreal>(m_entries.size()));
        update();
    }
    const QList<Entry>& entries() const { return m_entries; }
    QSizeF size() const { return m_size; }

    QRectF boundingRect() const override { return QRectF(QPointF(0, 0), m_size); }
    void paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        if (m_entries.isEmpty())
            return;
        p->save();
        p->setRenderHint(QPainter::Antialiasing);
        p->setPen(Qt::NoPen);
        p->setBrush(m_background);
        p->drawRoundedRect(boundingRect(), 3, 3);
        p->setFont(m_font);
        qreal y = kPad;
        for (const Entry& e : m_entries) {
            const QPointF c(kPad + kSymbol / 2.0, y + m_row / 2.0);
            if (e.shape && !e.note) {
                PointCloud::Marker m;
                m.shape = *e.shape;
                m.fill = m_ink;
                m.outline = m_text;
                m.outlineWidth = 0.8;
                m.size = 9.0;
                PointCloud::drawMarker(p, m, c);
            } else if (!e.note) {
                // The links layer's arrow: a line with an open head.
                p->setPen(QPen(m_text, 1.3, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
                p->setBrush(Qt::NoBrush);
                const QPointF a(c.x() - kSymbol / 2.0, c.y());
                const QPointF b(c.x() + kSymbol / 2.0, c.y());
                p->drawLine(a, b);
                p->drawLine(b, b + QPointF(-5, -2.5));
                p->drawLine(b, b + QPointF(-5, 2.5));
            }
            QColor muted = m_ink;
            muted.setAlphaF(1.0);
            p->setPen(e.note ? muted : m_text);
            p->drawText(QRectF(e.note ? kPad : kPad + kSymbol + 6, y, m_size.width(), m_row),
                        Qt::AlignLeft | Qt::AlignVCenter, e.text);
            y += m_row;
        }
        p->restore();
    }

private:
    static constexpr qreal kPad = 5.0;
    static constexpr qreal kSymbol = 16.0;
    QList<Entry> m_entries;
    QFont m_font;
    QColor m_text;
    QColor m_ink;
    QColor m_background;
    qreal m_row = 12.0;
    QSizeF m_size;
};

void MeasuredKeyLayer::attach(const ChartHost& host)
{
    m_item = new MeasuredKey(host.item);
    m_item->setZValue(900); // under the labels (1000), over every mark
}

void MeasuredKeyLayer::update(const ChartContext& context, ChartChanges changes)
{
    const Figure& figure = context.figure;
    const ChartStyle& style = context.style;
    if (changes &
        (ChartChange::Style | ChartChange::Measured | ChartChange::Gpus | ChartChange::Roofs)) {
        QList<MeasuredKey::Entry> entries;
        if (!figure.measured.empty()) {
            if (figure.measuredHierarchical) {
                entries.append({PointCloud::Shape::Diamond, RoofChart::tr("kernel at DRAM")});
                entries.append({PointCloud::Shape::Square, RoofChart::tr("at L2")});
                entries.append({PointCloud::Shape::TriangleUp, RoofChart::tr("at L1")});
            } else {
                entries.append({PointCloud::Shape::Diamond, RoofChart::tr("measured kernel")});
            }
            entries.append({PointCloud::Shape::Circle, RoofChart::tr("area: share of run time")});
            bool predicted = false;
            bool beforeAfter = false;
            for (const MeasuredLink& l : figure.links) {
                predicted |= l.kind == MeasuredLinkKind::Predicted;
                beforeAfter |= l.kind == MeasuredLinkKind::BeforeAfter;
            }
            if (predicted)
                entries.append({std::nullopt, RoofChart::tr("model → measured")});
            if (beforeAfter)
                entries.append({std::nullopt, RoofChart::tr("before (faded) → after")});
            // The built-in catalog publishes no cache bandwidths: say why no slope is drawn
            // instead of leaving the L2 and L1 points under nothing.
            const bool cacheRoofs =
                std::any_of(figure.roofs.begin(), figure.roofs.end(),
                            [](const FigureRoof& r) { return r.role == RoofRole::Cache; });
            if (figure.measuredHierarchical && !cacheRoofs)
                entries.append(
                    {std::nullopt, RoofChart::tr("no L2/L1 roofs in the catalog"), true});
            // Points under no roof say why: their GPU is unchecked, or unknown.
            for (const MeasuredWithoutRoof& w : figure.measuredWithoutRoof) {
                const QString gpu = QString::fromStdString(w.gpuName);
                QString text;
                if (w.hardware >= 0)
                    text = RoofChart::tr("%1 not shown: no roof (check it)").arg(gpu);
                else if (!gpu.isEmpty())
                    text = RoofChart::tr("%1 not in the catalog: no roof").arg(gpu);
                else
                    text = RoofChart::tr("GPU not named: no roof");
                entries.append({std::nullopt, text, true});
            }
        }
        // The area entry is a hollow circle: it stands for every shape.
        QColor ink = style.mutedText;
        ink.setAlphaF(0.45);
        QFont font = style.tickFont;
        font.setPointSizeF(font.pointSizeF() * 0.9);
        m_item->set(entries, font, style.text, ink, style.labelBackground);
        m_item->setVisible(!entries.isEmpty());
    }
    const QRectF plot = context.axes.plot;
    m_item->setPos(plot.left() + 6, plot.top() + 6);
    if (m_item->isVisible())
        context.obstacles.push_back(box());
}

QStringList MeasuredKeyLayer::texts() const
{
    QStringList out;
    for (const auto& e : m_item->entries())
        out << e.text;
    return out;
}

QRectF MeasuredKeyLayer::box() const
{
    return m_item->isVisible() ? QRectF(m_item->pos(), m_item->size()) : QRectF();
}

} // namespace roofscope
