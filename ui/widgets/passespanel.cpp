#include "ui/widgets/passespanel.h"

#include "core/figure/passpoints.h"
#include "core/measured/modeljoin.h"
#include "core/measured/modeljoinreport.h"
#include "core/measured/tracemodel.h"
#include "core/measured/traceops.h"
#include "ui/controls/livelabel.h"
#include "ui/document/measurementstore.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/models/passtreemodel.h"
#include "ui/text/coretext.h"
#include "ui/text/humanformat.h"

#include <QDir>
#include <QDockWidget>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace roofscope {

PassesPanel::PassesPanel(ModelWorkbench* workbench, QWidget* parent)
    : QWidget(parent), m_workbench(workbench), m_model(new PassTreeModel(this)),
      m_proxy(new QSortFilterProxyModel(this)), m_view(new QTreeView(this)),
      m_summary(new LiveLabel(this)), m_sentence(new LiveLabel(this))
{
    setObjectName(QStringLiteral("passesPanel"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(PassTreeModel::SortRole);
    m_view->setObjectName(QStringLiteral("passesTree"));
    m_view->setModel(m_proxy);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSortingEnabled(true);
    // The worst first: the operators (and passes) furthest from their bound lead.
    m_view->sortByColumn(PassTreeModel::RatioColumn, Qt::DescendingOrder);
    // The numbers as wide as they need; the name is sized by fitNameColumn.
    m_view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(PassTreeModel::NameColumn, QHeaderView::Interactive);
    m_view->header()->setStretchLastSection(false);
    m_view->viewport()->installEventFilter(this);
    m_view->setToolTip(tr("Each forward pass of the trace, its operators, decoder layers and "
                          "the kernels the model has no operator for: measured beside the "
                          "model's prediction. Click a header to sort."));
    // Word-wrapped labels that ask for little width: a long message must not widen the column
    // the panel shares with the read-out (QLabel's own hint would).
    m_summary->setObjectName(QStringLiteral("passesSummary"));
    m_summary->setWordWrap(true);
    m_sentence->setObjectName(QStringLiteral("passSentence"));
    m_sentence->setWordWrap(true);
    m_sentence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_use = new QPushButton(this);
    m_use->setObjectName(QStringLiteral("passesUseModel"));
    m_use->setToolTip(tr("Make this the Model panel's model (Edit ▸ Undo takes it back)"));
    m_use->hide();
    connect(m_use, &QPushButton::clicked, this, [this] {
        if (m_inferred) {
            m_workbench->addModel(*m_inferred);
            m_proposed = m_inferred->id;
        }
        if (m_proposed.empty() || m_workbench->setModel(m_proposed))
            return;
        // Showing the model raises the Model Totals tab: the user came here to read the passes.
        if (auto* dock = qobject_cast<QDockWidget*>(parentWidget()))
            dock->raise();
        // The offer goes once taken: the keyboard goes on to the passes it joined, not to
        // whatever follows in the window.
        m_view->setFocus(Qt::OtherFocusReason);
    });
    m_export = new QPushButton(tr("Export…"), this);
    m_export->setObjectName(QStringLiteral("passesExport"));
    m_export->setToolTip(tr("Save the passes as CSV (one row per operator of each pass) or JSON "
                            "(passes, operators, layers), as roofscope measured --model writes "
                            "them"));
    m_export->setEnabled(false);
    connect(m_export, &QPushButton::clicked, this, &PassesPanel::chooseExportFile);
    connect(m_model, &QAbstractItemModel::modelReset, this,
            [this] { m_export->setEnabled(!m_model->join().passes.empty()); });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_use);
    buttons->addStretch(1);
    buttons->addWidget(m_export);
    layout->addLayout(buttons);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_sentence);
    // Tab as the panel reads: the offer and the export above the tree.
    setTabOrder(m_use, m_export);
    setTabOrder(m_export, m_view);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                const int pass =
                    current.isValid() ? current.data(PassTreeModel::PassRole).toInt() : -1;
                const std::string op =
                    current.data(PassTreeModel::OperatorRole).toString().toStdString();
                showSentenceOf(pass, op);
                if (!op.empty())
                    emit kernelsChosen(kernelsOf(pass, op));
            });
    Session* session = workbench->session();
    // A batch or context change leaves the join as it was: it depends on the model and GPU.
    connect(workbench, &ModelWorkbench::changed, this, &PassesPanel::rejoin);
    connect(session, &Session::hardwareChanged, this, &PassesPanel::rejoin);
    connect(session->measurementStore(), &MeasurementStore::measurementsChanged, this,
            &PassesPanel::followTrace);
    rejoin();
    followTrace();
}

