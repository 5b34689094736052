#include "core/labelkeys.h"

#include <charconv>
#include <map>

namespace roofscope {

std::string operatorLabelKey(std::string_view name, int occurrence)
{
    std::string key = "op:";
    key += name;
    if (occurrence > 0)
        key += "#" + std::to_string(occurrence + 1);
    return key;
}

std::vector<std::string> operatorLabelKeys(const std::vector<std::string>& names)
{
    std::vector<std::string> keys;
    keys.reserve(names.size());
    std::map<std::string, int> seen;
    for (const std::string& name : names)
        keys.push_back(operatorLabelKey(name, seen[name]++));
    return keys;
}

std::string ridgeLabelKey(std::string_view gpuId)
{
    return "ridge:" + std::string(gpuId);
}

std::string roofLabelKey(std::string_view label, double value)
{
    // Three significant digits in the C locale (to_chars ignores the user's): the key is the
    // same on every machine and survives a catalog figure's last-digit correction.
    char buf[32];
    const auto end = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, 3).ptr;
    return "roof:" + std::string(label) + "@" + std::string(buf, end);
}

bool isLabelKey(std::string_view key)
{
    for (std::string_view prefix : {"op:", "ridge:", "roof:"}) {
        if (key.size() > prefix.size() && key.substr(0, prefix.size()) == prefix)
            return true;
    }
    return false;
}

} // namespace roofscope
