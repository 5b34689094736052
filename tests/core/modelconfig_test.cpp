#include "core/models/modelconfig.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace roofscope;

namespace {

const std::string kData = std::string(ROOFSCOPE_TEST_DATA_DIR) + "/models";

std::string modelEntry(const std::string& extra = {})
{
    return R"({"id": "m", "name": "M", "hidden_size": 4096, "intermediate_size": 11008,
               "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000)" +
           extra + "}";
}

std::string catalogText(const std::string& entries)
{
    return R"({"format": "roofscope-models", "version": 1, "models": [)" + entries + "]}";
}

std::string errorOf(const std::string& text, const std::string& file = "my.json")
{
    auto parsed = parseModelFile(text, file);
    return parsed ? std::string() : parsed.error().message;
}

} // namespace

TEST(ModelCatalogBuiltin, ParsesAndHoldsThePresets)
{
    auto parsed = parseModelFile(builtinModelsJson(), "built-in models.json");
    ASSERT_TRUE(parsed) << parsed.error().message;
    std::set<std::string> ids;
    for (const ModelConfig& m : *parsed) {
        ids.insert(m.id);
        EXPECT_FALSE(validateModel(m).has_value()) << m.id;
    }
    const std::set<std::string> expected = {
        "llama-2-7b",     "llama-2-13b",  "llama-2-70b", "llama-3-8b", "llama-3-70b",
        "llama-3.1-405b", "mixtral-8x7b", "qwen2.5-72b", "gpt-3-175b", "deepseek-v3"};
    EXPECT_EQ(ids, expected);
}

// resources/models.json "params" (each entry's "source" names the model card): the shapes must
// add up to the published counts (biases aside).
TEST(ModelCatalogBuiltin, ParameterCountsMatchTheModelCards)
{
    const ModelCatalog catalog = ModelCatalog::builtin();
    for (const ModelConfig& m : catalog.all()) {
        ASSERT_GT(m.publishedParams, 0.0) << m.id;
        EXPECT_NEAR(m.parameterCount() / m.publishedParams, 1.0, 0.01) << m.id;
    }
    const ModelConfig* mixtral = catalog.find("mixtral-8x7b");
    ASSERT_NE(mixtral, nullptr);
    EXPECT_NEAR(mixtral->activeParameterCount() / 12.9e9, 1.0, 0.01);
    const ModelConfig* l70 = catalog.find("llama-2-70b");
    ASSERT_NE(l70, nullptr);
    EXPECT_NEAR(l70->parameterCount(), 68.98e9, 0.01e9);
}

TEST(ModelCatalogBuiltin, ClosestIdSuggestsThePreset)
{
    const ModelCatalog catalog = ModelCatalog::builtin();
    EXPECT_EQ(catalog.closestId("llama-2-70"), "llama-2-70b");
    EXPECT_EQ(catalog.closestId("Mixtral-8x7B"), "mixtral-8x7b");
    EXPECT_EQ(catalog.closestId("completely-different-thing"), "");
}

TEST(ModelFile, CatalogRoundTrips)
{
    const ModelCatalog catalog = ModelCatalog::builtin();
    auto again = parseModelFile(modelCatalogToJson(catalog.all()), "again.json");
    ASSERT_TRUE(again) << again.error().message;
    ASSERT_EQ(again->size(), catalog.all().size());
    for (std::size_t i = 0; i < again->size(); ++i) {
        const ModelConfig& a = catalog.all()[i];
        const ModelConfig& b = (*again)[i];
        EXPECT_EQ(a.id, b.id);
        EXPECT_EQ(a.parameterCount(), b.parameterCount()) << a.id;
        EXPECT_EQ(a.kvElementsPerToken(), b.kvElementsPerToken()) << a.id;
        EXPECT_EQ(a.mlp, b.mlp);
        EXPECT_EQ(a.position, b.position);
        EXPECT_EQ(a.experts, b.experts);
    }
}

TEST(ModelFile, DefaultsKvHeadsAndHeadDim)
{
    auto parsed = parseModelFile(catalogText(modelEntry()), "my.json");
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ(parsed->front().kvHeads, 32);
    EXPECT_EQ(parsed->front().headDim, 128);
    EXPECT_EQ(parsed->front().activation, "silu");
}

