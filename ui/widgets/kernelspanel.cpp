#include "ui/widgets/kernelspanel.h"

#include "core/hardware/catalog.h"
#include "core/measured/devicematch.h"
#include "core/measured/experimentjoin.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/measurementset.h"
#include "core/measured/notplacedtally.h"
#include "core/measured/runcomparison.h"
#include "core/measured/tracerecord.h"
#include "core/util/textfile.h"
#include "ui/controls/columnfitter.h"
#include "ui/controls/searchfieldundo.h"
#include "ui/document/comparisontext.h"
#include "ui/document/session.h"
#include "ui/models/kernelmodel.h"
#include "ui/models/kerneltableproxy.h"
#include "ui/text/coretext.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableView>
#include <QThread>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

namespace roofscope {

struct KernelsPanel::ImportJob {
    QStringList paths;
    std::vector<std::optional<Expected<MeasuredImport>>> results;
    std::atomic<bool> cancelled{false};
    std::atomic<int> done{0};
};

namespace {

// Lines of the comparison and warnings shown before they scroll (the warnings' tooltip holds
// them all). Three: at 1920×1080 the bottom strip cannot grow past the side columns' minimum,
// and the table must still show a dozen rows there.
constexpr int kNoteLines = 3;

} // namespace

KernelsPanel::KernelsPanel(Session* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_measured(session->measurementStore()),
      m_model(new KernelModel(session, this)), m_proxy(new KernelTableProxy(this)),
      m_view(new QTableView(this)), m_filter(new QLineEdit(this)),
      m_hierarchical(new QCheckBox(tr("Hierarchical"), this)), m_labels(new QSpinBox(this)),
      m_group(new QCheckBox(tr("Group launches"), this)), m_comparison(new QLabel(this)),
      m_runs(new QWidget(this)), m_beforeRun(new QComboBox(m_runs)),
      m_afterRun(new QComboBox(m_runs)), m_warnings(new QLabel(this)),
      m_notes(new QScrollArea(this)), m_kernelLimit(kMaxScenarioKernels)
{
    setObjectName(QStringLiteral("kernelsPanel"));
    m_proxy->setSourceModel(m_model);
    m_view->setModel(m_proxy);
    m_view->setObjectName(QStringLiteral("kernelsTable"));
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(KernelModel::TimeColumn, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Several rows at once: an operator chosen in the Passes panel selects all its kernels.
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    // Like every table of the window: columns sized to their contents (the GPU's name whole,
    // not "a100-…"), resizable, long kernel names elided in the middle with the full text in
    // the tooltip.
    ColumnFitter::install(m_view, m_view->horizontalHeader());
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);

    m_filter->setPlaceholderText(tr("Filter kernels by name"));
    m_filter->setClearButtonEnabled(true);
    SearchFieldUndo::install(m_filter);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &KernelTableProxy::setFilterFixedString);

    m_importAction = new QAction(tr("Import &Measurements…"), this);
    m_importAction->setShortcut(QKeySequence(tr("Ctrl+I")));
    QStringList formats;
    for (const auto& importer : measurementImporters())
        formats << QString::fromUtf8(importer->formatName().data(),
                                     static_cast<qsizetype>(importer->formatName().size()));
    m_importAction->setToolTip(tr("Import profiler exports: %1 (Help ▸ Profiler Commands says how "
                                  "to make them)")
                                   .arg(formats.join(QStringLiteral(", "))));
    connect(m_importAction, &QAction::triggered, this, &KernelsPanel::chooseFiles);
    m_linkAction = new QAction(tr("&Link to Operator…"), this);
    m_linkAction->setToolTip(tr("Draw an arrow from an analytic operator's point to this kernel"));
    connect(m_linkAction, &QAction::triggered, this, &KernelsPanel::linkToOperator);
    m_removeAction = new QAction(tr("&Remove Run"), this);
    m_removeAction->setToolTip(tr("Remove the selected kernel's import (undoable)"));
    connect(m_removeAction, &QAction::triggered, this, &KernelsPanel::removeRun);
    m_pairMenu = new QMenu(tr("&Pair With"), this);
    m_pairAction = m_pairMenu->menuAction();
    m_pairAction->setToolTip(tr("Pair this kernel by hand with an unpaired kernel of the other "
                                "run (undoable)"));
    m_unpairAction = new QAction(tr("&Unpair"), this);
    m_unpairAction->setToolTip(tr("Take this kernel's before/after pair apart (undoable)"));
    connect(m_unpairAction, &QAction::triggered, this,
            [this] { m_measured->unpairKernel(m_measured->selectedKernel()); });
    m_view->addActions({m_linkAction, m_removeAction, m_pairAction, m_unpairAction});

    m_hierarchical->setToolTip(
        tr("One point per memory level (L1, L2, DRAM) for each kernel, joined by a line"));
    connect(m_hierarchical, &QCheckBox::toggled, m_measured,
            &MeasurementStore::setMeasuredHierarchical);
    m_labels->setRange(0, 100);
    m_labels->setPrefix(tr("Label top "));
    m_labels->setToolTip(tr("Label the kernels that take the most time; others on hover"));
    connect(m_labels, &QSpinBox::valueChanged, m_measured, &MeasurementStore::setKernelLabels);

    auto button = [this](QAction* a) {
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        return b;
    };
    // Two rows: in the narrow left column of a small screen one row would widen the column and
    // squeeze the chart.
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_hierarchical);
    bar->addWidget(m_labels);
    bar->addStretch(1);
    auto* actions = new QHBoxLayout;
    QToolButton* importButton = button(m_importAction);
    QToolButton* removeButton = button(m_removeAction);
    actions->addWidget(importButton);
    actions->addWidget(removeButton);
    actions->addStretch(1);
    m_group->setChecked(true);
    m_group->setToolTip(tr("Import one row per kernel name (launches, time, FLOPs and bytes "
                           "summed) instead of one row per launch: a serving run's trace holds "
                           "millions of launches of a few hundred kernels"));
    // What the before/after comparison did: how many kernels paired, which did not, the whole
    // run's speedup, and whether the runs are on different GPUs.
    m_comparison->setObjectName(QStringLiteral("runComparison"));
    m_comparison->setWordWrap(true);
    m_comparison->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_comparison->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_comparison->setTextFormat(Qt::PlainText);
    m_comparison->hide();
    m_warnings->setObjectName(QStringLiteral("importWarnings"));
    m_warnings->setWordWrap(true);
    // A warning never widens the panel (a list of ncu metric names is one long word): it wraps
    // at commas, and what still does not fit is cut, whole in the tooltip.
    m_warnings->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_warnings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_warnings->hide();
    auto* linkRow = new QHBoxLayout;
    QToolButton* linkButton = button(m_linkAction);
    linkRow->addWidget(linkButton);
    linkRow->addWidget(m_group);
    linkRow->addStretch(1);
    // With three runs or more the user says which two are compared.
    m_runs->setObjectName(QStringLiteral("comparedRuns"));
    m_beforeRun->setObjectName(QStringLiteral("beforeRun"));
    m_afterRun->setObjectName(QStringLiteral("afterRun"));
    m_beforeRun->setToolTip(tr("The run compared as before"));
    m_afterRun->setToolTip(tr("The run compared as after"));
    for (QComboBox* box : {m_beforeRun, m_afterRun}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    connect(m_beforeRun, &QComboBox::activated, this, [this](int set) { chooseRun(true, set); });
    connect(m_afterRun, &QComboBox::activated, this, [this](int set) { chooseRun(false, set); });
    auto* runsRow = new QHBoxLayout(m_runs);
    runsRow->setContentsMargins(0, 0, 0, 0);
    auto* beforeLabel = new QLabel(tr("Before"), m_runs);
    beforeLabel->setBuddy(m_beforeRun);
    auto* afterLabel = new QLabel(tr("After"), m_runs);
    afterLabel->setBuddy(m_afterRun);
    runsRow->addWidget(beforeLabel);
    runsRow->addWidget(m_beforeRun, 1);
    runsRow->addWidget(afterLabel);
    runsRow->addWidget(m_afterRun, 1);
    m_runs->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    // In a wide panel (the bottom strip of a large screen) each pair of rows runs on one line,
    // leaving the table two more rows; in a narrow column they stack (resizeEvent).
    auto* filterRow = new QBoxLayout(QBoxLayout::TopToBottom);
    filterRow->addWidget(m_filter, 1);
    filterRow->addLayout(bar);
    auto* toolRow = new QBoxLayout(QBoxLayout::TopToBottom);
    toolRow->addLayout(actions);
    toolRow->addLayout(linkRow);
    m_foldingRows = {filterRow, toolRow};
    layout->addLayout(filterRow);
    layout->addLayout(toolRow);
    layout->addWidget(m_runs);
    // The comparison and the import's warnings share a box a few lines high that scrolls: a
    // long list of warnings in a narrow column left the table two rows (issue #36). The table
    // takes whatever height the panel has.
    auto* notes = new QWidget;
    auto* notesLayout = new QVBoxLayout(notes);
    notesLayout->setContentsMargins(0, 0, 0, 0);
    notesLayout->addWidget(m_comparison);
    notesLayout->addWidget(m_warnings);
    notesLayout->addStretch(1);
    m_notes->setObjectName(QStringLiteral("kernelNotes"));
    m_notes->setWidget(notes);
    m_notes->setWidgetResizable(true);
    m_notes->setFrameShape(QFrame::NoFrame);
    m_notes->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_notes->setMaximumHeight(fontMetrics().lineSpacing() * kNoteLines + 4);
    m_notes->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_notes->hide();
    layout->addWidget(m_notes);
    layout->addWidget(m_view, 1);
    // Tab goes down the panel as it reads, the table last (it was made first, and came first).
    const QList<QWidget*> walk = {m_filter,     m_hierarchical, m_labels, importButton,
                                  removeButton, linkButton,     m_group,  m_beforeRun,
                                  m_afterRun,   m_notes,        m_view};
    for (qsizetype i = 1; i < walk.size(); ++i)
        setTabOrder(walk[i - 1], walk[i]);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (m_syncing)
                    return;
                const QModelIndex source = m_proxy->mapToSource(current);
                m_measured->setSelectedKernel(m_model->kernelAt(source.row()));
            });
    connect(m_measured, &MeasurementStore::kernelSelectionChanged, this,
            &KernelsPanel::syncSelectionFromSession);
    connect(m_measured, &MeasurementStore::measurementsChanged, this, [this] {
        hideWarningsOfRunsGone();
        updateComparison();
        const QSignalBlocker b1(m_hierarchical);
        const QSignalBlocker b2(m_labels);
        m_hierarchical->setChecked(m_session->measurements().hierarchical);
        m_labels->setValue(m_session->measurements().labelTop);
        syncSelectionFromSession();
        updateActions();
    });
    connect(m_session, &Session::operatorsReset, this, &KernelsPanel::updateActions);
    // GPU names come from the catalog.
    connect(m_session, &Session::catalogChanged, this, &KernelsPanel::updateComparison);
    m_hierarchical->setChecked(m_session->measurements().hierarchical);
    m_labels->setValue(m_session->measurements().labelTop);
    updateComparison();
    updateActions();
}

