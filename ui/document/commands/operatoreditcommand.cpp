#include "ui/document/commands/operatoreditcommand.h"

#include "core/document/labelkeys.h"
#include "ui/document/session.h"

namespace roofscope {

namespace {

std::vector<std::string> shownNames(const std::vector<Operator>& ops)
{
    std::vector<std::string> names;
    names.reserve(ops.size());
    for (const Operator& op : ops)
        names.push_back(op.displayName()); // the chart's label text (core figure())
    return names;
}

} // namespace

OperatorEditCommand::OperatorEditCommand(Session* session, const QString& text,
                                         std::vector<Operator> after, int selectedAfter,
                                         int gesture, const std::vector<int>& sourceOf)
    : QUndoCommand(text), m_session(session), m_before(session->operators()),
      m_after(std::move(after)), m_positionsBefore(session->viewSettings()->labelPositions()),
      m_positionsAfter(m_positionsBefore), m_selectedBefore(session->selectedOperator()),
      m_selectedAfter(selectedAfter), m_gesture(gesture)
{
    if (m_positionsBefore.empty())
        return; // the common case, a slider step with nothing pinned: no names to compare
    std::vector<int> sources = sourceOf;
    if (sources.empty() && m_before.size() == m_after.size()) {
        sources.resize(m_after.size());
        for (std::size_t i = 0; i < sources.size(); ++i)
            sources[i] = static_cast<int>(i);
    }
    m_positionsAfter =
        followOperatorLabels(m_positionsBefore, shownNames(m_before), shownNames(m_after), sources);
}

void OperatorEditCommand::undo()
{
    m_session->setOperatorsInternal(m_before, m_selectedBefore);
    m_session->viewSettings()->setLabelPositionsInternal(m_positionsBefore);
}

void OperatorEditCommand::redo()
{
    m_session->setOperatorsInternal(m_after, m_selectedAfter);
    m_session->viewSettings()->setLabelPositionsInternal(m_positionsAfter);
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
    m_positionsAfter = o->m_positionsAfter;
    m_selectedAfter = o->m_selectedAfter;
    setText(o->text()); // "Set batch = 318", the value the gesture ended on
    return true;
}

} // namespace roofscope
