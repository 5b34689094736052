#include "ui/chart/roofchart.h"

#include "core/figure.h"
#include "core/format.h"
#include "ui/chart/chartlabel.h"
#include "ui/chart/chartlegend.h"
#include "ui/chart/rooflayer.h"
#include "ui/datanames.h"
#include "ui/models/comparisonmodel.h"
#include "ui/models/hardwaremodel.h"

#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>

#include <algorithm>
#include <array>
#include <cmath>

namespace roofscope {

namespace {

QScatterSeries::MarkerShape seriesShape(MarkerShape shape)
{
    switch (shape) {
    case MarkerShape::Circle:
        return QScatterSeries::MarkerShapeCircle;
    case MarkerShape::Square:
        return QScatterSeries::MarkerShapeRectangle;
    case MarkerShape::Triangle:
        return QScatterSeries::MarkerShapeTriangle;
    case MarkerShape::Diamond:
        return QScatterSeries::MarkerShapeRotatedRectangle;
    case MarkerShape::Pentagon:
        return QScatterSeries::MarkerShapePentagon;
    case MarkerShape::Star:
        return QScatterSeries::MarkerShapeStar;
    }
    return QScatterSeries::MarkerShapeCircle;
}

// Roofs are clipped to a little more than the view because antialiased stroking of lines that
// run far off screen costs more than the whole rest of the chart.
QList<QPointF> roofPolyline(const FigureRoof& roof, const ViewRange& view)
{
    QList<QPointF> out;
    for (const DataPoint& p : roofPath(roof, view, 2.0))
        out << QPointF(p.ai, p.flops);
    return out;
}

QString elided(const QString& s, int max)
{
    return s.size() <= max ? s : s.left(max - 1) + QChar(u'…');
}

} // namespace

RoofChart::RoofChart(Session* session, HardwareModel* hardware, ComparisonModel* comparison,
                     QGraphicsItem* parent)
    : QChart(parent), m_session(session), m_hardware(hardware), m_comparison(comparison)
{
    setAnimationOptions(QChart::NoAnimation);
    setBackgroundRoundness(0);
    legend()->setAlignment(Qt::AlignTop);
    // The legend only changes with the accelerators: repaint it from a pixmap.
    legend()->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
    m_axisX = new QLogValueAxis(this);
    m_axisY = new QLogValueAxis(this);
    for (QLogValueAxis* axis : {m_axisX, m_axisY}) {
        axis->setBase(10.0);
        axis->setLabelsVisible(false);
        axis->setTitleVisible(false);
        axis->setMinorTickCount(-1);
    }
    addAxis(m_axisX, Qt::AlignBottom);
    addAxis(m_axisY, Qt::AlignLeft);
    // The roofs sit above the plot background and grid, below the operator points.
    m_layer = new RoofLayer(this);
    m_layer->setZValue(1);
    m_legend = new ChartLegend(this);
    legend()->hide();
    m_titleX = new QGraphicsSimpleTextItem(this);
    m_titleY = new QGraphicsSimpleTextItem(this);
    m_titleY->setRotation(-90);

    connect(comparison, &QAbstractItemModel::modelReset, this, &RoofChart::rebuild);
    connect(comparison, &QAbstractItemModel::dataChanged, this, &RoofChart::onComparisonChanged);
    connect(session, &Session::themeChanged, this, &RoofChart::rebuild);
    connect(session, &Session::togglesChanged, this, &RoofChart::rebuild);
    connect(session, &Session::viewChanged, this, &RoofChart::applyRange);
    connect(session, &Session::selectionChanged, this, &RoofChart::onSelectionChanged);
    connect(this, &QChart::plotAreaChanged, this, &RoofChart::layoutOverlay);
    rebuild();
}

RoofChart::~RoofChart() = default;

geometry::LogAxes RoofChart::logAxes() const
{
    return {plotArea(), {m_axisX->min(), m_axisX->max(), m_axisY->min(), m_axisY->max()}};
}

ViewRange RoofChart::effectiveRange() const
{
    if (m_frozen)
        return *m_frozen;
    if (auto view = m_session->view())
        return geometry::clampView(*view);
    return m_fit;
}

void RoofChart::freezeRange(bool frozen)
{
    m_frozen.reset();
    if (frozen)
        m_frozen = effectiveRange();
    else
        applyRange();
}

std::vector<RoofChart::PointInfo> RoofChart::points() const
{
    std::vector<PointInfo> out;
    for (const auto& op : m_opPoints)
        out.insert(out.end(), op.begin(), op.end());
    return out;
}

QScatterSeries* RoofChart::operatorSeries(int op) const
{
    return op >= 0 && op < static_cast<int>(m_opSeries.size())
               ? m_opSeries[static_cast<std::size_t>(op)]
               : nullptr;
}

QList<QPointF> RoofChart::roofPoints(int hardware) const
{
    for (const GpuItems& g : m_gpus) {
        if (g.hardware == hardware && !g.roofs.empty())
            return roofPolyline(g.roofs.front(), effectiveRange());
    }
    return {};
}

std::vector<FigureRoof> RoofChart::roofs() const
{
    std::vector<FigureRoof> out;
    for (const GpuItems& g : m_gpus)
        out.insert(out.end(), g.roofs.begin(), g.roofs.end());
    return out;
}

QColor RoofChart::colorOf(int hardware) const
{
    for (const GpuItems& g : m_gpus) {
        if (g.hardware == hardware)
            return g.color;
    }
    return {};
}

QList<QPointF> RoofChart::sweepPoints(int hardware) const
{
    for (const GpuItems& g : m_gpus) {
        if (g.hardware == hardware)
            return g.sweep;
    }
    return {};
}

std::optional<QPointF> RoofChart::crossingPoint(int hardware) const
{
    for (const GpuItems& g : m_gpus) {
        if (g.hardware == hardware && g.crossingValue)
            return g.crossingPoint;
    }
    return std::nullopt;
}

std::vector<const ChartLabel*> RoofChart::visibleLabels() const
{
    std::vector<const ChartLabel*> out;
    for (const ChartLabel* l : m_labels) {
        if (l->isVisible())
            out.push_back(l);
    }
    return out;
}

void RoofChart::rebuild()
{
    m_inRebuild = true;
    m_style = chartStyle(m_session->theme());
    // The theme first: it overwrites series and axis styling.
    setTheme(m_style.theme == Theme::Dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    setBackgroundRoundness(0);
    setBackgroundBrush(m_style.background);
    setPlotAreaBackgroundBrush(m_style.plotBackground);
    setPlotAreaBackgroundVisible(true);
    for (QLogValueAxis* axis : {m_axisX, m_axisY}) {
        axis->setLabelsVisible(false);
        axis->setTitleVisible(false);
        // The roof layer draws the grid into its cache; the axes keep only their line.
        axis->setGridLineVisible(false);
        axis->setMinorGridLineVisible(false);
        axis->setLinePen(QPen(m_style.mutedText, 1.0));
        // Hidden, but their fonts are still named in SVG exports: the chart's, not the default.
        axis->setLabelsFont(m_style.tickFont);
        axis->setTitleFont(m_style.titleFont);
    }
    setFont(m_style.tickFont);
    legend()->setFont(m_style.tickFont);
    m_layer->setGrid(QPen(m_style.grid, m_style.theme == Theme::Slide ? 1.5 : 1.0),
                     QPen(m_style.minorGrid, 1.0));
    const QFontMetricsF tickMetrics(m_style.tickFont);
    const QFontMetricsF titleMetrics(m_style.titleFont);
    const int left = static_cast<int>(tickMetrics.horizontalAdvance(QStringLiteral("100 PFLOP/s")) +
                                      titleMetrics.height() + 16);
    const int bottom = static_cast<int>(tickMetrics.height() + titleMetrics.height() + 14);
    const int top = static_cast<int>(tickMetrics.height() + 14);
    setMargins(QMargins(left, top, 18, bottom));
    for (QGraphicsSimpleTextItem* title : {m_titleX, m_titleY}) {
        title->setFont(m_style.titleFont);
        title->setBrush(m_style.text);
    }
    m_titleX->setText(tr("Arithmetic intensity (FLOP/byte)"));
    m_titleY->setText(tr("Attainable performance"));

    removeAllSeries();
    m_sweepKey.reset();
    m_gpus.clear();
    m_opSeries.clear();
    m_opPoints.clear();

    for (int row = 0; row < m_hardware->rowCount(); ++row) {
        const QModelIndex idx = m_hardware->index(row, HardwareModel::NameColumn);
        if (idx.data(Qt::CheckStateRole).toInt() != Qt::Checked)
            continue;
        GpuItems g;
        g.hardware = idx.data(HardwareModel::HardwareIndexRole).toInt();
        g.color = gpuColor(*m_session, g.hardware);
        m_gpus.push_back(std::move(g));
    }
    buildRoofs();
    updateLegend();

    const int nOps = static_cast<int>(m_session->operators().size());
    m_opPoints.resize(static_cast<std::size_t>(nOps));
    for (int op = 0; op < nOps; ++op) {
        auto* s = new QScatterSeries(this);
        s->setName(elided(QString::fromStdString(
                              m_session->operators()[static_cast<std::size_t>(op)].displayName()),
                          28));
        s->setMarkerShape(seriesShape(markerForOperator(op).shape));
        s->setColor(m_style.mutedText);
        s->setBorderColor(m_style.theme == Theme::Dark ? QColor(0x101010) : QColor(0x202020));
        addSeries(s);
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
        m_opSeries.push_back(s);
        updateOperator(op);
    }
    updateMarkers();
    updateSweeps();
    m_inRebuild = false;
    applyRange();
}

QString RoofChart::roofSignature() const
{
    QString sig;
    const int selected = m_session->selectedOperator();
    for (const GpuItems& g : m_gpus) {
        sig += QString::number(g.hardware) + QLatin1Char(':');
        for (int op = 0; op < static_cast<int>(m_session->operators().size()); ++op) {
            const auto& e = m_session->estimate(op, g.hardware);
            if (!e)
                continue;
            sig += QString::number(static_cast<int>(e->ceiling.precision)) +
                   QString::number(static_cast<int>(e->ceiling.unit)) +
                   (op == selected ? QStringLiteral("*,") : QStringLiteral(","));
        }
        sig += QLatin1Char(';');
    }
    return sig;
}

void RoofChart::buildRoofs()
{
    m_roofSignature = roofSignature();
    const int selected = m_session->selectedOperator();
    const int nOps = static_cast<int>(m_session->operators().size());
    for (GpuItems& g : m_gpus) {
        std::vector<std::optional<Ceiling>> ceilings;
        for (int op = 0; op < nOps; ++op) {
            const auto& e = m_session->estimate(op, g.hardware);
            ceilings.push_back(e ? std::optional<Ceiling>(e->ceiling) : std::nullopt);
        }
        g.roofs = roofsFor(m_session->hardware()[static_cast<std::size_t>(g.hardware)], g.hardware,
                           ceilings, selected, m_session->toggles());
    }
    updateLayer();
}

QPen RoofChart::roofPen(const FigureRoof& roof, const QColor& color) const
{
    if (roof.role == RoofRole::Primary) {
        QPen pen(color, m_style.roofWidth);
        pen.setCapStyle(Qt::RoundCap);
        pen.setJoinStyle(Qt::RoundJoin);
        return pen;
    }
    QColor c = color;
    c.setAlphaF(0.85);
    QPen pen(c, m_style.ceilingWidth);
    pen.setStyle(roof.role == RoofRole::Used      ? Qt::DashLine
                 : roof.role == RoofRole::Toggled ? Qt::DotLine
                                                  : Qt::DashDotLine);
    return pen;
}

void RoofChart::updateLegend()
{
    QList<ChartLegend::Entry> entries;
    for (const GpuItems& g : m_gpus) {
        QString name = m_session->shortName(g.hardware);
        if (g.hardware == m_session->baseline())
            name += QStringLiteral(" ") + tr("(baseline)");
        entries.append({g.color, name});
    }
    m_legend->setEntries(entries, m_style.tickFont, m_style.text, m_style.roofWidth);
}

void RoofChart::updateLayer()
{
    const ViewRange r = effectiveRange();
    QList<RoofLayer::Stroke> strokes;
    QList<RoofLayer::Marker> markers;
    for (const GpuItems& g : m_gpus) {
        if (g.sweep.size() >= 2) {
            QColor faint = g.color;
            faint.setAlphaF(m_style.theme == Theme::Dark ? 0.28 : 0.2);
            QPen pen(faint, m_style.sweepWidth);
            pen.setCapStyle(Qt::RoundCap);
            pen.setJoinStyle(Qt::RoundJoin);
            strokes.append({g.sweep, pen});
        }
    }
    // Extra roofs first, the primary ones (solid) over them.
    for (const GpuItems& g : m_gpus) {
        for (std::size_t i = 1; i < g.roofs.size(); ++i)
            strokes.append({roofPolyline(g.roofs[i], r), roofPen(g.roofs[i], g.color)});
    }
    for (const GpuItems& g : m_gpus) {
        if (g.roofs.empty())
            continue;
        const FigureRoof& primary = g.roofs.front();
        strokes.append({roofPolyline(primary, r), roofPen(primary, g.color)});
        markers.append({QPointF(primary.ridgeAi, primary.peak), m_style.markerSize * 0.7, false,
                        QPen(g.color, m_style.roofWidth), QBrush(m_style.plotBackground)});
        if (g.crossingValue)
            markers.append({g.crossingPoint, m_style.markerSize * 1.5, true,
                            QPen(g.color, m_style.ceilingWidth * 1.5), Qt::NoBrush});
    }
    m_layer->setContent(std::move(strokes), std::move(markers));
}

void RoofChart::updateSweeps()
{
    const int selected = m_session->selectedOperator();
    const bool on = m_session->toggles().sweep && selected >= 0;
    // The path depends on everything but the driving parameter's value: a slider step on it
    // leaves the path alone.
    std::optional<Operator> key;
    if (on) {
        key = m_session->operators()[static_cast<std::size_t>(selected)];
        const std::string& param = key->definition().drivingParam;
        if (!param.empty())
            key->params.set(param, 0.0);
    }
    if (key == m_sweepKey && m_sweepKeyOp == selected && !m_inRebuild)
        return;
    m_sweepKey = key;
    m_sweepKeyOp = selected;
    for (GpuItems& g : m_gpus) {
        g.crossingValue.reset();
        g.sweep.clear();
        if (!on)
            continue;
        const Session::SweepPath path = m_session->sweepPath(selected, g.hardware);
        g.sweep = QList<QPointF>(path.points.begin(), path.points.end());
        if (path.crossing) {
            g.crossingValue = path.crossing;
            g.crossingPoint = path.crossingPoint;
        }
    }
    updateLayer();
}

void RoofChart::updateOperator(int op)
{
    if (op < 0 || op >= static_cast<int>(m_opSeries.size()))
        return;
    QScatterSeries* series = m_opSeries[static_cast<std::size_t>(op)];
    auto& info = m_opPoints[static_cast<std::size_t>(op)];
    const std::vector<PointInfo> before = info;
    info.clear();
    QList<QPointF> pts;
    for (const GpuItems& g : m_gpus) {
        const int row = m_comparison->rowOf(op, g.hardware);
        if (row < 0)
            continue;
        const QModelIndex idx = m_comparison->index(row, 0);
        const QVariant ai = idx.data(ComparisonModel::AiRole);
        const QVariant y = idx.data(ComparisonModel::AttainableRole);
        // A value <= 0 would make Qt hide the whole series on a log axis.
        if (!ai.isValid() || !y.isValid() || !(ai.toDouble() > 0.0) || !(y.toDouble() > 0.0))
            continue;
        pts << QPointF(ai.toDouble(), y.toDouble());
        info.push_back({{op, g.hardware}, pts.back()});
    }
    series->replace(pts);
    bool sameLayout = before.size() == info.size();
    for (std::size_t i = 0; sameLayout && i < info.size(); ++i)
        sameLayout = before[i].ref == info[i].ref;
    if (!sameLayout || m_inRebuild) {
        for (std::size_t i = 0; i < info.size(); ++i) {
            QColor c = pointColor(info[i].ref);
            series->setPointConfiguration(static_cast<int>(i), QXYSeries::PointConfiguration::Color,
                                          c);
        }
    }
    applyPointSizes(op);
    if (m_inRebuild)
        return;
    if (roofSignature() != m_roofSignature) {
        buildRoofs();
        updateSweeps();
    } else if (op == m_session->selectedOperator()) {
        updateSweeps();
    }
}

QColor RoofChart::pointColor(PointRef ref) const
{
    QColor c = colorOf(ref.hardware);
    // Past the shape set the second cue is a see-through ("hollow") fill.
    if (markerForOperator(ref.op).hollow)
        c.setAlphaF(0.25);
    return c;
}

void RoofChart::updateMarkers()
{
    const int selected = m_session->selectedOperator();
    for (std::size_t op = 0; op < m_opSeries.size(); ++op) {
        QScatterSeries* s = m_opSeries[op];
        const bool sel = static_cast<int>(op) == selected;
        s->setMarkerSize(sel ? m_style.selectedMarkerSize : m_style.markerSize);
        QPen border(sel ? m_style.text
                        : (m_style.theme == Theme::Dark ? QColor(0x101010) : QColor(0x303030)));
        border.setWidthF(sel ? 2.5 : markerForOperator(static_cast<int>(op)).hollow ? 2.0 : 1.0);
        s->setPen(border);
    }
}

void RoofChart::setPointShare(PointShare share)
{
    m_pointShare = std::move(share);
    refreshPointSizes();
}

qreal RoofChart::markerSizeForShare(double share) const
{
    // A point that takes the whole step is five default markers wide; below half a default
    // marker a point could not be seen or hovered.
    const qreal largest = m_style.markerSize * 5.0;
    const qreal smallest = m_style.markerSize * 0.5;
    if (!(share > 0.0))
        return smallest;
    return std::clamp(largest * std::sqrt(std::min(share, 1.0)), smallest, largest);
}

void RoofChart::refreshPointSizes()
{
    for (int op = 0; op < static_cast<int>(m_opSeries.size()); ++op)
        applyPointSizes(op);
}

void RoofChart::applyPointSizes(int op)
{
    QScatterSeries* series = m_opSeries[static_cast<std::size_t>(op)];
    const auto& info = m_opPoints[static_cast<std::size_t>(op)];
    const auto key = QXYSeries::PointConfiguration::Size;
    for (std::size_t i = 0; i < info.size(); ++i) {
        const int index = static_cast<int>(i);
        const auto share = m_pointShare ? m_pointShare(info[i].ref) : std::nullopt;
        if (!share) {
            if (series->pointConfiguration(index).contains(key)) {
                series->clearPointConfiguration(index, key);
                series->setPointConfiguration(index, QXYSeries::PointConfiguration::Color,
                                              pointColor(info[i].ref));
            }
            continue;
        }
        // Large markers of one operator stack on the GPUs' columns: see-through fill keeps
        // the ones behind readable.
        const qreal size = markerSizeForShare(*share);
        QColor c = pointColor(info[i].ref);
        c.setAlphaF(
            std::min(static_cast<double>(c.alphaF()), size > 2.0 * m_style.markerSize ? 0.6 : 1.0));
        QHash<QXYSeries::PointConfiguration, QVariant> config = series->pointConfiguration(index);
        config[key] = size;
        config[QXYSeries::PointConfiguration::Color] = c;
        series->setPointConfiguration(index, config);
    }
}

void RoofChart::onComparisonChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight)
{
    const int n = m_comparison->hardwareCount();
    if (n == 0 || m_inRebuild)
        return;
    const int first = topLeft.row() / n;
    const int last = bottomRight.row() / n;
    for (int op = first; op <= last; ++op)
        updateOperator(op);
    applyRange();
}

void RoofChart::onSelectionChanged()
{
    updateMarkers();
    if (roofSignature() != m_roofSignature)
        buildRoofs();
    updateSweeps();
    applyRange();
}

void RoofChart::applyRange()
{
    if (m_inRebuild)
        return;
    // The fit covers every point, ridge and sweep end, so moving a slider keeps the axes still.
    Figure shown; // the pieces the fit reads (core fitValues), without copying estimates
    for (const GpuItems& g : m_gpus) {
        shown.roofs.insert(shown.roofs.end(), g.roofs.begin(), g.roofs.end());
        if (!g.sweep.isEmpty()) {
            FigureSweep sweep;
            sweep.points = {{g.sweep.front().x(), g.sweep.front().y()},
                            {g.sweep.back().x(), g.sweep.back().y()}};
            shown.sweeps.push_back(std::move(sweep));
        }
    }
    std::vector<DataPoint> values = fitValues(shown);
    for (const auto& op : m_opPoints) {
        for (const PointInfo& p : op)
            values.push_back({p.value.x(), p.value.y()});
    }
    m_fit = fitRange(values);
    const ViewRange r = effectiveRange();
    // Slightly outside the decades: Qt drops a tick that sits exactly on the minimum.
    const double lo = 1.0 - 1e-9;
    const double hi = 1.0 + 1e-9;
    if (std::abs(m_axisX->min() - r.aiMin * lo) > 1e-12 * r.aiMin ||
        std::abs(m_axisX->max() - r.aiMax * hi) > 1e-12 * r.aiMax)
        m_axisX->setRange(r.aiMin * lo, r.aiMax * hi);
    if (std::abs(m_axisY->min() - r.flopsMin * lo) > 1e-12 * r.flopsMin ||
        std::abs(m_axisY->max() - r.flopsMax * hi) > 1e-12 * r.flopsMax)
        m_axisY->setRange(r.flopsMin * lo, r.flopsMax * hi);
    if (!(m_layerRange == r)) {
        m_layerRange = r;
        updateLayer(); // roofs are clipped to the view
    }
    layoutOverlay();
}

QGraphicsSimpleTextItem* RoofChart::tickItem(std::size_t i)
{
    while (m_ticks.size() <= i) {
        auto* tick = new QGraphicsSimpleTextItem(this);
        tick->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
        m_ticks.push_back(tick);
    }
    QGraphicsSimpleTextItem* item = m_ticks[i];
    item->setFont(m_style.tickFont);
    item->setBrush(m_style.mutedText);
    item->setVisible(true);
    return item;
}

ChartLabel* RoofChart::labelItem(std::size_t i)
{
    while (m_labels.size() <= i) {
        auto* l = new ChartLabel(this);
        l->setZValue(1000);
        m_labels.push_back(l);
    }
    ChartLabel* item = m_labels[i];
    item->setVisible(true);
    item->setBackground(m_style.labelBackground);
    return item;
}

void RoofChart::layoutOverlay()
{
    if (m_inRebuild)
        return;
    const geometry::LogAxes axes = logAxes();
    const QRectF plot = axes.plot;
    if (plot.width() < 10 || plot.height() < 10)
        return;
    m_layer->setAxes(axes);
    m_legend->setMaxWidth(plot.width());
    m_legend->setPos(plot.left(), plot.top() - m_legend->size().height() - 6);

    // Tick labels.
    std::size_t t = 0;
    for (int e : geometry::decadeExponents(axes.range.aiMin, axes.range.aiMax)) {
        QGraphicsSimpleTextItem* item = tickItem(t++);
        item->setText(geometry::powerOfTenLabel(e));
        const QPointF px = geometry::valueToPixel(axes, {std::pow(10.0, e), axes.range.flopsMin});
        const QRectF br = item->boundingRect();
        item->setPos(px.x() - br.width() / 2.0, plot.bottom() + 4);
    }
    for (int e : geometry::decadeExponents(axes.range.flopsMin, axes.range.flopsMax)) {
        QGraphicsSimpleTextItem* item = tickItem(t++);
        item->setText(QString::fromStdString(formatSi(std::pow(10.0, e), "FLOP/s", 3)));
        const QPointF px = geometry::valueToPixel(axes, {axes.range.aiMin, std::pow(10.0, e)});
        const QRectF br = item->boundingRect();
        item->setPos(plot.left() - br.width() - 6, px.y() - br.height() / 2.0);
    }
    for (std::size_t i = t; i < m_ticks.size(); ++i)
        m_ticks[i]->setVisible(false);

    const QFontMetricsF tickMetrics(m_style.tickFont);
    const QRectF bx = m_titleX->boundingRect();
    m_titleX->setPos(plot.center().x() - bx.width() / 2.0,
                     plot.bottom() + tickMetrics.height() + 8);
    const QRectF by = m_titleY->boundingRect();
    m_titleY->setPos(plot.left() - tickMetrics.horizontalAdvance(QStringLiteral("100 PFLOP/s")) -
                         by.height() - 12,
                     plot.center().y() + by.width() / 2.0);

    // Labels: ridges (with the crossing), operators, extra roofs; placed so none overlap.
    struct Pending {
        ChartLabel* label;
        QPointF anchor;
    };
    std::vector<Pending> pending;
    std::vector<geometry::LabelRequest> requests;
    std::vector<QRectF> obstacles;
    std::size_t l = 0;
    auto request = [&](const QString& text, const QColor& color, const QFont& font,
                       QPointF anchor) {
        ChartLabel* label = labelItem(l++);
        label->setText(text);
        label->setFont(font);
        label->setColor(color);
        pending.push_back({label, anchor});
        requests.push_back({anchor, label->textSize()});
    };
    const qreal half = m_style.selectedMarkerSize / 2.0;
    for (const auto& op : m_opPoints) {
        for (const PointInfo& p : op) {
            const QPointF px = geometry::valueToPixel(axes, p.value);
            obstacles.emplace_back(px.x() - half, px.y() - half, 2 * half, 2 * half);
        }
    }

    const int selected = m_session->selectedOperator();
    std::string drivingName;
    if (selected >= 0)
        drivingName =
            m_session->operators()[static_cast<std::size_t>(selected)].definition().drivingParam;
    for (const GpuItems& g : m_gpus) {
        if (g.roofs.empty())
            continue;
        const QPointF ridge(g.roofs.front().ridgeAi, g.roofs.front().peak);
        if (!plot.contains(geometry::valueToPixel(axes, ridge)))
            continue;
        QString text = tr("ridge %1").arg(QString::fromStdString(formatNumber(ridge.x(), 3)));
        if (g.crossingValue && !drivingName.empty())
            text += QStringLiteral(" · ") +
                    tr("%1 ≥ %2").arg(QString::fromStdString(drivingName),
                                      QString::number(std::ceil(*g.crossingValue), 'f', 0));
        const QPointF anchor = geometry::valueToPixel(axes, ridge);
        request(text, g.color, m_style.labelFont, anchor);
        obstacles.emplace_back(anchor.x() - 5, anchor.y() - 5, 10, 10);
    }
    if (m_session->toggles().labels) {
        for (std::size_t op = 0; op < m_opPoints.size(); ++op) {
            const auto& pts = m_opPoints[op];
            if (pts.empty())
                continue;
            // The label goes next to the highest point of the operator's column.
            const auto top =
                std::max_element(pts.begin(), pts.end(), [](const auto& a, const auto& b) {
                    return a.value.y() < b.value.y();
                });
            const QPointF anchor = geometry::valueToPixel(axes, top->value);
            if (!plot.contains(anchor))
                continue;
            QFont font = m_style.labelFont;
            if (static_cast<int>(op) == selected)
                font.setBold(true);
            request(elided(QString::fromStdString(m_session->operators()[op].displayName()), 24),
                    m_style.text, font, anchor);
        }
    }
    QFont small = m_style.labelFont;
    small.setPointSizeF(small.pointSizeF() * 0.85);
    // Coinciding ceilings (H100 and H200 share the FP16 vector peak) get one label in the
    // neutral colour: stacked copies only push each other away onto long leaders.
    std::vector<std::size_t> ceilingLabels; // indices into pending
    for (const GpuItems& g : m_gpus) {
        for (std::size_t i = 1; i < g.roofs.size(); ++i) {
            const FigureRoof& roof = g.roofs[i];
            const QString name = QString::fromStdString(roof.label);
            // A flat roof is labelled at the view's right edge, a cache slope at its ridge.
            QPointF end(roof.flat ? axes.range.aiMax : std::min(roof.ridgeAi, axes.range.aiMax),
                        roof.peak);
            QPointF anchor = geometry::valueToPixel(axes, end);
            if (anchor.y() < plot.top() || anchor.y() > plot.bottom())
                continue;
            anchor.setX(std::min(anchor.x(), plot.right() - 2));
            const auto same =
                std::find_if(ceilingLabels.begin(), ceilingLabels.end(), [&](std::size_t k) {
                    return pending[k].label->text() == name &&
                           std::abs(pending[k].anchor.y() - anchor.y()) < 1.0;
                });
            if (same != ceilingLabels.end()) {
                pending[*same].label->setColor(m_style.mutedText);
                continue;
            }
            ceilingLabels.push_back(pending.size());
            request(name, g.color, small, anchor);
        }
    }
    const std::vector<QRectF> boxes = geometry::placeLabels(requests, plot, obstacles);
    for (std::size_t i = 0; i < pending.size(); ++i)
        pending[i].label->place(boxes[i], pending[i].anchor);
    for (std::size_t i = l; i < m_labels.size(); ++i)
        m_labels[i]->setVisible(false);
}

} // namespace roofscope
