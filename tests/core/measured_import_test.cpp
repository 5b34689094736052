// Importers of measured kernels, on the fixtures in tests/data/measured (written by
// make_fixtures.py there; each shows one quirk of real exports).
#include "core/hardware/catalog.h"
#include "core/measured/devicematch.h"
#include "core/measured/hardwarefiles.h"
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <string>

using namespace roofscope;

namespace {

std::string fixture(const std::string& name)
{
    return std::string(ROOFSCOPE_TEST_DATA_DIR) + "/measured/" + name;
}

MeasuredImport load(const std::string& name)
{
    auto imported = importMeasurementFile(fixture(name));
    EXPECT_TRUE(imported.ok()) << (imported.ok() ? "" : imported.error().message);
    return imported.ok() ? *imported : MeasuredImport{};
}

const Hardware* builtinGpu(const std::string& id)
{
    static const HardwareCatalog catalog = HardwareCatalog::builtin();
    return catalog.find(id);
}

double at(const MeasuredKernel& k, MemLevel level)
{
    return k.bytesAt(level).value_or(-1.0);
}

} // namespace

// The A100 gemm_v0 launch of the real sample, rebuilt from its metric values: FP32 FLOPs from
// 2·ffma (plus packed FP16), time from cycles ÷ clock, AI at DRAM/L2/L1.
TEST(MeasuredNcu, GemmV0ReproducesTheSampleFigures)
{
    const MeasuredImport m = load("ncu-gemm-v0-a100.csv");
    ASSERT_EQ(m.kernels.size(), 1u);
    MeasuredKernel k = m.kernels[0];
    EXPECT_EQ(k.source, "ncu");
    EXPECT_EQ(k.shortName, "gemm_v0");
    EXPECT_EQ(k.name, "void gemm_v0<float>(T1 *, T1 *, T1 *, int, int, int)");
    ASSERT_TRUE(k.flops);
    EXPECT_NEAR(*k.flops / 1e13, 6.87, 0.005);
    EXPECT_DOUBLE_EQ(k.flopsByPrecision.at("fp32"), 2.0 * 34359738368000.0);
    EXPECT_DOUBLE_EQ(k.flopsByPrecision.at("fp16"), 4.0 * 3355443200.0);
    EXPECT_NEAR(k.timeS, 28293058736.76 / 764999997.55, 1e-9);
    EXPECT_NEAR(k.timeS, 36.98, 0.005);
    EXPECT_EQ(k.precision, Precision::FP32);
    EXPECT_EQ(k.unit, ComputeUnit::Vector);
    EXPECT_NE(k.flopsFormula.find("fp32 = fadd + fmul + 2·ffma"), std::string::npos);
    EXPECT_NE(k.flopsFormula.find("4·hfma"), std::string::npos);
    // Tensor-pipe instructions on an A100 are not turned into FLOPs, and the kernel says so.
    ASSERT_EQ(k.notes.size(), 1u);
    EXPECT_NE(k.notes[0].find("CC 7.x"), std::string::npos);

    k.gpu = "a100-sxm4-80gb";
    const KernelAnalysis a = analyseKernel(k, builtinGpu("a100-sxm4-80gb"));
    EXPECT_NEAR(*a.aiAt(MemLevel::Dram), 15.6, 0.05);
    EXPECT_NEAR(*a.aiAt(MemLevel::L2), 5.26, 0.005);
    EXPECT_NEAR(*a.aiAt(MemLevel::L1), 0.40, 0.005);
    EXPECT_LE(*a.aiAt(MemLevel::L1), *a.aiAt(MemLevel::L2));
    EXPECT_LE(*a.aiAt(MemLevel::L2), *a.aiAt(MemLevel::Dram));
    // FP32 vector roof of the A100 (19.5 TFLOP/s) is below 15.6 × 2.039 TB/s: compute-bound.
    EXPECT_DOUBLE_EQ(*a.roofFlopsPerS, 19.5e12);
    EXPECT_EQ(a.bound, Bound::Compute);
    EXPECT_NEAR(*a.achievedFlopsPerS, 6.8732898508800e13 / k.timeS, 1.0);
    EXPECT_NEAR(*a.percentOfRoof, 9.53, 0.01);
    EXPECT_FALSE(a.aboveRoof);
    EXPECT_EQ(a.ceiling, "fp32 vector");
}