QString KernelsPanel::comparisonText() const
{
    return m_comparison->text();
}

void KernelsPanel::updateComparison()
{
    const QString text = comparisonDisplayText(*m_session);
    m_comparison->setText(text);
    m_comparison->setToolTip(text);
    m_comparison->setVisible(!text.isEmpty());
    syncNotes();
    updateRuns();
}

void KernelsPanel::updateRuns()
{
    const Measurements& m = m_session->measurements();
    const auto compared = beforeAfterSets(m);
    for (QComboBox* box : {m_beforeRun, m_afterRun}) {
        const QSignalBlocker blocker(box);
        box->clear();
        for (const MeasurementSet& set : m.sets)
            box->addItem(QString::fromStdString(set.file));
    }
    if (compared) {
        const QSignalBlocker b1(m_beforeRun);
        const QSignalBlocker b2(m_afterRun);
        m_beforeRun->setCurrentIndex(compared->first);
        m_afterRun->setCurrentIndex(compared->second);
    }
    m_runs->setVisible(compared.has_value());
}

void KernelsPanel::chooseRun(bool before, int set)
{
    const auto compared = beforeAfterSets(m_session->measurements());
    if (!compared || set < 0)
        return;
    int b = before ? set : compared->first;
    int a = before ? compared->second : set;
    // The same run on both sides: the boxes swap.
    if (a == b) {
        if (before)
            a = compared->first;
        else
            b = compared->second;
    }
    m_measured->setComparedRuns(b, a);
    updateRuns(); // a choice that changed nothing puts the boxes back
}

