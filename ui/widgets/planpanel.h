#pragma once

#include <QWidget>

class QLabel;
class QModelIndex;
class QPushButton;
class QTableView;

namespace roofscope {

class ModelWorkbench;
class PlanModel;

// The Plan tab: how to deploy the model panel's model on the baseline accelerator — a caption
// naming model, scenario and link, then the planner's table, the fastest fitting layout first.
// A row's layout goes to the model panel (and the chart) with "Apply Layout" or a double-click.
class PlanPanel : public QWidget {
    Q_OBJECT
public:
    PlanPanel(ModelWorkbench* workbench, QWidget* parent = nullptr);

    PlanModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QString caption() const;
    QPushButton* applyButton() const { return m_apply; }
    // Applies row `row`'s layout to the model panel (one undo step).
    void applyRow(int row);

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    // Disabled: its dock page is behind another (MainWindow); it plans again when raised.
    void changeEvent(QEvent* event) override;

private:
    void refreshCaption();
    void refreshApply();

    ModelWorkbench* m_workbench;
    PlanModel* m_model;
    QLabel* m_caption;
    QTableView* m_table;
    QPushButton* m_apply;
    QLabel* m_status;
};

} // namespace roofscope
