// Edit ▸ Measure This Machine… in the window: the probe runs off the UI thread behind a
// progress dialog, the measured CPU joins the catalog (user catalog file, checked, one undo
// step) with the probe's own figures, and Cancel adds nothing.
#include "core/probe/proberesult.h"
#include "core/probe/vulkanprobe.h"
#include "tests/common/lavapipe.h"
#include "ui/controls/prompt.h"
#include "ui/document/session.h"
#include "ui/widgets/machinemeasurer.h"
#include "ui/widgets/mainwindow.h"
#include "uitestutil.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QProgressDialog>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::CatalogFolder;
using roofscope::test::makeWindow;

namespace {

const char* kId = "this-machine-cpu";

TEST(MachineMeasurer, AddsTheMeasuredCpuCheckedWithItsCacheRoofsAsOneUndoStep)
{
    CatalogFolder folder;
    auto window = makeWindow();
    Session* session = window->session();
    ASSERT_LT(session->hardwareIndex(kId), 0);
    const int undoBefore = session->undoStack()->count();
    auto* action = window->findChild<QAction*>(QStringLiteral("measureMachineAction"));
    ASSERT_NE(action, nullptr);

    MachineMeasurer* measurer = window->machineMeasurer();
    QSignalSpy done(measurer, &MachineMeasurer::finished);
    ASSERT_TRUE(measurer->start(/*quick=*/true));
    EXPECT_TRUE(measurer->isRunning());
    EXPECT_FALSE(measurer->start(true)) << "one measurement at a time";
    ASSERT_NE(measurer->progressDialog(), nullptr);
    EXPECT_TRUE(measurer->progressDialog()->isVisible());
    ASSERT_TRUE(done.wait(60000));
    EXPECT_TRUE(done.front().front().toBool());
    EXPECT_FALSE(measurer->isRunning());
    QApplication::processEvents();
    EXPECT_TRUE(measurer->progressDialog() == nullptr || !measurer->progressDialog()->isVisible());

    const int index = session->hardwareIndex(kId);
    ASSERT_GE(index, 0);
    EXPECT_TRUE(session->isChecked(index));
    const Hardware& hw = session->hardware()[static_cast<std::size_t>(index)];
    const probe::ProbeResult& r = measurer->lastResult();
    const Ceiling* fp64 = hw.ceilingFor(Precision::FP64, ComputeUnit::Vector);
    ASSERT_NE(fp64, nullptr);
    EXPECT_DOUBLE_EQ(fp64->flopsPerS, probe::probeResultToHardware(r)
                                          .ceilingFor(Precision::FP64, ComputeUnit::Vector)
                                          ->flopsPerS);
    EXPECT_GT(fp64->flopsPerS, 1e8);
    EXPECT_EQ(hw.memory.size(), r.levels.size()) << "a roof per measured memory level";
    EXPECT_FALSE(folder.files().isEmpty()) << "kept in the user catalog";
    EXPECT_EQ(session->undoStack()->count(), undoBefore + 1);

    session->undoStack()->undo();
    EXPECT_LT(session->hardwareIndex(kId), 0);
}

TEST(MachineMeasurer, CancelAddsNothing)
{
    CatalogFolder folder;
    auto window = makeWindow();
    Session* session = window->session();
    const int undoBefore = session->undoStack()->count();
    MachineMeasurer* measurer = window->machineMeasurer();
    QSignalSpy done(measurer, &MachineMeasurer::finished);
    ASSERT_TRUE(measurer->start(true));
    // The dialog's Cancel button.
    emit measurer->progressDialog()->canceled();
    ASSERT_TRUE(done.wait(60000));
    EXPECT_FALSE(done.front().front().toBool());
    EXPECT_TRUE(measurer->lastResult().cancelled);
    EXPECT_LT(session->hardwareIndex(kId), 0);
    EXPECT_EQ(session->undoStack()->count(), undoBefore);
    EXPECT_TRUE(folder.files().isEmpty());
}

TEST(MachineMeasurer, ClosingTheWindowMidRunStopsTheProbe)
{
    CatalogFolder folder;
    auto window = makeWindow();
    ASSERT_TRUE(window->machineMeasurer()->start(true));
    window.reset(); // must neither hang nor crash: the probe is told to stop and joined
    SUCCEED();
}

} // namespace

