#include "core/measured/metricvalue.h"

#include "core/measured/csvreader.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

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

bool equalsNoCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

enum class BaseKind { Byte, Second, Hertz, Count };

// The one table of unit spellings every importer shares. Names are matched without regard to
// case ("Ghz", "GHz"); the one-letter symbols "B" and "s" only as written, so that "ms" is a
// millisecond and "Ms" nothing.
struct BaseUnit {
    std::string_view spelling;
    bool anyCase;
    BaseKind kind;
};
constexpr BaseUnit kBaseUnits[] = {
    {"byte", true, BaseKind::Byte},
    {"B", false, BaseKind::Byte},
    {"second", true, BaseKind::Second},
    {"sec", true, BaseKind::Second},
    {"s", false, BaseKind::Second},
    {"hz", true, BaseKind::Hertz},
    {"cycle", true, BaseKind::Count},
    {"inst", true, BaseKind::Count},
    {"instruction", true, BaseKind::Count},
    {"warp", true, BaseKind::Count},
    {"thread", true, BaseKind::Count},
    {"block", true, BaseKind::Count},
    {"sector", true, BaseKind::Count},
    {"request", true, BaseKind::Count},
    {"transaction", true, BaseKind::Count},
    {"wavefront", true, BaseKind::Count},
    {"flop", true, BaseKind::Count},
    {"op", true, BaseKind::Count},
    {"event", true, BaseKind::Count},
    {"SM", false, BaseKind::Count}, // Launch Statistics' "# SMs"
};

// Every SI prefix a profiler prints, the micro sign in both encodings, and the binary prefixes
// (KiB, MiB ...) for byte units.
std::optional<double> prefixFactor(std::string_view prefix, BaseKind kind)
{
    static const std::pair<std::string_view, double> kPrefixes[] = {
        {"", 1.0},   {"p", 1e-12}, {"n", 1e-9}, {"u", 1e-6}, {"\xC2\xB5", 1e-6}, {"\xCE\xBC", 1e-6},
        {"m", 1e-3}, {"K", 1e3},   {"k", 1e3},  {"M", 1e6},  {"G", 1e9},         {"g", 1e9},
        {"T", 1e12}, {"t", 1e12},  {"P", 1e15}, {"E", 1e18},
    };
    static const std::pair<std::string_view, double> kBinary[] = {
        {"Ki", 1024.0},
        {"Mi", 1024.0 * 1024.0},
        {"Gi", 1024.0 * 1024.0 * 1024.0},
        {"Ti", 1024.0 * 1024.0 * 1024.0 * 1024.0},
        {"Pi", 1024.0 * 1024.0 * 1024.0 * 1024.0 * 1024.0},
    };
    // No clock runs at millihertz: "mhz" is a megahertz typed in lower case.
    if (kind == BaseKind::Hertz && prefix == "m")
        return 1e6;
    for (const auto& [spelling, factor] : kPrefixes)
        if (prefix == spelling)
            return factor;
    if (kind == BaseKind::Byte)
        for (const auto& [spelling, factor] : kBinary)
            if (prefix == spelling)
                return factor;
    return std::nullopt;
}

struct SimpleUnit {
    double factor = 1.0;
    BaseKind kind = BaseKind::Count;
    std::string_view base; // as in kBaseUnits
};

// A prefixed simple unit: "Kbyte", "nsecond", "us", "GB", "MiB", "Ghz", "cycle", "sectors".
std::optional<SimpleUnit> simpleUnit(std::string_view text)
{
    for (int plural = 0; plural < 2; ++plural) {
        if (plural == 1) {
            if (text.size() < 3 || text.back() != 's')
                break;
            text.remove_suffix(1);
        }
        for (const BaseUnit& b : kBaseUnits) {
            if (text.size() < b.spelling.size())
                continue;
            const std::string_view tail = text.substr(text.size() - b.spelling.size());
            if (b.anyCase ? !equalsNoCase(tail, b.spelling) : tail != b.spelling)
                continue;
            if (const auto f =
                    prefixFactor(text.substr(0, text.size() - b.spelling.size()), b.kind))
                return SimpleUnit{*f, b.kind, b.spelling};
        }
    }
    return std::nullopt;
}

} // namespace

UnitScale parseUnit(std::string_view unit)
{
    unit = trimmed(unit);
    if (unit.empty())
        return {1.0, UnitDimension::Count};
    if (unit == "%" || equalsNoCase(unit, "percent"))
        return {1.0, UnitDimension::Percent};
    const auto slash = unit.find('/');
    const auto first = simpleUnit(trimmed(unit.substr(0, slash)));
    if (!first)
        return {};
    if (slash == std::string_view::npos) {
        switch (first->kind) {
        case BaseKind::Byte:
            return {first->factor, UnitDimension::Bytes};
        case BaseKind::Second:
            return {first->factor, UnitDimension::Seconds};
        case BaseKind::Hertz:
            return {first->factor, UnitDimension::PerSecond};
        case BaseKind::Count:
            return {first->factor, UnitDimension::Count};
        }
        return {};
    }
    const auto second = simpleUnit(trimmed(unit.substr(slash + 1)));
    if (!second)
        return {};
    const double factor = first->factor / second->factor;
    if (second->base == "cycle")
        return {factor, UnitDimension::PerCycle};
    if (second->kind != BaseKind::Second)
        return {};
    if (first->kind == BaseKind::Byte)
        return {factor, UnitDimension::BytesPerSecond};
    if (first->kind == BaseKind::Count)
        return {factor, UnitDimension::PerSecond};
    return {};
}

std::string describeDimension(UnitDimension dimension)
{
    switch (dimension) {
    case UnitDimension::Count:
        return "a count (inst, cycle, warp, thread, sector, request, or no unit)";
    case UnitDimension::Bytes:
        return "a byte unit (byte, Kbyte, Mbyte, Gbyte, Tbyte, B, KB, MB, GB, KiB, MiB, GiB)";
    case UnitDimension::Seconds:
        return "a time unit (ns, us, ms, s, nsecond, usecond, msecond, second)";
    case UnitDimension::PerSecond:
        return "a rate unit (hz, Khz, Mhz, Ghz, cycle/second, cycle/nsecond, cycle/usecond)";
    case UnitDimension::BytesPerSecond:
        return "a bandwidth unit (byte/second, Gbyte/second, GB/s ...)";
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
