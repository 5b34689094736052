// Kernel names, device matching, grouping, units and the JSON round trip of measured kernels.
#include "core/hardware/catalog.h"
#include "core/measured/devicematch.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/kernelname.h"
#include "core/measured/metricvalue.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace roofscope;

namespace {

// The position of catalog entry `id` in `hw`, -1 when it is not there.
int catalogIndex(const std::vector<Hardware>& hw, std::string_view id)
{
    for (std::size_t i = 0; i < hw.size(); ++i)
        if (hw[i].id == id)
            return static_cast<int>(i);
    return -1;
}

} // namespace

TEST(MeasuredKernelName, TrimsReturnTypeNamespacesTemplatesParametersAndClones)
{
    EXPECT_EQ(shortKernelName("void gemm_v0<float>(T1 *, T1 *, T1 *, int, int, int)"), "gemm_v0");
    EXPECT_EQ(shortKernelName("void at::native::vectorized_elementwise_kernel<4, "
                              "at::native::FillFunctor<float>, at::detail::Array<char *, 1>>(int, "
                              "at::native::FillFunctor<float>, at::detail::Array<char *, 1>)"),
              "vectorized_elementwise_kernel");
    EXPECT_EQ(shortKernelName("Cijk_Ailk_Bljk_HHS_BH_MT128x128x32 [clone .kd]"),
              "Cijk_Ailk_Bljk_HHS_BH_MT128x128x32");
    EXPECT_EQ(shortKernelName("ampere_sgemm_128x64_nn"), "ampere_sgemm_128x64_nn");
    EXPECT_EQ(
        shortKernelName("void at::native::(anonymous namespace)::softmax_warp<float>(float*)"),
        "softmax_warp");
    EXPECT_EQ(shortKernelName("void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_64x64>(Params)"),
              "Kernel<cutlass_80_tensorop_s1688gemm_64x64>");
    EXPECT_EQ(shortKernelName(""), "");
}

TEST(MeasuredDeviceMatch, DeviceNamesToCatalogIds)
{
    const auto hw = HardwareCatalog::builtin().all();
    EXPECT_EQ(matchDeviceToCatalog("NVIDIA A100-SXM4-80GB", hw), "a100-sxm4-80gb");
    EXPECT_EQ(matchDeviceToCatalog("NVIDIA H100 80GB HBM3", hw), "h100-sxm5");
    EXPECT_EQ(matchDeviceToCatalog("NVIDIA H100 PCIe", hw), "h100-pcie");
    EXPECT_EQ(matchDeviceToCatalog("AMD Instinct MI300X", hw), "mi300x");
    EXPECT_EQ(matchDeviceToCatalog("NVIDIA GeForce RTX 4090", hw), "rtx-4090");
    EXPECT_EQ(matchDeviceToCatalog("Tesla V100-SXM2-16GB", hw), "v100-sxm2");
    // Names of boards and systems, as real exports give them.
    EXPECT_EQ(matchDeviceToCatalog("NVIDIA A100-PG509-200", hw), "a100-pcie-40gb");
    EXPECT_EQ(matchDeviceToCatalog("NVIDIA A100-PG509-210", hw), "a100-sxm4-80gb");
    EXPECT_EQ(matchDeviceToCatalog("NVIDIA A100-SXM4-40GB", hw), "a100-pcie-40gb");
    // The card has its own entry (its HBM2e is slower than the SXM4 module's).
    EXPECT_EQ(matchDeviceToCatalog("NVIDIA A100 80GB PCIe", hw), "a100-pcie-80gb");
    EXPECT_EQ(matchDeviceToCatalog("NVIDIA A100-SXM-80GB", hw), "a100-sxm4-80gb");
    EXPECT_EQ(matchDeviceToCatalog("Tesla V100-DGXS-32GB", hw), "v100-sxm2");
    EXPECT_EQ(matchDeviceToCatalog("NVIDIA B200", hw), "b200-sxm");
    EXPECT_EQ(matchDeviceToCatalog("MI300X_A1", hw), "mi300x");    // omniperf's sysinfo gpu_model
    EXPECT_EQ(matchDeviceToCatalog("AMD Instinct MI210", hw), ""); // not in the catalog
    EXPECT_EQ(matchDeviceToCatalog("GeForce GTX 1080 Ti", hw), "");
    EXPECT_EQ(matchDeviceToCatalog("Intel Arc A770", hw), "");
    EXPECT_EQ(matchDeviceToCatalog("", hw), "");
}

