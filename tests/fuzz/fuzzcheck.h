#pragma once

// Shared by the harnesses: a property that does not hold is a finding, reported like a crash.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace roofscope::fuzz {

[[noreturn]] inline void propertyFailed(const char* what, std::string_view detail = {})
{
    std::fprintf(stderr, "PROPERTY FAILED: %s\n%.*s\n", what, static_cast<int>(detail.size()),
                 detail.data());
    std::abort();
}

inline void require(bool holds, const char* what, std::string_view detail = {})
{
    if (!holds)
        propertyFailed(what, detail);
}

// Every number an output may carry is finite (and >= 0 where the caller says so).
inline void requireFinite(double v, const char* what)
{
    if (!std::isfinite(v))
        propertyFailed(what, std::to_string(v));
}

// Error messages are one line: the CLI prints them as such.
inline void requireOneLine(const std::string& message)
{
    require(!message.empty() && message.find('\n') == std::string::npos,
            "error message is one non-empty line", message);
}

} // namespace roofscope::fuzz