int PassesPanel::traceSet() const
{
    const std::vector<MeasurementSet>& sets = m_workbench->session()->measurements().sets;
    for (std::size_t i = 0; m_record && i < sets.size(); ++i)
        if (sets[i].trace == m_record)
            return static_cast<int>(i);
    return -1;
}

void PassesPanel::followTrace()
{
    const std::vector<MeasurementSet>& sets = m_workbench->session()->measurements().sets;
    auto last = std::find_if(sets.rbegin(), sets.rend(), [](const MeasurementSet& set) {
        return set.trace && set.trace->launches() > 0;
    });
    if (last == sets.rend()) {
        if (m_record) {
            m_record.reset();
            setTrace(nullptr, {});
        }
        return;
    }
    if (last->trace == m_record)
        return;
    m_record = last->trace;
    setTrace(std::make_shared<const MeasuredImport>(
                 replayTrace(*last->trace, last->kernels, last->file)),
             std::vector<std::size_t>(last->trace->rows.begin(), last->trace->rows.end()));
    emit traceFound();
}

void PassesPanel::setTrace(std::shared_ptr<const MeasuredImport> trace,
                           std::vector<std::size_t> rowOfLaunch)
{
    m_trace = std::move(trace);
    m_rowOfLaunch = std::move(rowOfLaunch);
    m_joinedKey.clear();
    rejoin();
}

std::vector<KernelRef> PassesPanel::kernelsOf(int pass, const std::string& op) const
{
    const ModelJoin& j = m_model->join();
    if (!m_trace || pass < 0 || pass >= static_cast<int>(j.passes.size()))
        return {};
    const std::vector<JoinedOperator>& ops = j.passes[static_cast<std::size_t>(pass)].operators;
    const auto o =
        std::find_if(ops.begin(), ops.end(), [&](const JoinedOperator& x) { return x.name == op; });
    if (o == ops.end())
        return {};
    const std::vector<MeasurementSet>& sets = m_workbench->session()->measurements().sets;
    const int set = traceSet();
    if (set < 0)
        return {};
    const std::vector<MeasuredKernel>& rows = sets[static_cast<std::size_t>(set)].kernels;
    const std::vector<MeasuredKernel>& launches = m_trace->kernels;
    // Grouped: the rows the import put each launch in. Otherwise a row each, in launch order.
    const bool grouped = m_rowOfLaunch.size() == launches.size();
    if (!grouped && rows.size() != launches.size())
        return {};
    std::vector<int> found;
    for (std::size_t k : o->launches) {
        if (k >= launches.size())
            continue;
        const std::size_t row = grouped ? m_rowOfLaunch[k] : k;
        if (row < rows.size() && rows[row].name == launches[k].name)
            found.push_back(static_cast<int>(row));
    }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    std::vector<KernelRef> refs;
    refs.reserve(found.size());
    for (int row : found)
        refs.push_back({set, row});
    return refs;
}

