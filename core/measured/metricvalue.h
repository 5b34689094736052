#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace roofscope {

// A number as profilers print it: "5,318,969,728.00" (thousands separators), "1.5e+09",
// " 42 ". "n/a", "N/A", "-" and "" are not available (nullopt with `notAvailable` set);
// anything else that is not a finite number is nullopt with `notAvailable` clear.
struct ParsedNumber {
    std::optional<double> value;
    bool notAvailable = false;
};
ParsedNumber parseMetricNumber(std::string_view text);

// What a unit measures, for checking that a metric carries the unit it must have.
enum class UnitDimension {
    Count,
    Bytes,
    Seconds,
    PerSecond,
    BytesPerSecond,
    PerCycle, // inst/cycle, byte/cycle: per-cycle forms and .peak_sustained
    Percent,
    Unknown
};

// The factor that turns a value in `unit` into the base unit of its dimension (byte, second,
// 1/second, byte/second, plain count), and that dimension. One table for every importer:
// time (ns, us, ms, s, nsecond, usecond, msecond, second), bytes (byte, Kbyte ... Tbyte, B, KB,
// MB, GB, and the binary KiB, MiB, GiB), rates (hz, Khz, Mhz, Ghz in any case, cycle/second,
// cycle/nsecond, byte/second, Gbyte/second, GB/s), per-cycle forms (inst/cycle), % and counts
// (inst, cycle, warp, thread, sector, request, "" ...), each with any SI prefix; plurals
// ("bytes", "cycles") too. Anything else is UnitDimension::Unknown.
struct UnitScale {
    double factor = 1.0;
    UnitDimension dimension = UnitDimension::Unknown;
};
UnitScale parseUnit(std::string_view unit);

// "a byte unit (byte, Kbyte, Mbyte, Gbyte, ...)" etc. for messages: the accepted spellings.
std::string describeDimension(UnitDimension dimension);

} // namespace roofscope