void KernelsPanel::updatePairMenu()
{
    // Later, not now: this runs while one of these actions is still delivering its trigger.
    for (QAction* a : m_pairMenu->actions()) {
        m_pairMenu->removeAction(a);
        a->deleteLater();
    }
    const KernelRef kernel = m_measured->selectedKernel();
    const auto c = kernel.isValid() ? compareMeasurements(m_session->measurements())
                                    : std::optional<RunComparison>();
    bool paired = false;
    if (c && (kernel.set == c->beforeSet || kernel.set == c->afterSet)) {
        const bool isBefore = kernel.set == c->beforeSet;
        paired =
            (isBefore ? c->beforePair : c->afterPair)[static_cast<std::size_t>(kernel.kernel)] >= 0;
        // An unpaired kernel may pair with any kernel of the other run that has no partner.
        if (!paired) {
            const int other = isBefore ? c->afterSet : c->beforeSet;
            for (const UnpairedKernel& u : isBefore ? c->onlyAfter : c->onlyBefore) {
                QAction* a = m_pairMenu->addAction(QString::fromStdString(u.shortName));
                a->setToolTip(QString::fromStdString(u.name));
                const KernelRef partner{other, u.kernel};
                connect(a, &QAction::triggered, this, [this, kernel, partner, isBefore] {
                    if (isBefore)
                        m_measured->pairKernels(kernel, partner);
                    else
                        m_measured->pairKernels(partner, kernel);
                });
            }
        }
    }
    m_pairAction->setEnabled(!m_pairMenu->isEmpty());
    m_unpairAction->setEnabled(paired);
}

