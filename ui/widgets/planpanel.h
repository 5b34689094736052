#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace roofscope {

class ModelWorkbench;
class PlanModel;

// The Plan tab: how to deploy the model panel's model on the baseline accelerator — a caption
// naming model, scenario and link, then the planner's table, the fastest fitting layout first.
class PlanPanel : public QWidget {
    Q_OBJECT
public:
    PlanPanel(ModelWorkbench* workbench, QWidget* parent = nullptr);

    PlanModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QString caption() const;

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void refreshCaption();

    ModelWorkbench* m_workbench;
    PlanModel* m_model;
    QLabel* m_caption;
    QTableView* m_table;
};

} // namespace roofscope
