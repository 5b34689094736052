#include "ui/document/modelworkbench.h"

#include "core/document/labelkeys.h"
#include "ui/document/commands/modeleditcommand.h"
#include "ui/document/session.h"
#include "ui/text/datanames.h"
#include "ui/text/humanformat.h"
#include "ui/text/modelrownames.h"

#include <QPointer>
#include <QUndoStack>

#include <cmath>

namespace roofscope {

namespace {

// The seed's section 4: the model it diagnoses, on the step it diagnoses.
constexpr const char* kDefaultModel = "llama-2-70b";

bool sameRows(const Workload& a, const Workload& b)
{
    if (a.ops.size() != b.ops.size())
        return false;
    for (std::size_t i = 0; i < a.ops.size(); ++i) {
        if (a.ops[i].key != b.ops[i].key)
            return false;
    }
    return true;
}

} // namespace

ModelWorkbench::ModelWorkbench(Session* session, QObject* parent)
    : QObject(parent), m_session(session), m_catalog(ModelCatalog::builtin())
{
    for (const Error& e : m_catalog.loadUserDirectory())
        m_catalogErrors << QString::fromStdString(e.message);
    attach();
}

ModelWorkbench::ModelWorkbench(Session* session, ModelCatalog catalog, QObject* parent)
    : QObject(parent), m_session(session), m_catalog(std::move(catalog))
{
    attach();
}

void ModelWorkbench::attach()
{
    Session* session = m_session;
    connect(session, &Session::operatorsReset, this, &ModelWorkbench::onSessionOperators);
    connect(session, &Session::operatorsChanged, this, &ModelWorkbench::onSessionOperators);
    connect(session, &Session::hardwareChanged, this, &ModelWorkbench::onHardwareChanged);
    // An accelerator's figures may have changed: the published rows' bounds are evaluated
    // again when next asked for (connected before any view asks).
    connect(session, &Session::catalogChanged, this, [this] { m_publishedRead = false; });
    connect(session, &Session::scenarioApplied, this, &ModelWorkbench::onScenarioApplied);
    // The rows' names are short; their descriptions are the operator list's tooltips. A
    // second workbench on the session (sizeModelMarkers) answers the same.
    session->setOperatorNoteProvider([self = QPointer<ModelWorkbench>(this)](int row) {
        return self ? self->rowDescription(row) : QString();
    });
    session->setModelResolver([this](const ScenarioModel& m, std::string_view fileName) {
        return resolveScenarioModel(m, m_catalog, fileName);
    });
    // A session that already holds a document (the headless renderer) brings its set-up.
    onScenarioApplied();
}

void ModelWorkbench::resetToDefault()
{
    const ModelConfig* first = m_catalog.find(kDefaultModel);
    if (!first && !m_catalog.all().empty())
        first = &m_catalog.all().front();
    m_workload = {};
    m_operators.clear();
    m_overrides.clear();
    m_scenario = InferenceScenario{};
    m_layout = {};
    if (first) {
        m_model = *first;
        m_scenario.context = 2048.0;
        if (auto w = expandWorkload(m_model, m_scenario)) {
            m_workload = std::move(w).value();
            m_operators = chartOperators(m_workload);
        }
    }
}

std::optional<QString> ModelWorkbench::checkSetup(const Scenario& scenario,
                                                  const QString& fileName) const
{
    if (!scenario.model)
        return std::nullopt;
    auto model = resolveScenarioModel(*scenario.model, m_catalog, fileName.toStdString());
    if (!model)
        return QString::fromStdString(model.error().message);
    auto w = layoutWorkload(*model, scenario.model->step, scenario.model->layout);
    if (!w)
        return tr("%1: /model: %2")
            .arg(fileName, QString::fromStdString(model->id + ": " + w.error().message));
    return std::nullopt;
}

void ModelWorkbench::onScenarioApplied()
{
    const std::optional<ScenarioModel>& setup = m_session->modelSetup();
    std::optional<ModelConfig> model;
    if (setup) {
        if (auto m = resolveScenarioModel(*setup, m_catalog, "scenario"))
            model = std::move(m).value();
    }
    m_touched = model.has_value();
    if (!model) {
        resetToDefault();
    } else {
        // An embedded model the catalog does not know (a Hugging Face config on another
        // machine) joins the list so that the panel can show it.
        const ModelConfig* known = m_catalog.find(model->id);
        if (!known)
            m_catalog.merge({*model});
        m_model = *model;
        m_scenario = setup->step;
        m_layout = setup->layout;
        m_overrides = setup->overrides;
        auto w = expandRows(m_model, m_scenario, m_layout, m_overrides);
        if (!w) {
            resetToDefault();
            m_touched = false;
        } else {
            m_workload = std::move(w).value();
            m_operators = chartOperators(m_workload, m_overrides);
        }
    }
    m_shown = false;
    m_besides.clear();
    evaluateTotals();
    onSessionOperators();
    if (m_shown)
        m_besides = userOperators();
    publishSetup();
    emit changed();
    emit sharesChanged();
}

void ModelWorkbench::publishSetup()
{
    if (!m_touched) {
        m_session->setModelSetup(std::nullopt, -1);
        return;
    }
    // The embedded config is written once per model, not on every step of a slider.
    if (!m_publishedSetup || !(m_publishedModel == m_model)) {
        m_publishedSetup = makeScenarioModel(m_model, m_scenario);
        m_publishedModel = m_model;
    }
    ScenarioModel setup = *m_publishedSetup;
    setup.step = m_scenario;
    setup.layout = m_layout;
    setup.overrides = m_overrides;
    setup.onChart = m_shown;
    if (m_shown && m_session->selectedOperator() >= m_firstRow)
        setup.selected = m_session->selectedOperator() - m_firstRow;
    std::vector<int> edited;
    for (std::size_t i = 0; i < m_workload.ops.size() && m_shown; ++i) {
        if (m_overrides.count(m_workload.ops[i].key))
            edited.push_back(static_cast<int>(i));
    }
    m_session->setModelSetup(std::move(setup), m_shown ? m_firstRow : -1, std::move(edited));
}

std::vector<Operator> ModelWorkbench::userOperators() const
{
    const std::vector<Operator>& ops = m_session->operators();
    if (m_shown)
        return {ops.begin(), ops.begin() + m_firstRow};
    // The model's block, edited by hand, is replaced rather than shown twice.
    const std::size_t block = m_besides.size() + m_operators.size();
    if (!m_operators.empty() && ops.size() == block &&
        std::equal(m_besides.begin(), m_besides.end(), ops.begin()) &&
        std::equal(m_operators.begin(), m_operators.end(), ops.begin() + m_besides.size(),
                   [](const Operator& a, const Operator& b) { return a.kind == b.kind; }))
        return m_besides;
    // The seed's story as it opens is nobody's work: the model takes its place.
    Scenario story = defaultScenario();
    localizePresetLabels(story);
    if (ops == story.operators)
        return {};
    return ops;
}

ModelWorkbench::~ModelWorkbench() = default;

Expected<std::vector<std::string>> ModelWorkbench::loadModelFile(const QString& path)
{
    auto loaded = m_catalog.loadFile(path.toStdString());
    if (!loaded)
        return loaded.error();
    std::vector<std::string> ids;
    for (const ModelConfig& m : *loaded)
        ids.push_back(m.id);
    emit changed(); // the model list grew
    return ids;
}

void ModelWorkbench::addModel(const ModelConfig& model)
{
    m_catalog.merge({model});
    emit changed(); // the model list grew
}

QString ModelWorkbench::rowLabel(const WorkloadOp& row)
{
    // The key is an id: the chart and the lists show its name ("QKᵀ scores"). Expected experts
    // touched are not whole: three significant digits; whole counts with separators ("QKᵀ scores
    // ×2,621,440").
    return ModelRowNames::name(row.key) + QStringLiteral(" ×") + HumanFormat::count(row.count());
}

std::vector<Operator> ModelWorkbench::chartOperators(const Workload& workload,
                                                     const RowOverrides& overrides)
{
    std::vector<Operator> ops;
    ops.reserve(workload.ops.size());
    for (const WorkloadOp& row : workload.ops) {
        ops.push_back(row.op);
        const auto edit = overrides.find(row.key);
        ops.back().label = edit != overrides.end() && !edit->second.label.empty()
                               ? edit->second.label
                               : rowLabel(row).toStdString();
    }
    return ops;
}

Expected<Workload> ModelWorkbench::expandRows(const ModelConfig& model,
                                              const InferenceScenario& step, const Layout& layout,
                                              const RowOverrides& overrides)
{
    auto w = layoutWorkload(model, step, layout);
    if (w && !overrides.empty())
        applyRowOverrides(*w, overrides); // a value a row refuses now is left out
    return w;
}

std::optional<QString> ModelWorkbench::setModel(const std::string& id)
{
    const ModelConfig* m = m_catalog.find(id);
    if (!m)
        return tr("Unknown model %1").arg(QString::fromStdString(id));
    // A layout the new model's shapes refuse falls back to one GPU.
    const Layout layout = validateLayoutShape(*m, m_layout) ? Layout{} : m_layout;
    // A quantized checkpoint brings its weights and group size, unless the user chose others.
    ModelSnapshot next{*m, scenarioForModelChange(m_model, *m, m_scenario), {}, layout, {}};
    return apply(std::move(next), tr("Show %1").arg(QString::fromStdString(m->name)), 0);
}

std::optional<QString> ModelWorkbench::setScenario(const InferenceScenario& scenario, int gesture)
{
    // A weight wider than the math makes no kernel: W16A8 does not exist (the CLI says the same).
    if (bytesPerElement(scenario.weights) > bytesPerElement(scenario.activations))
        return tr("Weights %1 are wider than activations %2: weights are stored at most as wide "
                  "as the math runs")
            .arg(QString::fromUtf8(precisionName(scenario.weights)),
                 QString::fromUtf8(precisionName(scenario.activations)));
    QString text = tr("Change model scenario");
    const InferenceScenario& s = m_scenario;
    if (scenario.batch != s.batch)
        text = tr("Set model batch = %1").arg(scenario.batch);
    else if (scenario.context != s.context)
        text = tr("Set model context = %1").arg(scenario.context);
    else if (scenario.phase != s.phase)
        text = tr("Model phase %1").arg(QString::fromUtf8(phaseName(scenario.phase)));
    else if (scenario.fused != s.fused)
        text = scenario.fused ? tr("Fuse model kernels") : tr("Unfuse model kernels");
    return apply(ModelSnapshot{m_model, scenario, {}, m_layout, {}}, text, gesture);
}

std::optional<QString> ModelWorkbench::layoutProblem(const Layout& layout) const
{
    if (auto e = validateLayoutShape(m_model, layout))
        return QString::fromStdString(e->message);
    return std::nullopt;
}

std::optional<QString> ModelWorkbench::setLayout(const Layout& layout)
{
    if (auto problem = layoutProblem(layout))
        return problem;
    if (layout == m_layout && m_shown)
        return std::nullopt;
    return apply(ModelSnapshot{m_model, m_scenario, {}, layout, {}},
                 tr("Layout %1").arg(QString::fromStdString(layout.name())), 0);
}

void ModelWorkbench::showOnChart()
{
    if (!m_shown)
        apply(ModelSnapshot{m_model, m_scenario, {}, m_layout, {}},
              tr("Show %1").arg(QString::fromStdString(m_model.name)), 0);
}

std::optional<QString> ModelWorkbench::apply(ModelSnapshot next, const QString& undoText,
                                             int gesture, bool keepRowEdits)
{
    // Edits of the rows follow the model through every change of its step; another model has
    // other rows.
    if (keepRowEdits && next.model.id == m_model.id)
        next.overrides = m_overrides;
    auto w = expandRows(next.model, next.scenario, next.layout, next.overrides);
    if (!w)
        return QString::fromStdString(next.model.id + ": " + w.error().message);
    next.workload = std::move(w).value();

    ModelChartState after;
    const std::vector<Operator> besides = userOperators();
    after.operators = besides;
    const std::vector<Operator> rows = chartOperators(next.workload, next.overrides);
    after.operators.insert(after.operators.end(), rows.begin(), rows.end());
    const int first = static_cast<int>(besides.size());
    // A drag keeps the selected row (the rows of one model and phase keep their keys);
    // anything else selects the operator that takes longest on the baseline.
    if (m_shown && sameRows(m_workload, next.workload)) {
        after.selected = m_session->selectedOperator();
    } else {
        after.selected = first;
        const int base = m_session->baseline();
        if (base >= 0) {
            auto t = evaluateWorkload(next.workload,
                                      m_session->hardware()[static_cast<std::size_t>(base)]);
            if (t && !t->byTime.empty())
                after.selected = first + static_cast<int>(t->byTime.front());
        }
    }
    after.labelPositions = followingPins(after.operators, first, next.workload);
    after.model = std::move(next);
    if (m_shown && after.operators == m_session->operators() &&
        after.model->scenario == m_scenario && after.model->layout == m_layout &&
        after.model->overrides == m_overrides) {
        return std::nullopt; // a slider step that rounds to the value shown
    }
    m_touched = true;
    m_session->undoStack()->push(
        new ModelEditCommand(this, undoText, chartState(), std::move(after), gesture));
    return std::nullopt;
}

LabelPositions ModelWorkbench::followingPins(const std::vector<Operator>& after, int first,
                                             const Workload& next) const
{
    const LabelPositions& pins = m_session->viewSettings()->labelPositions();
    const std::vector<Operator>& ops = m_session->operators();
    if (pins.empty())
        return pins;
    // Which current row each new row was: the user's rows where they stay, the model's rows by
    // key (a count in the name changes with the batch, the key does not).
    std::vector<int> sourceOf(after.size(), -1);
    const int kept = std::min(first, m_shown ? m_firstRow : static_cast<int>(ops.size()));
    for (int i = 0; i < kept; ++i) {
        if (ops[static_cast<std::size_t>(i)] == after[static_cast<std::size_t>(i)])
            sourceOf[static_cast<std::size_t>(i)] = i;
    }
    if (m_shown) {
        std::map<std::string, int> rowOfKey;
        for (std::size_t i = 0; i < m_workload.ops.size(); ++i)
            rowOfKey.emplace(m_workload.ops[i].key, m_firstRow + static_cast<int>(i));
        for (std::size_t i = 0; i < next.ops.size(); ++i) {
            const auto it = rowOfKey.find(next.ops[i].key);
            if (it != rowOfKey.end())
                sourceOf[static_cast<std::size_t>(first) + i] = it->second;
        }
    }
    std::vector<std::string> before;
    before.reserve(ops.size());
    for (const Operator& op : ops)
        before.push_back(op.displayName());
    std::vector<std::string> names;
    names.reserve(after.size());
    for (const Operator& op : after)
        names.push_back(op.displayName());
    return followOperatorLabels(pins, before, names, sourceOf);
}

void ModelWorkbench::ensurePublished() const
{
    if (m_publishedRead)
        return;
    m_publishedRead = true;
    auto rows = builtinPublishedResults();
    if (!rows)
        return; // a build without the bundled file: no points and no band
    m_publishedRows = std::move(rows).value();
    m_publishedBand = roofscope::publishedBand(
        evaluatePublished(m_publishedRows, m_catalog, m_session->catalog()));
}

const std::vector<PublishedResult>& ModelWorkbench::publishedRows() const
{
    ensurePublished();
    return m_publishedRows;
}

const std::optional<PublishedBand>& ModelWorkbench::publishedBand() const
{
    ensurePublished();
    return m_publishedBand;
}

ModelChartState ModelWorkbench::chartState() const
{
    ModelChartState state;
    (m_shown ? state.model : state.panel) =
        ModelSnapshot{m_model, m_scenario, m_workload, m_layout, m_overrides};
    state.operators = m_session->operators();
    state.selected = m_session->selectedOperator();
    state.labelPositions = m_session->viewSettings()->labelPositions();
    return state;
}

void ModelWorkbench::applyChartState(const ModelChartState& state)
{
    // The model first: the chart asks for time shares while the session announces the rows.
    if (const std::optional<ModelSnapshot>& snapshot = state.model ? state.model : state.panel) {
        m_model = snapshot->model;
        m_scenario = snapshot->scenario;
        m_workload = snapshot->workload;
        m_layout = snapshot->layout;
        m_overrides = snapshot->overrides;
        m_operators = chartOperators(m_workload, m_overrides);
        evaluateTotals();
    }
    m_shown = state.model.has_value();
    m_firstRow = m_shown ? static_cast<int>(state.operators.size() - m_operators.size()) : 0;
    if (m_shown)
        m_besides.assign(state.operators.begin(), state.operators.begin() + m_firstRow);
    m_session->beginChangeBatch();
    m_applying = true;
    m_session->setOperatorsInternal(state.operators, state.selected);
    m_applying = false;
    if (state.labelPositions)
        m_session->viewSettings()->setLabelPositionsInternal(*state.labelPositions);
    publishSetup();
    emit changed();
    emit sharesChanged();
    m_session->endChangeBatch();
}

const Expected<WorkloadTotals>* ModelWorkbench::totals(int hardware) const
{
    const auto it = m_totals.find(hardware);
    return it == m_totals.end() ? nullptr : &it->second;
}

const Expected<ParallelTotals>* ModelWorkbench::parallelTotals(int hardware) const
{
    const auto it = m_parallel.find(hardware);
    return it == m_parallel.end() ? nullptr : it->second.get();
}

std::optional<double> ModelWorkbench::timeShare(int op, int hardware) const
{
    op -= m_firstRow;
    if (!m_shown || op < 0)
        return std::nullopt;
    const Expected<WorkloadTotals>* t = totals(hardware);
    if (!t || !*t || op >= static_cast<int>((*t)->perOp.size()))
        return std::nullopt;
    return (*t)->perOp[static_cast<std::size_t>(op)].timeFraction;
}

QString ModelWorkbench::rowDescription(int op) const
{
    op -= m_firstRow;
    if (!m_shown || op < 0 || op >= static_cast<int>(m_workload.ops.size()))
        return {};
    const WorkloadOp& row = m_workload.ops[static_cast<std::size_t>(op)];
    QString text = QString::fromStdString(row.name);
    if (m_overrides.count(row.key))
        text += QLatin1Char('\n') + tr("Edited by hand: kept when the batch, context, phase or "
                                       "layout changes (Model panel: Reset Edits)");
    return text;
}

void ModelWorkbench::evaluateTotals()
{
    m_totals.clear();
    m_parallel.clear();
    if (m_workload.ops.empty())
        return;
    const bool spread = m_layout != Layout{};
    for (int hw : m_session->checkedHardware()) {
        const Hardware& gpu = m_session->hardware()[static_cast<std::size_t>(hw)];
        // One GPU's share: its operators' times are the chart's marker areas.
        m_totals.emplace(hw, evaluateWorkload(m_workload, gpu));
        if (spread)
            m_parallel.emplace(hw, evaluateParallelShared(m_model, m_scenario, m_layout, gpu));
    }
}

void ModelWorkbench::onSessionOperators()
{
    if (m_applying)
        return;
    // Any other edit (a parameter, undo past the model, an opened file) leaves model mode
    // unless the rows are still exactly the workload's.
    const std::vector<Operator>& ops = m_session->operators();
    if (takeRowEdits(ops))
        return;
    const bool shown = !m_operators.empty() && ops.size() >= m_operators.size() &&
                       std::equal(m_operators.begin(), m_operators.end(),
                                  ops.end() - static_cast<std::ptrdiff_t>(m_operators.size()));
    const int first = shown ? static_cast<int>(ops.size() - m_operators.size()) : 0;
    if (shown == m_shown && first == m_firstRow)
        return;
    m_shown = shown;
    m_firstRow = first;
    publishSetup();
    emit changed();
    emit sharesChanged();
}

bool ModelWorkbench::takeRowEdits(const std::vector<Operator>& ops)
{
    // The model's block where it was, row for row of the same kinds, with some values changed.
    if (!m_shown || m_operators.empty() ||
        ops.size() != static_cast<std::size_t>(m_firstRow) + m_operators.size())
        return false;
    const auto block = ops.begin() + m_firstRow;
    if (!std::equal(m_operators.begin(), m_operators.end(), block,
                    [](const Operator& a, const Operator& b) { return a.kind == b.kind; }) ||
        std::equal(m_operators.begin(), m_operators.end(), block))
        return false;
    auto expanded = layoutWorkload(m_model, m_scenario, m_layout);
    if (!expanded || expanded->ops.size() != m_operators.size())
        return false;
    const std::vector<Operator> plain = chartOperators(*expanded);
    RowOverrides overrides;
    Workload edited = *expanded;
    for (std::size_t i = 0; i < plain.size(); ++i) {
        const Operator& row = *(block + static_cast<std::ptrdiff_t>(i));
        RowOverride o = rowOverride(expanded->ops[i].op, plain[i].label, row);
        if (!o.empty())
            overrides.emplace(expanded->ops[i].key, std::move(o));
        edited.ops[i].op = row; // the session's row is the truth, name included
    }
    m_overrides = std::move(overrides);
    m_workload = std::move(edited);
    m_operators.assign(block, ops.end());
    evaluateTotals();
    publishSetup();
    emit changed();
    emit sharesChanged();
    return true;
}

void ModelWorkbench::resetRowEdits()
{
    if (m_overrides.empty())
        return;
    apply(ModelSnapshot{m_model, m_scenario, {}, m_layout, {}},
          tr("Reset edits of %1's rows").arg(QString::fromStdString(m_model.name)), 0, false);
}

void ModelWorkbench::onHardwareChanged()
{
    evaluateTotals();
    emit changed();
    emit sharesChanged();
}

} // namespace roofscope