KernelsPanel::~KernelsPanel()
{
    if (m_thread) {
        m_job->cancelled = true;
        m_thread->wait();
    }
}

void KernelsPanel::updateActions()
{
    const bool selected = m_measured->selectedKernel().isValid();
    m_linkAction->setEnabled(selected && !m_session->operators().empty());
    m_removeAction->setEnabled(selected);
    updatePairMenu();
}

void KernelsPanel::selectKernels(const std::vector<KernelRef>& kernels)
{
    // Each row once, in the table's order, then as few ranges as the rows allow (a selection
    // of a thousand one-row ranges is slow to paint).
    std::vector<int> rows;
    for (const KernelRef& ref : kernels) {
        const int row = m_model->rowOf(ref);
        if (row < 0)
            continue;
        const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
        if (index.isValid()) // not hidden by the filter
            rows.push_back(index.row());
    }
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    QItemSelection selection;
    const int last = m_proxy->columnCount() - 1;
    for (std::size_t i = 0; i < rows.size();) {
        std::size_t j = i + 1;
        while (j < rows.size() && rows[j] == rows[j - 1] + 1)
            ++j;
        selection.select(m_proxy->index(rows[i], 0), m_proxy->index(rows[j - 1], last));
        i = j;
    }
    m_syncing = true;
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    m_syncing = false;
    if (!rows.empty())
        m_view->scrollTo(m_proxy->index(rows.front(), 0));
}

void KernelsPanel::syncSelectionFromSession()
{
    const int row = m_model->rowOf(m_measured->selectedKernel());
    m_syncing = true;
    if (row < 0) {
        m_view->selectionModel()->clearSelection();
    } else {
        const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
        if (index.isValid()) {
            m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                 QItemSelectionModel::Rows);
            m_view->scrollTo(index);
        }
    }
    m_syncing = false;
    updateActions();
}

bool KernelsPanel::isScenarioFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    return f.read(4096).contains("\"roofscope-scenario\"");
}

void KernelsPanel::chooseFiles()
{
    const QStringList paths =
        QFileDialog::getOpenFileNames(this, tr("Import Measurements"), {},
                                      tr("Profiler exports (%1);;All files (*)")
                                          .arg(QString::fromStdString(importFilePatterns())));
    if (!paths.isEmpty())
        importFiles(paths);
}

