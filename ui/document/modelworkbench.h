#pragma once

#include "core/document/scenario.h"
#include "core/models/modelconfig.h"
#include "core/models/parallel.h"
#include "core/models/workload.h"
#include "core/roofline/operators.h"
#include "core/serving/publishedresult.h"
#include "core/util/expected.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

class Session;

// A model under a scenario, expanded: what the chart shows in model mode.
struct ModelSnapshot {
    ModelConfig model;
    InferenceScenario scenario;
    Workload workload; // one GPU's share under `layout` (layoutWorkload), rows edited by hand
                       // as `overrides` say
    Layout layout;
    RowOverrides overrides;
};

// Everything one undo step of the model panel restores: the session's operators and
// selection, the model they were expanded from (none: the chart showed other operators) and
// the dragged labels, which follow the model's rows when their counts change ("QKᵀ scores
// ×640" → "×1,280"; nullopt: leave them).
struct ModelChartState {
    std::optional<ModelSnapshot> model;
    // The panel's model while none was on the chart: undoing its first showing brings back the
    // model the panel held, not only the operators.
    std::optional<ModelSnapshot> panel;
    std::vector<Operator> operators;
    int selected = -1;
    std::optional<LabelPositions> labelPositions;
};

// The state behind the model panel: a model from the catalog (presets, user files, a Hugging
// Face config.json), an inference scenario, its expansion into operators and the totals on
// every checked accelerator. Shown on the chart, the workload's rows are the session's
// operators ("Q projection ×80"), so the existing chart, tables, read-out and drags show them;
// every change is one undoable step (a slider drag merges into one). It computes nothing itself:
// expandWorkload() and evaluateWorkload() of the core give every number.
class ModelWorkbench : public QObject {
    Q_OBJECT
public:
    // The built-in models and the user's model folder, read from disk here.
    explicit ModelWorkbench(Session* session, QObject* parent = nullptr);
    // Over the caller's catalog; nothing is read from disk. For a document of its own that only
    // sizes its markers (its set-up embeds its model's config).
    ModelWorkbench(Session* session, ModelCatalog catalog, QObject* parent);
    ~ModelWorkbench() override;

    Session* session() const { return m_session; }
    const ModelCatalog& catalog() const { return m_catalog; }
    // Problems with the user's model directory (one per broken file), for the status bar.
    const QStringList& catalogErrors() const { return m_catalogErrors; }
    // Reads a RoofScope model catalog or a Hugging Face config.json and adds its models;
    // returns their ids, or the error naming the file and the problem.
    Expected<std::vector<std::string>> loadModelFile(const QString& path);
    // Adds (or replaces, by id) one model, such as the one a trace's shapes describe.
    void addModel(const ModelConfig& model);

    const ModelConfig& model() const { return m_model; }
    const InferenceScenario& scenario() const { return m_scenario; }
    const Workload& workload() const { return m_workload; }
    // How the model is spread over GPUs; the chart shows one GPU of the first stage.
    const Layout& layout() const { return m_layout; }

    // Each change expands the model again and shows it on the chart: one undo step, or one per
    // `gesture` (Session::newGesture) for a slider drag. On error nothing changes and the
    // message (from the core) is returned.
    std::optional<QString> setModel(const std::string& id);
    std::optional<QString> setScenario(const InferenceScenario& scenario, int gesture = 0);
    // One undo step; a layout the model's shapes refuse returns the core's reason.
    std::optional<QString> setLayout(const Layout& layout);
    // Why the model refuses `layout`, or nullopt (the panel greys such values out).
    std::optional<QString> layoutProblem(const Layout& layout) const;
    // Puts the workload's rows on the chart beside the user's own operators (one undo step);
    // only the seed's untouched story makes way for them.
    void showOnChart();
    // True while the session's operators end with exactly the workload's rows.
    bool isShown() const { return m_shown; }
    // The model's rows edited by hand (a precision, a quantization, any parameter, a name):
    // each is kept by its row's key and laid over the rows again after every change of batch,
    // context, phase or layout, saved with the document (ScenarioModel::overrides).
    const RowOverrides& rowOverrides() const { return m_overrides; }
    // Drops every edit of the model's rows (one undo step).
    void resetRowEdits();
    // Session rows before the model's while shown (the user's own operators).
    int firstModelRow() const { return m_firstRow; }

