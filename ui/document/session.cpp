#include "ui/document/session.h"

#include "core/figure/figure.h"
#include "core/roofline/sweep.h"
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

} // namespace

Session::Session(HardwareCatalog catalog, QObject* parent)
    : QObject(parent), m_gpus(std::move(catalog), colorOverridesFromSettings()),
      m_undo(new QUndoStack(this)), m_measured(new MeasurementStore(this)),
      m_viewSettings(new ViewSettings(this))
{
    connect(m_measured, &MeasurementStore::settingChangedOutsideUndo, this,
            &Session::settingChangedOutsideUndo);
    connect(m_viewSettings, &ViewSettings::settingChangedOutsideUndo, this,
            &Session::settingChangedOutsideUndo);
    connect(m_viewSettings, &ViewSettings::themeChanged, this, &Session::colorsChanged);
}

Session::~Session() = default;

void Session::setColorOverrides(ColorOverrides colors)
{
    m_gpus.setColorOverrides(std::move(colors));
    emit colorsChanged();
}

Figure Session::figure() const
{
    // Every row on the chart, the model's included: toScenario() leaves those out because a
    // document re-expands them from its model set-up. The set-up stays: a layout over GPUs
    // brings its link roofs and communication points.
    Scenario shown = toScenarioWithoutMeasurements();
    shown.operators = operators();
    shown.selected = selectedOperator();
    auto f = buildFigure(shown, catalog(), FigurePreferences{m_gpus.colorOverrides()});
    // The scenario's ids come from this catalog: building cannot fail.
    if (!f)
        return Figure{};
    // The colours the window gave, in the order they were checked, not the file's rule.
    for (FigureGpu& g : f->gpus)
        g.colorSlot = colorSlot(g.hardware);
    f->passPoints = m_passPoints;
    if (!m_passPoints.empty())
        f->fit = fitRange(fitValues(*f));
    // The measurements are added from the session's own copy: a profile of 100,000 kernels is
    // not copied into a scenario on every redraw.
    if (!(measurements() == Measurements{})) {
        addMeasuredToFigure(*f, measurements(), catalog());
        f->fit = fitRange(fitValues(*f));
        const KernelRef selected = m_measured->selectedKernel();
        f->selectedKernelSet = selected.set;
        f->selectedKernel = selected.kernel;
    }
    return *f;
}

void Session::setPassPoints(std::vector<FigurePassPoint> points)
{
    if (points.size() == m_passPoints.size() &&
        std::equal(points.begin(), points.end(), m_passPoints.begin(),
                   [](const FigurePassPoint& a, const FigurePassPoint& b) {
                       return a.name == b.name && a.hardware == b.hardware &&
                              a.measured == b.measured && a.predicted == b.predicted &&
                              a.selected == b.selected;
                   }))
        return;
    m_passPoints = std::move(points);
    emit passPointsChanged();
}

void Session::setChecked(int hw, bool checked)
{
    if (!m_gpus.isValidIndex(hw) || isChecked(hw) == checked)
        return;
    pushHardwareState(m_gpus.withChecked(hw, checked),
                      (checked ? tr("Check %1") : tr("Uncheck %1")).arg(shortName(hw)));
}

void Session::setBaseline(int hw)
{
    if (hw == baseline() || !m_gpus.isValidIndex(hw))
        return;
    pushHardwareState(m_gpus.withBaseline(hw), tr("Make %1 the baseline").arg(shortName(hw)));
}

void Session::pushHardwareState(HardwareState after, const QString& undoText)
{
    m_undo->push(new HardwareEditCommand(this, undoText, hardwareState(), std::move(after)));
}

void Session::setCatalogInternal(const HardwareCatalog& catalog, HardwareState state)
{
    emit catalogAboutToChange();
    m_gpus.setCatalog(catalog, std::move(state));
    m_hovered = {};
    m_operators.reestimate(m_gpus);
    emit catalogChanged();
    emit hardwareChanged();
    emit focusChanged();
}

void Session::setHardwareStateInternal(const HardwareState& state)
{
    if (state == hardwareState())
        return;
    m_gpus.setState(state);
    if (!isChecked(m_hovered.hardware))
        m_hovered = {};
    m_operators.reestimate(m_gpus);
    emit hardwareChanged();
    emit focusChanged();
}

void Session::setSelectedOperator(int row)
{
    if (!m_operators.isValidRow(row))
        row = -1;
    // One selected item: choosing an operator (in the list or on the chart, even the one
    // already selected) ends a kernel's selection, so the read-out describes the operator.
    if (row >= 0)
        m_measured->setSelectedKernel({});
    if (row == selectedOperator())
        return;
    m_operators.setSelected(row);
    emit selectionChanged(row);
    emit focusChanged();
}

PointRef Session::focus() const
{
    if (m_hovered.isValid())
        return m_hovered;
    if (selectedOperator() >= 0 && baseline() >= 0)
        return {selectedOperator(), baseline()};
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
    std::vector<Operator> ops = operators();
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
    if (row < 0 || row >= static_cast<int>(operators().size()))
        return;
    // Links follow their operators: the removed one's go, the later ones' move up a row.
    auto links = m_measured->linksAfterRowRemoved(row);
    if (links)
        m_undo->beginMacro(
            tr("Remove %1").arg(operatorDisplayName(operators()[static_cast<std::size_t>(row)])));
    removeOperatorRow(row);
    if (links) {
        m_measured->pushLinks(std::move(*links));
        m_undo->endMacro();
    }
}

