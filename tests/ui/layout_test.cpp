// Layout controls: TP / PP / EP in the Model panel limited to what the model's shapes allow, the
// chart's points becoming one GPU's share, undo, the layout saved and reopened with the document,
// the Plan tab applying a row, and the Model Totals tab splitting each GPU's time into
// compute-bound, memory-bound and communication — every figure derived from the formulas, the
// totals model under QAbstractItemModelTester.
#include "core/models/parallel.h"
#include "modelwindow.h"
#include "ui/chart/roofchart.h"
#include "ui/document/modelworkbench.h"
#include "ui/export/figuredata.h"
#include "ui/models/modeltotalsmodel.h"
#include "ui/models/planmodel.h"
#include "ui/widgets/modelpanel.h"
#include "ui/widgets/modeltotalspanel.h"
#include "ui/widgets/planpanel.h"
#include "uitestutil.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

constexpr auto kFatal = QAbstractItemModelTester::FailureReportingMode::Fatal;

struct LayoutFixture : roofscope::test::ModelWindow {
    const Hardware& hardware(int hw) const
    {
        return session->hardware()[static_cast<std::size_t>(hw)];
    }
    // Picks a value the way a user does.
    void choose(QComboBox* c, int value)
    {
        const int i = c->findData(value);
        ASSERT_GE(i, 0) << value;
        c->setCurrentIndex(i);
        emit c->activated(i);
    }
    QStandardItem* item(QComboBox* c, int value) const
    {
        return qobject_cast<QStandardItemModel*>(c->model())->item(c->findData(value));
    }
    int row(const std::string& key) const
    {
        const Workload& w = workbench->workload();
        for (std::size_t i = 0; i < w.ops.size(); ++i) {
            if (w.ops[i].key == key)
                return workbench->firstModelRow() + static_cast<int>(i);
        }
        return -1;
    }
    QPointF point(int op, int hw) const
    {
        for (const RoofChart::PointInfo& p : window->chart()->points()) {
            if (p.ref.op == op && p.ref.hardware == hw)
                return QPointF(p.value.ai, p.value.flops);
        }
        return {};
    }
};

InferenceScenario decode4096()
{
    InferenceScenario s;
    s.batch = 1;
    s.context = 4096;
    return s;
}

} // namespace

TEST(ModelLayout, ValuesTheModelRefusesAreGreyedOutWithTheReason)
{
    LayoutFixture f;
    f.chooseModel("llama-2-70b");
    // 64 heads, 8 KV heads, 80 layers: TP 3 splits neither; TP 8 is fine.
    QStandardItem* tp3 = f.item(f.panel->tpCombo(), 3);
    ASSERT_NE(tp3, nullptr);
    EXPECT_FALSE(tp3->isEnabled());
    EXPECT_TRUE(tp3->toolTip().contains(QStringLiteral("must divide the attention heads (64)")))
        << tp3->toolTip().toStdString();
    EXPECT_TRUE(f.item(f.panel->tpCombo(), 8)->isEnabled());
    EXPECT_TRUE(f.item(f.panel->ppCombo(), 3)->isEnabled()); // 27 + 27 + 26 layers
    // EP is for mixtures of experts only.
    EXPECT_TRUE(f.panel->epCombo()->isHidden());
    // Asked directly, the workbench refuses with the same reason and changes nothing.
    auto refused = f.workbench->setLayout({3, 1, 1});
    ASSERT_TRUE(refused.has_value());
    EXPECT_TRUE(refused->contains(QStringLiteral("attention heads (64)")));
    EXPECT_EQ(f.workbench->layout(), Layout{});

    // Mixtral 8x7B: 8 experts, EP values must divide TP.
    f.chooseModel("mixtral-8x7b");
    EXPECT_FALSE(f.panel->epCombo()->isHidden());
    f.choose(f.panel->tpCombo(), 4);
    EXPECT_TRUE(f.item(f.panel->epCombo(), 4)->isEnabled());
    EXPECT_FALSE(f.item(f.panel->epCombo(), 8)->isEnabled());
    EXPECT_TRUE(
        f.item(f.panel->epCombo(), 8)->toolTip().contains(QStringLiteral("must divide --tp 4")))
        << f.item(f.panel->epCombo(), 8)->toolTip().toStdString();
}

