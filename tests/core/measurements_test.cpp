// Measurements in the scenario document (core/measured/measurementset.h) and in the figure:
// round trip, errors named by JSON pointer, points per memory level, links to the analytic
// operators, before/after arrows and speedups, labels for the kernels that take the time.
#include "core/document/scenario.h"
#include "core/figure/figure.h"
#include "core/hardware/catalog.h"
#include "tests/common/measuredkernels.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace roofscope;
using roofscope::test::csvKernel;

namespace {

Scenario scenarioWithKernels()
{
    Scenario s;
    s.gpus = {"a100-sxm4-80gb", "h100-sxm5"};
    s.baseline = "a100-sxm4-80gb";
    s.operators.push_back(*parseOperatorSpec("matmul:m=4096,n=4096,k=4096,dtype=fp16"));
    MeasurementSet set;
    set.label = "before";
    set.file = "before.csv";
    // 1e14 FLOP/s at AI 100 (DRAM), 20 (L2), 5 (L1).
    set.kernels.push_back(csvKernel("gemm", 0.01, 1e12, 1e10, 5e10, 2e11));
    set.kernels.push_back(csvKernel("softmax", 0.002, 1e9, 4e9));
    set.kernels.push_back(csvKernel("copy", 0.004, std::nullopt, 8e9)); // no FLOP counters
    set.kernels.push_back(csvKernel("zero", 0.001, 0.0, 1e6));          // zero FLOPs
    s.measurements.sets.push_back(set);
    return s;
}

std::string errorOf(const std::string& measurements, const std::string& ops = "[]")
{
    const std::string text =
        R"({"format":"roofscope-scenario","version":1,"gpus":["a100-sxm4-80gb"],"operators":)" +
        ops + R"(,"measurements":)" + measurements + "}";
    auto s = parseScenario(text, "s.roofscope.json");
    return s ? std::string("(no error)") : s.error().message;
}

const std::string kKernel = R"({"name":"k","time_s":0.5,"flops":1e9,"bytes":{"dram":1e8}})";

Figure figureOf(const Scenario& s)
{
    auto f = buildFigure(s, HardwareCatalog::builtin());
    EXPECT_TRUE(f) << (f ? "" : f.error().message);
    return f ? *f : Figure{};
}

std::vector<const MeasuredPoint*> pointsOf(const Figure& f, int set, int kernel)
{
    std::vector<const MeasuredPoint*> out;
    for (const MeasuredPoint& p : f.measured) {
        if (p.set == set && p.kernel == kernel)
            out.push_back(&p);
    }
    return out;
}

} // namespace

TEST(ScenarioMeasurements, RoundTrip)
{
    Scenario s = scenarioWithKernels();
    MeasurementSet after = s.measurements.sets.front();
    after.label = "after";
    after.file = "after.csv";
    after.kernels[0].timeS = 0.005;
    s.measurements.sets.push_back(after);
    s.measurements.links.push_back({1, 0, 0});
    s.measurements.hierarchical = true;
    s.measurements.labelTop = 3;
    const std::string json = scenarioToJson(s);
    auto back = parseScenario(json, "s.roofscope.json");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->measurements, s.measurements);
    EXPECT_EQ(*back, s);
    EXPECT_EQ(back->measurements.sets[1].file, "after.csv");
    EXPECT_EQ(back->measurements.sets[0].kernels[0].name, "void ns::gemm<float>(float*, int)");
    EXPECT_EQ(scenarioToJson(*back), json);
}

TEST(ScenarioMeasurements, AbsentSectionIsNotWritten)
{
    const std::string json = scenarioToJson(defaultScenario());
    EXPECT_EQ(json.find("measurements"), std::string::npos);
}

