#pragma once

#include "ui/document/session.h"

#include <QByteArray>
#include <QUndoCommand>

#include <functional>
#include <optional>

namespace roofscope {

// One undoable change of the catalog (the accelerator editor, File ▸ Add Hardware Catalog…):
// the catalog and the accelerator list before and after, and the user catalog file's bytes
// before and after, so that undo also takes the entry out of the file (QSaveFile again).
class CatalogEditCommand : public QUndoCommand {
public:
    struct State {
        HardwareCatalog catalog;
        Session::HardwareState hardware;
        std::optional<QByteArray> file; // nullopt: the file did not exist
    };
    // The caller has already written `after.file` (so a failed write never enters the undo
    // history); the first redo only applies the catalog. `report` hears file errors later.
    CatalogEditCommand(Session* session, const QString& text, QString path, State before,
                       State after, std::function<void(const QString&)> report);

    void undo() override;
    void redo() override;

private:
    void apply(const State& state);

    Session* m_session;
    QString m_path;
    State m_before;
    State m_after;
    std::function<void(const QString&)> m_report;
    bool m_firstRedo = true;
};

} // namespace roofscope
