// Hardening of the core against hostile input (numbers beyond double's range, invalid UTF-8,
// overflowing counts, oversized files), and its C-locale number handling. The CLI side is in
// tests/cli/hardening_cli_test.cpp.
#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "core/models/modelconfig.h"
#include "core/models/workload.h"
#include "core/roofline/operators.h"
#include "core/util/format.h"
#include "core/util/jsonreader.h"
#include "core/util/numbers.h"
#include "core/util/textfile.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <clocale>
#include <cmath>
#include <limits>
#include <string>

using namespace roofscope;

namespace {

const std::string kHf = std::string(ROOFSCOPE_TEST_DATA_DIR) + "/models/hf/";

Expected<std::vector<ModelConfig>> loadHf(const std::string& dir)
{
    ModelCatalog catalog;
    return catalog.loadFile(kHf + dir + "/config.json");
}

Hardware h100()
{
    return *HardwareCatalog::builtin().find("h100-sxm5");
}

} // namespace

TEST(Hardening, ScenarioNumberBeyondDoubleRangeIsAnErrorNotAnAbort)
{
    auto s = parseScenario(R"({"format":"roofscope-scenario","version":1,
        "view":{"ai_min":1e309,"ai_max":2,"flops_min":1,"flops_max":2}})",
                           "s.json");
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message, "s.json: /view/ai_min: must be a finite number, got 1e309 (too "
                                 "large)");
}

TEST(Hardening, FormatSiOfTinyValuesDoesNotAbort)
{
    EXPECT_EQ(formatBandwidth(1e-300), "1e-291 nB/s");
    EXPECT_EQ(formatBytes(4.9e-324), "4.941e-315 nB"); // subnormal after scaling
    EXPECT_EQ(formatFlopsRate(989.4e12), "989.4 TFLOP/s");
}

TEST(Hardening, InvalidUtf8LabelsAreWrittenAsReplacementCharacters)
{
    Scenario s = defaultScenario();
    s.operators[0].label = "caf\xe9";
    const std::string json = scenarioToJson(s); // threw type_error 316 before
    EXPECT_NE(json.find("caf\xef\xbf\xbd"), std::string::npos);
    EXPECT_TRUE(parseScenario(json, "s.json").ok());
}

TEST(Hardening, HeadsTimesHeadDimDoesNotOverflow)
{
    ModelConfig m = *ModelCatalog::builtin().find("llama-2-7b");
    m.heads = 3'000'000'000LL;
    m.kvHeads = 3'000'000'000LL;
    m.headDim = 4'000'000'000LL; // heads × head_dim = 1.2e19 > 9.2e18
    const double h = static_cast<double>(m.hiddenSize);
    const double attention = 4.0 * h * 3e9 * 4e9;
    EXPECT_GT(m.parameterCount(), m.layers * attention * 0.999);
    EXPECT_TRUE(std::isfinite(weightBytes(m, InferenceScenario{})));
}

TEST(Hardening, GpuCountBeyondTheLimitIsAnErrorNotANegativeCount)
{
    const ModelConfig m = *ModelCatalog::builtin().find("llama-2-70b");
    Hardware tiny = h100();
    tiny.memoryBytes = 1.0; // 138 GB of weights need 1.4e11 of these
    auto w = expandWorkload(m, InferenceScenario{});
    ASSERT_TRUE(w.ok()) << w.error().message;
    auto t = evaluateWorkload(*w, tiny);
    ASSERT_FALSE(t.ok());
    EXPECT_NE(t.error().message.find("need more than 1000000000 GPUs of h100-sxm5"),
              std::string::npos)
        << t.error().message;
    auto ok = evaluateWorkload(*w, h100());
    ASSERT_TRUE(ok.ok());
    EXPECT_EQ(ok->gpusNeeded, 2);
}

