#include "ui/widgets/windowpalette.h"

#include "ui/widgets/contraststyle.h"

#include <QApplication>

namespace roofscope {

const QPalette& WindowPalette::systemPalette()
{
    // Taken before the first apply(): afterwards QApplication::palette() is ours.
    static const QPalette system = QApplication::palette();
    return system;
}

bool WindowPalette::systemIsDark()
{
    const QPalette& p = systemPalette();
    return p.color(QPalette::Window).lightness() < p.color(QPalette::WindowText).lightness();
}

QPalette WindowPalette::forTheme(Theme theme, const QPalette& system)
{
    if (theme != Theme::Dark)
        return system;
    // Close to the chart's dark theme, with enough contrast for disabled text and links.
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1f, 0x21, 0x24);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x85, 0x88, 0x8c);
    const QColor highlight(0x3d, 0x7a, 0xd6);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2d));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x38, 0x3d));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    p.setColor(QPalette::Midlight, QColor(0x3e, 0x41, 0x46));
    p.setColor(QPalette::Mid, QColor(0x25, 0x27, 0x2a));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x7c, 0xb3, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xff));
    for (QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::HighlightedText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x53, 0x58));
    return p;
}

void WindowPalette::apply(Theme theme)
{
    // Taken before the style changes (it may change the standard palette).
    (void)systemPalette();
    // Check boxes visible in the dark theme (ContrastStyle); drawn as before in the light one.
    if (!qobject_cast<ContrastStyle*>(QApplication::style()))
        QApplication::setStyle(new ContrastStyle);
    const QPalette wanted = forTheme(theme, systemPalette());
    if (QApplication::palette() != wanted)
        QApplication::setPalette(wanted);
}

} // namespace roofscope
