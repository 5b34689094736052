#include "ui/chart/roofchart.h"

#include "core/figure/figure.h"
#include "core/figure/figurebuilder.h"
#include "ui/chart/layers/analyticpointslayer.h"
#include "ui/chart/layers/gridaxeslayer.h"
#include "ui/chart/layers/labelslayer.h"
#include "ui/chart/layers/legendlayer.h"
#include "ui/chart/layers/linkslayer.h"
#include "ui/chart/layers/measuredkeylayer.h"
#include "ui/chart/layers/measuredlayer.h"
#include "ui/chart/layers/passpointslayer.h"
#include "ui/chart/layers/roofslayer.h"
#include "ui/chart/layers/sweepslayer.h"
#include "ui/chart/lineartcanvas.h"
#include "ui/document/gpucolor.h"

#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
#include <QLogValueAxis>
#include <QPainter>
#include <QPixmapCache>
#include <QPointer>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

// The session as the core's figure builder reads it.
class SessionFigureSource final : public FigureSource {
public:
    Session* session = nullptr;

    const HardwareCatalog& catalog() const override { return session->catalog(); }
    const std::vector<int>& checkedHardware() const override { return session->checkedHardware(); }
    int baseline() const override { return session->baseline(); }
    std::string gpuName(int hardware) const override
    {
        return session->shortName(hardware).toStdString();
    }
    std::uint32_t gpuRgb(int hardware) const override
    {
        return gpuColor(*session, hardware).rgb() & 0xffffffu;
    }
    const std::vector<Operator>& operators() const override { return session->operators(); }
    int selectedOperator() const override { return session->selectedOperator(); }
    const Expected<Estimate>& estimate(int op, int hardware) const override
    {
        return session->estimate(op, hardware);
    }
    std::optional<double> speedup(int op, int hardware) const override
    {
        return session->speedup(op, hardware);
    }
    Theme theme() const override { return session->viewSettings()->theme(); }
    ChartToggles toggles() const override { return session->viewSettings()->toggles(); }
    const std::optional<ScenarioModel>& modelSetup() const override
    {
        return session->modelSetup();
    }
    const Measurements& measurements() const override { return session->measurements(); }
    std::pair<int, int> selectedKernel() const override
    {
        const KernelRef k = session->measurementStore()->selectedKernel();
        return {k.set, k.kernel};
    }
    const std::vector<FigurePassPoint>& passPoints() const override
    {
        return session->passPoints();
    }
};

} // namespace

// The host is a QChart: it lays out the plot area inside the margins and draws the axis lines.
// Everything drawn in the plot, the analytic points included (a point cloud of our own, see
// AnalyticPointsLayer), is our layers' own items on top of it.
struct RoofChart::Impl {
    RoofChart* q = nullptr;
    Session* session = nullptr;
    QGraphicsScene ownScene; // holds the host until a view takes it
    QPointer<QChart> host;
    LineArtCanvas* lineArt = nullptr; // the still line art and, under it, both backgrounds
    QLogValueAxis* axisX = nullptr;
    QLogValueAxis* axisY = nullptr;
    ChartStyle style;
    // The figure, kept up to date piece by piece by the core's builder: the chart draws it.
    SessionFigureSource source;
    FigureBuilder builder{source};
    const Figure& figure = builder.figure();
    std::vector<std::unique_ptr<ChartLayer>> layers;
    PointShare share;
    std::vector<QRectF> obstacles;
    std::optional<ViewRange> frozen;
    ViewRange fit;
    ViewRange shown{0, 0, 0, 0};
    QRectF shownPlot;
    bool inRebuild = false;
    bool settingMargins = false;
    // Changes held while the session is in a change batch, applied at its end in one pass.
    std::optional<ChartChanges> held;
    int heldOp = -1;
    bool caching = true;
    bool backgroundVisible = true;
    QHash<QString, QPointF> preferredLabels;

