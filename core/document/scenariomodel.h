#pragma once

#include "core/models/modelconfig.h"
#include "core/models/parallel.h"
#include "core/models/rowoverrides.h"
#include "core/models/workload.h"
#include "core/util/expected.h"

#include <string>
#include <string_view>

namespace roofscope {

// The whole-model set-up a scenario document carries (the window's Model panel): the model and
// one inference step. Its operators are in the document's "operators" as well; this says where
// they came from, so that the panel, the sliders and `plot` can expand them again.
//
// "model": {
//   "id": "mixtral-8x7b",                 required; a preset or user model id
//   "config": {"id": "mixtral-8x7b", "hidden_size": 4096, ...},
//                                         optional; the model itself, as one entry of a model
//                                         file or a Hugging Face config.json as it is. Written
//                                         always, so a document opens on any machine.
//   "phase": "decode",                    decode | prefill (default decode)
//   "batch": 1, "context": 2048,          whole numbers >= 1 (defaults 1 and 2048)
//   "weights": "int4", "activations": "fp16", "kv": "fp16",   precisions (default fp16)
//   "weight_group_size": 128,             optional; weights per FP16 scale of group-quantized
//                                         weights (default 0: no scales counted)
//   "fused": false,
//   "tp": 2, "pp": 1, "ep": 1,            optional layout (default 1 each, written when not 1):
//                                         the chart shows one GPU of the first stage
//   "overrides": {"ffn_gate": {"weight_dtype": "int4", "label": "Gate (W4)"}},
//                                         optional; rows edited by hand, by key: the values
//                                         laid over the expansion (rowoverrides.h)
//   "on_chart": true,                     the model's operators follow "operators" on the chart
//                                         (they are not listed there: they are expanded again)
//   "selected": 3                         optional; the selected row among them
// }
struct ScenarioModel {
    std::string id;
    // The embedded model as a one-model RoofScope model document ("" = look the id up).
    std::string config;
    InferenceScenario step;
    Layout layout = {}; // checked against the model when it is resolved (layoutWorkload)
    RowOverrides overrides;
    bool onChart = false;
    int selected = -1; // a row of the model's operators, when on the chart
    bool operator==(const ScenarioModel&) const = default;
};

// The set-up of `model` under `step`, with the model embedded.
ScenarioModel makeScenarioModel(const ModelConfig& model, const InferenceScenario& step);

// Parses the "model" object of a scenario, given as JSON text. Errors read
// "FILE: /model/POINTER: problem".
Expected<ScenarioModel> parseScenarioModel(std::string_view jsonText, std::string_view fileName);

// The "model" object as JSON text (stable key order).
std::string scenarioModelToJson(const ScenarioModel& model);

// The model the set-up names: the embedded config when there is one, else the catalog's
// model with that id (the error suggests the closest id).
Expected<ModelConfig> resolveScenarioModel(const ScenarioModel& model, const ModelCatalog& catalog,
                                           std::string_view fileName);

} // namespace roofscope
