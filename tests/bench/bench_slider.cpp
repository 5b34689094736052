// One slider step, end to end: the batch slider moves → the session re-costs the operator on
// every checked accelerator → the models signal the change → the chart moves the points, the
// sweep and the labels → the chart view repaints. 4 accelerators × 10 operators, the chart
// view at 1600×900, offscreen. Then the model batch slider: a whole model on the chart (Mixtral
// 8x7B at TP=2, DeepSeek-V3 at TP=8) over five accelerators, as a drag (one gesture), then the
// same with the serving chart shown beside the roofline (both charts painted each step). Prints
// the median and other percentiles in milliseconds.
//
//   ./build/tests/bench/roofscope_bench_slider [steps]
#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "ui/controls/logslider.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/serving/servingchart.h"
#include "ui/serving/servingview.h"
#include "ui/widgets/mainwindow.h"
#include "ui/widgets/modelpanel.h"
#include "ui/widgets/parameterpanel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QSlider>
#include <QStandardPaths>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace roofscope;

namespace {

double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    const std::size_t i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

// A drag back and forth over a slider's whole range, `stride` positions a step.
class SliderWalk {
public:
    explicit SliderWalk(int stride) : m_direction(stride) {}
    int next()
    {
        m_position += m_direction;
        if (m_position > LogSlider::kSteps || m_position < 0) {
            m_direction = -m_direction;
            m_position += 2 * m_direction;
        }
        return m_position;
    }

private:
    int m_position = 0;
    int m_direction;
};

// The model slider: `model` at tensor parallelism `tp` on the chart with five accelerators
// checked, its batch slider dragged in one gesture; step = update + full chart repaint.
// With `serving`, the serving chart is shown beside the roofline (its rings follow the batch):
// the step then paints both charts.
bool benchModelSlider(MainWindow& window, const char* model, const char* name, int tp, int steps,
                      bool serving = false)
{
    window.showServingChart(serving);
    ServingChart* servingChart = window.servingView()->chart();
    Session* session = window.session();
    for (int hw = 0; hw < static_cast<int>(session->hardware().size()); ++hw)
        session->setChecked(hw, false);
    for (const char* id : {"a100-sxm4-80gb", "h100-sxm5", "h200-sxm", "b200-sxm", "mi300x"})
        session->setChecked(session->hardwareIndex(id), true);
    session->setBaseline(session->hardwareIndex("h100-sxm5"));
    auto* workbench = window.findChild<ModelWorkbench*>();
    auto* panel = window.findChild<ModelPanel*>();
    if (auto e = workbench->setModel(model)) {
        std::fprintf(stderr, "%s\n", qPrintable(*e));
        return false;
    }
    if (auto e = workbench->setLayout(Layout{tp, 1, 1})) {
        std::fprintf(stderr, "%s\n", qPrintable(*e));
        return false;
    }
    workbench->showOnChart();
    QApplication::processEvents();
    RoofChartView* view = window.chartView();
    QSlider* slider = panel->batchSlider()->slider();
    // Every step changes the whole-number batch (1 → 4,096 in 27 steps), as a quick drag does.
    SliderWalk walk(37);
    QElapsedTimer timer;
    // The step: the update it causes (core, models, chart items, panels' data) and the chart view
    // painted at 1600×900 into an image, as the backing store paints it.
    QImage canvas(view->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    QImage servingCanvas(servingChart->size(), QImage::Format_ARGB32_Premultiplied);
    std::vector<double> step;
    std::vector<double> update;
    std::vector<double> roofPaint;
    std::vector<double> servingPaint;
    std::vector<double> cpu; // the step's CPU time on this thread: a busy or shared machine
                             // stretches the wall time, much less this
    emit slider->sliderPressed();
    for (int i = 0; i < steps + 10; ++i) {
        const int pos = walk.next();
        const double cpuStart = threadCpuMs();
        timer.start();
        slider->setValue(pos);
        panel->flushPending();
        const qint64 updated = timer.nsecsElapsed();
        view->viewport()->render(&canvas);
        const qint64 roofT = timer.nsecsElapsed();
        if (serving)
            servingChart->render(&servingCanvas);
        const qint64 t = timer.nsecsElapsed();
        const double cpuStep = threadCpuMs() - cpuStart;
        QApplication::processEvents(); // the other panels' paints (timed below)
        if (i >= 10) {
            cpu.push_back(cpuStep);
            roofPaint.push_back(static_cast<double>(roofT - updated) / 1e6);
            servingPaint.push_back(static_cast<double>(t - roofT) / 1e6);
            step.push_back(static_cast<double>(t) / 1e6);
            update.push_back(static_cast<double>(updated) / 1e6);
        }
    }
    // The whole window's frame as the event loop runs it: the update, then the chart and every
    // panel that changed (tables, read-out, model panel, slider) painted.
    std::vector<double> frame;
    for (int i = 0; i < steps + 10; ++i) {
        const int pos = walk.next();
        timer.start();
        slider->setValue(pos);
        panel->flushPending();
        QApplication::processEvents();
        if (i >= 10)
            frame.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    emit slider->sliderReleased();
    QApplication::processEvents();
    std::printf("model slider, %s TP=%d, %zu accelerators x %zu operators%s -> update + %s "
                "painted: median %.2f ms (p90 %.2f; update %.2f); whole window frame median "
                "%.2f ms (p90 %.2f)\n",
                name, tp, session->checkedHardware().size(), session->operators().size(),
                serving ? ", serving chart shown" : "", serving ? "both charts" : "chart",
                percentile(step, 0.5), percentile(step, 0.9), percentile(update, 0.5),
                percentile(frame, 0.5), percentile(frame, 0.9));
    std::printf("  step's thread CPU time: median %.2f ms (p90 %.2f)", percentile(cpu, 0.5),
                percentile(cpu, 0.9));
    if (serving)
        std::printf("; the roofline's paint %.2f ms, the serving chart's %.2f ms (medians)",
                    percentile(roofPaint, 0.5), percentile(servingPaint, 0.5));
    std::printf("\n");
    std::fflush(stdout);
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    const int steps = argc > 1 ? std::max(20, std::atoi(argv[1])) : 400;

    Scenario scenario = defaultScenario();
    for (const char* spec : {"attention_decode:batch=16,context=8192,label=Attention decode",
                             "attention_prefill:seq=4096,label=Flash attention",
                             "rmsnorm:rows=4096,cols=8192,dtype=bf16,label=RMSNorm"}) {
        auto op = parseOperatorSpec(spec);
        if (!op) {
            std::fprintf(stderr, "%s\n", op.error().message.c_str());
            return 1;
        }
        scenario.operators.push_back(*op);
    }
    MainWindow window(HardwareCatalog::builtin());
    if (auto e = window.session()->applyScenario(scenario, QStringLiteral("bench"))) {
        std::fprintf(stderr, "%s\n", e->message.c_str());
        return 1;
    }
    RoofChartView* view = window.chartView();
    view->setFixedSize(1600, 900);
    window.show();
    QApplication::processEvents();
    const int nOps = static_cast<int>(window.session()->operators().size());
    const int nGpus = static_cast<int>(window.session()->checkedHardware().size());

    ParameterPanel* panel = window.parameterPanel();
    QSlider* slider = panel->slider("batch")->slider();
    SliderWalk walk(7);
    QElapsedTimer timer;

    const bool operatorSlider = !qEnvironmentVariableIsSet("ROOFSCOPE_BENCH_MODEL_ONLY");
    // The documented figure: the step, the updates it causes (core, models, chart, read-out,
    // tables: all synchronous) and a full repaint of the chart view.
    std::vector<double> step;
    std::vector<double> updatePhase;
    std::vector<double> paintPhase;
    for (int i = 0; operatorSlider && i < steps + 20; ++i) {
        const int pos = walk.next();
        timer.start();
        slider->setValue(pos); // the user's step
        panel->flushPending(); // what the frame timer does
        const qint64 t1 = timer.nsecsElapsed();
        view->viewport()->repaint(); // the whole chart is painted, synchronously
        const qint64 t2 = timer.nsecsElapsed();
        QApplication::processEvents(); // drain the other panels' paints (not timed)
        if (i >= 20) {
            step.push_back(static_cast<double>(t2) / 1e6);
            updatePhase.push_back(static_cast<double>(t1) / 1e6);
            paintPhase.push_back(static_cast<double>(t2 - t1) / 1e6);
        }
    }
    // The whole window's frame as the event loop runs it: the chart and every panel that
    // changed (tables, read-out, slider) repaint.
    std::vector<double> frame;
    for (int i = 0; operatorSlider && i < steps / 2 + 10; ++i) {
        const int pos = walk.next();
        timer.start();
        slider->setValue(pos);
        panel->flushPending();
        QApplication::processEvents();
        if (i >= 10)
            frame.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    if (operatorSlider) {
        std::printf(
            "roofscope_bench_slider: %d accelerators x %d operators, chart view %dx%d, %s\n", nGpus,
            nOps, view->width(), view->height(), qPrintable(QApplication::platformName()));
        std::printf("slider step -> core + models + chart updated + chart view repainted: "
                    "median %.2f ms (p10 %.2f, p90 %.2f; %zu steps)\n",
                    percentile(step, 0.5), percentile(step, 0.1), percentile(step, 0.9),
                    step.size());
        std::printf("  of which update %.2f ms, full chart repaint %.2f ms (medians)\n",
                    percentile(updatePhase, 0.5), percentile(paintPhase, 0.5));
        std::printf("whole window frame (event loop; chart + tables + read-out + slider): "
                    "median %.2f ms (p90 %.2f; %zu steps)\n",
                    percentile(frame, 0.5), percentile(frame, 0.9), frame.size());
    }
    std::fflush(stdout);
    if (qEnvironmentVariableIsSet("ROOFSCOPE_BENCH_OPERATOR_ONLY"))
        return 0;
    if (qEnvironmentVariableIsSet("ROOFSCOPE_BENCH_VERBOSE"))
        std::printf("setup done\n");
    const int modelSteps = std::max(20, steps / 4);
    if (!benchModelSlider(window, "mixtral-8x7b", "Mixtral 8x7B", 2, modelSteps) ||
        !benchModelSlider(window, "deepseek-v3", "DeepSeek-V3", 8, modelSteps))
        return 1;
    // Both charts: the serving chart beside the roofline, its rings following the batch.
    window.servingView()->setFixedSize(960, 720);
    if (!benchModelSlider(window, "mixtral-8x7b", "Mixtral 8x7B", 2, modelSteps, true) ||
        !benchModelSlider(window, "deepseek-v3", "DeepSeek-V3", 8, modelSteps, true))
        return 1;
    return 0;
}
