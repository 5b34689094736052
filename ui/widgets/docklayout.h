#pragma once

#include <QByteArray>
#include <QObject>
#include <QSize>

class QDockWidget;
class QMainWindow;
class QTimer;

namespace roofscope {

// Arranges the window's docks for the window's size, not the screen's: below 900 px high (a
// 1366×768 window, on any screen) the bottom strip and the read-out become tabs so that the
// chart keeps half of the window; taller, the docks go back to the roomy arrangement. It follows
// the window as it is resized until the user moves or floats a dock: from then on the user's
// arrangement is kept whatever the size.
class DockLayout : public QObject {
    Q_OBJECT
public:
    // Call when the window's docks are in their roomy arrangement: that arrangement is kept to
    // return to.
    explicit DockLayout(QMainWindow* window);

    // The arrangement for a window of `size` (the window is not resized). Hidden docks stay
    // hidden.
    void arrange(QSize size);
    // A saved window state (QMainWindow::saveState), with what this class knew when it was saved.
    void restore(const QByteArray& geometry, const QByteArray& state, bool compact, bool follows);

    bool isCompact() const { return m_compact; }
    bool followsWindow() const { return m_follows; }

    // Compact below this height; with a margin either side so that a resize that wavers round
    // it does not flip the docks back and forth.
    static constexpr int kCompactBelow = 900;
    static constexpr int kMargin = 20;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void arrangeCompact(QSize size);
    void arrangeRoomy(QSize size);
    // The roomy arrangement's column widths and panel heights for a window of `size`.
    void setRoomySizes(QSize size);
    QDockWidget* dockNamed(const char* name) const;
    void dockMoved();

    QMainWindow* m_window;
    QByteArray m_roomyState;
    QTimer* m_follow;
    bool m_compact = false;
    bool m_follows = true;
    bool m_arranging = false;
    bool m_shown = false;    // the window has been shown once
    bool m_restored = false; // a saved arrangement was restored: the user's sizes stand
};

} // namespace roofscope
