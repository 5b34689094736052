#include "ui/serving/servingview.h"

#include "core/roofline/operators.h"
#include "core/serving/servingreport.h"
#include "core/util/format.h"
#include "ui/controls/livelabel.h"
#include "ui/document/gpucolor.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/export/atomicfile.h"
#include "ui/serving/servingchart.h"
#include "ui/style/chartstyle.h"
#include "ui/text/humanformat.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QThread>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace roofscope {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

// The ring thread yields to the window's thread but is never starved. Qt's IdlePriority is
// SCHED_IDLE on Linux, which a busy machine (a compile, a parallel test run) starves for
// seconds, so the rings stopped following the slider; its other priorities change nothing
// for SCHED_OTHER threads there. A nice value on the thread itself does what is meant.
void yieldToTheWindowThread()
{
#ifdef __linux__
    constexpr int kNice = 10; // about a tenth of a core against one busy thread at nice 0
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kNice);
#else
    QThread::currentThread()->setPriority(QThread::LowPriority);
#endif
}

QSpinBox* tokenBox(QWidget* parent, int value, const QString& name, const QString& tip)
{
    auto* box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(1, 1000000);
    box->setValue(value);
    box->setSingleStep(128);
    box->setGroupSeparatorShown(true);
    // A curve is many evaluations: recompute when the number is entered, not on every digit.
    box->setKeyboardTracking(false);
    box->setAccelerated(true);
    box->setToolTip(tip);
    return box;
}

// A published rate row's place on the chart (core servingRateOf).
std::optional<QPointF> referencePoint(const PublishedResult& r)
{
    const auto rate = servingRateOf(r);
    return rate ? std::optional<QPointF>(QPointF(rate->perUser, rate->perGpu)) : std::nullopt;
}

QString percent(double ratio)
{
    return HumanFormat::count(ratio * 100.0, 2) + QStringLiteral(" %");
}

} // namespace

ServingView::ServingView(ModelWorkbench* workbench, QWidget* parent)
    : QWidget(parent), m_workbench(workbench), m_session(workbench->session())
{
    setObjectName(QStringLiteral("servingView"));
    m_pool.setMaxThreadCount(1);
    m_prompt = tokenBox(this, 1024, QStringLiteral("servingPrompt"),
                        tr("Prompt tokens per request: the prefill behind the time to first "
                           "token, and the start of every request's KV cache"));
    m_output = tokenBox(this, 256, QStringLiteral("servingOutput"),
                        tr("Output tokens per request: decode steps run at the mean context, "
                           "prompt + output / 2; memory is counted at the last token"));
    m_published = new QCheckBox(tr("&Published measurements"), this);
    m_published->setObjectName(QStringLiteral("servingPublished"));
    m_published->setChecked(true);
    m_published->setToolTip(
        tr("Show published measurements of this model on these GPUs (hollow squares) and the "
           "band real servers reached under each curve: measured ÷ bound across every bundled "
           "published result. Measurements, not a prediction."));
    m_export = new QToolButton(this);
    m_export->setObjectName(QStringLiteral("servingExport"));
    m_export->setText(tr("E&xport…"));
    m_export->setToolTip(tr("Save the serving chart as PNG, SVG or PDF, or its curves as CSV or "
                            "JSON"));
    m_chart = new ServingChart(this);
    m_chart->setToolTip(QString());
    m_chart->setAccessibleName(tr("Serving chart"));
    m_chart->setAccessibleDescription(
        tr("Tokens per second per GPU against tokens per second per user. Drag a ring, or use "
           "the arrow keys, Page Up and Page Down, to set the batch."));
    m_note = new LiveLabel(this);
    m_note->setObjectName(QStringLiteral("servingNote"));
    m_note->setWordWrap(true);

    // Two short rows: the view shares the window's width with the roofline, even at 1366 × 768.
    auto* lengths = new QHBoxLayout;
    auto* promptLabel = new QLabel(tr("P&rompt"), this);
    promptLabel->setBuddy(m_prompt);
    auto* outputLabel = new QLabel(tr("O&utput"), this);
    outputLabel->setBuddy(m_output);
    m_prompt->setSuffix(tr(" tokens"));
    m_output->setSuffix(tr(" tokens"));
    lengths->addWidget(promptLabel);
    lengths->addWidget(m_prompt);
    lengths->addWidget(outputLabel);
    lengths->addWidget(m_output);
    auto* options = new QHBoxLayout;
    m_lengthsRow = lengths;
    m_optionsRow = options;
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(lengths);
    layout->addLayout(options);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_note);
    placeControls(false);

    m_chart->setToolTipProvider([this](int curve, int index) { return pointText(curve, index); });
    connect(m_chart, &ServingChart::gestureStarted, this,
            [this] { m_gesture = m_session->beginGesture(); });
    connect(m_chart, &ServingChart::gestureFinished, this, [this] { m_session->endGesture(); });
    connect(m_chart, &ServingChart::batchRequested, this, &ServingView::requestBatch);
    connect(m_workbench, &ModelWorkbench::changed, this, &ServingView::refresh);
    connect(m_session, &Session::hardwareChanged, this, &ServingView::refresh);
    connect(m_session, &Session::catalogChanged, this, [this] {
        m_key.clear(); // an accelerator's figures may have changed under the same id
        refresh();
    });
    connect(m_session, &Session::colorsChanged, this, &ServingView::rebuildFigure);
    // The lengths are the user's habit, not the document's: kept across sessions.
    QSettings settings;
    m_prompt->setValue(settings.value(QStringLiteral("serving/prompt"), 1024).toInt());
    m_output->setValue(settings.value(QStringLiteral("serving/output"), 256).toInt());
    connect(m_prompt, &QSpinBox::valueChanged, this, [this](int v) {
        QSettings().setValue(QStringLiteral("serving/prompt"), v);
        refresh();
    });
    connect(m_output, &QSpinBox::valueChanged, this, [this](int v) {
        QSettings().setValue(QStringLiteral("serving/output"), v);
        refresh();
    });
    connect(m_published, &QCheckBox::toggled, this, &ServingView::rebuildFigure);
    connect(m_export, &QToolButton::clicked, this, &ServingView::exportInteractive);
}

