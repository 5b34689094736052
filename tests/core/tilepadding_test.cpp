// Tile padding: the output tile named in real GEMM kernels' names, the work the tiles execute,
// a PyTorch trace's batch-1 GEMM marked (placed at its useful FLOPs, the padding said), and the
// real H200 Nsight Compute sweep whose batch-1 kernel executed 8× its useful tensor FLOPs.
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/tilepadding.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

using namespace roofscope;

namespace {

constexpr double kBatch1Useful = 2.0 * 1 * 8192 * 8192; // 1 × 8192 by 8192 × 8192

std::string tileOf(std::string_view name)
{
    const auto t = gemmTileFromName(name);
    return t ? std::to_string(t->rows) + "x" + std::to_string(t->cols) : "none";
}

// A trace of two aten::mm ops in bf16, batch 1 and batch 16 against an 8192 × 8192 weight, each
// launching the nvjet kernel cuBLAS chose on the H200 for that batch.
std::string twoGemmTrace()
{
    auto mm = [](int ext, int rows, const std::string& kernel) {
        const std::string id = std::to_string(ext);
        return R"({"ph": "X", "cat": "cpu_op", "name": "aten::mm", "ts": )" + id +
               R"(0, "dur": 9, "args": {"External id": )" + id + R"(, "Input Dims": [[)" +
               std::to_string(rows) +
               R"(, 8192], [8192, 8192]], "Input type": ["c10::BFloat16", "c10::BFloat16"]}},)" +
               R"({"ph": "X", "cat": "kernel", "name": ")" + kernel + R"(", "ts": )" + id +
               R"(1, "dur": 36, "args": {"External id": )" + id +
               R"(, "device": 0, "stream": 7, "grid": [2, 64, 1]}})";
    };
    return R"({"deviceProperties": [{"id": 0, "name": "NVIDIA H200", "computeMajor": 9}],)"
           R"("traceEvents": [)" +
           mm(1, 1, "nvjet_sm90_tst_64x8_64x16_2x1_v_bz_NNT") + "," +
           mm(2, 16, "nvjet_sm90_tst_64x16_64x16_2x1_v_bz_NNT") + "]}";
}

} // namespace

TEST(GemmTileFromName, ReadsTheOutputTileOfEachLibrarysNaming)
{
    // nvjet (cuBLAS on Hopper), as in the H200 trace and Nsight Compute sweep.
    EXPECT_EQ(tileOf("nvjet_sm90_tst_64x8_64x16_2x1_v_bz_NNT"), "64x8");
    EXPECT_EQ(tileOf("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT"), "256x128");
    EXPECT_EQ(tileOf("nvjet_sm90_tst_128x16_64x11_2x1_v_bz_splitK_TNT"), "128x16");
    // CUTLASS 2 and 3, cuBLAS's Ampere and xmma kernels.
    EXPECT_EQ(tileOf("cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x4_tn_align8"),
              "64x64");
    EXPECT_EQ(tileOf("void cutlass::device_kernel<cutlass3x_sm90_tensorop_gemm_bf16_bf16_f32_"
                     "bf16_bf16_128x256x64_1x2x1_0_tnn_align8_warpspecialized_cooperative>"),
              "128x256");
    EXPECT_EQ(tileOf("ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_stages_64x3_tn"), "128x64");
    EXPECT_EQ(tileOf("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_"
                     "warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas"),
              "128x128");
    // Not GEMMs, or no tile stated: a GEMV, attention, an elementwise kernel.
    EXPECT_EQ(tileOf("void gemmk1_kernel<int, float, 256, 5, true, false, false, false>"), "none");
    EXPECT_EQ(tileOf("cudnn_generated_fort_native_sdpa_sm90_flash_fprop_wgmma_f16_knob_7_"
                     "64x128x128_4x1x1_cga1x1x1_kernel0"),
              "none");
    EXPECT_EQ(tileOf("void at::native::vectorized_elementwise_kernel<4, 128x64>"), "none");
    EXPECT_EQ(tileOf("nvjet_sm90_2x1_v"), "none"); // a cluster shape is not a tile
}

TEST(TiledGemmFlops, RoundsEachDimensionUpToTheTileInTheCheaperOrientation)
{
    // Batch 1 in a 64×8 tile: 8 rows executed for 1 useful.
    EXPECT_DOUBLE_EQ(tiledGemmFlops(1, 8192, 8192, {64, 8}), 8 * kBatch1Useful);
    // Batch 16 in a 64×16 tile: no padding.
    EXPECT_DOUBLE_EQ(tiledGemmFlops(16, 8192, 8192, {64, 16}), 16 * kBatch1Useful);
    // 100 rows by 100 columns in 64×64 tiles: 128 × 128.
    EXPECT_DOUBLE_EQ(tiledGemmFlops(100, 100, 10, {64, 64}), 2.0 * 128 * 128 * 10);
}

