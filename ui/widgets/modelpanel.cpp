#include "ui/widgets/modelpanel.h"

#include "core/document/scenarionotes.h"
#include "core/util/format.h"
#include "ui/controls/livelabel.h"
#include "ui/controls/logslider.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/text/humanformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QStandardItemModel>
#include <QStringList>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace roofscope {

namespace {

// The precisions a scenario may use for each tensor (the CLI accepts the same).
const Precision kWeights[] = {Precision::FP16, Precision::BF16, Precision::FP8,
                              Precision::INT8, Precision::INT4, Precision::FP4};
const Precision kActivations[] = {Precision::FP16, Precision::BF16, Precision::FP8,
                                  Precision::INT8};
const Precision kKv[] = {Precision::FP16, Precision::BF16, Precision::FP8, Precision::INT8};

template <std::size_t N>
QComboBox* precisionCombo(const Precision (&list)[N], const QString& name, QWidget* parent)
{
    auto* c = new QComboBox(parent);
    c->setObjectName(name);
    for (Precision p : list)
        c->addItem(QString::fromUtf8(precisionName(p)).toUpper(), static_cast<int>(p));
    return c;
}

Precision comboPrecision(const QComboBox* c)
{
    return static_cast<Precision>(c->currentData().toInt());
}

// GPU counts offered per dimension: the planner's range (one node of eight).
constexpr int kMaxLayoutGpus = 8;

QComboBox* layoutCombo(const QString& name, QWidget* parent)
{
    auto* c = new QComboBox(parent);
    c->setObjectName(name);
    for (int n = 1; n <= kMaxLayoutGpus; ++n)
        c->addItem(QString::number(n), n);
    return c;
}

int comboValue(const QComboBox* c)
{
    return c->currentIndex() >= 0 ? c->currentData().toInt() : 1;
}

void selectPrecision(QComboBox* c, Precision p)
{
    const QSignalBlocker b(c);
    c->setCurrentIndex(c->findData(static_cast<int>(p)));
}

} // namespace

