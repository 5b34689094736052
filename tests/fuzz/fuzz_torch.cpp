// Fuzzes the TorchTraceImporter (core/measured/torchimporter.h): see measured_fuzz_check.h for the
// properties. Whatever it accepts is also joined to three tiny models (dense with fused QKV, a
// Qwen-MoE-shaped one, a DeepSeek-shaped one with MLA) by joinTraceToModel: a refusal is fine,
// a crash or a number that is not finite is not; so is the model its shapes describe
// (modelFromTrace), when they describe one. The seeds dense-join.json, moe-join.json,
// moe-batched-join.json (transformers 5's batched_mm experts) and mla-join.json
// (tests/fuzz/corpus/torch) are traces those models join, written by the synthetic traces of
// tests/core/tracejoin_test.cpp.
#include "core/hardware/catalog.h"
#include "core/measured/modeljoin.h"
#include "core/measured/tracemodel.h"
#include "core/measured/torchimporter.h"
#include "core/models/modelconfig.h"
#include "measured_fuzz_check.h"
#include "tests/common/tinymodels.h"

#include <vector>

namespace {

std::vector<roofscope::ModelConfig> tinyModels()
{
    using namespace roofscope::test;
    return {tinyDenseModel(), tinyMoeModel(), tinyMlaModel()};
}

void checkJoins(const std::uint8_t* data, std::size_t size)
{
    using namespace roofscope;
    std::vector<ModelConfig> models = tinyModels();
    static const HardwareCatalog catalog = HardwareCatalog::builtin();
    const Hardware& gpu = *catalog.find("h200-sxm");
    auto imported = importMeasurementData(
        std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
    if (!imported)
        return;
    // The model its shapes describe, when they describe one, is joined too.
    if (auto read = modelFromTrace(*imported))
        models.push_back(std::move(read).value());
    for (const ModelConfig& model : models) {
        auto join = joinTraceToModel(*imported, model, gpu);
        if (!join)
            continue;
        fuzz::requireFinite(join->placedTimeShare);
        for (const JoinedPass& p : join->passes) {
            fuzz::requireFinite(p.measuredS);
            fuzz::requireFinite(p.predictedS);
            fuzz::requireFinite(p.wallS);
            for (const JoinedOperator& o : p.operators) {
                fuzz::requireFinite(o.measuredS);
                fuzz::requireFinite(o.predictedS);
            }
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    checkJoins(data, size);
    return roofscope::fuzz::fuzzImporter<roofscope::TorchTraceImporter>(data, size);
}
