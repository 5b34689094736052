#include "core/document/scenarionotes.h"

#include "core/hardware/precision.h"
#include "core/roofline/operators.h"

#include <algorithm>
#include <cctype>

namespace roofscope {

namespace {

std::string upper(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return out;
}

// "4" for INT4, "16" for FP16: the W4A16 naming.
std::string bits(Precision p)
{
    return formatParamNumber(bytesPerElement(p) * 8.0);
}

} // namespace

bool contextBeyondTraining(const ModelConfig& model, const InferenceScenario& s)
{
    return model.maxPositions > 0 && s.context > static_cast<double>(model.maxPositions);
}

std::string stepTimeLabel(const InferenceScenario& s)
{
    if (s.phase == Phase::Decode && s.batch == 1.0)
        return "per token";
    return "per step";
}

std::vector<std::string> scenarioNotes(const ModelConfig& model, const InferenceScenario& s)
{
    std::vector<std::string> notes;
    const Precision stream = streamPrecision(s);
    if (bytesPerElement(s.weights) < bytesPerElement(stream)) {
        notes.push_back("W" + bits(s.weights) + "A" + bits(s.activations) +
                        ": only the decoder layers' "
                        "matrices are " +
                        upper(precisionName(s.weights)) + "; the LM head, the embeddings" +
                        (model.isMoe() ? ", the router" : "") + " and the norms stay in " +
                        upper(precisionName(stream)) + " (as AWQ and GPTQ keep them).");
    }
    if (contextBeyondTraining(model, s)) {
        notes.push_back("Context " + formatParamNumber(s.context) + " is beyond " + model.id +
                        "'s max_position_embeddings (" + std::to_string(model.maxPositions) +
                        "): the model was not trained for it, and the figures assume it runs "
                        "anyway.");
    }
    if (s.phase == Phase::Decode && s.batch > 1.0) {
        notes.push_back("Times are per step: one step makes one token for each of the " +
                        formatParamNumber(s.batch) +
                        " sequences, so each sequence waits one step per token and the batch "
                        "makes " +
                        formatParamNumber(s.batch) + " tokens per step.");
    } else if (s.phase == Phase::Prefill) {
        notes.push_back("Times are per step: one prefill step ingests " +
                        formatParamNumber(s.batch) + " × " + formatParamNumber(s.context) +
                        " prompt tokens.");
    }
    return notes;
}

} // namespace roofscope
