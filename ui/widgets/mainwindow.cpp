#include "ui/widgets/mainwindow.h"

#include "ui/serving/servingview.h"

#include "core/document/scenario.h"
#include "ui/chart/chartdocument.h"
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "ui/controls/columnfitter.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/export/exportcontroller.h"
#include "ui/models/comparisonmodel.h"
#include "ui/models/hardwaremodel.h"
#include "ui/models/operatormodel.h"
#include "ui/widgets/catalogcontroller.h"
#include "ui/widgets/chartarea.h"
#include "ui/widgets/comparisonpanel.h"
#include "ui/widgets/docklayout.h"
#include "ui/widgets/documentcontroller.h"
#include "ui/widgets/hardwarepanel.h"
#include "ui/widgets/kernelspanel.h"
#include "ui/widgets/machinemeasurer.h"
#include "ui/widgets/modelpanel.h"
#include "ui/widgets/modeltotalspanel.h"
#include "ui/widgets/operatorpanel.h"
#include "ui/widgets/panelwalk.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/widgets/passespanel.h"
#include "ui/widgets/planpanel.h"
#include "ui/widgets/preferencesdialog.h"
#include "ui/widgets/profilercommandsdialog.h"
#include "ui/widgets/publisheddialog.h"
#include "ui/widgets/readoutpanel.h"
#include "ui/widgets/userguide.h"
#include "ui/widgets/windowpalette.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>
#include <QUrl>

#include <algorithm>

namespace roofscope {

namespace {

QDockWidget* dock(QMainWindow* window, const QString& title, const QString& name, QWidget* content)
{
    auto* d = new QDockWidget(title, window);
    d->setObjectName(name);
    d->setWidget(content);
    d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                   QDockWidget::DockWidgetClosable);
    // Qt keeps the pages of a tabbed dock area behind the raised one "visible" (moved off the
    // window): Tab reached their widgets and keys edited the document unseen, and their tables
    // recomputed on every edit. Disabled while their tab is not raised, they take no focus and
    // no key, and catch up when it is (PlanPanel, ColumnFitter). Hiding them instead would let
    // the dock areas shrink to the raised page's minimum.
    QObject::connect(d, &QDockWidget::visibilityChanged, content,
                     [content](bool visible) { content->setEnabled(visible); });
    return d;
}

} // namespace