    ChartContext context(int changedOp = -1)
    {
        return ChartContext{figure,
                            style,
                            axes(),
                            *session,
                            share,
                            obstacles,
                            changedOp,
                            frozen.has_value(),
                            &preferredLabels,
                            session->inGesture()};
    }
    geometry::LogAxes axes() const
    {
        if (!host)
            return {};
        return {host->plotArea(), {axisX->min(), axisX->max(), axisY->min(), axisY->max()}};
    }
    ViewRange effectiveRange() const
    {
        if (frozen)
            return *frozen;
        if (auto view = session->viewSettings()->view())
            return geometry::clampView(*view);
        return fit;
    }
    template <class T> T* layer() const
    {
        for (const auto& l : layers) {
            if (auto* t = dynamic_cast<T*>(l.get()))
                return t;
        }
        return nullptr;
    }

    void restyle();
    void updateMargins();
    void refresh(ChartChanges changes, int changedOp = -1);
    // Operator rows first…last changed in place (a parameter, a name, a model's slider step).
    void onOperatorsChanged(int first, int last);
    void onSelectionChanged();
};

void RoofChart::Impl::restyle()
{
    style = chartStyle(session->viewSettings()->theme());
    // The theme first: it overwrites series and axis styling.
    host->setTheme(style.theme == Theme::Dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    host->setBackgroundRoundness(0);
    host->setBackgroundBrush(style.background);
    host->setPlotAreaBackgroundBrush(style.plotBackground);
    // The line-art canvas paints both backgrounds (into its opaque cache); the host's own
    // background items stay hidden.
    host->setBackgroundVisible(false);
    host->setPlotAreaBackgroundVisible(false);
    for (QLogValueAxis* axis : {axisX, axisY}) {
        axis->setLabelsVisible(false);
        axis->setTitleVisible(false);
        // The grid layer draws the grid into its cache; the axes keep only their line.
        axis->setGridLineVisible(false);
        axis->setMinorGridLineVisible(false);
        // Hidden, but their fonts are still named in SVG exports: the chart's, not the default.
        axis->setLabelsFont(style.tickFont);
        axis->setTitleFont(style.titleFont);
    }
    host->setFont(style.tickFont);
    host->legend()->setFont(style.tickFont);
    // Exports name the scene's font in every SVG group, even of items that draw no text.
    ownScene.setFont(style.tickFont);
}

void RoofChart::Impl::updateMargins()
{
    const QFontMetricsF tickMetrics(style.tickFont);
    const QFontMetricsF titleMetrics(style.titleFont);
    const qreal left =
        tickMetrics.horizontalAdvance(QStringLiteral("100 PFLOP/s")) + titleMetrics.height() + 16;
    const qreal right = 18;
    // The plot's own width once laid out (Qt Charts keeps some space of its own besides the
    // margins): an estimate from the chart's width let a wrapped legend overflow the top.
    qreal width = host->plotArea().width();
    if (width < 10)
        width = host->size().width() - left - right;
    qreal legend = 0.0;
    if (width > 10) {
        const ChartContext ctx = context();
        for (const auto& l : layers)
            legend = std::max(legend, l->heightAbovePlot(ctx, width));
    }
    const int top = static_cast<int>(
        std::ceil(std::max(tickMetrics.height() + 14, legend > 0 ? legend + 12 : 0.0)));
    const QMargins margins(static_cast<int>(left), top, static_cast<int>(right),
                           static_cast<int>(tickMetrics.height() + titleMetrics.height() + 14));
    if (host->margins() != margins) {
        // The plot area moves: this refresh goes on with the new one, so the nested one the
        // host's signal would start is skipped.
        settingMargins = true;
        host->setMargins(margins);
        if (host->layout())
            host->layout()->activate();
        settingMargins = false;
    }
}

void RoofChart::Impl::refresh(ChartChanges changes, int changedOp)
{
    if (inRebuild || settingMargins || !host)
        return;
    if (session->inChangeBatch()) {
        heldOp = held ? (heldOp == changedOp ? changedOp : -1) : changedOp;
        held = held ? *held | changes : changes;
        return;
    }
    if ((changes & (ChartChange::Style | ChartChange::Gpus)) || host->plotArea() != shownPlot)
        updateMargins();
    // The fit covers every point, ridge and sweep end, so moving a slider keeps the axes still.
    fit = roofscope::fitRange(fitValues(figure));
    const ViewRange r = effectiveRange();
    // Slightly outside the decades: Qt drops a tick that sits exactly on the minimum.
    const double lo = 1.0 - 1e-9;
    const double hi = 1.0 + 1e-9;
    if (std::abs(axisX->min() - r.aiMin * lo) > 1e-12 * r.aiMin ||
        std::abs(axisX->max() - r.aiMax * hi) > 1e-12 * r.aiMax)
        axisX->setRange(r.aiMin * lo, r.aiMax * hi);
    if (std::abs(axisY->min() - r.flopsMin * lo) > 1e-12 * r.flopsMin ||
        std::abs(axisY->max() - r.flopsMax * hi) > 1e-12 * r.flopsMax)
        axisY->setRange(r.flopsMin * lo, r.flopsMax * hi);
    const QRectF plot = host->plotArea();
    if (!(shown == r) || plot != shownPlot) {
        shown = r;
        shownPlot = plot;
        changes |= ChartChange::Range;
    }
    // Where the host would draw its background: inside its own and its layout's margins.
    QRectF chartRect = host->rect();
    qreal ml = 0, mt = 0, mr = 0, mb = 0;
    host->getContentsMargins(&ml, &mt, &mr, &mb);
    chartRect.adjust(ml, mt, -mr, -mb);
    if (host->layout()) {
        host->layout()->getContentsMargins(&ml, &mt, &mr, &mb);
        chartRect.adjust(ml, mt, -mr, -mb);
    }
    // On screen the chart's background reaches the view's edges: the view then paints nothing
    // under the opaque canvas (RoofChartView; a 1600×900 fill was a seventh of a repaint).
    lineArt->setBackgrounds(caching ? host->rect() : chartRect,
                            backgroundVisible ? QBrush(style.background) : QBrush(),
                            backgroundVisible ? QBrush(style.plotBackground) : QBrush());
    lineArt->setCaching(caching);
    // On screen the axis lines and ticks are cosmetic (width 0): the same pixels at 1:1, and
    // Qt computes a width-1 line item's bounds through a path stroker, a hundred tick items on
    // every frame (-0.2 ms a slider step). Exports keep width 1, which scales with --scale.
    const QPen axisPen(style.mutedText, caching ? 0.0 : 1.0);
    for (QLogValueAxis* axis : {axisX, axisY}) {
        if (axis->linePen() != axisPen)
            axis->setLinePen(axisPen);
    }
    // A chart not laid out yet (a hidden window) still keeps its layers' data current.
    obstacles.clear();
    const ChartContext ctx = context(changedOp);
    for (const auto& l : layers)
        l->update(ctx, changes);
    if (!caching) {
        const auto items = host->childItems();
        for (QGraphicsItem* item : items) {
            item->setCacheMode(QGraphicsItem::NoCache);
            for (QGraphicsItem* child : item->childItems())
                child->setCacheMode(QGraphicsItem::NoCache);
        }
    }
}

void RoofChart::Impl::onOperatorsChanged(int first, int last)
{
    if (inRebuild || !host)
        return;
    const FigureBuilder::Update update = builder.rowsChanged(first, last);
    if (!update.points)
        return;
    ChartChanges changes = ChartChange::Points;
    if (update.roofs)
        changes |= ChartChange::Roofs;
    if (update.sweeps)
        changes |= ChartChange::Sweeps;
    refresh(changes, first == last ? first : -1);
}

void RoofChart::Impl::onSelectionChanged()
{
    const FigureBuilder::Update update = builder.selectionChanged();
    ChartChanges changes = ChartChange::Selection;
    if (update.roofs)
        changes |= ChartChange::Roofs;
    if (update.sweeps)
        changes |= ChartChange::Sweeps;
    refresh(changes);
}

// ---- RoofChart

RoofChart::RoofChart(Session* session, QObject* parent)
    : QObject(parent), d(std::make_unique<Impl>())
{
    d->q = this;
    d->session = session;
    d->source.session = session;
    // The grid, sweeps and roofs each keep a plot-sized device pixmap (5.8 MB at 1600×900,
    // four times that at scale 2). Qt's default 10 MB pixmap cache holds one of them: the others
    // were evicted and repainted on every frame (slider step 12 → 58 ms, measured).
    constexpr int kPixmapCacheKb = 128 * 1024;
    if (QPixmapCache::cacheLimit() < kPixmapCacheKb)
        QPixmapCache::setCacheLimit(kPixmapCacheKb);
    auto* host = new QChart;
    d->host = host;
    host->setAnimationOptions(QChart::NoAnimation);
    host->setBackgroundRoundness(0);
    host->legend()->hide();
    d->axisX = new QLogValueAxis(host);
    d->axisY = new QLogValueAxis(host);
    for (QLogValueAxis* axis : {d->axisX, d->axisY}) {
        axis->setBase(10.0);
        axis->setLabelsVisible(false);
        axis->setTitleVisible(false);
        axis->setMinorTickCount(-1);
    }
    host->addAxis(d->axisX, Qt::AlignBottom);
    host->addAxis(d->axisY, Qt::AlignLeft);
    d->ownScene.addItem(host);
    // Backgrounds, grid, sweeps and roofs: still line art in one cached canvas, under every
    // other item (tick labels, titles and the legend sit on its background at z 0).
    auto* lineArt = new LineArtCanvas(host);
    lineArt->setZValue(-0.5);
    d->lineArt = lineArt;
    d->layers = createChartLayers();
    for (const auto& l : d->layers)
        l->attach({host, lineArt});

    // Rows added or removed, GPUs checked or the baseline moved (colour slots, speed-ups):
    // everything read again.
    connect(session, &Session::operatorsReset, this, &RoofChart::rebuild);
    connect(session, &Session::hardwareChanged, this, &RoofChart::rebuild);
    connect(session, &Session::operatorsChanged, this,
            [this](int first, int last) { d->onOperatorsChanged(first, last); });
    connect(session, &Session::colorsChanged, this, &RoofChart::rebuild);
    connect(session->viewSettings(), &ViewSettings::togglesChanged, this, &RoofChart::rebuild);
    connect(session->measurementStore(), &MeasurementStore::measurementsChanged, this,
            &RoofChart::rebuild);
    // A layout over GPUs brings its link roofs and collectives (one GPU: nothing to redo).
    connect(session, &Session::modelSetupChanged, this, [this] {
        if (d->host && d->builder.modelSetupChanged().roofs)
            d->refresh(ChartChange::Roofs | ChartChange::Points);
    });
    connect(session->measurementStore(), &MeasurementStore::kernelSelectionChanged, this, [this] {
        d->builder.kernelSelectionChanged();
        d->refresh(ChartChange::Selection);
    });
    connect(session, &Session::passPointsChanged, this, [this] {
        d->builder.passPointsChanged();
        d->refresh(ChartChange::Measured);
    });
    connect(session->viewSettings(), &ViewSettings::viewChanged, this, [this] { d->refresh({}); });
    connect(session->viewSettings(), &ViewSettings::labelPositionsChanged, this,
            [this] { d->refresh({}); });
    connect(session, &Session::gestureEnded, this, [this] { d->refresh({}); });
    connect(session, &Session::selectionChanged, this, [this] { d->onSelectionChanged(); });
    connect(session, &Session::changeBatchFinished, this, [this] {
        if (!d->held)
            return;
        const ChartChanges changes = *d->held;
        d->held.reset();
        d->refresh(changes, d->heldOp);
    });
    connect(host, &QChart::plotAreaChanged, this, [this] { d->refresh({}); });
    rebuild();
}

RoofChart::~RoofChart()
{
    // The layers' items belong to the host; a scene that went first took the host with it.
    d->layers.clear();
    if (d->host) {
        if (QGraphicsScene* scene = d->host->scene())
            scene->removeItem(d->host);
        delete d->host.data();
    }
}

QGraphicsWidget* RoofChart::graphicsItem() const
{
    return d->host;
}

QGraphicsScene* RoofChart::scene() const
{
    return d->host ? d->host->scene() : nullptr;
}

void RoofChart::resize(QSizeF size)
{
    if (!d->host || d->host->size() == size)
        return;
    d->host->resize(size);
    d->refresh(ChartChange::Gpus); // the legend may wrap differently
}

QSizeF RoofChart::size() const
{
    return d->host ? d->host->size() : QSizeF();
}

void RoofChart::render(QPainter* painter, const QRectF& target)
{
    if (!d->host || !d->host->scene())
        return;
    d->host->scene()->render(painter, target, d->host->sceneBoundingRect(), Qt::IgnoreAspectRatio);
}

QImage RoofChart::renderImage(QSize size, qreal devicePixelRatio)
{
    resize(QSizeF(size));
    QImage image(size * devicePixelRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatio);
    image.fill(d->style.background);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    render(&painter, QRectF(QPointF(), QSizeF(size)));
    return image;
}

void RoofChart::setBackgroundVisible(bool visible)
{
    d->backgroundVisible = visible;
    d->refresh({});
}

void RoofChart::setCaching(bool on)
{
    d->caching = on;
    d->refresh(ChartChange::Style);
}

const Figure& RoofChart::figure() const
{
    return d->builder.figureWithSpecs();
}

void RoofChart::setMeasured(std::vector<MeasuredPoint> measured, std::vector<MeasuredLink> links)
{
    d->builder.setMeasured(std::move(measured), std::move(links));
    d->refresh(ChartChange::Measured);
}

geometry::LogAxes RoofChart::logAxes() const
{
    return d->axes();
}

QRectF RoofChart::plotArea() const
{
    return d->host ? d->host->plotArea() : QRectF();
}

ViewRange RoofChart::effectiveRange() const
{
    return d->effectiveRange();
}

ViewRange RoofChart::fitRange() const
{
    return d->fit;
}

void RoofChart::freezeRange(bool frozen)
{
    d->frozen.reset();
    if (frozen)
        d->frozen = d->effectiveRange();
    else
        d->refresh({});
}

const ChartStyle& RoofChart::style() const
{
    return d->style;
}

PointRef RoofChart::pointAt(QPointF chartPos, qreal radius) const
{
    const auto pts = points();
    const geometry::LogAxes axes = logAxes();
    std::vector<QPointF> pixels;
    pixels.reserve(pts.size());
    for (const auto& p : pts)
        pixels.push_back(geometry::valueToPixel(axes, QPointF(p.value.ai, p.value.flops)));
    const int hit = geometry::hitTest(pixels, chartPos, radius);
    return hit < 0 ? PointRef{} : pts[static_cast<std::size_t>(hit)].ref;
}

DataPoint RoofChart::valueAt(QPointF chartPos) const
{
    const QPointF v = geometry::pixelToValue(logAxes(), chartPos);
    return {v.x(), v.y()};
}

QString RoofChart::toolTipAt(QPointF chartPos) const
{
    std::vector<QRectF> scratch;
    const ChartContext ctx{d->figure, d->style, d->axes(), *d->session, d->share, scratch, -1};
    // Top (last registered) first. An index loop, not std::views::reverse: clang-tidy's clang
    // cannot parse libstdc++ 12's ranges, and the file is kept checkable.
    for (std::size_t i = d->layers.size(); i-- > 0;) {
        if (auto text = d->layers[i]->toolTipAt(ctx, chartPos))
            return *text;
    }
    return {};
}

std::vector<RoofChart::PointInfo> RoofChart::points() const
{
    std::vector<PointInfo> out;
    if (const auto* l = d->layer<AnalyticPointsLayer>()) {
        for (const auto& p : l->shown())
            out.push_back({p.ref, p.value, p.size, p.color});
    }
    return out;
}

std::vector<DataPoint> RoofChart::operatorPoints(int op) const
{
    std::vector<DataPoint> out;
    for (const PointInfo& p : points()) {
        if (p.ref.op == op)
            out.push_back(p.value);
    }
    return out;
}

const std::vector<FigureRoof>& RoofChart::roofs() const
{
    return d->figure.roofs;
}

std::vector<RoofChart::DrawnRoof> RoofChart::drawnRoofs() const
{
    std::vector<DrawnRoof> out;
    if (const auto* l = d->layer<RoofsLayer>()) {
        for (const auto& r : l->drawn())
            out.push_back({r.roof, r.color, r.style, r.path});
    }
    return out;
}

std::vector<DataPoint> RoofChart::roofPoints(int hardware) const
{
    for (const FigureRoof& r : d->figure.roofs) {
        if (r.hardware == hardware)
            return roofPath(r, d->effectiveRange(), 2.0);
    }
    return {};
}

QColor RoofChart::colorOf(int hardware) const
{
    const FigureGpu* g = d->figure.gpu(hardware);
    return g ? QColor::fromRgb(g->rgb(d->style.theme)) : QColor();
}

std::vector<DataPoint> RoofChart::sweepPoints(int hardware) const
{
    for (const FigureSweep& s : d->figure.sweeps) {
        if (s.hardware == hardware)
            return s.points;
    }
    return {};
}

std::optional<DataPoint> RoofChart::crossingPoint(int hardware) const
{
    for (const FigureSweep& s : d->figure.sweeps) {
        if (s.hardware == hardware && s.crossing)
            return s.crossingPoint;
    }
    return std::nullopt;
}

std::vector<RoofChart::Tick> RoofChart::tickLabels() const
{
    std::vector<Tick> out;
    if (const auto* l = d->layer<GridAxesLayer>()) {
        for (const auto& t : l->labels())
            out.push_back({t.axis, t.value, t.label});
    }
    return out;
}

std::vector<RoofChart::Label> RoofChart::visibleLabels() const
{
    std::vector<Label> out;
    if (const auto* l = d->layer<LabelsLayer>()) {
        for (const auto& v : l->visible())
            out.push_back({v.text, v.box, v.leader, v.key, v.anchor, v.pinned});
    }
    return out;
}

QHash<QString, QPointF> RoofChart::labelOffsets() const
{
    QHash<QString, QPointF> out;
    for (const Label& l : visibleLabels()) {
        if (!l.key.isEmpty())
            out.insert(l.key, l.box.topLeft() - l.anchor);
    }
    return out;
}

void RoofChart::preferLabelOffsets(QHash<QString, QPointF> offsets)
{
    d->preferredLabels = std::move(offsets);
    d->refresh({});
}

std::optional<RoofChart::Label> RoofChart::draggableLabelAt(QPointF chartPos) const
{
    const std::vector<Label> labels = visibleLabels();
    // The topmost first: the last drawn.
    for (std::size_t i = labels.size(); i-- > 0;) {
        if (!labels[i].key.isEmpty() && labels[i].box.contains(chartPos))
            return labels[i];
    }
    return std::nullopt;
}

int RoofChart::hiddenLabelCount() const
{
    const auto* l = d->layer<LabelsLayer>();
    return l ? l->hiddenCount() : 0;
}

RoofChart::Legend RoofChart::legend() const
{
    Legend out;
    if (const auto* l = d->layer<LegendLayer>()) {
        out.names = l->names();
        out.font = l->font();
        out.rows = l->rows();
        out.box = l->box();
    }
    return out;
}

QStringList RoofChart::measuredKeyTexts() const
{
    const auto* l = d->layer<MeasuredKeyLayer>();
    return l ? l->texts() : QStringList();
}

std::vector<DataPoint> RoofChart::measuredPoints() const
{
    std::vector<DataPoint> out;
    for (const MeasuredPoint& m : d->figure.measured)
        out.push_back(m.value);
    return out;
}

int RoofChart::passArrowCount() const
{
    const auto* l = d->layer<PassPointsLayer>();
    return l ? l->arrowCount() : 0;
}

QStringList RoofChart::passLabelTexts() const
{
    const auto* l = d->layer<PassPointsLayer>();
    return l ? l->labelTexts() : QStringList();
}

int RoofChart::passSelectionRings() const
{
    const auto* l = d->layer<PassPointsLayer>();
    return l ? l->selectedRingCount() : 0;
}

int RoofChart::linkCount() const
{
    const auto* l = d->layer<LinksLayer>();
    return l ? l->arrowCount() : 0;
}

void RoofChart::setPointShare(PointShare share)
{
    d->share = std::move(share);
    refreshPointSizes();
}

qreal RoofChart::markerSizeForShare(double share) const
{
    return roofscope::markerSizeForShare(d->style, share);
}

void RoofChart::refreshPointSizes()
{
    d->refresh(ChartChange::Sizes);
}

void RoofChart::rebuild()
{
    if (!d->host)
        return;
    d->inRebuild = true;
    d->restyle();
    d->builder.rebuild();
    d->inRebuild = false;
    d->refresh(ChartChange::Style | ChartChange::Gpus | ChartChange::Roofs | ChartChange::Sweeps |
               ChartChange::Points | ChartChange::Selection | ChartChange::Measured |
               ChartChange::Sizes);
}

} // namespace roofscope