TEST(Hardening, NonFiniteResultsAreRefused)
{
    Hardware hw = h100();
    for (Ceiling& c : hw.ceilings)
        c.flopsPerS = 5e-324;
    auto e = estimate(Cost{1.34e8, 1.34e8, Precision::BF16, ComputeUnit::Tensor}, hw);
    ASSERT_FALSE(e.ok());
    EXPECT_NE(
        e.error().message.find(
            "ridge_ai is out of range (0) for 1.34e+08 FLOP and 1.34e+08 bytes on a 5e-324 FLOP/s"),
        std::string::npos)
        << e.error().message;
    Hardware fast = h100();
    for (MemoryLevel& m : fast.memory)
        m.bytesPerS = 1e-300;
    auto r = estimate(Cost{1.34e8, 1.34e8, Precision::BF16, ComputeUnit::Tensor}, fast);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("ridge_ai is out of range (infinity)"), std::string::npos)
        << r.error().message;
}

TEST(Hardening, DevicesAreReadOnlyUpToTheFileSizeLimit)
{
    auto text = readTextFile("/dev/zero");
    ASSERT_FALSE(text.ok());
    EXPECT_EQ(text.error().message,
              "/dev/zero: too large (more than 16777216 bytes, the file size limit of RoofScope's "
              "JSON files)");
}

TEST(Hardening, ScenarioDuplicateKeysAreRefused)
{
    auto s = parseScenario(
        R"({"format":"roofscope-scenario","version":1,"theme":"dark","theme":"light"})", "s.json");
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message,
              "s.json: /theme: duplicate key (each key may appear only once in an object)");
}

TEST(Hardening, OperatorSpecsRoundTripExactly)
{
    auto op = parseOperatorSpec("elementwise:n=1024,flops_per_element=0.12345678901");
    ASSERT_TRUE(op.ok());
    EXPECT_NE(op->spec().find("flops_per_element=0.12345678901"), std::string::npos) << op->spec();
    auto third = withNumber(*op, "flops_per_element", 1.0 / 3.0);
    ASSERT_TRUE(third.ok());
    auto back = parseOperatorSpec(third->spec());
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back->params.number("flops_per_element"), 1.0 / 3.0); // bit-exact
    EXPECT_EQ(formatParamNumber(16777216), "16777216");
    EXPECT_EQ(formatParamNumber(1e15), "1e+15");
    EXPECT_EQ(shortestNumber(0.1), "0.1");
}

// Model-card parameter counts (Hugging Face safetensors totals, incl. biases RoofScope does not
// count): the computed total must be within 1 %.
TEST(Hardening, HuggingFaceFamiliesMatchTheModelCards)
{
    const std::pair<const char*, double> cards[] = {
        {"phi-2", 2.78e9},         {"gemma-7b", 8.54e9},   {"gemma-2-9b", 9.24e9},
        {"phi-3-mini-4k", 3.82e9}, {"mistral-7b", 7.24e9}, {"qwen2-7b", 7.62e9}};
    for (const auto& [dir, card] : cards) {
        auto models = loadHf(dir);
        ASSERT_TRUE(models.ok()) << dir << ": " << models.error().message;
        const double params = models->front().parameterCount();
        EXPECT_NEAR(params / card, 1.0, 0.01) << dir << ": " << params;
    }
    // Built-in presets against the counts their entries publish.
    const ModelCatalog builtin = ModelCatalog::builtin();
    for (const ModelConfig& m : builtin.all()) {
        if (m.publishedParams > 0.0) {
            EXPECT_NEAR(m.parameterCount() / m.publishedParams, 1.0, 0.01) << m.id;
        }
    }
}

TEST(Hardening, Phi2IsAParallelBlockWithPartialRotaryAndPlainGeluMlp)
{
    auto models = loadHf("phi-2");
    ASSERT_TRUE(models.ok()) << models.error().message;
    const ModelConfig& m = models->front();
    EXPECT_EQ(m.mlp, MlpKind::Plain);
    EXPECT_EQ(m.norm, NormKind::LayerNorm);
    EXPECT_EQ(m.activation, "gelu");
    EXPECT_TRUE(m.parallelBlock);
    EXPECT_DOUBLE_EQ(m.rotaryFraction, 0.4);
    // FP16 weights: 2.78 B parameters × 2 bytes ≈ 5.56 GB (it came out at 7.24 GB before).
    EXPECT_NEAR(weightBytes(m, InferenceScenario{}) / 1e9, 5.56, 0.03);
    auto w = expandWorkload(m, InferenceScenario{});
    ASSERT_TRUE(w.ok()) << w.error().message;
    for (const WorkloadOp& op : w->ops) {
        EXPECT_NE(op.key, "post_attention_norm");
        EXPECT_NE(op.key, "gate_proj");
        if (op.key == "rope") { // batch 1: (32 + 32) heads × 32 of 80 dimensions
            EXPECT_EQ(op.op.params.number("n"), 64.0 * 32.0);
        }
    }
    // Survives the RoofScope catalog format.
    auto back = parseModelFile(modelCatalogToJson(*models), "m.json");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_TRUE(back->front().parallelBlock);
    EXPECT_DOUBLE_EQ(back->front().rotaryFraction, 0.4);
}

