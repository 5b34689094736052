#pragma once

#include "core/figure/palette.h"

namespace roofscope {

// The accelerator colours the user chose, from the settings: group "colors", one key per
// hardware id, value "#rrggbb" (e.g. colors/h100-sxm5=#1f77b4). Invalid values are ignored.
// Every Session reads them, so the window and every export show the same colours.
ColorOverrides colorOverridesFromSettings();

} // namespace roofscope