// A profile that names no device: the checked GPU its file name mentions, by model number.
TEST(MeasuredDeviceMatch, GpuMentionedInTheFileName)
{
    const auto hw = HardwareCatalog::builtin().all();
    auto index = [&](std::string_view id) { return catalogIndex(hw, id); };
    const std::vector<int> seed = {index("a100-sxm4-80gb"), index("h100-sxm5"), index("h200-sxm"),
                                   index("b200-sxm")};
    ASSERT_EQ(std::count(seed.begin(), seed.end(), -1), 0);
    EXPECT_EQ(gpuMentionedInFileName("ncu-details-a100-gemm.csv", hw, seed), seed[0]);
    EXPECT_EQ(gpuMentionedInFileName("run_H200_decode.ncu-rep.csv", hw, seed), seed[2]);
    EXPECT_EQ(gpuMentionedInFileName("gemm.csv", hw, seed), -1);
    // A word, not a substring: "a1000" is not an A100.
    EXPECT_EQ(gpuMentionedInFileName("rtx-a1000-gemm.csv", hw, seed), -1);
    // Only among the candidates: the 4090 is not checked here.
    EXPECT_EQ(gpuMentionedInFileName("rtx4090.csv", hw, seed), -1);
    EXPECT_EQ(gpuMentionedInFileName("my 4090 run.csv", hw, {index("rtx-4090")}),
              index("rtx-4090"));
    EXPECT_EQ(gpuMentionedInFileName("mi300x-roofline.csv", hw, {index("mi300x")}),
              index("mi300x"));
}

TEST(MeasuredKernelGpus, OverrideWins)
{
    std::vector<MeasuredKernel> kernels(2);
    kernels[0].device = "NVIDIA A100-SXM4-80GB";
    const auto hw = HardwareCatalog::builtin().all();
    assignKernelGpus(kernels, hw);
    EXPECT_EQ(kernels[0].gpu, "a100-sxm4-80gb");
    EXPECT_EQ(kernels[1].gpu, "");
    assignKernelGpus(kernels, hw, "h100-sxm5");
    EXPECT_EQ(kernels[0].gpu, "h100-sxm5");
    EXPECT_EQ(kernels[1].gpu, "h100-sxm5");
}

TEST(MeasuredUnits, EveryScaledUnit)
{
    struct Case {
        const char* unit;
        double factor;
        UnitDimension dimension;
    };
    for (const Case& c :
         {Case{"byte", 1, UnitDimension::Bytes}, Case{"Kbyte", 1e3, UnitDimension::Bytes},
          Case{"Mbyte", 1e6, UnitDimension::Bytes}, Case{"Gbyte", 1e9, UnitDimension::Bytes},
          Case{"Tbyte", 1e12, UnitDimension::Bytes}, Case{"nsecond", 1e-9, UnitDimension::Seconds},
          Case{"usecond", 1e-6, UnitDimension::Seconds},
          Case{"msecond", 1e-3, UnitDimension::Seconds}, Case{"second", 1, UnitDimension::Seconds},
          Case{"cycle", 1, UnitDimension::Count}, Case{"inst", 1, UnitDimension::Count},
          Case{"cycle/second", 1, UnitDimension::PerSecond},
          Case{"cycle/nsecond", 1e9, UnitDimension::PerSecond},
          Case{"Ghz", 1e9, UnitDimension::PerSecond}, Case{"Mhz", 1e6, UnitDimension::PerSecond},
          Case{"byte/second", 1, UnitDimension::BytesPerSecond},
          Case{"Gbyte/second", 1e9, UnitDimension::BytesPerSecond},
          Case{"inst/cycle", 1, UnitDimension::PerCycle}, Case{"%", 1, UnitDimension::Percent}}) {
        SCOPED_TRACE(c.unit);
        const UnitScale s = parseUnit(c.unit);
        EXPECT_DOUBLE_EQ(s.factor, c.factor);
        EXPECT_EQ(s.dimension, c.dimension);
    }
    EXPECT_EQ(parseUnit("furlong").dimension, UnitDimension::Unknown);
    EXPECT_EQ(parseUnit("Xbyte").dimension, UnitDimension::Unknown);
}