TEST(ModelFile, ErrorsNameFilePointerAndProblem)
{
    EXPECT_EQ(errorOf(catalogText(modelEntry(R"(, "num_key_value_heads": 0)"))),
              "my.json: /models/0/num_key_value_heads: must be a whole number >= 1, got 0");
    EXPECT_EQ(errorOf(catalogText(modelEntry(R"(, "num_key_value_heads": 6)"))),
              "my.json: /models/0/num_key_value_heads: must divide num_attention_heads (32), "
              "got 6");
    EXPECT_EQ(errorOf(catalogText(R"({"id": "m", "name": "M", "hidden_size": 4096.5,
        "intermediate_size": 1, "num_hidden_layers": 1, "num_attention_heads": 1,
        "vocab_size": 1})")),
              "my.json: /models/0/hidden_size: must be a whole number >= 1, got 4096.5");
    EXPECT_NE(
        errorOf(catalogText(modelEntry(R"(, "hiden": 1)"))).find("/models/0/hiden: unknown key"),
        std::string::npos);
    EXPECT_EQ(errorOf(catalogText(modelEntry() + "," + modelEntry())),
              "my.json: /models/1/id: duplicate id \"m\" (first at /models/0)");
    EXPECT_EQ(errorOf(catalogText(modelEntry(R"(, "num_local_experts": 8)"))),
              "my.json: /models/0: missing required key \"num_experts_per_tok\" "
              "(num_local_experts is > 1)");
    EXPECT_EQ(errorOf(catalogText(modelEntry(R"(, "mlp": "swiglu")"))),
              "my.json: /models/0/mlp: unknown value \"swiglu\" (expected one of: gated, plain)");
    EXPECT_EQ(errorOf(R"({"format": "roofscope-hardware", "models": []})"),
              "my.json: /format: expected \"roofscope-models\" (a model catalog), got "
              "\"roofscope-hardware\"");
    EXPECT_NE(errorOf("{\"models\": [\n}").find("my.json: line 2, column 1: syntax error"),
              std::string::npos);
}

TEST(ModelFile, BrokenFixtureIsRejectedWithItsPath)
{
    ModelCatalog catalog = ModelCatalog::builtin();
    const std::size_t before = catalog.all().size();
    auto loaded = catalog.loadFile(kData + "/broken-kv-heads.json");
    ASSERT_FALSE(loaded);
    EXPECT_NE(loaded.error().message.find("broken-kv-heads.json: /models/0/num_key_value_heads"),
              std::string::npos)
        << loaded.error().message;
    EXPECT_EQ(catalog.all().size(), before);
}

TEST(HuggingFaceConfig, LoadsAsItIsAndIgnoresOtherKeys)
{
    ModelCatalog catalog = ModelCatalog::builtin();
    auto loaded = catalog.loadFile(kData + "/tinyllama-1.1b/config.json");
    ASSERT_TRUE(loaded) << loaded.error().message;
    ASSERT_EQ(loaded->size(), 1u);
    const ModelConfig& m = loaded->front();
    EXPECT_EQ(m.id, "tinyllama-1.1b"); // from the directory of a config.json
    EXPECT_EQ(m.name, "TinyLlama/TinyLlama-1.1B-Chat-v1.0");
    EXPECT_EQ(m.hiddenSize, 2048);
    EXPECT_EQ(m.intermediateSize, 5632);
    EXPECT_EQ(m.layers, 22);
    EXPECT_EQ(m.heads, 32);
    EXPECT_EQ(m.kvHeads, 4);
    EXPECT_EQ(m.headDim, 64); // hidden / heads when absent
    EXPECT_EQ(m.vocabSize, 32000);
    EXPECT_FALSE(m.isMoe());
    EXPECT_NEAR(m.parameterCount(), 1.1e9, 0.01e9);
    EXPECT_NE(catalog.find("tinyllama-1.1b"), nullptr);
}

TEST(HuggingFaceConfig, MixtralExpertsAreRead)
{
    ModelCatalog catalog;
    auto loaded = catalog.loadFile(kData + "/mixtral-8x7b-hf/config.json");
    ASSERT_TRUE(loaded) << loaded.error().message;
    const ModelConfig& m = loaded->front();
    EXPECT_EQ(m.experts, 8);
    EXPECT_EQ(m.expertsPerToken, 2);
    EXPECT_NEAR(m.parameterCount() / 46.7e9, 1.0, 0.01);
    EXPECT_NEAR(m.activeParameterCount() / 12.9e9, 1.0, 0.01);
}

TEST(HuggingFaceConfig, DefaultsAndErrors)
{
    auto mha = parseModelFile(R"({"hidden_size": 4096, "intermediate_size": 11008,
        "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000,
        "num_key_value_heads": null, "rope_theta": 10000.0})",
                              "/tmp/llama-7b-like.json");
    ASSERT_TRUE(mha) << mha.error().message;
    EXPECT_EQ(mha->front().id, "llama-7b-like");
    EXPECT_EQ(mha->front().kvHeads, 32);

    EXPECT_EQ(errorOf(R"({"hidden_size": 4096, "intermediate_size": 11008,
        "num_hidden_layers": 32, "num_attention_heads": 32})",
                      "config.json"),
              "config.json: (root): missing required key \"vocab_size\" (a Hugging Face "
              "config.json of a decoder-only model)");
    EXPECT_EQ(errorOf(R"({"hidden_size": "4096", "intermediate_size": 11008,
        "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 1})",
                      "config.json"),
              "config.json: /hidden_size: expected a number, got string");
    EXPECT_NE(errorOf(R"({"hidden_size": 7168, "intermediate_size": 18432, "kv_lora_rank": 512,
        "num_hidden_layers": 61, "num_attention_heads": 128, "vocab_size": 129280})",
                      "config.json")
                  .find("multi-head latent attention"),
              std::string::npos);
}