ModelPanel::ModelPanel(ModelWorkbench* workbench, QWidget* parent)
    : QWidget(parent), m_workbench(workbench), m_model(new QComboBox(this)),
      m_load(new QToolButton(this)), m_summary(new LiveLabel(this)), m_phase(new QComboBox(this)),
      m_contextLabel(new QLabel(this)), m_batch(new LogSlider(this)),
      m_context(new LogSlider(this)),
      m_weights(precisionCombo(kWeights, QStringLiteral("weights"), this)),
      m_activations(precisionCombo(kActivations, QStringLiteral("activations"), this)),
      m_kv(precisionCombo(kKv, QStringLiteral("kv"), this)),
      m_fused(new QCheckBox(tr("Fused kernels"), this)),
      m_tp(layoutCombo(QStringLiteral("tp"), this)), m_pp(layoutCombo(QStringLiteral("pp"), this)),
      m_ep(layoutCombo(QStringLiteral("ep"), this)), m_epLabel(new QLabel(tr("EP"), this)),
      m_gpus(new QLabel(this)), m_show(new QPushButton(tr("Show on Chart"), this)),
      m_edits(new QLabel(this)), m_resetEdits(new QPushButton(tr("Reset Edits"), this)),
      m_status(new QLabel(this)), m_baseline(new LiveLabel(this)), m_frame(new QTimer(this))
{
    m_model->setObjectName(QStringLiteral("model"));
    m_phase->setObjectName(QStringLiteral("phase"));
    m_batch->setObjectName(QStringLiteral("modelBatch"));
    m_context->setObjectName(QStringLiteral("modelContext"));
    m_show->setObjectName(QStringLiteral("showModel"));
    m_edits->setObjectName(QStringLiteral("modelRowEdits"));
    m_resetEdits->setObjectName(QStringLiteral("resetModelRowEdits"));
    m_resetEdits->setToolTip(tr("Expand the model's rows again without your edits (one undo "
                                "step)"));
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_model->setMinimumContentsLength(9);
    m_load->setText(tr("Load…"));
    m_load->setToolTip(tr("Load a model: a Hugging Face config.json or a RoofScope model catalog"));
    m_summary->setWordWrap(true);
    m_summary->setEnabled(false);
    m_phase->addItem(tr("Decode (one token per sequence)"), static_cast<int>(Phase::Decode));
    m_phase->addItem(tr("Prefill (the whole prompt)"), static_cast<int>(Phase::Prefill));
    m_batch->setRange(1.0, 4096.0);
    m_context->setRange(1.0, 131072.0);
    m_batch->setToolTip(tr("Sequences in one step"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_show->setToolTip(
        tr("Put this model's operators on the chart beside your own (one undo step)"));
    m_fused->setToolTip(tr("Elementwise chains and attention (flash attention) each run as one "
                           "kernel"));
    // At 1366×768 the panel shares a column a fifth of the screen wide: no combo may ask for
    // its longest item's width, or the rows run past the edge ("Decode (one token per seq").
    m_phase->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_phase->setMinimumContentsLength(8);
    for (QComboBox* c : {m_weights, m_activations, m_kv, m_tp, m_pp, m_ep}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(c == m_weights || c == m_activations || c == m_kv ? 4 : 1);
    }

    m_weights->setToolTip(tr("Weights of the decoder layers' matrices"));
    m_activations->setToolTip(tr("Matmul inputs and math: the roof the matmuls run against"));
    m_kv->setToolTip(tr("KV cache"));
    m_tp->setToolTip(tr("Tensor parallelism: each layer's heads, FFN and vocabulary split over N "
                        "GPUs, with two all-reduces per layer over the interconnect"));
    m_pp->setToolTip(tr("Pipeline parallelism: the layers split into stages that run one after "
                        "another, activations sent between them. The chart shows one GPU of "
                        "the first stage"));
    m_ep->setToolTip(tr("Expert parallelism (mixture of experts): each MoE layer's experts spread "
                        "over E of the TP GPUs, with dispatch and combine all-to-alls"));

    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // At 1366×768 the panel's column is ≈ 265 px: each row holds one or two controls, and a row
    // that still cannot fit puts its field under its label instead of running past the edge.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    auto* modelRow = new QHBoxLayout;
    modelRow->addWidget(m_model, 1);
    modelRow->addWidget(m_load);
    // The dock is titled "Model": the picker and its summary take the whole width instead of
    // a second "Model" label beside them.
    m_model->setAccessibleName(tr("Model"));
    form->addRow(modelRow);
    form->addRow(m_summary);
    form->addRow(tr("Phase"), m_phase);
    auto* batchLabel = new QLabel(tr("Batch"), this);
    QFont bold = batchLabel->font();
    bold.setBold(true);
    batchLabel->setFont(bold);
    form->addRow(batchLabel, m_batch);
    form->addRow(m_contextLabel, m_context);
    // One row per tensor: "W / A / KV" side by side needed 330 px and read as code.
    form->addRow(tr("Weights"), m_weights);
    form->addRow(tr("Activations"), m_activations);
    form->addRow(tr("KV cache"), m_kv);
    form->addRow(QString(), m_fused);
    // TP, PP and EP side by side with their names above them: beside them the row needed
    // 250 px, more than a 1366×768 column has.
    auto* layoutGrid = new QGridLayout;
    layoutGrid->setVerticalSpacing(0);
    int column = 0;
    for (auto [label, combo] :
         {std::pair{new QLabel(tr("TP"), this), m_tp}, std::pair{new QLabel(tr("PP"), this), m_pp},
          std::pair{m_epLabel, m_ep}}) {
        label->setBuddy(combo);
        label->setToolTip(combo->toolTip());
        layoutGrid->addWidget(label, 0, column);
        layoutGrid->addWidget(combo, 1, column);
        layoutGrid->setColumnStretch(column, 1);
        ++column;
    }
    m_gpus->setObjectName(QStringLiteral("layoutGpus"));
    form->addRow(tr("Parallel"), layoutGrid);
    form->addRow(QString(), m_gpus);
    layout->addLayout(form);
    auto* showRow = new QHBoxLayout;
    showRow->addWidget(m_show);
    showRow->addStretch(1);
    layout->addLayout(showRow);
    // On a row of its own: beside the button it ran past a narrow panel's edge at 1366×768.
    auto* editsRow = new QHBoxLayout;
    editsRow->addWidget(m_edits);
    editsRow->addWidget(m_resetEdits);
    editsRow->addStretch(1);
    layout->addLayout(editsRow);
    layout->addWidget(m_status);
    layout->addWidget(m_baseline);
    // W4A16's FP16 LM head, per-step times, context past training.
    m_notes = new LiveLabel(this);
    m_notes->setObjectName(QStringLiteral("modelNotes"));
    m_notes->setWordWrap(true);
    layout->addWidget(m_notes);
    layout->addStretch(1);

    m_baseline->setObjectName(QStringLiteral("baselineSummary"));
    m_baseline->setTextFormat(Qt::RichText);
    m_baseline->setWordWrap(true);

    m_frame->setSingleShot(true);
    m_frame->setTimerType(Qt::PreciseTimer);
    connect(m_frame, &QTimer::timeout, this, &ModelPanel::flushPending);
    m_sinceFlush.start();

    connect(m_model, &QComboBox::activated, this, &ModelPanel::onModelActivated);
    connect(m_load, &QToolButton::clicked, this, &ModelPanel::loadFile);
    connect(m_phase, &QComboBox::activated, this, [this] {
        InferenceScenario s = m_workbench->scenario();
        s.phase = static_cast<Phase>(m_phase->currentData().toInt());
        change(s);
    });
    for (LogSlider* s : {m_batch, m_context}) {
        const bool batch = s == m_batch;
        connect(s, &LogSlider::valueChanged, this, [this, batch](double v) { onSlider(batch, v); });
        connect(s, &LogSlider::gestureStarted, this,
                [this] { m_gesture = m_workbench->session()->beginGesture(); });
        connect(s, &LogSlider::gestureFinished, this, [this] {
            flushPending();
            m_gesture = 0;
            m_workbench->session()->endGesture();
        });
    }
    for (QComboBox* c : {m_weights, m_activations, m_kv})
        connect(c, &QComboBox::activated, this, [this, c] { onPrecision(c); });
    connect(m_fused, &QCheckBox::toggled, this, [this](bool on) {
        InferenceScenario s = m_workbench->scenario();
        s.fused = on;
        change(s);
    });
    for (QComboBox* c : {m_tp, m_pp, m_ep})
        connect(c, &QComboBox::activated, this, &ModelPanel::onLayout);
    connect(m_show, &QPushButton::clicked, m_workbench, &ModelWorkbench::showOnChart);
    connect(m_resetEdits, &QPushButton::clicked, m_workbench, &ModelWorkbench::resetRowEdits);
    connect(m_workbench, &ModelWorkbench::changed, this, &ModelPanel::refresh);
    populateModels();
    refresh();
}

void ModelPanel::populateModels()
{
    const QSignalBlocker b(m_model);
    m_model->clear();
    for (const ModelConfig& m : m_workbench->catalog().all()) {
        QString text = QString::fromStdString(m.name);
        if (m.isMoe())
            text += QStringLiteral(" (MoE)");
        m_model->addItem(text, QString::fromStdString(m.id));
        m_model->setItemData(m_model->count() - 1, QString::fromStdString(m.source),
                             Qt::ToolTipRole);
    }
    m_modelCount = m_workbench->catalog().all().size();
}

void ModelPanel::refresh()
{
    if (m_workbench->catalog().all().size() != m_modelCount)
        populateModels();
    const ModelConfig& m = m_workbench->model();
    const InferenceScenario& s = m_workbench->scenario();
    {
        const QSignalBlocker b(m_model);
        m_model->setCurrentIndex(m_model->findData(QString::fromStdString(m.id)));
    }
    // Model cards count parameters in billions.
    const auto billions = [](double n) { return QString::number(n / 1e9, 'f', n < 1e10 ? 2 : 1); };
    QString params = tr("%1 B").arg(billions(m.parameterCount()));
    if (m.isMoe())
        params = tr("%1 B (%2 B active)")
                     .arg(billions(m.parameterCount()), billions(m.activeParameterCount()));
    m_summary->setText(
        tr("%1 layers · hidden %2 · FFN %3 · %4 heads / %5 KV · %6 parameters · KV cache %7 per "
           "token")
            .arg(m.layers)
            .arg(m.hiddenSize)
            .arg(m.intermediateSize)
            .arg(m.heads)
            .arg(m.kvHeads)
            .arg(params, QString::fromStdString(formatBytes(kvCacheBytesPerToken(m, s.kvCache)))));
    {
        const QSignalBlocker b(m_phase);
        m_phase->setCurrentIndex(m_phase->findData(static_cast<int>(s.phase)));
    }
    const bool decode = s.phase == Phase::Decode;
    m_contextLabel->setText(decode ? tr("Context") : tr("Prompt"));
    m_context->setToolTip(decode ? tr("Tokens already in each sequence's KV cache")
                                 : tr("Prompt tokens per sequence"));
    // A slider being dragged keeps its own position until its value is applied.
    if (!m_hasPending) {
        m_batch->setValue(s.batch);
        m_context->setValue(s.context);
    }
    selectPrecision(m_weights, s.weights);
    selectPrecision(m_activations, s.activations);
    selectPrecision(m_kv, s.kvCache);
    {
        const QSignalBlocker b(m_fused);
        m_fused->setChecked(s.fused);
    }
    refreshLayout();
    const bool shown = m_workbench->isShown();
    m_show->setEnabled(!shown);
    m_show->setText(shown ? tr("Shown on Chart") : tr("Show on Chart"));
    const int edits = shown ? static_cast<int>(m_workbench->rowOverrides().size()) : 0;
    m_edits->setText(edits == 1 ? tr("1 row edited") : tr("%1 rows edited").arg(edits));
    m_edits->setToolTip(tr("Rows you edited keep their values when the batch, context, phase or "
                           "layout changes; they are marked ✎ in the operator list"));
    m_edits->setVisible(edits > 0);
    m_resetEdits->setVisible(edits > 0);
    m_baseline->setText(baselineSummary());
    QStringList notes;
    for (const std::string& note : scenarioNotes(m, s))
        notes << QString::fromStdString(note).toHtmlEscaped();
    if (contextBeyondTraining(m, s) && !notes.isEmpty()) {
        // The warning first, in the theme's warning colour, where the slider is.
        for (QString& n : notes)
            if (n.startsWith(QStringLiteral("Context ")))
                n = QStringLiteral("<span style=\"color:#b35900\">⚠ %1</span>").arg(n);
    }
    m_notes->setText(notes.join(QStringLiteral("<br>")));
    m_notes->setVisible(!notes.isEmpty());
    m_context->setToolTip(
        m_context->toolTip() +
        (m.maxPositions > 0 ? tr(" (trained for up to %1)").arg(m.maxPositions) : QString()));
}

void ModelPanel::refreshLayout()
{
    const Layout current = m_workbench->layout();
    const bool moe = m_workbench->model().isMoe();
    m_ep->setVisible(moe);
    m_epLabel->setVisible(moe);
    // Which values the model's shapes refuse depends on the model and the layout only: a batch
    // or context step leaves the 24 items as they are.
    const bool marked =
        m_markedLayout && *m_markedLayout == current && m_markedModel == m_workbench->model();
    if (!marked) {
        m_markedLayout = current;
        m_markedModel = m_workbench->model();
    }
    // Each value with the others as they are (EP falls back to 1 where it stops dividing TP).
    const auto mark = [this, marked](QComboBox* combo, int selected, auto layoutFor) {
        const QSignalBlocker b(combo);
        auto* items = qobject_cast<QStandardItemModel*>(combo->model());
        for (int i = 0; i < combo->count() && !marked; ++i) {
            const int n = combo->itemData(i).toInt();
            const std::optional<QString> problem = m_workbench->layoutProblem(layoutFor(n));
            if (QStandardItem* item = items ? items->item(i) : nullptr) {
                item->setEnabled(!problem);
                item->setToolTip(problem ? *problem : QString());
            }
        }
        combo->setCurrentIndex(combo->findData(selected));
    };
    mark(m_tp, current.tp, [&](int n) {
        return Layout{n, current.pp, n % current.ep == 0 ? current.ep : 1};
    });
    mark(m_pp, current.pp, [&](int n) { return Layout{current.tp, n, current.ep}; });
    mark(m_ep, current.ep, [&](int n) { return Layout{current.tp, current.pp, n}; });
    m_gpus->setText(current.gpus() == 1 ? tr("1 GPU in all")
                                        : tr("%1 GPUs in all").arg(current.gpus()));
}

void ModelPanel::onLayout()
{
    Layout l{comboValue(m_tp), comboValue(m_pp), comboValue(m_ep)};
    if (l.ep > 1 && l.tp % l.ep != 0)
        l.ep = 1; // TP changed under it: experts stay whole
    if (auto error = m_workbench->setLayout(l))
        m_status->setText(*error);
    else
        m_status->clear();
    refresh();
}

QString ModelPanel::baselineSummary() const
{
    const Session* session = m_workbench->session();
    const int base = session->baseline();
    const Expected<WorkloadTotals>* t = m_workbench->totals(base);
    if (base < 0 || !t)
        return tr("Check an accelerator to see the model's step time.");
    if (!*t)
        return QString::fromStdString(t->error().message).toHtmlEscaped();
    const bool decode = m_workbench->scenario().phase == Phase::Decode;
    if (const Expected<ParallelTotals>* p = m_workbench->parallelTotals(base)) {
        if (!*p)
            return QString::fromStdString(p->error().message).toHtmlEscaped();
        const ParallelTotals& v = **p;
        QString fits;
        if (v.fits == true)
            fits = tr("fits");
        else if (v.fits == false)
            fits = tr("<b>does not fit</b>");
        return tr("<b>%1</b> × %2 (%3): %4 %5 · %6 tokens/s · %7 % communication · %8 per GPU, "
                  "%9")
            .arg(session->shortName(base).toHtmlEscaped())
            .arg(v.layout.gpus())
            .arg(QString::fromStdString(v.layout.name()),
                 QString::fromStdString(formatDuration(v.timeS)),
                 !decode
                     ? tr("per prefill")
                     : (m_workbench->scenario().batch == 1.0 ? tr("per token") : tr("per step")),
                 HumanFormat::count(v.tokensPerS, 4),
                 QString::number(v.communicationFraction * 100.0, 'f', 0),
                 QString::fromStdString(formatBytes(v.memoryBytesPerGpu)), fits);
    }
    const WorkloadTotals& v = **t;
    QString fits;
    if (v.fits == true)
        fits = tr("fits in %1").arg(QString::fromStdString(formatBytes(v.memoryBytes)));
    else if (v.fits == false)
        fits = tr("<b>does not fit</b> %1: needs %2 GPUs")
                   .arg(QString::fromStdString(formatBytes(v.memoryBytes)))
                   .arg(v.gpusNeeded.value_or(0));
    return tr("<b>%1</b>: %2 %3 · %4 tokens/s · %5 % memory-bound · weights + KV %6, %7")
        .arg(session->shortName(base).toHtmlEscaped(),
             QString::fromStdString(formatDuration(v.timeS)),
             // A batched decode step makes one token per sequence: per step, not per token.
             !decode ? tr("per prefill")
                     : (m_workbench->scenario().batch == 1.0
                            ? tr("per token")
                            : tr("per step (%1 tokens)")
                                  .arg(QString::fromStdString(
                                      formatParamNumber(m_workbench->scenario().batch)))),
             HumanFormat::count(v.tokensPerS, 4),
             QString::number(v.memoryBoundTimeFraction * 100.0, 'f', 0),
             QString::fromStdString(formatBytes(v.weightsBytes + v.kvCacheBytes)), fits);
}

void ModelPanel::onModelActivated(int index)
{
    if (index < 0)
        return;
    const std::string id = m_model->itemData(index).toString().toStdString();
    if (auto error = m_workbench->setModel(id)) {
        m_status->setText(*error);
        refresh();
    } else {
        m_status->clear();
    }
}

void ModelPanel::loadFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Load Model"), QString(), tr("Model configurations (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    auto ids = m_workbench->loadModelFile(path);
    if (!ids) {
        m_status->setText(QString::fromStdString(ids.error().message));
        return;
    }
    if (ids->empty())
        return;
    if (auto error = m_workbench->setModel(ids->front()))
        m_status->setText(*error);
    else
        emit statusMessage(
            tr("Loaded %1 from %2")
                .arg(QString::fromStdString(ids->front()), QFileInfo(path).fileName()));
}

void ModelPanel::onSlider(bool batch, double value)
{
    if (!m_hasPending)
        m_pending = m_workbench->scenario();
    (batch ? m_pending.batch : m_pending.context) = value;
    m_hasPending = true;
    if (m_frame->isActive())
        return;
    // At most one update per frame: right away when the last one is a frame old.
    const qint64 elapsed = m_sinceFlush.elapsed();
    m_frame->start(static_cast<int>(std::max<qint64>(0, kFrameMs - elapsed)));
}

void ModelPanel::flushPending()
{
    m_frame->stop();
    if (!m_hasPending)
        return;
    m_hasPending = false;
    m_sinceFlush.restart();
    const InferenceScenario s = m_pending;
    if (auto error = m_workbench->setScenario(s, m_gesture)) {
        m_status->setText(*error);
        refresh();
    } else {
        m_status->clear();
    }
}

void ModelPanel::onPrecision(QComboBox* combo)
{
    InferenceScenario s = m_workbench->scenario();
    s.weights = comboPrecision(m_weights);
    s.activations = comboPrecision(m_activations);
    s.kvCache = comboPrecision(m_kv);
    // Weights are stored at most as wide as the math runs (W16A8 makes no kernel): the other
    // combo follows the one just chosen instead of refusing it.
    if (bytesPerElement(s.weights) > bytesPerElement(s.activations)) {
        if (combo == m_weights)
            s.activations = s.weights == Precision::BF16 ? Precision::BF16 : Precision::FP16;
        else
            s.weights = s.activations;
    }
    change(s);
}

void ModelPanel::change(const InferenceScenario& s)
{
    m_hasPending = false;
    m_frame->stop();
    if (auto error = m_workbench->setScenario(s)) {
        m_status->setText(*error);
        refresh();
    } else {
        m_status->clear();
    }
}

} // namespace roofscope