TEST(MeasuredNcu, ChatterBomCrlfScaledUnitsAndNotAvailable)
{
    const MeasuredImport m = load("ncu-chatter-bom-crlf.csv");
    ASSERT_EQ(m.kernels.size(), 1u);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_EQ(k.shortName, "vectorized_elementwise_kernel");
    EXPECT_EQ(k.device, "NVIDIA H100 80GB HBM3");
    EXPECT_DOUBLE_EQ(k.timeS, 12.5e-6);                        // usecond
    EXPECT_DOUBLE_EQ(at(k, MemLevel::Dram), 33.55e6);          // Mbyte
    EXPECT_DOUBLE_EQ(at(k, MemLevel::L1), 1024e3);             // Kbyte with a separator
    EXPECT_FALSE(k.bytesAt(MemLevel::L2).has_value());         // n/a
    EXPECT_DOUBLE_EQ(*k.flops, 2.0 * 4194304 + 4.0 * 1048576); // packed half2
    EXPECT_EQ(k.precision, Precision::FP16);
    EXPECT_NE(k.flopsFormula.find("Nsight Compute half-precision roofline"), std::string::npos);
}

TEST(MeasuredNcu, SectionExportWithRuleRowsCurrentMetricNamesAndPeaks)
{
    const MeasuredImport m = load("ncu-section-rules.csv");
    ASSERT_EQ(m.kernels.size(), 2u); // rule rows are not launches
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_EQ(k.shortName, "flash_fwd_kernel");
    EXPECT_DOUBLE_EQ(k.timeS, 1.5e-3);                      // msecond
    EXPECT_DOUBLE_EQ(at(k, MemLevel::Dram), 3.0e9 + 500e6); // read + write, Gbyte + Mbyte
    EXPECT_DOUBLE_EQ(at(k, MemLevel::L2), 32.0 * 250e6);    // lts2xbar cycles × 32
    EXPECT_DOUBLE_EQ(at(k, MemLevel::L1), 128.0 * 100e6);   // LSU writebacks × 128
    // Tensor ops counted directly; FP32 from a per-cycle counter × clock (Ghz) × time.
    EXPECT_DOUBLE_EQ(k.flopsByPrecision.at("fp16-tensor"), 300e9);
    EXPECT_NEAR(k.flopsByPrecision.at("fp32"), 2.0 * 2000 * 1.41e9 * 1.5e-3, 1.0);
    EXPECT_EQ(k.precision, Precision::FP16);
    EXPECT_EQ(k.unit, ComputeUnit::Tensor);
    EXPECT_DOUBLE_EQ(m.kernels[1].timeS, 3e-3);

    ASSERT_EQ(m.hardware.size(), 1u);
    const Hardware& hw = m.hardware[0];
    EXPECT_EQ(hw.id, "measured-nvidia-a100-sxm4-80gb");
    ASSERT_NE(hw.findCeiling(Precision::FP32, ComputeUnit::Vector), nullptr);
    EXPECT_NEAR(hw.findCeiling(Precision::FP32, ComputeUnit::Vector)->flopsPerS, 6912 * 2 * 1.41e9,
                1.0);
    ASSERT_NE(hw.findMemory("dram"), nullptr);
    EXPECT_NEAR(hw.findMemory("dram")->bytesPerS, 1280 * 1.593e9, 1.0);
}

TEST(MeasuredNcu, RawPageWithUnitsRow)
{
    const MeasuredImport m = load("ncu-raw-wide.csv");
    ASSERT_EQ(m.kernels.size(), 1u);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_EQ(k.shortName, "dgemm_kernel");
    EXPECT_DOUBLE_EQ(k.timeS, 2e-3);                        // nsecond
    EXPECT_DOUBLE_EQ(at(k, MemLevel::Dram), 100e6 + 500e3); // dram__bytes_op_read + op_write
    EXPECT_DOUBLE_EQ(*k.flops, 1e6 + 3e6 + 2.0 * 2e6);      // dadd + dmul + 2·dfma
    EXPECT_EQ(k.precision, Precision::FP64);
}