TEST(ModelLayout, TensorParallelShowsOneGpusShareAndIsUndoable)
{
    LayoutFixture f;
    f.session->setBaseline(f.h100());
    f.chooseModel("llama-2-70b");
    ASSERT_FALSE(f.workbench->setScenario(decode4096()).has_value());
    const int q = f.row("q_proj");
    ASSERT_GE(q, 0);
    const Operator whole = f.session->operators()[static_cast<std::size_t>(q)];
    const int undoBefore = f.session->undoStack()->index();

    f.choose(f.panel->tpCombo(), 4);
    EXPECT_EQ(f.workbench->layout(), (Layout{4, 1, 1}));
    EXPECT_EQ(f.session->undoStack()->index(), undoBefore + 1);
    EXPECT_EQ(f.session->undoStack()->undoText(), QStringLiteral("Layout TP=4"));
    // q_proj on one of four GPUs: a quarter of the 8192 output columns, a quarter of the FLOPs.
    const int q4 = f.row("q_proj");
    const Operator& shard = f.session->operators()[static_cast<std::size_t>(q4)];
    EXPECT_DOUBLE_EQ(shard.cost().flops * 4.0, whole.cost().flops);
    // The chart's point is the shard's estimate on the GPU.
    auto e = estimate(shard.cost(), f.hardware(f.h100()));
    ASSERT_TRUE(e.ok());
    EXPECT_DOUBLE_EQ(f.point(q4, f.h100()).x(), e->ai);
    EXPECT_DOUBLE_EQ(f.point(q4, f.h100()).y(), e->attainable);
    EXPECT_TRUE(f.panel->baselineSummary().contains(QStringLiteral("TP=4")))
        << f.panel->baselineSummary().toStdString();
    // The chart draws the link as its own roof (NVLink 4: 450 GB/s each way) with the
    // all-reduces on it, each moving the ring's 2·(N−1)/N of its payload over the link.
    auto linkRoofs = [&f] {
        int n = 0;
        for (const FigureRoof& r : f.window->chart()->roofs()) {
            if (r.role == RoofRole::Link && r.hardware == f.h100()) {
                EXPECT_DOUBLE_EQ(r.memory.bytesPerS, 450e9);
                ++n;
            }
        }
        return n;
    };
    EXPECT_EQ(linkRoofs(), 1);
    const auto& communication = f.window->chart()->figure().communication;
    ASSERT_FALSE(communication.empty());
    for (const FigureCommPoint& c : communication)
        EXPECT_DOUBLE_EQ(c.linkBytes, 2.0 * 3.0 / 4.0 * c.bytes) << c.name;

    f.session->undoStack()->undo();
    EXPECT_EQ(linkRoofs(), 0);
    EXPECT_TRUE(f.window->chart()->figure().communication.empty());
    EXPECT_EQ(f.workbench->layout(), Layout{});
    EXPECT_EQ(f.panel->tpCombo()->currentData().toInt(), 1);
    EXPECT_DOUBLE_EQ(f.session->operators()[static_cast<std::size_t>(f.row("q_proj"))].cost().flops,
                     whole.cost().flops);
    f.session->undoStack()->redo();
    EXPECT_EQ(f.workbench->layout(), (Layout{4, 1, 1}));
    EXPECT_EQ(f.panel->tpCombo()->currentData().toInt(), 4);
}

