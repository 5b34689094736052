#include "core/measured/metricvalue.h"

#include "core/measured/csvreader.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <string>

namespace roofscope {

ParsedNumber parseMetricNumber(std::string_view text)
{
    ParsedNumber result;
    text = trimmed(text);
    if (text.empty() || text == "-" || text == "n/a" || text == "N/A" || text == "NA") {
        result.notAvailable = true;
        return result;
    }
    std::string digits;
    digits.reserve(text.size());
    for (char c : text)
        if (c != ',')
            digits += c;
    double v = 0.0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || end != digits.data() + digits.size() || !std::isfinite(v))
        return result;
    result.value = v;
    return result;
}

namespace {

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// A prefixed simple unit ("Kbyte", "nsecond", "Ghz", "cycle").
bool simpleUnit(std::string_view text, double& factor, std::string& base)
{
    static constexpr std::string_view kBases[] = {"byte", "second", "cycle",   "inst", "hz",
                                                  "flop", "sector", "request", "warp", "thread"};
    const std::string low = lower(text);
    for (std::string_view b : kBases) {
        if (low.size() < b.size() || low.compare(low.size() - b.size(), b.size(), b) != 0)
            continue;
        const std::string_view prefix = text.substr(0, text.size() - b.size());
        base = std::string(b);
        if (prefix.empty()) {
            factor = 1.0;
            return true;
        }
        if (prefix.size() != 1)
            return false;
        switch (prefix[0]) {
        case 'n':
            factor = 1e-9;
            return true;
        case 'u':
            factor = 1e-6;
            return true;
        case 'm':
            factor = 1e-3;
            return true;
        case 'K':
        case 'k':
            factor = 1e3;
            return true;
        case 'M':
            factor = 1e6;
            return true;
        case 'G':
            factor = 1e9;
            return true;
        case 'T':
            factor = 1e12;
            return true;
        case 'P':
            factor = 1e15;
            return true;
        default:
            return false;
        }
    }
    return false;
}

bool isCountBase(const std::string& base)
{
    return base != "byte" && base != "second" && base != "hz";
}

} // namespace

UnitScale parseUnit(std::string_view unit)
{
    unit = trimmed(unit);
    if (unit.empty())
        return {1.0, UnitDimension::Count};
    if (unit == "%")
        return {1.0, UnitDimension::Percent};
    const auto slash = unit.find('/');
    double f1 = 1.0;
    std::string b1;
    if (!simpleUnit(unit.substr(0, slash), f1, b1))
        return {};
    if (slash == std::string_view::npos) {
        if (b1 == "byte")
            return {f1, UnitDimension::Bytes};
        if (b1 == "second")
            return {f1, UnitDimension::Seconds};
        if (b1 == "hz")
            return {f1, UnitDimension::PerSecond};
        return {f1, UnitDimension::Count};
    }
    double f2 = 1.0;
    std::string b2;
    if (!simpleUnit(unit.substr(slash + 1), f2, b2))
        return {};
    if (b2 == "cycle")
        return {f1 / f2, UnitDimension::PerCycle};
    if (b2 != "second")
        return {};
    if (b1 == "byte")
        return {f1 / f2, UnitDimension::BytesPerSecond};
    if (isCountBase(b1))
        return {f1 / f2, UnitDimension::PerSecond};
    return {};
}

std::string describeDimension(UnitDimension dimension)
{
    switch (dimension) {
    case UnitDimension::Count:
        return "a count (inst, cycle or no unit)";
    case UnitDimension::Bytes:
        return "a byte unit (byte, Kbyte, Mbyte, Gbyte, Tbyte)";
    case UnitDimension::Seconds:
        return "a time unit (nsecond, usecond, msecond, second)";
    case UnitDimension::PerSecond:
        return "a rate unit (cycle/second, cycle/nsecond, hz, Mhz, Ghz)";
    case UnitDimension::BytesPerSecond:
        return "a bandwidth unit (byte/second ... Tbyte/second)";
    case UnitDimension::PerCycle:
        return "a per-cycle unit (inst/cycle, byte/cycle)";
    case UnitDimension::Percent:
        return "%";
    case UnitDimension::Unknown:
        break;
    }
    return "a known unit";
}

} // namespace roofscope