TEST(ScenarioMeasurements, ErrorsNameThePointer)
{
    EXPECT_EQ(errorOf("[]"), "s.roofscope.json: /measurements: expected an object with "
                             "\"sets\", got array");
    EXPECT_EQ(errorOf(R"({"sets":[{"kernels":[)" + kKernel + R"(,{"name":"b","time_s":-1}]}]})"),
              "s.roofscope.json: /measurements/sets/0/kernels/1: \"time_s\": expected a finite "
              "number >= 0");
    EXPECT_EQ(errorOf(R"({"sets":[{"file":"a.csv"}]})"),
              "s.roofscope.json: /measurements/sets/0/kernels: missing");
    EXPECT_EQ(errorOf(R"({"sets":[{"kernels":{}}]})"),
              "s.roofscope.json: /measurements/sets/0/kernels: expected an array, got object");
    EXPECT_EQ(errorOf(R"({"sets":[{"kernels":[], "colour":1}]})"),
              "s.roofscope.json: /measurements/sets/0/colour: unknown key");
    EXPECT_EQ(errorOf(R"({"sets":[{"kernels":[)" + kKernel +
                          R"(]}],"links":[{"set":0,"kernel":0,"op":2}]})",
                      R"([{"spec":"matmul:m=8,n=8,k=8"}])"),
              "s.roofscope.json: /measurements/links/0/op: index 2 is out of range (0..0)");
    EXPECT_EQ(errorOf(R"({"sets":[{"kernels":[)" + kKernel +
                          R"(]}],"links":[{"set":0,"kernel":3,"op":0}]})",
                      R"([{"spec":"matmul:m=8,n=8,k=8"}])"),
              "s.roofscope.json: /measurements/links/0/kernel: index 3 is out of range (0..0)");
    EXPECT_EQ(errorOf(R"({"sets":[{"kernels":[)" + kKernel +
                      R"(]}],"links":[{"set":0,"kernel":0,"op":0}]})"),
              "s.roofscope.json: /measurements/links/0/op: a link, but the scenario has no "
              "operators");
    EXPECT_EQ(errorOf(R"({"sets":[],"hierarchical":"yes"})"),
              "s.roofscope.json: /measurements/hierarchical: expected true or false, got string");
    EXPECT_EQ(errorOf(R"({"sets":[],"label_top":1000})"),
              "s.roofscope.json: /measurements/label_top: index 1000 is out of range (0..100)");
}

TEST(FigureMeasured, KernelAtItsDramIntensityWithPercentOfRoof)
{
    const Figure f = figureOf(scenarioWithKernels());
    const auto gemm = pointsOf(f, 0, 0);
    ASSERT_EQ(gemm.size(), 1u); // not hierarchical: DRAM only
    EXPECT_EQ(gemm[0]->level, MemLevel::Dram);
    EXPECT_DOUBLE_EQ(gemm[0]->value.ai, 100.0);
    EXPECT_DOUBLE_EQ(gemm[0]->value.flops, 1e14);
    EXPECT_EQ(gemm[0]->name, "gemm");
    EXPECT_EQ(f.gpu(gemm[0]->hardware)->id, "a100-sxm4-80gb");
    // A100 FP16 tensor 312 TFLOP/s over 2.039 TB/s: at AI 100 the roof is 203.9 TFLOP/s.
    ASSERT_TRUE(gemm[0]->percentOfRoof);
    EXPECT_NEAR(*gemm[0]->percentOfRoof, 1e14 / 203.9e12 * 100.0, 1e-9);
    // Time shares of the set (0.017 s in all).
    EXPECT_NEAR(gemm[0]->timeShare, 0.01 / 0.017, 1e-12);
    // No FLOP counters, zero FLOPs: listed in the table, never drawn.
    EXPECT_TRUE(pointsOf(f, 0, 2).empty());
    EXPECT_TRUE(pointsOf(f, 0, 3).empty());
    EXPECT_EQ(f.measured.size(), 2u);
    // The fit takes the measured points in: the softmax at AI 0.25, 5e11 FLOP/s.
    EXPECT_LE(f.fit.aiMin, 0.25);
    EXPECT_LE(f.fit.flopsMin, 5e11);
}

// Kernels whose GPU is not shown, or not in the catalog, are listed per GPU so the chart can
// say why they stand under no roof; kernels of shown GPUs are not.
TEST(FigureMeasured, KernelsUnderNoRoofAreCountedPerGpu)
{
    Scenario s = scenarioWithKernels();
    EXPECT_TRUE(figureOf(s).measuredWithoutRoof.empty());
    s.gpus = {"h100-sxm5"};
    s.baseline = "h100-sxm5";
    MeasuredKernel npu = csvKernel("npu_matmul", 0.001, 1e9, 1e8);
    npu.gpu = "npu-x9"; // in no catalog
    MeasuredKernel unnamed = csvKernel("mystery", 0.001, 1e9, 1e8);
    unnamed.gpu.clear();
    s.measurements.sets[0].kernels.push_back(npu);
    s.measurements.sets[0].kernels.push_back(unnamed);
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const auto& all = catalog.all();
    const auto a100 = std::find_if(all.begin(), all.end(),
                                   [](const Hardware& h) { return h.id == "a100-sxm4-80gb"; });
    ASSERT_NE(a100, all.end());
    const int a100Index = static_cast<int>(a100 - all.begin());
    const Figure f = figureOf(s);
    // gemm and softmax are drawn on the A100 (copy and zero are not drawn at all).
    const std::vector<MeasuredWithoutRoof> expected = {
        {a100Index, "NVIDIA A100 SXM4 80GB", 2}, {-1, "", 1}, {-1, "npu-x9", 1}};
    EXPECT_EQ(f.measuredWithoutRoof, expected);
}

