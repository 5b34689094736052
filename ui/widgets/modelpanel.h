#pragma once

#include "core/models/modelconfig.h"
#include "core/models/parallel.h"
#include "core/models/workload.h"

#include <QElapsedTimer>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QToolButton;
class QTimer;

namespace roofscope {

class LogSlider;
class ModelWorkbench;

// The model panel: a model (presets, user files, "Load config.json…"), the phase, batch and
// context (log sliders), the weight / activation / KV-cache precisions and the fusion switch,
// the layout over GPUs (TP, PP, EP), then the baseline's totals in one line (every accelerator's
// are in ModelTotalsPanel). Every change shows the model's operators on the chart; slider moves are
// coalesced to at most one update per frame, like the parameter panel's.
class ModelPanel : public QWidget {
    Q_OBJECT
public:
    ModelPanel(ModelWorkbench* workbench, QWidget* parent = nullptr);

    QComboBox* modelCombo() const { return m_model; }
    QComboBox* phaseCombo() const { return m_phase; }
    LogSlider* batchSlider() const { return m_batch; }
    LogSlider* contextSlider() const { return m_context; }
    QComboBox* weightsCombo() const { return m_weights; }
    QComboBox* activationsCombo() const { return m_activations; }
    QComboBox* kvCombo() const { return m_kv; }
    QCheckBox* fusedCheck() const { return m_fused; }
    QPushButton* showButton() const { return m_show; }
    // The layout: tensor, pipeline and (MoE only) expert parallelism. Values the model's
    // shapes refuse are greyed out, their tooltip says why.
    QComboBox* tpCombo() const { return m_tp; }
    QComboBox* ppCombo() const { return m_pp; }
    QComboBox* epCombo() const { return m_ep; }
    // One line for the baseline: time per token, tokens/s, whether it fits.
    QString baselineSummary() const;
    // The notes under the summary (quantized LM head, per-step times, context past training).
    QLabel* notesLabel() const { return m_notes; }
    // Applies a pending slider value now (the frame timer does it otherwise).
    void flushPending();
    static constexpr int kFrameMs = 16;

signals:
    void statusMessage(const QString& text);

private:
    void populateModels();
    void refresh();
    void onModelActivated(int index);
    void loadFile();
    void onSlider(bool batch, double value);
    void onPrecision(QComboBox* combo);
    void change(const InferenceScenario& s);
    void refreshLayout();
    void onLayout();

    ModelWorkbench* m_workbench;
    QComboBox* m_model;
    QToolButton* m_load;
    QLabel* m_summary;
    QComboBox* m_phase;
    QLabel* m_contextLabel;
    LogSlider* m_batch;
    LogSlider* m_context;
    QComboBox* m_weights;
    QComboBox* m_activations;
    QComboBox* m_kv;
    QCheckBox* m_fused;
    QComboBox* m_tp;
    QComboBox* m_pp;
    QComboBox* m_ep;
    QLabel* m_epLabel;
    QLabel* m_gpus;
    QPushButton* m_show;
    QLabel* m_edits;           // "1 row edited", while the model's rows carry edits
    QPushButton* m_resetEdits; // drops them
    QLabel* m_status;
    QLabel* m_baseline;
    QLabel* m_notes = nullptr;
    std::size_t m_modelCount = 0;
    QTimer* m_frame;
    QElapsedTimer m_sinceFlush;
    InferenceScenario m_pending;
    bool m_hasPending = false;
    int m_gesture = 0;
    // The layout and model refreshLayout() last marked the combos' items for.
    std::optional<Layout> m_markedLayout;
    ModelConfig m_markedModel;
};

} // namespace roofscope