TEST(MarkTilePadding, PlacesABatch1TraceGemmAtItsUsefulFlopsAndSaysThePadding)
{
    auto m = importMeasurementData(twoGemmTrace(), "gemm.json");
    ASSERT_TRUE(m.ok()) << m.error().message;
    ASSERT_EQ(m->kernels.size(), 2u);
    const MeasuredKernel& one = m->kernels[0];
    ASSERT_TRUE(one.flops);
    EXPECT_DOUBLE_EQ(*one.flops, kBatch1Useful); // the point stays at the useful FLOPs
    ASSERT_TRUE(one.executedFlops);
    EXPECT_DOUBLE_EQ(*one.executedFlops, 8 * kBatch1Useful);
    ASSERT_FALSE(one.notes.empty());
    EXPECT_EQ(one.notes.back(),
              "tile padding: its 64×8 tiles execute at least 8× the useful FLOPs of this 1 × "
              "8192 × 8192 GEMM (87.5 % of the executed work); placed at the useful FLOPs");
    // The read-out lists it among the kernel's warnings.
    const KernelAnalysis a = analyseKernel(one, nullptr);
    EXPECT_NE(std::find(a.warnings.begin(), a.warnings.end(), one.notes.back()), a.warnings.end());

    const MeasuredKernel& sixteen = m->kernels[1];
    EXPECT_FALSE(sixteen.executedFlops);
    for (const std::string& note : sixteen.notes)
        EXPECT_EQ(note.find("tile padding"), std::string::npos) << note;

    // Saved with a document and read back.
    const auto json = measuredKernelToJson(one);
    EXPECT_DOUBLE_EQ(json.at("executed_flops").get<double>(), 8 * kBatch1Useful);
    const auto back = measuredKernelFromJson(json, "kernel 0");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, one);
    EXPECT_FALSE(measuredKernelToJson(sixteen).contains("executed_flops"));
}

TEST(MarkTilePadding, GroupingSumsTheExecutedWorkOfLaunchesOfOneShape)
{
    auto m = importMeasurementData(twoGemmTrace(), "gemm.json");
    ASSERT_TRUE(m.ok()) << m.error().message;
    std::vector<MeasuredKernel> twice = {m->kernels[0], m->kernels[0]};
    twice[1].launchId = "9";
    const auto groups = groupKernelsByName(twice);
    ASSERT_EQ(groups.size(), 1u);
    ASSERT_TRUE(groups[0].executedFlops);
    EXPECT_DOUBLE_EQ(*groups[0].executedFlops, 16 * kBatch1Useful);
    EXPECT_DOUBLE_EQ(*groups[0].flops, 2 * kBatch1Useful);
}

TEST(MeasuredKernelJson, RefusesExecutedFlopsBelowTheUsefulOnes)
{
    auto m = importMeasurementData(twoGemmTrace(), "gemm.json");
    ASSERT_TRUE(m.ok()) << m.error().message;
    auto json = measuredKernelToJson(m->kernels[0]);
    json["executed_flops"] = kBatch1Useful / 2;
    const auto back = measuredKernelFromJson(json, "kernel 3");
    ASSERT_FALSE(back.ok());
    EXPECT_NE(back.error().message.find("kernel 3"), std::string::npos) << back.error().message;
    EXPECT_NE(back.error().message.find("executed_flops"), std::string::npos)
        << back.error().message;
}

TEST(TilePaddingAgainst, TheH200SweepsBatch1KernelExecuted8TimesItsUsefulTensorFlops)
{
    const std::string path = std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
                             "/../h200/h200_ncu2025_raw_fullset_gemm_bf16_k8192_5batches.csv";
    ASSERT_TRUE(std::filesystem::exists(path)) << path;
    auto m = importMeasurementFile(path);
    ASSERT_TRUE(m.ok()) << m.error().message;
    ASSERT_EQ(m->kernels.size(), 5u);
    // Batches 1, 16, 128, 1024 and 4096 of x @ W with K = N = 8192 (gemm_for_ncu.py).
    const auto one = tilePaddingAgainst(m->kernels[0], kBatch1Useful);
    ASSERT_TRUE(one);
    EXPECT_EQ(one->tile, (GemmTile{64, 8}));
    EXPECT_DOUBLE_EQ(one->factor(), 8.0);
    EXPECT_DOUBLE_EQ(one->paddingShare(), 0.875);
    for (std::size_t i = 1; i < 5; ++i) {
        const double batch = std::vector<double>{1, 16, 128, 1024, 4096}[i];
        EXPECT_FALSE(tilePaddingAgainst(m->kernels[i], batch * kBatch1Useful)) << i;
    }
    // Nothing to compare with: no useful FLOPs, or a kernel without tensor counters.
    EXPECT_FALSE(tilePaddingAgainst(m->kernels[0], 0.0));
    MeasuredKernel vector = m->kernels[0];
    vector.flopsByPrecision = {{"fp32", 1e9}};
    EXPECT_FALSE(tilePaddingAgainst(vector, 1e6));
}
