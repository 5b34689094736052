#include "ui/document/session.h"

#include "core/figure.h"
#include "core/sweep.h"
#include "ui/document/coloroverrides.h"
#include "ui/document/commands/hardwareeditcommand.h"
#include "ui/document/commands/operatoreditcommand.h"
#include "ui/document/modelworkbench.h"
#include "ui/text/datanames.h"

#include <QUndoStack>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

// The rows an edit keeps, for pins that follow their operators (OperatorEditCommand):
// row i of the new list was row sourceOf[i], -1 for the inserted one.
std::vector<int> sourcesAfterInsert(std::size_t size, int inserted)
{
    std::vector<int> sourceOf(size);
    for (int i = 0; i < static_cast<int>(size); ++i)
        sourceOf[static_cast<std::size_t>(i)] = i < inserted ? i : i == inserted ? -1 : i - 1;
    return sourceOf;
}

std::vector<int> sourcesAfterRemove(std::size_t size, int removed)
{
    std::vector<int> sourceOf(size);
    for (int i = 0; i < static_cast<int>(size); ++i)
        sourceOf[static_cast<std::size_t>(i)] = i < removed ? i : i + 1;
    return sourceOf;
}

const Expected<Estimate>& notShown()
{
    static const Expected<Estimate> kNotShown(Error{"not shown"});
    return kNotShown;
}

} // namespace

Session::Session(HardwareCatalog catalog, QObject* parent)
    : QObject(parent), m_catalog(std::move(catalog)),
      m_colorOverrides(colorOverridesFromSettings()), m_undo(new QUndoStack(this)),
      m_measured(new MeasurementStore(this)), m_viewSettings(new ViewSettings(this))
{
    connect(m_measured, &MeasurementStore::settingChangedOutsideUndo, this,
            &Session::settingChangedOutsideUndo);
    connect(m_viewSettings, &ViewSettings::settingChangedOutsideUndo, this,
            &Session::settingChangedOutsideUndo);
    connect(m_viewSettings, &ViewSettings::themeChanged, this, &Session::colorsChanged);
}

Session::~Session() = default;

int Session::hardwareIndex(std::string_view id) const
{
    const auto& all = hardware();
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].id == id)
            return static_cast<int>(i);
    }
    return -1;
}

int Session::colorSlot(int hw) const
{
    const auto it = m_colorSlots.find(hw);
    if (it != m_colorSlots.end())
        return it->second;
    return hw >= 0 && hw < static_cast<int>(hardware().size())
               ? preferredColorSlot(hardware()[static_cast<std::size_t>(hw)].id)
               : 0;
}

std::optional<std::uint32_t> Session::colorOverride(int hw) const
{
    if (hw < 0 || hw >= static_cast<int>(hardware().size()))
        return std::nullopt;
    const auto it = m_colorOverrides.find(hardware()[static_cast<std::size_t>(hw)].id);
    return it == m_colorOverrides.end() ? std::nullopt : std::optional(it->second);
}

void Session::setColorOverrides(ColorOverrides colors)
{
    m_colorOverrides = std::move(colors);
    emit colorsChanged();
}

Figure Session::figure() const
{
    // Every row on the chart, the model's included: toScenario() leaves those out because a
    // document re-expands them from its model set-up. The set-up stays: a layout over GPUs
    // brings its link roofs and communication points.
    Scenario shown = toScenarioWithoutMeasurements();
    shown.operators = m_operators;
    shown.selected = m_selected;
    auto f = buildFigure(shown, m_catalog, FigurePreferences{m_colorOverrides});
    // The scenario's ids come from this catalog: building cannot fail.
    if (!f)
        return Figure{};
    // The measurements are added from the session's own copy: a profile of 100,000 kernels is
    // not copied into a scenario on every redraw.
    if (!(measurements() == Measurements{})) {
        addMeasuredToFigure(*f, measurements(), m_catalog);
        f->fit = fitRange(fitValues(*f));
        const KernelRef selected = m_measured->selectedKernel();
        f->selectedKernelSet = selected.set;
        f->selectedKernel = selected.kernel;
    }
    return *f;
}