TEST(ModelLayout, SavedWithTheDocumentAndRestoredOnReopen)
{
    LayoutFixture f;
    f.chooseModel("llama-2-70b");
    ASSERT_FALSE(f.workbench->setLayout({2, 2, 1}).has_value());
    const std::vector<Operator> shown = f.session->operators();
    const std::string text = scenarioToJson(f.session->toScenario());
    EXPECT_NE(text.find("\"pp\": 2"), std::string::npos) << text;

    LayoutFixture reopened;
    auto parsed = parseScenario(text, "s.roofscope.json");
    ASSERT_TRUE(parsed) << parsed.error().message;
    ASSERT_FALSE(reopened.session->applyScenario(*parsed, QStringLiteral("s.roofscope.json")));
    EXPECT_EQ(reopened.workbench->layout(), (Layout{2, 2, 1}));
    EXPECT_TRUE(reopened.workbench->isShown());
    EXPECT_EQ(reopened.session->operators(), shown);
    EXPECT_EQ(reopened.panel->ppCombo()->currentData().toInt(), 2);

    // A document whose layout the model refuses is refused with the pointer and the reason.
    std::string bad = text;
    bad.replace(bad.find("\"tp\": 2"), 7, "\"tp\": 3");
    auto badParsed = parseScenario(bad, "bad.roofscope.json");
    ASSERT_TRUE(badParsed) << badParsed.error().message;
    auto error = reopened.session->applyScenario(*badParsed, QStringLiteral("bad.roofscope.json"));
    ASSERT_TRUE(error.has_value());
    EXPECT_NE(error->message.find("bad.roofscope.json: /model: "), std::string::npos)
        << error->message;
    EXPECT_NE(error->message.find("attention heads (64)"), std::string::npos) << error->message;
    EXPECT_EQ(reopened.workbench->layout(), (Layout{2, 2, 1})); // nothing lost
}

TEST(ModelTotalsSplit, ComputeMemoryAndCommunicationFromTheFormulas)
{
    LayoutFixture f;
    QAbstractItemModelTester tester(f.totals, kFatal);
    f.session->setBaseline(f.h100());
    f.chooseModel("llama-2-70b");
    ASSERT_FALSE(f.workbench->setScenario(decode4096()).has_value());
    const int h100 = f.h100();

    // One GPU: every operator is memory-bound at batch 1, nothing is communicated.
    const double single = f.total(h100, ModelTotalsModel::TimeColumn).toDouble();
    EXPECT_DOUBLE_EQ(f.total(h100, ModelTotalsModel::ComputeTimeColumn).toDouble(), 0.0);
    EXPECT_NEAR(f.total(h100, ModelTotalsModel::MemoryTimeColumn).toDouble(), single,
                single * 1e-12);
    EXPECT_DOUBLE_EQ(f.total(h100, ModelTotalsModel::CommunicationTimeColumn).toDouble(), 0.0);
    EXPECT_EQ(f.total(h100, ModelTotalsModel::CommunicationTimeColumn, Qt::DisplayRole).toString(),
              QStringLiteral("—"));

    ASSERT_FALSE(f.workbench->setLayout({2, 1, 1}).has_value());
    // TP=2 over NVLink 4 (450 GB/s per direction, 1 µs per hop): per layer two ring
    // all-reduces of 1 token × 8192 × 2 bytes, one for the vocabulary-parallel embedding, and
    // an all-gather of 32000 FP16 logits.
    const double bw = 450e9;
    const double hop = 1e-6;
    const double ar = 2.0 * (2 - 1) / 2.0 * 16384.0 / bw + 2.0 * (2 - 1) * hop;
    const double ag = (2 - 1) / 2.0 * 32000.0 * 2.0 / bw + (2 - 1) * hop;
    const double comm = (2 * 80 + 1) * ar + ag;
    const double commShown = f.total(h100, ModelTotalsModel::CommunicationTimeColumn).toDouble();
    EXPECT_NEAR(commShown, comm, comm * 1e-12);
    const double memory = f.total(h100, ModelTotalsModel::MemoryTimeColumn).toDouble();
    const double compute = f.total(h100, ModelTotalsModel::ComputeTimeColumn).toDouble();
    const double time = f.total(h100, ModelTotalsModel::TimeColumn).toDouble();
    // Decode: the split adds up to the step time; about half the single GPU's.
    EXPECT_NEAR(compute + memory + comm, time, time * 1e-12);
    EXPECT_GT(time / single, 0.45);
    EXPECT_LT(time / single, 0.6);
    EXPECT_TRUE(f.total(h100, ModelTotalsModel::CommunicationTimeColumn, Qt::DisplayRole)
                    .toString()
                    .endsWith(QStringLiteral(" %)")));
    // Per GPU, the layout fits in 80 GB with the headroom.
    EXPECT_EQ(f.total(h100, ModelTotalsModel::FitsColumn).toInt(), 1);
    EXPECT_TRUE(f.total(h100, ModelTotalsModel::MemoryColumn, Qt::DisplayRole)
                    .toString()
                    .endsWith(QStringLiteral("per GPU")));

    // Communication grows with the batch: 8 tokens put 8× the payload on the link.
    InferenceScenario batch8 = decode4096();
    batch8.batch = 8;
    ASSERT_FALSE(f.workbench->setScenario(batch8).has_value());
    const double ar8 = 16384.0 * 8.0 / bw + 2.0 * hop;
    const double ag8 = 0.5 * 8.0 * 64000.0 / bw + hop;
    EXPECT_NEAR(f.total(h100, ModelTotalsModel::CommunicationTimeColumn).toDouble(),
                161 * ar8 + ag8, 1e-12);
}

