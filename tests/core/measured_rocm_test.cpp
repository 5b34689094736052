// ROCm and ERT files: rocprof v1 results.csv (timestamps, counters, the two joined), omniperf
// pmc_perf.csv (gfx908, gfx942 spellings, sysinfo.csv), omniperf roofline.csv with several
// devices, ERT roofline.json with L3/L4. Synthetic fixtures in tests/data/measured, and the real
// exports of ROOFSCOPE_REAL_CORPUS_DIR (values derived by hand from their rows, as noted).
#include "core/hardware/catalog.h"
#include "core/measured/experimentjoin.h"
#include "core/measured/hardwarefiles.h"
#include "core/measured/importer.h"
#include "core/measured/rocprofimporter.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace roofscope;

namespace {

std::string fixture(const std::string& name)
{
    return std::string(ROOFSCOPE_TEST_DATA_DIR) + "/measured/" + name;
}

std::string real(const std::string& name)
{
    return std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/" + name;
}

#define REQUIRE_REAL_CORPUS()                                                                      \
    if (!std::filesystem::is_directory(ROOFSCOPE_REAL_CORPUS_DIR))                                 \
    GTEST_SKIP() << "real-export folder " << ROOFSCOPE_REAL_CORPUS_DIR                             \
                 << " is absent (CI always has it)"

MeasuredImport load(const std::string& path)
{
    auto imported = importMeasurementFile(path);
    EXPECT_TRUE(imported.ok()) << (imported.ok() ? "" : imported.error().message);
    return imported.ok() ? *imported : MeasuredImport{};
}

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

bool anyWarning(const MeasuredImport& m, const std::string& part)
{
    for (const std::string& w : m.warnings)
        if (w.find(part) != std::string::npos)
            return true;
    return false;
}

double at(const MeasuredKernel& k, MemLevel level)
{
    return k.bytesAt(level).value_or(-1.0);
}

} // namespace

TEST(MeasuredRocprofV1, TimestampTraceGivesTimeOnly)
{
    const MeasuredImport m = load(fixture("rocprof-v1-timestamps.csv"));
    ASSERT_EQ(m.kernels.size(), 3u);
    EXPECT_EQ(m.kernels[1].name, "stencil_kernel");
    EXPECT_EQ(m.kernels[1].launchId, "1");
    EXPECT_DOUBLE_EQ(m.kernels[1].timeS, (8000 - 3000) * 1e-9); // EndNs − BeginNs
    EXPECT_FALSE(m.kernels[1].flops);
    EXPECT_FALSE(m.kernels[1].bytesAt(MemLevel::Dram));
    EXPECT_TRUE(m.warnings.empty());
}

TEST(MeasuredRocprofV1, CountersInKiBAndVaLuFlopsWithoutTime)
{
    const MeasuredImport m = load(fixture("rocprof-v1-counters.csv"));
    ASSERT_EQ(m.kernels.size(), 3u);
    const MeasuredKernel& k = m.kernels[1];
    EXPECT_EQ(k.timeS, 0.0);
    // FETCH_SIZE 16384 KiB + WRITE_SIZE 8192 KiB.
    EXPECT_DOUBLE_EQ(at(k, MemLevel::Dram), 1024.0 * (16384 + 8192));
    // 64·(ADD 32768 + MUL 0 + 2·FMA 65536).
    EXPECT_DOUBLE_EQ(*k.flops, 64.0 * (32768 + 2 * 65536));
    EXPECT_EQ(k.precision, Precision::FP32);
    EXPECT_TRUE(anyWarning(m, "time unknown: the file has counters but no BeginNs/EndNs"));
    EXPECT_TRUE(anyWarning(m, "FLOPs count VALU work only"));
}

TEST(MeasuredRocprofV1, TraceAndCountersOfOneRunAreJoinedByDispatch)
{
    const auto joined = [] {
        std::vector<std::string> notes;
        auto r = importMeasurementFiles(
            {fixture("rocprof-v1-timestamps.csv"), fixture("rocprof-v1-counters.csv")}, notes);
        EXPECT_TRUE(notes.empty());
        return r;
    }();
    ASSERT_TRUE(joined.ok()) << joined.error().message;
    ASSERT_EQ(joined->size(), 1u);
    const MeasuredImport& m = joined->front();
    ASSERT_EQ(m.kernels.size(), 3u);
    const MeasuredKernel& k = m.kernels[1];
    EXPECT_DOUBLE_EQ(k.timeS, 5000e-9);
    EXPECT_DOUBLE_EQ(at(k, MemLevel::Dram), 1024.0 * (16384 + 8192));
    EXPECT_DOUBLE_EQ(*k.flops, 64.0 * (32768 + 2 * 65536));
    EXPECT_DOUBLE_EQ(m.kernels[2].timeS, 1500e-9);
    ASSERT_FALSE(m.warnings.empty());
    EXPECT_EQ(m.warnings[0].rfind("joined ", 0), 0u);
    EXPECT_NE(m.warnings[0].find("by dispatch: 3 dispatches"), std::string::npos);
    EXPECT_FALSE(anyWarning(m, "time unknown"));
}

