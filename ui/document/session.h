#pragma once

#include "core/document/scenario.h"
#include "core/figure/figure.h"
#include "core/figure/palette.h"
#include "core/hardware/catalog.h"
#include "core/roofline/roofline.h"
#include "ui/document/acceleratorselection.h"
#include "ui/document/measurementstore.h"
#include "ui/document/operatorlist.h"
#include "ui/document/viewsettings.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <optional>
#include <vector>

class QUndoCommand;
class QUndoStack;

namespace roofscope {

// A point of the chart: one operator on one checked accelerator.
struct PointRef {
    int op = -1;
    int hardware = -1; // index into Session::hardware()
    bool isValid() const { return op >= 0 && hardware >= 0; }
    bool operator==(const PointRef&) const = default;
};

// The open document, in parts by job: the accelerators (AcceleratorSelection: the catalog, the
// checked ones with their colours, the baseline), the operators with the core's estimates
// (OperatorList), the measured runs (MeasurementStore) and how the figure is shown
// (ViewSettings); it keeps the model set-up, the hovered point, the one undo stack every edit of
// any part goes on, the signals, and scenario I/O (toScenario, applyScenario), which reads and
// writes all parts at once. Its accessors below forward to the parts. No widgets or chart types:
// the item models, the chart and the figure exporter read it, and what they draw comes from
// figure() (the core's figure model, core/figure.h); none of them computes a roofline itself.
class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(HardwareCatalog catalog, QObject* parent = nullptr);
    ~Session() override;

    // ---- The accelerators (ui/document/acceleratorselection.h).
    const AcceleratorSelection& accelerators() const { return m_gpus; }
    const HardwareCatalog& catalog() const { return m_gpus.catalog(); }
    const std::vector<Hardware>& hardware() const { return m_gpus.hardware(); }
    int hardwareIndex(std::string_view id) const { return m_gpus.indexOf(id); }

    // Checked accelerators as indices into hardware(), in catalog order.
    const std::vector<int>& checkedHardware() const { return m_gpus.checked(); }
    bool isChecked(int hw) const { return m_gpus.isChecked(hw); }
    // Undoable.
    void setChecked(int hw, bool checked);
    // The baseline is always a checked accelerator (or -1 when none is checked).
    int baseline() const { return m_gpus.baseline(); }
    int colorSlot(int hw) const { return m_gpus.colorSlot(hw); }
    std::optional<std::uint32_t> colorOverride(int hw) const { return m_gpus.colorOverride(hw); }
    void setColorOverrides(ColorOverrides colors);
    QString shortName(int hw) const { return m_gpus.shortName(hw); }
    // Undoable.
    void setBaseline(int hw);
    // Everything the figure of this document shows, from the core (core/figure.h).
    Figure figure() const;
    // The operators of the trace pass the Passes panel shows, measured beside predicted
    // (core/figure/passpoints.h): drawn on the chart and in its exports, not saved (they are
    // derived from the document's trace and model).
    void setPassPoints(std::vector<FigurePassPoint> points);
    const std::vector<FigurePassPoint>& passPoints() const { return m_passPoints; }

    using HardwareState = AcceleratorSelection::State;
    const HardwareState& hardwareState() const { return m_gpus.state(); }
    // Used by the undo command.
    void setHardwareStateInternal(const HardwareState& state);
    // Replaces the catalog (File ▸ Add Hardware Catalog…, the accelerator editor and their
    // undo): entries keep their index when the new catalog keeps them in place (merge does);
    // checked accelerators that no longer exist are dropped from `state`.
    void setCatalogInternal(const HardwareCatalog& catalog, HardwareState state);

    // ---- The operators and their estimates (ui/document/operatorlist.h).
    const OperatorList& operatorList() const { return m_operators; }
    const std::vector<Operator>& operators() const { return m_operators.operators(); }
    int selectedOperator() const { return m_operators.selected(); }
    void setSelectedOperator(int row);

    // The point the read-out describes: the hovered one, else the selected operator on the
    // baseline.
    PointRef focus() const;
    void setHovered(PointRef point);
    PointRef hovered() const { return m_hovered; }

    // Undoable operator edits. `gesture` != 0 merges consecutive edits of one gesture (a
    // slider drag, a point drag) into one undo step.
    QUndoStack* undoStack() const { return m_undo; }
    void insertOperator(int row, const Operator& op);
    void removeOperator(int row);
    void duplicateOperator(int row);
    void renameOperator(int row, const QString& label);
    // Replaces one operator; the error text (from the core) is returned when invalid.
    std::optional<QString> setParam(int row, const std::string& name, const std::string& value,
                                    int gesture = 0);
    std::optional<QString> setNumber(int row, const std::string& name, double value,
                                     int gesture = 0);
    void replaceOperator(int row, const Operator& op, const QString& undoText, int gesture = 0);
    int newGesture() { return ++m_gestureCounter; }
    // A drag in progress (a slider or a serving ring): what a view would place afresh on every
    // step (the chart's labels) follows its last place instead, and is placed afresh once
    // gestureEnded() is sent. Returns the gesture's id, as newGesture().
    int beginGesture();
    void endGesture();
    bool inGesture() const { return m_gestureActive; }
    // What an operator row stands for beyond its name, for its tooltip: a model row's long
    // description ("Q, K and V projections as one matmul (fused)"); empty for the user's own.
    // The model workbench provides it.
    QString operatorNote(int row) const { return m_operatorNote ? m_operatorNote(row) : QString(); }
    void setOperatorNoteProvider(std::function<QString(int row)> note)
    {
        m_operatorNote = std::move(note);
    }

