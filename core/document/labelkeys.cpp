#include "core/document/labelkeys.h"

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

LabelPositions followOperatorLabels(const LabelPositions& positions,
                                    const std::vector<std::string>& before,
                                    const std::vector<std::string>& after,
                                    const std::vector<int>& sourceOf)
{
    if (positions.empty() || before == after || sourceOf.size() != after.size())
        return positions;
    const std::vector<std::string> oldKeys = operatorLabelKeys(before);
    const std::vector<std::string> newKeys = operatorLabelKeys(after);
    // (old key, new key) of every operator whose key changes.
    std::vector<std::pair<const std::string*, const std::string*>> moved;
    for (std::size_t i = 0; i < after.size(); ++i) {
        const int j = sourceOf[i];
        if (j < 0 || j >= static_cast<int>(oldKeys.size()))
            continue;
        const std::string& from = oldKeys[static_cast<std::size_t>(j)];
        if (from != newKeys[i])
            moved.emplace_back(&from, &newKeys[i]);
    }
    LabelPositions out = positions;
    // All old keys go first: one operator's old key may be another's new one ("Add#2" → "Add").
    for (const auto& [from, to] : moved)
        out.erase(*from);
    for (const auto& [from, to] : moved) {
        const auto it = positions.find(*from);
        if (it != positions.end())
            out[*to] = it->second;
        else
            out.erase(*to); // an unpinned operator does not take over a stale pin
    }
    return out;
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
