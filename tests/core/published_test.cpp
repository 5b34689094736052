#include "core/serving/publishedresult.h"

#include "tests/common/builtins.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <string>
#include <vector>

using namespace roofscope;
using roofscope::test::builtinGpu;
using roofscope::test::builtinModel;

namespace {

std::string row(const std::string& fields)
{
    return "{" + fields + "}";
}

std::string goodFields(const std::string& id = "r1", const std::string& batch = "1",
                       const std::string& metric = "tokens_per_s_per_user",
                       const std::string& weights = "bf16", const std::string& input = "5")
{
    return R"("id": ")" + id +
           R"(", "source": "https://example.org/readme", "note": "n", "framework": "f",
               "model": "llama-2-7b", "weights": ")" +
           weights + R"(", "activations": "bf16", "gpu": "a100-sxm4-80gb", "batch": )" + batch +
           R"(, "input_tokens": )" + input + R"(, "output_tokens": 200, "metric": ")" + metric +
           R"(", "value": 100)";
}

std::string document(const std::string& rows)
{
    return R"({"format": "roofscope-published", "version": 1, "results": [)" + rows + "]}";
}

std::string errorOf(const std::string& text)
{
    auto parsed = parsePublishedResults(text, "pub.json");
    return parsed ? std::string() : parsed.error().message;
}

// A hand-made row (FP16 unless told) and the step of RoofScope's evaluation it should match.
PublishedResult handRow(const std::string& model, const std::string& gpu, double batch,
                        double input, double output, PublishedMetric metric, double value,
                        Precision precision = Precision::FP16)
{
    PublishedResult r;
    r.id = "hand";
    r.model = model;
    r.gpu = gpu;
    r.weights = r.activations = r.kvCache = precision;
    r.batch = batch;
    r.inputTokens = input;
    r.outputTokens = output;
    r.metric = metric;
    r.value = value;
    return r;
}

double stepTime(const ModelConfig& model, const Hardware& hw, Phase phase, double batch,
                double context)
{
    InferenceScenario s;
    s.phase = phase;
    s.batch = batch;
    s.context = context;
    s.fused = true;
    auto t = evaluateParallel(model, s, Layout{}, hw);
    if (!t) {
        ADD_FAILURE() << t.error().message;
        return 0.0;
    }
    return t->timeS;
}

std::vector<PublishedResult> bundled()
{
    auto parsed = builtinPublishedResults();
    if (!parsed) {
        ADD_FAILURE() << parsed.error().message;
        return {};
    }
    return *parsed;
}

} // namespace

TEST(PublishedResults, BundledDatasetLoadsWithSourcesAndKnownIds)
{
    const std::vector<PublishedResult> rows = bundled();
    EXPECT_GE(rows.size(), 24u);
    const ModelCatalog models = ModelCatalog::builtin();
    const HardwareCatalog hardware = HardwareCatalog::builtin();
    std::set<std::string> frameworks;
    std::set<std::string> gpus;
    for (const PublishedResult& r : rows) {
        EXPECT_EQ(r.source.rfind("https://", 0), 0u) << r.id << ": " << r.source;
        EXPECT_FALSE(r.note.empty()) << r.id;
        EXPECT_NE(models.find(r.model), nullptr) << r.id << ": " << r.model;
        EXPECT_NE(hardware.find(r.gpu), nullptr) << r.id << ": " << r.gpu;
        frameworks.insert(r.framework);
        gpus.insert(r.gpu);
    }
    // Several engines and GPUs, not one report repeated.
    EXPECT_GE(frameworks.size(), 4u);
    EXPECT_GE(gpus.size(), 4u);
}

