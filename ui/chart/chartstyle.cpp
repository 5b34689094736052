#include "ui/chart/chartstyle.h"

#include <array>

namespace roofscope {

namespace {

// Tableau 10, reordered so that the first catalog entries (the NVIDIA generations of the
// default view) get clearly distinct hues.
constexpr std::array<QRgb, 10> kLight = {0x2ca02c, 0x1f77b4, 0xff7f0e, 0x9467bd, 0xd62728,
                                         0x17becf, 0x8c564b, 0xe377c2, 0xbcbd22, 0x7f7f7f};
constexpr std::array<QRgb, 10> kDark = {0x5fd35f, 0x5aa9ff, 0xffa94d, 0xc39bff, 0xff6b6b,
                                        0x4fe3f0, 0xd0a080, 0xff9ee0, 0xe0e060, 0xc0c0c0};
constexpr std::array<QRgb, 10> kSlide = {0x007a00, 0x0050c8, 0xe06c00, 0x6a1fb0, 0xc80000,
                                         0x008b9a, 0x6b3d1f, 0xc2187f, 0x7a7a00, 0x404040};

} // namespace

ChartStyle chartStyle(Theme theme)
{
    ChartStyle s;
    s.theme = theme;
    QFont base;
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
    const auto& palette = theme == Theme::Dark ? kDark : theme == Theme::Slide ? kSlide : kLight;
    const int n = static_cast<int>(palette.size());
    return QColor(palette[static_cast<std::size_t>(((index % n) + n) % n)]);
}

} // namespace roofscope
