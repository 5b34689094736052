#include "ui/document/commands/comparisoneditcommand.h"

#include "ui/document/session.h"

namespace roofscope {

ComparisonEditCommand::ComparisonEditCommand(Session* session, const QString& text, State before,
                                             State after)
    : QUndoCommand(text), m_session(session), m_before(std::move(before)), m_after(std::move(after))
{
}

void ComparisonEditCommand::redo()
{
    m_session->setComparisonInternal(m_after.labels, m_after.pairings);
}

void ComparisonEditCommand::undo()
{
    m_session->setComparisonInternal(m_before.labels, m_before.pairings);
}

} // namespace roofscope
