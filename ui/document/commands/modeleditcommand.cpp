#include "ui/document/commands/modeleditcommand.h"

namespace roofscope {

namespace {
// OperatorEditCommand merges under id 1; a different id keeps QUndoStack from offering one
// kind of command to the other's mergeWith().
constexpr int kMergeId = 2;
} // namespace

ModelEditCommand::ModelEditCommand(ModelWorkbench* workbench, const QString& text,
                                   ModelChartState before, ModelChartState after, int gesture)
    : QUndoCommand(text), m_workbench(workbench), m_before(std::move(before)),
      m_after(std::move(after)), m_gesture(gesture)
{
}

void ModelEditCommand::undo()
{
    m_workbench->applyChartState(m_before);
}

void ModelEditCommand::redo()
{
    m_workbench->applyChartState(m_after);
}

int ModelEditCommand::id() const
{
    return m_gesture != 0 ? kMergeId : -1;
}

bool ModelEditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const ModelEditCommand*>(other);
    if (o->m_gesture != m_gesture)
        return false;
    m_after = o->m_after;
    setText(o->text()); // the value the gesture ended on
    return true;
}

} // namespace roofscope
