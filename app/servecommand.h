#pragma once

#include "core/hardware/catalog.h"
#include "core/models/modelconfig.h"
#include "core/serving/serving.h"

#include <string>
#include <vector>

namespace roofscope::cli {

class Arguments;

// `roofscope serve --model ID|FILE --gpu ID[,ID...] --prompt P --output O [--tp N] [--pp M]
// [--ep E] [--layouts auto] [--format table|json|csv]`: tokens/s per GPU against tokens/s per
// user for every batch that fits, the time to first token and the request latency.
int runServe(const std::vector<std::string>& args);

// The serving options every command that draws or prints serving curves reads.
extern const std::vector<std::string> kServingOptions;
extern const std::vector<std::string> kServingFlags;

// What the serving options ask for, computed: one curve per GPU and layout (GPUs in the order
// given, layouts by TP, PP, EP), and which points are on their GPU's Pareto front.
struct ServingRun {
    ModelConfig model;
    ServingSetup setup;
    HardwareCatalog catalog;
    std::vector<ServingCurve> curves;
    std::vector<std::vector<bool>> onFront; // [curve][point]
};
// UsageErrors name the option (--prompt 0: ..., --tp 3: ...).
ServingRun servingRunFrom(const Arguments& a);

} // namespace roofscope::cli