TEST(FigureMeasured, HierarchicalViewHasOnePointPerLevelInnermostFirst)
{
    Scenario s = scenarioWithKernels();
    s.measurements.hierarchical = true;
    const Figure f = figureOf(s);
    EXPECT_TRUE(f.measuredHierarchical);
    const auto gemm = pointsOf(f, 0, 0);
    ASSERT_EQ(gemm.size(), 3u);
    EXPECT_EQ(gemm[0]->level, MemLevel::L1);
    EXPECT_DOUBLE_EQ(gemm[0]->value.ai, 5.0);
    EXPECT_EQ(gemm[1]->level, MemLevel::L2);
    EXPECT_DOUBLE_EQ(gemm[1]->value.ai, 20.0);
    EXPECT_EQ(gemm[2]->level, MemLevel::Dram);
    EXPECT_DOUBLE_EQ(gemm[2]->value.ai, 100.0);
    for (const MeasuredPoint* p : gemm)
        EXPECT_DOUBLE_EQ(p->value.flops, 1e14);
    // The softmax counted DRAM bytes only.
    EXPECT_EQ(pointsOf(f, 0, 1).size(), 1u);
}

TEST(FigureMeasured, HierarchicalViewAddsTheCacheRoofsTheCatalogKnows)
{
    // The H100 of a user catalog that knows its L2 (the built-in entry has no vendor figure).
    HardwareCatalog catalog = HardwareCatalog::builtin();
    Hardware h100 = *catalog.find("h100-sxm5");
    h100.memory.push_back({"l2", 12e12, "test", false});
    catalog.merge({h100});
    Scenario s = scenarioWithKernels();
    for (MeasuredKernel& k : s.measurements.sets[0].kernels)
        k.gpu = "h100-sxm5";
    auto flat = buildFigure(s, catalog);
    ASSERT_TRUE(flat);
    auto cacheRoofs = [](const Figure& f) {
        std::vector<const FigureRoof*> out;
        for (const FigureRoof& r : f.roofs) {
            if (r.role == RoofRole::Cache)
                out.push_back(&r);
        }
        return out;
    };
    EXPECT_TRUE(cacheRoofs(*flat).empty());
    s.measurements.hierarchical = true;
    auto f = buildFigure(s, catalog);
    ASSERT_TRUE(f);
    const auto roofs = cacheRoofs(*f);
    ASSERT_EQ(roofs.size(), 1u); // no L1 figure, and only the kernels' GPU
    EXPECT_EQ(f->gpu(roofs[0]->hardware)->id, "h100-sxm5");
    EXPECT_EQ(roofs[0]->memory.level, "l2");
    EXPECT_EQ(roofs[0]->label, "L2 · 12 TB/s");
    EXPECT_FALSE(roofs[0]->flat);
    EXPECT_DOUBLE_EQ(roofs[0]->ridgeAi, roofs[0]->peak / 12e12);
}

TEST(FigureMeasured, LabelsForTheTopKernelsByTime)
{
    Scenario s = scenarioWithKernels();
    s.measurements.labelTop = 1;
    const Figure f = figureOf(s);
    EXPECT_TRUE(pointsOf(f, 0, 0)[0]->labelled);  // gemm, 10 ms
    EXPECT_FALSE(pointsOf(f, 0, 1)[0]->labelled); // softmax, 2 ms
    s.measurements.labelTop = 0;
    for (const MeasuredPoint& p : figureOf(s).measured)
        EXPECT_FALSE(p.labelled);
}