QString PassesPanel::exportTo(const QString& path) const
{
    const ModelJoin& join = m_model->join();
    if (join.passes.empty())
        return tr("There are no passes to export: import a PyTorch trace and choose the model "
                  "that ran it.");
    const bool json = path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive);
    const std::string text =
        json ? modelJoinJson(join, m_trace ? m_trace->warnings : std::vector<std::string>{})
                       .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
                   "\n"
             : modelJoinCsv(join, "operator");
    const QString shown = QDir::toNativeSeparators(path);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("Could not write %1: %2").arg(shown, file.errorString());
    if (file.write(text.data(), static_cast<qint64>(text.size())) !=
            static_cast<qint64>(text.size()) ||
        !file.commit())
        return tr("Could not write %1: %2").arg(shown, file.errorString());
    return {};
}

void PassesPanel::chooseExportFile()
{
    const QString csvFilter = tr("CSV, one row per operator (*.csv)");
    const QString jsonFilter = tr("JSON, passes, operators and layers (*.json)");
    QString stem = m_trace ? QFileInfo(QString::fromStdString(m_trace->file)).fileName()
                           : QStringLiteral("trace");
    for (const QString& suffix :
         {QStringLiteral(".gz"), QStringLiteral(".json"), QStringLiteral(".pt.trace")})
        if (stem.endsWith(suffix))
            stem.chop(suffix.size());
    QString filter = csvFilter;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export Passes"), stem + QStringLiteral("-passes.csv"),
        csvFilter + QStringLiteral(";;") + jsonFilter, &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == jsonFilter ? QStringLiteral(".json") : QStringLiteral(".csv");
    if (const QString error = exportTo(path); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Export Passes"), error);
        return;
    }
    emit statusMessage(tr("Exported the passes to %1").arg(QDir::toNativeSeparators(path)));
}

void PassesPanel::setSummary(const QString& text)
{
    // File names (h200_kineto_llama31_8b_…) may break after an underscore: in a narrow column
    // an unbroken name would run past the edge.
    QString wrapping = text;
    wrapping.replace(QLatin1Char('_'), QStringLiteral("_\u200B"));
    m_summary->setText(wrapping);
    m_summary->setToolTip(text);
}

QString PassesPanel::summary() const
{
    return m_summary->toolTip();
}

QString PassesPanel::sentence() const
{
    return m_sentence->text();
}

QString PassesPanel::shapeSummary(const ModelConfig& m)
{
    auto count = [](long long n) { return HumanFormat::count(static_cast<double>(n)); };
    const QString fn = m.activation == "silu"   ? QStringLiteral("SiLU")
                       : m.activation == "gelu" ? QStringLiteral("GELU")
                                                : QStringLiteral("ReLU");
    const QString heads = (m.qkvBias ? tr("%1×%2 query and %3×%2 KV heads with bias")
                                     : tr("%1×%2 query and %3×%2 KV heads"))
                              .arg(count(m.heads), count(m.headDim), count(m.kvHeads));
    QString mlp =
        (m.mlp == MlpKind::Plain ? tr("a plain %1 MLP of %2") : tr("a gated %1 MLP of %2"))
            .arg(fn, count(m.intermediateSize));
    if (m.isMoe()) {
        mlp = tr("%1 gated %2 experts of %3, top %4")
                  .arg(count(m.experts), fn, count(m.expertFfnSize()), count(m.expertsPerToken));
        if (m.sharedExpertSize > 0)
            mlp += (m.sharedExpertGate ? tr(", and a shared one of %1 behind a sigmoid gate")
                                       : tr(", and a shared one of %1"))
                       .arg(count(m.sharedExpertSize));
    }
    QString norm =
        m.norm == NormKind::LayerNorm ? QStringLiteral("LayerNorm") : QStringLiteral("RMSNorm");
    if (m.parallelBlock)
        norm = tr("%1 (parallel block)").arg(norm);
    if (m.rotaryFraction < 1.0)
        norm += tr(", RoPE on %1 of %2 dims")
                    .arg(count(std::llround(m.rotaryFraction * static_cast<double>(m.headDim))),
                         count(m.headDim));
    if (m.position == PositionKind::Learned)
        norm += tr(", %1 learned positions").arg(count(m.maxPositions));
    return tr("hidden %1, %2 layers, %3, %4, %5, vocabulary %6")
        .arg(count(m.hiddenSize), count(m.layers), heads, mlp, norm, count(m.vocabSize));
}