TEST(MeasuredRocprofV1, DifferentDispatchSequencesAreNotJoined)
{
    auto trace = importMeasurementFile(fixture("rocprof-v1-timestamps.csv"));
    std::string text = slurp(fixture("rocprof-v1-counters.csv"));
    text = text.substr(0, text.rfind("2,\"axpy_kernel\"")); // two dispatches, not three
    auto counters = importMeasurementData(text, "counters.csv");
    ASSERT_TRUE(trace.ok() && counters.ok());
    std::vector<std::string> notes;
    const auto out = joinExperiments({*trace, *counters}, notes);
    ASSERT_EQ(out.size(), 2u);
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_NE(notes[0].find("the dispatch sequences differ (3 dispatches against 2)"),
              std::string::npos);
    // Same count, another kernel at dispatch 1.
    std::string renamed = slurp(fixture("rocprof-v1-counters.csv"));
    renamed.replace(renamed.find("stencil_kernel"), 14, "other_kernel");
    auto other = importMeasurementData(renamed, "other.csv");
    notes.clear();
    EXPECT_EQ(joinExperiments({*trace, *other}, notes).size(), 2u);
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_NE(notes[0].find("dispatch 1 is stencil_kernel in one and other_kernel in the other"),
              std::string::npos);
}

TEST(MeasuredRocprofV1, RealMi250xTimestampTrace)
{
    REQUIRE_REAL_CORPUS();
    const std::string path = real("mi250x_rocprofv1_timestamps_laplacian_1004disp.csv");
    const MeasuredImport m = load(path);
    ASSERT_EQ(m.kernels.size(), 1004u);
    // Row of Index 1: laplacian_kernel, BeginNs 2001401021036510, EndNs 2001401023684049
    // (its DurationNs says 2647539).
    const MeasuredKernel& k = m.kernels[1];
    EXPECT_EQ(k.name, "laplacian_kernel");
    EXPECT_EQ(k.launchId, "1");
    EXPECT_DOUBLE_EQ(k.timeS, 2647539e-9);
    EXPECT_EQ(m.kernels[2].name, "__amd_rocclr_fillBufferAligned.kd");
    EXPECT_DOUBLE_EQ(m.kernels[2].timeS, 5441e-9);

    // A counters file of the same dispatch sequence (written here from the trace's own names:
    // 100 KiB fetched and 50 KiB written each) joins with it dispatch by dispatch.
    std::string counters = "\"Index\",\"KernelName\",\"FETCH_SIZE\",\"WRITE_SIZE\"\n";
    for (const MeasuredKernel& d : m.kernels)
        counters += d.launchId + ",\"" + d.name + "\",100,50\n";
    auto c = importMeasurementData(counters, "counters.csv");
    ASSERT_TRUE(c.ok()) << c.error().message;
    std::vector<std::string> notes;
    const auto joined = joinExperiments({m, *c}, notes);
    ASSERT_EQ(joined.size(), 1u);
    EXPECT_NE(joined[0].warnings[0].find("by dispatch: 1004 dispatches"), std::string::npos);
    EXPECT_DOUBLE_EQ(joined[0].kernels[1].timeS, 2647539e-9);
    EXPECT_DOUBLE_EQ(at(joined[0].kernels[1], MemLevel::Dram), 150.0 * 1024);
}

