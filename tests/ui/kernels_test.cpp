// Measured kernels in the window: the Kernels table's model (checked with
// QAbstractItemModelTester), undoable import/remove/link in the session, measurements saved
// with the document and reopened, and the panel's import off the UI thread with its error
// dialog naming the file and line.
#include "core/measured/kernelname.h"
#include "tests/common/measuredkernels.h"
#include "ui/document/comparisontext.h"
#include "ui/document/kernelsentence.h"
#include "ui/models/kernelmodel.h"
#include "ui/models/kerneltableproxy.h"
#include "ui/widgets/kernelspanel.h"
#include "uitestutil.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <functional>
#include <memory>

using namespace roofscope;
using roofscope::test::csvKernel;
using roofscope::test::makeSession;

namespace {

MeasurementSet run(const std::string& file, double gemmTime = 0.01)
{
    MeasurementSet s;
    s.file = file;
    s.kernels = {csvKernel("gemm", gemmTime, 1e12, 1e10, 5e10),
                 csvKernel("softmax", 0.002, 1e9, 4e9), csvKernel("layernorm", 0.003, 2e9, 8e9)};
    return s;
}

QString cell(const QAbstractItemModel& m, int row, int column, int role = Qt::DisplayRole)
{
    return m.data(m.index(row, column), role).toString();
}

bool writeFile(const QString& path, const QByteArray& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

} // namespace

TEST(KernelModel, RowsShowTheCoreAnalysis)
{
    auto s = makeSession();
    KernelModel model(s.get());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_EQ(model.rowCount(), 0);
    s->measurementStore()->importMeasurements(run("run.csv"));
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(cell(model, 0, KernelModel::NameColumn), QStringLiteral("gemm"));
    EXPECT_EQ(cell(model, 0, KernelModel::NameColumn, Qt::ToolTipRole)
                  .startsWith(QStringLiteral("void ns::gemm<float>(float*, int)")),
              true);
    EXPECT_EQ(cell(model, 0, KernelModel::SetColumn), QStringLiteral("run.csv"));
    // The GPU by the name the accelerator list gives it; the catalog id in the tooltip.
    EXPECT_EQ(cell(model, 0, KernelModel::GpuColumn), QStringLiteral("A100 SXM4 80GB"));
    EXPECT_EQ(cell(model, 0, KernelModel::GpuColumn, Qt::ToolTipRole),
              QStringLiteral("a100-sxm4-80gb"));
    EXPECT_EQ(cell(model, 0, KernelModel::AiDramColumn), QStringLiteral("100"));
    EXPECT_EQ(cell(model, 0, KernelModel::AiL2Column), QStringLiteral("20"));
    EXPECT_EQ(cell(model, 0, KernelModel::AiL1Column), QStringLiteral("–"));
    // 1e14 FLOP/s against A100's FP16 tensor roof at AI 100 (203.9 TFLOP/s): 49.0 %.
    EXPECT_EQ(cell(model, 0, KernelModel::PercentColumn), QStringLiteral("49.0 %"));
    EXPECT_EQ(cell(model, 0, KernelModel::BoundColumn), QStringLiteral("memory"));
    EXPECT_DOUBLE_EQ(
        model.data(model.index(0, KernelModel::TimeColumn), KernelModel::SortRole).toDouble(),
        0.01);
    EXPECT_NEAR(
        model.data(model.index(0, KernelModel::ShareColumn), KernelModel::SortRole).toDouble(),
        0.01 / 0.015, 1e-12);

    // Sorted by time and filtered by name, as the panel does.
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(KernelModel::SortRole);
    proxy.sort(KernelModel::TimeColumn, Qt::AscendingOrder);
    EXPECT_EQ(cell(proxy, 0, KernelModel::NameColumn), QStringLiteral("softmax"));
    proxy.setFilterKeyColumn(KernelModel::NameColumn);
    proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy.setFilterFixedString(QStringLiteral("NORM"));
    ASSERT_EQ(proxy.rowCount(), 1);
    EXPECT_EQ(cell(proxy, 0, KernelModel::NameColumn), QStringLiteral("layernorm"));

    // Before/after: the second import is "after"; both runs show the speedup per name.
    s->measurementStore()->importMeasurements(run("after.csv", 0.004));
    ASSERT_EQ(model.rowCount(), 6);
    // The file names stay; the side of the comparison marks them.
    EXPECT_EQ(cell(model, 0, KernelModel::SetColumn), QStringLiteral("before · run.csv"));
    EXPECT_EQ(cell(model, 3, KernelModel::SetColumn), QStringLiteral("after · after.csv"));
    EXPECT_EQ(cell(model, 3, KernelModel::SpeedupColumn), QStringLiteral("2.50×"));
    EXPECT_EQ(cell(model, 4, KernelModel::SpeedupColumn), QStringLiteral("1×"));
    EXPECT_EQ(model.kernelAt(4), (KernelRef{1, 1}));
    EXPECT_EQ(model.rowOf({1, 1}), 4);

    // The linked operator's name shows in its column.
    s->measurementStore()->linkKernel({0, 0}, 2);
    EXPECT_EQ(cell(model, 0, KernelModel::OperatorColumn),
              QString::fromStdString(s->operators()[2].displayName()));
}

TEST(KernelSession, ImportRemoveAndLinkAreUndoable)
{
    auto s = makeSession();
    QUndoStack* undo = s->undoStack();
    s->measurementStore()->importMeasurements(run("before.csv"));
    s->measurementStore()->importMeasurements(run("after.csv", 0.005));
    ASSERT_EQ(s->measurements().sets.size(), 2u);
    EXPECT_EQ(s->measurements().sets[1].label, "after");
    s->measurementStore()->linkKernel({1, 0}, 3);
    EXPECT_EQ(s->measurementStore()->linkedOperator({1, 0}), 3);
    EXPECT_EQ(undo->undoText(), QStringLiteral("Link gemm to %1")
                                    .arg(QString::fromStdString(s->operators()[3].displayName())));
    s->measurementStore()->removeMeasurementSet(1);
    EXPECT_EQ(s->measurements().sets.size(), 1u);
    EXPECT_TRUE(s->measurements().links.empty());
    undo->undo(); // remove
    ASSERT_EQ(s->measurements().sets.size(), 2u);
    EXPECT_EQ(s->measurements().sets[1].file, "after.csv");
    EXPECT_EQ(s->measurements().sets[1].kernels.size(), 3u);
    EXPECT_EQ(s->measurementStore()->linkedOperator({1, 0}), 3);
    undo->undo(); // link
    EXPECT_EQ(s->measurementStore()->linkedOperator({1, 0}), -1);
    undo->undo(); // second import
    EXPECT_EQ(s->measurements().sets.size(), 1u);
    undo->redo();
    EXPECT_EQ(s->measurements().sets.size(), 2u);
    EXPECT_DOUBLE_EQ(s->measurements().sets[1].kernels[0].timeS, 0.005);
}

TEST(KernelSession, RemovingAnOperatorMovesTheLinks)
{
    auto s = makeSession();
    s->measurementStore()->importMeasurements(run("run.csv"));
    s->measurementStore()->linkKernel({0, 0}, 2);
    s->measurementStore()->linkKernel({0, 1}, 0);
    s->removeOperator(0);
    ASSERT_EQ(s->measurements().links.size(), 1u);
    EXPECT_EQ(s->measurements().links[0], (KernelLink{0, 0, 1}));
    s->undoStack()->undo(); // one step: the operator and the links
    EXPECT_EQ(s->measurementStore()->linkedOperator({0, 0}), 2);
    EXPECT_EQ(s->measurementStore()->linkedOperator({0, 1}), 0);
    // Inserting and duplicating move the later rows' links down.
    s->duplicateOperator(1);
    EXPECT_EQ(s->measurementStore()->linkedOperator({0, 0}), 3);
    EXPECT_EQ(s->measurementStore()->linkedOperator({0, 1}), 0);
    s->insertOperator(0, s->operators()[0]);
    EXPECT_EQ(s->measurementStore()->linkedOperator({0, 0}), 4);
    EXPECT_EQ(s->measurementStore()->linkedOperator({0, 1}), 1);
    s->undoStack()->undo();
    s->undoStack()->undo();
    EXPECT_EQ(s->measurementStore()->linkedOperator({0, 0}), 2);
    EXPECT_EQ(s->measurementStore()->linkedOperator({0, 1}), 0);
}

TEST(KernelSession, FigureHasTheKernelsLinksAndSelection)
{
    auto s = makeSession();
    s->measurementStore()->importMeasurements(run("run.csv"));
    s->measurementStore()->linkKernel({0, 0}, 2);
    s->measurementStore()->setSelectedKernel({0, 1});
    const Figure f = s->figure();
    EXPECT_EQ(f.measured.size(), 3u);
    EXPECT_EQ(f.selectedKernelSet, 0);
    EXPECT_EQ(f.selectedKernel, 1);
    ASSERT_EQ(f.links.size(), 1u);
    EXPECT_EQ(f.links[0].op, 2);
    EXPECT_EQ(f.links[0].head, (DataPoint{100.0, 1e14}));
    s->measurementStore()->setMeasuredHierarchical(true);
    EXPECT_EQ(s->figure().measured.size(), 4u); // gemm at L2 too
}

TEST(KernelSession, MeasurementsAreSavedWithTheDocumentAndReopened)
{
    auto s = makeSession();
    s->measurementStore()->importMeasurements(run("before.csv"));
    s->measurementStore()->importMeasurements(run("after.csv", 0.004));
    s->measurementStore()->linkKernel({1, 0}, 1);
    s->measurementStore()->setMeasuredHierarchical(true);
    s->measurementStore()->setKernelLabels(7);
    const std::string json = scenarioToJson(s->toScenario());
    auto parsed = parseScenario(json, "doc.roofscope.json");
    ASSERT_TRUE(parsed) << parsed.error().message;
    auto reopened = makeSession();
    ASSERT_FALSE(reopened->applyScenario(*parsed, QStringLiteral("doc.roofscope.json")));
    EXPECT_EQ(reopened->measurements(), s->measurements());
    EXPECT_EQ(reopened->measurements().labelTop, 7);
    EXPECT_EQ(reopened->figure().links.size(), s->figure().links.size());
    EXPECT_EQ(reopened->figure().measured.size(), s->figure().measured.size());
}

TEST(KernelsPanel, ImportsOffTheUiThreadAndSelectsWithTheSession)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kernels.csv"));
    ASSERT_TRUE(writeFile(path, "name,time_s,flops,dram_bytes,gpu\n"
                                "gemm,0.01,1e12,1e10,a100-sxm4-80gb\n"
                                "softmax,0.002,1e9,4e9,a100-sxm4-80gb\n"));
    auto s = makeSession();
    KernelsPanel panel(s.get());
    QSignalSpy finished(&panel, &KernelsPanel::importFinished);
    panel.importFiles({path});
    EXPECT_TRUE(panel.isImporting());
    ASSERT_TRUE(finished.wait(10000));
    EXPECT_EQ(finished.front().front().toInt(), 2);
    ASSERT_EQ(s->measurements().sets.size(), 1u);
    EXPECT_EQ(s->measurements().sets[0].file, "kernels.csv");
    EXPECT_EQ(panel.proxy()->rowCount(), 2);
    // Sorted by time, longest first: selecting the top row selects the gemm.
    panel.view()->selectRow(0);
    EXPECT_EQ(s->measurementStore()->selectedKernel(), (KernelRef{0, 0}));
    s->measurementStore()->setSelectedKernel({0, 1});
    EXPECT_EQ(panel.view()->currentIndex().row(), 1);
    panel.linkSelectedTo(0);
    EXPECT_EQ(s->measurementStore()->linkedOperator({0, 1}), 0);
    s->undoStack()->undo();
    s->undoStack()->undo();
    EXPECT_TRUE(s->measurements().sets.empty());
}

