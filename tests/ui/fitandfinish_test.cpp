// Fit and finish: tables fit their contents, the comparison keeps room for its rows, numbers and
// names read as a person writes them, the dark theme darkens the whole window, Tab walks through
// the panels, the chart gets half of a small screen, and accelerators can be added from a file or
// typed into an editor.
#include "core/hardware/catalog.h"
#include "core/measured/hardwarefiles.h"
#include "tests/common/measuredkernels.h"
#include "ui/chart/roofchartview.h"
#include "ui/controls/prompt.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/usercatalog.h"
#include "ui/export/exportdialog.h"
#include "ui/models/hardwaremodel.h"
#include "ui/models/modeltotalsmodel.h"
#include "ui/models/operatormodel.h"
#include "ui/text/datanames.h"
#include "ui/text/humanformat.h"
#include "ui/widgets/comparisonpanel.h"
#include "ui/widgets/docklayout.h"
#include "ui/widgets/hardwareeditordialog.h"
#include "ui/widgets/hardwarepanel.h"
#include "ui/widgets/modelpanel.h"
#include "ui/widgets/modeltotalspanel.h"
#include "ui/widgets/operatorpanel.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/widgets/readoutpanel.h"
#include "ui/widgets/windowpalette.h"
#include "uitestutil.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::makeWindow;
using roofscope::test::operatorIndex;

namespace {

void settle()
{
    for (int i = 0; i < 4; ++i)
        QCoreApplication::processEvents();
}

// Every parameter id and operator kind id of the core.
QStringList internalIds()
{
    QStringList ids;
    for (const OperatorKind& k : operatorKinds()) {
        // "matmul" and "softmax" are words too; "attention_decode" and "layernorm" are ids.
        const QString kind = QString::fromStdString(k.name);
        if (kind.contains(QLatin1Char('_')) || kind.endsWith(QLatin1String("norm")))
            ids << kind;
        for (const ParamDef& d : k.params) {
            // Ids that are also plain words ("batch", "heads", "context") are fine in a
            // sentence; the ones that are code are not.
            const QString id = QString::fromStdString(d.name);
            if (id.contains(QLatin1Char('_')) || id == QLatin1String("dtype") ||
                id == QLatin1String("fn") || id == QLatin1String("seq") ||
                id == QLatin1String("cols"))
                ids << id;
        }
    }
    ids.removeDuplicates();
    return ids;
}

bool containsId(const QString& text, const QStringList& ids, QString* which)
{
    // As a word: "Batch" is a name, "batch" or "weight_dtype" an id.
    for (const QString& id : ids) {
        const QRegularExpression word(
            QStringLiteral("(^|[^A-Za-z_])%1($|[^A-Za-z_])").arg(QRegularExpression::escape(id)));
        if (word.match(text).hasMatch()) {
            *which = id;
            return true;
        }
    }
    return false;
}

Hardware editorGpu()
{
    Hardware hw;
    hw.id = "test-gpu-x";
    hw.name = "Test GPU X 48GB";
    hw.vendor = "TestVendor";
    Ceiling c;
    c.precision = Precision::BF16;
    c.unit = ComputeUnit::Tensor;
    c.flopsPerS = 300e12;
    c.source = "test";
    hw.ceilings = {c};
    hw.memory = {MemoryLevel{"hbm", 1.5e12, "test", false}};
    hw.memoryBytes = 48e9;
    hw.memorySource = "test";
    return hw;
}

} // namespace

// Every table's columns fit their contents, stay resizable by the user and elide in the middle.
TEST(FitAndFinish, EveryTableFitsItsColumnsAndStaysResizable)
{
    auto w = makeWindow();
    w->resize(1366, 768);
    w->show();
    settle();
    std::vector<QAbstractItemView*> views = {w->operatorPanel()->view(), w->hardwarePanel()->view(),
                                             w->comparisonPanel()->table()};
    for (const char* dock : {"modelTotalsDock", "planDock"}) {
        auto* d = w->findChild<QDockWidget*>(QLatin1String(dock));
        ASSERT_NE(d, nullptr) << dock;
        QTableView* table = d->findChild<QTableView*>();
        ASSERT_NE(table, nullptr) << dock;
        views.push_back(table);
    }
    for (QAbstractItemView* view : views) {
        const std::string name = view->parentWidget()->metaObject()->className();
        EXPECT_EQ(view->textElideMode(), Qt::ElideMiddle) << name;
        QHeaderView* header = view->findChild<QHeaderView*>();
        ASSERT_NE(header, nullptr) << name;
        for (int c = 0; c < header->count(); ++c) {
            EXPECT_EQ(header->sectionResizeMode(c), QHeaderView::Interactive)
                << name << " column " << c;
        }
    }
    // The accelerator list: "BF16 peak" and the numbers under it are not cut off.
    QAbstractItemView* hw = w->hardwarePanel()->view();
    QHeaderView* hwHeader = w->hardwarePanel()->view()->header();
    const int cap = std::max(120, hw->viewport()->width() / 2);
    for (int c = 0; c < hwHeader->count(); ++c) {
        EXPECT_GE(hwHeader->sectionSize(c), std::min(hw->sizeHintForColumn(c), cap))
            << "accelerator column " << c;
    }
    // A column the user drags keeps its width when the rows change.
    QHeaderView* header = w->comparisonPanel()->table()->horizontalHeader();
    header->resizeSection(0, 333);
    EXPECT_EQ(header->sectionSize(0), 333);
}

