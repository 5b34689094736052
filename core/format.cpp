#include "core/format.h"

#include "core/numbers.h"

#include <cmath>

namespace roofscope {

namespace {

struct Prefix {
    double scale;
    const char* symbol;
};

// Up to peta: exa-FLOP/s does not occur on a single accelerator.
constexpr Prefix kPrefixes[] = {{1e15, "P"}, {1e12, "T"}, {1e9, "G"},  {1e6, "M"}, {1e3, "k"},
                                {1.0, ""},   {1e-3, "m"}, {1e-6, "µ"}, {1e-9, "n"}};

std::string significant(double v, int digits)
{
    return significantNumber(v, digits);
}

} // namespace

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
    return significant(value / chosen->scale, significantDigits) + " " + chosen->symbol +
           std::string(unit);
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
