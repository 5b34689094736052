#include "ui/operatoreditcommand.h"

#include "ui/session.h"

namespace roofscope {

OperatorEditCommand::OperatorEditCommand(Session* session, const QString& text,
                                         std::vector<Operator> after, int selectedAfter,
                                         int gesture)
    : QUndoCommand(text), m_session(session), m_before(session->operators()),
      m_after(std::move(after)), m_selectedBefore(session->selectedOperator()),
      m_selectedAfter(selectedAfter), m_gesture(gesture)
{
}

void OperatorEditCommand::undo()
{
    m_session->setOperatorsInternal(m_before, m_selectedBefore);
}

void OperatorEditCommand::redo()
{
    m_session->setOperatorsInternal(m_after, m_selectedAfter);
}

int OperatorEditCommand::id() const
{
    return m_gesture != 0 ? 1 : -1;
}

bool OperatorEditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const OperatorEditCommand*>(other);
    if (o->m_gesture != m_gesture || m_after.size() != o->m_after.size())
        return false;
    m_after = o->m_after;
    m_selectedAfter = o->m_selectedAfter;
    setText(o->text()); // "Set batch = 318", the value the gesture ended on
    return true;
}

} // namespace roofscope