// At 1366×768 the comparison table shows at least four rows, whatever the sentences above it say;
// the sentences fold away.
TEST(FitAndFinish, ComparisonTableShowsFourRowsAt1366x768)
{
    auto w = makeWindow();
    w->applyDefaultLayout(QSize(1366, 768));
    w->show();
    auto* cmp = w->findChild<QDockWidget*>(QStringLiteral("comparisonDock"));
    ASSERT_NE(cmp, nullptr);
    cmp->raise();
    settle();
    QTableView* table = w->comparisonPanel()->table();
    ASSERT_GE(table->model()->rowCount(), 4);
    ASSERT_TRUE(table->isVisible());
    const int rowHeight = table->verticalHeader()->defaultSectionSize();
    EXPECT_GE(table->viewport()->height(), 4 * rowHeight)
        << "viewport " << table->viewport()->height() << " px, rows " << rowHeight << " px";
    // The sentences are in the splitter's first pane, not above it in the layout.
    EXPECT_EQ(w->comparisonPanel()->splitter()->indexOf(table), 1);
    const int before = table->viewport()->height();
    w->comparisonPanel()->summaryToggle()->setChecked(false);
    settle();
    EXPECT_GT(table->viewport()->height(), before);
    w->comparisonPanel()->summaryToggle()->setChecked(true);
}

