// A GPU without a precision says so instead of showing another precision's number, and comparison
// sentences compare like with like (core headlineCeiling, peakRatio); colours follow the user's
// settings.
#include "ui/chart/roofchart.h"
#include "ui/export/figuredata.h"
#include "ui/models/hardwaremodel.h"
#include "ui/widgets/comparisonpanel.h"
#include "uitestutil.h"

#include <QAbstractItemModelTester>
#include <QSettings>

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
    EXPECT_TRUE(
        lesson.contains(QStringLiteral("Tesla V100 SXM2 32GB: not compared (no BF16 tensor peak)")))
        << lesson.toStdString();
    // The others still compare BF16 with BF16: A100 → H100 grew 989.4 / 312 = 3.17×.
    EXPECT_TRUE(lesson.contains(QStringLiteral("BF16 tensor peak grew 3.17×")))
        << lesson.toStdString();
}

// A GPU's colour is a function of its id plus the user's override in the settings, the same in the
// window's chart and in the exported figure data.
TEST(Colours, UserOverrideInTheSettingsReachesChartAndData)
{
    QSettings().setValue(QStringLiteral("colors/h100-sxm5"), QStringLiteral("#123456"));
    QSettings().setValue(QStringLiteral("colors/b200-sxm"), QStringLiteral("not a colour"));
    auto w = test::makeWindow();
    QSettings().remove(QStringLiteral("colors"));
    Session* s = w->session();
    const int h100 = s->hardwareIndex("h100-sxm5");
    EXPECT_EQ(w->chart()->colorOf(h100), QColor(0x123456));
    const int b200 = s->hardwareIndex("b200-sxm");
    EXPECT_EQ(w->chart()->colorOf(b200), QColor(0x9467bd)); // its palette colour: purple
    const QByteArray json =
        QByteArray::fromStdString(figureDataOf(*s, w->chart()->effectiveRange()).toJson());
    EXPECT_TRUE(json.contains("\"color\": \"#123456\"")) << json.left(400).toStdString();
}
