// Profiler exports dropped on the window, as a new user does it: each kind of real file in the
// shared corpus (byte-exact public exports) is imported by the drop, the kernels' launches add
// up to the hand-counted facts of tests/data/real/facts.json, and what was skipped is shown.
#include "core/measured/measurementset.h"
#include "tests/generated/testpaths.h"
#include "ui/document/kernelsentence.h"
#include "ui/document/session.h"
#include "ui/models/kernelmodel.h"
#include "ui/widgets/documentcontroller.h"
#include "ui/widgets/kernelspanel.h"
#include "ui/widgets/mainwindow.h"
#include "ui/widgets/recovereddocument.h"
#include "uitestutil.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMimeData>
#include <QProgressDialog>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrl>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace roofscope;
using roofscope::test::makeWindow;
using roofscope::test::operatorIndex;

namespace {

QString corpusFile(const char* name)
{
    const char* env = std::getenv("ROOFSCOPE_REAL_CORPUS_DIR");
    const QString dir = QString::fromUtf8(env && *env ? env : ROOFSCOPE_REAL_CORPUS_DIR);
    return dir + QLatin1Char('/') + QString::fromUtf8(name);
}

long long factLaunches(const std::string& file)
{
    std::ifstream in(std::string(ROOFSCOPE_TEST_DATA_DIR) + "/real/facts.json");
    const nlohmann::json facts = nlohmann::json::parse(in);
    for (const nlohmann::json& f : facts.at("files"))
        if (f.at("file") == file)
            return f.at("launches").get<long long>();
    ADD_FAILURE() << "no facts for " << file;
    return -1;
}

// Drops `paths` on the window and waits for the import; a question about the GPU is answered
// with its preselected choice. Returns the questions asked; `offered`, when given, gets the
// choices of the last one, in order, and `preselected` the one chosen.
QStringList drop(MainWindow& window, const QStringList& paths, QStringList* offered = nullptr,
                 QString* preselected = nullptr)
{
    auto* panel = window.findChild<KernelsPanel*>();
    QStringList asked;
    // Polls for the question while the import runs; stopped (and gone) when this returns.
    QTimer answerer;
    answerer.setInterval(10);
    QObject::connect(&answerer, &QTimer::timeout, [&asked, offered, preselected] {
        if (auto* d = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
            asked << d->labelText();
            if (offered)
                *offered = d->comboBoxItems();
            if (preselected)
                *preselected = d->textValue();
            // The import's progress dialog is gone before the question: merely hidden, its
            // show timer (4 s, Qt's default) popped it up behind or over the question.
            for (QWidget* w : QApplication::topLevelWidgets())
                EXPECT_EQ(qobject_cast<QProgressDialog*>(w), nullptr)
                    << "a progress dialog beside the question";
            d->accept();
        }
    });
    answerer.start();
    QSignalSpy finished(panel, &KernelsPanel::importFinished);
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& p : paths)
        urls << QUrl::fromLocalFile(p);
    mime.setUrls(urls);
    QDragEnterEvent enter(QPoint(40, 40), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    EXPECT_TRUE(enter.isAccepted()) << paths.front().toStdString();
    QDropEvent dropped(QPointF(40, 40), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &dropped);
    EXPECT_TRUE(finished.wait(30000)) << paths.front().toStdString();
    return asked;
}

} // namespace

