#pragma once

#include "core/document/scenario.h"

#include <QColor>
#include <QFont>

namespace roofscope {

// Colours, fonts and line widths of one chart theme. The slide theme is for projectors: large
// fonts, thick lines, strong contrast.
struct ChartStyle {
    Theme theme = Theme::Light;
    QColor background;
    QColor plotBackground;
    QColor text;
    QColor mutedText;
    QColor grid;
    QColor minorGrid;
    QColor labelBackground;
    QFont tickFont;
    QFont titleFont;
    QFont labelFont;
    qreal roofWidth = 2.0;
    qreal ceilingWidth = 1.2;
    qreal sweepWidth = 7.0;
    qreal markerSize = 11.0;
    qreal selectedMarkerSize = 17.0;
};

ChartStyle chartStyle(Theme theme);

// The colour of palette slot `index` (core/palette.h) on the theme.
QColor hardwareColor(int index, Theme theme);

} // namespace roofscope

namespace roofscope {
// A marker's diameter for a point taking `share` (0…1) of a whole: the area follows the share,
// within half and five default markers.
qreal markerSizeForShare(const ChartStyle& style, double share);
} // namespace roofscope
