// A measured accelerator beside its datasheet: measured ÷ datasheet per roof in the
// accelerator's tooltip and in the comparison table (the ratios are the core's measuredRatios).
#include "core/hardware/catalog.h"
#include "core/roofline/operators.h"
#include "ui/document/session.h"
#include "ui/models/comparisonmodel.h"
#include "ui/models/hardwaremodel.h"

#include <QAbstractItemModelTester>

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

// A Vulkan probe's entry of an RTX 4090 naming its datasheet: each roof at 0.90, 0.80, 0.75×.
Hardware measured4090()
{
    Hardware hw;
    hw.id = "this-machine-vulkan-0";
    hw.name = "RTX 4090 (measured)";
    hw.vendor = "measured";
    hw.measuredOf = "rtx-4090";
    hw.ceilings = {{Precision::FP32, ComputeUnit::Vector, 0.9 * 82.6e12, "probe", false},
                   {Precision::FP64, ComputeUnit::Vector, 0.8 * 1.3e12, "probe", false}};
    hw.memory = {{"dram", 0.75 * 1008e9, "probe", false}};
    return hw;
}

TEST(MeasuredRatioUi, TooltipAndComparisonTableSayEachRoofsRatio)
{
    HardwareCatalog catalog = HardwareCatalog::builtin();
    catalog.merge({measured4090()});
    Session s(catalog);
    Scenario scenario = defaultScenario();
    scenario.gpus = {"rtx-4090", "this-machine-vulkan-0"};
    scenario.baseline = "rtx-4090";
    scenario.operators = {
        *parseOperatorSpec("elementwise:n=1048576,flops_per_element=2,dtype=fp32")};
    scenario.selected = 0;
    ASSERT_FALSE(s.applyScenario(scenario, QStringLiteral("test")).has_value());

    HardwareModel hardware(&s);
    QAbstractItemModelTester hardwareTester(&hardware);
    const int row = s.hardwareIndex("this-machine-vulkan-0");
    const QString tip =
        hardware.index(row, HardwareModel::NameColumn).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains(QStringLiteral(
        "Measured ÷ datasheet (NVIDIA GeForce RTX 4090): FP32 vector 0.90×, FP64 vector 0.80×, "
        "DRAM 0.75×")))
        << tip.toStdString();
    // The datasheet entry itself, and any entry without measured_of, says nothing of the kind.
    const QString specTip = hardware.index(s.hardwareIndex("rtx-4090"), HardwareModel::NameColumn)
                                .data(Qt::ToolTipRole)
                                .toString();
    EXPECT_FALSE(specTip.contains(QStringLiteral("datasheet"))) << specTip.toStdString();

    ComparisonModel comparison(&s);
    QAbstractItemModelTester comparisonTester(&comparison);
    const QModelIndex cell =
        comparison.index(comparison.rowOf(0, row), ComparisonModel::MeasuredRatioColumn);
    EXPECT_EQ(cell.data().toString(), QStringLiteral("FP32 vector 0.90× · DRAM 0.75×"));
    EXPECT_NEAR(cell.data(ComparisonModel::SortRole).toDouble(), 0.9, 1e-12);
    EXPECT_TRUE(
        cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("FP64 vector 0.80×")));
    const QModelIndex specCell = comparison.index(comparison.rowOf(0, s.hardwareIndex("rtx-4090")),
                                                  ComparisonModel::MeasuredRatioColumn);
    EXPECT_EQ(specCell.data().toString(), QStringLiteral("—"));
    EXPECT_EQ(
        comparison.headerData(ComparisonModel::MeasuredRatioColumn, Qt::Horizontal).toString(),
        QStringLiteral("Measured ÷ datasheet"));
}

} // namespace
