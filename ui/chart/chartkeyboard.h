#pragma once

#include "core/document/scenario.h"

#include <Qt>

#include <optional>

class QKeyEvent;

namespace roofscope {

// Keyboard zoom and pan of the chart as a pure function: a view range and a key give the next
// view range, in log space, clamped like every other view. Keys it does not use give nullopt so
// the caller passes the event on (Tab must keep moving the focus).
//   + = (and Ctrl++, keypad +)  zoom in about the view's centre
//   - (and Ctrl+-, keypad -)    zoom out
//   arrows                      pan by a tenth of the view (Shift: by half)
//   Ctrl+0, Home                back to `home` (the fitted view)
class ChartKeyboard {
public:
    static constexpr double kZoomStep = 1.25; // per key press, on each axis' span in decades
    static constexpr double kPanFraction = 0.1;
    static constexpr double kLargePanFraction = 0.5;

    static std::optional<ViewRange> apply(const ViewRange& view, const ViewRange& home, int key,
                                          Qt::KeyboardModifiers modifiers);
    static std::optional<ViewRange> apply(const ViewRange& view, const ViewRange& home,
                                          const QKeyEvent& event);
};

} // namespace roofscope