TEST(KernelsPanel, ColumnsFitTheirContentsAndTheGpuShowsItsName)
{
    auto s = makeSession();
    MeasurementSet set = run("run.csv");
    // One kernel of a GPU the catalog does not know: its id is all there is to show; one of
    // no known GPU at all.
    set.kernels[1].gpu = "lab-prototype-x1";
    set.kernels[2].gpu.clear();
    s->measurementStore()->importMeasurements(std::move(set));
    KernelsPanel panel(s.get());
    panel.resize(1200, 400);
    panel.show();
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    // QTableView hides sizeHintForColumn; the base class has it public.
    QAbstractItemView* view = panel.view();
    QHeaderView* header = panel.view()->horizontalHeader();
    QStringList gpus;
    for (int row = 0; row < panel.proxy()->rowCount(); ++row)
        gpus << cell(*panel.proxy(), row, KernelModel::GpuColumn);
    gpus.sort();
    EXPECT_EQ(gpus, (QStringList{QStringLiteral("A100 SXM4 80GB"),
                                 QStringLiteral("lab-prototype-x1"), QStringLiteral("unknown")}));
    EXPECT_EQ(view->textElideMode(), Qt::ElideMiddle);
    const int cap = std::max(120, view->viewport()->width() / 2);
    for (int c = 0; c < header->count(); ++c) {
        EXPECT_EQ(header->sectionResizeMode(c), QHeaderView::Interactive) << "column " << c;
        EXPECT_GE(header->sectionSize(c), std::min(view->sizeHintForColumn(c), cap))
            << "column " << c;
    }
    // The whole name fits in its column: no "A100…".
    const int nameWidth = view->fontMetrics().horizontalAdvance(QStringLiteral("A100 SXM4 80GB"));
    EXPECT_GE(header->sectionSize(KernelModel::GpuColumn), nameWidth + 8);
}

