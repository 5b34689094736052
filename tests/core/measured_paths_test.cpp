// The paths of the figure's measured points (Figure::measuredPaths, core/figure/measuredpaths.h):
// one kernel at several shapes is joined in order of its work, so a batch sweep reads as a
// line (issue #36, item 5); a name at one shape has none.
#include "core/document/scenario.h"
#include "core/figure/figure.h"
#include "core/figure/figuredata.h"
#include "core/hardware/catalog.h"
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "tests/common/measuredkernels.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

using namespace roofscope;
using roofscope::test::csvKernel;

namespace {

constexpr const char* kH200 = "h200-sxm";

std::string h200Sample(const std::string& name)
{
    return std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/../h200/" + name;
}

Scenario scenarioOf(std::vector<MeasuredKernel> kernels, bool hierarchical = false)
{
    Scenario s;
    s.gpus = {kH200};
    s.baseline = kH200;
    MeasurementSet set;
    set.file = "run.csv";
    set.kernels = std::move(kernels);
    s.measurements.sets.push_back(std::move(set));
    s.measurements.hierarchical = hierarchical;
    return s;
}

Figure figureOf(std::vector<MeasuredKernel> kernels, bool hierarchical = false)
{
    const Scenario s = scenarioOf(std::move(kernels), hierarchical);
    auto f = buildFigure(s, HardwareCatalog::builtin());
    EXPECT_TRUE(f) << (f ? "" : f.error().message);
    return f ? *f : Figure{};
}

// The raw page of the 5-batch H200 GEMM (FLOP counters), each row read against the H200.
std::vector<MeasuredKernel> fiveBatches()
{
    const std::string path = h200Sample("h200_ncu2025_raw_fullset_gemm_bf16_k8192_5batches.csv");
    EXPECT_TRUE(std::filesystem::exists(path)) << path;
    auto m = importMeasurementFile(path);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
    if (!m.ok())
        return {};
    std::vector<MeasuredKernel> kernels = groupKernelsByName(m->kernels);
    for (MeasuredKernel& k : kernels)
        k.gpu = kH200;
    return kernels;
}

std::vector<double> flopsAlong(const Figure& f, const FigureMeasuredPath& path,
                               const std::vector<MeasuredKernel>& kernels)
{
    std::vector<double> flops;
    for (int i : path.points) {
        const MeasuredPoint& p = f.measured[static_cast<std::size_t>(i)];
        flops.push_back(*kernels[static_cast<std::size_t>(p.kernel)].flops);
    }
    return flops;
}

} // namespace

// cuBLAS ran nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT at batch 1024 and 4096 (2·B·8192²
// FLOPs, facts of the raw page); the other three batch sizes each ran a kernel of their own.
// One path, of that kernel's two points, in FLOP order whichever came first in the file.
TEST(FigureMeasuredPaths, TheGemmBatchSweepIsAPathInFlopOrder)
{
    std::vector<MeasuredKernel> kernels = fiveBatches();
    ASSERT_EQ(kernels.size(), 5u);
    for (bool reversed : {false, true}) {
        if (reversed)
            std::reverse(kernels.begin(), kernels.end());
        const Figure f = figureOf(kernels);
        ASSERT_EQ(f.measured.size(), 5u) << reversed;
        ASSERT_EQ(f.measuredPaths.size(), 1u) << reversed;
        const FigureMeasuredPath& path = f.measuredPaths.front();
        ASSERT_EQ(path.points.size(), 2u);
        EXPECT_EQ(f.gpu(path.hardware)->id, kH200);
        for (int i : path.points)
            EXPECT_EQ(f.measured[static_cast<std::size_t>(i)].name,
                      "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT");
        EXPECT_EQ(flopsAlong(f, path, kernels),
                  (std::vector<double>{2.0 * 1024 * 8192 * 8192, 2.0 * 4096 * 8192 * 8192}))
            << reversed;
    }
}