TEST(MeasuredUnits, NumbersWithSeparatorsAndNotAvailable)
{
    EXPECT_DOUBLE_EQ(*parseMetricNumber("5,318,969,728.00").value, 5318969728.0);
    EXPECT_DOUBLE_EQ(*parseMetricNumber(" 1.5e+09 ").value, 1.5e9);
    EXPECT_TRUE(parseMetricNumber("n/a").notAvailable);
    EXPECT_FALSE(parseMetricNumber("n/a").value.has_value());
    EXPECT_FALSE(parseMetricNumber("12 apples").value.has_value());
    EXPECT_FALSE(parseMetricNumber("12 apples").notAvailable);
    EXPECT_FALSE(parseMetricNumber("inf").value.has_value());
}

TEST(MeasuredGroup, ByNameSumsTimeFlopsAndBytes)
{
    MeasuredKernel a;
    a.name = "k";
    a.timeS = 1.0;
    a.flops = 10.0;
    a.flopsByPrecision["fp32"] = 10.0;
    a.setBytes(MemLevel::Dram, 5.0);
    a.setBytes(MemLevel::L2, 7.0);
    // b is three launches of a's shape (10 FLOPs each): launches of other shapes stay apart.
    MeasuredKernel b = a;
    b.launches = 3;
    b.timeS = 3.0;
    b.flops = 30.0;
    b.flopsByPrecision["fp32"] = 30.0;
    b.setBytes(MemLevel::Dram, 15.0);
    b.bytes[static_cast<std::size_t>(MemLevel::L2)].reset();
    MeasuredKernel other = a;
    other.name = "other";
    const auto groups = groupKernelsByName({a, other, b});
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0].name, "k");
    EXPECT_EQ(groups[0].launches, 4);
    EXPECT_DOUBLE_EQ(groups[0].timeS, 4.0);
    EXPECT_DOUBLE_EQ(*groups[0].flops, 40.0);
    EXPECT_DOUBLE_EQ(groups[0].flopsByPrecision.at("fp32"), 40.0);
    EXPECT_DOUBLE_EQ(*groups[0].bytesAt(MemLevel::Dram), 20.0);
    EXPECT_FALSE(groups[0].bytesAt(MemLevel::L2).has_value()); // not known for every launch
    EXPECT_EQ(groups[1].name, "other");
}

TEST(MeasuredJson, RoundTripKeepsEveryField)
{
    MeasuredKernel k;
    k.name = "void gemm<float>(float*)";
    k.shortName = "gemm";
    k.source = "ncu";
    k.file = "run.csv";
    k.launchId = "3";
    k.launches = 2;
    k.timeS = 1.25e-3;
    k.flops = 6.87e13;
    k.flopsByPrecision = {{"fp32", 6.8e13}, {"fp16", 0.07e13}};
    k.flopsFormula = "fp32 = fadd + fmul + 2·ffma";
    k.precision = Precision::FP32;
    k.unit = ComputeUnit::Vector;
    k.setBytes(MemLevel::Dram, 4.39e12);
    k.setBytes(MemLevel::L1, 1.7e14);
    k.bytesLowerBound = true;
    k.device = "NVIDIA A100-SXM4-80GB";
    k.gpu = "a100-sxm4-80gb";
    k.notes = {"a note"};
    const auto json = measuredKernelToJson(k);
    EXPECT_TRUE(json["bytes"]["l2"].is_null());
    auto back = measuredKernelFromJson(nlohmann::ordered_json::parse(json.dump()), "doc.json");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, k);

    MeasuredKernel bare;
    bare.name = "x";
    bare.timeS = 1.0;
    auto bareBack = measuredKernelFromJson(measuredKernelToJson(bare), "doc.json");
    ASSERT_TRUE(bareBack.ok());
    EXPECT_EQ(*bareBack, bare);
    EXPECT_FALSE(bareBack->flops.has_value());
}

TEST(MeasuredJson, BadValuesAreErrorsNamingTheKey)
{
    MeasuredKernel k;
    k.name = "x";
    k.timeS = 1.0;
    auto j = measuredKernelToJson(k);
    j["time_s"] = -1.0;
    auto r = measuredKernelFromJson(j, "/measured/0");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "/measured/0: \"time_s\": expected a finite number >= 0");
    j = measuredKernelToJson(k);
    j["precision"] = "fp12";
    r = measuredKernelFromJson(j, "/measured/0");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "/measured/0: \"precision\": unknown precision \"fp12\"");
}

