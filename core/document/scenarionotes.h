#pragma once

#include "core/models/modelconfig.h"
#include "core/models/workload.h"

#include <string>
#include <vector>

namespace roofscope {

// What a reader of a model's figures must know about this scenario, in plain sentences:
// the parts a weight quantizer keeps in 16 bits (W4A16: the LM head stays FP16), a context
// beyond the model's max_position_embeddings, and what a step's time means at batch > 1.
// The CLI prints them and the window shows them under the Model panel.
std::vector<std::string> scenarioNotes(const ModelConfig& model, const InferenceScenario& s);

// True when the context goes past what the model was trained for (max_position_embeddings,
// when the model states it).
bool contextBeyondTraining(const ModelConfig& model, const InferenceScenario& s);

// "per token" at decode batch 1; "per step" otherwise (a decode step makes one token for each
// of `batch` sequences; a prefill step ingests batch × context tokens).
std::string stepTimeLabel(const InferenceScenario& s);

} // namespace roofscope
