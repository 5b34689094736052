#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace roofscope {

// The one place where SI prefixes are applied: the core keeps FLOP, byte and second.
// formatSi(989.4e12, "FLOP/s") == "989.4 TFLOP/s"; 4 significant digits by default.
std::string formatSi(double value, std::string_view unit, int significantDigits = 4);
std::string formatFlopsRate(double flopsPerS);                 // "989.4 TFLOP/s"
std::string formatBandwidth(double bytesPerS);                 // "3.35 TB/s"
std::string formatBytes(double bytes);                         // "33.57 MB"
std::string formatFlops(double flops);                         // "33.55 GFLOP"
std::string formatDuration(double seconds);                    // "10.02 µs", "41.3 ms", "1.2 s"
std::string formatNumber(double v, int significantDigits = 4); // "0.9995", "318.3", "1.2e+06"
// "1 kernel", "3 kernels": the count and the noun it takes, for the core's English messages.
std::string countOf(std::size_t n, std::string_view one, std::string_view many);
// A non-finite value is shown as "n/a" (with its unit for formatSi): never "inf", "nan" or "∞".

} // namespace roofscope