ServingSetup ServingView::setup() const
{
    ServingSetup s;
    s.precisions = m_workbench->scenario();
    s.promptTokens = m_prompt->value();
    s.outputTokens = m_output->value();
    return s;
}

std::string ServingView::curveKey() const
{
    const InferenceScenario& s = m_workbench->scenario();
    std::string key = m_workbench->model().id + "|" + m_workbench->layout().name() + "|" +
                      std::string(precisionName(s.weights)) + "," +
                      std::string(precisionName(s.activations)) + "," +
                      std::string(precisionName(s.kvCache)) + "," + (s.fused ? "f" : "u") + "," +
                      formatParamNumber(s.weightGroupSize) + "|" +
                      std::to_string(m_prompt->value()) + "+" + std::to_string(m_output->value());
    for (int hw : m_session->checkedHardware())
        key += "|" + m_session->hardware()[static_cast<std::size_t>(hw)].id;
    return key;
}

bool ServingView::ensureCurves()
{
    std::string key = curveKey();
    if (key == m_key)
        return false;
    m_key = std::move(key);
    computeCurves();
    computeCurrent();
    return true;
}

void ServingView::refresh()
{
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    const bool wasStale = std::exchange(m_stale, false);
    if (ensureCurves()) {
        rebuildFigure();
        return;
    }
    if (wasStale) {
        // Hidden meanwhile: the rings and the picture (a theme, the batch) may be old.
        computeCurrent();
        rebuildFigure();
        return;
    }
    // Only the batch (or nothing the curves depend on) changed: the rings move, computed off
    // the UI thread so a slider step costs the window no more than the roofline's update.
    requestRings();
}

std::vector<std::optional<ServingPoint>> ServingView::ringPoints(const RingJob& job)
{
    std::vector<std::optional<ServingPoint>> points(job.gpus.size());
    for (std::size_t c = 0; c < job.gpus.size(); ++c)
        // The decode step alone places the ring; hover asks for the rest (TTFT, memory).
        if (auto p = servingDecodeStep(*job.model, job.setup, job.gpus[c].first, job.gpus[c].second,
                                       job.batch))
            points[c] = *p;
    return points;
}

