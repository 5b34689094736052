#include "ui/controls/searchfieldundo.h"

#include <QKeyEvent>
#include <QKeySequence>
#include <QLineEdit>

namespace roofscope {

void SearchFieldUndo::install(QLineEdit* field)
{
    new SearchFieldUndo(field);
}

SearchFieldUndo::SearchFieldUndo(QLineEdit* field) : QObject(field), m_field(field)
{
    field->installEventFilter(this);
}

bool SearchFieldUndo::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_field || event->type() != QEvent::ShortcutOverride)
        return QObject::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    const bool passUndo = key->matches(QKeySequence::Undo) && !m_field->isUndoAvailable();
    const bool passRedo = key->matches(QKeySequence::Redo) && !m_field->isRedoAvailable();
    if (!passUndo && !passRedo)
        return QObject::eventFilter(watched, event);
    // Left unaccepted, the override lets the shortcut map give the key to the window's action.
    key->ignore();
    return true;
}

} // namespace roofscope