Expected<MeasuredImport> KernelsPanel::importFile(const std::string& path)
{
    auto imported = importMeasurementFile(path);
    if (imported)
        return imported;
    // A RoofScope hardware catalog holds no measurements, but it is a hardware file as much
    // as an ERT roofline.json is; any other file keeps the importer's message.
    auto text = readTextFile(path);
    if (!text || text->find("\"hardware\"") == std::string::npos)
        return imported;
    auto hardware = parseHardwareCatalog(*text, path);
    if (!hardware)
        return imported;
    MeasuredImport result;
    result.hardware = std::move(*hardware);
    return result;
}

void KernelsPanel::importFiles(const QStringList& paths)
{
    if (m_importing || paths.isEmpty())
        return;
    m_importing = true;
    m_importAction->setEnabled(false);
    auto job = std::make_shared<ImportJob>();
    job->paths = paths;
    job->results.resize(static_cast<std::size_t>(paths.size()));
    m_job = job;
    // A big trace takes seconds to parse: the window keeps drawing, and Cancel drops the
    // result (nothing already loaded changes).
    m_progress = new QProgressDialog(tr("Importing %1…").arg(QFileInfo(paths.front()).fileName()),
                                     tr("Cancel"), 0, paths.size() > 1 ? paths.size() : 0, this);
    m_progress->setWindowTitle(tr("Importing Measurements"));
    m_progress->setMinimumDuration(300);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    connect(m_progress, &QProgressDialog::canceled, this, [job] { job->cancelled = true; });
    m_thread = QThread::create([job] {
        for (std::size_t i = 0; i < job->results.size() && !job->cancelled; ++i) {
            job->results[i] = importFile(job->paths[static_cast<int>(i)].toStdString());
            ++job->done;
        }
    });
    connect(m_thread, &QThread::finished, this, [this, job] { onImported(job); });
    m_thread->start();
}

