#include "core/util/format.h"

#include "core/util/numbers.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

struct Prefix {
    double scale;
    const char* symbol;
};

// Up to yotta: one accelerator stays below exa-FLOP/s, but a chart can be panned far above it
// and its tick labels must still read as words ("10 EFLOP/s", not "1e+04 PFLOP/s").
constexpr Prefix kPrefixes[] = {{1e24, "Y"}, {1e21, "Z"}, {1e18, "E"}, {1e15, "P"},
                                {1e12, "T"}, {1e9, "G"},  {1e6, "M"},  {1e3, "k"},
                                {1.0, ""},   {1e-3, "m"}, {1e-6, "µ"}, {1e-9, "n"}};

std::string significant(double v, int digits)
{
    return significantNumber(v, digits);
}

} // namespace

std::string countOf(std::size_t n, std::string_view one, std::string_view many)
{
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string formatNumber(double v, int significantDigits)
{
    if (!std::isfinite(v))
        return "n/a";
    return significant(v, significantDigits);
}

std::string formatSi(double value, std::string_view unit, int significantDigits)
{
    if (!std::isfinite(value))
        return formatNumber(value) + " " + std::string(unit);
    const double magnitude = std::fabs(value);
    const Prefix* chosen = &kPrefixes[5];
    if (magnitude > 0.0) {
        for (const Prefix& p : kPrefixes) {
            // Round first so that 999.95e12 shows as "1000 TFLOP/s" and not "1e+03 TFLOP/s".
            // Read back without std::stod, which throws on subnormal results (1e-300 / 1e-9).
            const double raw = magnitude / p.scale;
            const double scaled = parseNumber(significant(raw, significantDigits)).value_or(raw);
            if (scaled >= 1.0) {
                chosen = &p;
                break;
            }
            chosen = &p;
        }
    }
    // Beyond the largest prefix every digit of the whole part is written ("1000 YFLOP/s"):
    // a number on the chart never reads with an exponent.
    const double scaled = value / chosen->scale;
    int digits = significantDigits;
    if (std::fabs(scaled) >= 1.0)
        digits = std::max(digits, static_cast<int>(std::floor(std::log10(std::fabs(scaled)))) + 1);
    std::string number = significant(scaled, digits);
    if (std::fabs(scaled) >= 1.0 && number.find('e') != std::string::npos) // 999.96 → "1e+03"
        number = significant(scaled, digits + 1);
    return number + " " + chosen->symbol + std::string(unit);
}

std::string formatFlopsRate(double flopsPerS)
{
    return formatSi(flopsPerS, "FLOP/s");
}

std::string formatBandwidth(double bytesPerS)
{
    return formatSi(bytesPerS, "B/s");
}

std::string formatBytes(double bytes)
{
    return formatSi(bytes, "B");
}

std::string formatFlops(double flops)
{
    return formatSi(flops, "FLOP");
}

std::string formatDuration(double seconds)
{
    return formatSi(seconds, "s");
}

} // namespace roofscope