TEST(FigureMeasured, LinkRunsFromThePredictedPointToTheMeasuredOne)
{
    Scenario s = scenarioWithKernels();
    s.measurements.links.push_back({0, 0, 0});
    const Figure f = figureOf(s);
    ASSERT_EQ(f.links.size(), 1u);
    const MeasuredLink& l = f.links[0];
    EXPECT_EQ(l.kind, MeasuredLinkKind::Predicted);
    EXPECT_EQ(l.op, 0);
    EXPECT_EQ(f.gpu(l.hardware)->id, "a100-sxm4-80gb");
    const FigurePoint* predicted = nullptr;
    for (const FigurePoint& p : f.points) {
        if (p.op == 0 && p.hardware == l.hardware)
            predicted = &p;
    }
    ASSERT_NE(predicted, nullptr);
    EXPECT_EQ(l.tail, predicted->value());
    // 4096³ fp16 matmul: 2·4096³ FLOP over 3·4096²·2 bytes = 1365.3 FLOP/byte.
    EXPECT_NEAR(l.tail.ai, 2.0 * 4096.0 / 6.0, 1e-6);
    EXPECT_EQ(l.head, (DataPoint{100.0, 1e14}));
    EXPECT_EQ(f.measured[static_cast<std::size_t>(l.measured)].kernel, 0);
}

TEST(FigureMeasured, BeforeAfterArrowsAndSpeedups)
{
    Scenario s = scenarioWithKernels();
    MeasurementSet after = s.measurements.sets.front();
    after.label = "after";
    after.kernels[0].timeS = 0.004;                 // gemm 2.5× faster
    after.kernels[1].timeS = 0.004;                 // softmax 2× slower
    after.kernels.erase(after.kernels.begin() + 2); // the copy is gone
    s.measurements.sets.push_back(after);
    const Figure f = figureOf(s);
    ASSERT_EQ(f.kernelSpeedups.size(), 3u); // gemm, softmax, zero
    EXPECT_EQ(f.kernelSpeedups[0].shortName, "gemm");
    EXPECT_DOUBLE_EQ(*f.kernelSpeedups[0].speedup, 2.5);
    EXPECT_DOUBLE_EQ(*f.kernelSpeedups[1].speedup, 0.5);
    EXPECT_EQ(f.kernelSpeedups[2].shortName, "zero");
    std::vector<const MeasuredLink*> arrows;
    for (const MeasuredLink& l : f.links) {
        if (l.kind == MeasuredLinkKind::BeforeAfter)
            arrows.push_back(&l);
    }
    ASSERT_EQ(arrows.size(), 2u); // the zero-FLOP kernel has no points
    EXPECT_EQ(arrows[0]->tail, (DataPoint{100.0, 1e14}));
    EXPECT_EQ(arrows[0]->head, (DataPoint{100.0, 2.5e14}));
    EXPECT_DOUBLE_EQ(*arrows[0]->speedup, 2.5);
    EXPECT_EQ(f.measured[static_cast<std::size_t>(arrows[0]->from)].set, 0);
    EXPECT_EQ(f.measured[static_cast<std::size_t>(arrows[0]->measured)].set, 1);
}

TEST(FigureMeasured, ARetunedTemplateGetsItsArrow)
{
    // The after run changed gemm's template arguments: the kernel pairs by short name, and its
    // arrow runs from the old point to the new one.
    Scenario s = scenarioWithKernels();
    s.measurements.sets[0].kernels[0].name = "void ns::gemm_kernel<128, 64>(float*, int)";
    MeasurementSet after = s.measurements.sets.front();
    after.label = "after";
    after.kernels.resize(1);
    after.kernels[0].name = "void ns::gemm_kernel<256, 128>(float*, int)";
    after.kernels[0].timeS = 0.004;
    s.measurements.sets.push_back(after);
    const Figure f = figureOf(s);
    ASSERT_EQ(f.kernelSpeedups.size(), 1u);
    EXPECT_EQ(f.kernelSpeedups[0].match, KernelMatch::ShortName);
    EXPECT_EQ(f.kernelSpeedups[0].afterName, "void ns::gemm_kernel<256, 128>(float*, int)");
    std::vector<const MeasuredLink*> arrows;
    for (const MeasuredLink& l : f.links) {
        if (l.kind == MeasuredLinkKind::BeforeAfter)
            arrows.push_back(&l);
    }
    ASSERT_EQ(arrows.size(), 1u);
    EXPECT_EQ(arrows[0]->tail, (DataPoint{100.0, 1e14}));
    EXPECT_EQ(arrows[0]->head, (DataPoint{100.0, 2.5e14}));
    EXPECT_DOUBLE_EQ(*arrows[0]->speedup, 2.5);
}