TEST(WindowDrop, EachKindOfRealProfilerFileImportsWithItsHandCountedLaunches)
{
    struct Case {
        const char* file;
        const char* question;            // the start of the GPU question, "" when none is asked
        const char* droppedAs = nullptr; // the name a profiler gives the file, when renamed
        const char* gpu = nullptr;       // the catalog entry the file's device name is
    };
    const Case cases[] = {
        // An RTX 30xx: the details page does not name the device.
        {"rtx30xx_cc86_ncu_details_printunits_base_vectoradd.csv", "%1 does not name its GPU"},
        {"v100_nvprof_events_metrics_vectoradd.csv", "", nullptr, "v100-sxm2"},
        {"mi250x_rocprofv1_timestamps_laplacian_1004disp.csv", "%1 does not name its GPU"},
        // omniperf writes pmc_perf.csv and sysinfo.csv side by side; sysinfo names the GPU.
        {"mi300x_omniperf_pmc_perf_vcopy_3disp.csv", "", "pmc_perf.csv", "mi300x"},
        // "NVIDIA A100-PG509-200", the name of the HGX board: an A100 40 GB.
        {"a100_kineto_torchcompile_triton_1kernel.json.gz", "", nullptr, "a100-pcie-40gb"},
        // "Tesla V100-DGXS-32GB", a DGX Station's V100.
        {"v100_kineto_torch19_resnet50_oldcats.json.gz", "", nullptr, "v100-sxm2"},
    };
    QTemporaryDir omniperf;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.file);
        QString path = corpusFile(c.file);
        ASSERT_TRUE(QFileInfo::exists(path)) << "the shared corpus is beside the clone";
        if (c.droppedAs) {
            const QString copy = omniperf.filePath(QString::fromUtf8(c.droppedAs));
            ASSERT_TRUE(QFile::copy(path, copy));
            ASSERT_TRUE(QFile::copy(corpusFile("mi300x_omniperf_sysinfo.csv"),
                                    omniperf.filePath(QStringLiteral("sysinfo.csv"))));
            path = copy;
        }
        const QString name = QFileInfo(path).fileName();
        auto window = makeWindow();
        const QStringList asked = drop(*window, {path});
        if (*c.question == '\0') {
            EXPECT_TRUE(asked.isEmpty()) << asked.join(QLatin1Char('\n')).toStdString();
        } else {
            ASSERT_EQ(asked.size(), 1);
            EXPECT_TRUE(asked.front().startsWith(QString::fromUtf8(c.question).arg(name)))
                << asked.front().toStdString();
        }
        const Measurements& m = window->session()->measurements();
        ASSERT_EQ(m.sets.size(), 1u);
        EXPECT_EQ(m.sets[0].file, name.toStdString());
        long long launches = 0;
        for (const MeasuredKernel& k : m.sets[0].kernels)
            launches += k.launches;
        EXPECT_EQ(launches, factLaunches(c.file));
        EXPECT_FALSE(m.sets[0].kernels.front().gpu.empty()) << "measured against a GPU";
        if (c.gpu) {
            EXPECT_EQ(m.sets[0].kernels.front().gpu, c.gpu);
        }
    }
}

// A trace whose ops are mostly convolutions (a ResNet-50), which have no FLOP model, says so
// in the Kernels panel, naming the ops; 8,772 is the hand count of its kernel events, 2,772 of
// them launched by convolutions, batch norms, pooling and the loss.
TEST(WindowDrop, WarningsOfADroppedTraceAreShown)
{
    auto window = makeWindow();
    drop(*window, {corpusFile("v100_kineto_torch19_resnet50_oldcats.json.gz")});
    const QStringList warnings = window->findChild<KernelsPanel*>()->importWarnings();
    EXPECT_TRUE(std::any_of(warnings.begin(), warnings.end(), [](const QString& w) {
        return w.startsWith(QStringLiteral("v100_kineto_torch19_resnet50_oldcats.json.gz: "
                                           "2772 of 8772 kernels (84.7 % of the kernel time) "
                                           "have no FLOPs: 684 kernels of "
                                           "aten::cudnn_convolution_backward_weight: no FLOP "
                                           "model for this op")) &&
               w.endsWith(QStringLiteral("; and 24 kernels of 4 other ops"));
    })) << warnings.join(QLatin1Char('\n')).toStdString();
    // That warning is the only one about them: no second "N kernels are not on the chart: N
    // without FLOPs" saying the same (one fact, one warning). ("besides those without FLOPs, 3
    // of 146 kernels are not on the chart: 3 without a time" is another fact: three shapes of
    // FillFunctor<float> whose launches all lasted 0 µs in this trace's whole-µs durations.)
    static const QRegularExpression countedWithout(QStringLiteral("\\d without FLOPs"));
    EXPECT_EQ(std::count_if(warnings.begin(), warnings.end(),
                            [](const QString& w) {
                                return w.contains(countedWithout) ||
                                       w.contains(QStringLiteral("have no FLOPs"));
                            }),
              1)
        << warnings.join(QLatin1Char('\n')).toStdString();
    // The status line still counts them.
    EXPECT_TRUE(window->statusBar()->currentMessage().contains(
        QStringLiteral("55 of them are not on the chart.")))
        << window->statusBar()->currentMessage().toStdString();
}