// Tokens/s in Model Totals, counts and the readout's intensities read as numbers.
TEST(FitAndFinish, TokensPerSecondWithSeparatorsNotExponents)
{
    EXPECT_EQ(HumanFormat::count(13040.4, 4), QStringLiteral("13,040"));
    auto w = makeWindow();
    auto* wb = w->findChild<ModelWorkbench*>();
    ASSERT_NE(wb, nullptr);
    InferenceScenario step = wb->scenario();
    step.batch = 512;
    ASSERT_FALSE(wb->setScenario(step).has_value());
    auto* totals = w->findChild<ModelTotalsPanel*>();
    ASSERT_NE(totals, nullptr);
    ModelTotalsModel* model = totals->model();
    ASSERT_GT(model->rowCount(), 0);
    bool sawThousands = false;
    for (int r = 0; r < model->rowCount(); ++r) {
        const QString text =
            model->index(r, ModelTotalsModel::TokensColumn).data(Qt::DisplayRole).toString();
        EXPECT_FALSE(text.contains(QLatin1Char('e'))) << text.toStdString();
        const double raw = model->index(r, ModelTotalsModel::TokensColumn)
                               .data(ModelTotalsModel::SortRole)
                               .toDouble();
        if (raw >= 1000.0) {
            sawThousands = true;
            EXPECT_TRUE(text.contains(QLatin1Char(','))) << text.toStdString();
            EXPECT_EQ(text, HumanFormat::count(raw, 4));
        }
    }
    EXPECT_TRUE(sawThousands) << "batch 512 should reach thousands of tokens/s";
    // The Model panel's summary line says the same number the same way.
    auto* panel = w->findChild<ModelPanel*>();
    ASSERT_NE(panel, nullptr);
    const QString summary = panel->baselineSummary();
    EXPECT_FALSE(summary.contains(QStringLiteral("e+"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QRegularExpression(QStringLiteral("\\d,\\d{3} tokens/s"))))
        << summary.toStdString();
    // The operator list's intensity at a huge batch: "13,107", not "1.31e+04".
    Session* s = w->session();
    const int decode = operatorIndex(*s, "decode_matmul");
    ASSERT_GE(decode, 0);
    ASSERT_FALSE(s->setNumber(decode, "batch", 1e6).has_value());
    const QString ai = w->operatorModel()->index(decode, OperatorModel::AiColumn).data().toString();
    EXPECT_FALSE(ai.contains(QStringLiteral("e+"))) << ai.toStdString();
    EXPECT_TRUE(ai.contains(QLatin1Char(','))) << ai.toStdString();
}

// No parameter or kind id in the parameter panel's labels, the read-out or the operator list, for
// every kind; the ids stay in the spec (files, CLI).
TEST(FitAndFinish, NoInternalIdsInPanelLabels)
{
    const QStringList ids = internalIds();
    ASSERT_TRUE(ids.contains(QStringLiteral("weight_dtype")));
    ASSERT_TRUE(ids.contains(QStringLiteral("attention_decode")));
    auto w = makeWindow();
    Session* s = w->session();
    for (const OperatorKind& k : operatorKinds()) {
        auto op = makeOperator(k.name, {});
        ASSERT_TRUE(op.ok()) << k.name;
        const int row = static_cast<int>(s->operators().size());
        s->insertOperator(row, *op);
        s->setSelectedOperator(row);
        settle();
        QString which;
        for (QLabel* label : w->parameterPanel()->findChildren<QLabel*>()) {
            EXPECT_FALSE(containsId(label->text(), ids, &which))
                << k.name << ": label \"" << label->text().toStdString() << "\" shows "
                << which.toStdString();
        }
        const QString name =
            w->operatorModel()->index(row, OperatorModel::NameColumn).data().toString();
        EXPECT_FALSE(containsId(name, ids, &which)) << name.toStdString();
        const QString summary =
            w->operatorModel()->index(row, OperatorModel::ValueColumn).data().toString();
        EXPECT_FALSE(containsId(summary, ids, &which))
            << k.name << ": " << summary.toStdString() << " shows " << which.toStdString();
        const QModelIndex parent = w->operatorModel()->index(row, 0);
        for (int p = 0; p < w->operatorModel()->rowCount(parent); ++p) {
            const QModelIndex param = w->operatorModel()->index(p, 0, parent);
            EXPECT_FALSE(containsId(param.data().toString(), ids, &which))
                << param.data().toString().toStdString();
            // The id is still there for code that needs it.
            EXPECT_NE(
                k.findParam(param.data(OperatorModel::ParamNameRole).toString().toStdString()),
                nullptr);
        }
        for (const char* field : {"operator", "crossing"}) {
            const QString readout = w->readoutPanel()->field(QLatin1String(field));
            EXPECT_FALSE(containsId(readout, ids, &which)) << readout.toStdString();
        }
        // Files and the CLI keep the id.
        EXPECT_EQ(s->operators()[static_cast<std::size_t>(row)].kind, k.name);
    }
    EXPECT_EQ(paramDisplayName("decode_matmul", "weight_dtype"),
              QStringLiteral("Weight precision"));
    EXPECT_EQ(kindDisplayName("attention_decode"), QStringLiteral("Attention (decode)"));
    auto attention = parseOperatorSpec("attention_decode:batch=8,context=4096");
    ASSERT_TRUE(attention.ok());
    EXPECT_EQ(operatorDisplayName(*attention), QStringLiteral("Attention (decode): batch 8"));
}

// The dark theme darkens the whole window (its palette), and the light theme gives the system's
// palette back.
TEST(FitAndFinish, DarkThemeDarkensTheWindowPalette)
{
    auto w = makeWindow();
    const QColor light = w->palette().color(QPalette::Window);
    w->session()->viewSettings()->setTheme(Theme::Dark);
    settle();
    EXPECT_LT(w->palette().color(QPalette::Window).lightness(), 80);
    EXPECT_LT(w->hardwarePanel()->view()->palette().color(QPalette::Base).lightness(), 80);
    EXPECT_GT(w->palette().color(QPalette::WindowText).lightness(), 180);
    w->session()->viewSettings()->setTheme(Theme::Light);
    settle();
    EXPECT_EQ(w->palette().color(QPalette::Window), light);
    EXPECT_GT(w->palette().color(QPalette::Window).lightness(), 150);
}

// Tab walks through the panels in order and never stays inside a list or table; a table behind
// another tab is not in the walk.
TEST(FitAndFinish, TabOrderWalksThePanelsWithoutTraps)
{
    auto w = makeWindow();
    w->show();
    QApplication::setActiveWindow(w.get());
    settle();
    for (QAbstractItemView* v : w->findChildren<QAbstractItemView*>())
        EXPECT_FALSE(v->tabKeyNavigation()) << v->metaObject()->className();
    // The focus chain, as Tab walks it: visible, tab-focusable widgets only.
    QList<QWidget*> walk;
    QWidget* start = w->hardwarePanel()->searchBox();
    QWidget* x = start;
    for (int i = 0; i < 400; ++i) {
        x = x->nextInFocusChain();
        if (x == start)
            break;
        if (x->isVisible() && x->isEnabled() && (x->focusPolicy() & Qt::TabFocus))
            walk << x;
    }
    const qsizetype hwList = walk.indexOf(w->hardwarePanel()->view());
    const qsizetype opList = walk.indexOf(w->operatorPanel()->view());
    const qsizetype chart = walk.indexOf(w->chartView());
    ASSERT_GE(hwList, 0);
    ASSERT_GE(opList, 0);
    ASSERT_GE(chart, 0);
    EXPECT_LT(hwList, opList);
    EXPECT_LT(opList, chart);
    // A field the parameter panel builds for a newly selected operator comes after the chart,
    // not at the end of the window.
    Session* s = w->session();
    s->setSelectedOperator(operatorIndex(*s, "softmax"));
    s->setSelectedOperator(operatorIndex(*s, "decode_matmul"));
    settle();
    QWidget* field = w->parameterPanel()->findChild<QWidget*>(QStringLiteral("quantization"));
    ASSERT_NE(field, nullptr);
    int steps = 0;
    for (QWidget* y = w->chartView(); y != field && steps < 400; y = y->nextInFocusChain())
        ++steps;
    int toComparison = 0;
    for (QWidget* y = w->chartView(); y != w->comparisonPanel()->table() && toComparison < 400;
         y = y->nextInFocusChain())
        ++toComparison;
    EXPECT_LT(steps, toComparison) << "the parameters come before the comparison";
    // The comparison sits behind the operators' tab at small sizes, or below: when hidden, it
    // is not in the walk.
    QTableView* cmp = w->comparisonPanel()->table();
    EXPECT_EQ(walk.contains(cmp), cmp->isVisible());
    // A real Tab press leaves the operator list.
    w->operatorPanel()->view()->setFocus(Qt::TabFocusReason);
    settle();
    if (QApplication::focusWidget() == w->operatorPanel()->view()) {
        QTest::keyClick(w->operatorPanel()->view(), Qt::Key_Tab);
        settle();
        EXPECT_NE(QApplication::focusWidget(), w->operatorPanel()->view());
    }
}

// At 1366×768 the chart gets at least half of the window.
TEST(FitAndFinish, ChartGetsHalfTheWindowAt1366x768)
{
    auto w = makeWindow();
    // The first-run size on a 1366×768 screen: 95 % of the available area.
    const QSize size(1297, 700);
    w->applyDefaultLayout(size);
    w->show();
    settle();
    ASSERT_EQ(w->size(), size);
    const QRect chart = w->chartView()->geometry();
    const double share = double(chart.width()) * chart.height() / (size.width() * size.height());
    EXPECT_GE(share, 0.5) << "chart " << chart.width() << "×" << chart.height();
}

// The small-screen layout follows the window, not the screen: a roomy window resized to 1366×768
// takes the compact layout (the chart keeps half of it), and back; once the user moves a dock,
// their arrangement stays whatever the size.
TEST(FitAndFinish, SmallLayoutFollowsTheWindowsSize)
{
    auto w = makeWindow();
    w->applyDefaultLayout(QSize(1600, 1000));
    w->show();
    settle();
    auto* opDock = w->findChild<QDockWidget*>(QStringLiteral("operatorDock"));
    auto* cmpDock = w->findChild<QDockWidget*>(QStringLiteral("comparisonDock"));
    auto* readDock = w->findChild<QDockWidget*>(QStringLiteral("readoutDock"));
    auto* kernelsDock = w->findChild<QDockWidget*>(QStringLiteral("kernelsDock"));
    ASSERT_TRUE(opDock && cmpDock && readDock && kernelsDock);
    ASSERT_EQ(w->dockWidgetArea(cmpDock), Qt::BottomDockWidgetArea);
    // The user hides the Kernels panel: it stays hidden through both layouts.
    kernelsDock->toggleViewAction()->trigger();
    ASSERT_FALSE(kernelsDock->toggleViewAction()->isChecked());

    auto resizeAndSettle = [&w](QSize size) {
        w->resize(size);
        settle();
        QTest::qWait(250); // the layout waits for a resize to settle
        settle();
    };
    const QSize small(1297, 700);
    resizeAndSettle(small);
    EXPECT_TRUE(w->dockLayout()->isCompact());
    EXPECT_EQ(w->dockWidgetArea(cmpDock), Qt::LeftDockWidgetArea);
    EXPECT_TRUE(w->tabifiedDockWidgets(opDock).contains(cmpDock));
    auto* paramDock = w->findChild<QDockWidget*>(QStringLiteral("parameterDock"));
    ASSERT_NE(paramDock, nullptr);
    EXPECT_TRUE(w->tabifiedDockWidgets(paramDock).contains(readDock));
    const QRect chart = w->chartView()->geometry();
    EXPECT_GE(double(chart.width()) * chart.height() / (small.width() * small.height()), 0.5)
        << "chart " << chart.width() << "×" << chart.height();
    EXPECT_FALSE(kernelsDock->toggleViewAction()->isChecked());

    resizeAndSettle(QSize(1600, 1000));
    EXPECT_FALSE(w->dockLayout()->isCompact());
    EXPECT_EQ(w->dockWidgetArea(cmpDock), Qt::BottomDockWidgetArea);
    EXPECT_FALSE(w->tabifiedDockWidgets(opDock).contains(cmpDock));
    EXPECT_FALSE(kernelsDock->toggleViewAction()->isChecked()) << "a closed panel came back";

    // A resize that wavers round the threshold does not flip the docks.
    resizeAndSettle(QSize(1600, 890));
    EXPECT_FALSE(w->dockLayout()->isCompact());

    // The user puts the comparison on the right: from then on the docks stay where they are.
    w->addDockWidget(Qt::RightDockWidgetArea, cmpDock);
    settle();
    EXPECT_FALSE(w->dockLayout()->followsWindow());
    resizeAndSettle(small);
    EXPECT_FALSE(w->dockLayout()->isCompact());
    EXPECT_EQ(w->dockWidgetArea(cmpDock), Qt::RightDockWidgetArea);
}

// At 1366×768: the Model panel fits its column; no control runs past the edge and the column needs
// no horizontal scroll bar (it asked for 394 px in a 265 px column before).
TEST(FitAndFinish, ModelPanelFitsItsColumnAt1366x768)
{
    auto w = makeWindow();
    const QSize size(1297, 700);
    w->applyDefaultLayout(size);
    w->show();
    auto* dock = w->findChild<QDockWidget*>(QStringLiteral("modelDock"));
    ASSERT_NE(dock, nullptr);
    dock->raise();
    settle();
    auto* scroll = dock->findChild<QScrollArea*>();
    ASSERT_NE(scroll, nullptr);
    auto* panel = w->findChild<ModelPanel*>();
    ASSERT_NE(panel, nullptr);
    const int column = scroll->viewport()->width();
    EXPECT_LE(column, size.width() / 4) << "the left column grew to hold the panel";
    EXPECT_LE(panel->minimumSizeHint().width(), column);
    EXPECT_FALSE(scroll->horizontalScrollBar()->isVisible());
    for (QWidget* child : panel->findChildren<QWidget*>()) {
        if (!child->isVisible() || child->parentWidget() != panel)
            continue;
        EXPECT_LE(child->geometry().right(), panel->width())
            << child->metaObject()->className() << " " << child->objectName().toStdString();
        EXPECT_GE(child->width(), child->minimumSizeHint().width())
            << child->metaObject()->className() << " " << child->objectName().toStdString();
    }
}

// At 1366×768 the totals share the Model panel's tab group: "Show on Chart" keeps the panel the
// user pressed it in; on a large screen the totals (below the chart) come to the front.
TEST(FitAndFinish, ShowOnChartKeepsTheModelPanelInFront)
{
    // The tab in front in the main window's tab bar that holds `name` (a tabbed dock that is
    // not in front still reports itself visible).
    auto frontTabOf = [](const QMainWindow* w, const QString& name) {
        for (QTabBar* bar : w->findChildren<QTabBar*>()) {
            for (int i = 0; i < bar->count(); ++i) {
                if (bar->tabText(i) == name)
                    return bar->tabText(bar->currentIndex());
            }
        }
        return QString();
    };
    for (const QSize size : {QSize(1297, 700), QSize(1600, 1000)}) {
        auto w = makeWindow();
        w->applyDefaultLayout(size);
        w->show();
        auto* modelDock = w->findChild<QDockWidget*>(QStringLiteral("modelDock"));
        ASSERT_NE(modelDock, nullptr);
        modelDock->raise();
        settle();
        ASSERT_EQ(frontTabOf(w.get(), QStringLiteral("Model")), QStringLiteral("Model"));
        auto* show = w->findChild<QPushButton*>(QStringLiteral("showModel"));
        ASSERT_NE(show, nullptr);
        show->click();
        settle();
        ASSERT_TRUE(w->findChild<ModelWorkbench*>()->isShown());
        const std::string where =
            std::to_string(size.width()) + "×" + std::to_string(size.height());
        EXPECT_EQ(frontTabOf(w.get(), QStringLiteral("Model")), QStringLiteral("Model")) << where;
        if (size.height() >= 900) {
            EXPECT_EQ(frontTabOf(w.get(), QStringLiteral("Model Totals")),
                      QStringLiteral("Model Totals"))
                << where;
        }
    }
}

// At 1366×768: the accelerator and operator lists show names in full ("H100 SXM5 (baseline)",
// "Decode matmul"), not cut in the middle to half of the narrow column.
TEST(FitAndFinish, NamesInTheNarrowListsShowInFullAt1366x768)
{
    auto w = makeWindow();
    w->applyDefaultLayout(QSize(1297, 700));
    w->show();
    settle();
    settle();
    for (QAbstractItemView* view : {w->hardwarePanel()->view(), w->operatorPanel()->view()}) {
        auto* header = view->findChild<QHeaderView*>();
        ASSERT_NE(header, nullptr);
        const int room = view->viewport()->width();
        const int wanted = view->sizeHintForColumn(0);
        ASSERT_LT(room, 320) << "not the narrow column this test is about";
        ASSERT_LE(wanted, room - 24) << "the longest name alone is too wide for the test";
        EXPECT_GE(header->sectionSize(0), wanted)
            << view->parentWidget()->metaObject()->className() << ": column 0 "
            << header->sectionSize(0) << " px of " << room;
    }
}

// File ▸ Add Hardware Catalog… validates, merges in one undo step and keeps a copy for the next
// start; a broken file is refused naming file and JSON pointer.
TEST(FitAndFinish, AddHardwareCatalogMergesOrNamesTheProblem)
{
    auto w = makeWindow();
    QAction* action = w->findChild<QAction*>(QStringLiteral("addHardwareCatalogAction"));
    ASSERT_NE(action, nullptr);
    QTemporaryDir dir;
    const QString good = dir.filePath(QStringLiteral("lab.json"));
    {
        QFile f(good);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(hardwareCatalogToJson({editorGpu()})));
    }
    const QString bad = dir.filePath(QStringLiteral("broken.json"));
    {
        Hardware broken = editorGpu();
        QByteArray json = QByteArray::fromStdString(hardwareCatalogToJson({broken}));
        json.replace("1500000000000", "-5");
        QFile f(bad);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(json);
    }
    const std::size_t before = w->session()->hardware().size();
    const auto error = w->addHardwareCatalogFile(bad);
    ASSERT_TRUE(error.has_value());
    EXPECT_TRUE(error->contains(QStringLiteral("broken.json"))) << error->toStdString();
    EXPECT_TRUE(error->contains(QStringLiteral("/hardware/0/memory/0/bytes_per_s")))
        << error->toStdString();
    EXPECT_EQ(w->session()->hardware().size(), before);

    ASSERT_FALSE(w->addHardwareCatalogFile(good).has_value());
    EXPECT_EQ(w->session()->hardware().size(), before + 1);
    EXPECT_GE(w->session()->hardwareIndex("test-gpu-x"), 0);
    EXPECT_EQ(w->hardwareModel()->rowCount(), static_cast<int>(before + 1));
    // Kept under the entry's id, checked (shown) in the same undo step.
    const QString copy = UserCatalog::copyTarget({editorGpu()});
    EXPECT_TRUE(copy.endsWith(QStringLiteral("/test-gpu-x.json"))) << copy.toStdString();
    EXPECT_TRUE(QFile::exists(copy));
    EXPECT_TRUE(w->session()->isChecked(w->session()->hardwareIndex("test-gpu-x")));
    // The next start finds it.
    HardwareCatalog next = HardwareCatalog::builtin();
    EXPECT_TRUE(loadUserHardwareDirectory(next).empty());
    EXPECT_NE(next.find("test-gpu-x"), nullptr);
    w->session()->undoStack()->undo();
    EXPECT_EQ(w->session()->hardware().size(), before);
    EXPECT_FALSE(QFile::exists(copy));
}