void KernelsPanel::onImported(const std::shared_ptr<ImportJob>& job)
{
    m_thread->deleteLater();
    m_thread = nullptr;
    m_job.reset();
    // Gone now, before any question or error: hidden, its pending show timer (an import
    // shorter than the minimum duration) would still pop it up inside the GPU question's
    // event loop, behind or over the question, with a second Cancel button.
    delete m_progress;
    m_progress = nullptr;
    m_importing = false;
    m_importAction->setEnabled(true);
    if (job->cancelled) {
        emit statusMessage(tr("Import cancelled; nothing changed."));
        emit importFinished(0);
        return;
    }
    // All files or none: a bad second file does not leave half of a before/after pair.
    for (std::size_t i = 0; i < job->results.size(); ++i) {
        const auto& r = job->results[i];
        if (r && !*r) {
            QMessageBox::warning(this, tr("Import Measurements"),
                                 tr("Could not import %1:\n\n%2\n\nNothing was changed.")
                                     .arg(QFileInfo(job->paths[static_cast<int>(i)]).fileName(),
                                          QString::fromStdString(r->error().message)));
            emit importFinished(0);
            return;
        }
    }
    // Files of measured peaks and nothing else (ERT, omniperf roofline.csv, a catalog) are
    // hardware: the window offers to add them as such instead of importing no kernels — after
    // the kernels of the other files, when some are given together with profiler exports.
    QStringList hardwarePaths;
    for (std::size_t i = 0; i < job->results.size(); ++i) {
        const auto& r = job->results[i];
        if (r && *r && (*r)->kernels.empty() && !(*r)->hardware.empty())
            hardwarePaths << job->paths[static_cast<int>(i)];
    }
    if (hardwarePaths.size() == job->paths.size()) {
        emit hardwareFilesImported(hardwarePaths);
        emit importFinished(0);
        return;
    }
    // Two rocprof runs of one program, a timestamp trace and a counters file, become one run,
    // joined by dispatch; why a pair was not joined is a warning.
    std::vector<MeasuredImport> imports;
    for (std::size_t i = 0; i < job->results.size(); ++i) {
        if (hardwarePaths.contains(job->paths[static_cast<int>(i)]))
            continue;
        MeasuredImport imported = std::move(**job->results[i]);
        imported.file = QFileInfo(job->paths[static_cast<int>(i)]).fileName().toStdString();
        imports.push_back(std::move(imported));
    }
    std::vector<std::string> joinNotes;
    imports = joinExperiments(std::move(imports), joinNotes);
    // Every file's accelerator is settled before anything is imported: cancelling the question
    // for the second file leaves nothing of the first behind.
    for (MeasuredImport& imported : imports) {
        assignKernelGpus(imported.kernels, m_session->hardware());
        const bool unknown = std::any_of(imported.kernels.begin(), imported.kernels.end(),
                                         [](const MeasuredKernel& k) { return k.gpu.empty(); });
        if (!unknown)
            continue;
        // What the file calls its GPU, when it names one the catalog does not know, and
        // which profiler wrote it.
        QString device;
        QString source;
        for (const MeasuredKernel& k : imported.kernels) {
            if (k.gpu.empty()) {
                device = QString::fromStdString(k.device);
                source = QString::fromStdString(k.source);
                if (!device.isEmpty())
                    break;
            }
        }
        // A file that does not name its GPU may state its compute capability and SM count.
        const std::vector<int> fitting =
            gpusFittingDevice(m_session->hardware(), imported.computeCapability, imported.smCount);
        const std::optional<std::string> id = askGpu(
            QString::fromStdString(imported.file), device, source, fitting,
            QString::fromStdString(deviceFactsText(imported.computeCapability, imported.smCount)));
        if (!id) {
            emit statusMessage(tr("Import cancelled; nothing changed."));
            emit importFinished(0);
            return;
        }
        for (MeasuredKernel& k : imported.kernels) {
            if (k.gpu.empty())
                k.gpu = *id;
        }
    }
    // The passes view joins a trace launch by launch, with each kernel's op and start: a
    // record of the launches (each one's row once they are grouped) goes with the run into the
    // document, so that it is saved, undone and reopened with it.
    std::vector<std::shared_ptr<const TraceRecord>> records(imports.size());
    // Launches of one kernel become one row (unless the user asked for every launch), and the
    // document must stay within what a saved document may hold, or it would not reopen.
    long long launches = 0;
    std::size_t total = m_session->measurements().kernelCount();
    for (std::size_t i = 0; i < imports.size(); ++i) {
        MeasuredImport& imported = imports[i];
        for (const MeasuredKernel& k : imported.kernels)
            launches += k.launches;
        // A trace is recorded from its launches before they give way to their rows.
        const bool trace = !imported.trace.kernels.empty();
        std::vector<std::size_t> rowOfLaunch; // empty: a row each
        std::vector<MeasuredKernel> rows;
        if (m_group->isChecked())
            rows = groupKernelsByName(imported.kernels, trace ? &rowOfLaunch : nullptr);
        if (trace)
            records[i] = std::make_shared<const TraceRecord>(recordTrace(imported, rowOfLaunch));
        if (m_group->isChecked())
            imported.kernels = std::move(rows);
        imported.trace = {};
        total += imported.kernels.size();
    }
    if (total > m_kernelLimit) {
        QMessageBox::warning(
            this, tr("Import Measurements"),
            tr("Importing %1 would make %2 kernels in the document; a document holds at most "
               "%3. Check \"Group launches\" to import one row per kernel name, or remove a "
               "run first.\n\nNothing was changed.")
                .arg(QFileInfo(job->paths.front()).fileName(),
                     QLocale().toString(qulonglong(total)),
                     QLocale().toString(qulonglong(m_kernelLimit))));
        emit importFinished(0);
        return;
    }
    int added = 0;
    int notPlaced = 0;
    QStringList notes;
    QStringList warnings;
    QStringList runs;
    for (const std::string& n : joinNotes)
        warnings << coreTextDisplay(n);
    // Files imported together are undone together: one action, one undo step.
    QStringList withKernels;
    for (const MeasuredImport& imported : imports) {
        if (!imported.kernels.empty())
            withKernels << QString::fromStdString(imported.file);
    }
    QUndoStack* undo = m_session->undoStack();
    if (withKernels.size() > 1)
        undo->beginMacro(tr("Import %1").arg(withKernels.join(QStringLiteral(", "))));
    for (std::size_t i = 0; i < imports.size(); ++i) {
        MeasuredImport& imported = imports[i];
        const QString name = QString::fromStdString(imported.file);
        for (const std::string& w : imported.warnings)
            warnings << tr("%1: %2").arg(name, coreTextDisplay(w));
        if (imported.kernels.empty()) {
            notes << tr("%1: no kernels (hardware peaks only)").arg(name);
            continue;
        }
        // Kernels the chart cannot place are said here, not left for a row's tooltip; one tally
        // gives the warning and the status line's count.
        const NotPlacedTally tally = tallyNotPlaced(imported.kernels);
        if (const std::string missing = notPlacedSummary(tally, imported.withoutFlopsWarned);
            !missing.empty()) {
            warnings << tr("%1: %2 (Help ▸ Profiler Commands says how to record them)")
                            .arg(name, coreTextDisplay(missing));
        }
        // Counted whether or not the summary names them (the importer's warning may).
        notPlaced += static_cast<int>(tally.notPlaced);
        MeasurementSet set;
        set.file = imported.file;
        runs << name;
        set.kernels = std::move(imported.kernels);
        set.trace = std::move(records[i]);
        added += static_cast<int>(set.kernels.size());
        m_measured->importMeasurements(std::move(set));
    }
    if (withKernels.size() > 1)
        undo->endMacro();
    if (m_group->isChecked() && launches > added && added > 0)
        notes.prepend(tr("Imported %1 launches of %2 kernels.")
                          .arg(QLocale().toString(launches), QLocale().toString(added)));
    else
        notes.prepend(tr("Imported %Ln kernel(s).", nullptr, added));
    if (notPlaced > 0)
        notes << tr("%n of them not on the chart.", nullptr, notPlaced);
    if (!warnings.isEmpty())
        notes << tr("%n warning(s): see the Kernels panel.", nullptr,
                    static_cast<int>(warnings.size()));
    showWarnings(warnings, runs);
    emit statusMessage(notes.join(QStringLiteral(" ")));
    if (!hardwarePaths.isEmpty())
        emit hardwareFilesImported(hardwarePaths);
    emit importFinished(added);
}