QString Session::shortName(int hw) const
{
    if (hw < 0 || hw >= static_cast<int>(hardware().size()))
        return {};
    const Hardware& h = hardware()[static_cast<std::size_t>(hw)];
    std::string name = h.name;
    if (!h.vendor.empty() && name.rfind(h.vendor + ' ', 0) == 0)
        name = name.substr(h.vendor.size() + 1);
    return QString::fromStdString(name);
}

void Session::updateColorSlots()
{
    std::vector<std::string> ids;
    for (int hw : m_checked)
        ids.push_back(hardware()[static_cast<std::size_t>(hw)].id);
    const std::vector<int> assigned = colorSlots(ids);
    m_colorSlots.clear();
    for (std::size_t i = 0; i < m_checked.size(); ++i)
        m_colorSlots[m_checked[i]] = assigned[i];
}

bool Session::isChecked(int hw) const
{
    return std::find(m_checked.begin(), m_checked.end(), hw) != m_checked.end();
}

void Session::setChecked(int hw, bool checked)
{
    if (hw < 0 || hw >= static_cast<int>(hardware().size()) || isChecked(hw) == checked)
        return;
    // Computed on a copy: the undo command applies it, so that undo covers checking too.
    const HardwareState before = hardwareState();
    if (checked) {
        m_checked.push_back(hw);
        std::sort(m_checked.begin(), m_checked.end());
        if (m_baseline < 0)
            m_baseline = hw;
    } else {
        m_checked.erase(std::find(m_checked.begin(), m_checked.end(), hw));
        if (m_baseline == hw)
            m_baseline = m_checked.empty() ? -1 : m_checked.front();
    }
    updateColorSlots();
    HardwareState after = hardwareState();
    m_checked = before.checked;
    m_colorSlots = before.colorSlots;
    m_baseline = before.baseline;
    pushHardwareState(std::move(after),
                      (checked ? tr("Check %1") : tr("Uncheck %1")).arg(shortName(hw)));
}

void Session::setBaseline(int hw)
{
    if (hw == m_baseline || hw < 0 || hw >= static_cast<int>(hardware().size()))
        return;
    HardwareState after = hardwareState();
    if (!isChecked(hw)) {
        const HardwareState before = hardwareState();
        m_checked.push_back(hw);
        std::sort(m_checked.begin(), m_checked.end());
        updateColorSlots();
        after = hardwareState();
        m_checked = before.checked;
        m_colorSlots = before.colorSlots;
    }
    after.baseline = hw;
    pushHardwareState(std::move(after), tr("Make %1 the baseline").arg(shortName(hw)));
}

void Session::pushHardwareState(HardwareState after, const QString& undoText)
{
    m_undo->push(new HardwareEditCommand(this, undoText, hardwareState(), std::move(after)));
}

void Session::setCatalogInternal(const HardwareCatalog& catalog, HardwareState state)
{
    emit catalogAboutToChange();
    m_catalog = catalog;
    const int count = static_cast<int>(hardware().size());
    std::erase_if(state.checked, [count](int hw) { return hw < 0 || hw >= count; });
    std::erase_if(state.colorSlots, [count](const auto& slot) { return slot.first >= count; });
    if (state.baseline >= count || (state.baseline < 0 && !state.checked.empty()))
        state.baseline = state.checked.empty() ? -1 : state.checked.front();
    m_checked = state.checked;
    m_colorSlots = state.colorSlots;
    m_baseline = state.baseline;
    updateColorSlots();
    m_hovered = {};
    recomputeAll();
    emit catalogChanged();
    emit hardwareChanged();
    emit focusChanged();
}

void Session::setHardwareStateInternal(const HardwareState& state)
{
    if (state == hardwareState())
        return;
    m_checked = state.checked;
    m_colorSlots = state.colorSlots;
    m_baseline = state.baseline;
    if (!isChecked(m_hovered.hardware))
        m_hovered = {};
    recomputeAll();
    emit hardwareChanged();
    emit focusChanged();
}

void Session::setSelectedOperator(int row)
{
    if (row < -1 || row >= static_cast<int>(m_operators.size()))
        row = -1;
    // One selected item: choosing an operator (in the list or on the chart, even the one
    // already selected) ends a kernel's selection, so the read-out describes the operator.
    if (row >= 0)
        m_measured->setSelectedKernel({});
    if (row == m_selected)
        return;
    m_selected = row;
    emit selectionChanged(row);
    emit focusChanged();
}

