#include "core/util/numbers.h"

#include <charconv>
#include <cmath>
#include <system_error>

namespace roofscope {

std::optional<double> parseNumber(std::string_view text)
{
    // from_chars takes no leading '+'; users type "+4" now and then, strtod accepted it.
    if (text.size() > 1 && text.front() == '+' && text[1] != '-' && text[1] != '+')
        text.remove_prefix(1);
    if (text.empty())
        return std::nullopt;
    double value = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value, std::chars_format::general);
    if (ec != std::errc() || ptr != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::string shortestNumber(double v)
{
    if (!std::isfinite(v))
        return {};
    char buf[64];
    const auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, ptr) : std::string();
}

std::string significantNumber(double v, int digits)
{
    if (!std::isfinite(v))
        return {};
    char buf[128];
    const auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general,
                                         digits < 1 ? 1 : digits);
    return ec == std::errc() ? std::string(buf, ptr) : shortestNumber(v);
}

} // namespace roofscope
