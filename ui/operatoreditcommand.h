#pragma once

#include "core/operators.h"

#include <QUndoCommand>

#include <vector>

namespace roofscope {

class Session;

// One undoable change of the operator list: the whole list before and after (ten operators
// are cheaper to copy than to describe). Edits of one gesture merge into one step.
class OperatorEditCommand : public QUndoCommand {
public:
    OperatorEditCommand(Session* session, const QString& text, std::vector<Operator> after,
                        int selectedAfter, int gesture);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    Session* m_session;
    std::vector<Operator> m_before;
    std::vector<Operator> m_after;
    int m_selectedBefore;
    int m_selectedAfter;
    int m_gesture;
};

} // namespace roofscope