TEST(KernelsPanel, BadFileIsADialogNamingFileAndLineAndChangesNothing)
{
    QTemporaryDir dir;
    const QString good = dir.filePath(QStringLiteral("good.csv"));
    const QString bad = dir.filePath(QStringLiteral("bad.csv"));
    ASSERT_TRUE(
        writeFile(good, "name,time_s,flops,dram_bytes,gpu\ngemm,0.01,1e12,1e10,a100-sxm4-80gb\n"));
    ASSERT_TRUE(writeFile(bad, "name,time_s,flops,dram_bytes\nsoftmax,-1,1e9,4e9\nbad row\n"));
    auto s = makeSession();
    s->measurementStore()->importMeasurements(run("loaded.csv"));
    const Measurements before = s->measurements();
    KernelsPanel panel(s.get());
    QString shown;
    std::function<void()> closeDialog;
    closeDialog = [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box) {
            QTimer::singleShot(10, closeDialog);
            return;
        }
        shown = box->text();
        box->accept();
    };
    QTimer::singleShot(0, closeDialog);
    QSignalSpy finished(&panel, &KernelsPanel::importFinished);
    panel.importFiles({good, bad}); // all or nothing
    ASSERT_TRUE(finished.wait(10000));
    // Nothing in bad.csv is usable: it is refused, naming its first problem and the count.
    EXPECT_TRUE(shown.contains(QStringLiteral("bad.csv: line 2: column time_s: expected a "
                                              "number > 0, got \"-1\" (and 1 more rows")))
        << shown.toStdString();
    EXPECT_EQ(s->measurements(), before);
}

// A profile that names no GPU: the question lists the checked accelerators by name, offers the
// one the file's name mentions (else the baseline), and cancelling it imports none of the files.
TEST(KernelsPanel, AsksWhichGpuByNameAndCancelImportsNothing)
{
    QTemporaryDir dir;
    const QString h200 = dir.filePath(QStringLiteral("lab-h200-decode.csv"));
    const QString plain = dir.filePath(QStringLiteral("gemm.csv"));
    for (const QString& path : {h200, plain})
        ASSERT_TRUE(writeFile(path, "name,time_s,flops,dram_bytes\ngemm,0.01,1e12,1e10\n"));
    auto s = makeSession();
    KernelsPanel panel(s.get());
    QStringList offered;
    QStringList suggested;
    // Answers each question with "accept the suggestion" until `cancelAt` (0-based).
    int asked = 0;
    int cancelAt = -1;
    std::function<void()> poll = [&] {
        auto* d = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        if (!d) {
            QTimer::singleShot(10, poll);
            return;
        }
        offered = d->comboBoxItems();
        suggested << d->textValue();
        if (asked++ == cancelAt) {
            d->reject();
            return;
        }
        d->accept();
        if (asked < 2) // two files, two questions: then stop polling
            QTimer::singleShot(10, poll);
    };
    auto answer = [&](int cancelling) {
        asked = 0;
        cancelAt = cancelling;
        QTimer::singleShot(0, poll);
    };
    QSignalSpy finished(&panel, &KernelsPanel::importFinished);
    answer(1);
    panel.importFiles({h200, plain});
    ASSERT_TRUE(finished.wait(10000));
    // The whole catalog, by vendor: AMD first, then Google, Intel and NVIDIA.
    ASSERT_EQ(offered.size(), static_cast<qsizetype>(s->hardware().size()));
    EXPECT_EQ(offered.front(), QStringLiteral("AMD Instinct MI250X"));
    EXPECT_EQ(offered.back(), QStringLiteral("NVIDIA GeForce RTX 5090"));
    EXPECT_TRUE(offered.contains(QStringLiteral("NVIDIA A100 SXM4 80GB")));
    // The file's name mentions the H200; the other file is offered the baseline.
    EXPECT_EQ(suggested, (QStringList{QStringLiteral("NVIDIA H200 SXM 141GB"),
                                      QStringLiteral("NVIDIA H100 SXM5 80GB")}));
    EXPECT_TRUE(s->measurements().sets.empty()) << "cancelled: nothing of the first file stays";

    suggested.clear();
    answer(-1);
    panel.importFiles({h200, plain});
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(s->measurements().sets.size(), 2u);
    EXPECT_EQ(s->measurements().sets[0].kernels.at(0).gpu, "h200-sxm");
    EXPECT_EQ(s->measurements().sets[1].kernels.at(0).gpu, "h100-sxm5");
}

