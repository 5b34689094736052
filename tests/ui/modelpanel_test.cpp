// The model panel in the window: Llama-2-70B decode on the four seed GPUs, its operators on the
// chart at the core's points with marker areas by share of step time, the batch slider moving
// them across the ridge live, the totals following, undo, and the totals model under
// QAbstractItemModelTester. Every number is checked against the core's own evaluation.
#include "modelwindow.h"
#include "ui/chart/roofchart.h"
#include "ui/controls/logslider.h"
#include "ui/document/modelworkbench.h"
#include "ui/models/modeltotalsmodel.h"
#include "ui/text/humanformat.h"
#include "ui/widgets/modelpanel.h"
#include "ui/widgets/modeltotalspanel.h"
#include "uitestutil.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTableView>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <map>

using namespace roofscope;

namespace {

constexpr auto kFatal = QAbstractItemModelTester::FailureReportingMode::Fatal;

struct Fixture : roofscope::test::ModelWindow {
    // Drags the batch slider to `value` (as one gesture) and returns the value it landed on.
    double dragBatch(double value)
    {
        LogSlider* s = panel->batchSlider();
        emit s->gestureStarted();
        s->slider()->setSliderDown(true);
        s->slider()->setValue(s->positionOf(value));
        s->slider()->setSliderDown(false);
        emit s->gestureFinished();
        return s->value();
    }

    // The core's verdict for the whole scenario on one GPU, computed here independently.
    WorkloadTotals coreTotals(const InferenceScenario& s, const std::string& gpu) const
    {
        const ModelConfig* m = workbench->catalog().find("llama-2-70b");
        auto w = expandWorkload(*m, s);
        EXPECT_TRUE(w.ok());
        auto t = evaluateWorkload(*w, session->hardware()[session->hardwareIndex(gpu)]);
        EXPECT_TRUE(t.ok());
        return *t;
    }
};

InferenceScenario decode(double batch, double context = 2048)
{
    InferenceScenario s;
    s.batch = batch;
    s.context = context;
    return s;
}

std::map<std::pair<int, int>, DataPoint> pointsByRef(const RoofChart* chart)
{
    std::map<std::pair<int, int>, DataPoint> out;
    for (const RoofChart::PointInfo& p : chart->points())
        out[{p.ref.op, p.ref.hardware}] = p.value;
    return out;
}

bool isWeightMatmul(const std::string& key)
{
    return key.ends_with("_proj") || key == "lm_head";
}

} // namespace

