// The Passes panel (issue #36, item 6): the real H200 Llama trace imported in the window is read
// as the Model panel's model, one row per forward pass with its operators, layers and what the
// model does not have, worst ratio first; the numbers are the core's join, the sentence follows
// the selection, and undoing the import clears it.
#include "core/figure/passpoints.h"
#include "core/hardware/catalog.h"
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/modeljoin.h"
#include "core/measured/modeljoinreport.h"
#include "core/measured/tracemodel.h"
#include "core/models/modelconfig.h"
#include "importwait.h"
#include "tests/common/tinymodels.h"
#include "tests/generated/testpaths.h"
#include "ui/chart/chartdocument.h"
#include "ui/chart/roofchart.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/export/exportcontroller.h"
#include "ui/export/figureexporter.h"
#include "ui/models/kernelmodel.h"
#include "ui/models/kerneltableproxy.h"
#include "ui/models/passtreemodel.h"
#include "ui/text/modelrownames.h"
#include "ui/widgets/kernelspanel.h"
#include "ui/widgets/mainwindow.h"
#include "ui/widgets/passespanel.h"
#include "uitestutil.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

using namespace roofscope;
using roofscope::test::importAndWait;
using roofscope::test::makeWindow;

namespace {

const std::string kDir = std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/../h200/";
const std::string kTrace =
    kDir + "h200_kineto_llama31_8b_random_generate_b16_p512_n16.pt.trace.json.gz";

// After the trace's import: the user brings the Passes tab to the front and takes the catalog
// model it offers (the window's Llama 2 70B did not run the trace), which joins its 16 passes.
// With the keyboard alone, as docs/window.md says: the tab strip, the arrow keys to Passes, Tab
// to the offer, Space.
void useOfferedModel(MainWindow& w, PassesPanel& passes)
{
    auto* passesDock = w.findChild<QDockWidget*>(QStringLiteral("passesDock"));
    ASSERT_NE(passesDock, nullptr);
    QApplication::setActiveWindow(&w);
    QCoreApplication::processEvents();
    QTabBar* strip = nullptr;
    for (QTabBar* t : w.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        for (int i = 0; i < t->count() && !t->isHidden(); ++i)
            strip = t->tabText(i) == passesDock->windowTitle() ? t : strip;
    }
    ASSERT_NE(strip, nullptr) << "the Passes page shares a tab group";
    strip->setFocus(Qt::TabFocusReason);
    for (int i = 0;
         i < strip->count() && strip->tabText(strip->currentIndex()) != passesDock->windowTitle();
         ++i)
        QTest::keyClick(strip, Qt::Key_Right);
    for (int i = 0; i < 4; ++i)
        QCoreApplication::processEvents();
    ASSERT_TRUE(passes.isEnabled()) << "the Passes page is in front";
    ASSERT_FALSE(passes.useModelButton()->isHidden()) << passes.summary().toStdString();
    QTest::keyClick(strip, Qt::Key_Tab);
    ASSERT_EQ(QApplication::focusWidget(), passes.useModelButton());
    QTest::keyClick(passes.useModelButton(), Qt::Key_Space);
    for (int i = 0; i < 4; ++i)
        QCoreApplication::processEvents();
    ASSERT_EQ(passes.model()->rowCount(), 16) << passes.summary().toStdString();
    // The offer is gone; the keyboard is on the passes it joined.
    EXPECT_TRUE(passes.useModelButton()->isHidden());
    EXPECT_EQ(QApplication::focusWidget(), passes.findChild<QTreeView*>())
        << (QApplication::focusWidget() ? QApplication::focusWidget()->metaObject()->className()
                                        : "no focus");
}

} // namespace

