// A measured entry held against its datasheet: "measured_of" names the datasheet entry,
// measuredRatios gives measured / datasheet for every roof both have.
#include "core/hardware/catalog.h"
#include "core/hardware/hardware.h"

#include <gtest/gtest.h>

#include <string>

namespace roofscope {
namespace {

std::string catalogText(const std::string& entries)
{
    return R"({"format": "roofscope-hardware", "version": 1, "hardware": [)" + entries + "]}";
}

// What `roofscope probe --device vulkan -o` writes for an RTX 4090, with measured_of added.
const char* kMeasured4090 = R"j({"id": "this-machine-vulkan-0", "name": "RTX 4090 (measured)",
    "vendor": "measured", "measured_of": "rtx-4090",
    "ceilings": [
      {"precision": "fp32", "unit": "vector", "flops_per_s": 7.434e13, "source": "probe"},
      {"precision": "fp16", "unit": "vector", "flops_per_s": 7.5e13, "source": "probe"},
      {"precision": "fp64", "unit": "vector", "flops_per_s": 1.17e12, "source": "probe"}],
    "memory": [{"level": "dram", "bytes_per_s": 9.072e11, "source": "probe"},
               {"level": "l2", "bytes_per_s": 5e12, "source": "probe"}]
})j";

TEST(MeasuredRatio, EveryRoofBothEntriesHave)
{
    auto parsed = parseHardwareCatalog(catalogText(kMeasured4090), "my.json");
    ASSERT_TRUE(parsed) << parsed.error().message;
    const Hardware& measured = parsed->front();
    EXPECT_EQ(measured.measuredOf, "rtx-4090");
    HardwareCatalog catalog = HardwareCatalog::builtin();
    catalog.merge(*parsed);
    const Hardware* spec = catalog.datasheetOf(*catalog.find("this-machine-vulkan-0"));
    ASSERT_NE(spec, nullptr);
    EXPECT_EQ(spec->id, "rtx-4090");

    const auto ratios = measuredRatios(measured, *spec);
    // The datasheet publishes FP32 and FP64 vector peaks and DRAM, no FP16 vector peak or L2.
    ASSERT_EQ(ratios.size(), 3u);
    EXPECT_TRUE(ratios[0].compute);
    EXPECT_EQ(ratios[0].ceiling.precision, Precision::FP32);
    EXPECT_DOUBLE_EQ(ratios[0].datasheet, 82.6e12);
    EXPECT_NEAR(ratios[0].ratio(), 74.34 / 82.6, 1e-12); // 0.90
    EXPECT_EQ(ratios[1].ceiling.precision, Precision::FP64);
    EXPECT_NEAR(ratios[1].ratio(), 1.17 / 1.3, 1e-12); // 0.90
    EXPECT_FALSE(ratios[2].compute);
    EXPECT_EQ(ratios[2].level, "dram");
    EXPECT_DOUBLE_EQ(ratios[2].datasheet, 1008e9);
    EXPECT_NEAR(ratios[2].ratio(), 907.2 / 1008.0, 1e-12); // 0.90
}

// A Vulkan probe calls its memory "dram"; an H100's datasheet "hbm": the main memories pair.
TEST(MeasuredRatio, MainMemoriesPairAcrossNames)
{
    const Hardware h100 = *HardwareCatalog::builtin().find("h100-sxm5");
    Hardware measured;
    measured.id = "measured-h100";
    measured.measuredOf = "h100-sxm5";
    measured.ceilings = {{Precision::FP32, ComputeUnit::Vector, 50.25e12, "probe", false}};
    measured.memory = {{"dram", 2.68e12, "probe", false}};
    const auto ratios = measuredRatios(measured, h100);
    ASSERT_EQ(ratios.size(), 2u);
    EXPECT_NEAR(ratios[0].ratio(), 50.25 / 67.0, 1e-12); // 0.75
    EXPECT_EQ(ratios[1].level, "dram");
    EXPECT_DOUBLE_EQ(ratios[1].datasheet, 3.35e12);
    EXPECT_NEAR(ratios[1].ratio(), 0.8, 1e-12);
}

// A CPU has no datasheet: no measured_of, no counterpart, nothing to compare.
TEST(MeasuredRatio, WithoutMeasuredOfNoDatasheet)
{
    Hardware cpu;
    cpu.id = "this-machine-cpu";
    EXPECT_EQ(HardwareCatalog::builtin().datasheetOf(cpu), nullptr);
    cpu.measuredOf = "no-such-gpu";
    EXPECT_EQ(HardwareCatalog::builtin().datasheetOf(cpu), nullptr);
}

TEST(MeasuredRatio, MeasuredOfRoundTripsAndIsChecked)
{
    auto parsed = parseHardwareCatalog(catalogText(kMeasured4090), "my.json");
    ASSERT_TRUE(parsed) << parsed.error().message;
    auto again = parseHardwareCatalog(hardwareCatalogToJson(*parsed), "again.json");
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(*again, *parsed);
    std::string bad = kMeasured4090;
    bad.replace(bad.find("\"rtx-4090\""), 10, "\"RTX 4090\"");
    auto failed = parseHardwareCatalog(catalogText(bad), "my.json");
    ASSERT_FALSE(failed);
    EXPECT_NE(failed.error().message.find("/hardware/0/measured_of"), std::string::npos)
        << failed.error().message;
}

} // namespace
} // namespace roofscope