// `roofscope FILE` (a double-click in a file manager): the window opens on the document; a
// missing or broken file is named, and a new, unnamed document is open instead; profiler
// exports are imported as a drop would.
TEST(CommandLine, OpensTheDocumentOrNamesTheFileItCannotOpen)
{
    QTemporaryDir dir;
    const QString doc = dir.filePath(QStringLiteral("decode.roofscope.json"));
    {
        auto w = makeWindow();
        w->session()->setNumber(operatorIndex(*w->session(), "decode_matmul"), "batch", 96);
        ASSERT_FALSE(w->saveFile(doc).has_value());
    }
    auto w = makeWindow();
    EXPECT_FALSE(w->openFromCommandLine({doc}).has_value());
    EXPECT_EQ(w->currentFile(), doc);
    EXPECT_FALSE(w->isModified());
    const Session& s = *w->session();
    EXPECT_EQ(
        s.operators()[static_cast<std::size_t>(operatorIndex(s, "decode_matmul"))].params.number(
            "batch"),
        96.0);

    const QString missing = dir.filePath(QStringLiteral("gone.roofscope.json"));
    const auto gone = w->openFromCommandLine({missing});
    ASSERT_TRUE(gone.has_value());
    EXPECT_EQ(*gone, missing + QStringLiteral(": no such file; a new document is open instead."));
    EXPECT_TRUE(w->currentFile().isEmpty());

    const QString broken = dir.filePath(QStringLiteral("broken.roofscope.json"));
    {
        QFile f(broken);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"roofscope-scenario\",");
    }
    const auto bad = w->openFromCommandLine({broken});
    ASSERT_TRUE(bad.has_value());
    EXPECT_TRUE(bad->startsWith(QStringLiteral("broken.roofscope.json: "))) << bad->toStdString();
    EXPECT_TRUE(w->currentFile().isEmpty());
    EXPECT_FALSE(w->isModified());

    // A profiler export is imported.
    QSignalSpy finished(w->kernelsPanel(), &KernelsPanel::importFinished);
    EXPECT_FALSE(w->openFromCommandLine({corpusFile("v100_nvprof_events_metrics_vectoradd.csv")})
                     .has_value());
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(w->session()->measurements().sets.size(), 1u);
    EXPECT_EQ(w->session()->measurements().sets[0].file,
              "v100_nvprof_events_metrics_vectoradd.csv");
}

// `roofscope FILE` after a run that quit with unsaved changes (restore on): FILE opens, and the
// earlier changes are in a recovered document the status bar names, not overwritten at quit.
TEST(CommandLine, KeepsTheLastSessionsUnsavedChanges)
{
    QTemporaryDir dir;
    const QString doc = dir.filePath(QStringLiteral("other.roofscope.json"));
    {
        auto w = makeWindow();
        ASSERT_FALSE(w->saveFile(doc).has_value());
        w->session()->setNumber(operatorIndex(*w->session(), "decode_matmul"), "batch", 48);
        w->documentController()->setRestoresSession(true);
        w->documentController()->saveSession();
    }
    auto w = makeWindow();
    EXPECT_FALSE(w->openFromCommandLine({doc}).has_value());
    EXPECT_EQ(w->currentFile(), doc);
    const QStringList kept = QDir(RecoveredDocument::folder())
                                 .entryList({QStringLiteral("other (recovered *).roofscope.json")});
    ASSERT_EQ(kept.size(), 1);
    const QString recovered = QDir(RecoveredDocument::folder()).filePath(kept.front());
    EXPECT_FALSE(w->lastSessionNote().isEmpty());
    EXPECT_TRUE(w->lastSessionNote().contains(QDir::toNativeSeparators(recovered)))
        << w->lastSessionNote().toStdString();
    EXPECT_EQ(w->statusBar()->currentMessage(), w->lastSessionNote());

    auto reopened = makeWindow();
    ASSERT_FALSE(reopened->openFile(recovered).has_value());
    const Session& s = *reopened->session();
    EXPECT_EQ(
        s.operators()[static_cast<std::size_t>(operatorIndex(s, "decode_matmul"))].params.number(
            "batch"),
        48.0);
    QDir(RecoveredDocument::folder()).removeRecursively();
    QSettings().remove(QStringLiteral("session"));
}

// A warning naming the ncu metrics to record (one comma-separated word of 600 characters) wraps
// at its commas and never widens the Kernels panel, which took half the window at 1366×768.
TEST(WindowDrop, ALongWarningDoesNotWidenTheKernelsPanel)
{
    auto window = makeWindow();
    KernelsPanel* panel = window->kernelsPanel();
    const int before = panel->minimumSizeHint().width();
    drop(*window, {corpusFile("rtx30xx_cc86_ncu_details_printunits_base_vectoradd.csv")});
    const QStringList warnings = panel->importWarnings();
    ASSERT_TRUE(std::any_of(warnings.begin(), warnings.end(), [](const QString& w) {
        return w.contains(QStringLiteral("FLOPs unknown")) && w.size() > 500;
    })) << warnings.join(QLatin1Char('\n')).toStdString();
    EXPECT_EQ(panel->minimumSizeHint().width(), before);
    auto* label = panel->findChild<QLabel*>(QStringLiteral("importWarnings"));
    ASSERT_NE(label, nullptr);
    EXPECT_TRUE(label->text().contains(QStringLiteral(",\u200B")));
}

