// The Kernels panel a user can work in (issue #36, item 5): after each import at 1366×768 and at
// 1920×1080 the table shows at least a dozen rows, however many warnings the import had and
// whether or not a second run brought a comparison.
#include "importwait.h"
#include "tests/generated/testpaths.h"
#include "ui/widgets/kernelspanel.h"
#include "ui/widgets/mainwindow.h"
#include "uitestutil.h"

#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QInputDialog>
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
