#pragma once

#include "ui/document/modelworkbench.h"

#include <QUndoCommand>

namespace roofscope {

// One undoable step of the model panel: the session's operators and the model state they were
// expanded from, before and after. Undo puts the batch slider back where the chart was, not
// just the points. Steps of one gesture (a slider drag) merge into one.
class ModelEditCommand : public QUndoCommand {
public:
    ModelEditCommand(ModelWorkbench* workbench, const QString& text, ModelChartState before,
                     ModelChartState after, int gesture);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    ModelWorkbench* m_workbench;
    ModelChartState m_before;
    ModelChartState m_after;
    int m_gesture;
};

} // namespace roofscope
