// A measured CPU is known as a CPU: kind "cpu" in its catalog entry, and a sentence about a
// kernel above its roof talks about the probe's FMA peak, not a GPU's clock or tensor cores.
#include "core/hardware/catalog.h"
#include "core/measured/kernelanalysis.h"
#include "core/probe/proberesult.h"

#include "tests/common/measuredcpu.h"

#include <gtest/gtest.h>

namespace roofscope {
namespace {

TEST(CpuEntry, TheProbeWritesKindCpuAndItRoundTrips)
{
    const Hardware cpu = test::measuredCpu(false);
    EXPECT_EQ(cpu.kind, "cpu");
    EXPECT_TRUE(cpu.isCpu());
    auto again = parseHardwareCatalog(hardwareCatalogToJson({cpu}), "cpu.json");
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(again->front(), cpu);
    EXPECT_FALSE(HardwareCatalog::builtin().find("h100-sxm5")->isCpu());
    // A file written before "kind" existed is still the probe's CPU.
    Hardware old = cpu;
    old.kind.clear();
    EXPECT_TRUE(old.isCpu());
    old.id = "my-gpu";
    EXPECT_FALSE(old.isCpu());
}

TEST(CpuEntry, UnknownKindIsAnError)
{
    Hardware cpu = test::measuredCpu(false);
    cpu.kind = "fpga";
    auto parsed = parseHardwareCatalog(hardwareCatalogToJson({cpu}), "cpu.json");
    ASSERT_FALSE(parsed);
    EXPECT_NE(parsed.error().message.find("/hardware/0/kind"), std::string::npos)
        << parsed.error().message;
}

TEST(CpuEntry, AboveTheMeasuredRoofSaysCpuNotTensorCores)
{
    const Hardware cpu = test::measuredCpu(false);
    MeasuredKernel k;
    k.name = "my_gemm";
    k.timeS = 4.0;
    k.flops = 1e12; // 250 GFLOP/s at AI 1000: above the 110.5 GFLOP/s FP32 FMA peak
    k.precision = Precision::FP32;
    k.unit = ComputeUnit::Vector;
    k.setBytes(MemLevel::Dram, 1e9);
    k.gpu = cpu.id;
    const KernelAnalysis a = analyseKernel(k, &cpu);
    ASSERT_TRUE(a.aboveRoof);
    EXPECT_NEAR(*a.percentOfRoof, 250e9 / 110.5e9 * 100.0, 1e-9);
    const std::string& w = a.warnings.back();
    EXPECT_NE(w.find("above this CPU's measured FP32 FMA roof: the kernel may use a wider or "
                     "other unit than the probe measured"),
              std::string::npos)
        << w;
    EXPECT_EQ(w.find("tensor"), std::string::npos) << w;
    EXPECT_EQ(w.find("GPU"), std::string::npos) << w;
    // A GPU keeps its reasons.
    EXPECT_NE(aboveRoofReason(*HardwareCatalog::builtin().find("a100-sxm4-80gb"), Precision::FP32)
                  .find("tensor cores"),
              std::string::npos);
}

} // namespace
} // namespace roofscope

namespace roofscope {
namespace {

// A CPU has no tensor cores: a BF16 matmul on the measured CPU is held to its BF16 dot-product
// (vector) peak, an FP32 one to the FP32 FMA peak; a GPU without an FP32 tensor peak still has
// no roof for FP32 tensor work.
TEST(CpuEntry, MatmulsOnACpuRunOnItsVectorCeilings)
{
    const Hardware cpu = test::measuredCpu();
    const Ceiling* fp32 = cpu.ceilingFor(Precision::FP32, ComputeUnit::Tensor);
    ASSERT_NE(fp32, nullptr);
    EXPECT_EQ(fp32->unit, ComputeUnit::Vector);
    EXPECT_DOUBLE_EQ(fp32->flopsPerS, 110.5e9);
    // No BF16 peak in this entry: the next wider vector peak (FP32) is the bound.
    const Ceiling* bf16 = cpu.ceilingFor(Precision::BF16, ComputeUnit::Tensor);
    ASSERT_NE(bf16, nullptr);
    EXPECT_DOUBLE_EQ(bf16->flopsPerS, 110.5e9);
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const Hardware* h100 = catalog.find("h100-sxm5");
    ASSERT_NE(h100, nullptr);
    ASSERT_EQ(h100->findCeiling(Precision::FP4, ComputeUnit::Tensor), nullptr);
    EXPECT_EQ(h100->ceilingFor(Precision::FP4, ComputeUnit::Tensor), nullptr);
}

} // namespace
} // namespace roofscope