// The accelerator editor validates each field, saves to the user catalog with an atomic write,
// checks the new GPU, and undo takes it out of the session and the file.
TEST(FitAndFinish, HardwareEditorValidatesSavesAndUndoes)
{
    HardwareEditorDialog dialog([](const std::string& id) { return id == "h100-sxm5"; });
    EXPECT_FALSE(dialog.problem().isEmpty()); // empty form
    dialog.nameEdit()->setText(QStringLiteral("Test GPU X 48GB"));
    EXPECT_EQ(dialog.idEdit()->text(), QStringLiteral("test-gpu-x-48gb"));
    dialog.vendorEdit()->setText(QStringLiteral("TestVendor"));
    EXPECT_TRUE(dialog.problem().contains(QStringLiteral("peak")))
        << dialog.problem().toStdString();
    dialog.peakBox(Precision::BF16, ComputeUnit::Tensor)->setValue(300.0);
    EXPECT_TRUE(dialog.problem().contains(QStringLiteral("bandwidth")))
        << dialog.problem().toStdString();
    dialog.bandwidthBox()->setValue(1500.0);
    dialog.capacityBox()->setValue(48.0);
    EXPECT_TRUE(dialog.problem().isEmpty()) << dialog.problem().toStdString();
    dialog.idEdit()->setText(QStringLiteral("h100-sxm5"));
    EXPECT_TRUE(dialog.problem().contains(QStringLiteral("h100-sxm5")));
    dialog.idEdit()->setText(QStringLiteral("Bad Id"));
    EXPECT_TRUE(dialog.problem().contains(QStringLiteral("id")));
    dialog.idEdit()->setText(QStringLiteral("test-gpu-x"));
    const Hardware hw = dialog.hardware();
    EXPECT_DOUBLE_EQ(hw.findCeiling(Precision::BF16, ComputeUnit::Tensor)->flopsPerS, 300e12);
    EXPECT_DOUBLE_EQ(hw.mainMemory()->bytesPerS, 1.5e12);
    EXPECT_DOUBLE_EQ(hw.memoryBytes, 48e9);

    auto w = makeWindow();
    Session* s = w->session();
    const std::size_t before = s->hardware().size();
    ASSERT_FALSE(w->saveAccelerator(hw).has_value());
    const int index = s->hardwareIndex("test-gpu-x");
    ASSERT_GE(index, 0);
    EXPECT_TRUE(s->isChecked(index));
    // The estimate uses the typed figures: ridge = 300 T / 1.5 T = 200 FLOP/byte.
    const int decode = operatorIndex(*s, "decode_matmul");
    ASSERT_TRUE(s->estimate(decode, index).ok());
    EXPECT_NEAR(s->estimate(decode, index)->ridgeAi, 200.0, 1e-9);
    QFile file(UserCatalog::editorFile());
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    auto saved = parseHardwareCatalog(file.readAll().toStdString(), "my-accelerators.json");
    file.close();
    ASSERT_TRUE(saved.ok());
    ASSERT_EQ(saved->size(), 1u);
    EXPECT_EQ(saved->front().name, "Test GPU X 48GB");

    // Edit: the bandwidth changes in place, same index.
    HardwareEditorDialog edit([](const std::string&) { return true; });
    edit.setHardware(s->hardware()[static_cast<std::size_t>(index)]);
    EXPECT_TRUE(edit.problem().isEmpty()) << edit.problem().toStdString();
    edit.bandwidthBox()->setValue(3000.0);
    ASSERT_FALSE(w->saveAccelerator(edit.hardware()).has_value());
    EXPECT_EQ(s->hardwareIndex("test-gpu-x"), index);
    EXPECT_NEAR(s->estimate(decode, index)->ridgeAi, 100.0, 1e-9);

    s->undoStack()->undo();
    EXPECT_NEAR(s->estimate(decode, index)->ridgeAi, 200.0, 1e-9);
    s->undoStack()->undo();
    EXPECT_EQ(s->hardware().size(), before);
    EXPECT_LT(s->hardwareIndex("test-gpu-x"), 0);
    EXPECT_FALSE(QFile::exists(UserCatalog::editorFile()));
    s->undoStack()->redo();
    EXPECT_GE(s->hardwareIndex("test-gpu-x"), 0);
    EXPECT_TRUE(QFile::exists(UserCatalog::editorFile()));
    s->undoStack()->undo();
}

