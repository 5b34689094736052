#include "ui/widgets/documentcontroller.h"

#include "core/document/scenario.h"
#include "ui/controls/prompt.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/text/datanames.h"
#include "ui/widgets/recovereddocument.h"
#include "ui/widgets/windowpalette.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSaveFile>
#include <QSettings>
#include <QUndoStack>

namespace roofscope {

namespace {

const QString kScenarioFilter = QStringLiteral("*.roofscope.json");
constexpr int kMaxRecentFiles = 10;

} // namespace

DocumentController::DocumentController(Session* session, const ModelWorkbench* workbench,
                                       QWidget* window)
    : QObject(window), m_session(session), m_workbench(workbench), m_window(window)
{
    // Every edit is an undo step: the document is modified while the stack is away from the
    // state it was saved (or opened) in, so undoing back to it leaves nothing to save. The view,
    // theme and toggles are saved too but not undoable: they count until the next save.
    connect(m_session->undoStack(), &QUndoStack::cleanChanged, this,
            &DocumentController::updateModified);
    connect(m_session, &Session::settingChangedOutsideUndo, this, [this] {
        m_settingsChanged = true;
        updateModified(m_session->undoStack()->isClean());
    });
}

void DocumentController::newDocument()
{
    Scenario story = defaultScenario();
    localizePresetLabels(story);
    m_session->applyScenario(story, tr("default"));
    // A dark desktop gets the dark theme for a new document.
    if (WindowPalette::systemIsDark())
        m_session->viewSettings()->setTheme(Theme::Dark);
    setFile(QString());
    markSaved();
}

std::optional<QString> DocumentController::openFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return tr("%1: %2").arg(path, f.errorString());
    const QByteArray data = f.readAll();
    const QString name = QFileInfo(path).fileName();
    auto scenario =
        parseScenario(std::string_view(data.constData(), static_cast<std::size_t>(data.size())),
                      name.toStdString());
    if (!scenario)
        return QString::fromStdString(scenario.error().message);
    if (auto error = m_workbench->checkSetup(*scenario, name))
        return error;
    if (auto error = m_session->applyScenario(*scenario, name))
        return QString::fromStdString(error->message);
    setFile(path);
    markSaved();
    addRecentFile(path);
    if (m_session->openNotes().isEmpty())
        emit statusMessage(tr("Opened %1").arg(name), 5000);
    else
        emit statusMessage(
            tr("Opened %1. %2").arg(name, m_session->openNotes().join(QLatin1Char(' '))), 15000);
    return std::nullopt;
}

std::optional<QString> DocumentController::saveFile(const QString& path)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return tr("%1: %2").arg(path, f.errorString());
    const std::string json = scenarioToJson(m_session->toScenario());
    f.write(json.data(), static_cast<qint64>(json.size()));
    if (!f.commit())
        return tr("%1: %2").arg(path, f.errorString());
    setFile(path);
    markSaved();
    addRecentFile(path);
    emit statusMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
    return std::nullopt;
}

bool DocumentController::maybeSave()
{
    if (!m_modified)
        return true;
    const auto answer = Prompt::ask(
        m_window,
        {tr("Save Changes?"),
         tr("%1 has unsaved changes. Save them before closing it?").arg(displayName()),
         QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save});
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool DocumentController::openInteractive(const QString& path)
{
    if (!maybeSave())
        return false;
    if (auto error = openFile(path)) {
        QMessageBox::warning(m_window, tr("Cannot Open Scenario"),
                             tr("Nothing was changed.\n\n%1").arg(*error));
        return false;
    }
    return true;
}

bool DocumentController::newDocumentInteractive()
{
    if (!maybeSave())
        return false;
    newDocument();
    return true;
}

void DocumentController::open()
{
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open Scenario"), QFileInfo(m_file).absolutePath(),
        tr("RoofScope scenarios (%1);;JSON files (*.json)").arg(kScenarioFilter));
    if (!path.isEmpty())
        openInteractive(path);
}

bool DocumentController::save()
{
    if (m_file.isEmpty())
        return saveAs();
    if (auto error = saveFile(m_file)) {
        QMessageBox::warning(m_window, tr("Cannot Save Scenario"), *error);
        return false;
    }
    return true;
}

bool DocumentController::saveAs()
{
    QString path = QFileDialog::getSaveFileName(
        m_window, tr("Save Scenario"), m_file.isEmpty() ? tr("scenario.roofscope.json") : m_file,
        tr("RoofScope scenarios (%1)").arg(kScenarioFilter));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QStringLiteral(".json")))
        path += QStringLiteral(".roofscope.json");
    if (auto error = saveFile(path)) {
        QMessageBox::warning(m_window, tr("Cannot Save Scenario"), *error);
        return false;
    }
    return true;
}

