// The Plan tab: the deployment planner for the model panel's model on the baseline, checked
// with QAbstractItemModelTester and against the core's planDeployments().
#include "core/models/parallel.h"
#include "ui/document/modelworkbench.h"
#include "ui/models/modeltotalsmodel.h"
#include "ui/models/planmodel.h"
#include "ui/widgets/modelpanel.h"
#include "ui/widgets/modeltotalspanel.h"
#include "ui/widgets/planpanel.h"
#include "uitestutil.h"

#include <QAbstractItemModelTester>
#include <QDockWidget>
#include <QLabel>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::makeWindow;

namespace {

constexpr auto kFatal = QAbstractItemModelTester::FailureReportingMode::Fatal;

} // namespace

TEST(PlanPanel, Llama70bOnH100PlansTheFastestFittingLayoutFirst)
{
    auto window = makeWindow();
    auto* workbench = window->findChild<ModelWorkbench*>();
    auto* panel = window->findChild<PlanPanel*>();
    ASSERT_NE(workbench, nullptr);
    ASSERT_NE(panel, nullptr);
    ASSERT_NE(window->findChild<QDockWidget*>(QStringLiteral("planDock")), nullptr);
    PlanModel* plan = panel->model();
    QAbstractItemModelTester tester(plan, kFatal);
    Session* session = window->session();
    session->setBaseline(session->hardwareIndex("h100-sxm5"));
    ASSERT_FALSE(workbench->setModel("llama-2-70b").has_value());
    InferenceScenario s = workbench->scenario();
    s.phase = Phase::Decode;
    s.batch = 1;
    s.context = 4096;
    ASSERT_FALSE(workbench->setScenario(s).has_value());
    // Hidden tab: nothing computed yet; shown, it catches up.
    plan->setActive(true);
    const Hardware& h100 =
        session->hardware()[static_cast<std::size_t>(session->hardwareIndex("h100-sxm5"))];
    auto expected = planDeployments(workbench->model(), workbench->scenario(), h100, 8);
    ASSERT_TRUE(expected);
    ASSERT_EQ(plan->rowCount(), static_cast<int>(expected->size()));
    EXPECT_EQ(plan->data(plan->index(0, PlanModel::LayoutColumn)).toString().toStdString(), "TP=8");
    EXPECT_EQ(plan->data(plan->index(0, PlanModel::FitsColumn)).toString().toStdString(), "yes");
    EXPECT_DOUBLE_EQ(
        plan->data(plan->index(0, PlanModel::TimeColumn), PlanModel::SortRole).toDouble(),
        expected->front().timeS);
    // The last row is the single GPU that does not fit.
    const int last = plan->rowCount() - 1;
    EXPECT_EQ(plan->data(plan->index(last, PlanModel::GpusColumn)).toInt(), 1);
    EXPECT_EQ(plan->data(plan->index(last, PlanModel::FitsColumn)).toString().toStdString(), "no");
    // Each GPU's time splits into compute-bound, memory-bound and communication.
    const auto sort = [&](int row, int column) {
        return plan->data(plan->index(row, column), PlanModel::SortRole).toDouble();
    };
    for (int row = 0; row < plan->rowCount(); ++row) {
        const ParallelTotals& t = (*expected)[static_cast<std::size_t>(row)];
        if (t.layout.pp > 1)
            continue; // decode: stages add up; covered in the core tests
        EXPECT_NEAR(sort(row, PlanModel::ComputeBoundColumn) +
                        sort(row, PlanModel::MemoryBoundColumn) +
                        sort(row, PlanModel::CommunicationColumn),
                    sort(row, PlanModel::TimeColumn), 1e-12);
    }
    EXPECT_EQ(plan->headerData(PlanModel::TimeColumn, Qt::Horizontal).toString().toStdString(),
              "Time/token");
    // A batch changes the plan and its header: per step at batch > 1.
    s.batch = 64;
    ASSERT_FALSE(workbench->setScenario(s).has_value());
    EXPECT_EQ(plan->headerData(PlanModel::TimeColumn, Qt::Horizontal).toString().toStdString(),
              "Time/step");
    EXPECT_NE(panel->caption().indexOf(QStringLiteral("NVLink")), -1)
        << panel->caption().toStdString();
    // A GPU without a link offers one layout.
    session->setChecked(session->hardwareIndex("tpu-v5e"), true);
    session->setBaseline(session->hardwareIndex("tpu-v5e"));
    s.activations = Precision::BF16;
    s.weights = Precision::BF16;
    s.kvCache = Precision::BF16;
    ASSERT_FALSE(workbench->setScenario(s).has_value());
    EXPECT_EQ(plan->rowCount(), 1);
}

// The Model panel's notes and the totals: W4A16's FP16 LM head, per-step (not per-token) times at
// batch > 1, and a context past the model's training length.
TEST(ModelPanelNotes, LmHeadPerStepAndContextBeyondTraining)
{
    auto window = makeWindow();
    auto* workbench = window->findChild<ModelWorkbench*>();
    auto* panel = window->findChild<ModelPanel*>();
    ASSERT_NE(panel, nullptr);
    ASSERT_FALSE(workbench->setModel("llama-2-70b").has_value());
    InferenceScenario s = workbench->scenario();
    s.phase = Phase::Decode;
    s.batch = 8;
    s.context = 8192;
    s.weights = Precision::INT4;
    ASSERT_FALSE(workbench->setScenario(s).has_value());
    const QString notes = panel->notesLabel()->text();
    EXPECT_TRUE(notes.contains(QStringLiteral("the LM head"))) << notes.toStdString();
    EXPECT_TRUE(notes.contains(QStringLiteral("stay in FP16"))) << notes.toStdString();
    EXPECT_TRUE(notes.contains(QStringLiteral("max_position_embeddings (4096)")))
        << notes.toStdString();
    EXPECT_TRUE(notes.contains(QStringLiteral("one token for each of the 8 sequences")))
        << notes.toStdString();
    auto* totals = window->findChild<ModelTotalsPanel*>();
    ASSERT_NE(totals, nullptr);
    EXPECT_EQ(totals->model()
                  ->headerData(ModelTotalsModel::TimeColumn, Qt::Horizontal)
                  .toString()
                  .toStdString(),
              "Time/step");
    s.batch = 1;
    s.context = 4096;
    s.weights = Precision::FP16;
    ASSERT_FALSE(workbench->setScenario(s).has_value());
    EXPECT_EQ(totals->model()
                  ->headerData(ModelTotalsModel::TimeColumn, Qt::Horizontal)
                  .toString()
                  .toStdString(),
              "Time/token");
    EXPECT_FALSE(panel->notesLabel()->text().contains(QStringLiteral("max_position_embeddings")));
}
