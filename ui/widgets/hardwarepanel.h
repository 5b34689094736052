#pragma once

#include <QList>
#include <QWidget>

class QAction;
class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace roofscope {

class HardwareModel;
class Session;

// The accelerator list: a search box, the checkable list (sortable by any column, vendor
// included) and a button making the current one the baseline.
class HardwarePanel : public QWidget {
    Q_OBJECT
public:
    HardwarePanel(Session* session, HardwareModel* model, QWidget* parent = nullptr);

    QLineEdit* searchBox() const { return m_search; }
    QTreeView* view() const { return m_view; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    // The accelerator under the cursor (index into Session::hardware()), or -1.
    int currentHardware() const;
    // Adds actions (New/Edit Accelerator…) to the list's context menu.
    void addContextActions(const QList<QAction*>& actions);

private:
    void makeCurrentBaseline();

    Session* m_session;
    HardwareModel* m_model;
    QLineEdit* m_search;
    QSortFilterProxyModel* m_proxy;
    QTreeView* m_view;
};

} // namespace roofscope
