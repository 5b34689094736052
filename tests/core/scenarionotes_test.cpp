#include "core/document/scenarionotes.h"
#include "core/models/modelconfig.h"
#include "tests/common/builtins.h"

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::builtinModel;

namespace {

InferenceScenario decode(double batch, double context)
{
    InferenceScenario s;
    s.batch = batch;
    s.context = context;
    return s;
}

bool mentions(const std::vector<std::string>& notes, const std::string& text)
{
    for (const std::string& n : notes)
        if (n.find(text) != std::string::npos)
            return true;
    return false;
}

} // namespace

// W4A16 keeps the LM head in FP16, and says so.
TEST(ScenarioNotes, W4A16SaysTheLmHeadStaysFp16)
{
    InferenceScenario s = decode(1, 4096);
    s.weights = Precision::INT4;
    const auto notes = scenarioNotes(builtinModel("llama-2-70b"), s);
    EXPECT_TRUE(mentions(notes, "W4A16: only the decoder layers' matrices are INT4; the LM head"))
        << (notes.empty() ? "" : notes.front());
    EXPECT_TRUE(mentions(notes, "stay in FP16 (as AWQ and GPTQ keep them)"));
    EXPECT_FALSE(mentions(scenarioNotes(builtinModel("llama-2-70b"), decode(1, 4096)), "LM head"));
}

// A context past max_position_embeddings is named.
TEST(ScenarioNotes, ContextBeyondMaxPositionsIsWarned)
{
    EXPECT_FALSE(contextBeyondTraining(builtinModel("llama-2-70b"), decode(1, 4096)));
    EXPECT_TRUE(contextBeyondTraining(builtinModel("llama-2-70b"), decode(1, 4097)));
    EXPECT_TRUE(mentions(scenarioNotes(builtinModel("llama-2-70b"), decode(1, 131072)),
                         "Context 131072 is beyond llama-2-70b's max_position_embeddings (4096)"));
    EXPECT_FALSE(contextBeyondTraining(builtinModel("llama-3.1-405b"), decode(1, 100000)));
    EXPECT_EQ(builtinModel("deepseek-v3").maxPositions, 163840);
}

// At batch > 1 a step is not a token.
TEST(ScenarioNotes, BatchedDecodeTimesArePerStep)
{
    EXPECT_EQ(stepTimeLabel(decode(1, 128)), "per token");
    EXPECT_EQ(stepTimeLabel(decode(8, 128)), "per step");
    InferenceScenario prefill = decode(1, 2048);
    prefill.phase = Phase::Prefill;
    EXPECT_EQ(stepTimeLabel(prefill), "per step");
    EXPECT_TRUE(mentions(scenarioNotes(builtinModel("llama-2-70b"), decode(8, 128)),
                         "one step makes one token for each of the 8 sequences"));
}