PointRef Session::focus() const
{
    if (m_hovered.isValid())
        return m_hovered;
    if (m_selected >= 0 && m_baseline >= 0)
        return {m_selected, m_baseline};
    return {};
}

void Session::setHovered(PointRef point)
{
    if (point == m_hovered)
        return;
    m_hovered = point;
    emit focusChanged();
}

int Session::beforeModelRows(int row) const
{
    // A model on the chart keeps its rows last (a document lists the user's rows before them
    // and expands the model's after): an operator added among or after them would silently
    // take the model off the chart — its marker sizes and totals gone. It goes in front.
    return m_modelFirstRow >= 0 ? std::min(row, m_modelFirstRow) : row;
}

void Session::insertOperator(int row, const Operator& op)
{
    std::vector<Operator> ops = m_operators;
    row = beforeModelRows(std::clamp(row, 0, static_cast<int>(ops.size())));
    ops.insert(ops.begin() + row, op);
    std::vector<int> sourceOf = sourcesAfterInsert(ops.size(), row);
    pushOperatorInsert(new OperatorEditCommand(this, tr("Add %1").arg(operatorDisplayName(op)),
                                               std::move(ops), row, 0, sourceOf),
                       row);
}

void Session::pushOperatorInsert(QUndoCommand* command, int row)
{
    // Links follow their operators.
    auto links = m_measured->linksAfterRowInserted(row);
    if (!links) {
        m_undo->push(command);
        return;
    }
    m_undo->beginMacro(command->text());
    m_undo->push(command);
    m_measured->pushLinks(std::move(*links));
    m_undo->endMacro();
}

void Session::removeOperator(int row)
{
    if (row < 0 || row >= static_cast<int>(m_operators.size()))
        return;
    // Links follow their operators: the removed one's go, the later ones' move up a row.
    auto links = m_measured->linksAfterRowRemoved(row);
    if (links)
        m_undo->beginMacro(
            tr("Remove %1").arg(operatorDisplayName(m_operators[static_cast<std::size_t>(row)])));
    removeOperatorRow(row);
    if (links) {
        m_measured->pushLinks(std::move(*links));
        m_undo->endMacro();
    }
}

void Session::removeOperatorRow(int row)
{
    std::vector<Operator> ops = m_operators;
    const QString name = operatorDisplayName(ops[static_cast<std::size_t>(row)]);
    ops.erase(ops.begin() + row);
    int selected = m_selected;
    if (selected >= static_cast<int>(ops.size()))
        selected = static_cast<int>(ops.size()) - 1;
    std::vector<int> sourceOf = sourcesAfterRemove(ops.size(), row);
    m_undo->push(new OperatorEditCommand(this, tr("Remove %1").arg(name), std::move(ops), selected,
                                         0, sourceOf));
}

void Session::duplicateOperator(int row)
{
    if (row < 0 || row >= static_cast<int>(m_operators.size()))
        return;
    std::vector<Operator> ops = m_operators;
    Operator copy = ops[static_cast<std::size_t>(row)];
    // Every copy gets a name of its own, auto-named operators too ("decode_matmul b=1" would
    // otherwise appear twice): "X (copy)", then "X (copy 2)", ...
    const QString base = QString::fromStdString(copy.displayName());
    auto taken = [&ops](const std::string& name) {
        return std::any_of(ops.begin(), ops.end(),
                           [&name](const Operator& o) { return o.displayName() == name; });
    };
    copy.label = tr("%1 (copy)").arg(base).toStdString();
    for (int n = 2; taken(copy.label); ++n)
        copy.label = tr("%1 (copy %2)").arg(base).arg(n).toStdString();
    const int at = beforeModelRows(row + 1);
    ops.insert(ops.begin() + at, copy);
    std::vector<int> sourceOf = sourcesAfterInsert(ops.size(), at);
    pushOperatorInsert(new OperatorEditCommand(
                           this, tr("Duplicate %1").arg(QString::fromStdString(copy.displayName())),
                           std::move(ops), at, 0, sourceOf),
                       at);
}