TEST(MeasuredRocprof, Gfx908HasTimeAndBytesAndNoMfmaFlops)
{
    const MeasuredImport m = load(fixture("gfx908/pmc_perf.csv"));
    // Dispatch 2 ends before it starts: skipped and counted, the others read.
    ASSERT_EQ(m.kernels.size(), 2u);
    EXPECT_TRUE(anyWarning(m, "1 dispatch skipped (line 4: dispatch 2: expected End_Timestamp > "
                              "Start_Timestamp (ns))"));
    const MeasuredKernel& gemm = m.kernels[0];
    EXPECT_EQ(gemm.device, "MI100"); // gpu_model of the sysinfo.csv beside it
    EXPECT_DOUBLE_EQ(gemm.timeS, 4000e-9);
    // 4096 MFMA instructions and no MFMA_MOPS counters: FLOPs unknown, bytes still read.
    EXPECT_FALSE(gemm.flops);
    EXPECT_DOUBLE_EQ(at(gemm, MemLevel::Dram), 64.0 * 1000 + 64.0 * 500);
    EXPECT_DOUBLE_EQ(at(gemm, MemLevel::L2), 64.0 * (3000 + 600));
    EXPECT_TRUE(anyWarning(m, "FLOPs unknown for 1 dispatches: they ran MFMA instructions and "
                              "the file has no SQ_INSTS_VALU_MFMA_MOPS_* counters (gfx908"));
    // No MFMA instruction in vec_scale: its VALU FLOPs are all its FLOPs.
    const MeasuredKernel& scale = m.kernels[1];
    EXPECT_DOUBLE_EQ(*scale.flops, 64.0 * (100 + 200 + 2 * 300));
    // 32·100 + 64·(2000 − 100) + 64·900 + 32·(1000 − 900).
    EXPECT_DOUBLE_EQ(at(scale, MemLevel::Dram), 3200.0 + 121600 + 57600 + 3200);
}

// A gfx908 row whose MFMA instruction count is past any integer (a corrupt or mistyped file,
// found by fuzz_rocprof) is still read: FLOPs unknown, the count said as a number.
TEST(MeasuredRocprof, MfmaInstructionCountPastAnyIntegerIsSaidNotCast)
{
    const std::string text = "Dispatch_ID,Kernel_Name,SQ_INSTS_VALU_MFMA_F32,Start_Timestamp,"
                             "End_Timestamp\n"
                             "1,gemm,1e30,100,600\n";
    auto m = importMeasurementData(text, "pmc_perf.csv");
    ASSERT_TRUE(m.ok()) << m.error().message;
    const MeasuredKernel& k = m->kernels.at(0);
    EXPECT_FALSE(k.flops);
    ASSERT_FALSE(k.notes.empty());
    EXPECT_EQ(k.notes.front(), "FLOPs unknown: 1e+30 MFMA instructions and no "
                               "SQ_INSTS_VALU_MFMA_MOPS_* counters");
}

TEST(MeasuredRocprof, Gfx942SpellingsAndPerChannelColumns)
{
    // MI300: TCC_EA0_*, TCC_BUBBLE (128-byte reads), per-channel TCC_EA0_WRREQ[n] without a
    // _sum column, TCP_TCC_*_REQ atomics.
    const std::string text =
        "Dispatch_ID,Kernel_Name,TCC_BUBBLE_sum,TCC_EA0_RDREQ_sum,TCC_EA0_RDREQ_32B_sum,"
        "TCC_EA0_WRREQ[0],TCC_EA0_WRREQ[1],TCC_EA0_WRREQ_64B_sum,TCP_TCC_READ_REQ_sum,"
        "TCP_TCC_ATOMIC_WITH_RET_REQ_sum,SQ_INSTS_VALU_MFMA_MOPS_F8,Start_Timestamp,End_Timestamp\n"
        "7,k,10,100,20,30,40,50,5,1,3,100,600\n";
    auto m = importMeasurementData(text, "pmc_perf.csv");
    ASSERT_TRUE(m.ok()) << m.error().message;
    const MeasuredKernel& k = m->kernels.at(0);
    // 128·10 + 64·(100 − 10 − 20) + 32·20 + 64·50 + 32·(70 − 50).
    EXPECT_DOUBLE_EQ(at(k, MemLevel::Dram), 1280.0 + 4480 + 640 + 3200 + 640);
    EXPECT_DOUBLE_EQ(at(k, MemLevel::L2), 64.0 * (5 + 1));
    EXPECT_DOUBLE_EQ(k.flopsByPrecision.at("fp8-tensor"), 512.0 * 3);
    EXPECT_DOUBLE_EQ(k.timeS, 500e-9);
}

