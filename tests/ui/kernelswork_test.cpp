// The Kernels panel a user can work in (issue #36, item 5): after each import at 1366×768 and at
// 1920×1080 the table shows at least a dozen rows, however many warnings the import had and
// whether or not a second run brought a comparison.
#include "importwait.h"
#include "tests/generated/testpaths.h"
#include "ui/document/session.h"
#include "ui/widgets/kernelspanel.h"
#include "ui/widgets/mainwindow.h"
#include "ui/widgets/readoutpanel.h"
#include "uitestutil.h"

#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTimer>

#include <gtest/gtest.h>

#include <filesystem>

using namespace roofscope;
using roofscope::test::importAndWait;
using roofscope::test::makeWindow;

namespace {

const QString kH200Trace =
    QString::fromUtf8(ROOFSCOPE_REAL_CORPUS_DIR) +
    QStringLiteral("/../h200/h200_kineto_llama31_8b_random_generate_b16_p512_n16.pt.trace.json.gz");
const QString kResNetTrace = QString::fromUtf8(ROOFSCOPE_REAL_CORPUS_DIR) +
                             QStringLiteral("/v100_kineto_torch19_resnet50_oldcats.json.gz");

void settle()
{
    for (int i = 0; i < 6; ++i)
        QCoreApplication::processEvents();
}

int visibleRows(const QTableView& view)
{
    return view.viewport()->height() / view.verticalHeader()->defaultSectionSize();
}

class KernelsWork : public ::testing::TestWithParam<QSize> {};

} // namespace

TEST_P(KernelsWork, TheTableShowsADozenRowsAfterEachImport)
{
    ASSERT_TRUE(std::filesystem::exists(kH200Trace.toStdString())) << kH200Trace.toStdString();
    ASSERT_TRUE(std::filesystem::exists(kResNetTrace.toStdString())) << kResNetTrace.toStdString();
    auto w = makeWindow();
    w->applyDefaultLayout(GetParam());
    w->show();
    settle();
    auto* panel = w->findChild<KernelsPanel*>();
    ASSERT_NE(panel, nullptr);
    QTableView* view = panel->view();

    // The H200 trace: grouped by name, dozens of kernels and a few warnings.
    ASSERT_GT(importAndWait(*panel, kH200Trace), 12);
    EXPECT_TRUE(view->isVisible()) << "the Kernels tab is raised after an import";
    EXPECT_GE(visibleRows(*view), 12) << "viewport " << view->viewport()->height() << " px";

    // A second run (another program: no comparison) with its own warnings.
    ASSERT_GT(importAndWait(*panel, kResNetTrace), 12);
    EXPECT_FALSE(panel->importWarnings().isEmpty());
    EXPECT_GE(visibleRows(*view), 12) << "viewport " << view->viewport()->height() << " px";

    // The chart keeps a fair share of the window.
    auto* chart = w->centralWidget();
    ASSERT_NE(chart, nullptr);
    EXPECT_GE(chart->height(), GetParam().height() / 3) << "chart " << chart->height() << " px";
}

INSTANTIATE_TEST_SUITE_P(WindowSizes, KernelsWork,
                         ::testing::Values(QSize(1366, 768), QSize(1920, 1080)),
                         [](const ::testing::TestParamInfo<QSize>& info) {
                             return std::to_string(info.param.width()) + "x" +
                                    std::to_string(info.param.height());
                         });

// In the window: the real H200 sweep imported, its batch-1 kernel linked to the decode matmul
// (batch 1, K = N = 8192) and selected, the read-out's link row says how much of its tensor work
// was padding.
TEST(KernelsWork, TheReadoutSaysALinkedGemmsTilePadding)
{
    const QString sweep = QString::fromUtf8(ROOFSCOPE_REAL_CORPUS_DIR) +
                          QStringLiteral("/../h200/h200_ncu2025_raw_fullset_gemm_bf16_k8192_"
                                         "5batches.csv");
    auto w = makeWindow();
    w->applyDefaultLayout(QSize(1366, 768));
    w->show();
    Session* s = w->session();
    auto* kernels = w->findChild<KernelsPanel*>();
    ASSERT_NE(kernels, nullptr);
    ASSERT_EQ(importAndWait(*kernels, sweep), 5);
    int batch1 = -1;
    const auto& rows = s->measurements().sets.at(0).kernels;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].name.starts_with("nvjet_sm90_tst_64x8_"))
            batch1 = static_cast<int>(i);
    ASSERT_GE(batch1, 0);
    int decode = -1;
    for (std::size_t i = 0; i < s->operators().size(); ++i)
        if (s->operators()[i].kind == "decode_matmul")
            decode = static_cast<int>(i);
    ASSERT_GE(decode, 0);
    // Selected first, then linked (as with the Link to Operator… button): the row follows.
    s->measurementStore()->setSelectedKernel({0, batch1});
    settle();
    EXPECT_TRUE(
        w->readoutPanel()->field(QStringLiteral("link")).startsWith(QStringLiteral("Not linked")));
    s->measurementStore()->linkKernel({0, batch1}, decode);
    settle();
    const QString link = w->readoutPanel()->field(QStringLiteral("link"));
    EXPECT_TRUE(w->readoutPanel()->isFieldShown(QStringLiteral("link"))) << link.toStdString();
    EXPECT_TRUE(link.contains(QStringLiteral("Its 64×8 tiles executed 8× the FLOPs of Decode "
                                             "matmul: 88 % of the tensor work was padding.")))
        << link.toStdString();
    // 1.074 GFLOP executed in 36.61 µs is 29.33 TFLOP/s; the useful eighth, 3.666 TFLOP/s, is
    // 76 % of the 4.799 TFLOP/s the model predicts on the H200 (not 611 %).
    EXPECT_TRUE(link.contains(QStringLiteral("; at its useful FLOPs the kernel achieves 76 % of "
                                             "that.")))
        << link.toStdString();
    // The user brings the read-out to the front: the row is there on screen, not only flagged
    // visible (it was linked while the read-out's tab was behind the Kernels tab).
    auto* readoutDock = qobject_cast<QDockWidget*>(w->readoutPanel()->parentWidget());
    ASSERT_NE(readoutDock, nullptr);
    readoutDock->raise();
    settle();
    auto* row = w->readoutPanel()->findChild<QLabel*>(QStringLiteral("link"));
    ASSERT_NE(row, nullptr);
    EXPECT_TRUE(row->isVisible());
    EXPECT_GT(row->height(), row->fontMetrics().height() * 3) << "a sentence of several lines";
}
