// Hardware catalog loader: parse → serialise → parse must give the same catalog, and every
// roofline verdict on an accepted accelerator is finite or a clean error.
#include "core/hardware/catalog.h"
#include "core/roofline/roofline.h"
#include "fuzzcheck.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace roofscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = parseHardwareCatalog(text, "fuzz.json");
    if (!parsed) {
        fuzz::requireOneLine(parsed.error().message);
        return 0;
    }
    const std::string written = hardwareCatalogToJson(*parsed);
    auto again = parseHardwareCatalog(written, "written.json");
    fuzz::require(again.ok(), "a written catalog reads back", again ? "" : again.error().message);
    fuzz::require(hardwareCatalogToJson(*again) == written, "write → read → write is stable",
                  written);
    for (const Hardware& hw : *parsed) {
        for (const Ceiling& c : hw.ceilings) {
            auto e = estimate(Cost{1.34e8, 1.34e8, c.precision, c.unit}, hw);
            if (!e) {
                fuzz::requireOneLine(e.error().message);
                continue;
            }
            for (double v : {e->ai, e->ridgeAi, e->attainable, e->timeS, e->peakFraction})
                fuzz::requireFinite(v, "estimate on a fuzzed accelerator");
        }
    }
    return 0;
}
