// A measured CPU is known as a CPU (#18): kind "cpu" in its catalog entry, and a sentence about a
// kernel above its roof talks about the probe's FMA peak, not a GPU's clock or tensor cores.
#include "core/catalog.h"
#include "core/measured/kernelanalysis.h"
#include "core/probe/proberesult.h"

#include <gtest/gtest.h>

namespace roofscope {
namespace {

Hardware measuredCpu()
{
    probe::ProbeResult r;
    r.machine.cpuModel = "AMD EPYC";
    r.threads = 2;
    r.fp64.allThreads.max = 57.42e9;
    r.fp32.allThreads.max = 110.5e9;
    probe::LevelResult dram;
    dram.triad.level = "dram";
    dram.triad.bytesPerS = 12.84e9;
    r.levels = {dram};
    return probe::probeResultToHardware(r);
}

TEST(CpuEntry, TheProbeWritesKindCpuAndItRoundTrips)
{
    const Hardware cpu = measuredCpu();
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
    Hardware cpu = measuredCpu();
    cpu.kind = "fpga";
    auto parsed = parseHardwareCatalog(hardwareCatalogToJson({cpu}), "cpu.json");
    ASSERT_FALSE(parsed);
    EXPECT_NE(parsed.error().message.find("/hardware/0/kind"), std::string::npos)
        << parsed.error().message;
}

TEST(CpuEntry, AboveTheMeasuredRoofSaysCpuNotTensorCores)
{
    const Hardware cpu = measuredCpu();
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
