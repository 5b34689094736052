#pragma once

#include "core/document/scenario.h"

#include <QUndoCommand>

namespace roofscope {

class ViewSettings;

// One undoable change of the dragged labels' positions ("Move Label", "Reset Label
// Positions"): the whole set before and after. The moves of one drag merge into one step.
class LabelPositionsCommand : public QUndoCommand {
public:
    LabelPositionsCommand(ViewSettings* settings, const QString& text, LabelPositions after,
                          int gesture);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    ViewSettings* m_settings;
    LabelPositions m_before;
    LabelPositions m_after;
    int m_gesture;
};

} // namespace roofscope