    // Resolves a document's model set-up against this catalog (its embedded config first):
    // nullopt when the document can be opened, else the message naming file and pointer.
    std::optional<QString> checkSetup(const Scenario& scenario, const QString& fileName) const;

    // The totals on a checked accelerator (nullptr when not checked).
    const Expected<WorkloadTotals>* totals(int hardware) const;
    // The layout's totals on a checked accelerator: every stage, its collectives, memory per GPU
    // (nullptr when not checked or on one GPU).
    const Expected<ParallelTotals>* parallelTotals(int hardware) const;
    // Share of the step time operator row `op` takes on `hardware`, while shown.
    std::optional<double> timeShare(int op, int hardware) const;
    // The long description (WorkloadOp::name) of operator row `op`, while shown; else empty.
    QString rowDescription(int op) const;
    // The operator row of workload row i, as the chart shows it: its key's name and count,
    // "Q projection ×80" for "q_proj" (ModelRowNames).
    static QString rowLabel(const WorkloadOp& row);
    // The workload's rows as the chart's operators, labelled by rowLabel() (or the name an
    // override gave the row).
    static std::vector<Operator> chartOperators(const Workload& workload,
                                                const RowOverrides& overrides = {});
    // The model's rows under `step` and `layout` with `overrides` laid over them.
    static Expected<Workload> expandRows(const ModelConfig& model, const InferenceScenario& step,
                                         const Layout& layout, const RowOverrides& overrides);

    // The bundled published measurements (published-serving.json), read once, and the spread
    // of their ratios to the bound on this workbench's models and the session's accelerators
    // (Model Totals and the serving chart show the same band from this one evaluation).
    const std::vector<PublishedResult>& publishedRows() const;
    const std::optional<PublishedBand>& publishedBand() const;

    // Used by ModelEditCommand.
    ModelChartState chartState() const;
    void applyChartState(const ModelChartState& state);

signals:
    // The model, the scenario, the totals or whether it is shown changed.
    void changed();
    // The time shares behind the chart's marker areas changed.
    void sharesChanged();

private:
    // `keepRowEdits`: the rows' overrides follow to `next` (same model); false drops them.
    std::optional<QString> apply(ModelSnapshot next, const QString& undoText, int gesture,
                                 bool keepRowEdits = true);
    void evaluateTotals();
    void onSessionOperators();
    // A parameter or name of the model's rows edited in the session: kept as overrides
    // (true), or false when the rows are not the model's any more.
    bool takeRowEdits(const std::vector<Operator>& ops);
    void onHardwareChanged();
    void onScenarioApplied();
    void resetToDefault();
    // The dragged labels once the session's rows become `after` (the model's rows from
    // `first`, expanded as `next`): each row keeps its pin under its new name.
    LabelPositions followingPins(const std::vector<Operator>& after, int first,
                                 const Workload& next) const;
    void publishSetup();
    // The session's operators the model's rows go beside.
    std::vector<Operator> userOperators() const;
    void ensurePublished() const;
    // Listens to the session and takes up the document it already holds.
    void attach();

    Session* m_session;
    ModelCatalog m_catalog;
    QStringList m_catalogErrors;
    ModelConfig m_model;
    InferenceScenario m_scenario;
    Workload m_workload;
    std::vector<Operator> m_operators; // chartOperators(m_workload)
    std::map<int, Expected<WorkloadTotals>> m_totals;
    // Shared with the core's cache of recent evaluations: a slider step copies none.
    std::map<int, std::shared_ptr<const Expected<ParallelTotals>>> m_parallel;
    Layout m_layout;
    RowOverrides m_overrides;
    bool m_shown = false;
    bool m_applying = false;
    int m_firstRow = 0;
    // The user's operators the model was last shown beside (to replace an edited model block).
    std::vector<Operator> m_besides;
    // The last set-up published and the model its config was written from.
    std::optional<ScenarioModel> m_publishedSetup;
    ModelConfig m_publishedModel;
    // The panel was used or a document brought a set-up: it is saved with the document.
    bool m_touched = false;
    // Read and evaluated on first use (publishedRows(), publishedBand()).
    mutable bool m_publishedRead = false;
    mutable std::vector<PublishedResult> m_publishedRows;
    mutable std::optional<PublishedBand> m_publishedBand;
};

} // namespace roofscope
