#include "ui/export/exportcontroller.h"

#include "ui/chart/chartdocument.h"
#include "ui/chart/roofchart.h"
#include "ui/document/session.h"
#include "ui/export/atomicfile.h"
#include "ui/export/exportdialog.h"
#include "ui/export/figuredata.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>

namespace roofscope {

ExportController::ExportController(Session* session, RoofChart* chart, QMainWindow* window)
    : QObject(window), m_session(session), m_chart(chart), m_window(window),
      m_exportFigure(new QAction(tr("&Export Figure…"), this)),
      m_exportData(new QAction(tr("Export &Data…"), this)),
      m_copyFigure(new QAction(tr("&Copy Figure"), this))
{
    m_exportFigure->setObjectName(QStringLiteral("exportFigureAction"));
    m_exportFigure->setShortcut(QKeySequence(tr("Ctrl+E")));
    m_exportFigure->setToolTip(tr("Save the chart as PNG, SVG or PDF, sized for slides"));
    m_exportData->setObjectName(QStringLiteral("exportDataAction"));
    m_exportData->setToolTip(tr("Save every plotted roof, point and sweep as CSV or JSON"));
    m_copyFigure->setObjectName(QStringLiteral("copyFigureAction"));
    m_copyFigure->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    m_copyFigure->setToolTip(tr("Put the figure on the clipboard as a PNG image"));
    connect(m_exportFigure, &QAction::triggered, this, &ExportController::exportFigureInteractive);
    connect(m_exportData, &QAction::triggered, this, &ExportController::exportDataInteractive);
    connect(m_copyFigure, &QAction::triggered, this, &ExportController::copyFigureInteractive);
}

Expected<std::unique_ptr<FigureExporter>>
ExportController::figureOf(const Scenario& scenario, const FigureOptions& options) const
{
    auto exporter = FigureExporter::create(scenario, m_session->catalog(), options);
    if (!exporter)
        return exporter;
    RoofChart* chart = (*exporter)->document()->chart();
    (*exporter)->document()->sizeModelMarkers();
    // The trace pass the window shows beside its model: derived, not in the document, and on
    // the slide as on screen. Same catalog, so the same GPU indices.
    (*exporter)->document()->session()->setPassPoints(m_session->passPoints());
    // The labels where the window shows them (each where it fits in the figure), not placed
    // afresh for the figure's size: what the user arranged on screen is what the slide shows.
    chart->preferLabelOffsets(m_chart->labelOffsets());
    return exporter;
}

std::optional<QString> ExportController::exportFigure(const QString& path, FigureFormat format,
                                                      const FigureOptions& options) const
{
    auto exporter = figureOf(m_session->toScenario(), options);
    if (!exporter)
        return QString::fromStdString(exporter.error().message);
    return (*exporter)->write(path, format);
}

std::optional<QString> ExportController::exportData(const QString& path) const
{
    const auto format = FigureData::formatForFile(path.toStdString());
    if (!format)
        return tr("Cannot write %1: expected a file name ending in .csv or .json").arg(path);
    // The window's own view range: the data spans what the user sees.
    const FigureData data = figureDataOf(*m_session, m_chart->effectiveRange());
    return AtomicFile::write(path, QByteArray::fromStdString(data.serialize(*format)));
}

std::optional<QString> ExportController::copyFigure(const FigureOptions& options) const
{
    FigureOptions o = options;
    o.transparent = false; // many applications paste transparency as black
    // What the window shows: its axes as they are now, not a fit of the data.
    Scenario scenario = m_session->toScenario();
    scenario.view = m_chart->effectiveRange();
    auto exporter = figureOf(scenario, o);
    if (!exporter)
        return QString::fromStdString(exporter.error().message);
    const QImage image = (*exporter)->renderImage();
    auto* mime = new QMimeData;
    mime->setImageData(image);
    mime->setData(QStringLiteral("image/png"), (*exporter)->renderPng());
    QApplication::clipboard()->setMimeData(mime);
    return std::nullopt;
}

QImage ExportController::previewImage(const FigureOptions& options) const
{
    auto exporter = figureOf(m_session->toScenario(), options);
    if (!exporter)
        return {};
    return (*exporter)->renderImage();
}

QString ExportController::suggestedPath(const QString& suffix) const
{
    const QString document = m_documentFile ? m_documentFile() : QString();
    if (document.isEmpty()) {
        return QFileInfo(ExportDialog::savedPath())
            .absoluteDir()
            .filePath(QStringLiteral("roofline.") + suffix);
    }
    const QFileInfo file(document);
    QString base = file.fileName();
    for (const QString& ending : {QStringLiteral(".roofscope.json"), QStringLiteral(".json")}) {
        if (base.endsWith(ending, Qt::CaseInsensitive) && base.size() > ending.size()) {
            base.chop(ending.size());
            break;
        }
    }
    return file.absoluteDir().filePath(base + QLatin1Char('.') + suffix);
}

void ExportController::exportFigureInteractive()
{
    ExportDialog dialog(m_window);
    // Size, scale and theme are the user's habits (remembered by the dialog); the file, the
    // title and the subtitle belong to this document.
    const ViewSettings::FigureText& text = m_session->viewSettings()->figureText();
    dialog.setPath(text.path.isEmpty() ? suggestedPath(QStringLiteral("png")) : text.path);
    FigureOptions options = dialog.options();
    options.title = text.title;
    options.subtitle = text.subtitle;
    dialog.setOptions(options);
    dialog.setPreviewRenderer([this](const FigureOptions& o) { return previewImage(o); });
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_session->viewSettings()->setFigureText(
        {dialog.options().title, dialog.options().subtitle, dialog.path()});
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const auto error = exportFigure(dialog.path(), dialog.format(), dialog.options());
    QApplication::restoreOverrideCursor();
    if (error)
        QMessageBox::warning(m_window, tr("Cannot Export Figure"), *error);
    else
        showStatus(tr("Exported %1").arg(QFileInfo(dialog.path()).fileName()));
}

void ExportController::exportDataInteractive()
{
    QSettings settings;
    const QString lastData = settings.value(QStringLiteral("export/dataPath")).toString();
    const bool saved = m_documentFile && !m_documentFile().isEmpty();
    const QString start =
        saved || lastData.isEmpty() ? suggestedPath(QStringLiteral("csv")) : lastData;
    const QString csv = tr("CSV table (*.csv)");
    const QString json = tr("JSON document (*.json)");
    QString filter = start.endsWith(QStringLiteral(".json")) ? json : csv;
    QString path = QFileDialog::getSaveFileName(m_window, tr("Export Data"), start,
                                                csv + QStringLiteral(";;") + json, &filter);
    if (path.isEmpty())
        return;
    if (!FigureData::formatForFile(path.toStdString()))
        path += filter == json ? QStringLiteral(".json") : QStringLiteral(".csv");
    if (const auto error = exportData(path)) {
        QMessageBox::warning(m_window, tr("Cannot Export Data"), *error);
        return;
    }
    settings.setValue(QStringLiteral("export/dataPath"), path);
    showStatus(tr("Exported %1").arg(QFileInfo(path).fileName()));
}

void ExportController::copyFigureInteractive()
{
    // The chart as the window shows it: its size on screen, its theme, no title.
    FigureOptions o;
    o.size = m_chart->size().toSize().expandedTo(QSize(320, 200));
    o.scale = m_window ? m_window->devicePixelRatioF() : 1.0;
    if (const auto error = copyFigure(o))
        QMessageBox::warning(m_window, tr("Cannot Copy Figure"), *error);
    else
        showStatus(tr("Copied the figure (%1 × %2) to the clipboard")
                       .arg(o.size.width())
                       .arg(o.size.height()));
}

void ExportController::showStatus(const QString& text) const
{
    if (m_window)
        m_window->statusBar()->showMessage(text, 5000);
}

} // namespace roofscope
