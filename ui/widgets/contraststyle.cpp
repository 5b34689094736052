#include "ui/widgets/contraststyle.h"

#include <QPainter>
#include <QStyleOption>

namespace roofscope {

QColor ContrastStyle::checkBorder(const QPalette& palette)
{
    const bool dark = palette.color(QPalette::Window).lightness() <
                      palette.color(QPalette::WindowText).lightness();
    if (!dark)
        return {};
    // Halfway between the background and the text: about 4.5 : 1 against #1F2124.
    const QColor text = palette.color(QPalette::Active, QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    return QColor((text.red() + base.red()) / 2, (text.green() + base.green()) / 2,
                  (text.blue() + base.blue()) / 2);
}

void ContrastStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option,
                                  QPainter* painter, const QWidget* widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (element != PE_IndicatorCheckBox && element != PE_IndicatorItemViewItemCheck)
        return;
    const QColor border = checkBorder(option->palette);
    if (!border.isValid())
        return;
    // Over the base style's own outline, inside the box: the check mark stays as it was drawn.
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(border, 1));
    const QRect box = option->rect.adjusted(0, 0, -1, -1);
    painter->drawRect(box);
    painter->restore();
}

} // namespace roofscope