TEST(PassesPanel, TheH200TraceIsReadAsTheModelPanelsModelPassByPass)
{
    ASSERT_TRUE(std::filesystem::exists(kTrace)) << kTrace;
    auto w = makeWindow();
    w->applyDefaultLayout(QSize(1920, 1080));
    w->show();
    Session* s = w->session();
    auto* workbench = w->findChild<ModelWorkbench*>(QStringLiteral("modelWorkbench"));
    auto* kernels = w->findChild<KernelsPanel*>();
    auto* passes = w->findChild<PassesPanel*>();
    ASSERT_TRUE(workbench && kernels && passes);
    EXPECT_TRUE(passes->summary().startsWith(QStringLiteral("Import a PyTorch trace")))
        << passes->summary().toStdString();
    EXPECT_EQ(passes->model()->rowCount(), 0);

    // The window's model (Llama 2 70B) did not run this trace: the panel says so, and offers
    // the catalog model its shapes fit.
    ASSERT_NE(workbench->model().id.find("70b"), std::string::npos) << workbench->model().id;
    QAbstractItemModelTester tester(passes->model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(passes->proxy(),
                                         QAbstractItemModelTester::FailureReportingMode::Fatal);

    ASSERT_GT(importAndWait(*kernels, QString::fromStdString(kTrace)), 12);
    EXPECT_TRUE(passes->summary().contains(QStringLiteral("is not joined to Llama 2 70B")))
        << passes->summary().toStdString();
    EXPECT_EQ(passes->model()->rowCount(), 0);
    ASSERT_FALSE(passes->useModelButton()->isHidden()) << passes->summary().toStdString();
    EXPECT_TRUE(passes->summary().contains(QStringLiteral("fits this trace")));
    // The user brings the Passes tab to the front (the import raised the Kernels tab), then
    // takes the model offered.
    auto* passesDock = w->findChild<QDockWidget*>(QStringLiteral("passesDock"));
    ASSERT_NE(passesDock, nullptr);
    passesDock->raise();
    QCoreApplication::processEvents();
    ASSERT_TRUE(passes->isVisible());
    passes->useModelButton()->click();
    QCoreApplication::processEvents();
    // Still in front: showing the model on the chart raises its totals, not over the passes.
    EXPECT_TRUE(passes->isVisible());
    EXPECT_NE(workbench->model().id.find("8b"), std::string::npos) << workbench->model().id;
    EXPECT_TRUE(passes->useModelButton()->isHidden());
    // The import made the H200 the baseline: the join is on it.
    ASSERT_EQ(s->hardware()[static_cast<std::size_t>(s->baseline())].id, "h200-sxm");

    // What the core says of the same trace, model and GPU.
    auto trace = importMeasurementFile(kTrace);
    ASSERT_TRUE(trace.ok());
    const ModelJoin expected =
        joinTraceToModel(*trace, workbench->model(), *HardwareCatalog::builtin().find("h200-sxm"))
            .value();
    ASSERT_EQ(expected.passes.size(), 16u); // one prefill, 15 decode steps
    PassTreeModel* model = passes->model();
    ASSERT_EQ(model->rowCount(), 16);
    EXPECT_TRUE(passes->summary().contains(QStringLiteral("16 forward passes")))
        << passes->summary().toStdString();
    EXPECT_EQ(model->index(0, PassTreeModel::NameColumn).data().toString(),
              QStringLiteral("Prefill · batch 16 · context 512"));
    EXPECT_TRUE(model->index(1, PassTreeModel::NameColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("Decode step 1 · batch 16")));
    for (int p = 0; p < 16; ++p) {
        const JoinedPass& j = expected.passes[static_cast<std::size_t>(p)];
        EXPECT_DOUBLE_EQ(
            model->index(p, PassTreeModel::MeasuredColumn).data(PassTreeModel::SortRole).toDouble(),
            j.measuredS);
        EXPECT_DOUBLE_EQ(model->index(p, PassTreeModel::PredictedColumn)
                             .data(PassTreeModel::SortRole)
                             .toDouble(),
                         j.predictedS);
        EXPECT_DOUBLE_EQ(
            model->index(p, PassTreeModel::WallColumn).data(PassTreeModel::SortRole).toDouble(),
            j.wallS);
        // Under each pass: its operators, then its decoder layers and what the model lacks.
        const QModelIndex pass = model->index(p, 0);
        const int rows = model->rowCount(pass);
        EXPECT_EQ(rows, static_cast<int>(j.operators.size()) + 1 + (j.notInModel.empty() ? 0 : 1));
        const QModelIndex layers = model->index(static_cast<int>(j.operators.size()), 0, pass);
        EXPECT_EQ(model->rowCount(layers), 32) << "Llama-3.1-8B has 32 decoder layers";
    }

    // Worst first: the proxy's rows under a pass fall by measured ÷ predicted.
    QSortFilterProxyModel* proxy = passes->proxy();
    const QModelIndex firstPass = proxy->index(0, 0);
    double previous = 1e300;
    for (int r = 0; r < proxy->rowCount(firstPass); ++r) {
        const double ratio = proxy->index(r, PassTreeModel::RatioColumn, firstPass)
                                 .data(PassTreeModel::SortRole)
                                 .toDouble();
        EXPECT_LE(ratio, previous) << "row " << r;
        previous = ratio;
    }

    // The sentence: the first decode step's until a pass is chosen, then that pass's.
    EXPECT_TRUE(passes->sentence().startsWith(QStringLiteral("Decode step 1: ")))
        << passes->sentence().toStdString();
    EXPECT_TRUE(passes->sentence().contains(QString::fromStdString(expected.passes[1].sentence)));
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const QModelIndex i = proxy->index(r, 0);
        if (i.data(PassTreeModel::PassRole).toInt() == 0)
            passes->view()->setCurrentIndex(i);
    }
    EXPECT_TRUE(passes->sentence().startsWith(QStringLiteral("Prefill: ")))
        << passes->sentence().toStdString();

    // The chosen pass's operators on the chart: an arrow from each prediction to its
    // measurement, the longest named beside their points, in the export as on screen.
    const std::vector<FigurePassPoint>& points = s->passPoints();
    ASSERT_FALSE(points.empty());
    const JoinedPass& prefill = expected.passes[0];
    const std::vector<FigurePassPoint> want = passPointsFor(prefill, s->hardwareIndex("h200-sxm"));
    ASSERT_EQ(points.size(), want.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        EXPECT_EQ(points[i].name, want[i].name);
        EXPECT_EQ(points[i].measured, want[i].measured) << points[i].name;
        EXPECT_EQ(points[i].predicted, want[i].predicted) << points[i].name;
    }
    QCoreApplication::processEvents();
    RoofChart* chart = w->chart();
    // An arrow where prediction and measurement are apart on screen (a prefill GEMM near its
    // roof may sit on its prediction).
    EXPECT_GE(chart->passArrowCount(), 5);
    EXPECT_LE(chart->passArrowCount(), static_cast<int>(points.size()));
    const QStringList names = chart->passLabelTexts();
    ASSERT_GE(names.size(), 3);
    ASSERT_LE(names.size(), 5);
    EXPECT_EQ(QStringList(names).removeDuplicates(), 0);
    const auto longest = std::max_element(want.begin(), want.end(),
                                          [](const FigurePassPoint& a, const FigurePassPoint& b) {
                                              return a.measuredS < b.measuredS;
                                          });
    EXPECT_EQ(names.front(), ModelRowNames::name(longest->name)) << names.join(u',').toStdString();
    EXPECT_EQ(chart->figure().passPoints.size(), points.size());
    auto* exports = w->findChild<ExportController*>();
    ASSERT_NE(exports, nullptr);
    auto figure = exports->figureOf(s->toScenario(), FigureOptions{});
    ASSERT_TRUE(figure) << figure.error().message;
    RoofChart* exported = (*figure)->document()->chart();
    EXPECT_EQ(exported->figure().passPoints.size(), points.size());
    EXPECT_EQ(exported->passArrowCount(), chart->passArrowCount());
    EXPECT_EQ(exported->passLabelTexts().front(), names.front());

    // Choosing an operator rings its two points and names it first.
    EXPECT_EQ(chart->passSelectionRings(), 0);
    QModelIndex prefillRow;
    for (int r = 0; r < proxy->rowCount(); ++r) {
        if (proxy->index(r, 0).data(PassTreeModel::PassRole).toInt() == 0)
            prefillRow = proxy->index(r, 0);
    }
    ASSERT_TRUE(prefillRow.isValid());
    QModelIndex qRow;
    for (int r = 0; r < proxy->rowCount(prefillRow); ++r) {
        const QModelIndex i = proxy->index(r, 0, prefillRow);
        if (i.data(PassTreeModel::OperatorRole).toString() == QStringLiteral("q_proj"))
            qRow = i;
    }
    ASSERT_TRUE(qRow.isValid());
    const KernelRef selectedBefore = s->measurementStore()->selectedKernel();
    passes->view()->setCurrentIndex(qRow);
    QCoreApplication::processEvents();
    QStringList selected;
    for (const FigurePassPoint& p : s->passPoints()) {
        if (p.selected)
            selected << QString::fromStdString(p.name);
    }
    EXPECT_EQ(selected, QStringList{QStringLiteral("q_proj")});
    EXPECT_EQ(chart->passSelectionRings(), 2) << "measured and predicted";
    EXPECT_EQ(chart->passLabelTexts().front(), QStringLiteral("Q projection"));
    EXPECT_TRUE(passes->sentence().startsWith(QStringLiteral("Prefill: ")));
    // ... and selects its kernels in the Kernels table: the rows its 32 launches were grouped
    // into on import (by name and shape; the O projection's GEMM may share one), while the
    // session's selected kernel, which the read-out speaks of, stays.
    const auto q = std::find_if(prefill.operators.begin(), prefill.operators.end(),
                                [](const JoinedOperator& o) { return o.name == "q_proj"; });
    ASSERT_NE(q, prefill.operators.end());
    ASSERT_EQ(q->launches.size(), 32u);
    std::vector<std::size_t> rowOfLaunch;
    groupKernelsByName(trace->kernels, &rowOfLaunch);
    std::set<int> wantRows;
    for (std::size_t k : q->launches)
        wantRows.insert(static_cast<int>(rowOfLaunch[k]));
    std::set<int> gotRows;
    long long selectedLaunches = 0;
    for (const QModelIndex& i : kernels->view()->selectionModel()->selectedRows()) {
        const KernelRef ref = kernels->model()->kernelAt(kernels->proxy()->mapToSource(i).row());
        EXPECT_EQ(ref.set, 0);
        gotRows.insert(ref.kernel);
        selectedLaunches += s->measurements().sets[0].kernels.at(ref.kernel).launches;
    }
    EXPECT_EQ(gotRows, wantRows);
    EXPECT_GE(selectedLaunches, 32);
    EXPECT_EQ(s->measurementStore()->selectedKernel(), selectedBefore);

    // Another baseline is another prediction; the measured times stay.
    const int h100 = s->hardwareIndex("h100-sxm5");
    s->setBaseline(h100);
    EXPECT_NE(
        model->index(1, PassTreeModel::PredictedColumn).data(PassTreeModel::SortRole).toDouble(),
        expected.passes[1].predictedS);
    EXPECT_DOUBLE_EQ(
        model->index(1, PassTreeModel::MeasuredColumn).data(PassTreeModel::SortRole).toDouble(),
        expected.passes[1].measuredS);

    // Undoing the baseline, the model and the import leaves nothing to read.
    s->undoStack()->undo();
    s->undoStack()->undo();
    s->undoStack()->undo();
    EXPECT_TRUE(s->measurements().sets.empty());
    EXPECT_EQ(model->rowCount(), 0);
    EXPECT_TRUE(s->passPoints().empty());
    QCoreApplication::processEvents();
    EXPECT_EQ(w->chart()->passArrowCount(), 0);
    EXPECT_TRUE(w->chart()->passLabelTexts().isEmpty());
    EXPECT_TRUE(passes->summary().startsWith(QStringLiteral("Import a PyTorch trace")));
}