// The vendor a device name or a profiler implies, for the GPU question's first offer.
TEST(MeasuredDeviceMatch, ImpliedVendor)
{
    EXPECT_EQ(impliedVendor("GeForce GTX 1080 Ti", ""), "NVIDIA");
    EXPECT_EQ(impliedVendor("Tesla K80", "torch"), "NVIDIA");
    EXPECT_EQ(impliedVendor("AMD Instinct MI210", ""), "AMD");
    EXPECT_EQ(impliedVendor("AMD Radeon Graphics", "torch"), "AMD");
    EXPECT_EQ(impliedVendor("gfx90a", ""), "AMD");
    EXPECT_EQ(impliedVendor("MI200", ""), "AMD"); // omniperf sysinfo's gpu_model
    EXPECT_EQ(impliedVendor("", "ncu"), "NVIDIA");
    EXPECT_EQ(impliedVendor("", "nvprof"), "NVIDIA");
    EXPECT_EQ(impliedVendor("", "rocprof"), "AMD");
    EXPECT_EQ(impliedVendor("", "csv"), "");
    EXPECT_EQ(impliedVendor("Microwave 3000", "torch"), "");
}

// An Nsight file that names no GPU is offered an NVIDIA entry, not an AMD baseline; the file
// name's mention comes first; a file that implies nothing gets the baseline.
TEST(MeasuredDeviceMatch, SuggestedGpuFollowsTheFileNameThenTheVendor)
{
    const auto hw = HardwareCatalog::builtin().all();
    auto index = [&](std::string_view id) { return catalogIndex(hw, id); };
    const int mi300x = index("mi300x"), h100 = index("h100-sxm5"), a100 = index("a100-sxm4-80gb");
    const std::vector<int> checked = {a100, h100, mi300x};
    EXPECT_EQ(suggestedGpu("profile.csv", "", "ncu", hw, checked, mi300x), a100);
    EXPECT_EQ(suggestedGpu("profile.csv", "", "ncu", hw, checked, h100), h100);
    EXPECT_EQ(suggestedGpu("results.csv", "", "rocprof", hw, checked, h100), mi300x);
    EXPECT_EQ(suggestedGpu("run-h100.csv", "", "rocprof", hw, checked, mi300x), h100);
    EXPECT_EQ(suggestedGpu("run.csv", "", "csv", hw, checked, mi300x), mi300x);
    // Nothing of the vendor checked: its first entry in the catalog.
    EXPECT_EQ(suggestedGpu("trace.json", "AMD Instinct MI210", "torch", hw, {h100}, h100),
              index("mi250x"));
    EXPECT_EQ(suggestedGpu("x.csv", "", "ncu", {}, {}, -1), -1);
}

// Kernels the chart cannot place are counted by reason, in the figure's own conditions.
TEST(MeasuredKernelPlacement, NotPlacedSummaryCountsEachReason)
{
    auto kernel = [](std::optional<double> flops, double time, std::optional<double> dram) {
        MeasuredKernel k;
        k.name = "k";
        k.flops = flops;
        k.timeS = time;
        if (dram)
            k.setBytes(MemLevel::Dram, *dram);
        return k;
    };
    const MeasuredKernel placed = kernel(1e9, 1e-3, 1e6);
    EXPECT_EQ(notPlacedReason(placed), "");
    EXPECT_EQ(notPlacedReason(kernel(std::nullopt, 1e-3, 1e6)), "no FLOPs");
    EXPECT_EQ(notPlacedReason(kernel(0.0, 1e-3, 1e6)), "zero FLOPs");
    EXPECT_EQ(notPlacedReason(kernel(1e9, 0.0, 1e6)), "no time");
    EXPECT_EQ(notPlacedReason(kernel(1e9, 1e-3, std::nullopt)), "no DRAM bytes");
    EXPECT_EQ(notPlacedReason(kernel(1e9, 1e-3, 0.0)), "no DRAM bytes");
    EXPECT_EQ(notPlacedSummary({placed, placed}), "");
    EXPECT_EQ(notPlacedSummary({placed, kernel(std::nullopt, 1e-3, 1e6),
                                kernel(std::nullopt, 1e-3, 1e6), kernel(1e9, 1e-3, std::nullopt)}),
              "3 of 4 kernels are not on the chart: 2 without FLOPs, 1 without DRAM bytes");
    EXPECT_EQ(notPlacedSummary({kernel(0.0, 1e-3, 1e6)}),
              "1 of 1 kernel is not on the chart: 1 with zero FLOPs");
}
