#include "ui/document/commands/catalogeditcommand.h"

#include "ui/document/usercatalog.h"

namespace roofscope {

CatalogEditCommand::CatalogEditCommand(Session* session, const QString& text, QString path,
                                       State before, State after,
                                       std::function<void(const QString&)> report)
    : QUndoCommand(text), m_session(session), m_path(std::move(path)), m_before(std::move(before)),
      m_after(std::move(after)), m_report(std::move(report))
{
}

void CatalogEditCommand::undo()
{
    apply(m_before);
}

void CatalogEditCommand::redo()
{
    if (m_firstRedo) {
        m_firstRedo = false;
        m_session->setCatalogInternal(m_after.catalog, m_after.hardware);
        return;
    }
    apply(m_after);
}

void CatalogEditCommand::apply(const State& state)
{
    if (!m_path.isEmpty()) {
        if (auto error = UserCatalog::writeBytes(m_path, state.file); error && m_report)
            m_report(*error);
    }
    m_session->setCatalogInternal(state.catalog, state.hardware);
}

} // namespace roofscope
