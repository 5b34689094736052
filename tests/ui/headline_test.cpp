// Issue 10 item 6: a GPU without a precision says so instead of showing another precision's
// number, and comparison sentences compare like with like (core headlineCeiling, peakRatio).
#include "ui/models/hardwaremodel.h"
#include "ui/widgets/comparisonpanel.h"
#include "uitestutil.h"

#include <QAbstractItemModelTester>

#include <gtest/gtest.h>

using namespace roofscope;

TEST(Headline, HardwareListSaysNoBf16ForTheV100)
{
    auto s = test::makeSession();
    HardwareModel model(s.get());
    QAbstractItemModelTester tester(&model);
    const int v100 = s->hardwareIndex("v100-sxm2");
    const int h100 = s->hardwareIndex("h100-sxm5");
    ASSERT_GE(v100, 0);
    EXPECT_EQ(model.index(v100, HardwareModel::PeakColumn).data().toString(),
              QStringLiteral("no BF16"));
    EXPECT_EQ(model.index(v100, HardwareModel::RidgeColumn).data().toString(), QStringLiteral("—"));
    // The H100's BF16 dense peak, 989.4 TFLOP/s (NVIDIA H100 datasheet).
    EXPECT_TRUE(model.index(h100, HardwareModel::PeakColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("989")));
}

TEST(Headline, ComparisonSentenceNamesTheMissingPrecision)
{
    auto w = test::makeWindow();
    Session* s = w->session();
    s->setChecked(s->hardwareIndex("v100-sxm2"), true);
    // Decode matmul (BF16 tensor) is selected: the V100 has no BF16 tensor peak.
    const QString lesson = w->comparisonPanel()->lesson();
    EXPECT_TRUE(lesson.contains(QStringLiteral("Tesla V100 SXM2 32GB: not compared (no BF16 tensor peak)")))
        << lesson.toStdString();
    // The others still compare BF16 with BF16: A100 → H100 grew 989.4 / 312 = 3.17×.
    EXPECT_TRUE(lesson.contains(QStringLiteral("BF16 tensor peak grew 3.17×")))
        << lesson.toStdString();
}