TEST(MeasuredNcu, NoFlopCountersMeansNoFlopsAndAWarning)
{
    const MeasuredImport m = load("ncu-no-flops.csv");
    ASSERT_EQ(m.kernels.size(), 1u);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_FALSE(k.flops.has_value());
    EXPECT_TRUE(k.flopsFormula.empty());
    const KernelAnalysis a = analyseKernel(k, builtinGpu("a100-sxm4-80gb"));
    EXPECT_FALSE(a.achievedFlopsPerS.has_value());
    EXPECT_FALSE(a.aiAt(MemLevel::Dram).has_value());
    EXPECT_FALSE(a.percentOfRoof.has_value());
    EXPECT_DOUBLE_EQ(*a.achievedBytesPerS, 2e9 / 1e-3);
    ASSERT_FALSE(a.warnings.empty());
    EXPECT_NE(a.warnings[0].find("no FLOP counters"), std::string::npos);
}

TEST(MeasuredNcu, VoltaTensorInstructionsAreAnEstimate)
{
    const MeasuredImport m = load("ncu-volta-tensor.csv");
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_DOUBLE_EQ(*m.kernels[0].flops, 512.0 * 1000);
    EXPECT_EQ(m.kernels[0].unit, ComputeUnit::Tensor);
    EXPECT_NE(m.kernels[0].flopsFormula.find("estimate"), std::string::npos);
}

TEST(MeasuredNcu, OnlyErrorLinesIsAnErrorNamingTheFile)
{
    auto imported = importMeasurementFile(fixture("ncu-errors-only.csv"));
    ASSERT_FALSE(imported.ok());
    EXPECT_NE(imported.error().message.find("ncu-errors-only.csv: the profiled run failed"),
              std::string::npos);
    EXPECT_NE(imported.error().message.find("==ERROR== The application returned an error code"),
              std::string::npos);
}

TEST(MeasuredRocprof, OmniperfFormulas)
{
    const MeasuredImport m = load("pmc_perf.csv");
    ASSERT_EQ(m.kernels.size(), 1u);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_EQ(k.source, "rocprof");
    EXPECT_EQ(k.shortName, "kernel_gemm_xdl");
    EXPECT_EQ(k.launchId, "0");
    EXPECT_DOUBLE_EQ(k.timeS, 1000e-9);
    EXPECT_DOUBLE_EQ(k.flopsByPrecision.at("fp32"), 64.0 * (100 + 200 + 2 * 300 + 50));
    EXPECT_DOUBLE_EQ(k.flopsByPrecision.at("bf16-tensor"), 512.0 * 1000);
    EXPECT_EQ(k.precision, Precision::BF16);
    EXPECT_EQ(k.unit, ComputeUnit::Tensor);
    EXPECT_DOUBLE_EQ(at(k, MemLevel::Dram), 32.0 * 200 + 64.0 * 800 + 64.0 * 100 + 32.0 * 400);
    EXPECT_DOUBLE_EQ(at(k, MemLevel::L2), 64.0 * (2000 + 500 + 10 + 0));
    EXPECT_DOUBLE_EQ(at(k, MemLevel::L1), 64.0 * 8000);
}

TEST(MeasuredEmpirical, OmniperfRooflineCsvIsAHardwareEntryPerDevice)
{
    const MeasuredImport m = load("omniperf-roofline.csv");
    EXPECT_TRUE(m.kernels.empty());
    ASSERT_EQ(m.hardware.size(), 2u); // devices 0 and 1, one row each
    const Hardware& hw = m.hardware[1];
    EXPECT_EQ(hw.id.rfind("omniperf-gpu-dev1-", 0), 0u);
    EXPECT_DOUBLE_EQ(hw.findMemory("hbm")->bytesPerS, 1500e9);
    EXPECT_DOUBLE_EQ(hw.findMemory("l2")->bytesPerS, 5200e9);
    EXPECT_DOUBLE_EQ(hw.findCeiling(Precision::FP32, ComputeUnit::Vector)->flopsPerS, 22000e9);
    EXPECT_DOUBLE_EQ(hw.findCeiling(Precision::BF16, ComputeUnit::Tensor)->flopsPerS, 172000e9);
    EXPECT_DOUBLE_EQ(hw.findCeiling(Precision::INT8, ComputeUnit::Tensor)->flopsPerS, 162000e9);
}

