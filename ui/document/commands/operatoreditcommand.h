#pragma once

#include "core/document/scenario.h"
#include "core/roofline/operators.h"

#include <QUndoCommand>

#include <vector>

namespace roofscope {

class Session;

// One undoable change of the operator list: the whole list before and after (ten operators
// are cheaper to copy than to describe). Edits of one gesture merge into one step. Dragged
// operator labels follow their operators in the same step: a pin is keyed by the shown name
// (core/labelkeys.h), so a rename, or an inserted or removed namesake that renumbers "#2",
// moves it to the new key, and undo puts it back under the old one.
class OperatorEditCommand : public QUndoCommand {
public:
    // `sourceOf[i]`: the current row that row i of `after` was, -1 for a new one (see
    // followOperatorLabels); empty: the same rows in the same order.
    OperatorEditCommand(Session* session, const QString& text, std::vector<Operator> after,
                        int selectedAfter, int gesture, const std::vector<int>& sourceOf = {});

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    Session* m_session;
    std::vector<Operator> m_before;
    std::vector<Operator> m_after;
    LabelPositions m_positionsBefore;
    LabelPositions m_positionsAfter;
    int m_selectedBefore;
    int m_selectedAfter;
    int m_gesture;
};

} // namespace roofscope