// The export dialog previews the figure it will write, and follows the options.
TEST(FitAndFinish, ExportDialogPreviewsTheFigure)
{
    ExportDialog dialog;
    FigureOptions seen;
    int calls = 0;
    dialog.setPreviewRenderer([&](const FigureOptions& o) {
        seen = o;
        ++calls;
        QImage image(o.size, QImage::Format_RGB32);
        image.fill(o.theme == Theme::Slide ? Qt::black : Qt::white);
        return image;
    });
    ASSERT_EQ(calls, 1);
    EXPECT_FALSE(dialog.previewImage().isNull());
    // Same aspect as the figure, small.
    const FigureOptions o = dialog.options();
    EXPECT_NEAR(double(seen.size.width()) / seen.size.height(),
                double(o.size.width()) / o.size.height(), 0.02);
    EXPECT_LE(seen.size.width(), 800);
    auto* title = dialog.findChild<QLineEdit*>(QStringLiteral("exportTitle"));
    ASSERT_NE(title, nullptr);
    title->setText(QStringLiteral("Decode on H100"));
    dialog.updatePreviewNow();
    EXPECT_EQ(seen.title, QStringLiteral("Decode on H100"));
    auto* preview = dialog.findChild<QLabel*>(QStringLiteral("exportPreview"));
    ASSERT_NE(preview, nullptr);
    EXPECT_FALSE(preview->pixmap().isNull());
}

