#pragma once

#include "core/hardware/hardware.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

class QWidget;

namespace roofscope {

class Session;

// The user's hardware catalog from the window: File ▸ Add Hardware Catalog…, hardware files an
// import offers as hardware, the accelerator editor, and the report of catalog files that did
// not load. Every change is one undo step of the session that also writes (or takes back) the
// file kept in the user catalog folder (CatalogEditCommand); nothing changes on an error.
class CatalogController : public QObject {
    Q_OBJECT
public:
    CatalogController(Session* session, QWidget* window);

    // The session's accelerators, for the questions that offer catalog entries.
    const std::vector<Hardware>& hardware() const;

    // File ▸ Add Hardware Catalog… without the file dialog: validates the file (the message
    // names file and JSON pointer; nothing changes on error), merges it as one undo step,
    // checks its entries and keeps a copy in the user catalog folder for the next start.
    std::optional<QString> addHardwareCatalogFile(const QString& path);
    // Files that hold hardware peaks and no kernels: asks (Prompt) whether to add each as
    // hardware and adds it as addHardwareCatalogFile does; the number added.
    int offerHardwareFiles(const QStringList& paths);
    // The accelerator editor's Save: validated, written to the user catalog file (QSaveFile),
    // merged into the session as one undo step; a new accelerator is checked.
    std::optional<QString> saveAccelerator(const Hardware& hw);
    // File ▸ Add Hardware Catalog…: the file dialog, then addHardwareCatalogFile.
    void addHardwareCatalog();
    // The accelerator editor for `hardware` (an index of the session's list), or for a new one
    // (-1); it stays open with the entry on a failed save.
    void editAccelerator(int hardware);
    // Catalog files skipped at start, in a dialog once per set of problems (QSettings).
    void reportCatalogErrors(const QStringList& errors);

signals:
    void statusMessage(const QString& text, int timeoutMs);

private:
    Session* m_session;
    QWidget* m_window;
};

} // namespace roofscope