// At 1366×768 the Passes tab shares a narrow column: the names give way so that measured ÷
// predicted, the column the tree is sorted by, stays in view (it once sat past the right edge),
// and a pass's tooltip says its whole name.
TEST(PassesPanel, ANarrowDockKeepsTheRatioInView)
{
    ASSERT_TRUE(std::filesystem::exists(kTrace)) << kTrace;
    auto w = makeWindow();
    w->resize(1366, 768);
    w->applyDefaultLayout(QSize(1366, 768));
    w->show();
    auto* kernels = w->findChild<KernelsPanel*>();
    auto* passes = w->findChild<PassesPanel*>();
    ASSERT_TRUE(kernels && passes);
    ASSERT_GT(importAndWait(*kernels, QString::fromStdString(kTrace)), 12);
    ASSERT_NO_FATAL_FAILURE(useOfferedModel(*w, *passes));

    QTreeView* view = passes->view();
    QHeaderView* header = view->header();
    const int width = view->viewport()->width();
    ASSERT_LT(width, 400) << "the narrow column this test is about";
    const int ratioEnd = header->sectionViewportPosition(PassTreeModel::RatioColumn) +
                         header->sectionSize(PassTreeModel::RatioColumn);
    EXPECT_LE(ratioEnd, width) << "measured ÷ predicted runs past the viewport";
    EXPECT_GE(header->sectionSize(PassTreeModel::NameColumn),
              view->fontMetrics().horizontalAdvance(QStringLiteral("Decode step 10")));
    const QModelIndex first = passes->proxy()->index(0, PassTreeModel::NameColumn);
    EXPECT_TRUE(first.data(Qt::ToolTipRole).toString().startsWith(first.data().toString()))
        << first.data(Qt::ToolTipRole).toString().toStdString();
}

