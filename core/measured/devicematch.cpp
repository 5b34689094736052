#include "core/measured/devicematch.h"

#include <algorithm>
#include <cctype>
#include <iterator>
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

// Device names as drivers report them that share no id parts with the catalog entry: the
// names of SKUs, boards and systems, each seen in a real export (the file is named).
struct Alias {
    std::string_view words; // all of these must appear
    std::string_view id;
};
constexpr Alias kAliases[] = {
    {"h100 hbm3", "h100-sxm5"}, // "NVIDIA H100 80GB HBM3" is the SXM5 part
    {"h100 sxm", "h100-sxm5"},
    {"h200", "h200-sxm"},
    {"b200", "b200-sxm"}, // "NVIDIA B200" (b200_kineto_cupti28_cuda129_eager)
    {"v100 sxm2", "v100-sxm2"},
    // A DGX Station's V100 is the SXM2 32 GB part ("Tesla V100-DGXS-32GB",
    // v100_kineto_torch19_resnet50_oldcats).
    {"v100 dgxs", "v100-sxm2"},
    // The HGX A100 board: PG509-200 is the 40 GB SXM4 part, PG509-210 the 80 GB one
    // ("NVIDIA A100-PG509-200", 42,297,524,224 bytes of memory:
    // a100_kineto_torchcompile_triton_1kernel). The A100 40 GB has the PCIe part's roofline
    // (312 dense FP16 tensor TFLOP/s, 1,555 GB/s), which the catalog holds.
    {"a100 pg509 210", "a100-sxm4-80gb"},
    {"a100 pg509", "a100-pcie-40gb"},
    // "NVIDIA A100 80GB PCIe" matches a100-pcie-80gb by its id; other 80 GB names
    // ("NVIDIA A100-SXM-80GB") are the SXM4 module.
    {"a100 80gb", "a100-sxm4-80gb"},
    {"a100 40gb", "a100-pcie-40gb"}, // "NVIDIA A100-SXM4-40GB"
    {"a100 pcie", "a100-pcie-40gb"}, // after the sizes: the first alias that fits wins
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

std::string impliedVendor(std::string_view deviceName, std::string_view source)
{
    const std::set<std::string> name = words(deviceName);
    auto any = [&](std::initializer_list<std::string_view> list) {
        return std::any_of(list.begin(), list.end(),
                           [&](std::string_view w) { return name.count(std::string(w)) > 0; });
    };
    if (any({"nvidia", "tesla", "geforce", "quadro", "rtx", "gtx"}))
        return "NVIDIA";
    if (any({"amd", "radeon", "instinct"}) ||
        std::any_of(name.begin(), name.end(), [](const std::string& w) {
            return w.rfind("gfx", 0) == 0 || (w.rfind("mi", 0) == 0 && w.size() > 2 &&
                                              std::isdigit(static_cast<unsigned char>(w[2])));
        }))
        return "AMD";
    if (any({"intel", "gaudi", "arc"}))
        return "Intel";
    if (source == "ncu" || source == "nvprof")
        return "NVIDIA";
    if (source == "rocprof")
        return "AMD";
    return {};
}

int suggestedGpu(std::string_view fileName, std::string_view deviceName, std::string_view source,
                 const std::vector<Hardware>& hardware, const std::vector<int>& checked,
                 int baseline)
{
    if (hardware.empty())
        return -1;
    std::vector<int> all = checked;
    for (int hw = 0; hw < static_cast<int>(hardware.size()); ++hw)
        if (std::find(checked.begin(), checked.end(), hw) == checked.end())
            all.push_back(hw);
    if (const int mentioned = gpuMentionedInFileName(fileName, hardware, all); mentioned >= 0)
        return mentioned;
    const bool validBaseline = baseline >= 0 && baseline < static_cast<int>(hardware.size());
    const std::string vendor = impliedVendor(deviceName, source);
    if (!vendor.empty()) {
        auto ofVendor = [&](int hw) {
            return hardware[static_cast<std::size_t>(hw)].vendor == vendor;
        };
        if (validBaseline && ofVendor(baseline))
            return baseline;
        // `all` lists the checked entries first.
        if (const auto it = std::find_if(all.begin(), all.end(), ofVendor); it != all.end())
            return *it;
    }
    return validBaseline ? baseline : 0;
}

std::vector<int> gpusFittingDevice(const std::vector<Hardware>& hardware,
                                   std::string_view computeCapability, int smCount)
{
    std::vector<int> fitting;
    if (computeCapability.empty() && smCount <= 0)
        return fitting;
    for (std::size_t i = 0; i < hardware.size(); ++i) {
        const Hardware& hw = hardware[i];
        if (!computeCapability.empty() && hw.computeCapability != computeCapability)
            continue;
        if (smCount > 0 && hw.smCount != smCount)
            continue;
        fitting.push_back(static_cast<int>(i));
    }
    return fitting;
}

std::vector<int> fittingFirst(const std::vector<int>& choices, const std::vector<int>& fitting)
{
    std::vector<int> ordered;
    ordered.reserve(choices.size());
    auto fits = [&](int hw) {
        return std::find(fitting.begin(), fitting.end(), hw) != fitting.end();
    };
    std::copy_if(choices.begin(), choices.end(), std::back_inserter(ordered), fits);
    std::copy_if(choices.begin(), choices.end(), std::back_inserter(ordered),
                 [&](int hw) { return !fits(hw); });
    return ordered;
}

std::string deviceFactsText(std::string_view computeCapability, int smCount)
{
    std::string text;
    if (!computeCapability.empty())
        text = "CC " + std::string(computeCapability);
    if (smCount > 0)
        text += (text.empty() ? "" : ", ") + std::to_string(smCount) + " SMs";
    return text;
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