// Menus have object names; nothing depends on their position.
TEST(FitAndFinish, MenusAreFoundByName)
{
    auto w = makeWindow();
    for (const char* name : {"fileMenu", "editMenu", "viewMenu", "helpMenu"})
        EXPECT_NE(w->findChild<QMenu*>(QLatin1String(name)), nullptr) << name;
    auto* view = w->findChild<QMenu*>(QStringLiteral("viewMenu"));
    bool hasComparisonToggle = false;
    for (QAction* a : view->actions())
        hasComparisonToggle |= a->text() == QStringLiteral("Comparison");
    EXPECT_TRUE(hasComparisonToggle);
}

// Model Totals shows one column per meaning: no two visible headers say the same thing
// ("Mem-bound" beside "Memory-bound", 访存受限 beside 内存受限).
TEST(FitAndFinish, ModelTotalsHasOneColumnPerMeaning)
{
    auto w = makeWindow();
    w->show();
    settle();
    auto* dock = w->findChild<QDockWidget*>(QStringLiteral("modelTotalsDock"));
    ASSERT_NE(dock, nullptr);
    auto* table = dock->findChild<QTableView*>();
    ASSERT_NE(table, nullptr);
    QStringList shown;
    for (int c = 0; c < table->model()->columnCount(); ++c) {
        if (!table->isColumnHidden(c))
            shown << table->model()->headerData(c, Qt::Horizontal).toString();
    }
    EXPECT_FALSE(shown.contains(QStringLiteral("Mem-bound")))
        << shown.join(QStringLiteral(", ")).toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("Memory-bound")))
        << shown.join(QStringLiteral(", ")).toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("Compute-bound")))
        << shown.join(QStringLiteral(", ")).toStdString();
    EXPECT_EQ(shown.removeDuplicates(), 0);
}

