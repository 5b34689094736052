#pragma once

#include "ui/document/session.h"

#include <QUndoCommand>

namespace roofscope {

// One undoable change of the accelerator list: checking or unchecking a GPU, or making one
// the baseline. Holds the whole (small) state before and after.
class HardwareEditCommand : public QUndoCommand {
public:
    HardwareEditCommand(Session* session, const QString& text, Session::HardwareState before,
                        Session::HardwareState after);

    void undo() override;
    void redo() override;

private:
    Session* m_session;
    Session::HardwareState m_before;
    Session::HardwareState m_after;
};

} // namespace roofscope
