// `roofscope probe --measured-of`: the measured entry against the built-in datasheet entry it
// names, each shared roof named for the output ("dram", "fp32 vector") with measured ÷ datasheet.
#include "core/hardware/catalog.h"
#include "core/hardware/datasheetratios.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace roofscope {
namespace {

// A probe's entry for an H100 SXM5 measured at 3.0 TB/s and 60 TFLOP/s FP32, with an FP8 vector
// ceiling the datasheet does not have and an L1 level it has no figure for.
Hardware measuredH100()
{
    Hardware hw;
    hw.id = "this-machine-vulkan-0";
    hw.vendor = "measured";
    hw.measuredOf = "h100-sxm5";
    hw.ceilings = {{Precision::FP32, ComputeUnit::Vector, 6.0e13, "probe"},
                   {Precision::FP8, ComputeUnit::Vector, 1.0e14, "probe"}};
    hw.memory = {{"dram", 3.0e12, "probe"}, {"l1", 2.0e13, "probe"}};
    return hw;
}

TEST(DatasheetRatios, MeasuredAgainstTheBuiltInH100Sxm5)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const Hardware* h100 = catalog.find("h100-sxm5");
    ASSERT_NE(h100, nullptr);
    const auto ratios = datasheetRatios(measuredH100(), *h100);
    ASSERT_EQ(ratios.size(), 2u);
    EXPECT_EQ(ratios[0].what, "fp32 vector");
    EXPECT_DOUBLE_EQ(ratios[0].measured, 6.0e13);
    EXPECT_DOUBLE_EQ(ratios[0].datasheet, 6.7e13); // the H100 whitepaper's FP32 vector peak
    EXPECT_DOUBLE_EQ(ratios[0].ratio, 6.0e13 / 6.7e13);
    // The probe's "dram" pairs with the datasheet's "hbm" (3.35 TB/s).
    EXPECT_EQ(ratios[1].what, "dram");
    EXPECT_DOUBLE_EQ(ratios[1].datasheet, 3.35e12);
    EXPECT_NEAR(ratios[1].ratio, 0.8955, 1e-4);
}

TEST(DatasheetRatios, JsonHasEveryFieldAsANumber)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const nlohmann::json j =
        datasheetRatiosToJson(datasheetRatios(measuredH100(), *catalog.find("h100-sxm5")));
    ASSERT_TRUE(j.is_array());
    ASSERT_EQ(j.size(), 2u);
    EXPECT_EQ(j[1]["what"], "dram");
    EXPECT_DOUBLE_EQ(j[1]["measured"].get<double>(), 3.0e12);
    EXPECT_DOUBLE_EQ(j[1]["datasheet"].get<double>(), 3.35e12);
    EXPECT_DOUBLE_EQ(j[1]["ratio"].get<double>(), 3.0e12 / 3.35e12);
    EXPECT_TRUE(datasheetRatiosToJson({}).is_array());
}

TEST(DatasheetRatios, OnlyDatasheetEntriesMayBeMeasured)
{
    EXPECT_TRUE(isDatasheetEntry(*HardwareCatalog::builtin().find("h200-sxm")));
    EXPECT_FALSE(isDatasheetEntry(measuredH100()));
}

} // namespace
} // namespace roofscope
