#pragma once

#include "core/measured/measurementset.h"

#include <QUndoCommand>

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

class MeasurementStore;

// One undoable change of the document's measurements: an import (a set added at the end), a
// removal (a set taken out), and the links to the operators before and after. The kernels of
// a set move between the command and the store instead of being copied: an import of
// 100,000 kernels is one set in memory, whichever side holds it.
class MeasurementEditCommand : public QUndoCommand {
public:
    enum class Kind { Import, Remove, Links };
    // A label another set takes with this edit (the first run becomes "before" when a second
    // is imported), and gives back on undo.
    struct Relabel {
        int set = -1;
        std::string before;
        std::string after;
    };
    // Import: `set` is appended. Remove: set `index` is taken out. Links: only the links change.
    MeasurementEditCommand(MeasurementStore* store, const QString& text, Kind kind, int index,
                           std::optional<MeasurementSet> set, std::vector<KernelLink> linksBefore,
                           std::vector<KernelLink> linksAfter, std::optional<Relabel> relabel = {});

    void undo() override;
    void redo() override;

private:
    void add();
    void take();

    MeasurementStore* m_store;
    Kind m_kind;
    int m_index;
    std::optional<MeasurementSet> m_set; // held while not in the store
    std::vector<KernelLink> m_linksBefore;
    std::vector<KernelLink> m_linksAfter;
    std::optional<Relabel> m_relabel;
};

} // namespace roofscope
