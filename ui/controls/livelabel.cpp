#include "ui/controls/livelabel.h"

namespace roofscope {

namespace {
// Wide enough for the longest word these labels show ("compute-bound", a GPU's short name);
// the dock keeps its columns far wider.
constexpr int kMinimumChars = 14;
// The width a label asks for when nothing else decides: a comfortable line of prose.
constexpr int kPreferredChars = 40;
} // namespace

LiveLabel::LiveLabel(QWidget* parent) : QLabel(parent)
{
    setWordWrap(true);
}

QSize LiveLabel::minimumSizeHint() const
{
    const QMargins m = contentsMargins();
    const int extra = 2 * margin();
    return {fontMetrics().averageCharWidth() * kMinimumChars + m.left() + m.right() + extra,
            fontMetrics().lineSpacing() + m.top() + m.bottom() + extra};
}

QSize LiveLabel::sizeHint() const
{
    const QMargins m = contentsMargins();
    const int extra = 2 * margin();
    // Laid out, the label prefers the width it has: a layout asks for its height at its
    // preferred width (QLayout::totalSizeHint), and the same width as the layout's own pass
    // answers from the cache instead of a third text layout per change.
    const int width =
        testAttribute(Qt::WA_WState_Visible) && QWidget::width() > 0
            ? QWidget::width()
            : fontMetrics().averageCharWidth() * kPreferredChars + m.left() + m.right() + extra;
    // The height is the layout's to ask at the width it gives (heightForWidth); one line here
    // keeps this hint free of a text layout at a width nobody uses.
    return {width, fontMetrics().lineSpacing() + m.top() + m.bottom() + extra};
}

int LiveLabel::heightForWidth(int width) const
{
    if (m_heightsText != text() || m_heightsFont != font()) {
        m_heightsText = text();
        m_heightsFont = font();
        m_heights.fill({-1, 0});
    }
    for (const auto& [w, h] : m_heights) {
        if (w == width)
            return h;
    }
    const int height = QLabel::heightForWidth(width);
    m_heights[m_nextHeight] = {width, height};
    m_nextHeight = (m_nextHeight + 1) % m_heights.size();
    return height;
}

} // namespace roofscope