// A name at one shape is no path: one point, or launches of one shape left ungrouped. Nor are
// points of one name in two files, on two GPUs, or at cache levels joined.
TEST(FigureMeasuredPaths, ANameAtOneShapeHasNoPath)
{
    EXPECT_TRUE(figureOf({csvKernel("gemm", 1.0, 1e12, 1e10)}).measuredPaths.empty());
    EXPECT_TRUE(figureOf({csvKernel("gemm", 1.0, 1e12, 1e10), csvKernel("gemm", 1.1, 1e12, 1.2e10)})
                    .measuredPaths.empty());
    MeasuredKernel otherFile = csvKernel("gemm", 2.0, 4e12, 2e10);
    otherFile.file = "other.csv";
    MeasuredKernel otherGpu = csvKernel("gemm", 2.0, 4e12, 2e10);
    otherGpu.gpu = kH200;
    EXPECT_TRUE(
        figureOf({csvKernel("gemm", 1.0, 1e12, 1e10), otherFile, otherGpu}).measuredPaths.empty());

    // In the hierarchical view a sweep still joins its DRAM points only.
    const Figure f = figureOf({csvKernel("gemm", 1.0, 1e12, 1e10, 1e11, 1e12),
                               csvKernel("gemm", 2.0, 4e12, 2e10, 2e11, 2e12)},
                              true);
    EXPECT_EQ(f.measured.size(), 6u);
    ASSERT_EQ(f.measuredPaths.size(), 1u);
    for (int i : f.measuredPaths.front().points)
        EXPECT_EQ(f.measured[static_cast<std::size_t>(i)].level, MemLevel::Dram);
}

// The H200 decode trace, grouped: attention at the 15 context lengths 513..527 is one path of
// 15 points, its FLOPs growing along it (4·B·H·L·S·E with S the context).
TEST(FigureMeasuredPaths, DecodeAttentionAtAGrowingContextIsOnePath)
{
    const std::string path =
        h200Sample("h200_kineto_llama31_8b_random_generate_b16_p512_n16.pt.trace.json.gz");
    ASSERT_TRUE(std::filesystem::exists(path)) << path;
    auto m = importMeasurementFile(path);
    ASSERT_TRUE(m.ok()) << m.error().message;
    std::vector<MeasuredKernel> kernels = groupKernelsByName(m->kernels);
    const Figure f = figureOf(kernels);
    const auto attention =
        std::find_if(f.measuredPaths.begin(), f.measuredPaths.end(), [&](const auto& p) {
            const auto& k = kernels[static_cast<std::size_t>(f.measured[p.points[0]].kernel)];
            return k.name.starts_with("cudnn_generated_fort_native_sdpa_sm80_flash_fprop");
        });
    ASSERT_NE(attention, f.measuredPaths.end());
    ASSERT_EQ(attention->points.size(), 15u);
    const std::vector<double> flops = flopsAlong(f, *attention, kernels);
    EXPECT_TRUE(std::is_sorted(flops.begin(), flops.end()));
    // 32 launches of 4·16·32·1·S·128 FLOPs, S = 513 first and 527 last.
    EXPECT_NEAR(flops.front(), 32 * 4.0 * 16 * 32 * 513 * 128, 1.0);
    EXPECT_NEAR(flops.back(), 32 * 4.0 * 16 * 32 * 527 * 128, 1.0);
}

