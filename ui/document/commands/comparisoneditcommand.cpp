#include "ui/document/commands/comparisoneditcommand.h"

#include "ui/document/measurementstore.h"

namespace roofscope {

ComparisonEditCommand::ComparisonEditCommand(MeasurementStore* store, const QString& text,
                                             State before, State after)
    : QUndoCommand(text), m_store(store), m_before(std::move(before)), m_after(std::move(after))
{
}

void ComparisonEditCommand::redo()
{
    m_store->setComparisonInternal(m_after.labels, m_after.pairings);
}

void ComparisonEditCommand::undo()
{
    m_store->setComparisonInternal(m_before.labels, m_before.pairings);
}

} // namespace roofscope
