// One figure builder: the window's chart keeps its figure up to date piece by piece (a slider
// step reads one operator's points again, the roofs only when a precision changes, the links
// only when the layout does), and what it draws must be what the core's buildFigure() builds
// from the same document (Session::figure()). Compared after every kind of change, for the
// default scenario, a model over four GPUs (TP=4) and two measured runs compared before/after.
#include "core/document/labelkeys.h"
#include "modelwindow.h"
#include "tests/common/measuredkernels.h"
#include "ui/chart/roofchart.h"
#include "ui/controls/logslider.h"
#include "ui/widgets/parameterpanel.h"
#include "uitestutil.h"

#include <QSlider>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <tuple>

using namespace roofscope;

namespace {

// Numbers compared to 9 significant digits: both sides hold doubles from the same core
// functions, but the chart may read them in another order.
std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9e", v);
    return buf;
}

std::string point(const DataPoint& p)
{
    return num(p.ai) + "," + num(p.flops);
}

using RoofKey = std::tuple<int, int, std::string, std::string, std::string, bool, bool,
                           std::vector<int>>; // gpu, role, peak, ridge, label, slope, flat, usedBy

RoofKey roofKey(const FigureRoof& r)
{
    return {
        r.hardware, static_cast<int>(r.role), num(r.peak), num(r.ridgeAi), r.label, r.slope, r.flat,
        r.usedBy};
}