void Session::renameOperator(int row, const QString& label)
{
    if (row < 0 || row >= static_cast<int>(m_operators.size()))
        return;
    Operator op = m_operators[static_cast<std::size_t>(row)];
    if (op.label == label.toStdString())
        return;
    op.label = label.toStdString();
    replaceOperator(row, op, tr("Rename to %1").arg(label));
}

std::optional<QString> Session::setParam(int row, const std::string& name, const std::string& value,
                                         int gesture)
{
    if (row < 0 || row >= static_cast<int>(m_operators.size()))
        return tr("No such operator");
    const Operator& current = m_operators[static_cast<std::size_t>(row)];
    auto op = withParam(current, name, value);
    if (!op)
        return QString::fromStdString(op.error().message);
    if (*op == current)
        return std::nullopt;
    // The undo text uses the words of the parameter panel ("Set Weight precision = FP16"),
    // not the spec's ids ("weight_dtype = fp16").
    const bool precision = name == "dtype" || name.ends_with("_dtype");
    replaceOperator(
        row, *op,
        tr("Set %1 = %2")
            .arg(paramDisplayName(current.kind, name),
                 precision ? precisionDisplayName(value) : QString::fromStdString(value)),
        gesture);
    return std::nullopt;
}

std::optional<QString> Session::setNumber(int row, const std::string& name, double value,
                                          int gesture)
{
    // Numbers go through the same validation as typed text (whole numbers, ranges).
    return setParam(row, name, formatParamNumber(value), gesture);
}

void Session::replaceOperator(int row, const Operator& op, const QString& undoText, int gesture)
{
    if (row < 0 || row >= static_cast<int>(m_operators.size()))
        return;
    std::vector<Operator> ops = m_operators;
    ops[static_cast<std::size_t>(row)] = op;
    m_undo->push(new OperatorEditCommand(this, undoText, std::move(ops), m_selected, gesture));
}

std::pair<double, double> Session::paramRange(int row, const std::string& name) const
{
    if (row < 0 || row >= static_cast<int>(m_operators.size()))
        return {1.0, 4096.0};
    return parameterRange(m_operators[static_cast<std::size_t>(row)], name);
}

std::optional<double> Session::solveDriving(int row, double ai) const
{
    if (row < 0 || row >= static_cast<int>(m_operators.size()))
        return std::nullopt;
    const Operator& op = m_operators[static_cast<std::size_t>(row)];
    const std::string& param = op.definition().drivingParam;
    if (param.empty())
        return std::nullopt;
    const auto [lo, hi] = paramRange(row, param);
    auto solved = solveForIntensity(op, param, ai, lo, hi);
    if (!solved)
        return std::nullopt;
    double value = 0.0;
    if (solved->has_value()) {
        value = **solved;
    } else {
        // Out of reach: the end of the range whose intensity is nearer to the target.
        const double aiLo = op.costWith(param, lo).arithmeticIntensity();
        const double aiHi = op.costWith(param, hi).arithmeticIntensity();
        value = std::abs(std::log(ai / aiLo)) < std::abs(std::log(ai / aiHi)) ? lo : hi;
    }
    const ParamDef* def = op.definition().findParam(param);
    if (!def || def->type == ParamType::Integer)
        value = std::round(value);
    return std::clamp(value, lo, hi);
}

const Expected<Estimate>& Session::estimate(int op, int hw) const
{
    if (op < 0 || op >= static_cast<int>(m_estimates.size()))
        return notShown();
    const auto& row = m_estimates[static_cast<std::size_t>(op)];
    if (hw < 0 || hw >= static_cast<int>(row.size()))
        return notShown();
    return row[static_cast<std::size_t>(hw)];
}

std::optional<double> Session::speedup(int op, int hw) const
{
    const auto& e = estimate(op, hw);
    const auto& b = estimate(op, m_baseline);
    if (!e || !b || !(e->timeS > 0.0))
        return std::nullopt;
    return b->timeS / e->timeS;
}

std::optional<FigureSweep> Session::sweep(int op, int hw) const
{
    if (op < 0 || op >= static_cast<int>(m_operators.size()) || hw < 0 ||
        hw >= static_cast<int>(hardware().size()))
        return std::nullopt;
    return sweepFor(m_operators[static_cast<std::size_t>(op)], op,
                    hardware()[static_cast<std::size_t>(hw)], hw);
}