TEST(FigureMeasured, SpeedupsSumEveryLaunchOfAName)
{
    MeasurementSet before;
    before.kernels = {csvKernel("a", 1.0, 1e9, 1e9), csvKernel("b", 1.0, 1e9, 1e9),
                      csvKernel("a", 3.0, 1e9, 1e9)};
    MeasurementSet after;
    after.kernels = {csvKernel("a", 2.0, 1e9, 1e9), csvKernel("a", 0.0, 1e9, 1e9),
                     csvKernel("b", 0.0, 1e9, 1e9)};
    const auto s = kernelSpeedups(before, after);
    ASSERT_EQ(s.size(), 2u);
    EXPECT_DOUBLE_EQ(s[0].beforeS, 4.0);
    EXPECT_DOUBLE_EQ(s[0].afterS, 2.0);
    EXPECT_DOUBLE_EQ(*s[0].speedup, 2.0);
    EXPECT_EQ(s[0].beforeKernel, 0);
    EXPECT_EQ(s[0].afterKernel, 0);
    EXPECT_FALSE(s[1].speedup); // after time zero: no ratio
}

// An FP32 kernel of an A100 Nsight export (gemm_v0: AI 15.6 at DRAM, 9.5 % of the FP32
// roof) was drawn under the BF16 tensor roofs only, left of their ridge: it looked
// memory-bound while the table and read-out said compute-bound. Its own roof is drawn.
TEST(FigureMeasured, AKernelIsDrawnUnderTheRoofItIsJudgedAgainst)
{
    Scenario s = scenarioWithKernels();
    s.measurements.sets.front().kernels.resize(1);
    MeasuredKernel& k = s.measurements.sets.front().kernels.front();
    const HardwareCatalog& catalog = HardwareCatalog::builtin();
    const Hardware& a100 = *catalog.find("a100-sxm4-80gb");
    const Ceiling& fp32 = *a100.findCeiling(Precision::FP32, ComputeUnit::Vector);
    const double bandwidth = a100.mainMemory()->bytesPerS;
    k.precision = Precision::FP32;
    k.unit = ComputeUnit::Vector;
    k.timeS = 0.01;
    k.flops = 0.095 * fp32.flopsPerS * k.timeS;
    k.setBytes(MemLevel::Dram, *k.flops / 15.6);
    k.bytes[static_cast<std::size_t>(MemLevel::L2)].reset();
    k.bytes[static_cast<std::size_t>(MemLevel::L1)].reset();

    const Figure f = figureOf(s);
    ASSERT_EQ(pointsOf(f, 0, 0).size(), 1u);
    const MeasuredPoint& p = *pointsOf(f, 0, 0)[0];
    std::vector<const FigureRoof*> fp32Roofs;
    for (const FigureRoof& r : f.roofs) {
        if (r.hardware == p.hardware && r.peak == fp32.flopsPerS)
            fp32Roofs.push_back(&r);
    }
    ASSERT_EQ(fp32Roofs.size(), 1u);
    const FigureRoof& roof = *fp32Roofs.front();
    EXPECT_EQ(roof.label, "FP32 vector");
    EXPECT_EQ(roof.role, RoofRole::Used);
    EXPECT_TRUE(roof.flat);
    EXPECT_FALSE(roof.slope); // under the BF16 tensor primary
    EXPECT_DOUBLE_EQ(roof.ridgeAi, fp32.flopsPerS / bandwidth);
    // The point lies right of that roof's ridge (compute-bound), at 9.5 % of its height: what
    // its "% of roof" and bound say.
    EXPECT_GT(p.value.ai, roof.ridgeAi);
    EXPECT_EQ(p.bound, Bound::Compute);
    EXPECT_NEAR(*p.percentOfRoof, 9.5, 1e-9);
    EXPECT_NEAR(p.value.flops / roof.peak * 100.0, *p.percentOfRoof, 1e-9);
    // Only on the kernel's GPU: the H100 has no kernel and keeps its roofs.
    for (const FigureRoof& r : f.roofs) {
        if (r.hardware != p.hardware) {
            EXPECT_NE(r.label, "FP32 vector");
        }
    }

    // A kernel on the tensor cores at the primary's height adds nothing.
    k.precision = Precision::FP16;
    k.unit = ComputeUnit::Tensor;
    const Figure tensor = figureOf(s);
    s.measurements = {};
    EXPECT_EQ(tensor.roofs.size(), figureOf(s).roofs.size());
}
