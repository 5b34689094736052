#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace roofscope {

// Each accelerator's palette slot (core/palette.h), by id, as a document gives them: once, first
// come first served, so adding an accelerator never recolours another.
using PaletteAssignment = std::map<std::string, int, std::less<>>;

// The colours of the accelerators `ids` of a document: each id that `kept` gives a slot keeps
// it, whatever else is added; the others, first come first served in the order of `ids`, take
// their preferred slot (preferredColorSlot) when no other id has it, else the next slot no
// other id has. While there are no more ids than hues, no two share one. Holds exactly `ids`.
PaletteAssignment assignColors(const PaletteAssignment& kept, const std::vector<std::string>& ids);

} // namespace roofscope
