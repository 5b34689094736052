// One slider step, end to end: the batch slider moves → the session re-costs the operator on
// every checked accelerator → the models signal the change → the chart moves the points, the
// sweep and the labels → the chart view repaints. 4 accelerators × 10 operators, the chart
// view at 1600×900, offscreen. Prints the median and other percentiles in milliseconds.
//
//   ./build/tests/bench/roofscope_bench_slider [steps]
#include "core/catalog.h"
#include "core/scenario.h"
#include "ui/chart/roofchart.h"
#include "ui/chart/roofchartview.h"
#include "ui/session.h"
#include "ui/widgets/logslider.h"
#include "ui/widgets/mainwindow.h"
#include "ui/widgets/parameterpanel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSlider>
#include <QStandardPaths>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace roofscope;

namespace {

double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    const std::size_t i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
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
    int position = 0;
    int direction = 7;
    auto nextPosition = [&] {
        position += direction;
        if (position > LogSlider::kSteps || position < 0) {
            direction = -direction;
            position += 2 * direction;
        }
        return position;
    };
    QElapsedTimer timer;

    // The documented figure: the step, the updates it causes (core, models, chart, read-out,
    // tables: all synchronous) and a full repaint of the chart view.
    std::vector<double> step;
    std::vector<double> updatePhase;
    std::vector<double> paintPhase;
    for (int i = 0; i < steps + 20; ++i) {
        const int pos = nextPosition();
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
    for (int i = 0; i < steps / 2 + 10; ++i) {
        const int pos = nextPosition();
        timer.start();
        slider->setValue(pos);
        panel->flushPending();
        QApplication::processEvents();
        if (i >= 10)
            frame.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::printf("roofscope_bench_slider: %d accelerators x %d operators, chart view %dx%d, %s\n",
                nGpus, nOps, view->width(), view->height(),
                qPrintable(QApplication::platformName()));
    std::printf("slider step -> core + models + chart updated + chart view repainted: "
                "median %.2f ms (p10 %.2f, p90 %.2f; %zu steps)\n",
                percentile(step, 0.5), percentile(step, 0.1), percentile(step, 0.9), step.size());
    std::printf("  of which update %.2f ms, full chart repaint %.2f ms (medians)\n",
                percentile(updatePhase, 0.5), percentile(paintPhase, 0.5));
    std::printf("whole window frame (event loop; chart + tables + read-out + slider): "
                "median %.2f ms (p90 %.2f; %zu steps)\n",
                percentile(frame, 0.5), percentile(frame, 0.9), frame.size());
    return 0;
}