// Everything of `core` the chart draws or hands on (speed-ups, operator descriptions), compared
// with what the chart holds and draws.
void expectChartDrawsTheCoreFigure(const RoofChart& chart, const Session& session,
                                   const std::string& when)
{
    SCOPED_TRACE(when);
    const Figure core = session.figure();
    const Figure& drawn = chart.figure();

    // The GPUs, their order and colours.
    ASSERT_EQ(drawn.gpus.size(), core.gpus.size());
    for (std::size_t i = 0; i < core.gpus.size(); ++i) {
        EXPECT_EQ(drawn.gpus[i].id, core.gpus[i].id);
        EXPECT_EQ(drawn.gpus[i].baseline, core.gpus[i].baseline);
        EXPECT_EQ(chart.colorOf(core.gpus[i].hardware).rgb() & 0xffffffu,
                  core.gpus[i].rgb(core.theme))
            << core.gpus[i].id;
    }

    // Roofs, as stroked.
    std::multiset<RoofKey> drawnRoofs;
    std::multiset<RoofKey> coreRoofs;
    for (const RoofChart::DrawnRoof& d : chart.drawnRoofs())
        drawnRoofs.insert(roofKey(d.roof));
    for (const FigureRoof& r : core.roofs)
        coreRoofs.insert(roofKey(r));
    EXPECT_EQ(drawnRoofs, coreRoofs);
    EXPECT_FALSE(coreRoofs.empty());

    // Operator points, as drawn.
    std::multiset<std::string> drawnPoints;
    std::multiset<std::string> corePoints;
    for (const RoofChart::PointInfo& p : chart.points())
        drawnPoints.insert(std::to_string(p.ref.op) + "@" + std::to_string(p.ref.hardware) + ":" +
                           point(p.value));
    for (const FigurePoint& p : core.points)
        corePoints.insert(std::to_string(p.op) + "@" + std::to_string(p.hardware) + ":" +
                          point({p.estimate.ai, p.estimate.attainable}));
    EXPECT_EQ(drawnPoints, corePoints);
    // Each point's speed-up against the baseline, and the operators as named and described.
    std::multiset<std::string> drawnSpeedups;
    std::multiset<std::string> coreSpeedups;
    for (const FigurePoint& p : drawn.points)
        drawnSpeedups.insert(std::to_string(p.op) + "@" + std::to_string(p.hardware) + ":" +
                             (p.speedup ? num(*p.speedup) : "none"));
    for (const FigurePoint& p : core.points)
        coreSpeedups.insert(std::to_string(p.op) + "@" + std::to_string(p.hardware) + ":" +
                            (p.speedup ? num(*p.speedup) : "none"));
    EXPECT_EQ(drawnSpeedups, coreSpeedups);
    ASSERT_EQ(drawn.operators.size(), core.operators.size());
    for (std::size_t i = 0; i < core.operators.size(); ++i) {
        EXPECT_EQ(drawn.operators[i].name, core.operators[i].name);
        EXPECT_EQ(drawn.operators[i].spec, core.operators[i].spec);
        EXPECT_EQ(drawn.operators[i].drivingParam, core.operators[i].drivingParam);
    }

    // The selected operator's sweep on every GPU, and its ridge crossing.
    EXPECT_EQ(drawn.sweeps.size(), core.sweeps.size());
    for (std::size_t i = 0; i < std::min(drawn.sweeps.size(), core.sweeps.size()); ++i) {
        EXPECT_EQ(drawn.sweeps[i].hardware, core.sweeps[i].hardware);
        EXPECT_EQ(drawn.sweeps[i].param, core.sweeps[i].param); // "B", the swept parameter
    }
    for (const FigureSweep& s : core.sweeps) {
        std::vector<std::string> want;
        std::vector<std::string> got;
        for (const DataPoint& p : s.points)
            want.push_back(point(p));
        for (const DataPoint& p : chart.sweepPoints(s.hardware))
            got.push_back(point(p));
        EXPECT_EQ(got, want) << "sweep on GPU " << s.hardware;
        if (s.crossing) {
            const auto crossing = chart.crossingPoint(s.hardware);
            ASSERT_TRUE(crossing.has_value());
            EXPECT_EQ(point(*crossing), point(s.crossingPoint));
        }
    }

    // The collectives on the links of a layout over GPUs.
    std::multiset<std::string> drawnComm;
    std::multiset<std::string> coreComm;
    for (const FigureCommPoint& c : drawn.communication)
        drawnComm.insert(std::to_string(c.hardware) + c.key + point(c.value));
    for (const FigureCommPoint& c : core.communication)
        coreComm.insert(std::to_string(c.hardware) + c.key + point(c.value));
    EXPECT_EQ(drawnComm, coreComm);

    // Measured kernels, the arrows between runs or to predictions, and the speed-ups.
    std::multiset<std::string> drawnMeasured;
    std::multiset<std::string> coreMeasured;
    for (const DataPoint& p : chart.measuredPoints())
        drawnMeasured.insert(point(p));
    for (const MeasuredPoint& m : core.measured)
        coreMeasured.insert(point(m.value));
    EXPECT_EQ(drawnMeasured, coreMeasured);
    ASSERT_EQ(drawn.links.size(), core.links.size());
    int arrows = 0; // a kernel that did not move between the runs gets no arrow
    for (const MeasuredLink& link : core.links)
        arrows += point(link.tail) != point(link.head);
    EXPECT_EQ(chart.linkCount(), arrows);
    for (std::size_t i = 0; i < core.links.size(); ++i) {
        EXPECT_EQ(point(drawn.links[i].tail), point(core.links[i].tail));
        EXPECT_EQ(point(drawn.links[i].head), point(core.links[i].head));
    }
    EXPECT_EQ(drawn.kernelSpeedups.size(), core.kernelSpeedups.size());

    // Every label names a thing of the core's figure: a GPU's ridge, a roof by its label and
    // value, an operator by its shown name, or one of the top kernels by time.
    std::set<std::string> names;
    for (const FigureGpu& g : core.gpus)
        names.insert(ridgeLabelKey(g.id));
    for (const FigureRoof& r : core.roofs)
        names.insert(roofLabelKey(r.label, r.peak));
    std::vector<std::string> operatorNames;
    for (const Operator& op : session.operators())
        operatorNames.push_back(op.displayName());
    for (const std::string& k : operatorLabelKeys(operatorNames))
        names.insert(k);
    for (const MeasuredPoint& m : core.measured) {
        if (m.labelled)
            names.insert("kernel:" + std::to_string(m.set) + ":" + std::to_string(m.kernel));
    }
    int keyed = 0;
    for (const RoofChart::Label& l : chart.visibleLabels()) {
        if (l.key.isEmpty())
            continue;
        ++keyed;
        EXPECT_TRUE(names.count(l.key.toStdString())) << l.key.toStdString();
    }
    EXPECT_GT(keyed, 0);
}

void stepSlider(MainWindow& w, const char* param, int position)
{
    LogSlider* slider = w.parameterPanel()->slider(param);
    ASSERT_NE(slider, nullptr) << param;
    slider->slider()->setValue(position);
    w.parameterPanel()->flushPending();
}

} // namespace

