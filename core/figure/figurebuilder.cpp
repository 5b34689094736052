#include "core/figure/figurebuilder.h"

#include "core/figure/palette.h"

#include <algorithm>
#include <iterator>

namespace roofscope {

namespace {

// a == b but for `param`'s value (compared on every slider step: no copies).
bool sameButFor(const Operator& a, const Operator& b, std::string_view param)
{
    if (a.kind != b.kind || a.label != b.label)
        return false;
    const auto& x = a.params.values();
    const auto& y = b.params.values();
    auto i = x.begin();
    auto j = y.begin();
    for (;;) {
        while (i != x.end() && i->first == param)
            ++i;
        while (j != y.end() && j->first == param)
            ++j;
        if (i == x.end() || j == y.end())
            return i == x.end() && j == y.end();
        if (i->first != j->first || !(i->second == j->second))
            return false;
        ++i;
        ++j;
    }
}

} // namespace

const Figure& FigureBuilder::figureWithSpecs()
{
    if (m_specsStale) {
        const auto& ops = m_source.operators();
        for (std::size_t op = 0; op < m_figure.operators.size() && op < ops.size(); ++op)
            m_figure.operators[op].spec = ops[op].spec();
        m_specsStale = false;
    }
    return m_figure;
}

void FigureBuilder::rebuild()
{
    m_figure.theme = m_source.theme();
    m_figure.toggles = m_source.toggles();
    readGpus();
    const auto& ops = m_source.operators();
    const int nOps = static_cast<int>(ops.size());
    m_figure.operators.clear();
    for (int op = 0; op < nOps; ++op) {
        const Operator& o = ops[static_cast<std::size_t>(op)];
        m_figure.operators.push_back(
            {o.displayName(), {}, o.definition().drivingParam, markerForOperator(op)});
    }
    m_specsStale = true;
    m_figure.points.clear();
    m_pointStart.assign(static_cast<std::size_t>(nOps) + 1, 0);
    if (nOps > 0)
        readPoints(0, nOps - 1);
    readMeasured();
    readCommunication(true); // the catalog may have changed: always redone here
    readRoofs();
    readSweeps(true);
}

FigureBuilder::Update FigureBuilder::rowsChanged(int first, int last)
{
    Update update;
    last = std::min(last, static_cast<int>(m_pointStart.size()) - 2);
    if (first < 0 || first > last)
        return update;
    const auto& ops = m_source.operators();
    for (int op = first; op <= last; ++op) {
        // A rename (or an edit of an operator shown by its parameters) changes its label.
        if (op < static_cast<int>(m_figure.operators.size()))
            m_figure.operators[static_cast<std::size_t>(op)].name =
                ops[static_cast<std::size_t>(op)].displayName();
    }
    m_specsStale = true;
    readPoints(first, last);
    update.points = true;
    const int selected = m_source.selectedOperator();
    if (roofSignature() != m_roofSignature) {
        readRoofs();
        readSweeps(true);
        update.roofs = update.sweeps = true;
    } else if (first <= selected && selected <= last) {
        update.sweeps = readSweeps(false);
    }
    return update;
}

FigureBuilder::Update FigureBuilder::selectionChanged()
{
    Update update;
    m_figure.selected = m_source.selectedOperator();
    if (roofSignature() != m_roofSignature) {
        readRoofs();
        update.roofs = true;
    }
    update.sweeps = readSweeps(false);
    return update;
}

FigureBuilder::Update FigureBuilder::modelSetupChanged()
{
    const auto& setup = m_source.modelSetup();
    const bool spread = setup && setup->layout.gpus() > 1;
    if (!spread && m_linkRoofs.empty() && m_figure.communication.empty())
        return {};
    if (!readCommunication(false))
        return {};
    readRoofs();
    return {true, true, false};
}

void FigureBuilder::kernelSelectionChanged()
{
    const auto [set, kernel] = m_source.selectedKernel();
    m_figure.selectedKernelSet = set;
    m_figure.selectedKernel = kernel;
}

void FigureBuilder::passPointsChanged()
{
    m_figure.passPoints = m_source.passPoints();
}

void FigureBuilder::setMeasured(std::vector<MeasuredPoint> measured,
                                std::vector<MeasuredLink> links)
{
    m_figure.measured = std::move(measured);
    m_figure.measuredPaths.clear(); // points without their kernels: no shapes to join
    m_figure.links = std::move(links);
}

void FigureBuilder::readGpus()
{
    m_figure.gpus.clear();
    for (const int checked : m_source.checkedHardware()) { // in catalog order, as buildFigure
        FigureGpu g;
        g.hardware = checked;
        g.id = m_source.catalog().all()[static_cast<std::size_t>(checked)].id;
        g.name = m_source.gpuName(checked);
        g.baseline = checked == m_source.baseline();
        // The document's colour (the user's override or the palette slot), exactly.
        g.colorOverride = m_source.gpuRgb(checked);
        m_figure.gpus.push_back(std::move(g));
    }
}

std::vector<int> FigureBuilder::roofSignature() const
{
    // Which roof each point stands under (precision and unit per GPU and operator, the selected
    // operator marked): the roofs are read again only when this changes. Numbers, not text:
    // it is compared on every slider step.
    std::vector<int> sig;
    const int selected = m_source.selectedOperator();
    const int nOps = static_cast<int>(m_source.operators().size());
    sig.reserve(m_figure.gpus.size() * static_cast<std::size_t>(nOps + 1) + 1);
    sig.push_back(selected);
    for (const FigureGpu& g : m_figure.gpus) {
        sig.push_back(-1 - g.hardware);
        for (int op = 0; op < nOps; ++op) {
            const auto& e = m_source.estimate(op, g.hardware);
            sig.push_back(e ? static_cast<int>(e->ceiling.precision) * 16 +
                                  static_cast<int>(e->ceiling.unit)
                            : -1);
        }
    }
    return sig;
}

void FigureBuilder::readRoofs()
{
    m_roofSignature = roofSignature();
    const int selected = m_source.selectedOperator();
    const int nOps = static_cast<int>(m_source.operators().size());
    m_figure.selected = selected;
    m_figure.roofs.clear();
    for (const FigureGpu& g : m_figure.gpus) {
        std::vector<std::optional<Ceiling>> ceilings;
        ceilings.reserve(static_cast<std::size_t>(nOps));
        for (int op = 0; op < nOps; ++op) {
            const auto& e = m_source.estimate(op, g.hardware);
            ceilings.push_back(e ? std::optional<Ceiling>(e->ceiling) : std::nullopt);
        }
        auto roofs = roofsFor(m_source.catalog().all()[static_cast<std::size_t>(g.hardware)],
                              g.hardware, ceilings, selected, m_source.toggles());
        m_figure.roofs.insert(m_figure.roofs.end(), std::make_move_iterator(roofs.begin()),
                              std::make_move_iterator(roofs.end()));
    }
    // The measured kernels' own roofs and the hierarchical view's cache roofs stand on the
    // roofs just read.
    addMeasuredRoofs(m_figure, m_source.measurements(), m_source.catalog());
    m_figure.roofs.insert(m_figure.roofs.end(), m_linkRoofs.begin(), m_linkRoofs.end());
}

// The model's layout over GPUs through the core's rule: each link's roof and the collectives on
// it. Evaluating the layout on every GPU is the costly part of a set-up change: false when its
// inputs are the same as last time and nothing was redone.
bool FigureBuilder::readCommunication(bool force)
{
    std::optional<ScenarioModel> setup = m_source.modelSetup();
    if (setup) {
        setup->onChart = false;
        setup->selected = -1;
    }
    std::vector<std::string> gpuIds;
    gpuIds.reserve(m_figure.gpus.size());
    for (const FigureGpu& g : m_figure.gpus)
        gpuIds.push_back(g.id);
    auto key = std::make_pair(std::move(setup), std::move(gpuIds));
    if (!force && m_communicationKey == key)
        return false;
    m_communicationKey = std::move(key);
    Figure linkOnly;
    linkOnly.gpus = m_figure.gpus;
    const auto& current = m_source.modelSetup();
    if (current && current->layout.gpus() > 1) {
        // The embedded config is parsed once per model, not on every step of a slider.
        if (!m_communicationModel || m_communicationModel->first.id != current->id ||
            m_communicationModel->first.config != current->config) {
            ScenarioModel modelOnly;
            modelOnly.id = current->id;
            modelOnly.config = current->config;
            m_communicationModel.emplace(modelOnly, setupModel(modelOnly));
        }
        if (m_communicationModel->second)
            addCommunication(linkOnly, *m_communicationModel->second, current->step,
                             current->layout, m_source.catalog());
    }
    m_linkRoofs = std::move(linkOnly.roofs);
    m_figure.communication = std::move(linkOnly.communication);
    return true;
}

// The measurements through the core's one rule (addMeasuredToFigure), on a figure holding only
// what that rule reads: the shown GPUs and the operators' points (link tails).
void FigureBuilder::readMeasured()
{
    Figure measuredOnly;
    measuredOnly.gpus = m_figure.gpus;
    measuredOnly.points = m_figure.points;
    addMeasuredToFigure(measuredOnly, m_source.measurements(), m_source.catalog());
    m_figure.measured = std::move(measuredOnly.measured);
    m_figure.measuredPaths = std::move(measuredOnly.measuredPaths);
    m_figure.links = std::move(measuredOnly.links);
    m_figure.passPoints = m_source.passPoints();
    m_figure.kernelSpeedups = std::move(measuredOnly.kernelSpeedups);
    m_figure.measuredWithoutRoof = std::move(measuredOnly.measuredWithoutRoof);
    m_figure.measuredHierarchical = measuredOnly.measuredHierarchical;
    kernelSelectionChanged();
    // Its cache roofs need the GPUs' roofs: readRoofs() adds them.
}

bool FigureBuilder::readSweeps(bool force)
{
    const int selected = m_source.selectedOperator();
    const auto& ops = m_source.operators();
    const bool on =
        m_source.toggles().sweep && selected >= 0 && selected < static_cast<int>(ops.size());
    // The path depends on everything but the driving parameter's value: a slider step on it
    // leaves the path alone.
    const Operator* current = on ? &ops[static_cast<std::size_t>(selected)] : nullptr;
    const bool same = m_sweepKeyOp == selected &&
                      (current ? m_sweepKey && sameButFor(*m_sweepKey, *current,
                                                          current->definition().drivingParam)
                               : !m_sweepKey);
    if (!force && same)
        return false;
    m_sweepKey = current ? std::optional<Operator>(*current) : std::nullopt;
    m_sweepKeyOp = selected;
    m_figure.sweeps.clear();
    if (!on)
        return true;
    for (const FigureGpu& g : m_figure.gpus) {
        auto s =
            sweepFor(*current, selected,
                     m_source.catalog().all()[static_cast<std::size_t>(g.hardware)], g.hardware);
        if (s && !s->points.empty())
            m_figure.sweeps.push_back(std::move(*s));
    }
    return true;
}

void FigureBuilder::readPoints(int first, int last)
{
    // The others' points are moved, not copied: a model's slider step reads every row again,
    // and copying each point's estimate (two roofs' source strings) twice was a tenth of it.
    std::vector<FigurePoint> fresh;
    std::vector<std::size_t> counts;
    for (int op = first; op <= last; ++op) {
        const std::size_t before = fresh.size();
        for (const FigureGpu& g : m_figure.gpus) {
            const auto& e = m_source.estimate(op, g.hardware);
            // A value <= 0 has no place on a log axis.
            if (!e || !(e->ai > 0.0) || !(e->attainable > 0.0))
                continue;
            FigurePoint p;
            p.op = op;
            p.hardware = g.hardware;
            p.estimate = *e;
            p.speedup = m_source.speedup(op, g.hardware);
            fresh.push_back(std::move(p));
        }
        counts.push_back(fresh.size() - before);
    }
    const auto from = static_cast<std::size_t>(first);
    const auto to = static_cast<std::size_t>(last) + 1;
    const std::ptrdiff_t shift = static_cast<std::ptrdiff_t>(m_pointStart[from]) +
                                 static_cast<std::ptrdiff_t>(fresh.size()) -
                                 static_cast<std::ptrdiff_t>(m_pointStart[to]);
    auto& points = m_figure.points;
    const auto begin = points.begin() + static_cast<std::ptrdiff_t>(m_pointStart[from]);
    const auto end = points.begin() + static_cast<std::ptrdiff_t>(m_pointStart[to]);
    if (begin == points.begin() && end == points.end()) {
        points = std::move(fresh);
    } else {
        const auto at = points.erase(begin, end);
        points.insert(at, std::make_move_iterator(fresh.begin()),
                      std::make_move_iterator(fresh.end()));
    }
    for (std::size_t op = from; op < to; ++op)
        m_pointStart[op + 1] = m_pointStart[op] + counts[op - from];
    for (std::size_t op = to + 1; op < m_pointStart.size(); ++op)
        m_pointStart[op] =
            static_cast<std::size_t>(static_cast<std::ptrdiff_t>(m_pointStart[op]) + shift);
}

} // namespace roofscope