ServingView::RingJob ServingView::ringJob()
{
    RingJob job;
    job.generation = ++m_ringGeneration;
    job.model = m_model;
    job.setup = setup();
    job.batch = m_workbench->scenario().batch;
    for (std::size_t c = 0; c < m_curves.size(); ++c)
        job.gpus.emplace_back(m_curves[c].layout,
                              m_session->hardware()[static_cast<std::size_t>(m_hardware[c])]);
    return job;
}

void ServingView::requestRings()
{
    RingJob job = ringJob();
    m_chart->setCurrentBatch(job.batch);
    if (m_ringBusy) {
        m_pendingRing = std::move(job); // the newest only: steps in between are skipped
        return;
    }
    startRing(std::move(job));
}

void ServingView::startRing(RingJob job)
{
    m_ringBusy = true;
    m_pool.start([this, job = std::move(job)] {
        // Behind the window's thread: a slider step is not slowed by the rings of the step
        // before.
        yieldToTheWindowThread();
        auto points = ringPoints(job);
        // Queued to the view, which waits for this pool before it goes.
        QMetaObject::invokeMethod(
            this,
            [this, generation = job.generation, batch = job.batch,
             points = std::move(points)]() mutable {
                ringsDone(generation, batch, std::move(points));
            },
            Qt::QueuedConnection);
    });
}

void ServingView::ringsDone(std::uint64_t generation, double batch,
                            std::vector<std::optional<ServingPoint>> points)
{
    m_ringBusy = false;
    if (generation == m_ringGeneration && points.size() == m_curves.size()) {
        m_current = std::move(points);
        m_currentBatch = batch;
        rebuildFigure();
    }
    if (m_pendingRing) {
        RingJob next = std::move(*m_pendingRing);
        m_pendingRing.reset();
        startRing(std::move(next));
    }
}