TEST(FigureBuilder, TheDefaultScenarioAfterEveryKindOfEdit)
{
    auto w = test::makeWindow();
    w->resize(1600, 1000);
    w->show();
    Session* s = w->session();
    RoofChart* chart = w->chart();
    expectChartDrawsTheCoreFigure(*chart, *s, "as opened");

    for (int position : {200, 450, 700}) {
        stepSlider(*w, "batch", position);
        expectChartDrawsTheCoreFigure(*chart, *s, "batch slider at " + std::to_string(position));
    }
    s->setSelectedOperator(0);
    expectChartDrawsTheCoreFigure(*chart, *s, "first operator selected");
    const int h100 = s->hardwareIndex("h100-sxm5");
    const int b200 = s->hardwareIndex("b200-sxm");
    ASSERT_GE(h100, 0);
    ASSERT_GE(b200, 0);
    s->setChecked(b200, true);
    s->setBaseline(b200);
    expectChartDrawsTheCoreFigure(*chart, *s, "B200 checked and made the baseline");
    s->setChecked(h100, false);
    expectChartDrawsTheCoreFigure(*chart, *s, "H100 unchecked");
    ChartToggles toggles = s->viewSettings()->toggles();
    toggles.sweep = !toggles.sweep;
    s->viewSettings()->setToggles(toggles);
    expectChartDrawsTheCoreFigure(*chart, *s, "sweep toggled");
    s->viewSettings()->setTheme(Theme::Dark);
    expectChartDrawsTheCoreFigure(*chart, *s, "dark theme");
    while (s->undoStack()->canUndo())
        s->undoStack()->undo();
    expectChartDrawsTheCoreFigure(*chart, *s, "everything undone");
}

TEST(FigureBuilder, AModelOverFourGpus)
{
    test::ModelWindow f;
    f.window->resize(1600, 1000);
    f.window->show();
    f.chooseModel("llama-2-70b");
    ASSERT_FALSE(f.workbench->setLayout({4, 1, 1}).has_value());
    RoofChart* chart = f.window->chart();
    expectChartDrawsTheCoreFigure(*chart, *f.session, "Llama-2-70B, TP=4");
    EXPECT_FALSE(chart->figure().communication.empty()); // the all-reduces are on the chart

    InferenceScenario step = f.workbench->scenario();
    for (double batch : {8.0, 64.0, 512.0}) {
        step.batch = batch;
        ASSERT_FALSE(f.workbench->setScenario(step, f.session->newGesture()).has_value());
        expectChartDrawsTheCoreFigure(*chart, *f.session, "batch " + std::to_string(batch));
    }
    ASSERT_FALSE(f.workbench->setLayout({2, 2, 1}).has_value());
    expectChartDrawsTheCoreFigure(*chart, *f.session, "TP=2, PP=2");
    f.session->undoStack()->undo();
    expectChartDrawsTheCoreFigure(*chart, *f.session, "layout undone");
}

TEST(FigureBuilder, TwoMeasuredRunsComparedBeforeAndAfter)
{
    auto w = test::makeWindow();
    w->resize(1600, 1000);
    w->show();
    Session* s = w->session();
    RoofChart* chart = w->chart();
    auto run = [](const std::string& file, double gemmTime) {
        MeasurementSet set;
        set.file = file;
        for (MeasuredKernel k :
             {test::csvKernel("gemm", gemmTime, 6.87e13, 6.87e13 / 15.6, 6.87e13 / 5.26,
                              6.87e13 / 0.40),
              test::csvKernel("softmax", 6.0, 1.2e10, 9.0e10, 1.3e11, 3.0e11),
              test::csvKernel("layernorm", 3.0, 2.0e10, 1.6e11, 2.2e11, 4.0e11)}) {
            k.gpu = "a100-sxm4-80gb";
            k.precision = Precision::FP32;
            k.unit = ComputeUnit::Vector;
            set.kernels.push_back(std::move(k));
        }
        return set;
    };
    s->measurementStore()->importMeasurements(run("before.csv", 36.98));
    expectChartDrawsTheCoreFigure(*chart, *s, "one run");
    s->measurementStore()->importMeasurements(run("after.csv", 14.792));
    expectChartDrawsTheCoreFigure(*chart, *s, "two runs, before and after");
    EXPECT_FALSE(chart->figure().links.empty());
    s->measurementStore()->setMeasuredHierarchical(true);
    expectChartDrawsTheCoreFigure(*chart, *s, "hierarchical view");
    stepSlider(*w, "batch", 600);
    expectChartDrawsTheCoreFigure(*chart, *s, "a slider step with runs shown");
    s->undoStack()->undo();
    s->undoStack()->undo();
    expectChartDrawsTheCoreFigure(*chart, *s, "after import and slider undone");
}