TEST(KernelsPanel, ScenarioFilesAreOpenedNotImported)
{
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("a.json"));
    const QString trace = dir.filePath(QStringLiteral("b.json"));
    ASSERT_TRUE(writeFile(scenario, QByteArray::fromStdString(scenarioToJson(defaultScenario()))));
    ASSERT_TRUE(writeFile(trace, R"({"traceEvents": []})"));
    EXPECT_TRUE(KernelsPanel::isScenarioFile(scenario));
    EXPECT_FALSE(KernelsPanel::isScenarioFile(trace));
}

// Importing a second run makes the first "before" in the same undo step: undo gives the label
// back with the run.
TEST(KernelSession, UndoingTheSecondImportRestoresTheFirstRunsLabel)
{
    auto s = makeSession();
    s->measurementStore()->importMeasurements(run("first.csv"));
    EXPECT_EQ(s->measurements().sets[0].label, "");
    s->measurementStore()->importMeasurements(run("second.csv", 0.005));
    EXPECT_EQ(s->measurements().sets[0].label, "before");
    EXPECT_EQ(s->measurements().sets[1].label, "after");
    s->undoStack()->undo();
    ASSERT_EQ(s->measurements().sets.size(), 1u);
    EXPECT_EQ(s->measurements().sets[0].label, "");
    s->undoStack()->redo();
    EXPECT_EQ(s->measurements().sets[0].label, "before");
}

// A file with one odd row is imported with a warning that names the row, shown in the panel
// until the next import; launches of one kernel are one row by default.
TEST(KernelsPanel, OddRowsAreSkippedWithAWarningAndLaunchesGrouped)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("run.csv"));
    ASSERT_TRUE(writeFile(path, "name,time_s,flops,dram_bytes,gpu\n"
                                "gemm,0.01,1e12,1e10,a100-sxm4-80gb\n"
                                "gemm,0.03,1e12,1e10,a100-sxm4-80gb\n"
                                "softmax,oops,1e9,4e9,a100-sxm4-80gb\n"
                                "softmax,0.002,1e9,4e9,a100-sxm4-80gb\n"));
    auto s = makeSession();
    KernelsPanel panel(s.get());
    EXPECT_TRUE(panel.groupLaunchesBox()->isChecked());
    QSignalSpy finished(&panel, &KernelsPanel::importFinished);
    QSignalSpy status(&panel, &KernelsPanel::statusMessage);
    panel.importFiles({path});
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(s->measurements().sets.size(), 1u);
    const auto& kernels = s->measurements().sets[0].kernels;
    // gemm ×2 grouped (two launches of one shape: launches of two shapes would stay apart),
    // softmax once (its odd row skipped).
    ASSERT_EQ(kernels.size(), 2u);
    EXPECT_EQ(kernels[0].name, "gemm");
    EXPECT_EQ(kernels[0].launches, 2);
    EXPECT_DOUBLE_EQ(kernels[0].timeS, 0.04);
    EXPECT_DOUBLE_EQ(*kernels[0].flops, 2e12);
    EXPECT_EQ(kernels[1].launches, 1);
    ASSERT_EQ(panel.importWarnings().size(), 1);
    EXPECT_EQ(panel.importWarnings().front(),
              QStringLiteral("run.csv: 1 row skipped (line 4: column time_s: expected a number > "
                             "0, got \"oops\")"));
    ASSERT_FALSE(status.isEmpty());
    EXPECT_EQ(status.back().front().toString(),
              QStringLiteral("Imported 3 launches of 2 kernels. 1 warning: see the Kernels "
                             "panel."));
    auto* label = panel.findChild<QLabel*>(QStringLiteral("importWarnings"));
    ASSERT_NE(label, nullptr);
    EXPECT_FALSE(label->isHidden());
    EXPECT_TRUE(label->text().contains(QStringLiteral("line 4"))) << label->text().toStdString();

    // Undoing the import takes its warnings away with its run: they describe nothing shown.
    s->undoStack()->undo();
    EXPECT_TRUE(s->measurements().sets.empty());
    EXPECT_TRUE(panel.importWarnings().isEmpty());
    EXPECT_TRUE(label->isHidden());
    s->undoStack()->redo();

    // Unchecked: every launch is a row of its own.
    panel.groupLaunchesBox()->setChecked(false);
    panel.importFiles({path});
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(s->measurements().sets.size(), 2u);
    EXPECT_EQ(s->measurements().sets[1].kernels.size(), 3u);
}

// An import that would take the document past what a saved document may hold is refused before
// anything changes (the document would not reopen otherwise).
TEST(KernelsPanel, AnImportPastTheDocumentsKernelLimitChangesNothing)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("many.csv"));
    ASSERT_TRUE(writeFile(path, "name,time_s,flops,dram_bytes,gpu\n"
                                "a,0.01,1e12,1e10,a100-sxm4-80gb\n"
                                "b,0.01,1e12,1e10,a100-sxm4-80gb\n"
                                "c,0.01,1e12,1e10,a100-sxm4-80gb\n"));
    auto s = makeSession();
    s->measurementStore()->importMeasurements(run("loaded.csv")); // 3 kernels
    const Measurements before = s->measurements();
    KernelsPanel panel(s.get());
    panel.setDocumentKernelLimit(5);
    QString shown;
    std::function<void()> closeDialog;
    closeDialog = [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box) {
            QTimer::singleShot(10, closeDialog);
            return;
        }
        shown = box->text();
        box->accept();
    };
    QTimer::singleShot(0, closeDialog);
    QSignalSpy finished(&panel, &KernelsPanel::importFinished);
    panel.importFiles({path});
    ASSERT_TRUE(finished.wait(10000));
    EXPECT_TRUE(shown.contains(QStringLiteral("would make 6 kernels in the document; a document "
                                              "holds at most 5")))
        << shown.toStdString();
    EXPECT_EQ(s->measurements(), before);
}

