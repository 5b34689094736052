// Scenario documents: parse → serialise → parse gives an equal scenario.
#include "core/document/scenario.h"
#include "fuzzcheck.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace roofscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = parseScenario(text, "fuzz.roofscope.json");
    if (!parsed) {
        fuzz::requireOneLine(parsed.error().message);
        return 0;
    }
    const std::string written = scenarioToJson(*parsed);
    auto again = parseScenario(written, "written.roofscope.json");
    fuzz::require(again.ok(), "a written scenario reads back",
                  again ? written : again.error().message + "\n" + written);
    // Labels with invalid UTF-8 are written with U+FFFD replacements (JSON must be UTF-8), so
    // compare what was written, which is what a user gets back.
    fuzz::require(scenarioToJson(*again) == written, "write → read → write is stable", written);
    return 0;
}