TEST(MeasuredEmpirical, ErtJsonIsAHardwareEntry)
{
    const MeasuredImport m = load("ert-roofline.json");
    ASSERT_EQ(m.hardware.size(), 1u);
    const Hardware& hw = m.hardware[0];
    EXPECT_EQ(hw.id.rfind("ert-knl-node-", 0), 0u); // spec.name, then a hash of the values
    EXPECT_EQ(hw.name.rfind("knl-node (ERT measured", 0), 0u);
    EXPECT_DOUBLE_EQ(hw.findMemory("l1")->bytesPerS, 8259.44e9);
    EXPECT_DOUBLE_EQ(hw.findMemory("dram")->bytesPerS, 200.3e9);
    EXPECT_DOUBLE_EQ(hw.findCeiling(Precision::FP64, ComputeUnit::Vector)->flopsPerS, 2772.78e9);
}

TEST(MeasuredEmpirical, CatalogLoadFileAcceptsErtAndOmniperf)
{
    HardwareCatalog catalog = HardwareCatalog::builtin();
    const auto ert = loadHardwareFile(catalog, fixture("ert-roofline.json")).value();
    const auto omniperf = loadHardwareFile(catalog, fixture("omniperf-roofline.csv")).value();
    ASSERT_EQ(ert.size(), 1u);
    ASSERT_EQ(omniperf.size(), 2u);
    EXPECT_NE(catalog.find(ert[0].id), nullptr);
    EXPECT_NE(catalog.find(omniperf[1].id), nullptr);
    EXPECT_NE(catalog.find("h100-sxm5"), nullptr);
}

TEST(MeasuredTorch, KernelsTiedToOpsByExternalIdAndCorrelation)
{
    for (const char* file : {"torch-trace.json", "torch-trace.json.gz"}) {
        SCOPED_TRACE(file);
        const MeasuredImport m = load(file);
        ASSERT_EQ(m.kernels.size(), 5u);
        const MeasuredKernel& addmm = m.kernels[0];
        EXPECT_EQ(addmm.source, "torch");
        EXPECT_EQ(addmm.device, "NVIDIA A100-SXM4-80GB");
        EXPECT_DOUBLE_EQ(addmm.timeS, 8e-6);
        EXPECT_DOUBLE_EQ(*addmm.flops, 2.0 * 64 * 128 * 256);
        EXPECT_DOUBLE_EQ(at(addmm, MemLevel::Dram), (64 * 256 + 256 * 128 + 64 * 128 + 128) * 4.0);
        EXPECT_TRUE(addmm.bytesLowerBound);
        EXPECT_EQ(addmm.precision, Precision::FP32);
        // Tied through the runtime launch's correlation only.
        const MeasuredKernel& bmm = m.kernels[1];
        EXPECT_EQ(bmm.shortName,
                  "Kernel<cutlass_80_tensorop_bf16_s16816gemm_bf16_64x64_64x4_tn_align8>");
        EXPECT_DOUBLE_EQ(*bmm.flops, 2.0 * 4 * 32 * 16 * 64);
        EXPECT_DOUBLE_EQ(at(bmm, MemLevel::Dram), (4 * 32 * 64 + 4 * 64 * 16 + 4 * 32 * 16) * 2.0);
        EXPECT_EQ(bmm.precision, Precision::BF16);
        EXPECT_EQ(bmm.unit, ComputeUnit::Tensor);
        // softmax of [64, 128] fp32: 5 FLOP an element (max, subtract, exp, sum, divide),
        // read and written once.
        const MeasuredKernel& softmax = m.kernels[2];
        EXPECT_EQ(softmax.shortName, "cunn_SoftMaxForward");
        EXPECT_DOUBLE_EQ(*softmax.flops, 5.0 * 64 * 128);
        EXPECT_DOUBLE_EQ(at(softmax, MemLevel::Dram), 2.0 * 64 * 128 * 4);
        EXPECT_DOUBLE_EQ(softmax.timeS, 2e-6);
        EXPECT_EQ(softmax.flopsFormula.rfind("aten::softmax: 5 FLOP/element", 0), 0u);
        const MeasuredKernel& attention = m.kernels[3];
        EXPECT_DOUBLE_EQ(*attention.flops, 4.0 * 2 * 8 * 128 * 128 * 64);
        EXPECT_DOUBLE_EQ(at(attention, MemLevel::Dram), 4.0 * 2 * 8 * 128 * 64 * 2);
        // A kernel no op claims keeps its time.
        EXPECT_FALSE(m.kernels[4].flops.has_value());
        ASSERT_EQ(m.kernels[4].notes.size(), 1u);
        EXPECT_EQ(m.kernels[4].notes[0].rfind("not linked to a cpu_op", 0), 0u);
    }
}