// A file that names a GPU the catalog does not know is asked about quoting that name, not as a
// file that names none; two rocprof runs of one program given together are one run.
TEST(KernelsPanel, TheQuestionQuotesTheFilesGpuAndRocprofRunsAreJoined)
{
    QTemporaryDir dir;
    const QString odd = dir.filePath(QStringLiteral("odd.csv"));
    ASSERT_TRUE(writeFile(odd, "name,time_s,flops,dram_bytes,gpu\n"
                               "gemm,0.01,1e12,1e10,Imaginary GPU 9000\n"));
    const QString trace = dir.filePath(QStringLiteral("results.csv"));
    const QString counters = dir.filePath(QStringLiteral("counters.csv"));
    ASSERT_TRUE(writeFile(trace, "\"Index\",\"KernelName\",\"gpu-id\",\"BeginNs\",\"EndNs\"\n"
                                 "0,\"stencil\",0,1000,3000\n1,\"stencil\",0,4000,5000\n"));
    ASSERT_TRUE(writeFile(counters, "Index,KernelName,gpu-id,FETCH_SIZE,WRITE_SIZE\n"
                                    "0,\"stencil\",0,100,50\n1,\"stencil\",0,100,50\n"));
    auto s = makeSession();
    KernelsPanel panel(s.get());
    QStringList labels;
    std::function<void()> poll = [&] {
        auto* d = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        if (!d) {
            QTimer::singleShot(10, poll);
            return;
        }
        labels << d->labelText();
        d->accept();
    };
    QSignalSpy finished(&panel, &KernelsPanel::importFinished);
    QTimer::singleShot(0, poll);
    panel.importFiles({odd});
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(labels.size(), 1);
    EXPECT_EQ(labels.front(), QStringLiteral("odd.csv says its GPU is \"Imaginary GPU 9000\", "
                                             "which the catalog does not know. Measure its "
                                             "kernels against:"));

    labels.clear();
    QTimer::singleShot(0, poll);
    panel.importFiles({trace, counters});
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(s->measurements().sets.size(), 2u);
    const MeasurementSet& joined = s->measurements().sets[1];
    EXPECT_EQ(joined.file, "results.csv + counters.csv");
    // Grouped: two dispatches of stencil, of one shape (150 KiB each; no FLOP counters, so the
    // bytes are the shape).
    ASSERT_EQ(joined.kernels.size(), 1u);
    EXPECT_EQ(joined.kernels[0].launches, 2);
    EXPECT_DOUBLE_EQ(joined.kernels[0].timeS, 3e-6);                        // 2000 + 1000 ns
    EXPECT_DOUBLE_EQ(*joined.kernels[0].bytesAt(MemLevel::Dram), 307200.0); // 300 KiB
    ASSERT_FALSE(panel.importWarnings().isEmpty());
    EXPECT_TRUE(panel.importWarnings().front().startsWith(
        QStringLiteral("results.csv + counters.csv: joined results.csv and counters.csv by "
                       "dispatch: 2 dispatches")))
        << panel.importWarnings().front().toStdString();
}

// The Kernels table's own proxy: sorts by the model's keys (numbers, or ranks of the shown text),
// filters by name ignoring case, keeps the selection on its row, and passes the model tester.
TEST(KernelTableProxy, SortsFiltersAndKeepsTheSelectedRow)
{
    auto s = makeSession();
    KernelModel model(s.get());
    KernelTableProxy proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    proxy.setSourceModel(&model);
    s->measurementStore()->importMeasurements(
        run("run.csv")); // gemm 0.01 s, softmax 0.002 s, layernorm 0.003 s
    ASSERT_EQ(proxy.rowCount(), 3);
    EXPECT_EQ(cell(proxy, 0, KernelModel::NameColumn), QStringLiteral("gemm")); // import order
    proxy.sort(KernelModel::TimeColumn, Qt::AscendingOrder);
    EXPECT_EQ(cell(proxy, 0, KernelModel::NameColumn), QStringLiteral("softmax"));
    EXPECT_EQ(cell(proxy, 2, KernelModel::NameColumn), QStringLiteral("gemm"));
    proxy.sort(KernelModel::NameColumn, Qt::DescendingOrder);
    EXPECT_EQ(cell(proxy, 0, KernelModel::NameColumn), QStringLiteral("softmax"));
    EXPECT_EQ(cell(proxy, 1, KernelModel::NameColumn), QStringLiteral("layernorm"));
    EXPECT_EQ(cell(proxy, 2, KernelModel::NameColumn), QStringLiteral("gemm"));

    const QPersistentModelIndex layernorm = proxy.index(1, KernelModel::NameColumn);
    proxy.setFilterFixedString(QStringLiteral("NORM"));
    ASSERT_EQ(proxy.rowCount(), 1);
    EXPECT_EQ(cell(proxy, 0, KernelModel::NameColumn), QStringLiteral("layernorm"));
    EXPECT_EQ(layernorm.row(), 0) << "the persistent index follows its row";
    EXPECT_EQ(proxy.mapToSource(proxy.index(0, 0)).row(), 2);
    proxy.setFilterFixedString(QStringLiteral("gemm"));
    EXPECT_FALSE(layernorm.isValid()) << "a row the filter hides loses its index";
    proxy.setFilterFixedString(QString());
    EXPECT_EQ(proxy.rowCount(), 3);
    // A new import resets the rows and keeps the sort.
    s->measurementStore()->importMeasurements(run("after.csv", 0.005));
    ASSERT_EQ(proxy.rowCount(), 6);
    EXPECT_EQ(cell(proxy, 0, KernelModel::NameColumn), QStringLiteral("softmax"));
    EXPECT_EQ(cell(proxy, 5, KernelModel::NameColumn), QStringLiteral("gemm"));
}

