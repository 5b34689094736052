#pragma once

#include "core/document/scenario.h"

#include <QPalette>

namespace roofscope {

// The window's colours follow the chart's theme: the dark theme darkens every panel, menu and
// dialog, not only the chart; the light and slide themes give the system's own palette back.
class WindowPalette {
public:
    // The palette for `theme`, derived from `system` (the palette before any theme was applied).
    static QPalette forTheme(Theme theme, const QPalette& system);
    // Sets the application palette for `theme` (the system palette is remembered the first
    // time, so switching back restores it exactly).
    static void apply(Theme theme);
    // True when the system palette itself is dark (a dark desktop): the window then starts in
    // the dark theme.
    static bool systemIsDark();

private:
    static const QPalette& systemPalette();
};

} // namespace roofscope