// transformers 5 writes the rotary share inside rope_parameters (config.to_dict() of a
// PhiConfig(partial_rotary_factor=0.4)); read from there it is the same model as 4.x's file.
TEST(Hardening, Transformers5RopeParametersCarryThePartialRotaryFactor)
{
    const std::string v5 = R"({"model_type": "phi", "architectures": ["PhiForCausalLM"],
        "transformers_version": "5.17.0", "hidden_size": 2560, "intermediate_size": 10240,
        "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 32,
        "vocab_size": 51200, "hidden_act": "gelu_new", "max_position_embeddings": 2048,
        "tie_word_embeddings": false, "rope_parameters": {"rope_theta": 10000.0,
        "rope_type": "default", "partial_rotary_factor": 0.4}})";
    auto models = parseModelFile(v5, "phi-v5.json");
    ASSERT_TRUE(models.ok()) << models.error().message;
    EXPECT_DOUBLE_EQ(models->front().rotaryFraction, 0.4);
    auto v4 = loadHf("phi-2");
    ASSERT_TRUE(v4.ok()) << v4.error().message;
    EXPECT_DOUBLE_EQ(models->front().parameterCount(), v4->front().parameterCount());

    std::string bad = v5;
    bad.replace(bad.find("0.4}"), 3, "1.5");
    const auto refused = parseModelFile(bad, "phi-v5.json");
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(
        refused.error().message.find(
            "phi-v5.json: /rope_parameters/partial_rotary_factor: must be in (0, 1], got 1.5"),
        std::string::npos)
        << refused.error().message;
}

TEST(Hardening, GemmaIsGeGluWithItsOwnHeadDimAndTiedEmbeddings)
{
    auto models = loadHf("gemma-7b");
    ASSERT_TRUE(models.ok()) << models.error().message;
    const ModelConfig& m = models->front();
    EXPECT_EQ(m.mlp, MlpKind::Gated);
    EXPECT_EQ(m.activation, "gelu");
    EXPECT_EQ(m.headDim, 256); // hidden / heads would be 192
    EXPECT_TRUE(m.tiedEmbeddings);
}

TEST(Hardening, EncodersSsmsAndUnknownFamiliesAreRefusedNamingFieldAndFamily)
{
    const std::pair<const char*, const char*> refused[] = {
        {"bert-base", "/model_type: \"bert\" is an encoder (BERT), not a decoder-only transformer"},
        {"mamba-2.8b",
         "/model_type: \"mamba\" is a state-space model (Mamba), not a decoder-only transformer"},
        {"gpt2", "/model_type: \"gpt2\" is not a model family RoofScope describes (expected one "
                 "of: llama, mistral"}};
    for (const auto& [dir, message] : refused) {
        auto models = loadHf(dir);
        ASSERT_FALSE(models.ok()) << dir;
        EXPECT_NE(models.error().message.find(message), std::string::npos)
            << models.error().message;
        EXPECT_EQ(models.error().message.find('\n'), std::string::npos);
    }
}

