#pragma once

#include "core/measured/importer.h"

#include <QStringList>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QScrollArea;
class QBoxLayout;
class QMenu;
class QLineEdit;
class QProgressDialog;
class QSpinBox;
class QThread;
class QTableView;
class QToolButton;

namespace roofscope {

class KernelModel;
struct KernelRef;
class MeasurementStore;
class KernelTableProxy;
class Session;

// The Kernels table: every imported kernel (sortable, filterable by name), selection shared
// with the chart, "Link to operator…", removing a run, the hierarchical view and the number of
// labelled kernels. It also imports profiler files: off the UI thread, with a progress dialog
// that can be cancelled, and a dialog naming the file and line when a file is bad (nothing
// already loaded changes then).
class KernelsPanel : public QWidget {
    Q_OBJECT
public:
    explicit KernelsPanel(Session* session, QWidget* parent = nullptr);
    ~KernelsPanel() override;

    // File ▸ Import Measurements… (Ctrl+I).
    QAction* importAction() const { return m_importAction; }
    // Imports each file as one run (the second becomes "after" of the first).
    void importFiles(const QStringList& paths);
    // A dropped file that is a RoofScope scenario is opened, not imported.
    static bool isScenarioFile(const QString& path);
    bool isImporting() const { return m_importing; }

    KernelModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    KernelTableProxy* proxy() const { return m_proxy; }
    // The before/after runs' comparison ("3 of 4 kernels paired · … · whole run 1.18× faster"),
    // "" when fewer than two runs are loaded.
    QString comparisonText() const;
    // The runs compared, by file name (shown with two runs or more): choosing one is an undoable
    // edit of the document.
    QComboBox* beforeRunBox() const { return m_beforeRun; }
    QComboBox* afterRunBox() const { return m_afterRun; }
    // The selected kernel's context menu: "Pair With ▸" the other run's unpaired kernels (by
    // short name), and "Unpair".
    QMenu* pairMenu() const { return m_pairMenu; }
    QAction* pairAction() const { return m_pairAction; }
    QAction* unpairAction() const { return m_unpairAction; }
    // The last import's warnings, one line each with its file's name.
    const QStringList& importWarnings() const { return m_warningList; }
    // "Group launches": launches of one kernel name are imported as one row (the default).
    QCheckBox* groupLaunchesBox() const { return m_group; }
    // At most this many kernels in the document after an import (a saved document must reopen:
    // kMaxScenarioKernels); tests lower it.
    void setDocumentKernelLimit(std::size_t limit) { m_kernelLimit = limit; }

    // The panel's height at which its table shows `rows` rows whole with what is above it now
    // (the window gives the Kernels dock that much after an import). Asked of a shown panel.
    int heightForRows(int rows) const;

    // Links the selected kernel to `op`, as the "Link to operator…" dialog does.
    void linkSelectedTo(int op);
    // Selects these kernels' rows (an operator's, chosen in the Passes panel) and scrolls the
    // first into view; the session's selected kernel, which the read-out speaks of, stays.
    void selectKernels(const std::vector<KernelRef>& kernels);

signals:
    void statusMessage(const QString& text);
    // An import finished: how many kernels were added (tests wait for it).
    void importFinished(int kernels);
    // Every file of an import held hardware peaks and no kernels (an ERT roofline.json, an
    // omniperf roofline.csv, a hardware catalog): nothing was imported, the window offers to
    // add them as hardware. Emitted before importFinished(0).
    void hardwareFilesImported(const QStringList& paths);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    struct ImportJob;
    // One file as measurements, or as hardware when it is a RoofScope hardware catalog (run on
    // the import thread).
    static Expected<MeasuredImport> importFile(const std::string& path);
    void chooseFiles();
    void linkToOperator();
    void removeRun();
    void onImported(const std::shared_ptr<ImportJob>& job);
    // The catalog id of the accelerator the user says ran `fileName`; nullopt if cancelled.
    // `device` is what the file calls its GPU when the catalog does not know that name;
    // `fitting` the catalog entries its stated compute capability and SM count fit
    // (gpusFittingDevice), offered first.
    std::optional<std::string> askGpu(const QString& fileName, const QString& device = {},
                                      const QString& source = {},
                                      const std::vector<int>& fitting = {},
                                      const QString& deviceFacts = {});
    void syncSelectionFromSession();
    void updateActions();
    // The last import's warnings, under the buttons (hidden when there are none), and the runs
    // it added; hideWarningsOfRunsGone() hides them once none of those runs is left.
    void showWarnings(const QStringList& warnings, const QStringList& runs);
    void hideWarningsOfRunsGone();
    // The notes box shows while the comparison or the warnings have something to say.
    void syncNotes();
    void updateComparison();
    void updateRuns();
    void updatePairMenu();
    // A run chosen in one box; the other keeps its run unless it is the same one, then it takes
    // the run the first box had.
    void chooseRun(bool before, int set);

    Session* m_session;
    MeasurementStore* m_measured; // the session's runs: what this panel lists and edits
    KernelModel* m_model;
    KernelTableProxy* m_proxy;
    QTableView* m_view;
    QLineEdit* m_filter;
    QCheckBox* m_hierarchical;
    QSpinBox* m_labels;
    QCheckBox* m_group;
    QLabel* m_comparison;
    QWidget* m_runs;
    QComboBox* m_beforeRun;
    QComboBox* m_afterRun;
    QLabel* m_warnings;
    QScrollArea* m_notes;
    // Pairs of rows that run on one line when the panel is wide enough.
    std::vector<QBoxLayout*> m_foldingRows;
    QStringList m_warningList;
    QStringList m_warningRuns;
    std::size_t m_kernelLimit;
    QAction* m_importAction;
    QAction* m_linkAction;
    QAction* m_removeAction;
    QAction* m_pairAction;
    QMenu* m_pairMenu;
    QAction* m_unpairAction;
    bool m_importing = false;
    QThread* m_thread = nullptr;
    std::shared_ptr<ImportJob> m_job;
    QProgressDialog* m_progress = nullptr;
    bool m_syncing = false;
};

} // namespace roofscope