void PassesPanel::rejoin()
{
    Session* session = m_workbench->session();
    if (!m_trace) {
        m_joinedKey.clear();
        m_model->setJoin({});
        m_proposed.clear();
        m_inferred.reset();
        m_use->hide();
        setSummary(tr("Import a PyTorch trace recorded with record_shapes=True: its "
                      "forward passes, decoder layers and operators appear here beside "
                      "what the Model panel's model predicts."));
        m_sentence->clear();
        session->setPassPoints({});
        return;
    }
    const int baseline = session->baseline();
    if (baseline < 0 || baseline >= static_cast<int>(session->hardware().size()))
        return;
    const Hardware& gpu = session->hardware()[static_cast<std::size_t>(baseline)];
    const ModelConfig& model = m_workbench->model();
    const std::string key = model.id + '\n' + gpu.id;
    if (key == m_joinedKey)
        return;
    m_joinedKey = key;
    m_joinedHardware = baseline;
    const QString file = QString::fromStdString(m_trace->file);
    auto join = joinTraceToModel(*m_trace, model, gpu);
    if (!join) {
        m_model->setJoin({});
        // The reason without the file's name (the sentence names it), in the interface
        // language.
        std::string reason = join.error().message;
        if (const std::string prefix = m_trace->file + ": "; reason.starts_with(prefix))
            reason.erase(0, prefix.size());
        QString text = tr("%1 is not joined to %2: %3")
                           .arg(file, QString::fromStdString(model.name), coreTextDisplay(reason));
        // A catalog model the trace's shapes fit, offered in one click (undoable, as any
        // change of the Model panel's model).
        m_proposed.clear();
        m_inferred.reset();
        // Only the models whose [vocabulary, hidden] table the trace looks up are joined: one
        // pass over the trace instead of a join per catalog model.
        const auto tables = traceLookupTables(m_trace->trace);
        auto mayFit = [&](const ModelConfig& m) {
            return tables.empty() ||
                   std::find(tables.begin(), tables.end(),
                             std::make_pair(std::int64_t(m.vocabSize),
                                            std::int64_t(m.hiddenSize))) != tables.end();
        };
        for (const ModelConfig& candidate : m_workbench->catalog().all()) {
            if (candidate.id != model.id && mayFit(candidate) &&
                joinTraceToModel(*m_trace, candidate, gpu)) {
                m_proposed = candidate.id;
                text += QLatin1Char(' ') +
                        tr("%1 fits this trace.").arg(QString::fromStdString(candidate.name));
                m_use->setText(tr("&Use %1").arg(QString::fromStdString(candidate.name)));
                break;
            }
        }
        // No model at hand fits: the one the trace's own shapes describe, said so it can be
        // checked.
        if (m_proposed.empty()) {
            auto read = modelFromTrace(*m_trace);
            if (!read) {
                // Why not, in the interface language: an encoder's trace, a vision model's,
                // eager attention (give the config).
                std::string why = read.error().message;
                if (const std::size_t at = why.find(kShapesUnreadPrefix); at != std::string::npos)
                    why.erase(0, at + kShapesUnreadPrefix.size());
                text +=
                    QLatin1Char(' ') +
                    tr("Its shapes do not read as a model either: %1.").arg(coreTextDisplay(why));
            } else if (read->id != model.id) {
                text += QLatin1Char(' ') + tr("Its shapes read as %1.").arg(shapeSummary(*read));
                m_use->setText(tr("&Use the trace's shapes"));
                m_inferred = std::move(read).value();
                if (std::string& name = m_inferred->name; name.ends_with(kFromTraceSuffix))
                    name = tr("%1 (from its trace)")
                               .arg(QString::fromStdString(
                                   name.substr(0, name.size() - kFromTraceSuffix.size())))
                               .toStdString();
            }
        }
        m_use->setVisible(!m_proposed.empty() || m_inferred);
        setSummary(text);
        m_sentence->clear();
        session->setPassPoints({});
        return;
    }
    m_proposed.clear();
    m_inferred.reset();
    m_use->hide();
    const int passes = static_cast<int>(join->passes.size());
    const double placed = join->placedTimeShare;
    QStringList notes;
    for (const std::string& note : join->notes)
        notes << tr("Note: %1.").arg(coreTextDisplay(note));
    m_model->setJoin(std::move(join).value());
    // 99.96 %, not a rounded "100 %" that would hide the time left off the chart.
    const int digits = placed > 0.995 && placed < 1.0 ? 4 : 3;
    const QString passesText =
        passes == 1 ? tr("1 forward pass") : tr("%1 forward passes").arg(passes);
    setSummary(tr("%1 read as %2 on %3 (the Model panel's model and the baseline): %4; "
                  "%5 % of the kernel time is on the chart.")
                   .arg(file, QString::fromStdString(model.name), session->shortName(baseline),
                        passesText, HumanFormat::count(placed * 100.0, digits)) +
               (notes.isEmpty() ? QString() : QLatin1Char(' ') + notes.join(QLatin1Char(' '))));
    m_view->expandToDepth(0);
    fitNameColumn();
    showSentenceOf(-1);
}