TEST(MeasuredRocprof, RealMi300xPmcPerfWithSysinfo)
{
    REQUIRE_REAL_CORPUS();
    // importMeasurementFile looks for "sysinfo.csv" beside the file: put both real files into
    // a scratch folder under the names omniperf gives them.
    const auto dir = std::filesystem::temp_directory_path() / "roofscope-mi300x-workload";
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(real("mi300x_omniperf_pmc_perf_vcopy_3disp.csv"),
                               dir / "pmc_perf.csv",
                               std::filesystem::copy_options::overwrite_existing);
    std::filesystem::copy_file(real("mi300x_omniperf_sysinfo.csv"), dir / "sysinfo.csv",
                               std::filesystem::copy_options::overwrite_existing);
    const MeasuredImport m = load((dir / "pmc_perf.csv").string());
    std::filesystem::remove_all(dir);
    ASSERT_EQ(m.kernels.size(), 3u);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_EQ(k.shortName, "vecCopy");
    EXPECT_EQ(k.device, "MI300X_A1");
    // End_Timestamp 716295853087727 − Start_Timestamp 716295853072008.
    EXPECT_DOUBLE_EQ(k.timeS, 15719e-9);
    // gfx942: 128·BUBBLE 65536 + 64·(EA0_RDREQ 65777 − 65536 − 32B 0) + 64·WRREQ_64B 131072:
    // the 8 MiB read and 8 MiB written by a copy of 1 Mi doubles, plus 15424 bytes.
    EXPECT_DOUBLE_EQ(at(k, MemLevel::Dram), 16792640.0);
    EXPECT_DOUBLE_EQ(at(k, MemLevel::L2), 64.0 * (65536 + 131072));
    EXPECT_DOUBLE_EQ(at(k, MemLevel::L1), 64.0 * 524288);
    EXPECT_DOUBLE_EQ(*k.flops, 0.0); // a copy: every VALU FLOP and MFMA counter is 0
    EXPECT_DOUBLE_EQ(m.kernels[2].timeS, 13799e-9);
    EXPECT_DOUBLE_EQ(at(m.kernels[2], MemLevel::Dram), 16793536.0); // RDREQ 65791
}

TEST(MeasuredRocprof, SysinfoNamesTheGpu)
{
    REQUIRE_REAL_CORPUS();
    const auto info = parseRocmSysinfo(slurp(real("mi300x_omniperf_sysinfo.csv")));
    ASSERT_TRUE(info);
    EXPECT_EQ(info->model, "MI300X_A1");
    EXPECT_EQ(info->arch, "gfx942");
    EXPECT_FALSE(parseRocmSysinfo("a,b\n1,2\n"));
}

TEST(MeasuredEmpirical, OmniperfRooflineOneEntryPerDevice)
{
    const MeasuredImport m = load(fixture("omniperf-roofline.csv"));
    ASSERT_EQ(m.hardware.size(), 2u);
    EXPECT_DOUBLE_EQ(m.hardware[0].findMemory("hbm")->bytesPerS, 1300e9);
    EXPECT_DOUBLE_EQ(m.hardware[1].findMemory("hbm")->bytesPerS, 1500e9);
    EXPECT_EQ(m.hardware[0].id.rfind("omniperf-gpu-dev0-", 0), 0u);
    EXPECT_EQ(m.hardware[1].id.rfind("omniperf-gpu-dev1-", 0), 0u);
    // The id follows the values, not the file's name or folder.
    const std::string text = slurp(fixture("omniperf-roofline.csv"));
    EXPECT_EQ(importMeasurementData(text, "/elsewhere/x.csv")->hardware[0].id, m.hardware[0].id);
    // Two repetitions of one device are averaged.
    auto reps = importMeasurementData(
        "device,HBMBw,FP32Flops\n0,1000,20000\n0,1200,22000\n1,900,19000\n", "r.csv");
    ASSERT_TRUE(reps.ok());
    ASSERT_EQ(reps->hardware.size(), 2u);
    EXPECT_DOUBLE_EQ(reps->hardware[0].findMemory("hbm")->bytesPerS, 1100e9);
    EXPECT_NE(reps->hardware[0].notes.find("mean of 2 repetitions"), std::string::npos);
    // A value that is not a number is skipped and counted, not a refusal.
    auto bad =
        importMeasurementData("device,HBMBw,FP32Flops\n0,fast,20000\n0,1000,20000\n", "b.csv");
    ASSERT_TRUE(bad.ok());
    EXPECT_TRUE(anyWarning(*bad, "1 value skipped (on line 2: column HBMBw"));
}

