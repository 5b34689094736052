// An exported figure keeps the window's label layout: each label on the side of its point where
// the window shows it (where it fits), whatever the figure's size and the window's.
#include "ui/chart/chartdocument.h"
#include "ui/chart/labelplacer.h"
#include "ui/chart/roofchart.h"
#include "ui/export/exportcontroller.h"
#include "ui/export/figureexporter.h"
#include "uitestutil.h"

#include <QCoreApplication>
#include <QSettings>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::makeWindow;

namespace {

// Offsets equal to the pixel (layouts at different sizes round differently).
bool sameOffset(QPointF a, QPointF b)
{
    return std::abs(a.x() - b.x()) < 0.5 && std::abs(a.y() - b.y()) < 0.5;
}

// Which side of its point a label is on: -1, 0, +1 across and down (0: centred on it).
std::pair<int, int> sideOf(const RoofChart* chart, const QString& key)
{
    for (const RoofChart::Label& l : chart->visibleLabels()) {
        if (l.key != key)
            continue;
        const QPointF d = l.box.center() - l.anchor;
        auto sign = [](qreal v) { return v > 2.0 ? 1 : v < -2.0 ? -1 : 0; };
        return {sign(d.x()), sign(d.y())};
    }
    return {9, 9};
}

} // namespace

TEST(ExportLabels, TheFigureKeepsTheWindowsLabelSides)
{
    QSettings().clear();
    for (const QSize size : {QSize(1366, 768), QSize(1920, 1080)}) {
        SCOPED_TRACE(size.width());
        auto w = makeWindow();
        w->resize(size);
        w->show();
        QCoreApplication::processEvents();
        auto* controller = w->findChild<ExportController*>();
        ASSERT_NE(controller, nullptr);
        const QHash<QString, QPointF> shown = w->chart()->labelOffsets();
        ASSERT_GE(shown.size(), 10); // 4 ridges, roofs, 7 operators

        FigureOptions options; // 1920×1080: laid out at 1280×720, not the window's size
        auto figure = controller->figureOf(w->session()->toScenario(), options);
        ASSERT_TRUE(figure);
        RoofChart* exported = (*figure)->document()->chart();
        ASSERT_NE(exported->size(), w->chart()->size());
        const QHash<QString, QPointF> drawn = exported->labelOffsets();
        int same = 0;
        int sides = 0;
        for (auto it = shown.begin(); it != shown.end(); ++it) {
            ASSERT_TRUE(drawn.contains(it.key())) << it.key().toStdString();
            same += sameOffset(drawn.value(it.key()), it.value()) ? 1 : 0;
            sides += sideOf(exported, it.key()) == sideOf(w->chart(), it.key()) ? 1 : 0;
        }
        // The figure has other proportions than the window's chart, so a box that would cover
        // another label or a marker there moves to the nearest free place: nearly every label
        // stays on its side of its point, most exactly where the window shows it.
        EXPECT_GE(sides, shown.size() - 1);
        EXPECT_GE(4 * same, 3 * shown.size());

        if (size.width() > 1366)
            continue;
        // Placed afresh for its own size (what the figure did before), the layout differs from
        // the small window's: the test would see a figure that ignores the window.
        exported->preferLabelOffsets({});
        const QHash<QString, QPointF> afresh = exported->labelOffsets();
        int sameAfresh = 0;
        for (auto it = shown.begin(); it != shown.end(); ++it)
            sameAfresh += sameOffset(afresh.value(it.key()), it.value()) ? 1 : 0;
        EXPECT_LT(sameAfresh, same);
    }
}

TEST(ExportLabels, APreferenceGivesWayWhereTheBoxDoesNotFit)
{
    LabelPlacer placer;
    placer.setBounds(QRectF(0, 0, 400, 300));
    placer.setAnchorGap(5);
    // The preferred box of "b" would cover "a"'s: "b" is placed elsewhere, "a" keeps its side.
    placer.setPreferredOffsets(
        {{QStringLiteral("a"), QPointF(-70, -5)}, {QStringLiteral("b"), QPointF(-70, -5)}});
    const std::vector<LabelPlacer::Request> requests{
        {QPointF(200, 150), QSizeF(60, 10), QStringLiteral("A"), qQNaN(), QStringLiteral("a"), 2},
        {QPointF(200, 152), QSizeF(60, 10), QStringLiteral("B"), qQNaN(), QStringLiteral("b"), 1},
    };
    const auto result = placer.place(requests);
    ASSERT_EQ(result.labels.size(), 2U);
    EXPECT_EQ(result.labels[0].rect, QRectF(130, 145, 60, 10));
    EXPECT_FALSE(result.labels[0].pinned);
    EXPECT_NE(result.labels[1].rect.topLeft(), QPointF(130, 147));
    EXPECT_FALSE(result.labels[1].rect.intersects(result.labels[0].rect));
}