namespace {

// A cell that shows a number: starts with a digit, a sign or a decimal point ("65.1 ms",
// "1,234", "−3 %", "0.59×").
bool numeric(const QString& text)
{
    return !text.isEmpty() && (text.front().isDigit() || text.front() == QLatin1Char('-') ||
                               text.front() == QChar(0x2212) || text.front() == QLatin1Char('.'));
}

// Numeric cells of `table` whose text is wider than their column (drawn elided).
QStringList cutNumbers(QTableView* table)
{
    QStringList out;
    const QAbstractItemModel* model = table->model();
    const QFontMetrics fm(table->font());
    const int margin = 2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 1);
    for (int r = 0; r < model->rowCount(); ++r) {
        for (int c = 0; c < model->columnCount(); ++c) {
            if (table->isColumnHidden(c))
                continue;
            const QString text = model->index(r, c).data().toString();
            if (numeric(text) && fm.horizontalAdvance(text) + margin > table->columnWidth(c))
                out << QStringLiteral("%1 (column %2: %3 px)")
                           .arg(text)
                           .arg(model->headerData(c, Qt::Horizontal).toString())
                           .arg(table->columnWidth(c));
        }
    }
    return out;
}

class TablesShowTheirNumbers : public ::testing::TestWithParam<QSize> {};

} // namespace

