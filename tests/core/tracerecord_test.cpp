// A PyTorch trace's record in a document (core/measured/tracerecord): the real H200 Llama trace,
// imported grouped by name, recorded, written into a document's measurements and read back, is
// joined to its model exactly as the import was; a damaged record is refused with the JSON
// pointer of what is wrong.
#include "core/hardware/catalog.h"
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/measurementset.h"
#include "core/measured/modeljoin.h"
#include "core/measured/tracerecord.h"
#include "core/models/modelconfig.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace roofscope;
using OJson = nlohmann::ordered_json;

namespace {

const std::string kTrace =
    std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
    "/../h200/h200_kineto_llama31_8b_random_generate_b16_p512_n16.pt.trace.json.gz";

// Two launches of one kernel (rows 0 and 0) and one of another (row 1), the third without an op.
TraceRecord smallRecord()
{
    TraceRecord r;
    r.context.opNames = {"aten::mm"};
    r.context.shapes = {TraceOpShape{{{16, 4096}, {4096, 4096}}}};
    r.context.kernels = {{10.0, 7, 0, 0}, {20.0, 8, 0, 0}, {30.0, -1}};
    r.rows = {0, 0, 1};
    r.timesS = {1e-5, 2e-5, 3e-6};
    r.flops = {5e8, 5e8, std::nullopt};
    r.dramBytes = {3.4e7, 3.4e7, std::nullopt};
    r.warnings = {"one warning"};
    return r;
}

std::string errorOf(const OJson& json, std::size_t rows = 2)
{
    auto r = traceRecordFromJson(json, "doc.json: /measurements/sets/0/trace", rows);
    EXPECT_FALSE(r.ok());
    return r.ok() ? std::string() : r.error().message;
}

} // namespace

TEST(TraceRecord, TheH200TraceSavedGroupedIsJoinedAsItsImportWas)
{
    ASSERT_TRUE(std::filesystem::is_regular_file(kTrace)) << kTrace;
    auto imported = importMeasurementFile(kTrace);
    ASSERT_TRUE(imported.ok()) << imported.error().message;
    ASSERT_EQ(imported->kernels.size(), 23897u);
    ModelCatalog models = ModelCatalog::builtin();
    const ModelConfig* llama = models.find("llama-3-8b");
    ASSERT_NE(llama, nullptr);
    static const HardwareCatalog catalog = HardwareCatalog::builtin();
    const Hardware& h200 = *catalog.find("h200-sxm");
    auto direct = joinTraceToModel(*imported, *llama, h200);
    ASSERT_TRUE(direct.ok()) << direct.error().message;
    ASSERT_EQ(direct->passes.size(), 16u);

    // Grouped as the window imports it, recorded, saved and read back.
    std::vector<std::size_t> rowOfLaunch;
    MeasurementSet set;
    set.file = imported->file;
    set.kernels = groupKernelsByName(imported->kernels, &rowOfLaunch);
    ASSERT_LT(set.kernels.size(), 1000u); // far fewer rows than launches
    set.trace = std::make_shared<const TraceRecord>(recordTrace(*imported, rowOfLaunch));
    Measurements m;
    m.sets.push_back(set);
    const OJson json = measurementsToJson(m);
    ASSERT_TRUE(json["sets"][0].contains("trace"));
    EXPECT_EQ(json["sets"][0]["trace"]["launches"]["row"].size(), 23897u);
    auto back = measurementsFromJson(json, "doc.json", 0);
    ASSERT_TRUE(back.ok()) << back.error().message;
    ASSERT_TRUE(back->sets[0].trace);
    EXPECT_EQ(*back->sets[0].trace, *set.trace);
    EXPECT_EQ(*back, m);

    const MeasuredImport replayed =
        replayTrace(*back->sets[0].trace, back->sets[0].kernels, back->sets[0].file);
    ASSERT_EQ(replayed.kernels.size(), imported->kernels.size());
    EXPECT_EQ(replayed.kernels[100].name, imported->kernels[100].name);
    EXPECT_EQ(replayed.warnings, imported->warnings);
    auto again = joinTraceToModel(replayed, *llama, h200);
    ASSERT_TRUE(again.ok()) << again.error().message;
    ASSERT_EQ(again->passes.size(), direct->passes.size());
    for (std::size_t p = 0; p < direct->passes.size(); ++p) {
        const JoinedPass& a = direct->passes[p];
        const JoinedPass& b = again->passes[p];
        EXPECT_EQ(b.phase, a.phase);
        EXPECT_EQ(b.kernels, a.kernels);
        EXPECT_EQ(b.layers, a.layers);
        EXPECT_DOUBLE_EQ(b.measuredS, a.measuredS);
        EXPECT_DOUBLE_EQ(b.predictedS, a.predictedS);
        EXPECT_DOUBLE_EQ(b.wallS, a.wallS);
        ASSERT_EQ(b.operators.size(), a.operators.size());
        for (std::size_t o = 0; o < a.operators.size(); ++o) {
            EXPECT_EQ(b.operators[o].name, a.operators[o].name);
            EXPECT_DOUBLE_EQ(b.operators[o].measuredS, a.operators[o].measuredS);
            EXPECT_DOUBLE_EQ(b.operators[o].flops, a.operators[o].flops);
            EXPECT_DOUBLE_EQ(b.operators[o].bytes, a.operators[o].bytes);
        }
    }
    EXPECT_DOUBLE_EQ(again->placedTimeShare, direct->placedTimeShare);
}

