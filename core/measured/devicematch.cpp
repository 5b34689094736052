#include "core/measured/devicematch.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace roofscope {

namespace {

std::set<std::string> words(std::string_view text)
{
    std::set<std::string> out;
    std::string word;
    for (char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!word.empty()) {
            out.insert(word);
            word.clear();
        }
    }
    if (!word.empty())
        out.insert(word);
    return out;
}

// Device names as drivers report them that share no id parts with the catalog entry.
struct Alias {
    std::string_view words; // all of these must appear
    std::string_view id;
};
constexpr Alias kAliases[] = {
    {"h100 hbm3", "h100-sxm5"}, // "NVIDIA H100 80GB HBM3" is the SXM5 part
    {"h100 sxm", "h100-sxm5"},
    {"h200", "h200-sxm"},
    {"b200", "b200-sxm"},
    {"v100 sxm2", "v100-sxm2"},
    {"a100 pcie", "a100-pcie-40gb"},
};

} // namespace

std::string matchDeviceToCatalog(std::string_view deviceName, const std::vector<Hardware>& hardware)
{
    const std::set<std::string> name = words(deviceName);
    if (name.empty())
        return {};
    std::string best;
    std::size_t bestParts = 0;
    for (const Hardware& hw : hardware) {
        std::set<std::string> parts = words(hw.id);
        if (parts.empty())
            continue;
        const bool all = std::all_of(parts.begin(), parts.end(),
                                     [&](const std::string& p) { return name.count(p) > 0; });
        if (all && parts.size() > bestParts) {
            best = hw.id;
            bestParts = parts.size();
        }
    }
    if (!best.empty())
        return best;
    for (const Alias& alias : kAliases) {
        const std::set<std::string> needed = words(alias.words);
        const bool all = std::all_of(needed.begin(), needed.end(),
                                     [&](const std::string& p) { return name.count(p) > 0; });
        const bool known = std::any_of(hardware.begin(), hardware.end(),
                                       [&](const Hardware& hw) { return hw.id == alias.id; });
        if (all && known)
            return std::string(alias.id);
    }
    return {};
}

int gpuMentionedInFileName(std::string_view fileName, const std::vector<Hardware>& hardware,
                           const std::vector<int>& candidates)
{
    const std::set<std::string> name = words(fileName);
    for (int index : candidates) {
        if (index < 0 || index >= static_cast<int>(hardware.size()))
            continue;
        // The model number: the first part of the id with a digit in it ("sxm4" and "80gb"
        // come later, and "rtx" has none).
        const std::string& id = hardware[static_cast<std::size_t>(index)].id;
        std::string part;
        std::string model;
        for (std::size_t i = 0; i <= id.size() && model.empty(); ++i) {
            if (i == id.size() || id[i] == '-') {
                if (std::any_of(part.begin(), part.end(),
                                [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
                    model = part;
                part.clear();
            } else {
                part += static_cast<char>(std::tolower(static_cast<unsigned char>(id[i])));
            }
        }
        if (!model.empty() && name.count(model) > 0)
            return index;
    }
    return -1;
}

void assignKernelGpus(std::vector<MeasuredKernel>& kernels, const std::vector<Hardware>& hardware,
                      std::string_view overrideId)
{
    std::map<std::string, std::string, std::less<>> matched; // device name -> id, matched once
    for (MeasuredKernel& k : kernels) {
        if (!overrideId.empty()) {
            k.gpu = std::string(overrideId);
            continue;
        }
        if (k.device.empty()) {
            k.gpu.clear();
            continue;
        }
        auto it = matched.find(k.device);
        if (it == matched.end()) {
            const bool isId = std::any_of(hardware.begin(), hardware.end(),
                                          [&](const Hardware& hw) { return hw.id == k.device; });
            it = matched
                     .emplace(k.device, isId ? k.device : matchDeviceToCatalog(k.device, hardware))
                     .first;
        }
        k.gpu = it->second;
    }
}

} // namespace roofscope