// At 1366×768 and at the default size, with the seed scenario and with a model at TP=4 on the
// chart, and with an imported run whose kernel names are 150 characters long, no table cuts a
// number ("65." for 65.1 ms read as a value; the Kernels table's Share read ".68 %").
TEST_P(TablesShowTheirNumbers, NoNumericCellIsElided)
{
    auto w = makeWindow();
    w->applyDefaultLayout(GetParam());
    w->show();
    settle();
    auto* workbench = w->findChild<ModelWorkbench*>();
    ASSERT_NE(workbench, nullptr);
    MeasurementSet run;
    run.file = "templated.csv";
    const std::string longName =
        "void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_256x128_32x3_nn_"
        "align8>(cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_256x128_32x3_nn_align8::Params)";
    run.kernels = {test::csvKernel(longName, 0.01, 1e12, 1e10, 5e10),
                   test::csvKernel(longName + " (2)", 0.002, 1e9, 4e9),
                   test::csvKernel("softmax", 0.003, 2e9, 8e9)};
    w->session()->measurementStore()->importMeasurements(run);
    settle();
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) {
            ASSERT_FALSE(workbench->setLayout(Layout{4, 1, 1}).has_value());
            workbench->showOnChart();
            settle();
        }
        for (const char* name : {"comparisonDock", "modelTotalsDock", "planDock", "kernelsDock"}) {
            auto* dock = w->findChild<QDockWidget*>(QLatin1String(name));
            ASSERT_NE(dock, nullptr) << name;
            dock->raise();
            settle();
            settle();
            auto* table = dock->findChild<QTableView*>();
            ASSERT_NE(table, nullptr) << name;
            const QStringList cut = cutNumbers(table);
            EXPECT_TRUE(cut.isEmpty()) << name << (pass ? " (Llama 2 70B, TP=4)" : " (seed)")
                                       << ": " << cut.join(QStringLiteral("; ")).toStdString();
        }
    }
}

INSTANTIATE_TEST_SUITE_P(WindowSizes, TablesShowTheirNumbers,
                         ::testing::Values(QSize(1366, 768), QSize(1600, 1000)),
                         [](const ::testing::TestParamInfo<QSize>& info) {
                             return std::to_string(info.param.width()) + "x" +
                                    std::to_string(info.param.height());
                         });

// A first start: the side columns open at the widths they were designed for (the accelerator
// table shows its columns, the read-out its values on one line each), not squeezed to what
// was left of the window's size before it was shown.
TEST(FitAndFinish, SideColumnsOpenAtTheirDesignedWidths)
{
    QSettings().clear();
    auto w = std::make_unique<MainWindow>(HardwareCatalog::builtin());
    w->newDocument();
    w->show();
    settle();
    ASSERT_EQ(w->size(), QSize(1600, 1000));
    auto* hwDock = w->findChild<QDockWidget*>(QStringLiteral("hardwareDock"));
    auto* paramDock = w->findChild<QDockWidget*>(QStringLiteral("parameterDock"));
    ASSERT_TRUE(hwDock && paramDock);
    EXPECT_GE(hwDock->width(), 300);
    EXPECT_GE(paramDock->width(), 310);
    EXPECT_GE(w->chartView()->width(), 920);
}