MainWindow::MainWindow(HardwareCatalog catalog, QStringList catalogErrors, QWidget* parent)
    : QMainWindow(parent), m_session(new Session(std::move(catalog), this)),
      m_hardwareModel(new HardwareModel(m_session, this)),
      m_operatorModel(new OperatorModel(m_session, this)),
      m_comparisonModel(new ComparisonModel(m_session, this)),
      m_catalog(new CatalogController(m_session, this)),
      m_measurer(new MachineMeasurer(m_catalog, this))
{
    setObjectName(QStringLiteral("RoofScopeMainWindow"));
    connect(
        m_catalog, &CatalogController::statusMessage, this,
        [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    connect(
        m_measurer, &MachineMeasurer::statusMessage, this,
        [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    m_chart = new RoofChart(m_session, this);
    m_chartView = new RoofChartView(m_chart, m_session, this);

    m_hardwarePanel = new HardwarePanel(m_session, m_hardwareModel, this);
    m_operatorPanel = new OperatorPanel(m_session, m_operatorModel, this);
    m_parameters = new ParameterPanel(m_session, this);
    m_readout = new ReadoutPanel(m_session, this);
    m_comparison = new ComparisonPanel(m_session, m_comparisonModel, this);

    auto* hwDock = dock(this, tr("Accelerators"), QStringLiteral("hardwareDock"), m_hardwarePanel);
    auto* opDock = dock(this, tr("Operators"), QStringLiteral("operatorDock"), m_operatorPanel);
    auto* paramScroll = new QScrollArea(this);
    paramScroll->setWidget(m_parameters);
    paramScroll->setWidgetResizable(true);
    paramScroll->setFrameShape(QFrame::NoFrame);
    auto* paramDock = dock(this, tr("Parameters"), QStringLiteral("parameterDock"), paramScroll);
    auto* readDock = dock(this, tr("Read-out"), QStringLiteral("readoutDock"), m_readout);
    auto* cmpDock = dock(this, tr("Comparison"), QStringLiteral("comparisonDock"), m_comparison);
    addDockWidget(Qt::LeftDockWidgetArea, hwDock);
    addDockWidget(Qt::LeftDockWidgetArea, opDock);
    addDockWidget(Qt::RightDockWidgetArea, paramDock);
    addDockWidget(Qt::RightDockWidgetArea, readDock);
    addDockWidget(Qt::BottomDockWidgetArea, cmpDock);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    resizeDocks({hwDock, paramDock}, {430, 370}, Qt::Horizontal);
    resizeDocks({hwDock, opDock}, {260, 420}, Qt::Vertical);
    resizeDocks({paramDock, readDock}, {300, 380}, Qt::Vertical);
    // Room for the comparison's sentences and at least four rows of its table.
    resizeDocks({cmpDock}, {280}, Qt::Vertical);

    createActions();
    for (QDockWidget* d : {hwDock, opDock, paramDock, readDock, cmpDock})
        m_viewMenu->addAction(d->toggleViewAction());

    auto status = [this](const QString& text) { statusBar()->showMessage(text, 8000); };
    // Whole-model mode: the model panel's workload rows become the session's operators; the
    // chart sizes their markers by their share of the step time.
    auto* workbench = new ModelWorkbench(m_session, this);
    m_workbench = workbench;
    workbench->setObjectName(QStringLiteral("modelWorkbench"));
    m_document = new DocumentController(m_session, workbench, this);
    connect(
        m_document, &DocumentController::statusMessage, this,
        [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    connect(m_document, &DocumentController::fileChanged, this, &MainWindow::updateTitle);
    connect(m_document, &DocumentController::modifiedChanged, this, &MainWindow::updateTitle);
    fillRecentMenu();
    auto* modelPanel = new ModelPanel(workbench, this);
    // Scrolls rather than holding the whole left column at its own minimum width on a small
    // screen.
    auto* modelScroll = new QScrollArea(this);
    modelScroll->setWidget(modelPanel);
    modelScroll->setWidgetResizable(true);
    modelScroll->setFrameShape(QFrame::NoFrame);
    auto* modelDock = dock(this, tr("Model"), QStringLiteral("modelDock"), modelScroll);
    addDockWidget(Qt::LeftDockWidgetArea, modelDock);
    tabifyDockWidget(opDock, modelDock);
    opDock->raise();
    // The totals are as wide as the comparison: they share its place, in front while the
    // chart shows the model.
    auto* totalsDock = dock(this, tr("Model Totals"), QStringLiteral("modelTotalsDock"),
                            new ModelTotalsPanel(workbench, this));
    addDockWidget(Qt::BottomDockWidgetArea, totalsDock);
    tabifyDockWidget(cmpDock, totalsDock);
    cmpDock->raise();
    // The deployment planner, beside the totals.
    auto* planDock =
        dock(this, tr("Plan"), QStringLiteral("planDock"), new PlanPanel(workbench, this));
    addDockWidget(Qt::BottomDockWidgetArea, planDock);
    tabifyDockWidget(totalsDock, planDock);
    cmpDock->raise();
    for (QDockWidget* d : {modelDock, totalsDock, planDock})
        m_viewMenu->addAction(d->toggleViewAction());
    // Every table of every panel: columns sized to their contents, resizable, elided in the middle
    // with the full value in a tooltip.
    for (QDockWidget* d : {totalsDock, planDock}) {
        for (QTableView* table : d->findChildren<QTableView*>())
            ColumnFitter::install(table, table->horizontalHeader());
    }
    // Measured kernels — the Kernels table beside the plan, File ▸ Import Measurements… after Save
    // As (drops of profiler files: dropEvent).
    m_kernels = new KernelsPanel(m_session, this);
    auto* kernelsDock = dock(this, tr("Kernels"), QStringLiteral("kernelsDock"), m_kernels);
    addDockWidget(Qt::BottomDockWidgetArea, kernelsDock);
    tabifyDockWidget(planDock, kernelsDock);
    cmpDock->raise();
    m_viewMenu->addAction(kernelsDock->toggleViewAction());
    // A trace read as the model: its passes beside the Kernels table.
    auto* passes = new PassesPanel(workbench, this);
    auto* passesDock = dock(this, tr("Passes"), QStringLiteral("passesDock"), passes);
    addDockWidget(Qt::BottomDockWidgetArea, passesDock);
    tabifyDockWidget(kernelsDock, passesDock);
    cmpDock->raise();
    m_viewMenu->addAction(passesDock->toggleViewAction());
    // Closed until there is a trace to read: a fourth tab in the small screen's right column
    // would cut every name there short.
    passesDock->hide();
    connect(passes, &PassesPanel::kernelsChosen, m_kernels, &KernelsPanel::selectKernels);
    connect(passes, &PassesPanel::statusMessage, this, status);
    connect(passes, &PassesPanel::traceFound, passesDock, &QDockWidget::show);
    if (passes->hasTrace()) // a document restored before the panel was made
        passesDock->show();
    auto* fileMenu = menuBar()->findChild<QMenu*>(QStringLiteral("fileMenu"));
    for (QAction* a : fileMenu->actions()) {
        if (a->isSeparator()) {
            fileMenu->insertAction(a, m_kernels->importAction());
            break;
        }
    }
    connect(m_kernels, &KernelsPanel::statusMessage, this, status);
    addServingView(workbench);
    connect(m_kernels, &KernelsPanel::hardwareFilesImported, m_catalog,
            &CatalogController::offerHardwareFiles);
    connect(m_kernels, &KernelsPanel::importFinished, this, [this, kernelsDock](int added) {
        if (added > 0)
            showImportedKernels(kernelsDock);
    });
    // Only when model mode starts or ends: a tab the user picked stays picked while dragging.
    // Not when the totals share a tab group with the Model panel (the 1366×768 layout): the
    // panel the user just pressed "Show on Chart" in would vanish behind them.
    connect(workbench, &ModelWorkbench::changed, this,
            [this, workbench, modelDock, totalsDock, cmpDock, shown = false]() mutable {
                if (workbench->isShown() == shown)
                    return;
                shown = workbench->isShown();
                QDockWidget* next = shown ? totalsDock : cmpDock;
                if (!tabifiedDockWidgets(modelDock).contains(next))
                    next->raise();
            });
    resizeDocks({hwDock, paramDock}, {430, 370}, Qt::Horizontal);
    m_chart->setPointShare(
        [workbench](PointRef p) { return workbench->timeShare(p.op, p.hardware); });
    connect(workbench, &ModelWorkbench::sharesChanged, m_chart, &RoofChart::refreshPointSizes);
    connect(modelPanel, &ModelPanel::statusMessage, this, status);
    connect(m_chartView, &RoofChartView::statusMessage, this, status);
    connect(m_parameters, &ParameterPanel::statusMessage, this, status);
    connect(m_operatorModel, &OperatorModel::editRejected, this, status);
    connect(m_session->viewSettings(), &ViewSettings::themeChanged, this,
            &MainWindow::syncThemeActions);
    // The whole window follows the theme, not only the chart.
    connect(m_session->viewSettings(), &ViewSettings::themeChanged, this,
            [this] { WindowPalette::apply(m_session->viewSettings()->theme()); });
    WindowPalette::apply(m_session->viewSettings()->theme());
    setUpTabOrder();
    // The window opens with the operator list in focus (Delete, F2 and the arrow keys act on
    // the selected operator), not in the accelerators' filter field, the first in Tab order.
    m_operatorPanel->view()->setFocus();
    // The parameter panel builds new fields for each operator; they join the walk in place
    // (connected after the panel, so its fields exist by now).
    connect(m_session, &Session::selectionChanged, this, &MainWindow::setUpTabOrder);
    connect(m_session, &Session::operatorsReset, this, &MainWindow::setUpTabOrder);

    catalogErrors += workbench->catalogErrors();
    if (!catalogErrors.isEmpty()) {
        statusBar()->showMessage(catalogErrors.join(QStringLiteral("; ")), 15000);
        // Once the window is up, and once per set of problems: a broken file the user has
        // been told about does not nag at every start.
        QTimer::singleShot(
            0, this, [this, catalogErrors] { m_catalog->reportCatalogErrors(catalogErrors); });
    } else
        statusBar()->showMessage(tr("Drag a point or the batch slider across the ridge."), 8000);
    // First-run size: roomy, but never larger than the screen (a 1366×768 laptop). The
    // offscreen platform's 800×600 "screen" is no screen: there the size stays fixed so that
    // headless tests and benchmarks see the same layout everywhere.
    QSize size(1600, 1000);
    if (QGuiApplication::platformName() != QLatin1String("offscreen")) {
        if (const QScreen* s = QGuiApplication::primaryScreen())
            size = size.boundedTo(s->availableGeometry().size() * 0.95);
    }
    // Built in the roomy arrangement: the layout keeps it to return to.
    m_dockLayout = new DockLayout(this);
    applyDefaultLayout(size);
    setAcceptDrops(true);
    updateTitle();
}

MainWindow::~MainWindow()
{
    // The undo stack is deleted with the session, after this class's part of the window is gone,
    // and a stack emits cleanChanged as it goes: the slot must not run on a half-destroyed window.
    // The same for every other object that dies with the window.
    for (QObject* child : findChildren<QObject*>())
        child->disconnect(this);
}

void MainWindow::showImportedKernels(QDockWidget* kernelsDock)
{
    // The user imported to read the kernels: their tab in front, and tall enough for a dozen
    // rows (issue #36: a bottom strip a third of the window high left the table two or three).
    // The chart gives up the height; a dock the user floated keeps its size.
    kernelsDock->raise();
    if (kernelsDock->isFloating())
        return;
    // Measured once the raised tab is laid out: a tab never shown before still has its
    // construction size.
    QTimer::singleShot(0, this, [this, kernelsDock] { growKernelsDock(kernelsDock, 2, 0); });
}

void MainWindow::growKernelsDock(QDockWidget* kernelsDock, int triesLeft, int asked)
{
    if (kernelsDock->isFloating() || !kernelsDock->isVisible())
        return;
    constexpr int kRows = 12;
    const int wanted = m_kernels->heightForRows(kRows);
    const int have = m_kernels->height();
    if (have >= wanted)
        return;
    // The chart keeps two fifths of the window whatever the panel asks. The size resizeDocks
    // takes is the tab group's, its tab bar included: a second try adds what the first fell
    // short by to what it asked.
    const int most = std::max(kernelsDock->height(), height() * 3 / 5);
    const int ask = std::min((asked > 0 ? asked : kernelsDock->height()) + wanted - have, most);
    resizeDocks({kernelsDock}, {ask}, Qt::Vertical);
    // The panel's rows fold onto fewer lines as it grows: measured again once that is laid out.
    if (triesLeft > 1)
        QTimer::singleShot(0, this, [this, kernelsDock, triesLeft, ask] {
            growKernelsDock(kernelsDock, triesLeft - 1, ask);
        });
}

void MainWindow::applyDefaultLayout(QSize size)
{
    resize(size);
    m_dockLayout->arrange(size);
}

void MainWindow::setUpTabOrder()
{
    // One walk through every panel, whatever the layout (docs/window.md, "Keyboard"):
    // accelerators, the left column's pages (operators, model), the chart, the right column's
    // pages (parameters, read-out), then the pages of the bottom strip (comparison, model
    // totals, plan, kernels, passes); a tab group's strip before the page it has in front.
    if (!m_walk) {
        QList<QWidget*> panels;
        for (const char* name : {"hardwareDock", "operatorDock", "modelDock"})
            panels << findChild<QDockWidget*>(QLatin1String(name));
        panels << m_chartView;
        for (const char* name : {"parameterDock", "readoutDock", "comparisonDock",
                                 "modelTotalsDock", "planDock", "kernelsDock", "passesDock"})
            panels << findChild<QDockWidget*>(QLatin1String(name));
        panels.removeAll(nullptr);
        m_walk = new PanelWalk(this, panels);
    }
    m_walk->update();
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QMenu* view = menuBar()->addMenu(tr("&View"));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    // Kept by pointer and object name: code and tests never find a menu by its position.
    file->setObjectName(QStringLiteral("fileMenu"));
    edit->setObjectName(QStringLiteral("editMenu"));
    view->setObjectName(QStringLiteral("viewMenu"));
    help->setObjectName(QStringLiteral("helpMenu"));
    m_viewMenu = view;
    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->setMovable(false);

    auto action = [this](const QString& text, const QKeySequence& key, auto slot) {
        auto* a = new QAction(text, this);
        a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };

    QAction* newAct =
        action(tr("&New"), QKeySequence::New, [this] { m_document->newDocumentInteractive(); });
    newAct->setToolTip(tr("A new document with the four example accelerators and operators"));
    QAction* openAct = action(tr("&Open…"), QKeySequence::Open, [this] { m_document->open(); });
    QAction* saveAct = action(tr("&Save"), QKeySequence::Save, [this] { m_document->save(); });
    QAction* saveAsAct =
        action(tr("Save &As…"), QKeySequence::SaveAs, [this] { m_document->saveAs(); });
    // Figure and data export (dialog, atomic writes, clipboard) live in ui/export.
    auto* exporter = new ExportController(m_session, m_chart, this);
    exporter->setDocumentFile([this] { return m_document->currentFile(); });
    QAction* quitAct = action(tr("&Quit"), QKeySequence(tr("Ctrl+Q")), [this] { close(); });
    quitAct->setMenuRole(QAction::QuitRole);
    file->addActions({newAct, openAct});
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    file->addActions({saveAct, saveAsAct});
    file->addSeparator();
    QAction* addCatalog = action(tr("Add &Hardware Catalog…"), QKeySequence(),
                                 [this] { m_catalog->addHardwareCatalog(); });
    addCatalog->setObjectName(QStringLiteral("addHardwareCatalogAction"));
    addCatalog->setToolTip(tr("Load accelerators from a hardware catalog, an ERT roofline.json "
                              "or an omniperf roofline.csv, show them and keep them for the next "
                              "start"));
    file->addAction(addCatalog);
    file->addSeparator();
    file->addActions({exporter->exportFigureAction(), exporter->exportDataAction()});
    file->addSeparator();
    file->addAction(quitAct);

    QAction* undo = m_session->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction* redo = m_session->undoStack()->createRedoAction(this, tr("&Redo"));
    // Every binding of the platform: Ctrl+Shift+Z and Ctrl+Y on Linux.
    redo->setShortcuts(QKeySequence::Redo);
    edit->addActions({undo, redo});
    edit->addSeparator();
    edit->addAction(exporter->copyFigureAction());
    edit->addSeparator();
    edit->addMenu(m_operatorPanel->addMenu());
    QAction* dup = action(tr("&Duplicate Operator"), QKeySequence(tr("Ctrl+D")),
                          [this] { m_operatorPanel->duplicateCurrent(); });
    QAction* rename = action(tr("Re&name Operator"), QKeySequence(tr("F2")),
                             [this] { m_operatorPanel->renameCurrent(); });
    QAction* remove = action(tr("&Remove Operator"), QKeySequence(),
                             [this] { m_operatorPanel->removeCurrent(); });
    edit->addActions({dup, rename, remove});
    edit->addSeparator();
    QAction* newGpu =
        action(tr("New &Accelerator…"), QKeySequence(), [this] { m_catalog->editAccelerator(-1); });
    newGpu->setObjectName(QStringLiteral("newAcceleratorAction"));
    QAction* editGpu = action(tr("Edit Acce&lerator…"), QKeySequence(), [this] {
        m_catalog->editAccelerator(m_hardwarePanel->currentHardware());
    });
    editGpu->setObjectName(QStringLiteral("editAcceleratorAction"));
    QAction* measure = action(tr("&Measure This Machine…"), QKeySequence(),
                              [this] { m_measurer->chooseAndStart(); });
    measure->setObjectName(QStringLiteral("measureMachineAction"));
    measure->setToolTip(tr("Measure this computer's CPU (FMA peaks and the bandwidth of every "
                           "cache level, about a minute) or a Vulkan GPU, and add it to the "
                           "catalog"));
    edit->addActions({newGpu, editGpu, measure});
    m_hardwarePanel->addContextActions({newGpu, editGpu});
    edit->addSeparator();
    QAction* prefs =
        action(tr("&Preferences…"), QKeySequence::Preferences, [this] { preferences(); });
    if (prefs->shortcut().isEmpty())
        prefs->setShortcut(QKeySequence(tr("Ctrl+,")));
    prefs->setMenuRole(QAction::PreferencesRole);
    edit->addAction(prefs);

    QAction* reset = action(tr("&Reset View"), QKeySequence(tr("Ctrl+0")),
                            [this] { m_session->viewSettings()->setView(std::nullopt); });
    reset->setToolTip(tr("Fit the axes to the data (double-click the chart)"));
    view->addAction(reset);
    QAction* resetLabels = action(tr("Reset &Label Positions"), QKeySequence(),
                                  [this] { m_session->viewSettings()->resetLabelPositions(); });
    resetLabels->setObjectName(QStringLiteral("resetLabelPositionsAction"));
    resetLabels->setToolTip(tr("Put every label you dragged back where the chart places it"));
    resetLabels->setEnabled(!m_session->viewSettings()->labelPositions().empty());
    connect(m_session->viewSettings(), &ViewSettings::labelPositionsChanged, resetLabels,
            [this, resetLabels] {
                resetLabels->setEnabled(!m_session->viewSettings()->labelPositions().empty());
            });
    view->addAction(resetLabels);
    QMenu* theme = view->addMenu(tr("&Theme"));
    m_themeGroup = new QActionGroup(this);
    const std::pair<QString, Theme> themes[] = {
        {tr("&Light"), Theme::Light}, {tr("&Dark"), Theme::Dark}, {tr("&Slide"), Theme::Slide}};
    for (const auto& [name, t] : themes) {
        QAction* a = theme->addAction(name);
        a->setCheckable(true);
        a->setData(static_cast<int>(t));
        m_themeGroup->addAction(a);
        const Theme value = t;
        connect(a, &QAction::triggered, this,
                [this, value] { m_session->viewSettings()->setTheme(value); });
    }
    QMenu* roofs = view->addMenu(tr("&Roofs and Overlays"));
    auto toggle = [&](const QString& name, bool ChartToggles::*member) {
        QAction* a = roofs->addAction(name);
        a->setCheckable(true);
        connect(a, &QAction::toggled, this, [this, member](bool on) {
            ChartToggles t = m_session->viewSettings()->toggles();
            t.*member = on;
            m_session->viewSettings()->setToggles(t);
        });
        connect(m_session->viewSettings(), &ViewSettings::togglesChanged, a,
                [this, a, member] { a->setChecked(m_session->viewSettings()->toggles().*member); });
        a->setChecked(m_session->viewSettings()->toggles().*member);
    };
    toggle(tr("FP8 Tensor Roof"), &ChartToggles::fp8);
    toggle(tr("FP32 Vector Roof"), &ChartToggles::fp32Vector);
    toggle(tr("FP64 Roof"), &ChartToggles::fp64);
    toggle(tr("Cache Roofs"), &ChartToggles::l2);
    toggle(tr("Sweep Path"), &ChartToggles::sweep);
    toggle(tr("Operator Labels"), &ChartToggles::labels);
    view->addSeparator();

    QAction* guide =
        action(tr("&Reading the Chart"), QKeySequence::HelpContents, [this] { readingGuide(); });
    guide->setObjectName(QStringLiteral("readingGuideAction"));
    help->addAction(guide);
    QAction* manual =
        action(tr("User &Guide"), QKeySequence(), [this] { openUserGuide(userGuideFolders()); });
    manual->setObjectName(QStringLiteral("userGuideAction"));
    manual->setToolTip(tr("The manual (docs/index.md), opened with the desktop's viewer"));
    help->addAction(manual);
    QAction* commands = action(tr("&Profiler Commands"), QKeySequence(), [this] {
        auto* dialog = new ProfilerCommandsDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    commands->setObjectName(QStringLiteral("profilerCommandsAction"));
    commands->setToolTip(tr("The commands that produce files RoofScope imports"));
    help->addAction(commands);
    help->addAction(action(tr("Published &Measurements…"), QKeySequence(), [this] {
        auto* dialog = new PublishedDialog(m_workbench->catalog(), m_session->catalog(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    }));
    QAction* aboutAct = action(tr("&About RoofScope"), QKeySequence(), [this] { about(); });
    aboutAct->setMenuRole(QAction::AboutRole);
    help->addAction(aboutAct);

    bar->addActions({openAct, saveAct});
    bar->addSeparator();
    bar->addActions({undo, redo});
    bar->addSeparator();
    bar->addAction(reset);
    bar->addActions(m_themeGroup->actions());
    syncThemeActions();
}

void MainWindow::syncThemeActions()
{
    if (!m_themeGroup)
        return;
    for (QAction* a : m_themeGroup->actions())
        a->setChecked(a->data().toInt() == static_cast<int>(m_session->viewSettings()->theme()));
}

void MainWindow::newDocument()
{
    m_document->newDocument();
}

std::optional<QString> MainWindow::openFile(const QString& path)
{
    return m_document->openFile(path);
}

std::optional<QString> MainWindow::saveFile(const QString& path)
{
    return m_document->saveFile(path);
}

QString MainWindow::currentFile() const
{
    return m_document->currentFile();
}

bool MainWindow::isModified() const
{
    return m_document->isModified();
}

bool MainWindow::openInteractive(const QString& path)
{
    return m_document->openInteractive(path);
}

bool MainWindow::newDocumentInteractive()
{
    return m_document->newDocumentInteractive();
}

QStringList MainWindow::recentFiles() const
{
    return m_document->recentFiles();
}

void MainWindow::addServingView(ModelWorkbench* workbench)
{
    m_serving = new ServingView(workbench, this);
    // The roofline, and beside it the serving chart when asked for (View ▸ Serving Chart).
    m_chartArea = new ChartArea(m_chartView, m_serving, this);
    m_centralSplit = m_chartArea->splitter();
    setCentralWidget(m_chartArea);
    connect(
        m_serving, &ServingView::statusMessage, this,
        [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });

    m_servingAction = new QAction(tr("&Serving Chart"), this);
    m_servingAction->setObjectName(QStringLiteral("servingChartAction"));
    m_servingAction->setCheckable(true);
    m_servingAction->setShortcut(QKeySequence(tr("F8")));
    m_servingAction->setToolTip(
        tr("Beside the roofline: tokens/s per GPU against tokens/s per user for the model on "
           "every checked accelerator, linked to the batch"));
    connect(m_servingAction, &QAction::toggled, this, &MainWindow::showServingChart);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_servingAction);

    auto* exportServing = new QAction(tr("Export Ser&ving Chart…"), this);
    exportServing->setObjectName(QStringLiteral("exportServingAction"));
    exportServing->setEnabled(false);
    connect(exportServing, &QAction::triggered, m_serving, &ServingView::exportInteractive);
    connect(m_servingAction, &QAction::toggled, exportServing, &QAction::setEnabled);
    auto* fileMenu = menuBar()->findChild<QMenu*>(QStringLiteral("fileMenu"));
    QAction* before = nullptr;
    for (QAction* a : fileMenu->actions())
        if (a->objectName() == QLatin1String("exportDataAction"))
            before = a;
    const QList<QAction*> actions = fileMenu->actions();
    const int at = before ? static_cast<int>(actions.indexOf(before)) + 1 : -1;
    if (at > 0 && at < actions.size())
        fileMenu->insertAction(actions[at], exportServing);
    else
        fileMenu->addAction(exportServing);
}

void MainWindow::showServingChart(bool on)
{
    if (m_servingAction->isChecked() != on)
        m_servingAction->setChecked(on);
    m_chartArea->setServingShown(on);
    fitServingSplit();
}

void MainWindow::fitServingSplit()
{
    if (!m_chartArea)
        return;
    // Side by side where both charts have room for their axes; on a small screen (1366 × 768)
    // in tabs, each with the whole centre.
    const bool wide = width() >= 1600;
    const bool turned = m_chartArea->sideBySide() != wide;
    m_chartArea->setSideBySide(wide);
    if (!wide || !m_chartArea->servingShown())
        return;
    const int total = m_centralSplit->width();
    if (turned || m_centralSplit->sizes().value(1) < 150)
        m_centralSplit->setSizes({total * 11 / 20, total - total * 11 / 20});
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    fitServingSplit();
}

void MainWindow::restoreGeometryOnly()
{
    QSettings settings;
    m_dockLayout->restore(settings.value(QStringLiteral("window/geometry")).toByteArray(),
                          settings.value(QStringLiteral("window/state")).toByteArray(),
                          settings.value(QStringLiteral("window/compactLayout"), false).toBool(),
                          settings.value(QStringLiteral("window/layoutFollows"), true).toBool());
    m_document->loadSessionPreference();
    m_centralSplit->restoreState(
        settings.value(QStringLiteral("window/centralSplit")).toByteArray());
    showServingChart(settings.value(QStringLiteral("window/servingChart"), false).toBool());
}

std::optional<QString> MainWindow::openFromCommandLine(const QStringList& paths)
{
    // Before anything else: this run's quit overwrites the session they are in.
    const auto kept = m_document->keepUnsavedLastSession(QDateTime::currentDateTime());
    m_lastSessionNote = kept.value_or(QString());
    auto error = openCommandLineFiles(paths);
    if (kept) // again, after "Opened …" took its place
        statusBar()->showMessage(*kept);
    return error;
}

std::optional<QString> MainWindow::openCommandLineFiles(const QStringList& paths)
{
    newDocument();
    for (const QString& path : paths) {
        if (!QFileInfo(path).isFile())
            return tr("%1: no such file; a new document is open instead.").arg(path);
    }
    // One RoofScope document is opened (by its name or its content); anything else is a
    // profiler export to import, as a drop on the window does.
    const QString& first = paths.front();
    if (paths.size() == 1 &&
        (first.endsWith(QLatin1String(".roofscope.json")) || KernelsPanel::isScenarioFile(first))) {
        if (auto error = openFile(first)) {
            newDocument();
            return tr("%1\n\nA new document is open instead.").arg(*error);
        }
        return std::nullopt;
    }
    m_kernels->importFiles(paths);
    return std::nullopt;
}

bool MainWindow::restoreState()
{
    restoreGeometryOnly();
    return m_document->restoreLastSession();
}

void MainWindow::saveSessionToSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/compactLayout"), m_dockLayout->isCompact());
    settings.setValue(QStringLiteral("window/layoutFollows"), m_dockLayout->followsWindow());
    settings.setValue(QStringLiteral("window/centralSplit"), m_centralSplit->saveState());
    settings.setValue(QStringLiteral("window/servingChart"), m_servingAction->isChecked());
    m_document->saveSession();
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_document->recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files.at(i);
        // &1 … &9: the usual keyboard path through the menu.
        QAction* a =
            m_recentMenu->addAction(i < 9 ? tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName())
                                          : QFileInfo(path).fileName());
        a->setToolTip(path);
        a->setStatusTip(path);
        a->setEnabled(QFileInfo::exists(path));
        connect(a, &QAction::triggered, this, [this, path] { m_document->openInteractive(path); });
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No Recent Files"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    connect(m_recentMenu->addAction(tr("&Clear Menu")), &QAction::triggered, this,
            [this] { m_document->clearRecentFiles(); });
}

void MainWindow::preferences()
{
    PreferencesDialog dialog(this);
    dialog.setValues(m_session->viewSettings()->theme(), m_session->viewSettings()->toggles(),
                     m_document->restoresSession());
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_session->viewSettings()->setTheme(dialog.theme());
    m_session->viewSettings()->setToggles(dialog.toggles());
    m_document->setRestoresSession(dialog.restoreSession());
}

void MainWindow::about()
{
    QMessageBox::about(
        this, tr("About RoofScope"),
        tr("<h3>RoofScope %1</h3><p>The roofline model of GPU performance, for engineers "
           "optimizing LLM inference: pick accelerators and operators, see where each operator "
           "sits against the roofs, drag it across the ridge.</p>")
            .arg(QStringLiteral(ROOFSCOPE_VERSION)));
}

std::optional<QString> MainWindow::addHardwareCatalogFile(const QString& path)
{
    return m_catalog->addHardwareCatalogFile(path);
}

int MainWindow::offerHardwareFiles(const QStringList& paths)
{
    return m_catalog->offerHardwareFiles(paths);
}

std::optional<QString> MainWindow::saveAccelerator(const Hardware& hw)
{
    return m_catalog->saveAccelerator(hw);
}

QString MainWindow::readingGuideText()
{
    return tr("<h3>Reading the roofline chart</h3>"
              "<p><b>Axes.</b> Both are logarithmic. Across: arithmetic intensity, the FLOPs an "
              "operator does per byte it moves to or from memory. Up: FLOP/s it can attain.</p>"
              "<p><b>Roofs.</b> Each accelerator draws a slope (memory bandwidth × intensity) "
              "that meets a flat roof (its peak FLOP/s for the operator's precision). Where they "
              "meet is the <b>ridge</b>: the intensity needed to keep the compute units busy.</p>"
              "<p><b>Points.</b> An operator is a point per checked accelerator. Left of the "
              "ridge it sits on the slope: <b>memory-bound</b>, faster memory or fewer bytes "
              "help, more FLOP/s do not. Right of it, on the flat roof: <b>compute-bound</b>. "
              "The Read-out says which, how far from the ridge, and what to try.</p>"
              "<p><b>Moving.</b> Drag a point sideways, or the batch slider: a decode matmul "
              "walks right as the batch grows and crosses the ridge at the batch the Read-out "
              "names. With a model shown, marker area is the operator's share of the step "
              "time.</p>"
              "<p><b>Comparing.</b> The Comparison tab gives each operator's speedup against the "
              "baseline: a memory-bound operator speeds up with bandwidth, not with peak "
              "FLOP/s.</p>"
              "<p>Wheel or rubber band to zoom, Shift+drag to pan, Ctrl+0 to fit.</p>");
}

void MainWindow::readingGuide()
{
    QMessageBox box(QMessageBox::Information, tr("Reading the Chart"), readingGuideText(),
                    QMessageBox::Close, this);
    box.setTextFormat(Qt::RichText);
    box.exec();
}

void MainWindow::openUserGuide(const QStringList& folders)
{
    const QString index = userGuidePath(folders);
    if (index.isEmpty()) {
        QStringList where;
        for (const QString& folder : folders)
            where << QDir::toNativeSeparators(folder);
        QMessageBox::warning(this, tr("User Guide"),
                             tr("The user guide (index.md) is not in any of the folders "
                                "RoofScope looked in:\n%1")
                                 .arg(where.join(QLatin1Char('\n'))));
        return;
    }
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(index)))
        QMessageBox::warning(this, tr("User Guide"),
                             tr("No program on this desktop opened %1. Open it with a text "
                                "editor or a Markdown viewer.")
                                 .arg(QDir::toNativeSeparators(index)));
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — RoofScope").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_document->confirmClose()) {
        event->ignore();
        return;
    }
    saveSessionToSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() &&
        std::all_of(urls.begin(), urls.end(), [](const QUrl& u) { return u.isLocalFile(); }))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    // One scenario document is opened; profiler exports (one or a before/after pair) are
    // imported as measurements.
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
    }
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    // After the drop returns: a modal question inside a drop handler blocks the source.
    QMetaObject::invokeMethod(
        this,
        [this, paths] {
            if (paths.size() == 1 && KernelsPanel::isScenarioFile(paths.front()))
                m_document->openInteractive(paths.front());
            else
                m_kernels->importFiles(paths);
        },
        Qt::QueuedConnection);
}

} // namespace roofscope
