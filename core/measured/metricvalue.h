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
// 1/second, byte/second, plain count), and that dimension. Nsight's spellings: byte, Kbyte,
// Mbyte, Gbyte, Tbyte (powers of 1000), nsecond, usecond, msecond, second, cycle, inst,
// cycle/second, cycle/nsecond, Ghz, Mhz, hz, byte/second, Gbyte/second, %, "".
struct UnitScale {
    double factor = 1.0;
    UnitDimension dimension = UnitDimension::Unknown;
};
UnitScale parseUnit(std::string_view unit);

// "a byte unit (byte, Kbyte, Mbyte, Gbyte)" etc. for messages.
std::string describeDimension(UnitDimension dimension);

} // namespace roofscope