    std::pair<double, double> paramRange(int row, const std::string& name) const
    {
        return m_operators.paramRange(row, name);
    }
    std::optional<double> solveDriving(int row, double ai) const
    {
        return m_operators.solveDriving(row, ai);
    }
    // The core's verdict for operator `op` on accelerator `hw` (must be checked).
    const Expected<Estimate>& estimate(int op, int hw) const
    {
        return m_operators.estimate(op, hw);
    }
    // Speedup of `hw` against the baseline for operator `op` (time ratio), or nullopt.
    std::optional<double> speedup(int op, int hw) const;
    // Operator `op` swept on accelerator `hw`; nullopt when it has nothing to sweep.
    std::optional<FigureSweep> sweep(int op, int hw) const;
    std::optional<double> crossing(int op, int hw) const;

    // ---- How the figure is shown: view range, theme, toggles, dragged labels, the export's
    // title (ui/document/viewsettings.h).
    ViewSettings* viewSettings() const { return m_viewSettings; }

    // The Model panel's set-up, kept here so that it is saved with the document and comes back
    // with it; the workbench owns it (nullopt: the panel was not used).
    const std::optional<ScenarioModel>& modelSetup() const { return m_modelSetup; }
    // `firstRow`: where the model's operators start among operators() (-1: not on the chart).
    // Documents list only the rows before it; the rest is expanded from the set-up again.
    // `editedRows`: the model's rows (counted from `firstRow`) edited by hand.
    void setModelSetup(std::optional<ScenarioModel> setup, int firstRow,
                       std::vector<int> editedRows = {});
    int modelFirstRow() const { return m_modelFirstRow; }
    // Whether operator `row` is one of the model's rows edited by hand (marked in the list).
    bool isEditedModelRow(int row) const;
    // How a document's model id is found (the window's model catalog with the user's files);
    // without one, the built-in presets and the embedded config.
    using ModelResolver =
        std::function<Expected<ModelConfig>(const ScenarioModel&, std::string_view fileName)>;
    void setModelResolver(ModelResolver resolver) { m_modelResolver = std::move(resolver); }

    // ---- Measured kernels: imported runs, links to operators, the comparison and the selected
    // kernel, with their undoable edits (ui/document/measurementstore.h).
    MeasurementStore* measurementStore() const { return m_measured; }
    const Measurements& measurements() const { return m_measured->measurements(); }

    Scenario toScenario() const;
    // Validates against the catalog first; on error nothing changes and the message names
    // the file, the JSON pointer and the problem.
    // By value: a caller done with its scenario moves it in (its measurements can be large).
    std::optional<Error> applyScenario(Scenario scenario, const QString& fileName);
    // What the last applyScenario has to say without failing: an embedded accelerator that
    // differs from the catalog's entry of its id (the catalog's is used).
    const QStringList& openNotes() const { return m_openNotes; }

    // Used by the undo commands.
    void setOperatorsInternal(const std::vector<Operator>& ops, int selected);

    // One edit that changes several things (a model's slider step: its rows, then its set-up)
    // announces them between these two calls; views that redo costly work per signal (the
    // chart's labels) do it once, at the end. Calls nest.
    void beginChangeBatch();
    void endChangeBatch();
    bool inChangeBatch() const { return m_batchDepth > 0; }

signals:
    void hardwareChanged(); // checked set or baseline
    void catalogAboutToChange();
    void catalogChanged(); // accelerators added, edited or removed
    void operatorsReset(); // rows added, removed or reordered
    // Rows first…last changed in place (one signal for a model's rows re-costed together).
    void operatorsChanged(int first, int last);
    void selectionChanged(int row);
    void focusChanged();
    // The accelerators' colours changed: the theme, or the colours the user chose.
    void colorsChanged();
    // A saved setting that is not an undo step changed (view range, theme, chart toggles,
    // measured-view options): the document differs from its file although the undo stack may
    // be back at its clean state.
    void settingChangedOutsideUndo();
    void modelSetupChanged();      // the model set-up (its layout over GPUs) was replaced
    void editedModelRowsChanged(); // the model's rows edited by hand are others now
    // A scenario was applied (opened, restored, New): its model set-up is in modelSetup().
    void scenarioApplied();
    void gestureEnded();
    // The outermost endChangeBatch(): every signal of the batch has been sent.
    void changeBatchFinished();
    void passPointsChanged();

private:
    Scenario toScenarioWithoutMeasurements() const;
    void removeOperatorRow(int row);
    int beforeModelRows(int row) const;
    void pushOperatorInsert(QUndoCommand* command, int row);
    void pushHardwareState(HardwareState after, const QString& undoText);

    AcceleratorSelection m_gpus;
    OperatorList m_operators;
    PointRef m_hovered;
    std::optional<ScenarioModel> m_modelSetup;
    int m_modelFirstRow = -1;
    int m_batchDepth = 0;
    QStringList m_openNotes;
    ModelResolver m_modelResolver;
    std::function<QString(int)> m_operatorNote;
    std::vector<int> m_editedModelRows; // operator rows, sorted
    std::vector<FigurePassPoint> m_passPoints;
    QUndoStack* m_undo = nullptr;
    MeasurementStore* m_measured = nullptr;
    ViewSettings* m_viewSettings = nullptr;
    int m_gestureCounter = 0;
    bool m_gestureActive = false;
};

} // namespace roofscope