std::optional<double> Session::crossing(int op, int hw) const
{
    if (op < 0 || op >= static_cast<int>(m_operators.size()) || hw < 0 ||
        hw >= static_cast<int>(hardware().size()))
        return std::nullopt;
    const Operator& o = m_operators[static_cast<std::size_t>(op)];
    const std::string& param = o.definition().drivingParam;
    if (param.empty())
        return std::nullopt;
    const auto [lo, hi] = paramRange(op, param);
    auto c = ridgeCrossing(o, param, hardware()[static_cast<std::size_t>(hw)], lo, hi);
    if (!c || !c->has_value())
        return std::nullopt;
    return **c;
}

void Session::beginChangeBatch()
{
    ++m_batchDepth;
}

void Session::endChangeBatch()
{
    if (m_batchDepth > 0 && --m_batchDepth == 0)
        emit changeBatchFinished();
}

void Session::setModelSetup(std::optional<ScenarioModel> setup, int firstRow,
                            std::vector<int> editedRows)
{
    m_modelSetup = std::move(setup);
    m_modelFirstRow = firstRow;
    for (int& row : editedRows)
        row += firstRow;
    if (firstRow < 0)
        editedRows.clear();
    const bool editsMoved = editedRows != m_editedModelRows;
    m_editedModelRows = std::move(editedRows);
    emit modelSetupChanged();
    if (editsMoved)
        emit editedModelRowsChanged();
}

bool Session::isEditedModelRow(int row) const
{
    return std::binary_search(m_editedModelRows.begin(), m_editedModelRows.end(), row);
}

Scenario Session::toScenario() const
{
    Scenario s = toScenarioWithoutMeasurements();
    s.measurements = measurements();
    if (s.model && s.model->onChart && m_modelFirstRow >= 0) {
        // Links to the model's rows are not saved: a document lists the rows before them.
        std::erase_if(s.measurements.links,
                      [&](const KernelLink& l) { return l.op >= m_modelFirstRow; });
    }
    s.hardware = scenarioHardwareToEmbed(s, m_catalog);
    return s;
}

Scenario Session::toScenarioWithoutMeasurements() const
{
    Scenario s;
    for (int hw : m_checked)
        s.gpus.push_back(hardware()[static_cast<std::size_t>(hw)].id);
    if (m_baseline >= 0)
        s.baseline = hardware()[static_cast<std::size_t>(m_baseline)].id;
    s.operators = m_operators;
    s.selected = m_selected;
    s.view = m_viewSettings->view();
    s.theme = m_viewSettings->theme();
    s.toggles = m_viewSettings->toggles();
    s.model = m_modelSetup;
    s.labelPositions = m_viewSettings->labelPositions();
    if (s.model && s.model->onChart && m_modelFirstRow >= 0 &&
        m_modelFirstRow <= static_cast<int>(s.operators.size())) {
        // The model's rows are expanded from the set-up when the document is read (their
        // expert counts need not be whole numbers, which an operator spec cannot say).
        s.operators.resize(static_cast<std::size_t>(m_modelFirstRow));
        if (s.selected >= m_modelFirstRow)
            s.selected = -1;
    }
    return s;
}