// Qwen1.5-MoE-A2.7B, config.json of huggingface.co/Qwen/Qwen1.5-MoE-A2.7B (copied to
// tests/data/models/hf/qwen1.5-moe-a2.7b): its model card says "14.3B parameters in total and
// 2.7B activated parameters during runtime". The layer, written out from the shapes:
// attention 4 · 2048² + Q/K/V biases 3 · 2048; 60 routed experts 3 · 2048 · 1408 each; one
// shared expert 3 · 2048 · 5632 with its 2048-wide sigmoid gate; router 2048 · 60; 2 RMSNorms.
TEST(Hardening, QwenMoeMatchesItsModelCardTotalAndActive)
{
    auto models = loadHf("qwen1.5-moe-a2.7b");
    ASSERT_TRUE(models.ok()) << models.error().message;
    const ModelConfig& m = models->front();
    EXPECT_EQ(m.experts, 60);
    EXPECT_EQ(m.expertsPerToken, 4);
    EXPECT_EQ(m.moeIntermediateSize, 1408);
    EXPECT_EQ(m.sharedExpertSize, 5632);
    EXPECT_TRUE(m.sharedExpertGate);
    EXPECT_TRUE(m.qkvBias);
    EXPECT_EQ(m.moeLayerCount(), 24);

    const double h = 2048;
    const double attention = 4 * h * h + 3 * h;
    const double expert = 3 * h * 1408;
    const double others = 3 * h * 5632 + h + 60 * h + 2 * h; // shared expert, gate, router, norms
    const double outer = 2 * 151936 * h + h;                 // embeddings, LM head, final norm
    const double total = 24 * (attention + 60 * expert + others) + outer;
    const double active = 24 * (attention + 4 * expert + others) + outer;
    EXPECT_DOUBLE_EQ(m.parameterCount(), total);
    EXPECT_DOUBLE_EQ(m.activeParameterCount(), active);
    EXPECT_NEAR(m.parameterCount() / 14.3e9, 1.0, 0.01);      // 14.316 B
    EXPECT_NEAR(m.activeParameterCount() / 2.7e9, 1.0, 0.01); // 2.689 B

    // Survives the RoofScope catalog format.
    auto back = parseModelFile(modelCatalogToJson(*models), "m.json");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_DOUBLE_EQ(back->front().parameterCount(), total);
    EXPECT_DOUBLE_EQ(back->front().activeParameterCount(), active);
    EXPECT_TRUE(back->front().sharedExpertGate);
    EXPECT_TRUE(back->front().qkvBias);
}

namespace {

const WorkloadOp* findRow(const Workload& w, const std::string& key)
{
    const auto it = std::find_if(w.ops.begin(), w.ops.end(),
                                 [&](const WorkloadOp& op) { return op.key == key; });
    return it == w.ops.end() ? nullptr : &*it;
}

} // namespace

// One decode token touches exactly its top-4 experts, so the step reads the activated
// parameters (all in 16 bits): the weights read are 2 bytes × 2.689 B.
TEST(Hardening, QwenMoeDecodeRunsTheSharedExpertItsGateAndTopFourExperts)
{
    auto models = loadHf("qwen1.5-moe-a2.7b");
    ASSERT_TRUE(models.ok()) << models.error().message;
    const ModelConfig& m = models->front();
    auto w = expandWorkload(m, InferenceScenario{});
    ASSERT_TRUE(w.ok()) << w.error().message;
    EXPECT_NEAR(w->expertsTouched, 4.0, 1e-12);
    EXPECT_EQ(findRow(*w, "gate_proj"), nullptr); // no dense layer
    const WorkloadOp* shared = findRow(*w, "shared_gate_proj");
    ASSERT_NE(shared, nullptr);
    EXPECT_DOUBLE_EQ(shared->layerCount, 24);
    EXPECT_EQ(shared->op.params.number("n"), 5632.0);
    const WorkloadOp* gate = findRow(*w, "shared_expert_gate");
    ASSERT_NE(gate, nullptr);
    EXPECT_EQ(gate->op.params.number("n"), 1.0);
    EXPECT_EQ(gate->op.params.number("k"), 2048.0);
    const WorkloadOp* expert = findRow(*w, "expert_gate_proj");
    ASSERT_NE(expert, nullptr);
    EXPECT_EQ(expert->op.params.number("n"), 1408.0);
    EXPECT_NEAR(expert->perLayer, 4.0, 1e-12);
    EXPECT_EQ(findRow(*w, "expert_combine")->op.params.number("inputs"), 5.0); // 4 + shared
    EXPECT_DOUBLE_EQ(w->weightsBytes, 2.0 * m.parameterCount());
    EXPECT_NEAR(w->weightsReadBytes / (2.0 * m.activeParameterCount()), 1.0, 1e-12);

    // Mixtral keeps its shape: every layer MoE, no shared expert, no bias.
    const ModelConfig mixtral = *ModelCatalog::builtin().find("mixtral-8x7b");
    EXPECT_EQ(mixtral.moeLayerCount(), 32);
    EXPECT_EQ(mixtral.sharedFfnSize(), 0.0);
    auto mw = expandWorkload(mixtral, InferenceScenario{});
    ASSERT_TRUE(mw.ok()) << mw.error().message;
    EXPECT_EQ(findRow(*mw, "shared_gate_proj"), nullptr);
    EXPECT_EQ(findRow(*mw, "shared_expert_gate"), nullptr);
    EXPECT_EQ(findRow(*mw, "expert_combine")->op.params.number("inputs"), 2.0);
}

