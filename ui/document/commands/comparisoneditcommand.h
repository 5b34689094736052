#pragma once

#include "core/measured/measurementset.h"

#include <QUndoCommand>

#include <string>
#include <vector>

namespace roofscope {

class MeasurementStore;

// One undoable change of what the before/after comparison compares: which two runs (the sets'
// "before" / "after" labels) and the kernels the user paired or unpaired by hand. Only labels
// and pairings are held, never kernels: a run of a million launches costs nothing here.
class ComparisonEditCommand : public QUndoCommand {
public:
    struct State {
        std::vector<std::string> labels; // one per set
        std::vector<KernelPairing> pairings;
    };
    ComparisonEditCommand(MeasurementStore* store, const QString& text, State before, State after);

    void undo() override;
    void redo() override;

private:
    MeasurementStore* m_store;
    State m_before;
    State m_after;
};

} // namespace roofscope