TEST(ModelPanel, Llama70bDecodeOnFourGpus)
{
    Fixture f;
    ASSERT_NE(f.panel, nullptr);
    ASSERT_NE(f.workbench, nullptr);
    ASSERT_EQ(f.session->checkedHardware().size(), 4u);
    EXPECT_FALSE(f.workbench->isShown()); // the seed's story until the panel is used
    f.chooseModel("llama-2-70b");
    ASSERT_TRUE(f.workbench->isShown());
    EXPECT_EQ(f.workbench->scenario(), decode(1));

    // Time per token on H100: ≈ 41 ms (138 GB of weights at 3.35 TB/s), and it does not fit.
    const double t = f.total(f.h100(), ModelTotalsModel::TimeColumn).toDouble();
    EXPECT_NEAR(t, 41.3e-3, 0.3e-3);
    EXPECT_EQ(t, f.coreTotals(decode(1), "h100-sxm5").timeS);
    EXPECT_TRUE(f.total(f.h100(), ModelTotalsModel::TimeColumn, Qt::DisplayRole)
                    .toString()
                    .startsWith(QStringLiteral("41.")));
    EXPECT_NEAR(f.total(f.h100(), ModelTotalsModel::TokensColumn).toDouble(), 24.2, 0.2);
    EXPECT_EQ(f.total(f.h100(), ModelTotalsModel::FitsColumn).toInt(), 0);
    EXPECT_EQ(f.total(f.h100(), ModelTotalsModel::FitsColumn, Qt::DisplayRole).toString(),
              QStringLiteral("no: needs 2 GPUs"));
    EXPECT_DOUBLE_EQ(f.total(f.h100(), ModelTotalsModel::MemoryBoundColumn).toDouble(), 1.0);
    EXPECT_DOUBLE_EQ(f.total(f.h100(), ModelTotalsModel::SpeedupColumn).toDouble(), 1.0);
    const QString summary = f.panel->baselineSummary();
    EXPECT_TRUE(summary.contains(QStringLiteral("41.27 ms per token"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("needs 2 GPUs"))) << summary.toStdString();
    EXPECT_TRUE(f.totalsPanel->caption().contains(QStringLiteral("decode, batch 1, context 2048")))
        << f.totalsPanel->caption().toStdString();
    // H200 (4.8 TB/s) against the H100 baseline: the bandwidth ratio, and 141 GB holds it.
    const int h200 = f.session->hardwareIndex("h200-sxm");
    ASSERT_GE(h200, 0);
    EXPECT_NEAR(f.total(h200, ModelTotalsModel::SpeedupColumn).toDouble(), 4.8 / 3.35, 0.03);
    EXPECT_EQ(f.total(h200, ModelTotalsModel::FitsColumn).toInt(), 1);

    // One point per workload row per checked GPU, at the core's (AI, attainable).
    const Workload& w = f.workbench->workload();
    ASSERT_EQ(f.session->operators().size(), w.ops.size());
    EXPECT_EQ(QString::fromStdString(f.session->operators()[2].label),
              QStringLiteral("Q projection ×80"));
    const auto points = pointsByRef(f.window->chart());
    EXPECT_EQ(points.size(), w.ops.size() * 4);
    for (int hw : f.session->checkedHardware()) {
        auto core = evaluateWorkload(w, f.session->hardware()[static_cast<std::size_t>(hw)]);
        ASSERT_TRUE(core.ok());
        for (std::size_t i = 0; i < w.ops.size(); ++i) {
            const auto it = points.find({static_cast<int>(i), hw});
            ASSERT_NE(it, points.end()) << w.ops[i].key;
            EXPECT_DOUBLE_EQ(it->second.ai, core->perOp[i].estimate.ai) << w.ops[i].key;
            EXPECT_DOUBLE_EQ(it->second.flops, core->perOp[i].estimate.attainable) << w.ops[i].key;
        }
    }

    // Marker area ∝ share of step time: gate_proj (27 % on H100) is drawn larger than q_proj
    // (7.8 %), a residual add at the smallest size.
    const auto sizeOf = [&](const std::string& key) {
        for (std::size_t i = 0; i < w.ops.size(); ++i) {
            if (w.ops[i].key != key)
                continue;
            for (const RoofChart::PointInfo& p : f.window->chart()->points()) {
                if (p.ref.op == static_cast<int>(i) && p.ref.hardware == f.h100())
                    return static_cast<double>(p.size);
            }
        }
        return 0.0;
    };
    const auto share = [&](const std::string& key) {
        for (std::size_t i = 0; i < w.ops.size(); ++i) {
            if (w.ops[i].key == key)
                return *f.workbench->timeShare(static_cast<int>(i), f.h100());
        }
        return 0.0;
    };
    EXPECT_NEAR(share("gate_proj"), 0.272, 0.003);
    const double gate = sizeOf("gate_proj");
    const double q = sizeOf("q_proj");
    EXPECT_DOUBLE_EQ(gate, f.window->chart()->markerSizeForShare(share("gate_proj")));
    EXPECT_NEAR((gate * gate) / (q * q), share("gate_proj") / share("q_proj"), 1e-9);
    EXPECT_DOUBLE_EQ(sizeOf("mlp_residual"), f.window->chart()->markerSizeForShare(0.0));
    EXPECT_LT(sizeOf("mlp_residual"), q);
    EXPECT_LE(gate, f.window->chart()->style().markerSize * 5.0);
}

TEST(ModelPanel, BatchSliderMovesOperatorsAcrossTheRidge)
{
    Fixture f;
    f.chooseModel("llama-2-70b");
    const Workload before = f.workbench->workload();
    const auto pointsBefore = pointsByRef(f.window->chart());
    const auto boundOnH100 = [&](Bound b) {
        int n = 0;
        for (std::size_t i = 0; i < f.session->operators().size(); ++i) {
            const auto& e = f.session->estimate(static_cast<int>(i), f.h100());
            n += e && e->bound == b ? 1 : 0;
        }
        return n;
    };
    EXPECT_EQ(boundOnH100(Bound::Compute), 0);
    const QUndoStack* undo = f.session->undoStack();
    const int undoSteps = undo->count();

    const double batch = f.dragBatch(512);
    EXPECT_NEAR(batch, 512, 6);
    EXPECT_EQ(f.workbench->scenario().batch, batch);
    EXPECT_EQ(f.panel->batchSlider()->spinBox()->value(), static_cast<int>(batch));
    EXPECT_EQ(undo->count(), undoSteps + 1); // the drag is one undo step

    // Every weight matmul moves right on every GPU; attention reads each sequence's own KV
    // cache, so its intensity does not depend on the batch and its points stay.
    const Workload& after = f.workbench->workload();
    ASSERT_EQ(after.ops.size(), before.ops.size());
    const auto pointsAfter = pointsByRef(f.window->chart());
    int moved = 0;
    for (std::size_t i = 0; i < after.ops.size(); ++i) {
        for (int hw : f.session->checkedHardware()) {
            const DataPoint a = pointsBefore.at({static_cast<int>(i), hw});
            const DataPoint b = pointsAfter.at({static_cast<int>(i), hw});
            if (isWeightMatmul(after.ops[i].key)) {
                EXPECT_GT(b.ai, a.ai * 100) << after.ops[i].key;
                ++moved;
            } else if (after.ops[i].key.starts_with("attn_")) {
                EXPECT_DOUBLE_EQ(b.ai, a.ai) << after.ops[i].key;
            }
        }
    }
    EXPECT_EQ(moved, 8 * 4); // q k v o gate up down lm_head on four GPUs
    EXPECT_GE(boundOnH100(Bound::Compute), 7);
    // The labels carry the new counts of the per-sequence attention matmuls.
    EXPECT_NE(std::find_if(f.session->operators().begin(), f.session->operators().end(),
                           [&](const Operator& op) {
                               return op.label ==
                                      "QKᵀ scores ×" +
                                          HumanFormat::count(batch * 8 * 80).toStdString();
                           }),
              f.session->operators().end());

    // The totals follow the slider: the core's figures for the new batch.
    const WorkloadTotals core = f.coreTotals(decode(batch), "h100-sxm5");
    EXPECT_DOUBLE_EQ(f.total(f.h100(), ModelTotalsModel::TimeColumn).toDouble(), core.timeS);
    EXPECT_DOUBLE_EQ(f.total(f.h100(), ModelTotalsModel::TokensColumn).toDouble(), core.tokensPerS);
    EXPECT_GT(core.tokensPerS, 100 * 24.2);
    EXPECT_LT(f.total(f.h100(), ModelTotalsModel::MemoryBoundColumn).toDouble(), 0.9);

    // Undo puts the points and the slider back together.
    f.session->undoStack()->undo();
    EXPECT_EQ(f.workbench->scenario().batch, 1.0);
    EXPECT_EQ(f.panel->batchSlider()->value(), 1.0);
    EXPECT_TRUE(f.workbench->isShown());
    EXPECT_EQ(pointsByRef(f.window->chart()), pointsBefore);
    EXPECT_EQ(boundOnH100(Bound::Compute), 0);
}

// Speed is measured by the benchmark target, not here: this checks that a whole drag gesture,
// step by step, lands on the last value.
TEST(ModelPanel, DraggingTheBatchSliderToTheEndReaches4096)
{
    Fixture f;
    f.chooseModel("llama-2-70b");
    LogSlider* s = f.panel->batchSlider();
    emit s->gestureStarted();
    for (int pos = 0; pos <= LogSlider::kSteps; pos += 25) {
        s->slider()->setValue(pos);
        f.panel->flushPending();
    }
    s->slider()->setValue(LogSlider::kSteps);
    f.panel->flushPending();
    emit s->gestureFinished();
    EXPECT_EQ(f.workbench->scenario().batch, 4096.0);
}

TEST(ModelPanel, ContextPhasePrecisionRowEditsAndDetach)
{
    Fixture f;
    f.chooseModel("llama-2-70b");
    // A longer context: only attention and the KV cache change.
    f.panel->contextSlider()->spinBox()->setValue(32768);
    f.panel->flushPending();
    EXPECT_EQ(f.workbench->scenario().context, 32768.0);
    EXPECT_EQ(f.total(f.h100(), ModelTotalsModel::TimeColumn).toDouble(),
              f.coreTotals(decode(1, 32768), "h100-sxm5").timeS);

    // Prefill of a 2048-token prompt: compute-bound matmuls, the core's totals.
    f.panel->contextSlider()->spinBox()->setValue(2048);
    f.panel->flushPending();
    QComboBox* phase = f.panel->phaseCombo();
    phase->setCurrentIndex(phase->findData(static_cast<int>(Phase::Prefill)));
    emit phase->activated(phase->currentIndex());
    ASSERT_EQ(f.workbench->scenario().phase, Phase::Prefill);
    InferenceScenario prefill = decode(1, 2048);
    prefill.phase = Phase::Prefill;
    EXPECT_EQ(f.total(f.h100(), ModelTotalsModel::TimeColumn).toDouble(),
              f.coreTotals(prefill, "h100-sxm5").timeS);
    EXPECT_EQ(f.session->operators().size(), f.workbench->workload().ops.size());
    EXPECT_EQ(f.totals->headerData(ModelTotalsModel::TimeColumn, Qt::Horizontal),
              QStringLiteral("Prefill time"));
    // Fused (flash attention, one kernel per elementwise chain): ≈ 283–290 TFLOP, the step
    // almost entirely compute-bound.
    f.panel->fusedCheck()->setChecked(true);
    EXPECT_TRUE(f.workbench->scenario().fused);
    const auto* t = f.workbench->totals(f.h100());
    ASSERT_TRUE(t && *t);
    EXPECT_GT((*t)->flops, 283e12);
    EXPECT_LT((*t)->flops, 290e12);
    EXPECT_LT(f.total(f.h100(), ModelTotalsModel::MemoryBoundColumn).toDouble(), 0.1);

    // W4A16: weights int4; choosing FP8 activations with FP16 weights lowers the weights with
    // them (W16A8 makes no kernel).
    QComboBox* weights = f.panel->weightsCombo();
    weights->setCurrentIndex(weights->findData(static_cast<int>(Precision::INT4)));
    emit weights->activated(weights->currentIndex());
    EXPECT_EQ(f.workbench->scenario().weights, Precision::INT4);
    weights->setCurrentIndex(weights->findData(static_cast<int>(Precision::FP16)));
    emit weights->activated(weights->currentIndex());
    QComboBox* act = f.panel->activationsCombo();
    act->setCurrentIndex(act->findData(static_cast<int>(Precision::FP8)));
    emit act->activated(act->currentIndex());
    EXPECT_EQ(f.workbench->scenario().activations, Precision::FP8);
    EXPECT_EQ(f.workbench->scenario().weights, Precision::FP8);

    // Editing one row by hand keeps model mode: the edit is an override of the row, the
    // markers keep their shares of the step time.
    EXPECT_TRUE(f.workbench->isShown());
    EXPECT_FALSE(f.panel->showButton()->isEnabled());
    const auto& rows = f.workbench->workload().ops;
    const int q =
        static_cast<int>(std::find_if(rows.begin(), rows.end(),
                                      [](const WorkloadOp& r) { return r.key == "o_proj"; }) -
                         rows.begin());
    ASSERT_LT(q, static_cast<int>(rows.size()));
    const auto error = f.session->setNumber(q, "k", 4096);
    ASSERT_FALSE(error.has_value()) << error->toStdString();
    EXPECT_TRUE(f.workbench->isShown());
    EXPECT_FALSE(f.panel->showButton()->isEnabled());
    EXPECT_EQ(f.workbench->rowOverrides().at("o_proj").params.at("k"), "4096");
    EXPECT_TRUE(f.session->isEditedModelRow(q));
    // Undoing the edit takes the override back; model mode stays.
    f.session->undoStack()->undo();
    EXPECT_TRUE(f.workbench->isShown());
    EXPECT_TRUE(f.workbench->rowOverrides().empty());
    // Removing a row leaves model mode: default markers again, the button comes back.
    f.session->removeOperator(q);
    EXPECT_FALSE(f.workbench->isShown());
    EXPECT_TRUE(f.panel->showButton()->isEnabled());
    for (const RoofChart::PointInfo& p : f.window->chart()->points()) {
        const ChartStyle& style = f.window->chart()->style();
        EXPECT_TRUE(p.size == style.markerSize || p.size == style.selectedMarkerSize) << p.size;
    }
    f.session->undoStack()->undo();
    EXPECT_TRUE(f.workbench->isShown());
    // The seed's story (File ▸ New) leaves it too; Show on Chart returns.
    f.window->newDocument();
    EXPECT_FALSE(f.workbench->isShown());
    f.panel->showButton()->click();
    EXPECT_TRUE(f.workbench->isShown());
    EXPECT_EQ(f.session->operators().size(), f.workbench->workload().ops.size());
}

TEST(ModelPanel, TotalsModelUnderTester)
{
    Fixture f;
    QAbstractItemModelTester tester(f.totals, kFatal);
    f.chooseModel("mixtral-8x7b");
    f.chooseModel("llama-2-70b");
    f.dragBatch(64);
    f.session->setChecked(f.session->hardwareIndex("a100-sxm4-80gb"), false);
    EXPECT_EQ(f.totals->rowCount(), 3);
    EXPECT_EQ(static_cast<int>(f.window->chart()->points().size()),
              static_cast<int>(f.workbench->workload().ops.size()) * 3);
    f.session->setBaseline(f.session->hardwareIndex("b200-sxm"));
    EXPECT_DOUBLE_EQ(
        f.total(f.session->hardwareIndex("b200-sxm"), ModelTotalsModel::SpeedupColumn).toDouble(),
        1.0);
    f.session->setChecked(f.session->hardwareIndex("v100-sxm2"), true);
    EXPECT_EQ(f.totals->rowCount(), 4);
    f.session->undoStack()->undo();
    f.session->undoStack()->undo();
    f.session->undoStack()->redo();
    for (int hw : std::vector<int>(f.session->checkedHardware()))
        f.session->setChecked(hw, false);
    EXPECT_EQ(f.totals->rowCount(), 0);
    f.window->newDocument();
    EXPECT_EQ(f.totals->rowCount(), 4);
}
