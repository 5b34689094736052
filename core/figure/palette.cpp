#include "core/figure/palette.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <utility>

namespace roofscope {

namespace {

// Tableau 10 ordered so that the seed's four GPUs get clearly distinct hues, with a darker and a
// lighter variant for the slide and dark themes at the same positions.
constexpr std::array<std::uint32_t, kPaletteSize> kLight = {0x2ca02c, 0x1f77b4, 0xff7f0e, 0x9467bd,
                                                            0xd62728, 0x17becf, 0x8c564b, 0xe377c2,
                                                            0xbcbd22, 0x7f7f7f};
constexpr std::array<std::uint32_t, kPaletteSize> kDark = {0x5fd35f, 0x5aa9ff, 0xffa94d, 0xc39bff,
                                                           0xff6b6b, 0x4fe3f0, 0xd0a080, 0xff9ee0,
                                                           0xe0e060, 0xc0c0c0};
constexpr std::array<std::uint32_t, kPaletteSize> kSlide = {0x007a00, 0x0050c8, 0xe06c00, 0x6a1fb0,
                                                            0xc80000, 0x008b9a, 0x6b3d1f, 0xc2187f,
                                                            0x7a7a00, 0x404040};

// The built-in catalog: generations that are compared with each other differ in hue (the PCIe
// A100 80GB, set beside the SXM4 A100 and the H100 SXM5 in serving reports, differs from both).
constexpr std::array<std::pair<std::string_view, int>, 23> kKnown = {{
    {"a100-sxm4-80gb", 0}, {"h100-sxm5", 1}, {"h200-sxm", 2},       {"b200-sxm", 3},
    {"mi300x", 4},         {"v100-sxm2", 5}, {"gb200", 6},          {"a100-pcie-40gb", 7},
    {"h100-pcie", 8},      {"h100-nvl", 9},  {"mi325x", 5},         {"mi250x", 6},
    {"l40s", 7},           {"l4", 8},        {"rtx-4090", 9},       {"rtx-5090", 4},
    {"gaudi2", 6},         {"gaudi3", 7},    {"tpu-v4", 8},         {"tpu-v5e", 9},
    {"tpu-v5p", 5},        {"tpu-v6e", 2},   {"a100-pcie-80gb", 4},
}};

} // namespace

int preferredColorSlot(std::string_view id)
{
    for (const auto& [known, slot] : kKnown) {
        if (known == id)
            return slot;
    }
    // FNV-1a: stable across runs, platforms and compilers (std::hash is none of these).
    std::uint32_t h = 2166136261u;
    for (char c : id) {
        h ^= static_cast<unsigned char>(c);
        h *= 16777619u;
    }
    return static_cast<int>(h % kPaletteSize);
}

std::vector<int> colorSlots(const std::vector<std::string>& ids)
{
    std::vector<std::size_t> order(ids.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return ids[a] < ids[b]; });
    std::vector<int> slots(ids.size(), 0);
    std::array<int, kPaletteSize> used{};
    // First every id that gets its own slot, then the ones that collided, in id order: an id
    // is moved only by an id it really collides with.
    std::vector<std::size_t> collided;
    for (std::size_t i : order) {
        const int want = preferredColorSlot(ids[i]);
        if (used[static_cast<std::size_t>(want)] == 0) {
            used[static_cast<std::size_t>(want)] = 1;
            slots[i] = want;
        } else {
            collided.push_back(i);
        }
    }
    for (std::size_t i : collided) {
        const int want = preferredColorSlot(ids[i]);
        int slot = want;
        for (int step = 0; step < kPaletteSize; ++step) {
            const int s = (want + step) % kPaletteSize;
            if (used[static_cast<std::size_t>(s)] == 0) {
                slot = s;
                break;
            }
        }
        // More accelerators than hues: the later ones share, in preferred order.
        used[static_cast<std::size_t>(slot)] = 1;
        slots[i] = slot;
    }
    return slots;
}

std::uint32_t paletteRgb(int slot, Theme theme)
{
    const auto& palette = theme == Theme::Dark ? kDark : theme == Theme::Slide ? kSlide : kLight;
    return palette[static_cast<std::size_t>(((slot % kPaletteSize) + kPaletteSize) % kPaletteSize)];
}

MarkerStyle markerForOperator(int index)
{
    if (index < 0)
        index = 0;
    return {static_cast<MarkerShape>(index % kMarkerShapeCount),
            (index / kMarkerShapeCount) % 2 == 1};
}

std::string_view markerShapeName(MarkerShape shape)
{
    switch (shape) {
    case MarkerShape::Circle:
        return "circle";
    case MarkerShape::Square:
        return "square";
    case MarkerShape::Triangle:
        return "triangle";
    case MarkerShape::Diamond:
        return "diamond";
    case MarkerShape::Pentagon:
        return "pentagon";
    case MarkerShape::Star:
        return "star";
    }
    return "circle";
}

} // namespace roofscope