// A trace imported launch by launch ("Group launches" unchecked): an operator chosen in the
// Passes tree selects exactly its launches' rows, in the run just imported (not an earlier run
// of the same file), and scrolls the first into view.
TEST(PassesPanel, ChoosingAnOperatorSelectsEachOfItsLaunches)
{
    ASSERT_TRUE(std::filesystem::exists(kTrace)) << kTrace;
    auto w = makeWindow();
    w->applyDefaultLayout(QSize(1920, 1080));
    w->show();
    Session* s = w->session();
    auto* kernels = w->findChild<KernelsPanel*>();
    auto* passes = w->findChild<PassesPanel*>();
    ASSERT_TRUE(kernels && passes);
    ASSERT_GT(importAndWait(*kernels, QString::fromStdString(kTrace)), 12);
    kernels->groupLaunchesBox()->setChecked(false);
    ASSERT_EQ(importAndWait(*kernels, QString::fromStdString(kTrace)), 23897);
    ASSERT_EQ(s->measurements().sets.size(), 2u);
    ASSERT_NO_FATAL_FAILURE(useOfferedModel(*w, *passes));

    // The first decode step's down projection: 32 layers, two GEMM launches each on this trace.
    QSortFilterProxyModel* proxy = passes->proxy();
    QModelIndex down;
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const QModelIndex pass = proxy->index(r, 0);
        if (pass.data(PassTreeModel::PassRole).toInt() != 1)
            continue;
        for (int c = 0; c < proxy->rowCount(pass); ++c) {
            const QModelIndex i = proxy->index(c, 0, pass);
            if (i.data(PassTreeModel::OperatorRole).toString() == QStringLiteral("down_proj"))
                down = i;
        }
    }
    ASSERT_TRUE(down.isValid());
    const JoinedPass& decode = passes->model()->join().passes.at(1);
    const auto op = std::find_if(decode.operators.begin(), decode.operators.end(),
                                 [](const JoinedOperator& o) { return o.name == "down_proj"; });
    ASSERT_NE(op, decode.operators.end());
    ASSERT_EQ(op->launches.size(), 64u);
    EXPECT_EQ(passes->kernelsOf(1, "down_proj").size(), 64u);
    EXPECT_TRUE(passes->kernelsOf(1, "no_such_operator").empty());
    passes->view()->setCurrentIndex(down);
    QCoreApplication::processEvents();
    std::set<int> got;
    for (const QModelIndex& i : kernels->view()->selectionModel()->selectedRows()) {
        const KernelRef ref = kernels->model()->kernelAt(kernels->proxy()->mapToSource(i).row());
        EXPECT_EQ(ref.set, 1) << "the run just imported";
        got.insert(ref.kernel);
    }
    EXPECT_EQ(got, std::set<int>(op->launches.begin(), op->launches.end()));
    // Choosing a pass leaves the table's selection as it was; another operator replaces it.
    const int before = static_cast<int>(kernels->view()->selectionModel()->selectedRows().size());
    passes->view()->setCurrentIndex(down.parent());
    EXPECT_EQ(static_cast<int>(kernels->view()->selectionModel()->selectedRows().size()), before);
}