TEST(MeasuredGeneric, OptionalColumnsPrecisionGpuAndLaunches)
{
    MeasuredImport m = load("generic.csv");
    ASSERT_EQ(m.kernels.size(), 4u);
    const MeasuredKernel& gemm = m.kernels[0];
    EXPECT_EQ(gemm.source, "csv");
    EXPECT_EQ(gemm.shortName, "gemm");
    EXPECT_EQ(gemm.launches, 4);
    EXPECT_DOUBLE_EQ(at(gemm, MemLevel::L2), 4e9);
    EXPECT_FALSE(gemm.bytesAt(MemLevel::L1).has_value());
    EXPECT_EQ(gemm.precision, Precision::FP16);
    EXPECT_EQ(gemm.unit, ComputeUnit::Tensor);
    EXPECT_EQ(m.kernels[1].shortName, "Cijk_Ailk_Bljk_HHS_BH_MT128x128x32_MI32x32x8x1");
    EXPECT_FALSE(m.kernels[3].flops.has_value());       // empty cell: no FLOPs, not zero
    EXPECT_EQ(m.kernels[3].precision, Precision::FP32); // the default
    EXPECT_EQ(m.kernels[3].unit, ComputeUnit::Vector);
    EXPECT_EQ(m.kernels[1].unit, ComputeUnit::Vector); // "fp16:vector"
    EXPECT_EQ(m.kernels[3].launches, 1);

    const HardwareCatalog catalog = HardwareCatalog::builtin();
    assignKernelGpus(m.kernels, catalog.all());
    EXPECT_EQ(m.kernels[0].gpu, "h100-sxm5"); // "NVIDIA H100 80GB HBM3"
    EXPECT_EQ(m.kernels[1].gpu, "mi300x");    // a catalog id as such
    EXPECT_EQ(m.kernels[2].gpu, "");
    EXPECT_EQ(m.kernels[3].gpu, "a100-sxm4-80gb");

    // 2 TFLOP in 2 ms is 1 PFLOP/s, above the H100's 989.4 TFLOP/s FP16 tensor roof.
    const KernelAnalysis above = analyseKernel(m.kernels[0], catalog.find("h100-sxm5"));
    EXPECT_TRUE(above.aboveRoof);
    EXPECT_DOUBLE_EQ(*above.roofFlopsPerS, 989.4e12);
    EXPECT_NEAR(*above.percentOfRoof, 1e15 / 989.4e12 * 100.0, 1e-9);
    EXPECT_NE(above.warnings.back().find("above the roof"), std::string::npos);

    const KernelAnalysis zeroFlops = analyseKernel(m.kernels[1], catalog.find("mi300x"));
    EXPECT_FALSE(zeroFlops.aiAt(MemLevel::Dram).has_value());
    EXPECT_FALSE(zeroFlops.roofFlopsPerS.has_value());
    EXPECT_NE(zeroFlops.warnings[0].find("zero FLOPs"), std::string::npos);

    const KernelAnalysis zeroBytes = analyseKernel(m.kernels[2], nullptr);
    EXPECT_FALSE(zeroBytes.aiAt(MemLevel::Dram).has_value());
    EXPECT_NE(zeroBytes.warnings[0].find("zero DRAM bytes"), std::string::npos);
    EXPECT_NE(zeroBytes.warnings[1].find("unknown device"), std::string::npos);
}
