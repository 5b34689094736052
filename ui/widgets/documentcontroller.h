#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

class QDateTime;
class QWidget;

namespace roofscope {

class ModelWorkbench;
class Session;

// The document the window shows: which file it is, whether it differs from that file, and
// File ▸ New, Open…, Open Recent, Save and Save As… with their dialogs and "Save changes?"
// (Prompt). The last session is kept in QSettings so that quitting loses nothing. The window
// builds the menus and follows the signals; nothing here knows about it.
class DocumentController : public QObject {
    Q_OBJECT
public:
    // `workbench` checks a document's model set-up before it replaces the current one.
    DocumentController(Session* session, const ModelWorkbench* workbench, QWidget* window);

    // A new document, without asking: the seed's story (A100/H100/H200/B200, the seed's operators,
    // decode matmul selected), unnamed and unmodified.
    void newDocument();
    // Opens a scenario; on any error nothing changes and the message is returned.
    std::optional<QString> openFile(const QString& path);
    // Writes the session atomically (QSaveFile); the error message on failure.
    std::optional<QString> saveFile(const QString& path);
    // Opens a file the way the menu, Open Recent and a drop do: asks to save unsaved changes
    // first (Prompt), shows any error. False when cancelled or not opened.
    bool openInteractive(const QString& path);
    // File ▸ New: newDocument after asking to save unsaved changes (as openInteractive does for
    // openFile); false when the user cancelled.
    bool newDocumentInteractive();
    // "Save changes?" when the document is modified: true when it is safe to discard it
    // (saved, discarded or unmodified), false on Cancel or a failed save.
    bool maybeSave();
    // File ▸ Open…: the file dialog, then openInteractive.
    void open();
    // File ▸ Save: to the current file, or Save As… for an unnamed document; false when not
    // saved (cancelled, or the error shown).
    bool save();
    // File ▸ Save As…: the file dialog, then saveFile; false when not saved.
    bool saveAs();

    QString currentFile() const { return m_file; }
    // The file's name, or "Untitled": what the title bar and "Save changes?" call the document.
    QString displayName() const;
    bool isModified() const { return m_modified; }

    // Most recent first, absolute paths (QSettings "recentFiles"); File ▸ Open Recent.
    QStringList recentFiles() const;
    void clearRecentFiles();

    // Preferences ▸ "Restore the last session" (QSettings "session/restore"), read by
    // loadSessionPreference.
    bool restoresSession() const { return m_restoreSession; }
    void setRestoresSession(bool on) { m_restoreSession = on; }
    void loadSessionPreference();
    // The document of the last run with its file and its unsaved state, when restoring is on;
    // false when there was none or it could not be applied (then nothing changed).
    bool restoreLastSession();
    // `roofscope FILE` opens FILE, not the last session. When that session had unsaved changes
    // (restoring was on, so quitting did not ask about them) they would be overwritten by this
    // run's quit: they are written to a recovered document first (RecoveredDocument, in the
    // app's data folder), added to Open Recent, and the message naming it is returned (and
    // shown in the status bar). If it cannot be written the message says so and the session is
    // left in the settings for the next start. Nothing to keep: nullopt.
    std::optional<QString> keepUnsavedLastSession(const QDateTime& now);
    // The document, its file and its unsaved state for restoreLastSession; after a failed
    // keepUnsavedLastSession the earlier session stays in the settings instead.
    void saveSession() const;
    // Closing the window: with session restore on nothing is lost, so no question; otherwise
    // maybeSave. False when the window must stay open.
    bool confirmClose();

signals:
    void fileChanged(const QString& path);
    void modifiedChanged(bool modified);
    void statusMessage(const QString& text, int timeoutMs);

private:
    void setFile(const QString& path);
    void setModified(bool modified);
    void updateModified(bool clean);
    // The document now matches its file (`saved`), or is known to differ from it (a restored
    // session that was unsaved): the undo stack's clean state is here either way.
    void markSaved(bool saved = true);
    void addRecentFile(const QString& path);

    Session* m_session;
    const ModelWorkbench* m_workbench;
    QWidget* m_window;
    QString m_file;
    bool m_modified = false;
    bool m_settingsChanged = false; // view, theme or toggles changed since the last save
    bool m_restoreSession = true;
    bool m_keepEarlierSession = false; // its unsaved work could not be recovered to a file
};

} // namespace roofscope
