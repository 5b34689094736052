#pragma once

#include <QObject>

class QLineEdit;

namespace roofscope {

// A filter field keeps Ctrl+Z and Ctrl+Shift+Z for its own typing only. A QLineEdit claims
// both keys whenever it has the focus, even with nothing to undo, so an empty filter that
// happened to hold the focus swallowed Edit ▸ Undo; with nothing of its own to undo or redo,
// the key now reaches the window's undo history.
class SearchFieldUndo : public QObject {
    Q_OBJECT
public:
    static void install(QLineEdit* field);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit SearchFieldUndo(QLineEdit* field);

    QLineEdit* m_field;
};

} // namespace roofscope
