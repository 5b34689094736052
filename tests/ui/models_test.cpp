// The three models under QAbstractItemModelTester while the session changes under them, and
// the values they show checked against the core.
#include "ui/models/comparisonmodel.h"
#include "ui/models/hardwaremodel.h"
#include "ui/models/operatormodel.h"
#include "uitestutil.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::makeSession;
using roofscope::test::operatorIndex;

namespace {

constexpr auto kFatal = QAbstractItemModelTester::FailureReportingMode::Fatal;

// Exercises everything a user can do to the session.
void churn(Session& s)
{
    const int decode = operatorIndex(s, "decode_matmul");
    s.setChecked(s.hardwareIndex("h100-sxm5"), false);
    s.setChecked(s.hardwareIndex("h100-sxm5"), true);
    s.setBaseline(s.hardwareIndex("a100-sxm4-80gb"));
    s.setNumber(decode, "batch", 64);
    s.setParam(decode, "weight_dtype", "int4");
    auto op = parseOperatorSpec("attention_decode:batch=8,context=8192");
    ASSERT_TRUE(op.ok());
    s.insertOperator(0, *op);
    s.duplicateOperator(1);
    s.renameOperator(0, QStringLiteral("KV read"));
    s.removeOperator(2);
    s.setSelectedOperator(3);
    s.undoStack()->undo();
    s.undoStack()->undo();
    s.undoStack()->redo();
    for (int hw : std::vector<int>(s.checkedHardware()))
        s.setChecked(hw, false);
    s.setChecked(s.hardwareIndex("b200-sxm"), true);
    s.applyScenario(defaultScenario(), QStringLiteral("default"));
}

} // namespace

TEST(HardwareModel, TesterAndCheckState)
{
    auto s = makeSession();
    HardwareModel model(s.get());
    QAbstractItemModelTester tester(&model, kFatal);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setFilterRole(HardwareModel::FilterRole);
    QAbstractItemModelTester proxyTester(&proxy, kFatal);

    EXPECT_EQ(model.rowCount(), static_cast<int>(s->hardware().size()));
    const int h100 = s->hardwareIndex("h100-sxm5");
    const QModelIndex name = model.index(h100, HardwareModel::NameColumn);
    EXPECT_EQ(name.data(Qt::CheckStateRole).toInt(), Qt::Checked);
    EXPECT_TRUE(name.data(HardwareModel::BaselineRole).toBool());
    EXPECT_EQ(name.data(HardwareModel::IdRole).toString(), QStringLiteral("h100-sxm5"));
    // BF16 tensor peak 989.4 TFLOP/s, 3.35 TB/s, ridge 295.
    EXPECT_NEAR(
        model.index(h100, HardwareModel::PeakColumn).data(HardwareModel::SortRole).toDouble(),
        989.4e12, 1e9);
    EXPECT_NEAR(
        model.index(h100, HardwareModel::RidgeColumn).data(HardwareModel::SortRole).toDouble(),
        295.3, 0.1);

    // Unchecking through the model unchecks in the session, and the baseline moves on.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    EXPECT_TRUE(model.setData(name, Qt::Unchecked, Qt::CheckStateRole));
    EXPECT_FALSE(s->isChecked(h100));
    EXPECT_NE(s->baseline(), h100);
    EXPECT_GE(changed.count(), 1);
    EXPECT_TRUE(model.setData(name, true, HardwareModel::BaselineRole));
    EXPECT_TRUE(s->isChecked(h100));
    EXPECT_EQ(s->baseline(), h100);

    // The search box filters on name, vendor and id.
    proxy.setFilterFixedString(QStringLiteral("h200"));
    ASSERT_GE(proxy.rowCount(), 1);
    EXPECT_TRUE(
        proxy.index(0, 0).data(HardwareModel::IdRole).toString().contains(QStringLiteral("h200")));
    proxy.setFilterFixedString(QString());
    churn(*s);
}