// Kernels measured on an accelerator that is not checked would be drawn under no roof: the
// import checks it, and one undo takes both back. The GPU question lists the whole catalog
// and offers an NVIDIA entry for an Nsight file even when the baseline is an AMD GPU.
TEST(KernelsPanel, ImportChecksItsGpuInOneUndoStepAndTheQuestionListsTheCatalog)
{
    QTemporaryDir dir;
    const QString v100 = dir.filePath(QStringLiteral("v100.csv"));
    ASSERT_TRUE(writeFile(v100, "name,time_s,flops,dram_bytes,gpu\n"
                                "gemm,0.01,1e12,1e10,Tesla V100-SXM2-32GB\n"));
    auto s = makeSession();
    const int v100Index = s->hardwareIndex("v100-sxm2");
    ASSERT_GE(v100Index, 0);
    ASSERT_FALSE(s->isChecked(v100Index));
    const std::vector<int> checkedBefore = s->checkedHardware();
    KernelsPanel panel(s.get());
    QSignalSpy finished(&panel, &KernelsPanel::importFinished);
    panel.importFiles({v100});
    ASSERT_TRUE(finished.wait(10000));
    EXPECT_TRUE(s->isChecked(v100Index));
    ASSERT_EQ(s->measurements().sets.size(), 1u);
    EXPECT_EQ(s->undoStack()->undoText(), QStringLiteral("Import v100.csv"));
    s->undoStack()->undo();
    EXPECT_TRUE(s->measurements().sets.empty());
    EXPECT_EQ(s->checkedHardware(), checkedBefore);

    // An Nsight details page names no device; the baseline is the MI300X.
    const QString ncu = dir.filePath(QStringLiteral("profile.csv"));
    ASSERT_TRUE(writeFile(
        ncu, "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\","
             "\"Stream\",\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\","
             "\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
             "\"0\",\"1\",\"app\",\"host\",\"k(int)\",\"1\",\"7\",\"(1, 1, 1)\",\"(1, 1, 1)\","
             "\"0\",\"9.0\",\"Command line profiler metrics\",\"gpu__time_duration.sum\","
             "\"ns\",\"2,000\"\n"));
    const int mi300x = s->hardwareIndex("mi300x");
    s->setBaseline(mi300x);
    ASSERT_EQ(s->baseline(), mi300x);
    QStringList items;
    QString offered;
    QTimer answerer;
    answerer.setInterval(10);
    QObject::connect(&answerer, &QTimer::timeout, [&] {
        if (auto* d = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
            items = d->comboBoxItems();
            offered = d->textValue();
            d->accept();
        }
    });
    answerer.start();
    panel.importFiles({ncu});
    ASSERT_TRUE(finished.wait(10000));
    EXPECT_EQ(items.size(), static_cast<qsizetype>(s->hardware().size()));
    EXPECT_TRUE(offered.startsWith(QStringLiteral("NVIDIA"))) << offered.toStdString();
    ASSERT_EQ(s->measurements().sets.size(), 1u);
    const int chosen = s->hardwareIndex(s->measurements().sets[0].kernels[0].gpu);
    EXPECT_EQ(s->hardware()[static_cast<std::size_t>(chosen)].vendor, "NVIDIA");
}

TEST(KernelsPanel, SaysWhatTheBeforeAfterComparisonPaired)
{
    QTemporaryDir dir;
    const QString before = dir.filePath(QStringLiteral("before.csv"));
    const QString after = dir.filePath(QStringLiteral("after.csv"));
    ASSERT_TRUE(writeFile(before, "name,time_s,flops,dram_bytes,gpu\n"
                                  "\"gemm_kernel<128, 64>\",0.01,1e12,1e10,a100-sxm4-80gb\n"
                                  "softmax,0.002,1e9,4e9,a100-sxm4-80gb\n"
                                  "layernorm,0.003,2e9,8e9,a100-sxm4-80gb\n"));
    ASSERT_TRUE(writeFile(after, "name,time_s,flops,dram_bytes,gpu\n"
                                 "\"gemm_kernel<256, 128>\",0.004,1e12,1e10,a100-sxm4-80gb\n"
                                 "fused_softmax_kernel,0.001,1e9,4e9,a100-sxm4-80gb\n"
                                 "layernorm,0.003,2e9,8e9,a100-sxm4-80gb\n"));
    auto s = makeSession();
    KernelsPanel panel(s.get());
    auto* label = panel.findChild<QLabel*>(QStringLiteral("runComparison"));
    ASSERT_NE(label, nullptr);
    EXPECT_FALSE(label->isVisibleTo(&panel)); // nothing to compare yet
    QSignalSpy finished(&panel, &KernelsPanel::importFinished);
    panel.importFiles({before, after});
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(s->measurements().sets.size(), 2u);
    const QString expected = QStringLiteral(
        "before.csv → after.csv · 2 of 4 kernels paired (1 by short name) · 1 only before: "
        "softmax · 1 only after: fused_softmax_kernel · whole run 1.88× faster");
    EXPECT_EQ(panel.comparisonText(), expected);
    EXPECT_EQ(label->text(), expected);
    EXPECT_TRUE(label->isVisibleTo(&panel));

    // The retuned gemm has its speedup in the table, in both runs, and says whom it paired with.
    KernelModel& model = *panel.model();
    EXPECT_EQ(cell(model, 0, KernelModel::SpeedupColumn), QStringLiteral("2.50×"));
    EXPECT_EQ(cell(model, 3, KernelModel::SpeedupColumn), QStringLiteral("2.50×"));
    EXPECT_EQ(cell(model, 1, KernelModel::SpeedupColumn), QString()); // softmax: no partner
    const QString sentence = kernelSentence(*s, {1, 0});
    EXPECT_TRUE(sentence.contains(QStringLiteral("2.50× faster"))) << sentence.toStdString();
    EXPECT_TRUE(
        sentence.contains(QStringLiteral("Paired by short name with gemm_kernel<128, 64>.")))
        << sentence.toStdString();

    // An after run on another GPU: said, by the names the window gives the GPUs. (The two
    // files were one import, undone together; the before run is imported again alone.)
    s->undoStack()->undo();
    ASSERT_TRUE(s->measurements().sets.empty());
    panel.importFiles({before});
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(s->measurements().sets.size(), 1u);
    MeasurementSet h100;
    h100.file = "h100.csv";
    // The same program (an import pairs only that on its own), timed on the H100.
    h100.kernels = {csvKernel("gemm_kernel<128, 64>", 0.005, 1e12, 1e10),
                    csvKernel("softmax", 0.001, 1e9, 4e9)};
    for (MeasuredKernel& k : h100.kernels) {
        k.name = k.shortName; // named as the CSV file names them
        k.shortName = shortKernelName(k.name);
        k.gpu = "h100-sxm5";
    }
    s->measurementStore()->importMeasurements(std::move(h100));
    const QString a100Name = s->shortName(s->hardwareIndex("a100-sxm4-80gb"));
    const QString h100Name = s->shortName(s->hardwareIndex("h100-sxm5"));
    EXPECT_TRUE(panel.comparisonText().endsWith(
        QStringLiteral("runs on different GPUs (%1 / %2): times are not like for like")
            .arg(a100Name, h100Name)))
        << panel.comparisonText().toStdString();
    EXPECT_TRUE(panel.comparisonText().contains(QStringLiteral("2 of 3 kernels paired")));

    // One run left: nothing is compared, nothing is said.
    s->undoStack()->undo();
    EXPECT_EQ(s->measurements().sets.size(), 1u);
    EXPECT_TRUE(panel.comparisonText().isEmpty());
    EXPECT_FALSE(label->isVisibleTo(&panel));
}