TEST(TraceRecord, ReplaysEachLaunchWithItsRowsNameAndItsOwnNumbers)
{
    MeasuredKernel gemm;
    gemm.name = "nvjet_sm90_tst_64x16_64x16_2x1_v_bz_TNT";
    gemm.shortName = gemm.name;
    gemm.gpu = "h200-sxm";
    MeasuredKernel other;
    other.name = "elementwise";
    const MeasuredImport m = replayTrace(smallRecord(), {gemm, other}, "t.json");
    ASSERT_EQ(m.kernels.size(), 3u);
    EXPECT_EQ(m.file, "t.json");
    EXPECT_EQ(m.kernels[1].name, gemm.name);
    EXPECT_EQ(m.kernels[1].gpu, "h200-sxm");
    EXPECT_DOUBLE_EQ(m.kernels[1].timeS, 2e-5);
    EXPECT_DOUBLE_EQ(*m.kernels[1].flops, 5e8);
    EXPECT_DOUBLE_EQ(*m.kernels[1].bytesAt(MemLevel::Dram), 3.4e7);
    EXPECT_EQ(m.kernels[2].name, "elementwise");
    EXPECT_FALSE(m.kernels[2].flops);
    EXPECT_EQ(m.trace.kernels[2].op, KernelTraceContext::kNone);
    EXPECT_EQ(m.warnings, std::vector<std::string>{"one warning"});
    // Rows the record does not fit give nothing rather than a launch of another kernel.
    EXPECT_TRUE(replayTrace(smallRecord(), {gemm}, "t.json").kernels.empty());
}

TEST(TraceRecord, ADamagedRecordIsRefusedNamingWhereAndWhat)
{
    const OJson good = traceRecordToJson(smallRecord());
    auto ok = traceRecordFromJson(good, "doc.json: /measurements/sets/0/trace", 2);
    ASSERT_TRUE(ok.ok()) << ok.error().message;
    EXPECT_EQ(*ok, smallRecord());

    OJson j = good;
    j["launches"]["row"][2] = 5;
    EXPECT_EQ(errorOf(j), "doc.json: /measurements/sets/0/trace/launches/row/2: expected a row "
                          "of the run from 0 to 1");
    j = good;
    j["launches"]["time_s"].erase(0);
    EXPECT_EQ(errorOf(j), "doc.json: /measurements/sets/0/trace/launches/time_s: expected 3 "
                          "entries, one a launch, got 2");
    j = good;
    j["launches"]["op"][0] = 4;
    EXPECT_EQ(errorOf(j), "doc.json: /measurements/sets/0/trace/launches/op/0: expected an "
                          "index into op_names, or -1, from -1 to 0");
    j = good;
    j["launches"]["time_s"][1] = -1.0;
    EXPECT_EQ(errorOf(j), "doc.json: /measurements/sets/0/trace/launches/time_s/1: expected a "
                          "finite number >= 0");
    j = good;
    j["launches"]["flops"][0] = "many";
    EXPECT_EQ(errorOf(j), "doc.json: /measurements/sets/0/trace/launches/flops/0: expected a "
                          "finite number >= 0 or null");
    j = good;
    j["shapes"][0][1] = {4096, -2};
    EXPECT_EQ(errorOf(j), "doc.json: /measurements/sets/0/trace/shapes/0/1: expected whole sizes "
                          ">= 0");
    j = good;
    j["colour"] = "red";
    EXPECT_EQ(errorOf(j), "doc.json: /measurements/sets/0/trace/colour: unknown key");
    j = good;
    j.erase("launches");
    EXPECT_NE(errorOf(j).find("/trace/launches: expected an object of columns"), std::string::npos);
    EXPECT_NE(errorOf(OJson::array()).find("expected an object"), std::string::npos);

    // Inside a document: the set's pointer leads, and nothing of the document is half read.
    Measurements m;
    MeasurementSet set;
    set.file = "t.json";
    set.kernels.resize(2);
    for (MeasuredKernel& k : set.kernels)
        k.name = "k";
    set.trace = std::make_shared<const TraceRecord>(smallRecord());
    m.sets.push_back(set);
    OJson doc = measurementsToJson(m);
    doc["sets"][0]["trace"]["launches"]["row"][0] = 2;
    auto refused = measurementsFromJson(doc, "doc.json", 0);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().message, "doc.json: /measurements/sets/0/trace/launches/row/0: "
                                       "expected a row of the run from 0 to 1");
}