void KernelsPanel::hideWarningsOfRunsGone()
{
    // The warnings speak of the runs the last import added: once none of them is in the
    // document (undone, removed, another document), they no longer describe anything shown.
    if (m_warningRuns.isEmpty())
        return;
    for (const MeasurementSet& set : m_session->measurements().sets) {
        if (m_warningRuns.contains(QString::fromStdString(set.file)))
            return;
    }
    showWarnings({}, {});
}

void KernelsPanel::showWarnings(const QStringList& warnings, const QStringList& runs)
{
    m_warningRuns = runs;
    // What an import skipped or could not compute stays in view until the next import (or
    // until its runs leave the document): a
    // status-bar message is gone before anyone reads it.
    m_warningList = warnings;
    if (warnings.isEmpty()) {
        m_warnings->hide();
        m_warnings->clear();
        syncNotes();
        return;
    }
    constexpr int kShown = 3;
    QStringList shown = warnings.mid(0, kShown);
    if (warnings.size() > kShown)
        shown << tr("… and %n more (hover for all)", nullptr,
                    static_cast<int>(warnings.size() - kShown));
    QString text = tr("⚠ %1").arg(shown.join(QStringLiteral("\n⚠ ")));
    text.replace(QLatin1Char(','), QStringLiteral(",\u200B")); // a place to wrap
    m_warnings->setText(text);
    m_warnings->setToolTip(warnings.join(QStringLiteral("\n")));
    m_warnings->show();
    syncNotes();
}

void KernelsPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    const int room = contentsRect().width() - layout()->contentsMargins().left() -
                     layout()->contentsMargins().right();
    // Only in a strip across the window (the bottom dock area): there the chart decides the
    // width. In a side column one line would make the column's minimum width, and the column
    // could then never be narrowed back.
    const auto* dock = qobject_cast<const QDockWidget*>(parentWidget());
    const auto* window = dock ? qobject_cast<const QMainWindow*>(dock->parentWidget()) : nullptr;
    const bool strip = window && !dock->isFloating() &&
                       (window->dockWidgetArea(const_cast<QDockWidget*>(dock)) &
                        (Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea));
    for (QBoxLayout* row : m_foldingRows) {
        int wide = 0;
        for (int i = 0; i < row->count(); ++i)
            wide += row->itemAt(i)->sizeHint().width() + (i > 0 ? row->spacing() : 0);
        // The filter field asks for little: it is worth a line only with room to type.
        constexpr int kRoomToType = 240;
        const bool fits = strip && wide + kRoomToType <= room;
        row->setDirection(fits ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    }
}

void KernelsPanel::syncNotes()
{
    m_notes->setVisible(!m_comparison->isHidden() || !m_warnings->isHidden());
}

