#include "ui/document/measurementstore.h"

#include "core/measured/kernelname.h"
#include "core/measured/runcomparison.h"
#include "core/measured/sameprogram.h"
#include "ui/document/commands/comparisoneditcommand.h"
#include "ui/document/commands/measurementeditcommand.h"
#include "ui/document/session.h"
#include "ui/text/datanames.h"

#include <QUndoStack>

#include <algorithm>

namespace roofscope {

MeasurementStore::MeasurementStore(Session* document) : QObject(document), m_document(document) {}

void MeasurementStore::importMeasurements(MeasurementSet set)
{
    // A second import of the same program is the "after" of an optimisation; the first run
    // becomes "before" in the same undo step, so undoing the import takes that label back. An
    // unrelated file is left beside the first run: Compare Runs pairs them when the user asks.
    std::optional<MeasurementEditCommand::Relabel> relabel;
    if (m_measurements.sets.size() == 1 && set.label.empty() &&
        programOverlap(m_measurements.sets.front().kernels, set.kernels).sameProgram()) {
        if (m_measurements.sets.front().label.empty())
            relabel = MeasurementEditCommand::Relabel{0, "", "before"};
        set.label = "after";
    }
    const QString text = tr("Import %1").arg(QString::fromStdString(set.file));
    const int index = static_cast<int>(m_measurements.sets.size());
    // Kernels are drawn under the roofs of checked accelerators only: the ones this run was
    // measured on are checked with it, in the same undo step.
    std::vector<int> unchecked;
    const std::string* previous = nullptr; // a million launches of a few GPUs: look up changes
    for (const MeasuredKernel& k : set.kernels) {
        if (previous && *previous == k.gpu)
            continue;
        previous = &k.gpu;
        const int hw = m_document->hardwareIndex(k.gpu);
        if (hw >= 0 && !m_document->isChecked(hw) &&
            std::find(unchecked.begin(), unchecked.end(), hw) == unchecked.end())
            unchecked.push_back(hw);
    }
    // The first run's GPU becomes the baseline: the read-out and the speedups are then of the
    // GPU the user measured, not of the one the window happened to start with.
    const int baseline = m_measurements.sets.empty() ? baselineForImport(set) : -1;
    const bool baselineMoves = baseline >= 0 && baseline != m_document->baseline();
    QUndoStack* undo = m_document->undoStack();
    const bool macro = !unchecked.empty() || baselineMoves;
    if (macro)
        undo->beginMacro(text);
    for (int hw : unchecked)
        m_document->setChecked(hw, true);
    if (baselineMoves)
        m_document->setBaseline(baseline);
    undo->push(new MeasurementEditCommand(this, text, MeasurementEditCommand::Kind::Import, index,
                                          std::move(set), m_measurements.links,
                                          m_measurements.links, std::move(relabel)));
    if (macro)
        undo->endMacro();
}

int MeasurementStore::baselineForImport(const MeasurementSet& set) const
{
    // The catalog GPU with the most kernel time in the run (a run is nearly always on one).
    std::vector<std::pair<int, double>> timeByGpu;
    const std::string* previous = nullptr;
    int hw = -1;
    for (const MeasuredKernel& k : set.kernels) {
        if (!previous || *previous != k.gpu) {
            previous = &k.gpu;
            hw = m_document->hardwareIndex(k.gpu);
        }
        if (hw < 0)
            continue;
        auto it = std::find_if(timeByGpu.begin(), timeByGpu.end(),
                               [&](const auto& entry) { return entry.first == hw; });
        if (it == timeByGpu.end())
            timeByGpu.emplace_back(hw, k.timeS);
        else
            it->second += k.timeS;
    }
    const auto best =
        std::max_element(timeByGpu.begin(), timeByGpu.end(),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    return best == timeByGpu.end() ? -1 : best->first;
}

void MeasurementStore::removeMeasurementSet(int set)
{
    if (set < 0 || set >= static_cast<int>(m_measurements.sets.size()))
        return;
    std::vector<KernelLink> links;
    for (KernelLink l : m_measurements.links) {
        if (l.set == set)
            continue;
        if (l.set > set)
            --l.set;
        links.push_back(l);
    }
    const QString text =
        tr("Remove %1")
            .arg(QString::fromStdString(m_measurements.sets[static_cast<std::size_t>(set)].file));
    m_document->undoStack()->push(
        new MeasurementEditCommand(this, text, MeasurementEditCommand::Kind::Remove, set,
                                   std::nullopt, m_measurements.links, std::move(links)));
}

void MeasurementStore::linkKernel(KernelRef kernel, int op)
{
    const MeasuredKernel* k = m_measurements.kernel(kernel.set, kernel.kernel);
    if (!k || op >= static_cast<int>(m_document->operators().size()))
        return;
    std::vector<KernelLink> links = m_measurements.links;
    std::erase_if(links, [&](const KernelLink& l) {
        return l.set == kernel.set && l.kernel == kernel.kernel;
    });
    QString text;
    if (op >= 0) {
        links.push_back({kernel.set, kernel.kernel, op});
        text = tr("Link %1 to %2")
                   .arg(QString::fromStdString(k->shortName),
                        operatorDisplayName(m_document->operators()[static_cast<std::size_t>(op)]));
    } else {
        text = tr("Unlink %1").arg(QString::fromStdString(k->shortName));
    }
    if (links == m_measurements.links)
        return;
    m_document->undoStack()->push(
        new MeasurementEditCommand(this, text, MeasurementEditCommand::Kind::Links, -1,
                                   std::nullopt, m_measurements.links, std::move(links)));
}

int MeasurementStore::linkedOperator(KernelRef kernel) const
{
    for (const KernelLink& l : m_measurements.links) {
        if (l.set == kernel.set && l.kernel == kernel.kernel)
            return l.op;
    }
    return -1;
}

void MeasurementStore::setMeasuredHierarchical(bool on)
{
    if (m_measurements.hierarchical == on)
        return;
    m_measurements.hierarchical = on;
    emit measurementsChanged();
    emit settingChangedOutsideUndo();
}

void MeasurementStore::setKernelLabels(int top)
{
    top = std::clamp(top, 0, 100);
    if (m_measurements.labelTop == top)
        return;
    m_measurements.labelTop = top;
    emit measurementsChanged();
    emit settingChangedOutsideUndo();
}

void MeasurementStore::setSelectedKernel(KernelRef kernel)
{
    if (!m_measurements.kernel(kernel.set, kernel.kernel))
        kernel = {};
    if (kernel == m_selectedKernel)
        return;
    m_selectedKernel = kernel;
    emit kernelSelectionChanged();
}

namespace {

ComparisonEditCommand::State comparisonState(const Measurements& m)
{
    ComparisonEditCommand::State state;
    for (const MeasurementSet& set : m.sets)
        state.labels.push_back(set.label);
    state.pairings = m.pairings;
    return state;
}

std::string shortNameOf(const MeasuredKernel& k)
{
    return k.shortName.empty() ? shortKernelName(k.name) : k.shortName;
}

// The name a hand pairing gives a kernel: its short name, which takes in every launch and
// template of it, unless another kernel of that short name is paired already; then its full
// name, which takes only its own.
std::string pairingName(const MeasurementSet& set, const std::vector<int>& pairOf, int kernel)
{
    const MeasuredKernel& k = set.kernels[static_cast<std::size_t>(kernel)];
    std::string shortName = shortNameOf(k);
    for (std::size_t i = 0; i < set.kernels.size(); ++i) {
        if (pairOf[i] >= 0 && shortNameOf(set.kernels[i]) == shortName)
            return k.name;
    }
    return shortName;
}

} // namespace

void MeasurementStore::setComparedRuns(int before, int after)
{
    const int n = static_cast<int>(m_measurements.sets.size());
    if (before < 0 || after < 0 || before >= n || after >= n || before == after)
        return;
    // Already labelled so (an unlabelled pair is compared only while it is one program).
    if (m_measurements.sets[static_cast<std::size_t>(before)].label == "before" &&
        m_measurements.sets[static_cast<std::size_t>(after)].label == "after")
        return;
    ComparisonEditCommand::State old = comparisonState(m_measurements);
    ComparisonEditCommand::State now = old;
    for (int i = 0; i < n; ++i) {
        std::string& label = now.labels[static_cast<std::size_t>(i)];
        if (i == before)
            label = "before";
        else if (i == after)
            label = "after";
        else if (label == "before" || label == "after")
            label.clear();
    }
    const auto file = [this](int set) {
        return QString::fromStdString(m_measurements.sets[static_cast<std::size_t>(set)].file);
    };
    m_document->undoStack()->push(
        new ComparisonEditCommand(this, tr("Compare %1 → %2").arg(file(before), file(after)),
                                  std::move(old), std::move(now)));
}

void MeasurementStore::pairKernels(KernelRef before, KernelRef after)
{
    const auto c = compareMeasurements(m_measurements);
    if (!c || before.set != c->beforeSet || after.set != c->afterSet ||
        !m_measurements.kernel(before.set, before.kernel) ||
        !m_measurements.kernel(after.set, after.kernel) ||
        c->beforePair[static_cast<std::size_t>(before.kernel)] >= 0 ||
        c->afterPair[static_cast<std::size_t>(after.kernel)] >= 0)
        return;
    ComparisonEditCommand::State old = comparisonState(m_measurements);
    ComparisonEditCommand::State now = old;
    const MeasurementSet& b = m_measurements.sets[static_cast<std::size_t>(before.set)];
    const MeasurementSet& a = m_measurements.sets[static_cast<std::size_t>(after.set)];
    now.pairings.push_back({pairingName(b, c->beforePair, before.kernel),
                            pairingName(a, c->afterPair, after.kernel), false});
    const QString text =
        tr("Pair %1 with %2")
            .arg(QString::fromStdString(
                     shortNameOf(b.kernels[static_cast<std::size_t>(before.kernel)])),
                 QString::fromStdString(
                     shortNameOf(a.kernels[static_cast<std::size_t>(after.kernel)])));
    m_document->undoStack()->push(
        new ComparisonEditCommand(this, text, std::move(old), std::move(now)));
}

void MeasurementStore::unpairKernel(KernelRef kernel)
{
    const auto c = compareMeasurements(m_measurements);
    if (!c || !m_measurements.kernel(kernel.set, kernel.kernel) ||
        (kernel.set != c->beforeSet && kernel.set != c->afterSet))
        return;
    const bool isBefore = kernel.set == c->beforeSet;
    const std::vector<int>& pairOf = isBefore ? c->beforePair : c->afterPair;
    const int index = pairOf[static_cast<std::size_t>(kernel.kernel)];
    if (index < 0)
        return;
    ComparisonEditCommand::State old = comparisonState(m_measurements);
    ComparisonEditCommand::State now = old;
    // An automatic pair is kept apart by the names it paired by.
    auto unpairing = [](const KernelSpeedup& s) {
        return s.match == KernelMatch::FullName ? KernelPairing{s.name, s.afterName, true}
                                                : KernelPairing{s.shortName, s.shortName, true};
    };
    const KernelSpeedup& s = c->pairs[static_cast<std::size_t>(index)];
    if (s.match == KernelMatch::Hand) {
        now.pairings.erase(now.pairings.begin() + s.pairing);
        // Forgetting the hand pair may let the names pair the kernel again: that is not what
        // "Unpair" asked for.
        const RunComparison rest =
            compareRuns(m_measurements.sets[static_cast<std::size_t>(c->beforeSet)],
                        m_measurements.sets[static_cast<std::size_t>(c->afterSet)], now.pairings);
        const std::vector<int>& restOf = isBefore ? rest.beforePair : rest.afterPair;
        if (const int again = restOf[static_cast<std::size_t>(kernel.kernel)]; again >= 0)
            now.pairings.push_back(unpairing(rest.pairs[static_cast<std::size_t>(again)]));
    } else {
        now.pairings.push_back(unpairing(s));
    }
    const MeasuredKernel* k = m_measurements.kernel(kernel.set, kernel.kernel);
    m_document->undoStack()->push(new ComparisonEditCommand(
        this, tr("Unpair %1").arg(QString::fromStdString(shortNameOf(*k))), std::move(old),
        std::move(now)));
}

void MeasurementStore::setComparisonInternal(const std::vector<std::string>& labels,
                                             const std::vector<KernelPairing>& pairings)
{
    bool changed = false;
    for (std::size_t i = 0; i < labels.size() && i < m_measurements.sets.size(); ++i) {
        if (m_measurements.sets[i].label != labels[i]) {
            m_measurements.sets[i].label = labels[i];
            changed = true;
        }
    }
    if (m_measurements.pairings != pairings) {
        m_measurements.pairings = pairings;
        changed = true;
    }
    // One signal: every listener (table, chart, sentence) recomputes the comparison once.
    if (changed)
        emit measurementsChanged();
}

void MeasurementStore::insertMeasurementSetInternal(int index, MeasurementSet set)
{
    index = std::clamp(index, 0, static_cast<int>(m_measurements.sets.size()));
    m_measurements.sets.insert(m_measurements.sets.begin() + index, std::move(set));
    if (m_selectedKernel.set >= index)
        ++m_selectedKernel.set;
    emit measurementsChanged();
}

MeasurementSet MeasurementStore::takeMeasurementSetInternal(int index)
{
    if (index < 0 || index >= static_cast<int>(m_measurements.sets.size()))
        return {};
    MeasurementSet set = std::move(m_measurements.sets[static_cast<std::size_t>(index)]);
    m_measurements.sets.erase(m_measurements.sets.begin() + index);
    if (m_selectedKernel.set == index) {
        m_selectedKernel = {};
        emit kernelSelectionChanged();
    } else if (m_selectedKernel.set > index) {
        --m_selectedKernel.set;
    }
    emit measurementsChanged();
    return set;
}

void MeasurementStore::setMeasurementLabelInternal(int index, const std::string& label)
{
    if (index < 0 || index >= static_cast<int>(m_measurements.sets.size()))
        return;
    std::string& current = m_measurements.sets[static_cast<std::size_t>(index)].label;
    if (current == label)
        return;
    current = label;
    emit measurementsChanged();
}

void MeasurementStore::setKernelLinksInternal(std::vector<KernelLink> links)
{
    if (links == m_measurements.links)
        return;
    m_measurements.links = std::move(links);
    emit measurementsChanged();
}

std::optional<std::vector<KernelLink>> MeasurementStore::linksAfterRowInserted(int row) const
{
    // The rows from `row` on move down one.
    std::vector<KernelLink> links = m_measurements.links;
    for (KernelLink& l : links) {
        if (l.op >= row)
            ++l.op;
    }
    if (links == m_measurements.links)
        return std::nullopt;
    return links;
}

std::optional<std::vector<KernelLink>> MeasurementStore::linksAfterRowRemoved(int row) const
{
    // The removed row's links go, the later rows' move up one.
    std::vector<KernelLink> links;
    for (KernelLink l : m_measurements.links) {
        if (l.op == row)
            continue;
        if (l.op > row)
            --l.op;
        links.push_back(l);
    }
    if (links == m_measurements.links)
        return std::nullopt;
    return links;
}

void MeasurementStore::pushLinks(std::vector<KernelLink> links)
{
    m_document->undoStack()->push(
        new MeasurementEditCommand(this, {}, MeasurementEditCommand::Kind::Links, -1, std::nullopt,
                                   m_measurements.links, std::move(links)));
}

void MeasurementStore::resetInternal(Measurements measurements)
{
    m_measurements = std::move(measurements);
    m_selectedKernel = {};
}

void MeasurementStore::announceReset()
{
    emit measurementsChanged();
    emit kernelSelectionChanged();
}

} // namespace roofscope
