#pragma once

#include "ui/export/figureexporter.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QMainWindow;

namespace roofscope {

class RoofChart;
class Session;

// The window's export actions: File → Export Figure… (Ctrl+E), File → Export Data…, and
// Edit → Copy Figure (Ctrl+Shift+C). Figures are drawn from the session's current scenario
// in a document of their own, so exporting never disturbs the chart on screen.
class ExportController : public QObject {
    Q_OBJECT
public:
    ExportController(Session* session, RoofChart* chart, QMainWindow* window);

    QAction* exportFigureAction() const { return m_exportFigure; }
    QAction* exportDataAction() const { return m_exportData; }
    QAction* copyFigureAction() const { return m_copyFigure; }

    // The work behind the actions, without dialogs: nullopt on success, else the message
    // (naming the path and the reason) that the actions show.
    // The figure File ▸ Export Figure… would write, as an image (the dialog's preview).
    QImage previewImage(const FigureOptions& options) const;
    // What Export Figure, Copy Figure and the preview draw: `scenario` as the window draws it,
    // model markers sized by time share and labels where the window shows them.
    Expected<std::unique_ptr<FigureExporter>> figureOf(const Scenario& scenario,
                                                       const FigureOptions& options) const;
    std::optional<QString> exportFigure(const QString& path, FigureFormat format,
                                        const FigureOptions& options) const;
    std::optional<QString> exportData(const QString& path) const;
    std::optional<QString> copyFigure(const FigureOptions& options) const;

    // The document's file, asked when an export needs a place to propose.
    void setDocumentFile(std::function<QString()> file) { m_documentFile = std::move(file); }
    // Where an export of this document is proposed when it has none yet: beside the document's
    // file under its name ("llama.roofscope.json" → "llama.png"); for an unsaved document,
    // "roofline.<suffix>" in the folder of the last export.
    QString suggestedPath(const QString& suffix) const;

    // With dialogs (what the menu items do).
    void exportFigureInteractive();
    void exportDataInteractive();
    void copyFigureInteractive();

private:
    void showStatus(const QString& text) const;

    Session* m_session;
    RoofChart* m_chart;
    QMainWindow* m_window;
    QAction* m_exportFigure;
    QAction* m_exportData;
    QAction* m_copyFigure;
    std::function<QString()> m_documentFile;
};

} // namespace roofscope