int KernelsPanel::heightForRows(int rows) const
{
    // Measured on the laid-out panel: what is above the table (notes, run choice) and the
    // table's header and frame keep their height as the panel grows.
    return height() + rows * m_view->verticalHeader()->defaultSectionSize() -
           m_view->viewport()->height();
}

std::optional<std::string> KernelsPanel::askGpu(const QString& fileName, const QString& device,
                                                const QString& source,
                                                const std::vector<int>& fitting,
                                                const QString& deviceFacts)
{
    // Any accelerator of the catalog, grouped by vendor; offered first: the one the file's
    // name mentions, else one of the vendor the device name or the profiler implies (an
    // Nsight file is not measured against an AMD baseline without a word), else the baseline.
    const std::vector<Hardware>& hardware = m_session->hardware();
    if (hardware.empty())
        return std::nullopt;
    std::vector<int> candidates(hardware.size());
    std::iota(candidates.begin(), candidates.end(), 0);
    std::stable_sort(candidates.begin(), candidates.end(), [&](int a, int b) {
        return hardware[static_cast<std::size_t>(a)].vendor <
               hardware[static_cast<std::size_t>(b)].vendor;
    });
    // The entries the file's compute capability and SM count fit come first, one of them chosen.
    candidates = fittingFirst(candidates, fitting);
    int suggested = suggestedGpu(fileName.toStdString(), device.toStdString(), source.toStdString(),
                                 hardware, m_session->checkedHardware(), m_session->baseline());
    if (!fitting.empty() && std::find(fitting.begin(), fitting.end(), suggested) == fitting.end())
        suggested = candidates.front();
    QStringList names;
    int current = 0;
    for (int hw : candidates) {
        if (hw == suggested)
            current = static_cast<int>(names.size());
        const Hardware& h = hardware[static_cast<std::size_t>(hw)];
        const QString name = QString::fromStdString(h.name);
        const QString vendor = QString::fromStdString(h.vendor);
        names << (vendor.isEmpty() || name.startsWith(vendor)
                      ? name
                      : QStringLiteral("%1 %2").arg(vendor, name));
    }
    QString question =
        device.isEmpty()
            ? tr("%1 does not name its GPU. Measure its kernels against:").arg(fileName)
            : tr("%1 says its GPU is \"%2\", which the catalog does not know. Measure its kernels "
                 "against:")
                  .arg(fileName, device);
    if (!deviceFacts.isEmpty())
        question +=
            QLatin1Char('\n') +
            (fitting.empty() ? tr("It states %1, which no catalog entry fits.").arg(deviceFacts)
                             : tr("It states %1: the catalog entries that fit are listed first.")
                                   .arg(deviceFacts));
    bool ok = false;
    const QString chosen = QInputDialog::getItem(this, tr("Import Measurements"), question, names,
                                                 current, false, &ok);
    const auto at = names.indexOf(chosen);
    if (!ok || at < 0)
        return std::nullopt;
    return hardware[static_cast<std::size_t>(candidates[static_cast<std::size_t>(at)])].id;
}

void KernelsPanel::linkSelectedTo(int op)
{
    m_measured->linkKernel(m_measured->selectedKernel(), op);
}

void KernelsPanel::linkToOperator()
{
    const KernelRef kernel = m_measured->selectedKernel();
    const MeasuredKernel* k = m_session->measurements().kernel(kernel.set, kernel.kernel);
    if (!k || m_session->operators().empty())
        return;
    QStringList names;
    names << tr("(no link)");
    for (const Operator& op : m_session->operators())
        names << QString::fromStdString(op.displayName());
    const int linked = m_measured->linkedOperator(kernel);
    bool ok = false;
    const QString choice = QInputDialog::getItem(
        this, tr("Link to Operator"),
        tr("Measured kernel %1 is an instance of:").arg(QString::fromStdString(k->shortName)),
        names, linked + 1, false, &ok);
    if (ok)
        linkSelectedTo(static_cast<int>(names.indexOf(choice)) - 1);
}

void KernelsPanel::removeRun()
{
    const KernelRef kernel = m_measured->selectedKernel();
    if (kernel.isValid())
        m_measured->removeMeasurementSet(kernel.set);
}

} // namespace roofscope
