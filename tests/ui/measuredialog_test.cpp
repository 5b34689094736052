// Edit ▸ Measure This Machine… asks which datasheet entry the result measures: the datasheet
// entries of the catalog by name (never a measured one), a guess from the device's name, and the
// entry the probe adds names the one chosen ("measured_of"), so its roofs are held against it.
#include "core/hardware/catalog.h"
#include "ui/document/session.h"
#include "ui/text/measuredratiotext.h"
#include "ui/widgets/machinemeasurer.h"
#include "ui/widgets/mainwindow.h"
#include "ui/widgets/measuredialog.h"
#include "uitestutil.h"

#include <QApplication>
#include <QComboBox>
#include <QSignalSpy>
#include <QTimer>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::CatalogFolder;
using roofscope::test::makeWindow;

namespace {

std::vector<Hardware> catalogWithAMeasuredEntry()
{
    std::vector<Hardware> hardware = HardwareCatalog::builtin().all();
    Hardware measured;
    measured.id = "this-machine-cpu";
    measured.name = "This machine (measured)";
    measured.vendor = "measured";
    hardware.push_back(measured);
    return hardware;
}

TEST(MeasureDialog, OffersTheDatasheetEntriesByNameAndGuessesPerDevice)
{
    const std::vector<Hardware> catalog = catalogWithAMeasuredEntry();
    MeasureDialog dialog(
        {{QStringLiteral("CPU (every core)"), ""},
         {QStringLiteral("Vulkan 0: NVIDIA H100 80GB HBM3 (discrete GPU)"), "h100-sxm5"}},
        catalog);
    QComboBox* box = dialog.datasheetBox();
    ASSERT_EQ(box->count(), static_cast<int>(catalog.size())) << "(none) and every datasheet entry";
    EXPECT_EQ(box->itemText(0), QStringLiteral("(none)"));
    const int h200 = box->findData(QStringLiteral("h200-sxm"));
    ASSERT_GT(h200, 0);
    EXPECT_EQ(box->itemText(h200), QStringLiteral("NVIDIA H200 SXM 141GB"));
    EXPECT_LT(box->findData(QStringLiteral("this-machine-cpu")), 0) << "no measured entry";
    EXPECT_FALSE(box->toolTip().isEmpty());

    // The CPU measures no datasheet entry; the GPU its own, until the user picks another.
    EXPECT_EQ(dialog.deviceIndex(), 0);
    EXPECT_EQ(dialog.measuredOf(), "");
    dialog.deviceBox()->setCurrentIndex(1);
    EXPECT_EQ(dialog.measuredOf(), "h100-sxm5");
    box->setCurrentIndex(h200);
    EXPECT_EQ(dialog.measuredOf(), "h200-sxm");
    dialog.deviceBox()->setCurrentIndex(0);
    EXPECT_EQ(dialog.measuredOf(), "");

    // Tab goes down the form: the device, then the datasheet entry.
    EXPECT_EQ(dialog.deviceBox()->nextInFocusChain(), box);
}

// The dialog's first answer for a Vulkan device: the datasheet entry its name matches.
TEST(MeasureDialog, GuessesTheDatasheetEntryFromTheDeviceName)
{
    std::vector<Hardware> catalog = catalogWithAMeasuredEntry();
    EXPECT_EQ(MachineMeasurer::datasheetGuess("NVIDIA GeForce RTX 4090", catalog), "rtx-4090");
    EXPECT_EQ(MachineMeasurer::datasheetGuess("AMD Instinct MI300X", catalog), "mi300x");
    EXPECT_EQ(MachineMeasurer::datasheetGuess("llvmpipe (LLVM 15.0.6, 256 bits)", catalog), "");
    // A measured entry whose id the name would match is not a datasheet.
    Hardware measured;
    measured.id = "llvmpipe";
    measured.name = "llvmpipe (measured)";
    measured.vendor = "measured";
    catalog.push_back(measured);
    EXPECT_EQ(MachineMeasurer::datasheetGuess("llvmpipe (LLVM 15.0.6, 256 bits)", catalog), "");
}

// The menu command end to end (quick probe): the dialog's choice is the entry's measured_of.
TEST(MeasureDialog, TheMeasuredEntryNamesTheDatasheetEntryChosen)
{
    CatalogFolder folder;
    auto window = makeWindow();
    Session* session = window->session();
    MachineMeasurer* measurer = window->machineMeasurer();
    QSignalSpy done(measurer, &MachineMeasurer::finished);
    bool answered = false;
    QTimer::singleShot(0, [&] {
        auto* dialog = qobject_cast<MeasureDialog*>(QApplication::activeModalWidget());
        if (!dialog) { // some other question: close it, so the test fails instead of hanging
            if (QWidget* other = QApplication::activeModalWidget())
                other->close();
            return;
        }
        dialog->deviceBox()->setCurrentIndex(0); // the CPU
        dialog->datasheetBox()->setCurrentIndex(
            dialog->datasheetBox()->findData(QStringLiteral("h200-sxm")));
        answered = true;
        dialog->accept();
    });
    measurer->chooseAndStart(/*quick=*/true);
    ASSERT_TRUE(answered) << "the Measure dialog did not open";
    ASSERT_TRUE(done.wait(60000));
    ASSERT_TRUE(done.front().front().toBool());

    const int index = session->hardwareIndex("this-machine-cpu");
    ASSERT_GE(index, 0);
    const Hardware& hw = session->hardware()[static_cast<std::size_t>(index)];
    EXPECT_EQ(hw.measuredOf, "h200-sxm");
    const Hardware* datasheet = session->catalog().datasheetOf(hw);
    ASSERT_NE(datasheet, nullptr);
    EXPECT_EQ(datasheet->id, "h200-sxm");
    // Held against the H200's published figures where the window shows them.
    EXPECT_TRUE(MeasuredRatioText::summary(session->catalog(), hw)
                    .startsWith(QStringLiteral("Measured ÷ datasheet (NVIDIA H200 SXM 141GB): ")))
        << MeasuredRatioText::summary(session->catalog(), hw).toStdString();
}

} // namespace
