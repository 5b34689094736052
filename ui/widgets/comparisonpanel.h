#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace roofscope {

class ComparisonModel;
class Session;

// The comparison table (selected operator, or all, × checked accelerators) and one sentence
// per accelerator that states the seed's lesson: how much faster the operator gets against
// the baseline, next to how much the peak grew.
class ComparisonPanel : public QWidget {
    Q_OBJECT
public:
    ComparisonPanel(Session* session, ComparisonModel* model, QWidget* parent = nullptr);

    QTableView* table() const { return m_table; }
    QCheckBox* selectedOnly() const { return m_selectedOnly; }
    QString lesson() const;

public slots:
    void refresh();

private:
    Session* m_session;
    ComparisonModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QCheckBox* m_selectedOnly;
    QLabel* m_lesson;
};

} // namespace roofscope