// Export…: the passes as CSV or JSON, the bytes the core's report gives for the join shown
// (what `roofscope measured TRACE --model M --format csv|json` prints), written whole twice to
// one name; an unwritable path is an error naming it, and nothing is written there.
TEST(PassesPanel, ExportsThePassesAsTheCommandLineWritesThem)
{
    ASSERT_TRUE(std::filesystem::exists(kTrace)) << kTrace;
    auto w = makeWindow();
    w->applyDefaultLayout(QSize(1920, 1080));
    w->show();
    auto* kernels = w->findChild<KernelsPanel*>();
    auto* passes = w->findChild<PassesPanel*>();
    ASSERT_TRUE(kernels && passes);
    EXPECT_FALSE(passes->exportButton()->isEnabled());
    EXPECT_FALSE(passes->exportTo(QStringLiteral("/tmp/never-written.csv")).isEmpty());
    ASSERT_GT(importAndWait(*kernels, QString::fromStdString(kTrace)), 12);
    EXPECT_FALSE(passes->exportButton()->isEnabled()) << "not joined to the window's 70B";
    ASSERT_NO_FATAL_FAILURE(useOfferedModel(*w, *passes));
    EXPECT_TRUE(passes->exportButton()->isEnabled());

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const ModelJoin& join = passes->model()->join();
    const auto read = [](const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
    };
    const QString csv = dir.filePath(QStringLiteral("passes.csv"));
    for (int time = 0; time < 2; ++time) {
        ASSERT_EQ(passes->exportTo(csv), QString()) << time;
        EXPECT_EQ(read(csv), modelJoinCsv(join, "operator")) << time;
    }
    const QString json = dir.filePath(QStringLiteral("passes.json"));
    ASSERT_EQ(passes->exportTo(json), QString());
    const auto parsed = nlohmann::ordered_json::parse(read(json));
    EXPECT_EQ(parsed["model_view"]["passes"].size(), 16u);
    EXPECT_EQ(parsed["model"], join.model);
    EXPECT_EQ(parsed, modelJoinJson(join, parsed["warnings"].get<std::vector<std::string>>()));

    const QString bad = dir.filePath(QStringLiteral("no/such/folder/passes.csv"));
    const QString error = passes->exportTo(bad);
    EXPECT_TRUE(error.contains(QDir::toNativeSeparators(bad))) << error.toStdString();
    EXPECT_FALSE(QFileInfo::exists(bad));
}

