#pragma once

#include "core/serving/publishedresult.h"
#include "core/serving/serving.h"
#include "core/util/expected.h"
#include "ui/export/servingfigure.h"

#include <QStringList>
#include <QThreadPool>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class QCheckBox;
class QHBoxLayout;
class QSpinBox;
class QToolButton;

namespace roofscope {

class LiveLabel;
class ModelWorkbench;
class ServingChart;
class Session;

// The serving chart beside the roofline: tokens/s per GPU against tokens/s per user for the
// model panel's model, precisions and layout on every checked accelerator, one point per batch
// up to the largest that fits. It is linked both ways to the model's batch: the batch slider
// moves a ring along every curve, and dragging a ring (or pressing a batch's dot, or the arrow
// keys) sets the batch, one undo step per gesture. Published measurements of the same model
// on the same GPUs are drawn beside the curves, and under each curve the band the published
// ratios span (measured / bound): what real servers reached, never a prediction. Every number
// is the core's (servingCurve, servingPoint, publishedBound); curves are computed again only
// when what they depend on changes, and only while the view is shown.
class ServingView : public QWidget {
    Q_OBJECT
public:
    ServingView(ModelWorkbench* workbench, QWidget* parent = nullptr);
    ~ServingView() override;

    ServingChart* chart() const { return m_chart; }
    QSpinBox* promptBox() const { return m_prompt; }
    QSpinBox* outputBox() const { return m_output; }
    QCheckBox* publishedBox() const { return m_published; }
    // The curves on screen, in checked-accelerator order (computed if stale).
    const std::vector<ServingCurve>& curves();
    // The window's batch on each curve, its decode step only (nullopt where the core refused it).
    const std::vector<std::optional<ServingPoint>>& currentPoints();
    // The rings follow a batch step a moment later, from a worker: true until they have.
    bool ringsPending() const { return m_ringBusy || m_pendingRing.has_value(); }
    // Runs the event loop until the rings are placed (tests); false on timeout. Generous: a
    // sanitizer build beside a parallel test run is many times slower than the window.
    bool waitForRings(int timeoutMs = 30000);
    // What the chart shows as a slide figure (light colours, 1920 × 1080) or as data: .png,
    // .svg, .pdf, .csv or .json by the path's suffix. nullopt on success, else the message
    // naming the path and the reason; nothing is written on failure.
    std::optional<QString> exportTo(const QString& path);
    // The figure an export draws: the window's, restyled as a light slide of 1920 × 1080 with
    // its title and the axes' longer titles; the same curves, rings and published squares.
    ServingFigure slideFigure() const { return makeFigure(false); }
    // With a file dialog (the Export button and File ▸ Export Serving Chart…).
    void exportInteractive();

signals:
    void statusMessage(const QString& text, int timeoutMs);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void refresh();
    // One batch's rings: every curve's decode step at that batch, computed away from the window.
    struct RingJob {
        std::uint64_t generation = 0;
        std::shared_ptr<const ModelConfig> model;
        ServingSetup setup;
        std::vector<std::pair<Layout, Hardware>> gpus;
        double batch = 1.0;
    };
    static std::vector<std::optional<ServingPoint>> ringPoints(const RingJob& job);
    RingJob ringJob();
    void requestRings();
    void startRing(RingJob job);
    void ringsDone(std::uint64_t generation, double batch,
                   std::vector<std::optional<ServingPoint>> points);
    void placeControls(bool oneRow);
    // Everything the curves depend on: model, precisions, layout, lengths, checked GPUs.
    std::string curveKey() const;
    // Computes the curves and rings again when curveKey() changed; true when it did. The one
    // place the window's update and an export (which may run with the chart hidden) ask.
    bool ensureCurves();
    void computeCurves();
    void computeCurrent();
    void rebuildFigure();
    void requestBatch(double batch, bool inGesture);
    ServingSetup setup() const;
    QString pointText(int curve, int index) const;
    // The figure of the curves as computed: the window's colours and a readable fixed scale on
    // screen, else a light slide of 1920 × 1080.
    ServingFigure makeFigure(bool forScreen) const;

    ModelWorkbench* m_workbench;
    Session* m_session;
    ServingChart* m_chart;
    QSpinBox* m_prompt;
    QSpinBox* m_output;
    QCheckBox* m_published;
    QToolButton* m_export;
    LiveLabel* m_note;
    QHBoxLayout* m_lengthsRow = nullptr;
    QHBoxLayout* m_optionsRow = nullptr;
    int m_controlRows = 0; // 0 before the controls are placed

    std::string m_key;
    bool m_stale = true;
    std::vector<int> m_hardware; // checked accelerator of each curve
    std::vector<ServingCurve> m_curves;
    QStringList m_errors; // per checked accelerator: why it has no curve
    std::vector<std::optional<ServingPoint>> m_current;
    double m_currentBatch = 0.0;
    int m_gesture = 0;

    // Published rows of this model on the checked GPUs, with their bounds.
    struct Reference {
        PublishedResult row;
        std::optional<PublishedBound> bound;
        int curve = 0; // the first curve of its GPU (its colour)
    };
    std::vector<Reference> m_references;

    // The model the curves were computed for, shared with the ring worker.
    std::shared_ptr<const ModelConfig> m_model = std::make_shared<const ModelConfig>();
    std::uint64_t m_ringGeneration = 0;
    bool m_ringBusy = false;
    std::optional<RingJob> m_pendingRing;
    // One worker; declared last, so it is gone (joined) before anything it reads.
    QThreadPool m_pool;
};

} // namespace roofscope
