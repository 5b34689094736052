#pragma once

#include "core/hardware/catalog.h"

#include <QMainWindow>
#include <QStringList>

#include <optional>

class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;
class QSplitter;

namespace roofscope {

class CatalogController;
class ChartArea;
class MachineMeasurer;
class ServingView;
class ComparisonModel;
class ComparisonPanel;
class DockLayout;
class PanelWalk;
class DocumentController;
class HardwareModel;
class HardwarePanel;
class ModelWorkbench;
class OperatorModel;
class OperatorPanel;
class ParameterPanel;
class ReadoutPanel;
class KernelsPanel;
class RoofChart;
class RoofChartView;
class Session;

// The window: the chart in the middle, accelerators and operators on the left, parameters
// and the read-out on the right, the comparison below. Menus, toolbar and shortcuts; the
// geometry and the last session come back from QSettings.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(HardwareCatalog catalog, QStringList catalogErrors = {},
                        QWidget* parent = nullptr);
    ~MainWindow() override;

    Session* session() const { return m_session; }
    HardwareModel* hardwareModel() const { return m_hardwareModel; }
    OperatorModel* operatorModel() const { return m_operatorModel; }
    ComparisonModel* comparisonModel() const { return m_comparisonModel; }
    RoofChart* chart() const { return m_chart; }
    RoofChartView* chartView() const { return m_chartView; }
    ParameterPanel* parameterPanel() const { return m_parameters; }
    ReadoutPanel* readoutPanel() const { return m_readout; }
    ComparisonPanel* comparisonPanel() const { return m_comparison; }
    HardwarePanel* hardwarePanel() const { return m_hardwarePanel; }
    OperatorPanel* operatorPanel() const { return m_operatorPanel; }
    KernelsPanel* kernelsPanel() const { return m_kernels; }
    ServingView* servingView() const { return m_serving; }
    // View ▸ Serving Chart: the serving chart beside the roofline, or not.
    void showServingChart(bool on);

    // The document's file, modified state, recent files and File ▸ New/Open/Save
    // (DocumentController); the calls below forward to it.
    DocumentController* documentController() const { return m_document; }
    void newDocument();
    std::optional<QString> openFile(const QString& path);
    std::optional<QString> saveFile(const QString& path);
    QString currentFile() const;
    bool isModified() const;
    bool openInteractive(const QString& path);
    bool newDocumentInteractive();
    QStringList recentFiles() const;
    // Restores geometry and, when enabled, the last session; false when there was none.
    bool restoreState();
    // Restores the geometry and the layout of the docks only (the window opens on files).
    void restoreGeometryOnly();
    // `roofscope FILE…`: a new document, then one RoofScope document opened (named
    // *.roofscope.json or holding a scenario) or the files imported as profiler exports. A
    // missing or unreadable file: the message naming it, and the new document stays. The last
    // session's unsaved changes are kept in a recovered document first
    // (DocumentController::keepUnsavedLastSession); the status bar and lastSessionNote() say
    // where.
    std::optional<QString> openFromCommandLine(const QStringList& paths);
    // What openFromCommandLine did with the last session's unsaved changes; empty when there
    // were none.
    QString lastSessionNote() const { return m_lastSessionNote; }
    // Help ▸ Reading the Chart.
    static QString readingGuideText();
    // Help ▸ User Guide: opens docs/index.md from the first of `folders` that has it
    // (userGuideFolders(): the installed manual, then the source tree's) with the desktop's
    // viewer; when none has it, or nothing opens it, a message says where it looked.
    void openUserGuide(const QStringList& folders);
    QMenu* recentMenu() const { return m_recentMenu; }
    // The first-run layout for a window of `size`: below 900 px high (a 1366×768 laptop) the
    // bottom strip and the read-out become tabs so that the chart keeps half of the window. The
    // docks follow the window's size from then on, until the user moves one (DockLayout).
    void applyDefaultLayout(QSize size);
    DockLayout* dockLayout() const { return m_dockLayout; }
    // The user's hardware catalog (CatalogController): Add Hardware Catalog…, hardware files
    // offered by an import, the accelerator editor's Save.
    CatalogController* catalogController() const { return m_catalog; }
    // Edit ▸ Measure This Machine…: the CPU probe behind a progress dialog.
    MachineMeasurer* machineMeasurer() const { return m_measurer; }
    std::optional<QString> addHardwareCatalogFile(const QString& path);
    int offerHardwareFiles(const QStringList& paths);
    std::optional<QString> saveAccelerator(const Hardware& hw);

protected:
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // openFromCommandLine without the last session's changes.
    std::optional<QString> openCommandLineFiles(const QStringList& paths);
    void createActions();
    void setUpTabOrder();
    // After an import: the Kernels tab raised and tall enough for a dozen rows.
    void showImportedKernels(QDockWidget* kernelsDock);
    // Grows the docked Kernels panel to a dozen rows, measuring again up to `triesLeft` times;
    // `asked` is the previous try's request (0 on the first).
    void growKernelsDock(QDockWidget* kernelsDock, int triesLeft, int asked);
    void preferences();
    void about();
    void readingGuide();
    void updateTitle();
    void syncThemeActions();
    void saveSessionToSettings() const;
    void fillRecentMenu();
    void addServingView(ModelWorkbench* workbench);
    void fitServingSplit();

    Session* m_session;
    HardwareModel* m_hardwareModel;
    OperatorModel* m_operatorModel;
    ComparisonModel* m_comparisonModel;
    CatalogController* m_catalog;
    DocumentController* m_document = nullptr;
    MachineMeasurer* m_measurer;
    RoofChart* m_chart;
    RoofChartView* m_chartView;
    HardwarePanel* m_hardwarePanel;
    OperatorPanel* m_operatorPanel;
    ParameterPanel* m_parameters;
    ReadoutPanel* m_readout;
    ComparisonPanel* m_comparison;
    KernelsPanel* m_kernels = nullptr;
    ChartArea* m_chartArea = nullptr;
    QSplitter* m_centralSplit = nullptr;
    ServingView* m_serving = nullptr;
    QAction* m_servingAction = nullptr;
    ModelWorkbench* m_workbench = nullptr;
    DockLayout* m_dockLayout = nullptr;
    PanelWalk* m_walk = nullptr;
    QActionGroup* m_themeGroup = nullptr;
    QMenu* m_recentMenu = nullptr;
    QString m_lastSessionNote;
    QMenu* m_viewMenu = nullptr;
};

} // namespace roofscope
