#pragma once

#include "core/document/scenario.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

// Presentation policy as functions of ids, decided here once: the window, every export format
// and every session read the same colours and marker shapes, whatever the checking order.
namespace roofscope {

inline constexpr int kPaletteSize = 10;

// The palette slot an accelerator id asks for: a fixed slot for the built-in catalog (chosen so
// that the GPUs compared most often differ in hue), a hash of the id for any other.
int preferredColorSlot(std::string_view hardwareId);

// Slots for accelerators shown together, one per id in the same order. Each gets its preferred
// slot; when two ask for the same one, the id that sorts first keeps it and the other takes the
// next free slot, so the result does not depend on the order of `ids`.
std::vector<int> colorSlots(const std::vector<std::string>& ids);

// 0xRRGGBB of a slot on a theme (the same slot is the same hue on every theme).
std::uint32_t paletteRgb(int slot, Theme theme);

// Colours the user chose for accelerator ids (0xRRGGBB); they win over the palette.
using ColorOverrides = std::map<std::string, std::uint32_t, std::less<>>;

enum class MarkerShape { Circle, Square, Triangle, Diamond, Pentagon, Star };
inline constexpr int kMarkerShapeCount = 6;

// An operator's marker: its shape, and past the shape set a second cue (a hollow marker), so
// the seventh operator is never a silent repeat of the first.
struct MarkerStyle {
    MarkerShape shape = MarkerShape::Circle;
    bool hollow = false;
    bool operator==(const MarkerStyle&) const = default;
};
// `index` is the operator's position in the document, which the document saves.
MarkerStyle markerForOperator(int index);
std::string_view markerShapeName(MarkerShape shape);

} // namespace roofscope
