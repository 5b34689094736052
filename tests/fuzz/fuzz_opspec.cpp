// Operator specs ("kind:key=value,..." or a preset id): spec() reads back to the same operator,
// and its cost and verdict on H100 are finite.
#include "core/hardware/catalog.h"
#include "core/roofline/operators.h"
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
    auto op = parseOperatorOrPreset(text);
    if (!op) {
        fuzz::requireOneLine(op.error().message);
        return 0;
    }
    const std::string spec = op->spec();
    auto again = parseOperatorSpec(spec);
    fuzz::require(again.ok(), "spec() reads back", again ? spec : again.error().message);
    again->label = op->label;
    fuzz::require(*again == *op, "spec() → parse gives the same operator (exact numbers)", spec);
    const Cost c = op->cost();
    fuzz::requireFinite(c.flops, "FLOPs");
    fuzz::requireFinite(c.bytes, "bytes");
    auto e = estimate(c, *h100);
    if (!e) {
        fuzz::requireOneLine(e.error().message);
        return 0;
    }
    for (double v : {e->ai, e->ridgeAi, e->attainable, e->timeS, e->peakFraction})
        fuzz::requireFinite(v, "estimate");
    return 0;
}
