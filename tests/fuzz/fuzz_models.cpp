// Model loader (RoofScope model catalogs and Hugging Face config.json): parse → serialise →
// parse must be stable, and an accepted model expands and evaluates to finite totals or to a
// clean one-line error.
#include "core/hardware/catalog.h"
#include "core/models/modelconfig.h"
#include "core/models/workload.h"
#include "fuzzcheck.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace roofscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const HardwareCatalog catalog = HardwareCatalog::builtin();
    static const Hardware* h100 = catalog.find("h100-sxm5");
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = parseModelFile(text, "fuzz/config.json");
    if (!parsed) {
        fuzz::requireOneLine(parsed.error().message);
        return 0;
    }
    const std::string written = modelCatalogToJson(*parsed);
    auto again = parseModelFile(written, "written.json");
    fuzz::require(again.ok(), "a written model file reads back",
                  again ? written : again.error().message + "\n" + written);
    fuzz::require(modelCatalogToJson(*again) == written, "write → read → write is stable", written);
    for (const ModelConfig& m : *parsed) {
        fuzz::requireFinite(m.parameterCount(), "parameter count");
        for (Phase phase : {Phase::Decode, Phase::Prefill}) {
            InferenceScenario s;
            s.phase = phase;
            s.batch = 8;
            s.context = 512;
            auto w = expandWorkload(m, s);
            if (!w) {
                fuzz::requireOneLine(w.error().message);
                continue;
            }
            auto t = evaluateWorkload(*w, *h100);
            if (!t) {
                fuzz::requireOneLine(t.error().message);
                continue;
            }
            for (double v : {t->flops, t->bytes, t->timeS, t->tokensPerS, t->weightsBytes,
                             t->kvCacheBytes, t->memoryBoundTimeFraction})
                fuzz::requireFinite(v, "workload totals");
            fuzz::require(!t->gpusNeeded || *t->gpusNeeded >= 1, "GPU count is positive");
        }
    }
    return 0;
}
