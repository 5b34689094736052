#pragma once

#include <QWidget>

class QMenu;
class QTreeView;

namespace roofscope {

class OperatorModel;
class Session;

// The operator table: add (from the seed's presets or any kind), remove, duplicate, rename,
// and parameters edited in place. The current row is the session's selected operator.
class OperatorPanel : public QWidget {
    Q_OBJECT
public:
    OperatorPanel(Session* session, OperatorModel* model, QWidget* parent = nullptr);

    QTreeView* view() const { return m_view; }
    QMenu* addMenu() const { return m_addMenu; }

public slots:
    void removeCurrent();
    void duplicateCurrent();
    void renameCurrent();

private:
    void syncFromSession();

    Session* m_session;
    OperatorModel* m_model;
    QTreeView* m_view;
    QMenu* m_addMenu;
    bool m_syncing = false;
};

} // namespace roofscope