std::optional<Error> Session::applyScenario(Scenario scenario, const QString& fileName)
{
    // The accelerators the document embeds join a copy of the catalog; the session's changes
    // only once nothing below can fail.
    HardwareCatalog catalog = m_catalog;
    const std::vector<std::string> notes =
        mergeScenarioHardware(scenario, catalog, fileName.toStdString());
    if (auto error = checkScenarioHardware(scenario, catalog, fileName.toStdString()))
        return error;
    std::vector<Operator> operators = scenario.operators;
    int selected = scenario.selected;
    int modelFirstRow = -1;
    if (scenario.model && scenario.model->onChart) {
        auto model = m_modelResolver
                         ? m_modelResolver(*scenario.model, fileName.toStdString())
                         : resolveScenarioModel(*scenario.model, ModelCatalog::builtin(),
                                                fileName.toStdString());
        if (!model)
            return model.error();
        auto workload = ModelWorkbench::expandRows(
            *model, scenario.model->step, scenario.model->layout, scenario.model->overrides);
        if (!workload)
            return Error{fileName.toStdString() + ": /model: " + workload.error().message};
        const std::vector<Operator> rows =
            ModelWorkbench::chartOperators(*workload, scenario.model->overrides);
        modelFirstRow = static_cast<int>(operators.size());
        operators.insert(operators.end(), rows.begin(), rows.end());
        if (scenario.model->selected >= 0 &&
            scenario.model->selected < static_cast<int>(rows.size()))
            selected = modelFirstRow + scenario.model->selected;
    }
    m_openNotes.clear();
    for (const std::string& note : notes)
        m_openNotes << QString::fromStdString(note);
    // merge appends: the indices of the entries already there stay valid.
    const bool catalogGrew = catalog.all().size() != m_catalog.all().size();
    if (catalogGrew) {
        emit catalogAboutToChange();
        m_catalog = std::move(catalog);
    }
    std::vector<int> checked;
    for (const std::string& id : scenario.gpus)
        checked.push_back(hardwareIndex(id));
    std::sort(checked.begin(), checked.end());
    m_checked = std::move(checked);
    updateColorSlots();
    m_baseline = scenario.baseline.empty() ? (m_checked.empty() ? -1 : m_checked.front())
                                           : hardwareIndex(scenario.baseline);
    m_operators = std::move(operators);
    // A file's selection is checked by the parser; a scenario built in code is not, and an
    // index past the rows would outlive them in every view that reads it.
    m_selected = selected >= 0 && selected < static_cast<int>(m_operators.size()) ? selected : -1;
    m_hovered = {};
    m_viewSettings->resetInternal(scenario);
    m_modelSetup = scenario.model;
    m_modelFirstRow = modelFirstRow;
    m_measured->resetInternal(std::move(scenario.measurements));
    m_undo->clear();
    recomputeAll();
    if (catalogGrew)
        emit catalogChanged();
    // First: the model's state must follow the document before anyone redraws for it.
    emit scenarioApplied();
    emit hardwareChanged();
    emit operatorsReset();
    emit selectionChanged(m_selected);
    emit focusChanged();
    m_viewSettings->announceReset();
    m_measured->announceReset();
    return std::nullopt;
}

int Session::beginGesture()
{
    m_gestureActive = true;
    return newGesture();
}

void Session::endGesture()
{
    if (!m_gestureActive)
        return;
    m_gestureActive = false;
    emit gestureEnded();
}

void Session::setOperatorsInternal(const std::vector<Operator>& ops, int selected)
{
    if (ops.size() != m_operators.size()) {
        m_operators = ops;
        m_hovered = {};
        m_selected = std::clamp(selected, -1, static_cast<int>(m_operators.size()) - 1);
        recomputeAll();
        emit operatorsReset();
        emit selectionChanged(m_selected);
        emit focusChanged();
        return;
    }
    int first = -1;
    int last = -1;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (ops[i] == m_operators[i])
            continue;
        m_operators[i] = ops[i];
        recomputeRow(static_cast<int>(i));
        if (first < 0)
            first = static_cast<int>(i);
        last = static_cast<int>(i);
    }
    // One signal for the whole range: a model step changes every row, and each listener
    // (tables, chart, read-out) then updates once, not once per row.
    if (first >= 0)
        emit operatorsChanged(first, last);
    if (selected < -1 || selected >= static_cast<int>(m_operators.size()))
        selected = -1;
    if (selected != m_selected) {
        m_selected = selected;
        emit selectionChanged(selected);
    }
    emit focusChanged();
}

void Session::recomputeAll()
{
    m_estimates.clear();
    m_estimates.reserve(m_operators.size());
    for (std::size_t i = 0; i < m_operators.size(); ++i) {
        m_estimates.emplace_back(hardware().size(), notShown());
        recomputeRow(static_cast<int>(i));
    }
}

void Session::recomputeRow(int row)
{
    auto& out = m_estimates[static_cast<std::size_t>(row)];
    const Cost cost = m_operators[static_cast<std::size_t>(row)].cost();
    for (int hw : m_checked)
        out[static_cast<std::size_t>(hw)] =
            roofscope::estimate(cost, hardware()[static_cast<std::size_t>(hw)]);
}

} // namespace roofscope