// Three runs: the user picks runs 1 and 3, pairs a rewritten kernel by hand, and each step is
// said in the sentence and the table, and undone.
TEST(KernelsPanel, ChoosesTwoOfThreeRunsAndPairsKernelsByHand)
{
    QTemporaryDir dir;
    const QString v1 = dir.filePath(QStringLiteral("v1.csv"));
    const QString v2 = dir.filePath(QStringLiteral("v2.csv"));
    const QString v3 = dir.filePath(QStringLiteral("v3.csv"));
    ASSERT_TRUE(writeFile(v1, "name,time_s,flops,dram_bytes,gpu\n"
                              "gemm,0.01,1e12,1e10,a100-sxm4-80gb\n"
                              "softmax,0.004,1e9,4e9,a100-sxm4-80gb\n"
                              "layernorm,0.002,2e9,8e9,a100-sxm4-80gb\n"));
    ASSERT_TRUE(writeFile(v2, "name,time_s,flops,dram_bytes,gpu\n"
                              "gemm,0.008,1e12,1e10,a100-sxm4-80gb\n"
                              "softmax,0.004,1e9,4e9,a100-sxm4-80gb\n"
                              "layernorm,0.002,2e9,8e9,a100-sxm4-80gb\n"));
    ASSERT_TRUE(writeFile(v3, "name,time_s,flops,dram_bytes,gpu\n"
                              "gemm,0.005,1e12,1e10,a100-sxm4-80gb\n"
                              "fused_softmax_kernel,0.001,1e9,4e9,a100-sxm4-80gb\n"
                              "layernorm,0.002,2e9,8e9,a100-sxm4-80gb\n"));
    auto s = makeSession();
    KernelsPanel panel(s.get());
    QComboBox* before = panel.findChild<QComboBox*>(QStringLiteral("beforeRun"));
    QComboBox* after = panel.findChild<QComboBox*>(QStringLiteral("afterRun"));
    ASSERT_NE(before, nullptr);
    ASSERT_NE(after, nullptr);
    EXPECT_FALSE(before->isVisibleTo(&panel));
    QSignalSpy finished(&panel, &KernelsPanel::importFinished);
    panel.importFiles({v1, v2, v3});
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(s->measurements().sets.size(), 3u);
    QUndoStack* undo = s->undoStack();
    const int steps = undo->index();

    // No choice made: the first two, and the third is said to be left out.
    const QString firstTwo = QStringLiteral(
        "v1.csv → v2.csv · 1 more run not compared: v3.csv · 3 of 3 kernels paired · whole run "
        "1.14× faster");
    EXPECT_EQ(panel.comparisonText(), firstTwo);
    EXPECT_TRUE(before->isVisibleTo(&panel));
    ASSERT_EQ(before->count(), 3);
    EXPECT_EQ(before->itemText(2), QStringLiteral("v3.csv"));
    EXPECT_EQ(before->currentIndex(), 0);
    EXPECT_EQ(after->currentIndex(), 1);
    KernelModel& model = *panel.model();
    EXPECT_EQ(cell(model, 0, KernelModel::SetColumn), QStringLiteral("before · v1.csv"));
    EXPECT_EQ(cell(model, 3, KernelModel::SetColumn), QStringLiteral("after · v2.csv"));
    EXPECT_EQ(cell(model, 6, KernelModel::SetColumn), QStringLiteral("v3.csv"));
    EXPECT_EQ(cell(model, 6, KernelModel::SpeedupColumn), QString());

    // Runs 1 and 3, chosen in the After box.
    after->setCurrentIndex(2);
    emit after->activated(2);
    EXPECT_EQ(undo->undoText(), QStringLiteral("Compare v1.csv → v3.csv"));
    EXPECT_EQ(panel.comparisonText(),
              QStringLiteral("v1.csv → v3.csv · 1 more run not compared: v2.csv · 2 of 4 kernels "
                             "paired · 1 only before: softmax · 1 only after: "
                             "fused_softmax_kernel · whole run 2× faster"));
    EXPECT_EQ(cell(model, 3, KernelModel::SetColumn), QStringLiteral("v2.csv"));
    EXPECT_EQ(cell(model, 6, KernelModel::SetColumn), QStringLiteral("after · v3.csv"));
    EXPECT_EQ(cell(model, 6, KernelModel::SpeedupColumn), QStringLiteral("2×"));
    EXPECT_EQ(cell(model, 7, KernelModel::SpeedupColumn), QString());

    // softmax (v1) with fused_softmax_kernel (v3), from the context menu of softmax's row.
    s->measurementStore()->setSelectedKernel({0, 1});
    EXPECT_TRUE(panel.pairAction()->isEnabled());
    EXPECT_FALSE(panel.unpairAction()->isEnabled());
    ASSERT_EQ(panel.pairMenu()->actions().size(), 1);
    EXPECT_EQ(panel.pairMenu()->actions()[0]->text(), QStringLiteral("fused_softmax_kernel"));
    panel.pairMenu()->actions()[0]->trigger();
    EXPECT_EQ(undo->undoText(), QStringLiteral("Pair softmax with fused_softmax_kernel"));
    const QString byHand = QStringLiteral(
        "v1.csv → v3.csv · 1 more run not compared: v2.csv · 3 of 3 kernels paired (1 by hand) · "
        "whole run 2× faster");
    EXPECT_EQ(panel.comparisonText(), byHand);
    EXPECT_EQ(cell(model, 1, KernelModel::SpeedupColumn), QStringLiteral("4×"));
    EXPECT_EQ(cell(model, 7, KernelModel::SpeedupColumn), QStringLiteral("4×"));
    EXPECT_TRUE(
        kernelSentence(*s, {2, 1}).contains(QStringLiteral("Paired by hand with softmax.")));
    EXPECT_FALSE(panel.pairAction()->isEnabled());
    EXPECT_TRUE(panel.unpairAction()->isEnabled());
    // Saved with the document, and reopened as it was: the runs chosen, the hand pair.
    ASSERT_EQ(s->toScenario().measurements.pairings.size(), 1u);
    EXPECT_EQ(s->toScenario().measurements.pairings[0],
              (KernelPairing{"softmax", "fused_softmax_kernel", false}));
    auto parsed = parseScenario(scenarioToJson(s->toScenario()), "doc.roofscope.json");
    ASSERT_TRUE(parsed) << parsed.error().message;
    auto reopened = makeSession();
    ASSERT_FALSE(reopened->applyScenario(*parsed, QStringLiteral("doc.roofscope.json")));
    EXPECT_EQ(comparisonDisplayText(*reopened), byHand);
    // The chart's arrows follow the same pairs: one per pair of v1 and v3.
    EXPECT_EQ(reopened->figure().kernelSpeedups.size(), 3u);

    // Unpairing an automatic pair (layernorm) keeps it apart.
    s->measurementStore()->setSelectedKernel({0, 2});
    panel.unpairAction()->trigger();
    EXPECT_EQ(undo->undoText(), QStringLiteral("Unpair layernorm"));
    EXPECT_TRUE(panel.comparisonText().contains(
        QStringLiteral("2 of 4 kernels paired (1 by hand) · 1 only before: layernorm")))
        << panel.comparisonText().toStdString();
    EXPECT_EQ(cell(model, 2, KernelModel::SpeedupColumn), QString());

    // Undo, step by step, to where the import left it.
    undo->undo();
    EXPECT_EQ(panel.comparisonText(), byHand);
    undo->undo();
    EXPECT_TRUE(s->measurements().pairings.empty());
    EXPECT_EQ(cell(model, 1, KernelModel::SpeedupColumn), QString());
    undo->undo();
    EXPECT_EQ(undo->index(), steps);
    EXPECT_EQ(panel.comparisonText(), firstTwo);
    EXPECT_EQ(after->currentIndex(), 1);
    EXPECT_EQ(cell(model, 3, KernelModel::SetColumn), QStringLiteral("after · v2.csv"));
    undo->redo();
    EXPECT_EQ(after->currentIndex(), 2);

    // The same run in both boxes swaps them.
    before->setCurrentIndex(2);
    emit before->activated(2);
    EXPECT_EQ(undo->undoText(), QStringLiteral("Compare v3.csv → v1.csv"));
    EXPECT_EQ(before->currentIndex(), 2);
    EXPECT_EQ(after->currentIndex(), 0);
}

