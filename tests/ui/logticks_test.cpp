// Log-axis ticks: decades with their labels, thinned on a short axis, 1-2-5 steps inside a decade,
// and never fewer than two labels (a zoomed axis lost every number).
#include "ui/chart/logticks.h"

#include <QStringList>

#include <gtest/gtest.h>

#include <clocale>
#include <cmath>
#include <cstdio>
#include <string>

using namespace roofscope;

namespace {

LogTicks::Request request(double min, double max, double px, double spacing,
                          LogTicks::Format format = LogTicks::Format::PowerOfTen,
                          const QString& unit = {})
{
    return {min, max, px, spacing, format, unit};
}

std::vector<LogTicks::Tick> labelled(const std::vector<LogTicks::Tick>& ticks)
{
    std::vector<LogTicks::Tick> out;
    for (const auto& t : ticks) {
        if (!t.label.isEmpty())
            out.push_back(t);
    }
    return out;
}

QStringList labels(const std::vector<LogTicks::Tick>& ticks)
{
    QStringList out;
    for (const auto& t : labelled(ticks))
        out << t.label;
    return out;
}

} // namespace

TEST(LogTicks, DecadesOfTheDefaultIntensityAxisAreLabelledLikeTheChart)
{
    const auto ticks =
        LogTicks::compute(request(0.01, 1e4, 700.0, 40.0, LogTicks::Format::PowerOfTen));
    EXPECT_EQ(labels(ticks),
              (QStringList{QStringLiteral("10⁻²"), QStringLiteral("10⁻¹"), QStringLiteral("1"),
                           QStringLiteral("10"), QStringLiteral("10²"), QStringLiteral("10³"),
                           QStringLiteral("10⁴")}));
    // 100 px per decade: the 2…9 minor grid too (6 decades × 8 + 7 powers of ten).
    EXPECT_EQ(ticks.size(), 55u);
    EXPECT_DOUBLE_EQ(ticks.front().value, 0.01);
    EXPECT_TRUE(ticks.front().major);
    EXPECT_DOUBLE_EQ(ticks[1].value, 0.02);
    EXPECT_FALSE(ticks[1].major);
    EXPECT_DOUBLE_EQ(ticks.back().value, 1e4);
}

TEST(LogTicks, TheRangeMinimumOfExactlyOneTenthKeepsItsTick)
{
    const auto ticks =
        LogTicks::compute(request(0.1, 100.0, 600.0, 40.0, LogTicks::Format::PowerOfTen));
    ASSERT_FALSE(labelled(ticks).empty());
    EXPECT_EQ(labelled(ticks).front().label, QStringLiteral("10⁻¹"));
}

TEST(LogTicks, ManyDecadesOnAShortAxisAreThinnedToEveryOtherDecade)
{
    // 14 decades on 300 px: 21 px per decade, labels need 40 → every 2nd decade labelled, the
    // others stay as grid lines without a label and without the minor grid.
    const auto ticks =
        LogTicks::compute({1e6, 1e20, 300.0, 40.0, LogTicks::Format::Si, QStringLiteral("FLOP/s")});
    EXPECT_EQ(ticks.size(), 15u);
    const auto l = labelled(ticks);
    ASSERT_EQ(l.size(), 8u);
    EXPECT_DOUBLE_EQ(l[0].value, 1e6);
    EXPECT_DOUBLE_EQ(l[1].value, 1e8);
    EXPECT_EQ(l[0].label, QStringLiteral("1 MFLOP/s"));
    EXPECT_EQ(l[3].label, QStringLiteral("1 TFLOP/s"));
    EXPECT_EQ(l[4].label, QStringLiteral("100 TFLOP/s"));
    for (std::size_t i = 1; i < l.size(); ++i)
        EXPECT_GE(std::log10(l[i].value / l[i - 1].value) * 300.0 / 14.0, 40.0);
}

TEST(LogTicks, LessThanADecadeStepsOneTwoFiveWithSiLabels)
{
    // Zoomed in to 2…9 TFLOP/s, the axis used to show no number at all.
    const auto ticks = LogTicks::compute(
        {2e12, 9e12, 500.0, 30.0, LogTicks::Format::Si, QStringLiteral("FLOP/s")});
    EXPECT_EQ(labels(ticks),
              (QStringList{QStringLiteral("2 TFLOP/s"), QStringLiteral("5 TFLOP/s")}));
}