TEST(MeasuredEmpirical, RealMi210RooflineThreeDevices)
{
    REQUIRE_REAL_CORPUS();
    const MeasuredImport m = load(real("mi210_omniperf_roofline_3devices.csv"));
    ASSERT_EQ(m.hardware.size(), 3u);
    const Hardware& d0 = m.hardware[0];
    // Device 0 row: HBMBw 1392.4641, L2Bw 5012.8921, LDSBw 21014.016, FP64Flops 20187.006,
    // MFMAF16Flops 165067.44, MFMAI8Ops 166839.7 (GB/s, GFLOP/s, GOP/s).
    EXPECT_DOUBLE_EQ(d0.findMemory("hbm")->bytesPerS, 1392.4641e9);
    EXPECT_DOUBLE_EQ(d0.findMemory("l2")->bytesPerS, 5012.8921e9);
    EXPECT_DOUBLE_EQ(d0.findMemory("sram")->bytesPerS, 21014.016e9);
    EXPECT_DOUBLE_EQ(d0.findCeiling(Precision::FP64, ComputeUnit::Vector)->flopsPerS, 20187.006e9);
    EXPECT_DOUBLE_EQ(d0.findCeiling(Precision::FP16, ComputeUnit::Tensor)->flopsPerS, 165067.44e9);
    EXPECT_DOUBLE_EQ(d0.findCeiling(Precision::INT8, ComputeUnit::Tensor)->flopsPerS, 166839.7e9);
    EXPECT_DOUBLE_EQ(m.hardware[2].findMemory("hbm")->bytesPerS, 1383.8199e9);
    EXPECT_NE(d0.name.find("device 0"), std::string::npos);
    EXPECT_EQ(d0.name.find('/'), std::string::npos);
    EXPECT_NE(m.hardware[0].id, m.hardware[1].id);
    HardwareCatalog catalog = HardwareCatalog::builtin();
    EXPECT_EQ(
        loadHardwareFile(catalog, real("mi210_omniperf_roofline_3devices.csv")).value().size(), 3u);
}

TEST(MeasuredEmpirical, RealErtWithL3AndL4)
{
    REQUIRE_REAL_CORPUS();
    const MeasuredImport m = load(real("intel16_ert_roofline_5memlevels.json"));
    ASSERT_EQ(m.hardware.size(), 1u);
    const Hardware& hw = m.hardware[0];
    EXPECT_DOUBLE_EQ(hw.findMemory("l1")->bytesPerS, 86.47e9);
    EXPECT_DOUBLE_EQ(hw.findMemory("l2")->bytesPerS, 68.15e9);
    EXPECT_DOUBLE_EQ(hw.findMemory("l3")->bytesPerS, 26.63e9);
    EXPECT_DOUBLE_EQ(hw.findMemory("l4")->bytesPerS, 22.32e9);
    EXPECT_DOUBLE_EQ(hw.findMemory("dram")->bytesPerS, 16.77e9);
    EXPECT_EQ(hw.mainMemory()->level, "dram");
    EXPECT_DOUBLE_EQ(hw.findCeiling(Precision::FP64, ComputeUnit::Vector)->flopsPerS, 11.96e9);
    // Named after the HOSTNAME of its metadata, not the file.
    EXPECT_EQ(hw.name.rfind("dev-intel16 (ERT measured", 0), 0u);
    EXPECT_EQ(hw.id.rfind("ert-dev-intel16-", 0), 0u);
    EXPECT_TRUE(m.warnings.empty());
}

TEST(MeasuredEmpirical, ErtUnknownLevelIsSkippedWithAWarning)
{
    const std::string text = R"({"empirical": {"gbytes": {"data": [["L1", 100], ["L7", 50],
        ["DRAM", 10]]}, "gflops": {"data": [["FP64 GFLOPs", 12]]}}, "spec": {}})";
    auto m = importMeasurementData(text, "/home/me/Results.x/Run.001/roofline.json");
    ASSERT_TRUE(m.ok()) << m.error().message;
    const Hardware& hw = m->hardware.at(0);
    EXPECT_EQ(hw.memory.size(), 2u);
    EXPECT_TRUE(anyWarning(*m, "1 ERT value skipped (/empirical/gbytes/data/1/0: unknown memory "
                               "level \"L7\""));
    EXPECT_EQ(hw.name.find("/home"), std::string::npos);
    EXPECT_EQ(hw.id.rfind("ert-machine-", 0), 0u);
}
