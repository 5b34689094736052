#pragma once

#include "core/measured/importer.h"
#include "core/measured/tracerecord.h"
#include "core/models/modelconfig.h"
#include "ui/document/measurementstore.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTreeView;

namespace roofscope {

class ModelWorkbench;
class PassTreeModel;

// A PyTorch trace read as the model it runs (issue #36): its forward passes, each pass's
// operators, decoder layers and what the model does not have, measured beside what the Model
// panel's model predicts on the baseline GPU (joinTraceToModel), worst ratio first. Selecting a
// pass puts its sentence (measured, bound, launch floor, GPU busy share) under the tree and its
// operators on the chart, each an arrow from prediction to measurement; selecting an operator
// marks its two points and selects its kernels in the Kernels table (kernelsChosen). The join
// is made again when the model or the baseline changes. The trace is the document's: the last
// run that holds a PyTorch trace's record (MeasurementSet::trace), whether imported, redone or
// reopened from a saved document; when that run leaves the document the tree is cleared.
class PassesPanel : public QWidget {
    Q_OBJECT
public:
    explicit PassesPanel(ModelWorkbench* workbench, QWidget* parent = nullptr);

    // Whether the document holds a trace the panel reads.
    bool hasTrace() const { return m_trace != nullptr; }
    PassTreeModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTreeView* view() const { return m_view; }
    // The line above the tree: what is joined to what, or why nothing is (and which catalog
    // model fits instead, with a button that makes it the Model panel's model).
    QString summary() const;
    QPushButton* useModelButton() const { return m_use; }
    // "Export…": the passes as CSV (a row per operator of each pass, then what the model does not
    // have) or JSON (passes, operators, layers, sentences), as `roofscope measured TRACE --model
    // M --format csv|json` writes them (core/measured/modeljoinreport.h). Enabled with a join.
    QPushButton* exportButton() const { return m_export; }
    // Writes the passes to `path` (JSON when it ends in .json, else CSV) through a QSaveFile:
    // "" when written, else what went wrong, naming the file (nothing is left half written).
    QString exportTo(const QString& path) const;
    // The selected pass's sentence (the first decode step's while none is selected).
    QString sentence() const;
    // The Kernels table's rows that hold operator `op`'s kernels in pass `pass`: each row once,
    // in the trace's run (launch by launch, or grouped by name and shape as it was imported).
    std::vector<KernelRef> kernelsOf(int pass, const std::string& op) const;
    // What modelFromTrace read, in the interface language: "hidden 4,096, 32 layers, …".
    static QString shapeSummary(const ModelConfig& model);

signals:
    // A trace came into the document (imported, redone, or in a document opened): the window
    // shows the panel.
    void traceFound();
    // An operator was chosen in the tree: its kernels (kernelsOf), for the Kernels table.
    void kernelsChosen(const std::vector<KernelRef>& kernels);
    void statusMessage(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rejoin();
    void chooseExportFile();
    void fitNameColumn();
    void setSummary(const QString& text);
    // The pass's sentence and its operators on the chart, `selectedOperator` (a row key, or "")
    // marked.
    void showSentenceOf(int pass, const std::string& selectedOperator = {});
    // Follows the document's last run with a trace record: replays its launches when the record
    // is new to the panel, forgets them when no run has one.
    void followTrace();
    void setTrace(std::shared_ptr<const MeasuredImport> trace,
                  std::vector<std::size_t> rowOfLaunch);
    // The run that holds m_record, -1 when none does.
    int traceSet() const;

    ModelWorkbench* m_workbench;
    PassTreeModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTreeView* m_view;
    QLabel* m_summary;
    QLabel* m_sentence;
    QPushButton* m_use = nullptr;
    QPushButton* m_export = nullptr;
    std::string m_proposed;                      // the catalog model m_use chooses
    std::optional<ModelConfig> m_inferred;       // or the model the trace's shapes describe
    std::shared_ptr<const TraceRecord> m_record; // the run's record m_trace was replayed from
    std::shared_ptr<const MeasuredImport> m_trace;
    // For a run imported grouped: the row each of the trace's launches went into.
    std::vector<std::size_t> m_rowOfLaunch;
    std::string m_joinedKey;   // model id and GPU id of the join shown
    int m_joinedHardware = -1; // that GPU's catalog index: its pass points' colour
};

} // namespace roofscope