// An Nsight Compute roofline-chart section (rates, no duration) dropped on the window: its
// kernel is placed from the rates, and the table and read-out say its time is not in the file.
// The file states CC 12.0 and names no GPU: the RTX 5090, the one entry of that CC, is offered
// first and chosen.
TEST(WindowDrop, RooflineChartSectionIsPlacedWithItsTimeUnknown)
{
    auto window = makeWindow();
    QStringList offered;
    QString preselected;
    const QStringList asked = drop(*window,
                                   {QString::fromUtf8(ROOFSCOPE_TEST_DATA_DIR) +
                                    QStringLiteral("/measured/ncu-roofline-chart.csv")},
                                   &offered, &preselected);
    ASSERT_EQ(asked.size(), 1);
    EXPECT_TRUE(asked.front().contains(
        QStringLiteral("It states CC 12.0: the catalog entries that fit are listed first.")))
        << asked.front().toStdString();
    ASSERT_FALSE(offered.isEmpty());
    EXPECT_EQ(offered.front(), QStringLiteral("NVIDIA GeForce RTX 5090"));
    EXPECT_EQ(preselected, offered.front());

    Session* session = window->session();
    const Measurements& m = session->measurements();
    ASSERT_EQ(m.sets.size(), 1u);
    ASSERT_EQ(m.sets[0].kernels.size(), 1u);
    const MeasuredKernel& k = m.sets[0].kernels[0];
    EXPECT_FALSE(k.timeKnown);
    EXPECT_EQ(k.gpu, "rtx-5090");
    ASSERT_TRUE(k.flopsPerS);
    EXPECT_NEAR(*k.flopsPerS, 139.2e9, 1.0);

    KernelModel model(session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_EQ(model.rowCount(), 1);
    EXPECT_EQ(model.data(model.index(0, KernelModel::TimeColumn)).toString(),
              QStringLiteral("not in this file"));
    EXPECT_EQ(model.data(model.index(0, KernelModel::ShareColumn)).toString(), QStringLiteral("–"));
    // 139.2 GFLOP/s over 67.46 GB/s.
    EXPECT_EQ(model.data(model.index(0, KernelModel::AiDramColumn)).toString(),
              QStringLiteral("2.06"));

    const QString sentence = kernelSentence(*session, KernelRef{0, 0});
    EXPECT_TRUE(sentence.contains(QStringLiteral("time not in this file")))
        << sentence.toStdString();
    EXPECT_FALSE(sentence.contains(QStringLiteral("0 s"))) << sentence.toStdString();
    EXPECT_TRUE(sentence.contains(QStringLiteral("AI 2.06 FLOP/byte at DRAM")))
        << sentence.toStdString();
}

// A details page of an H200 names no GPU, but its CC 9.0 and 132 SMs fit three catalog
// entries: the question offers those first (the SM count leaves out the 114-SM H100 PCIe).
TEST(WindowDrop, GpuQuestionOffersTheEntriesTheFilesCcAndSmsFitFirst)
{
    auto window = makeWindow();
    QStringList offered;
    QString preselected;
    const QStringList asked = drop(*window,
                                   {QString::fromUtf8(ROOFSCOPE_TEST_DATA_DIR) +
                                    QStringLiteral("/measured/ncu-cc90-132sms.csv")},
                                   &offered, &preselected);
    ASSERT_EQ(asked.size(), 1);
    EXPECT_TRUE(asked.front().contains(QStringLiteral("It states CC 9.0, 132 SMs")))
        << asked.front().toStdString();
    ASSERT_GE(offered.size(), 3);
    EXPECT_EQ(offered.mid(0, 3), (QStringList{QStringLiteral("NVIDIA H100 SXM5 80GB"),
                                              QStringLiteral("NVIDIA H100 NVL 94GB"),
                                              QStringLiteral("NVIDIA H200 SXM 141GB")}));
    EXPECT_TRUE(offered.mid(0, 3).contains(preselected)) << preselected.toStdString();
    EXPECT_FALSE(offered.mid(0, 3).contains(QStringLiteral("NVIDIA H100 PCIe 80GB")));
}