TEST(OperatorModel, TesterTreeAndEdits)
{
    auto s = makeSession();
    OperatorModel model(s.get());
    QAbstractItemModelTester tester(&model, kFatal);
    const int decode = operatorIndex(*s, "decode_matmul");
    ASSERT_GE(decode, 0);
    const QModelIndex top = model.index(decode, OperatorModel::NameColumn);
    EXPECT_EQ(top.data().toString(), QStringLiteral("Decode matmul"));
    // Children are the kind's parameters.
    const auto& params = s->operators()[static_cast<std::size_t>(decode)].definition().params;
    ASSERT_EQ(model.rowCount(top), static_cast<int>(params.size()));
    int batchRow = -1;
    for (int r = 0; r < model.rowCount(top); ++r) {
        if (model.index(r, 0, top).data(OperatorModel::ParamNameRole).toString() ==
            QStringLiteral("batch"))
            batchRow = r;
    }
    ASSERT_GE(batchRow, 0);
    const QModelIndex batch = model.index(batchRow, OperatorModel::ValueColumn, top);
    EXPECT_EQ(batch.data(Qt::EditRole).toDouble(), 1.0);
    EXPECT_TRUE(batch.flags().testFlag(Qt::ItemIsEditable));
    EXPECT_EQ(batch.data(OperatorModel::ParamTypeRole).toInt(),
              static_cast<int>(ParamType::Integer));

    // AI on the baseline (H100) comes from the core: ≈ 1 FLOP/byte at batch 1.
    const QModelIndex ai = model.index(decode, OperatorModel::AiColumn);
    EXPECT_NEAR(ai.data(OperatorModel::SortRole).toDouble(), 0.9998, 1e-3);

    // Editing the value cell changes the operator, through the undo stack.
    EXPECT_TRUE(model.setData(batch, 256.0));
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(decode)].params.number("batch"), 256.0);
    EXPECT_GT(model.index(decode, OperatorModel::AiColumn).data(OperatorModel::SortRole).toDouble(),
              200.0);
    s->undoStack()->undo();
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(decode)].params.number("batch"), 1.0);

    // A value the core refuses changes nothing and says why.
    QSignalSpy rejected(&model, &OperatorModel::editRejected);
    EXPECT_FALSE(model.setData(batch, 0.0));
    ASSERT_EQ(rejected.count(), 1);
    EXPECT_TRUE(rejected.at(0).at(0).toString().contains(QStringLiteral("batch")));
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(decode)].params.number("batch"), 1.0);

    // Rename through the name column.
    EXPECT_TRUE(model.setData(top, QStringLiteral("QKV projection")));
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(decode)].label, "QKV projection");
    churn(*s);
}

TEST(ComparisonModel, TesterAndTheSeedsLesson)
{
    auto s = makeSession();
    ComparisonModel model(s.get());
    QAbstractItemModelTester tester(&model, kFatal);
    EXPECT_EQ(model.hardwareCount(), 4);
    EXPECT_EQ(model.rowCount(), static_cast<int>(s->operators().size()) * 4);

    const int decode = operatorIndex(*s, "decode_matmul");
    const int a100 = s->hardwareIndex("a100-sxm4-80gb");
    const int h100 = s->hardwareIndex("h100-sxm5");
    // Baseline H100: the A100 row is 1/1.64 as fast.
    const int rowA = model.rowOf(decode, a100);
    ASSERT_GE(rowA, 0);
    const double speedA = model.index(rowA, ComparisonModel::SpeedupColumn)
                              .data(ComparisonModel::SortRole)
                              .toDouble();
    EXPECT_NEAR(1.0 / speedA, 3.35 / 2.039, 0.02);
    // With A100 as the baseline, H100 speeds decode matmul up ≈ 1.6×, not the 3.2× of compute.
    s->setBaseline(a100);
    const int rowH = model.rowOf(decode, h100);
    const double speedH = model.index(rowH, ComparisonModel::SpeedupColumn)
                              .data(ComparisonModel::SortRole)
                              .toDouble();
    EXPECT_NEAR(speedH, 1.64, 0.02);
    EXPECT_LT(speedH, 2.0);
    // The points the chart reads are the core's numbers.
    const auto& hw = s->hardware()[static_cast<std::size_t>(h100)];
    const Estimate e =
        roofscope::test::coreEstimate(s->operators()[static_cast<std::size_t>(decode)], hw);
    EXPECT_DOUBLE_EQ(model.index(rowH, 0).data(ComparisonModel::AiRole).toDouble(), e.ai);
    EXPECT_DOUBLE_EQ(model.index(rowH, 0).data(ComparisonModel::AttainableRole).toDouble(),
                     e.attainable);

    // A parameter change signals exactly that operator's rows.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    s->setNumber(decode, "batch", 512);
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(changed.at(0).at(0).toModelIndex().row(), decode * 4);
    EXPECT_EQ(changed.at(0).at(1).toModelIndex().row(), decode * 4 + 3);
    churn(*s);
}