void Session::removeOperatorRow(int row)
{
    std::vector<Operator> ops = operators();
    const QString name = operatorDisplayName(ops[static_cast<std::size_t>(row)]);
    ops.erase(ops.begin() + row);
    int selected = selectedOperator();
    if (selected >= static_cast<int>(ops.size()))
        selected = static_cast<int>(ops.size()) - 1;
    std::vector<int> sourceOf = sourcesAfterRemove(ops.size(), row);
    m_undo->push(new OperatorEditCommand(this, tr("Remove %1").arg(name), std::move(ops), selected,
                                         0, sourceOf));
}

void Session::duplicateOperator(int row)
{
    if (row < 0 || row >= static_cast<int>(operators().size()))
        return;
    std::vector<Operator> ops = operators();
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
    if (row < 0 || row >= static_cast<int>(operators().size()))
        return;
    Operator op = operators()[static_cast<std::size_t>(row)];
    if (op.label == label.toStdString())
        return;
    op.label = label.toStdString();
    replaceOperator(row, op, tr("Rename to %1").arg(label));
}

std::optional<QString> Session::setParam(int row, const std::string& name, const std::string& value,
                                         int gesture)
{
    if (row < 0 || row >= static_cast<int>(operators().size()))
        return tr("No such operator");
    const Operator& current = operators()[static_cast<std::size_t>(row)];
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
    if (row < 0 || row >= static_cast<int>(operators().size()))
        return;
    std::vector<Operator> ops = operators();
    ops[static_cast<std::size_t>(row)] = op;
    m_undo->push(
        new OperatorEditCommand(this, undoText, std::move(ops), selectedOperator(), gesture));
}

std::optional<double> Session::speedup(int op, int hw) const
{
    const auto& e = estimate(op, hw);
    const auto& b = estimate(op, baseline());
    if (!e || !b || !(e->timeS > 0.0))
        return std::nullopt;
    return b->timeS / e->timeS;
}

std::optional<FigureSweep> Session::sweep(int op, int hw) const
{
    if (!m_gpus.isValidIndex(hw))
        return std::nullopt;
    return m_operators.sweep(op, hardware()[static_cast<std::size_t>(hw)], hw);
}

std::optional<double> Session::crossing(int op, int hw) const
{
    if (!m_gpus.isValidIndex(hw))
        return std::nullopt;
    return m_operators.crossing(op, hardware()[static_cast<std::size_t>(hw)]);
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
    s.hardware = scenarioHardwareToEmbed(s, catalog());
    return s;
}

Scenario Session::toScenarioWithoutMeasurements() const
{
    Scenario s;
    for (int hw : checkedHardware())
        s.gpus.push_back(hardware()[static_cast<std::size_t>(hw)].id);
    if (baseline() >= 0)
        s.baseline = hardware()[static_cast<std::size_t>(baseline())].id;
    s.palette = m_gpus.palette();
    s.operators = operators();
    s.selected = selectedOperator();
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
    HardwareCatalog catalog = this->catalog();
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
    const bool catalogGrew = catalog.all().size() != hardware().size();
    if (catalogGrew)
        emit catalogAboutToChange();
    m_gpus.reset(std::move(catalog), scenario.gpus, scenario.baseline, scenario.palette);
    // A file's selection is checked by the parser; a scenario built in code is not: an index
    // past the rows becomes none (OperatorList::setSelected), lest it outlive them in a view.
    m_operators.reset(std::move(operators), selected, m_gpus);
    m_hovered = {};
    m_viewSettings->resetInternal(scenario);
    m_modelSetup = scenario.model;
    m_modelFirstRow = modelFirstRow;
    m_measured->resetInternal(std::move(scenario.measurements));
    m_undo->clear();
    if (catalogGrew)
        emit catalogChanged();
    // First: the model's state must follow the document before anyone redraws for it.
    emit scenarioApplied();
    emit hardwareChanged();
    emit operatorsReset();
    emit selectionChanged(selectedOperator());
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
    if (ops.size() != operators().size()) {
        m_hovered = {};
        // An index past the rows becomes the last row.
        m_operators.reset(ops, std::clamp(selected, -1, static_cast<int>(ops.size()) - 1), m_gpus);
        emit operatorsReset();
        emit selectionChanged(selectedOperator());
        emit focusChanged();
        return;
    }
    // One signal for the whole range: a model step changes every row, and each listener
    // (tables, chart, read-out) then updates once, not once per row.
    if (const auto changed = m_operators.replace(ops, m_gpus))
        emit operatorsChanged(changed->first, changed->second);
    if (!m_operators.isValidRow(selected))
        selected = -1;
    if (selected != selectedOperator()) {
        m_operators.setSelected(selected);
        emit selectionChanged(selected);
    }
    emit focusChanged();
}

} // namespace roofscope