bool ServingView::waitForRings(int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (ringsPending() && timer.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    return !ringsPending();
}

ServingView::~ServingView()
{
    m_pool.clear();
    m_pool.waitForDone();
}

const std::vector<ServingCurve>& ServingView::curves()
{
    ensureCurves();
    return m_curves;
}

const std::vector<std::optional<ServingPoint>>& ServingView::currentPoints()
{
    curves();
    if (m_currentBatch != m_workbench->scenario().batch)
        computeCurrent();
    return m_current;
}

void ServingView::computeCurves()
{
    m_curves.clear();
    m_hardware.clear();
    m_errors.clear();
    const ServingSetup s = setup();
    m_model = std::make_shared<const ModelConfig>(m_workbench->model());
    const ModelConfig& model = *m_model;
    const Layout& layout = m_workbench->layout();
    for (int hw : m_session->checkedHardware()) {
        const Hardware& gpu = m_session->hardware()[static_cast<std::size_t>(hw)];
        auto curve = servingCurve(model, s, layout, gpu);
        if (!curve) {
            m_errors.push_back(m_session->shortName(hw) + QStringLiteral(": ") +
                               qs(curve.error().message));
            continue;
        }
        m_hardware.push_back(hw);
        m_curves.push_back(std::move(curve).value());
    }

    m_references.clear();
    for (const PublishedResult& row : m_workbench->publishedRows()) {
        if (row.model != model.id || !referencePoint(row))
            continue;
        const auto it = std::find_if(m_curves.begin(), m_curves.end(),
                                     [&](const ServingCurve& c) { return c.gpu == row.gpu; });
        if (it == m_curves.end())
            continue;
        const int c = static_cast<int>(it - m_curves.begin());
        const Hardware& gpu = m_session->hardware()[static_cast<std::size_t>(m_hardware[c])];
        auto bound = publishedBound(row, model, gpu);
        m_references.push_back(
            {row, bound ? std::optional<PublishedBound>(*bound) : std::nullopt, c});
    }
}

void ServingView::computeCurrent()
{
    // Here and now (a new set of curves, an export): a ring job still running is outdated.
    const RingJob job = ringJob();
    m_pendingRing.reset();
    m_current = ringPoints(job);
    m_currentBatch = job.batch;
    m_chart->setCurrentBatch(job.batch);
}

ServingFigure ServingView::makeFigure(bool forScreen) const
{
    ServingFigure f;
    if (forScreen) {
        const ChartStyle style = chartStyle(m_session->viewSettings()->theme());
        f.colors.background = style.background;
        f.colors.text = style.text;
        f.colors.subtitle = style.mutedText;
        f.colors.pointText = style.mutedText;
        f.colors.grid = style.grid;
        f.unit = m_session->viewSettings()->theme() == Theme::Slide ? 0.75 : 0.6;
    }
    // On screen the window's colours; on a slide the light theme's (a user's own colour kept).
    const auto colorOf = [this, forScreen](int hw) {
        if (forScreen)
            return gpuColor(*m_session, hw);
        if (const auto rgb = m_session->colorOverride(hw))
            return QColor::fromRgb(*rgb);
        return hardwareColor(m_session->colorSlot(hw), Theme::Light);
    };
    const ModelConfig& model = m_workbench->model();
    // The window's own words say what the chart is; a slide needs its title.
    if (!forScreen)
        f.title = tr("Serving %1: throughput against interactivity").arg(qs(model.name));
    f.subtitle =
        tr("%1, %2: prompt %3 + output %4 tokens; roofline bounds, real servers land "
           "below")
            .arg(qs(model.name), qs(m_workbench->layout().name()),
                 HumanFormat::count(m_prompt->value()), HumanFormat::count(m_output->value()));
    f.xTitle = forScreen ? tr("Tokens/s per user") : tr("Tokens/s per user (1 / decode step)");
    f.yTitle =
        forScreen ? tr("Tokens/s per GPU") : tr("Tokens/s per GPU (batch / decode step / GPUs)");
    f.capacityText = tr("memory-capacity end: the largest batch that fits");
    f.addCurves(
        m_curves,
        [this, &colorOf](const std::string& gpu) {
            for (std::size_t c = 0; c < m_curves.size(); ++c)
                if (m_curves[c].gpu == gpu)
                    return colorOf(m_hardware[c]);
            return QColor(Qt::gray);
        },
        tr("(does not fit)"));
    // Every curve has the model panel's layout (the subtitle names it): the legend names GPUs.
    for (std::size_t c = 0; c < m_curves.size(); ++c) {
        f.curves[c].label = m_session->shortName(m_hardware[c]);
        if (m_curves[c].points.empty())
            f.curves[c].label += QLatin1Char(' ') + tr("(does not fit)");
        if (c >= m_current.size() || !m_current[c] || m_curves[c].points.empty())
            continue;
        if (m_currentBatch > m_curves[c].largestBatch &&
            m_curves[c].limit == ServingLimit::Memory) {
            // Past the capacity end the ring waits there, dashed: the batch does not fit.
            const ServingPoint& end = m_curves[c].points.back();
            f.curves[c].current = QPointF(end.tokensPerSPerUser, end.tokensPerSPerGpu);
            f.curves[c].currentFits = false;
        } else {
            f.curves[c].current =
                QPointF(m_current[c]->tokensPerSPerUser, m_current[c]->tokensPerSPerGpu);
        }
    }
    // Every ring is the same batch: one text, on the highest ring, where it crowds least.
    ServingFigureCurve* top = nullptr;
    for (ServingFigureCurve& c : f.curves)
        if (c.current && (!top || c.current->y() > top->current->y()))
            top = &c;
    if (top)
        top->currentText = tr("batch %1").arg(HumanFormat::count(m_currentBatch));
    if (m_published->isChecked()) {
        for (const Reference& r : m_references)
            f.references.push_back({*referencePoint(r.row), f.curves[r.curve].color});
        f.referenceText = tr("published measurement (hover for its source)");
        const std::optional<PublishedBand>& band = m_workbench->publishedBand();
        if (band && !f.curves.empty()) {
            const RatioSpread& spread = band->spread;
            // One band, under the baseline's curve: four overlapping bands read as one blur.
            const auto base =
                std::find(m_hardware.begin(), m_hardware.end(), m_session->baseline());
            ServingFigureCurve& c =
                f.curves[base == m_hardware.end()
                             ? 0
                             : static_cast<std::size_t>(base - m_hardware.begin())];
            c.bandLow = spread.min;
            c.bandHigh = spread.max;
            f.bandText = tr("expected real range under the baseline's curve: published "
                            "measurements reached %1–%2 of the bound (median %3, %4 results); "
                            "not a prediction")
                             .arg(percent(spread.min), percent(spread.max), percent(spread.median),
                                  HumanFormat::count(spread.count));
        }
    }
    return f;
}

void ServingView::rebuildFigure()
{
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    std::vector<std::vector<double>> batches;
    for (const ServingCurve& c : m_curves) {
        std::vector<double> b;
        for (const ServingPoint& p : c.points)
            b.push_back(p.batch);
        batches.push_back(std::move(b));
    }
    m_chart->setFigure(makeFigure(true), std::move(batches));

    QStringList lines;
    if (m_session->checkedHardware().empty())
        lines << tr("Check an accelerator to see its serving curve.");
    QStringList nothingFits;
    QStringList tooLarge;
    double oneRequest = 0.0;
    for (std::size_t c = 0; c < m_curves.size(); ++c)
        if (m_curves[c].points.empty() && m_curves[c].limit == ServingLimit::NothingFits) {
            nothingFits << m_session->shortName(m_hardware[c]);
            oneRequest = std::max(oneRequest, m_curves[c].weightsBytesPerGpu +
                                                  m_curves[c].kvBytesPerRequestPerGpu);
        }
    if (!nothingFits.isEmpty())
        lines << tr("Not even one request fits on %1 (%2 per GPU): spread the model over more "
                    "GPUs in the Model panel.")
                     .arg(nothingFits.join(QStringLiteral(", ")), qs(formatBytes(oneRequest)));
    for (std::size_t c = 0; c < m_curves.size() && c < m_current.size(); ++c) {
        const ServingCurve& curve = m_curves[c];
        if (curve.points.empty()) {
            if (curve.limit != ServingLimit::NothingFits)
                lines << m_session->shortName(m_hardware[c]) + QStringLiteral(": ") +
                             qs(curve.limitReason);
        } else if (m_currentBatch > curve.largestBatch && curve.limit == ServingLimit::Memory) {
            tooLarge << tr("%1 (largest %2)")
                            .arg(m_session->shortName(m_hardware[c]),
                                 HumanFormat::count(curve.largestBatch));
        }
    }
    if (!tooLarge.isEmpty())
        lines << tr("Batch %1 does not fit on %2: the dashed rings wait at the capacity end.")
                     .arg(HumanFormat::count(m_currentBatch), tooLarge.join(QStringLiteral(", ")));
    for (const QString& e : m_errors)
        lines << e;
    if (lines.isEmpty())
        lines << tr("Drag a ring along its curve, or press a batch's dot, to set the batch; "
                    "hover a point for its numbers.");
    m_note->setText(lines.join(QLatin1Char('\n')));
}

void ServingView::requestBatch(double batch, bool inGesture)
{
    InferenceScenario s = m_workbench->scenario();
    if (s.batch == batch)
        return;
    s.batch = batch;
    if (auto error = m_workbench->setScenario(s, inGesture ? m_gesture : 0))
        emit statusMessage(*error, 8000);
}

QString ServingView::pointText(int curve, int index) const
{
    if (curve < 0) {
        if (index < 0 || index >= static_cast<int>(m_references.size()))
            return {};
        const Reference& r = m_references[static_cast<std::size_t>(index)];
        const QPointF at = *referencePoint(r.row);
        QString text =
            tr("Published: %1 on %2 × %3 (%4), batch %5, %6 in / %7 out")
                .arg(qs(r.row.framework), HumanFormat::count(r.row.layout.gpus()), qs(r.row.gpu),
                     qs(r.row.layout.name()), HumanFormat::count(r.row.batch),
                     HumanFormat::count(r.row.inputTokens), HumanFormat::count(r.row.outputTokens));
        text +=
            QLatin1Char('\n') + tr("%1 tokens/s per user, %2 tokens/s per GPU")
                                    .arg(HumanFormat::count(at.x()), HumanFormat::count(at.y()));
        if (r.bound)
            text += QLatin1Char('\n') +
                    tr("RoofScope's bound for the same set-up: %1; reached %2 of it")
                        .arg(HumanFormat::count(r.bound->bound), percent(r.bound->ratio));
        text += QLatin1Char('\n') + tr("Source: %1").arg(qs(r.row.source));
        return text;
    }
    if (curve >= static_cast<int>(m_curves.size()))
        return {};
    const ServingCurve& c = m_curves[static_cast<std::size_t>(curve)];
    std::optional<ServingPoint> p;
    if (index < 0) {
        const Hardware& gpu =
            m_session
                ->hardware()[static_cast<std::size_t>(m_hardware[static_cast<std::size_t>(curve)])];
        if (auto full = servingPoint(m_workbench->model(), setup(), c.layout, gpu, m_currentBatch))
            p = *full;
    } else if (index < static_cast<int>(c.points.size())) {
        p = c.points[static_cast<std::size_t>(index)];
    }
    if (!p)
        return {};
    const int hw = m_hardware[static_cast<std::size_t>(curve)];
    QStringList lines;
    lines << tr("%1 · %2, batch %3")
                 .arg(m_session->shortName(hw), qs(c.layout.name()), HumanFormat::count(p->batch));
    lines << tr("Tokens/s per user: %1").arg(HumanFormat::count(p->tokensPerSPerUser));
    lines << tr("Tokens/s per GPU: %1").arg(HumanFormat::count(p->tokensPerSPerGpu));
    lines << tr("Time to first token: %1 (batch 1: %2)")
                 .arg(qs(formatDuration(p->ttftS)), qs(formatDuration(p->ttftBatch1S)));
    lines << tr("Request latency: %1").arg(qs(formatDuration(p->requestLatencyS)));
    QString memory =
        tr("Memory per GPU: %1 of %2")
            .arg(qs(formatBytes(p->memoryBytesPerGpu)), qs(formatBytes(c.capacityBytes)));
    if (index >= 0 && isCapacityEnd(c, static_cast<std::size_t>(index)))
        memory += QLatin1Char(' ') + tr("(the capacity end: one more request does not fit)");
    else if (p->batch > c.largestBatch && c.limit == ServingLimit::Memory)
        memory += QLatin1Char(' ') + tr("(does not fit)");
    lines << memory;
    return lines.join(QLatin1Char('\n'));
}

std::optional<QString> ServingView::exportTo(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    currentPoints();
    QByteArray bytes;
    if (suffix == QLatin1String("csv") || suffix == QLatin1String("json")) {
        const ServingReport report{m_workbench->model().id, setup(), m_curves,
                                   servingFrontFlags(m_curves)};
        bytes = QByteArray::fromStdString(
            suffix == QLatin1String("csv") ? servingReportCsv(report) : servingReportJson(report));
    } else {
        const auto format = figureFormatForFile(path);
        if (!format)
            return tr("%1: expected a file ending in .png, .svg, .pdf, .csv or .json").arg(path);
        const ServingFigure f = makeFigure(false);
        bytes = f.render(*format);
        if (bytes.isEmpty())
            return tr("%1: the figure could not be rendered").arg(path);
    }
    return AtomicFile::write(path, bytes);
}

void ServingView::exportInteractive()
{
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("export/servingDir")).toString();
    const QString proposed =
        QFileInfo(dir.isEmpty() ? QDir::homePath() : dir, QStringLiteral("serving.png")).filePath();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Serving Chart"), proposed,
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf);;CSV table "
           "(*.csv);;JSON data (*.json)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("export/servingDir"), QFileInfo(path).absolutePath());
    if (auto error = exportTo(path))
        emit statusMessage(*error, 10000);
    else
        emit statusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
}

void ServingView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void ServingView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    placeControls(width() >= 680);
}

void ServingView::placeControls(bool oneRow)
{
    // One row of controls where it fits (the chart keeps the height), else two.
    const int rows = oneRow ? 1 : 2;
    if (rows == m_controlRows)
        return;
    m_controlRows = rows;
    // Empty both rows past the lengths (widgets stay, spacers go), then lay the tail again.
    const auto strip = [](QHBoxLayout* row, int keep) {
        while (row->count() > keep) {
            // Deleting the item leaves its widget, owned by this view, in place.
            delete row->takeAt(keep);
        }
    };
    strip(m_lengthsRow, 4);
    strip(m_optionsRow, 0);
    QHBoxLayout* tail = oneRow ? m_lengthsRow : m_optionsRow;
    if (oneRow)
        tail->addSpacing(12);
    else
        m_lengthsRow->addStretch(1);
    tail->addWidget(m_published);
    tail->addStretch(1);
    tail->addWidget(m_export);
}

void ServingView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && isVisible())
        rebuildFigure();
}

} // namespace roofscope