bool PassesPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fitNameColumn();
    return QWidget::eventFilter(watched, event);
}

void PassesPanel::fitNameColumn()
{
    // The names whole where there is room. In a narrow dock (1366×768) they give way, down to a
    // readable width, so that measured ÷ predicted (the column the tree is sorted by) stays in
    // view, and the measured time too where both fit; the rest scrolls, and a pass's tooltip
    // gives its whole name.
    QHeaderView* header = m_view->header();
    const int width = m_view->viewport()->width();
    const int ratio = header->sectionSize(PassTreeModel::RatioColumn);
    const int measured = header->sectionSize(PassTreeModel::MeasuredColumn);
    const int minimum = fontMetrics().horizontalAdvance(QStringLiteral("Decode step 10"));
    m_view->resizeColumnToContents(PassTreeModel::NameColumn);
    const int wanted = header->sectionSize(PassTreeModel::NameColumn);
    int name = wanted;
    if (name + ratio + measured > width)
        name = width - ratio - measured >= minimum ? width - ratio - measured
                                                   : std::clamp(width - ratio, minimum, wanted);
    header->resizeSection(PassTreeModel::NameColumn, std::max(name, 1));
}

void PassesPanel::showSentenceOf(int pass, const std::string& selectedOperator)
{
    const ModelJoin& j = m_model->join();
    if (pass < 0) {
        // None selected: the first decode step speaks for the run (prefill runs once).
        for (std::size_t p = 0; p < j.passes.size(); ++p)
            if (j.passes[p].phase == Phase::Decode) {
                pass = static_cast<int>(p);
                break;
            }
        if (pass < 0 && !j.passes.empty())
            pass = 0;
    }
    if (pass < 0 || pass >= static_cast<int>(j.passes.size())) {
        m_sentence->clear();
        m_workbench->session()->setPassPoints({});
        return;
    }
    // The pass's operators on the chart, measured beside predicted on the GPU of the join.
    std::vector<FigurePassPoint> points =
        passPointsFor(j.passes[static_cast<std::size_t>(pass)], m_joinedHardware);
    for (FigurePassPoint& p : points)
        p.selected = !selectedOperator.empty() && p.name == selectedOperator;
    m_workbench->session()->setPassPoints(std::move(points));
    m_sentence->setText(m_model->passName(pass) + QStringLiteral(": ") +
                        coreTextListDisplay(j.passes[static_cast<std::size_t>(pass)].sentence));
}

} // namespace roofscope
