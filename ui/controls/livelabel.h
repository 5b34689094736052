#pragma once

#include <QLabel>

#include <array>
#include <utility>

namespace roofscope {

// A word-wrapped label whose text changes on every slider step (read-out values, model totals).
// QLabel answers its size hints by laying its text out five times after every change (three
// trial widths for a pleasing shape, one line, the longest word), and a selectable or rich label
// lays out a whole text document each time: with ten such labels that was most of a slider
// frame. These labels live in columns whose width the dock decides, so only the height at that
// width matters: the hints here cost nothing, and the layout asks heightForWidth once.
class LiveLabel : public QLabel {
    Q_OBJECT
public:
    explicit LiveLabel(QWidget* parent = nullptr);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;
    // Nested layouts ask the same label for its height at a few widths on every relayout;
    // each answer is one text layout, so the answers are kept until the text changes.
    int heightForWidth(int width) const override;

private:
    mutable QString m_heightsText;
    mutable QFont m_heightsFont;
    mutable std::array<std::pair<int, int>, 4> m_heights{{{-1, 0}, {-1, 0}, {-1, 0}, {-1, 0}}};
    mutable std::size_t m_nextHeight = 0;
};

} // namespace roofscope