// The issue's acceptance: every bundled published row is under RoofScope's bound. The ratio is
// also above 0.05: a row far below its bound is likelier a unit or layout slip than a real run.
TEST(PublishedResults, EveryBundledRowIsUnderItsBound)
{
    auto compared =
        comparePublished(bundled(), ModelCatalog::builtin(), HardwareCatalog::builtin());
    ASSERT_TRUE(compared) << compared.error().message;
    for (const PublishedComparison& c : *compared) {
        const PublishedResult& r = c.result;
        const PublishedBound& b = c.bound;
        EXPECT_GT(b.stepTimeS, 0.0) << r.id;
        EXPECT_LE(b.ratio, 1.0) << r.id << ": measured " << r.value << ", bound " << b.bound;
        EXPECT_GT(b.ratio, 0.05) << r.id << ": measured " << r.value << ", bound " << b.bound;
        std::printf("%-48s %-15s %-15s b=%-5g %-28s measured %-10g bound %-10.4g ratio %.3f%s\n",
                    r.id.c_str(), r.model.c_str(), r.gpu.c_str(), r.batch,
                    std::string(publishedMetricName(r.metric)).c_str(), r.value, b.bound, b.ratio,
                    b.fits.value_or(true) ? "" : " (does not fit)");
    }
}

TEST(PublishedResults, SpreadOfTheBundledRatiosIsTheExpectedRealRange)
{
    const std::vector<PublishedResult> rows = bundled();
    auto compared = comparePublished(rows, ModelCatalog::builtin(), HardwareCatalog::builtin());
    ASSERT_TRUE(compared) << compared.error().message;
    const auto spread = expectedRealRange(*compared);
    ASSERT_TRUE(spread.has_value());
    EXPECT_EQ(spread->count, rows.size());
    EXPECT_GT(spread->min, 0.05);
    EXPECT_LE(spread->min, spread->median);
    EXPECT_LE(spread->median, spread->max);
    EXPECT_LE(spread->max, 1.0);
    // docs/serving.md ("Published measurements beside the bound") quotes these.
    EXPECT_EQ(spread->count, 47u);
    EXPECT_NEAR(spread->min, 0.16, 0.005);
    EXPECT_NEAR(spread->median, 0.51, 0.005);
    EXPECT_NEAR(spread->max, 0.80, 0.005);
    std::printf("expected real range: %zu rows, min %.3f, median %.3f, max %.3f\n", spread->count,
                spread->min, spread->median, spread->max);
}

TEST(PublishedResults, RatioSpreadByHand)
{
    auto odd = ratioSpread({0.5, 0.2, 0.8});
    ASSERT_TRUE(odd.has_value());
    EXPECT_EQ(odd->count, 3u);
    EXPECT_DOUBLE_EQ(odd->min, 0.2);
    EXPECT_DOUBLE_EQ(odd->median, 0.5);
    EXPECT_DOUBLE_EQ(odd->max, 0.8);

    auto even = ratioSpread({0.8, 0.2, 0.6, 0.4});
    ASSERT_TRUE(even.has_value());
    EXPECT_DOUBLE_EQ(even->median, 0.5);

    // Non-finite and non-positive ratios (a bound that could not be had) are left out.
    auto filtered = ratioSpread({std::numeric_limits<double>::quiet_NaN(), 0.0, -1.0, 0.3,
                                 std::numeric_limits<double>::infinity()});
    ASSERT_TRUE(filtered.has_value());
    EXPECT_EQ(filtered->count, 1u);
    EXPECT_DOUBLE_EQ(filtered->median, 0.3);

    EXPECT_FALSE(ratioSpread({}).has_value());
}

// Llama-2-7B FP16 at batch 1 on an H100 SXM5: a decode step reads every weight once, so the
// per-user bound is close to HBM bandwidth / weight bytes = 3.35e12 / (2 · 6.61e9) ≈ 253 tok/s
// (6.74e9 parameters less the 131 M of the embedding table; a little less than that: the KV
// cache and the activations are read too).
TEST(PublishedResults, PerUserBoundIsOneOverTheDecodeStep)
{
    const PublishedResult r =
        handRow("llama-2-7b", "h100-sxm5", 1, 100, 200, PublishedMetric::TokensPerSPerUser, 124.0);
    const ModelConfig& model = builtinModel("llama-2-7b");
    const Hardware& hw = builtinGpu("h100-sxm5");
    auto b = publishedBound(r, model, hw);
    ASSERT_TRUE(b) << b.error().message;

    // The step RoofScope's model evaluation gives at the mean context 100 + 200 / 2 = 200.
    const double step = stepTime(model, hw, Phase::Decode, 1, 200);
    EXPECT_DOUBLE_EQ(b->stepTimeS, step);
    EXPECT_DOUBLE_EQ(b->bound, 1.0 / step);
    EXPECT_DOUBLE_EQ(b->ratio, 124.0 / b->bound);

    // Every parameter but the embedding table, of which a step reads one row per token.
    const double readParams =
        model.parameterCount() - static_cast<double>(model.vocabSize) * model.hiddenSize;
    const double weightsOnly = 3.35e12 / (2.0 * readParams);
    EXPECT_LT(b->bound, weightsOnly);
    EXPECT_GT(b->bound, 0.95 * weightsOnly);
}

