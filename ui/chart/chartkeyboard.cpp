#include "ui/chart/chartkeyboard.h"

#include "ui/chart/chartgeometry.h"

#include <QKeyEvent>

#include <cmath>

namespace roofscope {

namespace {

// Shifts both ends of an axis by `fraction` of its span in decades.
void shiftAxis(double& lo, double& hi, double fraction)
{
    const double shift = fraction * (std::log10(hi) - std::log10(lo));
    lo *= std::pow(10.0, shift);
    hi *= std::pow(10.0, shift);
}

QPointF logCentre(const ViewRange& v)
{
    return {std::sqrt(v.aiMin * v.aiMax), std::sqrt(v.flopsMin * v.flopsMax)};
}

} // namespace

std::optional<ViewRange> ChartKeyboard::apply(const ViewRange& view, const ViewRange& home, int key,
                                              Qt::KeyboardModifiers modifiers)
{
    // Keypad and Shift say where the key came from, not what it means; Alt and Meta belong to
    // menus and the window manager.
    const Qt::KeyboardModifiers mods = modifiers & ~Qt::KeypadModifier;
    if (mods & (Qt::AltModifier | Qt::MetaModifier))
        return std::nullopt;
    const bool ctrl = mods & Qt::ControlModifier;
    const bool shift = mods & Qt::ShiftModifier;
    switch (key) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        return geometry::zoomView(view, logCentre(view), kZoomStep);
    case Qt::Key_Minus:
    case Qt::Key_Underscore:
        return geometry::zoomView(view, logCentre(view), 1.0 / kZoomStep);
    case Qt::Key_0:
        if (!ctrl)
            return std::nullopt;
        return geometry::clampView(home);
    case Qt::Key_Home:
        return ctrl || shift ? std::nullopt : std::optional(geometry::clampView(home));
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down: {
        if (ctrl)
            return std::nullopt; // word-wise moves and the like: not ours
        const double f = shift ? kLargePanFraction : kPanFraction;
        ViewRange out = view;
        // The view moves in the arrow's direction (the content the other way), as in maps.
        if (key == Qt::Key_Left)
            shiftAxis(out.aiMin, out.aiMax, -f);
        else if (key == Qt::Key_Right)
            shiftAxis(out.aiMin, out.aiMax, f);
        else if (key == Qt::Key_Up)
            shiftAxis(out.flopsMin, out.flopsMax, f);
        else
            shiftAxis(out.flopsMin, out.flopsMax, -f);
        return geometry::clampView(out);
    }
    default:
        return std::nullopt;
    }
}

std::optional<ViewRange> ChartKeyboard::apply(const ViewRange& view, const ViewRange& home,
                                              const QKeyEvent& event)
{
    return apply(view, home, event.key(), event.modifiers());
}

} // namespace roofscope