namespace {

// A Llama-2-7B Hugging Face config with `quantization` as its quantization_config.
std::string quantizedHf(const std::string& quantization)
{
    return R"({"model_type": "llama", "hidden_size": 4096, "intermediate_size": 11008,
               "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000,
               "quantization_config": )" +
           quantization + "}";
}

} // namespace

// TheBloke/Llama-2-7B-GPTQ's config.json as published: 4-bit GPTQ in groups of 128.
TEST(HuggingFaceQuantization, GptqConfigKeepsFourBitWeightsInGroupsOf128)
{
    ModelCatalog catalog;
    auto loaded = catalog.loadFile(kData + "/hf/llama-2-7b-gptq/config.json");
    ASSERT_TRUE(loaded) << loaded.error().message;
    const ModelConfig& m = loaded->front();
    ASSERT_TRUE(m.quantization.has_value());
    EXPECT_EQ(m.quantization->method, "gptq");
    EXPECT_EQ(m.quantization->weights, Precision::INT4);
    EXPECT_EQ(m.quantization->groupSize, 128);
    // The embedded form (a scenario's "config") keeps it.
    auto again = parseModelFile(modelCatalogToJson({m}), "again.json");
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(again->front(), m);
}

TEST(HuggingFaceQuantization, AwqPerChannelAndBlockScaledFp8AreRead)
{
    auto awq = parseModelFile(quantizedHf(R"({"quant_method": "awq", "bits": 4, "group_size": 64,
                                              "version": "gemm", "zero_point": true})"),
                              "awq/config.json");
    ASSERT_TRUE(awq) << awq.error().message;
    EXPECT_EQ(awq->front().quantization, (WeightQuantization{"awq", Precision::INT4, 64, {}}));
    // GPTQ's -1: one scale per output channel, a share too small to count.
    auto channel = parseModelFile(
        quantizedHf(R"({"quant_method": "gptq", "bits": 8, "group_size": -1})"), "c/config.json");
    ASSERT_TRUE(channel) << channel.error().message;
    EXPECT_EQ(channel->front().quantization, (WeightQuantization{"gptq", Precision::INT8, 0, {}}));
    // DeepSeek-V3: FP8 weights with one scale per 128 × 128 block.
    auto fp8 = parseModelFile(quantizedHf(R"({"activation_scheme": "dynamic", "fmt": "e4m3",
                                              "quant_method": "fp8", "weight_block_size": [128, 128]})"),
                              "d/config.json");
    ASSERT_TRUE(fp8) << fp8.error().message;
    EXPECT_EQ(fp8->front().quantization,
              (WeightQuantization{"fp8", Precision::FP8, 16384, {128, 128}}));
    auto again = parseModelFile(modelCatalogToJson({fp8->front()}), "again.json");
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(again->front(), fp8->front());
    // A method RoofScope does not read leaves the model unquantized.
    auto bnb = parseModelFile(
        quantizedHf(R"({"quant_method": "bitsandbytes", "load_in_4bit": true})"), "b/config.json");
    ASSERT_TRUE(bnb) << bnb.error().message;
    EXPECT_FALSE(bnb->front().quantization.has_value());
}

TEST(HuggingFaceQuantization, BadValuesNameTheFileAndThePointer)
{
    EXPECT_EQ(errorOf(quantizedHf(R"({"quant_method": "gptq", "bits": 4, "group_size": 0})"),
                      "q/config.json"),
              "q/config.json: /quantization_config/group_size: expected the weights per scale, "
              "a whole number from 1 to 65536, or -1 for one scale per output channel, got 0");
    EXPECT_EQ(errorOf(quantizedHf(R"({"quant_method": "gptq", "bits": 4, "group_size": -32})"),
                      "q/config.json"),
              "q/config.json: /quantization_config/group_size: expected the weights per scale, "
              "a whole number from 1 to 65536, or -1 for one scale per output channel, got -32");
    EXPECT_EQ(errorOf(quantizedHf(R"({"quant_method": "gptq", "bits": 3, "group_size": 128})"),
                      "q/config.json"),
              "q/config.json: /quantization_config/bits: 3-bit weights are not modelled: "
              "RoofScope has 4- and 8-bit integer weights (expected 4 or 8)");
    EXPECT_EQ(
        errorOf(quantizedHf(R"({"quant_method": "awq", "group_size": 128})"), "q/config.json"),
        "q/config.json: /quantization_config: missing \"bits\" (4 or 8) of awq weights");
    EXPECT_EQ(errorOf(quantizedHf(R"({"quant_method": "fp8", "weight_block_size": [0, 128]})"),
                      "q/config.json"),
              "q/config.json: /quantization_config/weight_block_size/0: expected a block side, "
              "a whole number from 1 to 65536, got 0");
    EXPECT_EQ(errorOf(quantizedHf(R"({"bits": 4})"), "q/config.json"),
              "q/config.json: /quantization_config: missing \"quant_method\" (gptq, awq or fp8)");
    // In a model catalog entry the same key is read the same way.
    EXPECT_EQ(
        errorOf(catalogText(modelEntry(
            R"(, "quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": 0})"))),
        "my.json: /models/0/quantization_config/group_size: expected the weights per scale, "
        "a whole number from 1 to 65536, or -1 for one scale per output channel, got 0");
}
