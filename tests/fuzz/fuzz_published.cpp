// Published-results loader (parsePublishedResults): parse → serialise → parse must be stable,
// and every accepted row whose model and GPU are built in gets a finite bound and ratio or a
// clean one-line error.
#include "core/serving/publishedresult.h"
#include "fuzzcheck.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace roofscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const ModelCatalog models = ModelCatalog::builtin();
    static const HardwareCatalog hardware = HardwareCatalog::builtin();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = parsePublishedResults(text, "fuzz/published.json");
    if (!parsed) {
        fuzz::requireOneLine(parsed.error().message);
        return 0;
    }
    const std::string written = publishedResultsToJson(*parsed);
    auto again = parsePublishedResults(written, "written.json");
    fuzz::require(again.ok(), "written published results read back",
                  again ? written : again.error().message + "\n" + written);
    fuzz::require(publishedResultsToJson(*again) == written, "write → read → write is stable",
                  written);
    std::vector<PublishedComparison> compared;
    for (const PublishedResult& r : *parsed) {
        auto b = publishedBound(r, models, hardware);
        if (!b) {
            fuzz::requireOneLine(b.error().message);
            continue;
        }
        for (double v : {b->stepTimeS, b->bound, b->ratio})
            fuzz::requireFinite(v, "published bound");
        fuzz::require(b->stepTimeS > 0.0 && b->bound > 0.0, "bound is positive");
        compared.push_back({r, *b});
    }
    if (const auto spread = expectedRealRange(compared)) {
        fuzz::require(spread->min <= spread->median && spread->median <= spread->max,
                      "min <= median <= max");
    }
    return 0;
}