// Not grouped, the trace's attention kernel is 480 launches (15 decode steps × 32 layers): the
// path still has one vertex a context length, each a launch of that length, so it reads as the
// sweep rather than a scribble through every layer's repeat.
TEST(FigureMeasuredPaths, RepeatedLaunchesOfOneShapeAreOneVertex)
{
    const std::string path =
        h200Sample("h200_kineto_llama31_8b_random_generate_b16_p512_n16.pt.trace.json.gz");
    auto m = importMeasurementFile(path);
    ASSERT_TRUE(m.ok()) << m.error().message;
    const Figure f = figureOf(m->kernels);
    const auto attention =
        std::find_if(f.measuredPaths.begin(), f.measuredPaths.end(), [&](const auto& p) {
            const auto& k = m->kernels[static_cast<std::size_t>(f.measured[p.points[0]].kernel)];
            return k.name.starts_with("cudnn_generated_fort_native_sdpa_sm80_flash_fprop");
        });
    ASSERT_NE(attention, f.measuredPaths.end());
    ASSERT_EQ(attention->points.size(), 15u);
    const std::vector<double> flops = flopsAlong(f, *attention, m->kernels);
    EXPECT_NEAR(flops.front(), 4.0 * 16 * 32 * 513 * 128, 1.0);
    EXPECT_NEAR(flops.back(), 4.0 * 16 * 32 * 527 * 128, 1.0);

    // Three launches of one shape and two of another: two vertices, each the median (by
    // intensity) of its shape's launches.
    const Figure small =
        figureOf({csvKernel("gemm", 1.0, 1e12, 1e10), csvKernel("gemm", 1.0, 1e12, 3e10),
                  csvKernel("gemm", 1.0, 1e12, 2e10), csvKernel("gemm", 2.0, 4e12, 2e10),
                  csvKernel("gemm", 2.0, 4e12, 4e10)});
    ASSERT_EQ(small.measuredPaths.size(), 1u);
    const std::vector<int>& points = small.measuredPaths.front().points;
    ASSERT_EQ(points.size(), 2u);
    EXPECT_EQ(small.measured[static_cast<std::size_t>(points[0])].kernel, 2); // 2e10 bytes
    EXPECT_EQ(small.measured[static_cast<std::size_t>(points[1])].kernel, 4); // the lower of two
}

// One kernel name for unrelated ops at unrelated sizes (ATen's elementwise kernel of a
// multiply: a norm's scale, RoPE, the gate's product) zigzags in intensity as the work grows,
// or keeps one intensity over a thousandfold of work: no path either way. A batch sweep whose
// measured bytes jitter by less than a tenth keeps its path.
TEST(FigureMeasuredPaths, ZigzagsAndUnrelatedSizesAreNoSweep)
{
    EXPECT_TRUE(figureOf({csvKernel("mul", 1.0, 1e9, 1e9), csvKernel("mul", 1.0, 2e9, 6.7e9),
                          csvKernel("mul", 1.0, 3e9, 3e9)})
                    .measuredPaths.empty());
    EXPECT_TRUE(figureOf({csvKernel("add", 1e-6, 1e6, 1e6), csvKernel("add", 1e-5, 1e8, 1e8),
                          csvKernel("add", 1e-4, 1e9, 1e9)})
                    .measuredPaths.empty());
    const Figure jitter =
        figureOf({csvKernel("gemm", 1.0, 1e9, 1e9), csvKernel("gemm", 1.0, 2e9, 2.1e9),
                  csvKernel("gemm", 1.0, 4e9, 2e9)});
    ASSERT_EQ(jitter.measuredPaths.size(), 1u);
    EXPECT_EQ(jitter.measuredPaths.front().points.size(), 3u);
}

// The figure data's JSON gives each point of a sweep its path and its place along it, and null
// to the others.
TEST(FigureMeasuredPaths, TheFigureDataNamesEachPointsPathAndStep)
{
    const Scenario s =
        scenarioOf({csvKernel("gemm", 2.0, 4e12, 2e10), csvKernel("softmax", 1.0, 1e9, 4e9),
                    csvKernel("gemm", 1.0, 1e12, 1e10)});
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    auto f = buildFigure(s, catalog);
    ASSERT_TRUE(f);
    const auto json = nlohmann::json::parse(
        FigureData::collect(*f, catalog.all(), s.measurements, f->fit).toJson());
    std::vector<std::pair<int, nlohmann::json>> steps; // (index in the set, path_step)
    for (const auto& k : json.at("kernels")) {
        if (k.at("short_name") == "softmax") {
            EXPECT_TRUE(k.at("path").is_null());
            EXPECT_TRUE(k.at("path_step").is_null());
            continue;
        }
        EXPECT_EQ(k.at("path"), 0);
        steps.emplace_back(k.at("index").get<int>(), k.at("path_step"));
    }
    // The 1 TFLOP launch (row 2) first, the 4 TFLOP one (row 0) second.
    std::sort(steps.begin(), steps.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    ASSERT_EQ(steps.size(), 2u);
    EXPECT_EQ(steps[0].second, 1);
    EXPECT_EQ(steps[1].second, 0);
}
