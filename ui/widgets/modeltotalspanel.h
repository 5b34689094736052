#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace roofscope {

class ModelTotalsModel;
class ModelWorkbench;

// The model's step on every checked accelerator, beside the per-operator comparison: a line
// naming the scenario, then time per token, tokens/s, memory-bound share, weights + KV cache,
// whether it fits and the speedup against the baseline. Wide, so it lives under the chart.
class ModelTotalsPanel : public QWidget {
    Q_OBJECT
public:
    ModelTotalsPanel(ModelWorkbench* workbench, QWidget* parent = nullptr);

    ModelTotalsModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QString caption() const;
    // The line under the table: the published measurements' spread held against the baseline's
    // bound (or the first checked accelerator's), "" when there is none.
    QString publishedLine() const;
    QLabel* publishedLabel() const { return m_published; }

private:
    void refresh();

    ModelWorkbench* m_workbench;
    ModelTotalsModel* m_model;
    QLabel* m_caption;
    QTableView* m_table;
    QLabel* m_published;
};

} // namespace roofscope
