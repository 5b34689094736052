#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QSortFilterProxyModel;
class QScrollArea;
class QSplitter;
class QTableView;
class QToolButton;

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
    // The sentences sit above the table in a splitter; the button folds them away.
    QSplitter* splitter() const { return m_splitter; }
    QToolButton* summaryToggle() const { return m_summaryToggle; }

public slots:
    void refresh();

private:
    Session* m_session;
    ComparisonModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QCheckBox* m_selectedOnly;
    QLabel* m_lesson;
    QScrollArea* m_lessonScroll;
    QSplitter* m_splitter;
    QToolButton* m_summaryToggle;
};

} // namespace roofscope