// decoder_sparse_step 2 makes the odd layers (1, 3, …, 23) MoE; mlp_only_layers [1, 3] keeps
// two of them dense: 10 MoE layers, 14 dense ones (Hugging Face's Qwen2MoeDecoderLayer rule).
TEST(Hardening, QwenMoeSparseStepAndMlpOnlyLayersChooseTheDenseLayers)
{
    const std::string base = R"({"model_type": "qwen2_moe", "hidden_size": 2048,
        "intermediate_size": 5632, "num_hidden_layers": 24, "num_attention_heads": 16,
        "vocab_size": 151936, "num_experts": 60, "num_experts_per_tok": 4,
        "moe_intermediate_size": 1408, "shared_expert_intermediate_size": 5632)";
    auto sparse = parseModelFile(base + R"(, "decoder_sparse_step": 2, "mlp_only_layers": [1, 3]})",
                                 "q.json");
    ASSERT_TRUE(sparse.ok()) << sparse.error().message;
    const ModelConfig& m = sparse->front();
    EXPECT_EQ(m.moeLayerCount(), 10);
    EXPECT_EQ(m.denseLayerCount(), 14);
    auto everyLayer = parseModelFile(base + "}", "q.json");
    ASSERT_TRUE(everyLayer.ok()) << everyLayer.error().message;
    // 14 layers swap their experts, shared expert, gate and router for a dense 5632 MLP.
    const double h = 2048;
    const double moeMlp = 60 * 3 * h * 1408 + 3 * h * 5632 + h + 60 * h;
    EXPECT_DOUBLE_EQ(everyLayer->front().parameterCount() - m.parameterCount(),
                     14 * (moeMlp - 3 * h * 5632));
    auto w = expandWorkload(m, InferenceScenario{});
    ASSERT_TRUE(w.ok()) << w.error().message;
    EXPECT_DOUBLE_EQ(findRow(*w, "gate_proj")->layerCount, 14);
    EXPECT_DOUBLE_EQ(findRow(*w, "expert_gate_proj")->layerCount, 10);
    EXPECT_DOUBLE_EQ(findRow(*w, "router")->layerCount, 10);

    auto outside = parseModelFile(base + R"(, "mlp_only_layers": [24]})", "q.json");
    ASSERT_FALSE(outside.ok());
    EXPECT_EQ(outside.error().message, "q.json: /mlp_only_layers/0: expected a layer index from "
                                       "0 to num_hidden_layers - 1 (23), got 24");
    auto negative = parseModelFile(base + R"(, "mlp_only_layers": [2, -1]})", "q.json");
    ASSERT_FALSE(negative.ok());
    EXPECT_EQ(negative.error().message, "q.json: /mlp_only_layers/1: expected a layer index from "
                                        "0 to num_hidden_layers - 1 (23), got -1");
}

TEST(Hardening, PrefillTokenLimitIsNamedInTheCore)
{
    const ModelConfig m = *ModelCatalog::builtin().find("llama-2-7b");
    InferenceScenario s;
    s.phase = Phase::Prefill;
    s.batch = 1e6;
    s.context = 1e7;
    auto w = expandWorkload(m, s);
    ASSERT_FALSE(w.ok());
    EXPECT_EQ(w.error().message, "batch × context: a prefill step of 10000000000000 tokens is "
                                 "more than the limit of 10000000");
}

TEST(Hardening, JsonNestingIsLimited)
{
    const std::string deep = std::string(200000, '[') + std::string(200000, ']');
    auto doc = JsonReader::parse(deep, "deep.json");
    ASSERT_FALSE(doc.ok());
    EXPECT_NE(doc.error().message.find("deep.json: /0/0/0"), std::string::npos);
    EXPECT_NE(doc.error().message.find(": nested deeper than 64 levels"), std::string::npos);
}

