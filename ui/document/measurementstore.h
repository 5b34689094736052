#pragma once

#include "core/measured/measurementset.h"

#include <QObject>

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

class Session;

// A measured kernel: kernel `kernel` of measurement set `set`.
struct KernelRef {
    int set = -1;
    int kernel = -1;
    bool isValid() const { return set >= 0 && kernel >= 0; }
    bool operator==(const KernelRef&) const = default;
};

// The document's measured kernels: the imported runs, their links to operators, the before/after
// comparison and the selected kernel. One part of the document (Session owns it and saves it with
// the rest); its edits go on the document's one undo stack, so an import that also checks the
// run's accelerators is one undo step. It asks the document only for what a measurement edit
// touches beyond itself: the catalog (to check a run's GPUs) and the operators' names.
class MeasurementStore : public QObject {
    Q_OBJECT
public:
    explicit MeasurementStore(Session* document);

    const Measurements& measurements() const { return m_measurements; }

    // Undoable. An import's kernels are matched to the catalog by device name already; the
    // set gets the label "before"/"after" when it makes a pair with the previous import, which
    // it does only when the two are one program (programOverlap). The first run's GPU becomes
    // the baseline (baselineForImport), in the same undo step.
    void importMeasurements(MeasurementSet set);
    // The catalog index of the GPU with most of the run's kernel time, -1 when none is known.
    int baselineForImport(const MeasurementSet& set) const;
    void removeMeasurementSet(int set);
    // Links kernel → operator `op` (replacing the kernel's link); op -1 removes the link.
    void linkKernel(KernelRef kernel, int op);
    // The operator a kernel is linked to, or -1.
    int linkedOperator(KernelRef kernel) const;
    // Saved with the document but not undo steps (view options, as the chart's toggles).
    void setMeasuredHierarchical(bool on);
    void setKernelLabels(int top);
    KernelRef selectedKernel() const { return m_selectedKernel; }
    void setSelectedKernel(KernelRef kernel);
    // Undoable. The two runs compared (set indices) when more than two are loaded: they take
    // the labels "before" and "after", which the other runs give up.
    void setComparedRuns(int before, int after);
    // Undoable. Pairs an unpaired kernel of the compared "before" run with an unpaired one of
    // the "after" run (a KernelPairing, by short name when that names only unpaired kernels);
    // nothing when either is not unpaired in the compared runs.
    void pairKernels(KernelRef before, KernelRef after);
    // Undoable. Takes the kernel's pair apart: a hand pair is forgotten, an automatic one gets
    // an unpairing.
    void unpairKernel(KernelRef kernel);

    // Links follow their operators when rows come and go: the links after operator row `row`
    // is inserted or removed, nullopt when no link changes. pushLinks makes them an undo step
    // (inside the operator edit's macro).
    std::optional<std::vector<KernelLink>> linksAfterRowInserted(int row) const;
    std::optional<std::vector<KernelLink>> linksAfterRowRemoved(int row) const;
    void pushLinks(std::vector<KernelLink> links);

    // Used by the undo commands.
    void setComparisonInternal(const std::vector<std::string>& labels,
                               const std::vector<KernelPairing>& pairings);
    void insertMeasurementSetInternal(int index, MeasurementSet set);
    MeasurementSet takeMeasurementSetInternal(int index);
    void setMeasurementLabelInternal(int index, const std::string& label);
    void setKernelLinksInternal(std::vector<KernelLink> links);
    // An opened document's measurements, without a signal: the document applies every part of
    // the scenario first and then announces each (announceReset), so that no listener reads one
    // part new and another old.
    void resetInternal(Measurements measurements);
    void announceReset();

signals:
    void measurementsChanged(); // sets, links or the measured view
    void kernelSelectionChanged();
    // The measured view changed (a saved setting that is not an undo step).
    void settingChangedOutsideUndo();

private:
    Session* m_document;
    Measurements m_measurements;
    KernelRef m_selectedKernel;
};

} // namespace roofscope