TEST(LogTicks, UnderTwoDecadesStepsOneTwoFiveAcrossDecades)
{
    const auto ticks = LogTicks::compute(
        {3e13, 2e15, 800.0, 30.0, LogTicks::Format::Si, QStringLiteral("FLOP/s")});
    EXPECT_EQ(labels(ticks),
              (QStringList{QStringLiteral("50 TFLOP/s"), QStringLiteral("100 TFLOP/s"),
                           QStringLiteral("200 TFLOP/s"), QStringLiteral("500 TFLOP/s"),
                           QStringLiteral("1 PFLOP/s"), QStringLiteral("2 PFLOP/s")}));
}

TEST(LogTicks, IntensityInsideADecadeReadsAsPlainNumbers)
{
    const auto ticks =
        LogTicks::compute(request(30.0, 700.0, 600.0, 30.0, LogTicks::Format::PowerOfTen));
    EXPECT_EQ(labels(ticks), (QStringList{QStringLiteral("50"), QStringLiteral("100"),
                                          QStringLiteral("200"), QStringLiteral("500")}));
    // Far from 1 the 1-2-5 ticks keep the ×10ⁿ style.
    const auto big =
        LogTicks::compute(request(3e4, 7e5, 600.0, 30.0, LogTicks::Format::PowerOfTen));
    EXPECT_EQ(labels(big), (QStringList{QStringLiteral("5×10⁴"), QStringLiteral("10⁵"),
                                        QStringLiteral("2×10⁵"), QStringLiteral("5×10⁵")}));
}

TEST(LogTicks, AFactorOfTwoAcrossADecadeStillGetsTwoLabels)
{
    // 9.5 … 19: 1-2-5 and 1…9 give only 10; half steps give 10 and 15.
    const auto ticks =
        LogTicks::compute(request(9.5, 19.0, 400.0, 30.0, LogTicks::Format::PowerOfTen));
    EXPECT_EQ(labels(ticks), (QStringList{QStringLiteral("10"), QStringLiteral("15")}));
}

TEST(LogTicks, CrowdedStepsKeepTheRoundestLabels)
{
    // 1…90 on 120 px with 40 px per label: 1, 10 and 50 win over 2, 5 and 20.
    const auto ticks =
        LogTicks::compute(request(1.0, 90.0, 120.0, 40.0, LogTicks::Format::PowerOfTen));
    EXPECT_EQ(labels(ticks),
              (QStringList{QStringLiteral("1"), QStringLiteral("10"), QStringLiteral("50")}));
    EXPECT_EQ(ticks.size(), 6u); // 1 2 5 10 20 50 — grid lines for all
}

TEST(LogTicks, EveryRangeGetsAtLeastTwoLabelledTicksInsideIt)
{
    for (double span : {0.3, 0.5, 0.9, 1.0, 1.5, 1.99, 2.0, 3.3, 7.0, 14.0, 20.0}) {
        for (double start : {-4.0, -1.37, 0.0, 0.98, 6.5, 11.03, 15.9}) {
            for (double px : {60.0, 200.0, 1600.0}) {
                const double lo = std::pow(10.0, start);
                const double hi = std::pow(10.0, start + span);
                const auto ticks = LogTicks::compute(
                    {lo, hi, px, 45.0, LogTicks::Format::Si, QStringLiteral("FLOP/s")});
                SCOPED_TRACE(testing::Message()
                             << "span " << span << " start " << start << " px " << px);
                EXPECT_GE(labelled(ticks).size(), 2u);
                for (std::size_t i = 0; i < ticks.size(); ++i) {
                    EXPECT_GE(ticks[i].value, lo * (1 - 1e-9));
                    EXPECT_LE(ticks[i].value, hi * (1 + 1e-9));
                    if (i > 0) {
                        EXPECT_GT(ticks[i].value, ticks[i - 1].value);
                    }
                }
            }
        }
    }
}

TEST(LogTicks, ARangeNarrowerThanAnyStepLabelsItsEnds)
{
    const auto ticks = LogTicks::compute(
        request(1.01e12, 1.04e12, 400.0, 30.0, LogTicks::Format::Si, QStringLiteral("FLOP/s")));
    EXPECT_EQ(labels(ticks),
              (QStringList{QStringLiteral("1.01 TFLOP/s"), QStringLiteral("1.04 TFLOP/s")}));
}