// The passes are part of the document: undoing the import clears them and redoing it brings
// them back; saved and reopened (without the trace file), the same passes, operators, times and
// kernels return, and the Passes tab is shown again.
TEST(PassesPanel, TheTracesPassesAreSavedUndoneAndRedoneWithTheDocument)
{
    ASSERT_TRUE(std::filesystem::exists(kTrace)) << kTrace;
    auto w = makeWindow();
    w->applyDefaultLayout(QSize(1366, 768));
    w->show();
    Session* s = w->session();
    auto* kernels = w->findChild<KernelsPanel*>();
    auto* passes = w->findChild<PassesPanel*>();
    auto* passesDock = w->findChild<QDockWidget*>(QStringLiteral("passesDock"));
    ASSERT_TRUE(kernels && passes && passesDock);
    ASSERT_GT(importAndWait(*kernels, QString::fromStdString(kTrace)), 12);
    ASSERT_NO_FATAL_FAILURE(useOfferedModel(*w, *passes));
    const ModelJoin joined = passes->model()->join();
    ASSERT_EQ(joined.passes.size(), 16u);
    const std::vector<KernelRef> down = passes->kernelsOf(1, "down_proj");
    ASSERT_FALSE(down.empty());

    // Undo showing the model and the import: nothing to read, and the Model panel holds Llama 2
    // 70B again. Redo the import: not joined to it, Llama 3 8B offered; redo showing it: the
    // same passes.
    s->undoStack()->undo();
    s->undoStack()->undo();
    ASSERT_TRUE(s->measurements().sets.empty());
    EXPECT_EQ(passes->model()->rowCount(), 0);
    EXPECT_TRUE(passes->summary().startsWith(QStringLiteral("Import a PyTorch trace")));
    s->undoStack()->redo();
    QCoreApplication::processEvents();
    EXPECT_EQ(passes->model()->rowCount(), 0);
    EXPECT_TRUE(passes->summary().contains(QStringLiteral("is not joined to Llama 2 70B")))
        << passes->summary().toStdString();
    EXPECT_FALSE(passes->useModelButton()->isHidden());
    s->undoStack()->redo();
    QCoreApplication::processEvents();
    ASSERT_EQ(passes->model()->rowCount(), 16) << passes->summary().toStdString();
    EXPECT_TRUE(passes->summary().contains(QStringLiteral("read as Llama 3 8B")))
        << passes->summary().toStdString();
    EXPECT_EQ(passes->model()->join().passes.size(), joined.passes.size());

    // Saved, a new document, the saved one opened again.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("llama-trace.roofscope.json"));
    ASSERT_FALSE(w->saveFile(path)) << "saved";
    w->newDocument();
    QCoreApplication::processEvents();
    EXPECT_EQ(passes->model()->rowCount(), 0);
    EXPECT_FALSE(passes->hasTrace());
    passesDock->hide();
    ASSERT_FALSE(w->openFile(path)) << "opened";
    QCoreApplication::processEvents();
    EXPECT_FALSE(passesDock->isHidden()) << "the Passes tab is shown again";
    ASSERT_EQ(passes->model()->rowCount(), 16) << passes->summary().toStdString();
    const ModelJoin& reopened = passes->model()->join();
    ASSERT_EQ(reopened.passes.size(), joined.passes.size());
    for (std::size_t p = 0; p < joined.passes.size(); ++p) {
        const JoinedPass& a = joined.passes[p];
        const JoinedPass& b = reopened.passes[p];
        EXPECT_EQ(b.phase, a.phase) << p;
        EXPECT_EQ(b.batch, a.batch) << p;
        EXPECT_EQ(b.context, a.context) << p;
        EXPECT_EQ(b.kernels, a.kernels) << p;
        EXPECT_DOUBLE_EQ(b.measuredS, a.measuredS) << p;
        EXPECT_DOUBLE_EQ(b.predictedS, a.predictedS) << p;
        ASSERT_EQ(b.operators.size(), a.operators.size()) << p;
        for (std::size_t o = 0; o < a.operators.size(); ++o) {
            EXPECT_EQ(b.operators[o].name, a.operators[o].name);
            EXPECT_DOUBLE_EQ(b.operators[o].measuredS, a.operators[o].measuredS);
            EXPECT_DOUBLE_EQ(b.operators[o].flops, a.operators[o].flops);
            EXPECT_DOUBLE_EQ(b.operators[o].bytes, a.operators[o].bytes);
            EXPECT_EQ(b.operators[o].launches, a.operators[o].launches);
        }
    }
    EXPECT_DOUBLE_EQ(reopened.placedTimeShare, joined.placedTimeShare);
    EXPECT_EQ(passes->kernelsOf(1, "down_proj"), down);
}

