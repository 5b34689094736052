#pragma once

#include <QWidget>

class QSplitter;
class QStackedLayout;
class QTabWidget;

namespace roofscope {

// The window's centre: the roofline alone, or the roofline and the serving chart. Side by side
// (a splitter) where both have room for their axes; on a small screen (1366 × 768) tabs instead,
// each chart then having the whole centre: docked under the roofline, both shrank to a strip
// (≈ 250 px) in which the serving chart's titles, legend and batch numbers were cut.
class ChartArea : public QWidget {
    Q_OBJECT
public:
    ChartArea(QWidget* roofline, QWidget* serving, QWidget* parent = nullptr);

    // Shows or hides the serving chart; shown in tabs, its tab comes to the front.
    void setServingShown(bool on);
    bool servingShown() const { return m_servingShown; }
    // Side by side (true) or in tabs (false); the owner decides from the window's size.
    void setSideBySide(bool on);
    bool sideBySide() const { return m_sideBySide; }

    QSplitter* splitter() const { return m_split; }
    QTabWidget* tabs() const { return m_tabs; }

private:
    void arrange();

    QWidget* m_roofline;
    QWidget* m_serving;
    QSplitter* m_split;
    QTabWidget* m_tabs;
    QStackedLayout* m_stack;
    bool m_servingShown = false;
    bool m_sideBySide = true;
};

} // namespace roofscope
