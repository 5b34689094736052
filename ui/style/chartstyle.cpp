#include "ui/style/chartstyle.h"

#include "core/figure/palette.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

ChartStyle chartStyle(Theme theme)
{
    ChartStyle s;
    s.theme = theme;
    // Named, not "Sans Serif": an SVG or PDF opened elsewhere asks for a font that exists
    // (DejaVu Sans ships with every Linux; Noto Sans CJK SC covers the Chinese interface).
    QFont base;
    base.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")});
    base.setPointSizeF(9.0);
    s.tickFont = base;
    s.titleFont = base;
    s.titleFont.setPointSizeF(10.0);
    s.labelFont = base;
    s.labelFont.setPointSizeF(8.5);
    switch (theme) {
    case Theme::Light:
        s.background = QColor(0xffffff);
        s.plotBackground = QColor(0xffffff);
        s.text = QColor(0x202020);
        s.mutedText = QColor(0x606060);
        s.grid = QColor(0xc8c8c8);
        s.minorGrid = QColor(0xececec);
        s.labelBackground = QColor(255, 255, 255, 215);
        break;
    case Theme::Dark:
        s.background = QColor(0x1e1f22);
        s.plotBackground = QColor(0x26272b);
        s.text = QColor(0xe8e8e8);
        s.mutedText = QColor(0xa8a8a8);
        s.grid = QColor(0x55575c);
        s.minorGrid = QColor(0x36383c);
        s.labelBackground = QColor(30, 31, 34, 215);
        break;
    case Theme::Slide:
        s.background = QColor(0xffffff);
        s.plotBackground = QColor(0xffffff);
        s.text = QColor(Qt::black);
        s.mutedText = QColor(0x202020);
        s.grid = QColor(0x909090);
        s.minorGrid = QColor(0xd8d8d8);
        s.labelBackground = QColor(255, 255, 255, 235);
        s.tickFont.setPointSizeF(15.0);
        s.titleFont.setPointSizeF(16.0);
        s.titleFont.setBold(true);
        s.labelFont.setPointSizeF(13.0);
        s.labelFont.setBold(true);
        s.roofWidth = 4.5;
        s.ceilingWidth = 2.5;
        s.sweepWidth = 12.0;
        s.markerSize = 17.0;
        s.selectedMarkerSize = 25.0;
        break;
    }
    return s;
}

QColor hardwareColor(int index, Theme theme)
{
    return QColor::fromRgb(static_cast<QRgb>(paletteRgb(index, theme)));
}

} // namespace roofscope

namespace roofscope {
qreal markerSizeForShare(const ChartStyle& style, double share)
{
    // A point that takes the whole step is five default markers wide; below half a default
    // marker a point could not be seen or hovered.
    const qreal largest = style.markerSize * 5.0;
    const qreal smallest = style.markerSize * 0.5;
    if (!(share > 0.0))
        return smallest;
    return std::clamp(largest * std::sqrt(std::min(share, 1.0)), smallest, largest);
}
} // namespace roofscope
