// The legend's layout: it wraps into rows instead of shrinking, keeps the font at or above the
// minimum, balances the rows and shortens only a name wider than a row.
#include "ui/chart/legendlayout.h"

#include <QFontMetricsF>

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

const QStringList kGpus = {
    QStringLiteral("NVIDIA A100 SXM4 80GB"), QStringLiteral("NVIDIA H100 SXM5 80GB"),
    QStringLiteral("NVIDIA H200 SXM 141GB"), QStringLiteral("NVIDIA B200 HGX"),
    QStringLiteral("AMD Instinct MI300X"),   QStringLiteral("NVIDIA L40S")};

LegendLayout::Params params(qreal pointSize = 9.0)
{
    LegendLayout::Params p;
    p.font.setPointSizeF(pointSize);
    return p;
}

void expectNoOverlapsWithin(const LegendLayout::Result& r, qreal width)
{
    for (std::size_t i = 0; i < r.entries.size(); ++i) {
        EXPECT_GE(r.entries[i].rect.left(), 0.0);
        EXPECT_LE(r.entries[i].rect.right(), width + 1e-6);
        EXPECT_LE(r.entries[i].rect.bottom(), r.size.height() + 1e-6);
        for (std::size_t j = i + 1; j < r.entries.size(); ++j)
            EXPECT_FALSE(r.entries[i].rect.intersects(r.entries[j].rect)) << i << " " << j;
    }
}

} // namespace

TEST(LegendLayout, SixGpusFitOneRowOnAWideChart)
{
    const auto r = LegendLayout::layout(kGpus, 1800.0, params());
    EXPECT_EQ(r.rows, 1);
    EXPECT_EQ(r.font.pointSizeF(), 9.0);
    const QFontMetricsF fm(r.font);
    EXPECT_DOUBLE_EQ(r.size.height(), std::ceil(fm.height()) + 4.0);
    for (std::size_t i = 0; i < r.entries.size(); ++i) {
        EXPECT_EQ(r.entries[i].shownText, kGpus[static_cast<qsizetype>(i)]);
        EXPECT_EQ(r.entries[i].row, 0);
        if (i > 0) {
            EXPECT_DOUBLE_EQ(r.entries[i].rect.left(), r.entries[i - 1].rect.right() + 18.0);
        }
    }
    expectNoOverlapsWithin(r, 1800.0);
}

TEST(LegendLayout, ANarrowChartWrapsToMoreRowsAtTheSameFontSize)
{
    // 1366×768: about 560 px of plot width for the legend.
    const auto r = LegendLayout::layout(kGpus, 560.0, params());
    EXPECT_GE(r.rows, 2);
    EXPECT_EQ(r.font.pointSizeF(), 9.0); // wrapped, not shrunk
    const QFontMetricsF fm(r.font);
    EXPECT_DOUBLE_EQ(r.size.height(), r.rows * (std::ceil(fm.height()) + 4.0) + (r.rows - 1) * 2.0);
    for (std::size_t i = 0; i < r.entries.size(); ++i)
        EXPECT_EQ(r.entries[i].shownText, kGpus[static_cast<qsizetype>(i)]); // nothing cut
    expectNoOverlapsWithin(r, 560.0);
    // Order is kept: row by row, left to right.
    for (std::size_t i = 1; i < r.entries.size(); ++i) {
        EXPECT_GE(r.entries[i].row, r.entries[i - 1].row);
        if (r.entries[i].row == r.entries[i - 1].row) {
            EXPECT_GT(r.entries[i].rect.left(), r.entries[i - 1].rect.left());
        }
    }
}

TEST(LegendLayout, AFontBelowTheMinimumIsRaisedToIt)
{
    const auto r = LegendLayout::layout(kGpus, 560.0, params(6.0));
    EXPECT_EQ(r.font.pointSizeF(), 9.0);
    const auto big = LegendLayout::layout(kGpus, 560.0, params(15.0)); // the slide theme
    EXPECT_EQ(big.font.pointSizeF(), 15.0);
    EXPECT_GT(big.rows, r.rows);
}

TEST(LegendLayout, RowsAreBalancedRatherThanLeavingOneStraggler)
{
    QStringList same;
    for (int i = 0; i < 6; ++i)
        same << QStringLiteral("GPU %1").arg(i);
    LegendLayout::Params p = params();
    const QFontMetricsF fm(p.font);
    const qreal entry = 22.0 + 6.0 + std::ceil(fm.horizontalAdvance(same[0]));
    // Room for five per row: greedy would give 5 + 1, balanced gives 3 + 3.
    const qreal width = 5 * entry + 4 * 18.0 + 1.0;
    const auto r = LegendLayout::layout(same, width, p);
    EXPECT_EQ(r.rows, 2);
    EXPECT_EQ(r.entries[2].row, 0);
    EXPECT_EQ(r.entries[3].row, 1);
    p.balance = false;
    const auto greedy = LegendLayout::layout(same, width, p);
    EXPECT_EQ(greedy.entries[4].row, 0);
    EXPECT_EQ(greedy.entries[5].row, 1);
}

TEST(LegendLayout, CentredRowsSitInTheMiddle)
{
    LegendLayout::Params p = params();
    p.centre = true;
    const auto r = LegendLayout::layout({QStringLiteral("H100")}, 400.0, p);
    ASSERT_EQ(r.entries.size(), 1u);
    EXPECT_NEAR(r.entries[0].rect.center().x(), 200.0, 0.51);
}

TEST(LegendLayout, ANameWiderThanARowIsShortenedInTheMiddle)
{
    const QString longName = QStringLiteral("NVIDIA H100 SXM5 80GB HBM3 with a very long custom "
                                            "description from a user catalog");
    const auto r = LegendLayout::layout({longName, QStringLiteral("B200")}, 300.0, params());
    ASSERT_EQ(r.entries.size(), 2u);
    EXPECT_NE(r.entries[0].shownText, longName);
    EXPECT_TRUE(r.entries[0].shownText.startsWith(QStringLiteral("NVIDIA")));
    EXPECT_TRUE(r.entries[0].shownText.contains(QChar(u'…')));
    EXPECT_EQ(r.entries[1].shownText, QStringLiteral("B200"));
    expectNoOverlapsWithin(r, 300.0);
}

TEST(LegendLayout, NoNamesTakeNoSpace)
{
    const auto r = LegendLayout::layout({}, 500.0, params());
    EXPECT_EQ(r.rows, 0);
    EXPECT_TRUE(r.entries.empty());
    EXPECT_DOUBLE_EQ(r.size.height(), 0.0);
}