// Two files chosen together are one import: one undo step takes both runs away, and redo brings
// both back as before and after.
TEST(KernelsPanel, FilesImportedTogetherAreOneUndoStep)
{
    QTemporaryDir dir;
    const QString before = dir.filePath(QStringLiteral("before.csv"));
    const QString after = dir.filePath(QStringLiteral("after.csv"));
    ASSERT_TRUE(writeFile(before, "name,time_s,flops,dram_bytes,gpu\n"
                                  "gemm,0.01,1e12,1e10,a100-sxm4-80gb\n"));
    ASSERT_TRUE(writeFile(after, "name,time_s,flops,dram_bytes,gpu\n"
                                 "gemm,0.005,1e12,1e10,a100-sxm4-80gb\n"));
    auto s = makeSession();
    KernelsPanel panel(s.get());
    const int undoBefore = s->undoStack()->count();
    QSignalSpy finished(&panel, &KernelsPanel::importFinished);
    panel.importFiles({before, after});
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(s->measurements().sets.size(), 2u);
    EXPECT_EQ(s->undoStack()->count(), undoBefore + 1);
    EXPECT_EQ(s->undoStack()->undoText(), QStringLiteral("Import before.csv, after.csv"));
    s->undoStack()->undo();
    EXPECT_TRUE(s->measurements().sets.empty());
    s->undoStack()->redo();
    ASSERT_EQ(s->measurements().sets.size(), 2u);
    EXPECT_EQ(s->measurements().sets[0].label, "before");
    EXPECT_EQ(s->measurements().sets[1].label, "after");
}