// A trace no model at hand fits (Qwen1.5-0.5B's base model on an H100): the panel offers the
// model its shapes describe, says what it read, and joins it in one click; saved and reopened,
// the document holds that model.
TEST(PassesPanel, ATraceNoModelFitsIsOfferedTheModelItsShapesDescribe)
{
    const std::string file = std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
                             "/h100_kineto_qwen05b_withflops_meta_nestedTL.json.gz";
    ASSERT_TRUE(std::filesystem::exists(file)) << file;
    auto w = makeWindow();
    w->applyDefaultLayout(QSize(1366, 768));
    w->show();
    auto* workbench = w->findChild<ModelWorkbench*>(QStringLiteral("modelWorkbench"));
    auto* kernels = w->findChild<KernelsPanel*>();
    auto* passes = w->findChild<PassesPanel*>();
    ASSERT_TRUE(workbench && kernels && passes);
    ASSERT_GT(importAndWait(*kernels, QString::fromStdString(file)), 12);
    EXPECT_TRUE(passes->summary().contains(QStringLiteral("is not joined to")))
        << passes->summary().toStdString();
    // Why, said once: the file's name is the sentence's, not repeated in the reason.
    EXPECT_TRUE(passes->summary().contains(QStringLiteral(": no lm_head GEMM (")))
        << passes->summary().toStdString();
    EXPECT_FALSE(passes->summary().contains(QStringLiteral(".json.gz: no lm_head")))
        << passes->summary().toStdString();
    EXPECT_TRUE(passes->summary().contains(
        QStringLiteral("Its shapes read as hidden 1,024, 24 layers, 16×64 query and 16×64 KV "
                       "heads with bias, a gated SiLU MLP of 2,816, RMSNorm, vocabulary "
                       "151,936.")))
        << passes->summary().toStdString();
    ASSERT_FALSE(passes->useModelButton()->isHidden());
    EXPECT_EQ(passes->useModelButton()->text(), QStringLiteral("&Use the trace's shapes"));
    w->findChild<QDockWidget*>(QStringLiteral("passesDock"))->raise();
    QCoreApplication::processEvents();

    passes->useModelButton()->click();
    QCoreApplication::processEvents();
    EXPECT_EQ(workbench->model().id, "h100-kineto-qwen05b-withflops-meta-nestedtl");
    EXPECT_EQ(workbench->model().layers, 24);
    EXPECT_TRUE(passes->useModelButton()->isHidden());
    ASSERT_EQ(passes->model()->rowCount(), 1) << passes->summary().toStdString();
    EXPECT_EQ(passes->model()->join().passes[0].layers, 24);
    EXPECT_TRUE(passes->summary().contains(QStringLiteral("1 forward pass")))
        << passes->summary().toStdString();

    // Undone: the model the panel held before, and the offer again; redone: joined again.
    w->session()->undoStack()->undo();
    QCoreApplication::processEvents();
    EXPECT_EQ(workbench->model().id, "llama-2-70b");
    EXPECT_FALSE(passes->useModelButton()->isHidden());
    EXPECT_EQ(passes->model()->rowCount(), 0);
    w->session()->undoStack()->redo();
    QCoreApplication::processEvents();
    EXPECT_EQ(workbench->model().id, "h100-kineto-qwen05b-withflops-meta-nestedtl");
    ASSERT_EQ(passes->model()->rowCount(), 1) << passes->summary().toStdString();

    // Saved with its model, reopened in a new document: joined as before.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("qwen-trace.roofscope.json"));
    ASSERT_FALSE(w->saveFile(path)) << "saved";
    w->newDocument();
    QCoreApplication::processEvents();
    ASSERT_FALSE(w->openFile(path)) << "opened";
    QCoreApplication::processEvents();
    EXPECT_EQ(workbench->model().id, "h100-kineto-qwen05b-withflops-meta-nestedtl");
    ASSERT_EQ(passes->model()->rowCount(), 1) << passes->summary().toStdString();

    // A mixture of experts read from its shapes is said as such: the experts, the top-k, the
    // shared expert and its gate.
    EXPECT_EQ(PassesPanel::shapeSummary(test::tinyMoeModel()),
              QStringLiteral("hidden 64, 2 layers, 4×16 query and 2×16 KV heads with bias, 4 "
                             "gated SiLU experts of 40, top 2, and a shared one of 96 behind a "
                             "sigmoid gate, RMSNorm, vocabulary 1,000"));
}