QString DocumentController::displayName() const
{
    return m_file.isEmpty() ? tr("Untitled") : QFileInfo(m_file).fileName();
}

QStringList DocumentController::recentFiles() const
{
    return QSettings().value(QStringLiteral("recentFiles")).toStringList();
}

void DocumentController::clearRecentFiles()
{
    QSettings().remove(QStringLiteral("recentFiles"));
}

void DocumentController::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(QStringLiteral("recentFiles"), files);
}

void DocumentController::loadSessionPreference()
{
    m_restoreSession = QSettings().value(QStringLiteral("session/restore"), true).toBool();
}

bool DocumentController::restoreLastSession()
{
    QSettings settings;
    const QString last = settings.value(QStringLiteral("session/last")).toString();
    if (!m_restoreSession || last.isEmpty())
        return false;
    auto scenario = parseScenario(last.toStdString(), "last session");
    if (!scenario || m_workbench->checkSetup(*scenario, tr("last session")) ||
        m_session->applyScenario(*scenario, tr("last session"))) {
        emit statusMessage(tr("The last session could not be restored; showing the default."),
                           8000);
        return false;
    }
    setFile(settings.value(QStringLiteral("session/file")).toString());
    markSaved(!settings.value(QStringLiteral("session/modified"), false).toBool());
    if (!m_session->openNotes().isEmpty())
        emit statusMessage(m_session->openNotes().join(QLatin1Char(' ')), 15000);
    return true;
}

std::optional<QString> DocumentController::keepUnsavedLastSession(const QDateTime& now)
{
    QSettings settings;
    const QString last = settings.value(QStringLiteral("session/last")).toString();
    // With restoring off, quitting asked about the changes: whatever is left was discarded.
    if (!m_restoreSession || last.isEmpty() ||
        !settings.value(QStringLiteral("session/modified"), false).toBool())
        return std::nullopt;
    const QString earlierFile = settings.value(QStringLiteral("session/file")).toString();
    const auto written = RecoveredDocument::write(last.toUtf8(), earlierFile, now);
    QString message;
    if (const auto* failed = std::get_if<RecoveredDocument::Failed>(&written)) {
        m_keepEarlierSession = true;
        message = tr("The last session's unsaved changes could not be kept in a file (%1); they "
                     "stay for the next start without a file.")
                      .arg(failed->message);
    } else {
        const QString path = std::get<RecoveredDocument::Written>(written).path;
        addRecentFile(path);
        // The recovered file now holds them: a second `roofscope FILE` before any quit must not
        // keep them twice.
        settings.setValue(QStringLiteral("session/file"), path);
        settings.setValue(QStringLiteral("session/modified"), false);
        message = tr("The last session's unsaved changes are kept in %1 (File ▸ Open Recent).")
                      .arg(QDir::toNativeSeparators(path));
    }
    emit statusMessage(message, 0);
    return message;
}

void DocumentController::saveSession() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("session/restore"), m_restoreSession);
    if (m_keepEarlierSession)
        return;
    settings.setValue(QStringLiteral("session/last"),
                      QString::fromStdString(scenarioToJson(m_session->toScenario())));
    settings.setValue(QStringLiteral("session/file"), m_file);
    settings.setValue(QStringLiteral("session/modified"), m_modified);
}

bool DocumentController::confirmClose()
{
    // With session restore on nothing is lost: the next start brings the document back with
    // its unsaved changes. Without it, quitting would discard them: ask.
    // (Unless the earlier session's work stays in the settings in its place: then ask.)
    return (m_restoreSession && !m_keepEarlierSession) || maybeSave();
}

void DocumentController::setFile(const QString& path)
{
    if (path == m_file)
        return;
    m_file = path;
    emit fileChanged(m_file);
}

void DocumentController::setModified(bool modified)
{
    if (modified == m_modified)
        return;
    m_modified = modified;
    emit modifiedChanged(m_modified);
}

void DocumentController::updateModified(bool clean)
{
    // From the stack's signal, not the stack: it also fires while the session is destroyed.
    setModified(m_settingsChanged || !clean);
}

void DocumentController::markSaved(bool saved)
{
    // Before setClean: its cleanChanged must already see the new state.
    m_settingsChanged = !saved;
    m_session->undoStack()->setClean();
    setModified(!saved);
}

} // namespace roofscope
