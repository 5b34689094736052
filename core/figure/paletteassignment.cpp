#include "core/figure/paletteassignment.h"

#include "core/figure/palette.h"

#include <array>

namespace roofscope {

PaletteAssignment assignColors(const PaletteAssignment& kept, const std::vector<std::string>& ids)
{
    PaletteAssignment out;
    std::array<int, kPaletteSize> users{};
    for (const std::string& id : ids) {
        const auto it = kept.find(id);
        if (it == kept.end() || it->second < 0 || it->second >= kPaletteSize || out.contains(id))
            continue;
        out[id] = it->second;
        users[static_cast<std::size_t>(it->second)] += 1;
    }
    for (const std::string& id : ids) {
        if (out.contains(id))
            continue;
        // The preferred slot, else the next one after it with the fewest users (none, while
        // there are hues left).
        const int want = preferredColorSlot(id);
        int slot = want;
        for (int step = 1; step < kPaletteSize; ++step) {
            const int s = (want + step) % kPaletteSize;
            if (users[static_cast<std::size_t>(s)] < users[static_cast<std::size_t>(slot)])
                slot = s;
        }
        out[id] = slot;
        users[static_cast<std::size_t>(slot)] += 1;
    }
    return out;
}

} // namespace roofscope