// An encoder's trace (BERT: a token-type lookup beside the word embedding): no model fits and
// none is offered; the panel says why its shapes are no model's, in the interface language.
TEST(PassesPanel, AnEncodersTraceSaysWhyItsShapesAreNoModel)
{
    // Each op launches one kernel: the word, token-type and position lookups, a projection,
    // attention and the masked-LM head.
    const std::pair<const char*, const char*> ops[] = {
        {"aten::embedding", "[[30522, 512], [1, 8], [], [], []]"},
        {"aten::embedding", "[[2, 512], [1, 8], [], [], []]"},
        {"aten::embedding", "[[512, 512], [1, 8], [], [], []]"},
        {"aten::addmm", "[[512], [8, 512], [512, 512], [], []]"},
        {"aten::_scaled_dot_product_efficient_attention",
         "[[1, 8, 8, 64], [1, 8, 8, 64], [1, 8, 8, 64], [], [], [], []]"},
        {"aten::addmm", "[[30522], [8, 512], [512, 30522], [], []]"},
    };
    std::string events;
    int id = 0;
    for (const auto& [name, dims] : ops) {
        const std::string ts = std::to_string(1000 + 20 * ++id), ext = std::to_string(id);
        events += std::string(events.empty() ? "" : ",\n") +
                  R"({"ph": "X", "cat": "cpu_op", "name": ")" + name + R"(", "ts": )" + ts +
                  R"(, "dur": 5, "args": {"External id": )" + ext + R"(, "Input Dims": )" + dims +
                  R"(}}, {"ph": "X", "cat": "kernel", "name": "k)" + ext + R"(", "ts": )" + ts +
                  R"(, "dur": 10, "args": {"External id": )" + ext + "}}";
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bert.pt.trace.json"));
    QFile out(path);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(R"({"traceEvents": [)" + events + "]}"));
    out.close();

    auto w = makeWindow();
    w->show();
    auto* kernels = w->findChild<KernelsPanel*>();
    auto* passes = w->findChild<PassesPanel*>();
    ASSERT_TRUE(kernels && passes);
    ASSERT_EQ(importAndWait(*kernels, path), 6);
    EXPECT_TRUE(passes->summary().contains(QStringLiteral("is not joined to")))
        << passes->summary().toStdString();
    EXPECT_TRUE(passes->summary().contains(QStringLiteral(
        "Its shapes do not read as a model either: a lookup in a [2, 512] table beside the token "
        "embedding: token types, as an encoder (BERT) has; RoofScope reads decoder-only "
        "transformers.")))
        << passes->summary().toStdString();
    EXPECT_TRUE(passes->useModelButton()->isHidden());
    EXPECT_EQ(passes->model()->rowCount(), 0);
}
