#pragma once

#include <QProxyStyle>

namespace roofscope {

// The platform's style with check boxes that can be seen in the dark theme: Fusion outlines a
// box in a shade of the window colour, 1.1 : 1 against the dark rows (#2B2D31 on #1F2124), so an
// unchecked "Fused kernels" was a dark square on dark. Under a dark palette the box gets a border
// in the palette's mid-grey text colour, over 3 : 1 against window and base alike. Light palettes
// are drawn as the base style draws them.
class ContrastStyle : public QProxyStyle {
    Q_OBJECT
public:
    using QProxyStyle::QProxyStyle;

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget = nullptr) const override;

    // The border drawn around a check box under `palette` (invalid: the base style's own).
    static QColor checkBorder(const QPalette& palette);
};

} // namespace roofscope
