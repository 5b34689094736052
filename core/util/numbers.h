#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace roofscope {

// Number text in files, specs and command-line options is C-locale whatever the process locale
// (Qt calls setlocale(LC_ALL, "") and a German desktop would otherwise read "1.5" as 1 and
// write "1,5"). These use std::from_chars/std::to_chars, which never consult the locale.

// The whole of `text` as a finite number ("1.5", "-2", "1e-3", "+4"); nullopt for anything
// else: empty, trailing characters, "inf", "nan", hex, or out of double's range ("1e309").
std::optional<double> parseNumber(std::string_view text);

// The shortest text that reads back as exactly `v` ("0.12345678901", "1e+300", "16777216"). A
// non-finite value has no number text: it gives "", an empty CSV cell (callers refuse such values
// before they reach a file; this only makes sure "inf" or "nan" is never written).
std::string shortestNumber(double v);

// `v` with `digits` significant digits in printf's %g style ("989.4", "1.2e+06"), but
// locale-independent; "" for a non-finite value, as shortestNumber.
std::string significantNumber(double v, int digits);

} // namespace roofscope