TEST(PublishedResults, ThroughputBoundsScaleWithBatchAndGpus)
{
    PublishedResult r = handRow("llama-2-70b", "h100-sxm5", 64, 1024, 256,
                                PublishedMetric::TokensPerSPerUser, 1000.0, Precision::FP8);
    r.layout.tp = 4;
    const ModelConfig& model = builtinModel("llama-2-70b");
    const Hardware& hw = builtinGpu("h100-sxm5");

    auto perUser = publishedBound(r, model, hw);
    r.metric = PublishedMetric::OutputTokensPerS;
    auto total = publishedBound(r, model, hw);
    r.metric = PublishedMetric::OutputTokensPerSPerGpu;
    auto perGpu = publishedBound(r, model, hw);
    ASSERT_TRUE(perUser && total && perGpu);
    EXPECT_DOUBLE_EQ(perUser->stepTimeS, total->stepTimeS);
    EXPECT_DOUBLE_EQ(total->bound, 64.0 / total->stepTimeS);
    EXPECT_DOUBLE_EQ(perGpu->bound, total->bound / 4.0);
    EXPECT_DOUBLE_EQ(perGpu->ratio, 1000.0 / perGpu->bound);
    ASSERT_TRUE(total->fits.has_value());
    EXPECT_TRUE(*total->fits);
}

// A time to first token is at least the prefill of the prompt; the ratio of a time is
// bound / measured.
TEST(PublishedResults, TimeToFirstTokenBoundIsThePrefill)
{
    const PublishedResult r =
        handRow("llama-2-7b", "h100-sxm5", 1, 2048, 1, PublishedMetric::TimeToFirstTokenS, 0.2);
    const ModelConfig& model = builtinModel("llama-2-7b");
    const Hardware& hw = builtinGpu("h100-sxm5");
    auto b = publishedBound(r, model, hw);
    ASSERT_TRUE(b) << b.error().message;

    const double prefill = stepTime(model, hw, Phase::Prefill, 1, 2048);
    EXPECT_DOUBLE_EQ(b->bound, prefill);
    EXPECT_DOUBLE_EQ(b->ratio, prefill / 0.2);
    // 2 · 6.74e9 · 2048 FLOPs at 989.4 TFLOP/s: the matmuls alone take 27.9 ms.
    EXPECT_GT(b->bound, 2.0 * 6.74e9 * 2048 / 989.4e12);
}

TEST(PublishedResults, UnknownIdsAreNamedWithTheClosestKnownOne)
{
    PublishedResult r;
    r.id = "x";
    r.model = "llama-2-7";
    r.gpu = "h100-sxm5";
    auto b = publishedBound(r, ModelCatalog::builtin(), HardwareCatalog::builtin());
    ASSERT_FALSE(b);
    EXPECT_EQ(b.error().message,
              "published result \"x\": unknown model \"llama-2-7\" (did you mean \"llama-2-7b\"?)");
    r.model = "llama-2-7b";
    r.gpu = "h100";
    b = publishedBound(r, ModelCatalog::builtin(), HardwareCatalog::builtin());
    ASSERT_FALSE(b);
    EXPECT_EQ(b.error().message.rfind("published result \"x\": unknown GPU \"h100\"", 0), 0u)
        << b.error().message;
}

TEST(PublishedResults, WriteReadRoundTrip)
{
    const std::vector<PublishedResult> rows = bundled();
    const std::string written = publishedResultsToJson(rows);
    auto again = parsePublishedResults(written, "written.json");
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(*again, rows);
    EXPECT_EQ(publishedResultsToJson(*again), written);
}