TEST(Hardening, ErrorMessagesEscapeControlCharacters)
{
    auto op = parseOperatorSpec("matmul:m=1\n2");
    ASSERT_FALSE(op.ok());
    EXPECT_EQ(op.error().message, "matmul: m=1\\n2: not a number");
}

// Numbers in specs, files and read-outs are C-locale even when the process runs in a locale with a
// decimal comma (Qt's QApplication calls setlocale(LC_ALL, "")).
TEST(Hardening, NumbersIgnoreTheProcessLocale)
{
    const std::string previous = std::setlocale(LC_ALL, nullptr);
    ASSERT_NE(std::setlocale(LC_ALL, "de_DE.UTF-8"), nullptr)
        << "the de_DE.UTF-8 locale is missing; .ci/deps generates it";
    auto op = parseOperatorSpec("elementwise:n=1024,flops_per_element=1.5");
    const std::string formatted = formatNumber(1.5);
    const std::string si = formatBandwidth(3.35e12);
    auto comma = parseOperatorSpec("elementwise:flops_per_element=1,5");
    auto scenario = parseScenario(R"({"format": "roofscope-scenario", "version": 1,
        "operators": [{"spec": "elementwise:flops_per_element=1.5"}],
        "view": {"ai_min": 0.5, "ai_max": 1.5e4, "flops_min": 1.5e11, "flops_max": 1e16}})",
                                  "s.json");
    const std::string written = scenario ? scenarioToJson(*scenario) : std::string();
    std::setlocale(LC_ALL, previous.c_str());
    ASSERT_TRUE(scenario.ok()) << scenario.error().message;
    EXPECT_EQ(scenario->view->aiMax, 1.5e4);
    EXPECT_NE(written.find("flops_per_element=1.5\""), std::string::npos) << written;
    EXPECT_NE(written.find("\"ai_min\": 0.5"), std::string::npos) << written;
    ASSERT_TRUE(op.ok()) << op.error().message;
    EXPECT_EQ(op->params.number("flops_per_element"), 1.5);
    EXPECT_NE(op->spec().find("flops_per_element=1.5"), std::string::npos) << op->spec();
    EXPECT_EQ(formatted, "1.5");
    EXPECT_EQ(si, "3.35 TB/s");
    EXPECT_FALSE(comma.ok()); // "1" then ",5" is a stray item, not one and a half
}

TEST(Hardening, ScenarioAcceleratorAndOperatorCountsAreLimited)
{
    std::string ops;
    for (int i = 0; i < 1001; ++i)
        ops += std::string(i ? "," : "") + R"({"spec": "add"})";
    auto s = parseScenario(
        R"({"format": "roofscope-scenario", "version": 1, "operators": [)" + ops + "]}", "s.json");
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message, "s.json: /operators: 1001 operators; the limit is 1000");
    std::string gpus;
    for (int i = 0; i < 65; ++i)
        gpus += std::string(i ? "," : "") + "\"g" + std::to_string(i) + "\"";
    auto g = parseScenario(
        R"({"format": "roofscope-scenario", "version": 1, "gpus": [)" + gpus + "]}", "s.json");
    ASSERT_FALSE(g.ok());
    EXPECT_EQ(g.error().message, "s.json: /gpus: 65 accelerators; the limit is 64");
}

// Printers never print "inf", "nan" or "∞": a non-finite value has no number text in a file (an
// empty CSV cell) and reads "n/a" on screen. Readers refuse such values long before.
TEST(Hardening, NonFiniteValuesAreNeverPrintedAsNumbers)
{
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(shortestNumber(inf), "");
    EXPECT_EQ(shortestNumber(-inf), "");
    EXPECT_EQ(shortestNumber(nan), "");
    EXPECT_EQ(significantNumber(inf, 4), "");
    EXPECT_EQ(formatNumber(inf), "n/a");
    EXPECT_EQ(formatNumber(-inf), "n/a");
    EXPECT_EQ(formatNumber(nan), "n/a");
    EXPECT_EQ(formatBandwidth(inf), "n/a B/s");
    EXPECT_EQ(shortestNumber(0.1), "0.1");
    EXPECT_EQ(significantNumber(2.5, 6), "2.5");
}
