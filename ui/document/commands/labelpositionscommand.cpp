#include "ui/document/commands/labelpositionscommand.h"

#include "ui/document/viewsettings.h"

namespace roofscope {

namespace {
// Distinct from the other commands' ids: QUndoStack merges only commands of one id.
constexpr int kLabelPositionsId = 0x4c61626c; // "Labl"
} // namespace

LabelPositionsCommand::LabelPositionsCommand(ViewSettings* settings, const QString& text,
                                             LabelPositions after, int gesture)
    : QUndoCommand(text), m_settings(settings), m_before(settings->labelPositions()),
      m_after(std::move(after)), m_gesture(gesture)
{
}

void LabelPositionsCommand::undo()
{
    m_settings->setLabelPositionsInternal(m_before);
}

void LabelPositionsCommand::redo()
{
    m_settings->setLabelPositionsInternal(m_after);
}

int LabelPositionsCommand::id() const
{
    return m_gesture != 0 ? kLabelPositionsId : -1;
}

bool LabelPositionsCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const LabelPositionsCommand*>(other);
    if (o->m_gesture != m_gesture)
        return false;
    m_after = o->m_after;
    return true;
}

} // namespace roofscope