TEST(PublishedResults, DefaultsForOptionalKeys)
{
    auto parsed = parsePublishedResults(document(row(goodFields())), "pub.json");
    ASSERT_TRUE(parsed) << parsed.error().message;
    ASSERT_EQ(parsed->size(), 1u);
    const PublishedResult& r = parsed->front();
    EXPECT_EQ(r.layout, Layout{});
    EXPECT_EQ(r.kvCache, Precision::BF16); // the stream precision of bf16 activations
    EXPECT_EQ(r.metric, PublishedMetric::TokensPerSPerUser);
    EXPECT_DOUBLE_EQ(r.value, 100.0);
}

// Bad input: one message naming the file, the JSON pointer of the offending value, the problem.
TEST(PublishedResultsBadInput, ErrorsNameTheRowsPointer)
{
    const std::string good = row(goodFields());
    EXPECT_EQ(errorOf(document(good + "," + row(goodFields("r2", "0")))),
              "pub.json: /results/1/batch: must be a whole number >= 1, got 0");
    EXPECT_EQ(errorOf(document(good + "," + row(goodFields("r2", "8", "tokens_per_minute")))),
              "pub.json: /results/1/metric: unknown metric \"tokens_per_minute\" (expected one "
              "of: tokens_per_s_per_user, output_tokens_per_s, output_tokens_per_s_per_gpu, "
              "ttft_s)");
    EXPECT_EQ(errorOf(document(good + "," + good)),
              "pub.json: /results/1/id: id \"r1\" is already used by /results/0");
    EXPECT_EQ(errorOf(document(row(goodFields("r1", "1", "tokens_per_s_per_user", "fp32")))),
              "pub.json: /results/0/weights: unknown precision \"fp32\" (expected one of: fp16, "
              "bf16, fp8, int8, int4, fp4)");
    EXPECT_EQ(errorOf(document(row(goodFields("r1", "1", "ttft_s", "bf16", "0")))),
              "pub.json: /results/0/input_tokens: must be at least 1 for a time to first token "
              "(the prompt it prefills)");
    EXPECT_EQ(errorOf(document(row(goodFields("r1", "2.5")))),
              "pub.json: /results/0/batch: must be a whole number >= 1, got 2.5");
    EXPECT_EQ(errorOf(document(row(goodFields() + R"(, "tp": 0)"))),
              "pub.json: /results/0/tp: must be a whole number >= 1, got 0");
    EXPECT_EQ(errorOf(document(row(goodFields() + R"(, "kv": "int4")"))),
              "pub.json: /results/0/kv: unknown precision \"int4\" (expected one of: fp16, bf16, "
              "fp8, int8)");
}

TEST(PublishedResultsBadInput, WrongValuesAndShapes)
{
    std::string fields = goodFields();
    fields.replace(fields.find(R"("value": 100)"), 12, R"("value": -3)");
    EXPECT_EQ(errorOf(document(row(fields))),
              "pub.json: /results/0/value: must be a finite number > 0, got -3");

    std::string wider = goodFields();
    wider.replace(wider.find(R"("activations": "bf16")"), 21, R"("activations": "fp8")");
    EXPECT_EQ(errorOf(document(row(wider))),
              "pub.json: /results/0/weights: bf16 is wider than the activations (fp8): weights "
              "are stored at most as wide as the math runs");

    std::string noSource = goodFields();
    const std::string sourceKey = R"("source": "https://example.org/readme", )";
    noSource.replace(noSource.find(sourceKey), sourceKey.size(), "");
    EXPECT_NE(errorOf(document(row(noSource))).find("pub.json: /results/0: "), std::string::npos)
        << errorOf(document(row(noSource)));
    EXPECT_NE(errorOf(document(row(noSource))).find("source"), std::string::npos);

    EXPECT_EQ(errorOf(document(row(goodFields("r1", "1e6", "ttft_s", "bf16", "2048")))),
              "pub.json: /results/0/batch: a step of 2048000000 tokens (batch × prompt); the "
              "limit is 10000000");
    EXPECT_EQ(errorOf(R"({"format": "roofscope-models", "version": 1, "results": []})"),
              "pub.json: /format: expected \"roofscope-published\" (published results), got "
              "\"roofscope-models\"");
    EXPECT_EQ(errorOf(R"({"format": "roofscope-published", "version": 2, "results": []})"),
              "pub.json: /version: written by a newer RoofScope (format version 2; this build "
              "reads version 1)");
    EXPECT_EQ(errorOf(R"({"format": "roofscope-published", "version": 1, "results": {}})"),
              "pub.json: /results: expected an array, got object");
    EXPECT_EQ(errorOf(document("3")), "pub.json: /results/0: expected an object, got number");
    EXPECT_NE(errorOf(document("{")).find("pub.json: line "), std::string::npos);
}