TEST(LogTicks, InvalidRangesGiveNoTicks)
{
    EXPECT_TRUE(LogTicks::compute(request(0.0, 10.0, 500.0, 40.0)).empty());
    EXPECT_TRUE(LogTicks::compute(request(10.0, 10.0, 500.0, 40.0)).empty());
    EXPECT_TRUE(LogTicks::compute(request(-1.0, 10.0, 500.0, 40.0)).empty());
}

// The window runs in the desktop's locale (QApplication calls setlocale(LC_ALL, "")), and a German
// one writes 2.5 as "2,5" through printf. Tick labels are the core's C-locale numbers, so
// `LC_ALL=de_DE.UTF-8 roofscope plot` draws "2.5" beside the y axis' "2.5 TFLOP/s".
TEST(LogTicks, LabelsKeepTheDecimalPointUnderACommaDecimalLocale)
{
    const std::string previous = std::setlocale(LC_ALL, nullptr);
    ASSERT_NE(std::setlocale(LC_ALL, "de_DE.UTF-8"), nullptr)
        << "the de_DE.UTF-8 locale is missing; .ci/deps generates it";
    char probe[16];
    std::snprintf(probe, sizeof probe, "%g", 2.5);
    const std::string germanPrintf = probe;
    const QStringList plain =
        labels(LogTicks::compute(request(2.0, 3.2, 300.0, 30.0, LogTicks::Format::PowerOfTen)));
    const QStringList times =
        labels(LogTicks::compute(request(2e4, 3.2e4, 300.0, 30.0, LogTicks::Format::PowerOfTen)));
    const QString oneLabel = LogTicks::label(0.25, LogTicks::Format::PowerOfTen, {}, true);
    std::setlocale(LC_ALL, previous.c_str());

    EXPECT_EQ(germanPrintf, "2,5"); // the locale is real: printf would have written a comma
    EXPECT_EQ(plain,
              (QStringList{QStringLiteral("2"), QStringLiteral("2.5"), QStringLiteral("3")}));
    EXPECT_EQ(times, (QStringList{QStringLiteral("2×10⁴"), QStringLiteral("2.5×10⁴"),
                                  QStringLiteral("3×10⁴")}));
    EXPECT_EQ(oneLabel, QStringLiteral("0.25"));
    for (const QString& label : plain + times)
        EXPECT_FALSE(label.contains(QLatin1Char(','))) << label.toStdString();
}

// A view panned far above any accelerator still reads in words: exa-, zetta- and yotta-FLOP/s,
// and beyond the last prefix the whole number, never "1e+03 PFLOP/s".
TEST(LogTicks, FlopRateTicksUpToTen21AndBeyondHaveNoExponent)
{
    const auto ticks = LogTicks::compute(
        {1e12, 1e21, 400.0, 30.0, LogTicks::Format::Si, QStringLiteral("FLOP/s")});
    const QStringList shown = labels(ticks);
    ASSERT_FALSE(shown.isEmpty());
    for (const QString& label : shown)
        EXPECT_FALSE(label.contains(QLatin1Char('e'))) << label.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("1 EFLOP/s"))) << shown.join(u',').toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("1 ZFLOP/s"))) << shown.join(u',').toStdString();
    EXPECT_EQ(LogTicks::label(1e19, LogTicks::Format::Si, QStringLiteral("FLOP/s"), false),
              QStringLiteral("10 EFLOP/s"));
    EXPECT_EQ(LogTicks::label(1e24, LogTicks::Format::Si, QStringLiteral("FLOP/s"), false),
              QStringLiteral("1 YFLOP/s"));
    EXPECT_EQ(LogTicks::label(1e27, LogTicks::Format::Si, QStringLiteral("FLOP/s"), false),
              QStringLiteral("1000 YFLOP/s"));
    EXPECT_EQ(LogTicks::label(9.9996e26, LogTicks::Format::Si, QStringLiteral("FLOP/s"), false),
              QStringLiteral("1000 YFLOP/s"));
    EXPECT_EQ(LogTicks::label(2.5e30, LogTicks::Format::Si, QStringLiteral("FLOP/s"), false),
              QStringLiteral("2500000 YFLOP/s"));
}
