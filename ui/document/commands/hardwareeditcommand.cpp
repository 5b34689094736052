#include "ui/document/commands/hardwareeditcommand.h"

namespace roofscope {

HardwareEditCommand::HardwareEditCommand(Session* session, const QString& text,
                                         Session::HardwareState before,
                                         Session::HardwareState after)
    : QUndoCommand(text), m_session(session), m_before(std::move(before)), m_after(std::move(after))
{
}

void HardwareEditCommand::undo()
{
    m_session->setHardwareStateInternal(m_before);
}

void HardwareEditCommand::redo()
{
    m_session->setHardwareStateInternal(m_after);
}

} // namespace roofscope