// The window's table: every row on its own, the ones that cannot be evaluated named.
TEST(PublishedResults, EachRowIsEvaluatedOnItsOwnAndTheBandRestsOnTheEvaluatedOnes)
{
    std::vector<PublishedResult> rows = bundled();
    auto compared = comparePublished(rows, ModelCatalog::builtin(), HardwareCatalog::builtin());
    ASSERT_TRUE(compared) << compared.error().message;
    PublishedResult unknown = rows.front();
    unknown.id = "x";
    unknown.gpu = "h100";
    rows.push_back(unknown);
    const std::vector<PublishedRowBound> each =
        evaluatePublished(rows, ModelCatalog::builtin(), HardwareCatalog::builtin());
    ASSERT_EQ(each.size(), 48u);
    for (std::size_t i = 0; i < compared->size(); ++i) {
        ASSERT_TRUE(each[i].bound.has_value()) << each[i].problem;
        EXPECT_EQ(each[i].bound->bound, (*compared)[i].bound.bound);
        EXPECT_EQ(each[i].bound->ratio, (*compared)[i].bound.ratio);
    }
    EXPECT_FALSE(each.back().bound.has_value());
    EXPECT_EQ(each.back().problem.rfind("published result \"x\": unknown GPU \"h100\"", 0), 0u)
        << each.back().problem;

    // 47 rows from five documents: gpt-fast's README, TensorRT-LLM's performance page and H200
    // post, the llama.cpp pull request and Oracle's MI300X post.
    EXPECT_EQ(publishedSourceCount(bundled()), 5u);
    const auto band = publishedBand(each);
    ASSERT_TRUE(band.has_value());
    const auto spread = expectedRealRange(*compared);
    EXPECT_EQ(band->spread.count, 47u);
    EXPECT_EQ(band->spread.min, spread->min);
    EXPECT_EQ(band->spread.median, spread->median);
    EXPECT_EQ(band->spread.max, spread->max);
    EXPECT_EQ(band->sources, 5u);
}

TEST(PublishedResults, RealRangeUnderABoundIsTheBoundTimesTheSpread)
{
    const RatioSpread spread{47, 0.16, 0.51, 0.80};
    const RealRange r = realRangeUnder(1000.0, spread);
    EXPECT_DOUBLE_EQ(r.low, 160.0);
    EXPECT_DOUBLE_EQ(r.median, 510.0);
    EXPECT_DOUBLE_EQ(r.high, 800.0);
}

// A rate row's place on the serving chart: per user = 1 / step seen by one sequence, per GPU =
// the deployment's output rate over its GPUs; 32 sequences at 20 tokens/s each on TP=4 are
// 640 tokens/s in all, 160 per GPU, whichever of the three metrics the row was printed in.
TEST(PublishedResults, ServingRateOfEachMetric)
{
    PublishedResult perUser = handRow("llama-2-70b", "h100-sxm5", 32, 1024, 256,
                                      PublishedMetric::TokensPerSPerUser, 20.0);
    perUser.layout = Layout{4, 1, 1};
    PublishedResult total = perUser;
    total.metric = PublishedMetric::OutputTokensPerS;
    total.value = 640.0;
    PublishedResult perGpu = perUser;
    perGpu.metric = PublishedMetric::OutputTokensPerSPerGpu;
    perGpu.value = 160.0;
    for (const PublishedResult& r : {perUser, total, perGpu}) {
        const auto rate = servingRateOf(r);
        ASSERT_TRUE(rate.has_value()) << publishedMetricName(r.metric);
        EXPECT_DOUBLE_EQ(rate->perUser, 20.0) << publishedMetricName(r.metric);
        EXPECT_DOUBLE_EQ(rate->perGpu, 160.0) << publishedMetricName(r.metric);
    }
    PublishedResult ttft = perUser;
    ttft.metric = PublishedMetric::TimeToFirstTokenS;
    ttft.value = 0.2;
    EXPECT_FALSE(servingRateOf(ttft).has_value());
}