// A Vulkan device from the window: offered beside the CPU, measured on the worker thread,
// added as this-machine-vulkan-0 (checked, saved, one undo step). On lavapipe, as the CLI's tests.
TEST(MachineMeasurer, MeasuresAVulkanDeviceOffTheUiThread)
{
    if (!probe::vulkanProbeBuilt())
        GTEST_SKIP() << "this build has no Vulkan probe (no Vulkan headers or glslc when it was "
                        "configured)";
    const auto lavapipe = roofscope::test::Lavapipe::find();
    if (!lavapipe.missing.empty())
        GTEST_SKIP() << lavapipe.missing;
    lavapipe.select();
    const QStringList choices = MachineMeasurer::deviceChoices();
    ASSERT_EQ(choices.size(), 2) << choices.join(u'|').toStdString();
    EXPECT_EQ(choices[0], QStringLiteral("CPU (every core)"));
    EXPECT_TRUE(choices[1].startsWith(QStringLiteral("Vulkan 0: llvmpipe")))
        << choices[1].toStdString();
    EXPECT_TRUE(choices[1].endsWith(QStringLiteral("(CPU)"))) << choices[1].toStdString();

    CatalogFolder folder;
    auto window = makeWindow();
    Session* session = window->session();
    const int undoBefore = session->undoStack()->count();
    MachineMeasurer* measurer = window->machineMeasurer();
    QSignalSpy done(measurer, &MachineMeasurer::finished);
    ASSERT_TRUE(measurer->startVulkan(0, /*quick=*/true));
    EXPECT_TRUE(measurer->isRunning());
    EXPECT_FALSE(measurer->start(true)) << "one measurement at a time";
    ASSERT_TRUE(done.wait(120000));
    ASSERT_TRUE(done.front().front().toBool());
    ASSERT_TRUE(measurer->lastVulkanResult().has_value());
    const int index = session->hardwareIndex("this-machine-vulkan-0");
    ASSERT_GE(index, 0);
    EXPECT_TRUE(session->isChecked(index));
    const Hardware& hw = session->hardware()[static_cast<std::size_t>(index)];
    const Ceiling* fp32 = hw.findCeiling(Precision::FP32, ComputeUnit::Vector);
    ASSERT_NE(fp32, nullptr);
    EXPECT_DOUBLE_EQ(fp32->flopsPerS, measurer->lastVulkanResult()->peak("fp32")->stats.max);
    EXPECT_GT(fp32->flopsPerS, 0.0);
    EXPECT_FALSE(folder.files().isEmpty()) << "kept in the user catalog";
    EXPECT_EQ(session->undoStack()->count(), undoBefore + 1);
}

// A device the loader does not have is a message, not a crash, and adds nothing.
TEST(MachineMeasurer, AMissingVulkanDeviceAddsNothing)
{
    if (!probe::vulkanProbeBuilt())
        GTEST_SKIP() << "this build has no Vulkan probe";
    const auto lavapipe = roofscope::test::Lavapipe::find();
    if (!lavapipe.missing.empty())
        GTEST_SKIP() << lavapipe.missing;
    lavapipe.select();
    CatalogFolder folder;
    auto window = makeWindow();
    Session* session = window->session();
    const int undoBefore = session->undoStack()->count();
    MachineMeasurer* measurer = window->machineMeasurer();
    QSignalSpy done(measurer, &MachineMeasurer::finished);
    QString said;
    const Prompt::Handler previous = Prompt::setHandler([&](QWidget*, const Prompt::Question& q) {
        said = q.text;
        return QMessageBox::Ok;
    });
    ASSERT_TRUE(measurer->startVulkan(7, true));
    ASSERT_TRUE(done.wait(60000));
    Prompt::setHandler(previous);
    EXPECT_FALSE(done.front().front().toBool());
    EXPECT_TRUE(said.startsWith(QStringLiteral("no Vulkan device 7 (this machine has 1 device: "
                                               "0: llvmpipe")))
        << said.toStdString();
    EXPECT_FALSE(measurer->lastVulkanResult().has_value());
    EXPECT_EQ(session->undoStack()->count(), undoBefore);
    EXPECT_TRUE(folder.files().isEmpty());
}