TEST(PlanApply, DoubleClickingARowAppliesItsLayout)
{
    LayoutFixture f;
    f.session->setBaseline(f.h100());
    f.chooseModel("llama-2-70b");
    auto* plan = f.window->findChild<PlanPanel*>();
    ASSERT_NE(plan, nullptr);
    plan->model()->setActive(true);
    int tp4 = -1;
    for (std::size_t i = 0; i < plan->model()->rows().size(); ++i) {
        if (plan->model()->rows()[i].layout == Layout{4, 1, 1})
            tp4 = static_cast<int>(i);
    }
    ASSERT_GE(tp4, 0);
    plan->table()->selectRow(tp4);
    EXPECT_TRUE(plan->applyButton()->isEnabled());
    emit plan->table()->doubleClicked(plan->model()->index(tp4, 0));
    EXPECT_EQ(f.workbench->layout(), (Layout{4, 1, 1}));
    EXPECT_TRUE(f.workbench->isShown());
    EXPECT_EQ(f.panel->tpCombo()->currentData().toInt(), 4);
    EXPECT_EQ(f.session->undoStack()->undoText(), QStringLiteral("Layout TP=4"));
    // The applied row is marked, and applying it again has nothing to do.
    plan->table()->selectRow(tp4);
    const int applied = [&] {
        for (std::size_t i = 0; i < plan->model()->rows().size(); ++i) {
            if (plan->model()->rows()[i].layout == Layout{4, 1, 1})
                return static_cast<int>(i);
        }
        return -1;
    }();
    plan->table()->selectRow(applied);
    EXPECT_FALSE(plan->applyButton()->isEnabled());
    EXPECT_TRUE(plan->model()->index(applied, 0).data(Qt::FontRole).value<QFont>().italic());
}

TEST(ModelLayout, FigureDataListsTheLinkRoofAndTheAllReduces)
{
    LayoutFixture f;
    f.chooseModel("llama-2-70b");
    ASSERT_FALSE(f.workbench->setScenario(decode4096()).has_value());
    ASSERT_FALSE(f.workbench->setLayout({4, 1, 1}).has_value());
    const FigureData data = figureDataOf(*f.session, f.window->chart()->effectiveRange());
    const std::string csv = data.toCsv();
    // H100's link roof and, on it, the attention all-reduce: 2 · 3/4 · 16384 = 24576 link bytes
    // in 24576 / 450e9 s + 6 hops of 1 µs, at AI 0.25 and 112.5 GFLOP/s.
    const auto linkRow = csv.find(",,NVLink 4 · 450 GB/s,0,");
    ASSERT_NE(linkRow, std::string::npos) << csv.substr(0, 2000);
    EXPECT_EQ(csv.rfind("\nroof,h100-sxm5,", linkRow), csv.rfind('\n', linkRow));
    bool found = false;
    for (const FigureData::Communication& c : data.communication()) {
        if (c.key != "attn_all_reduce" || c.hardware != f.h100())
            continue;
        found = true;
        EXPECT_DOUBLE_EQ(c.linkBytes, 24576.0);
        EXPECT_DOUBLE_EQ(c.timeS, 24576.0 / 450e9 + 6e-6);
        EXPECT_DOUBLE_EQ(c.value.ai, 0.25);
        EXPECT_DOUBLE_EQ(c.value.flops, 112.5e9);
    }
    EXPECT_TRUE(found);
    EXPECT_NE(csv.find("\ncommunication,h100-sxm5,"), std::string::npos);
    EXPECT_NE(data.toJson().find("\"link_bytes\": 24576"), std::string::npos);
}
