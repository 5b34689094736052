// The window as a user meets it: the default story, the read-out and the comparison sentence,
// menus and shortcuts, adding operators and checking accelerators.
#include "core/hardware/catalog.h"
#include "core/roofline/advice.h"
#include "core/roofline/roofline.h"
#include "ui/chart/roofchart.h"
#include "ui/models/hardwaremodel.h"
#include "ui/widgets/comparisonpanel.h"
#include "ui/widgets/operatorpanel.h"
#include "ui/widgets/readoutpanel.h"
#include "uitestutil.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QTableView>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::makeWindow;
using roofscope::test::operatorIndex;

namespace {

QAction* findAction(QWidget* w, const QString& shortcut)
{
    for (QAction* a : w->findChildren<QAction*>()) {
        if (a->shortcut() == QKeySequence(shortcut))
            return a;
    }
    return nullptr;
}

} // namespace

TEST(Window, ReadoutTellsTheStory)
{
    auto w = makeWindow();
    const ReadoutPanel* r = w->readoutPanel();
    EXPECT_EQ(r->field(QStringLiteral("operator")), QStringLiteral("Decode matmul"));
    EXPECT_TRUE(r->field(QStringLiteral("hardware")).contains(QStringLiteral("H100 SXM5")));
    EXPECT_TRUE(r->field(QStringLiteral("bound")).startsWith(QStringLiteral("memory-bound")));
    // 3.35 TB/s × 1 FLOP/byte.
    EXPECT_TRUE(r->field(QStringLiteral("attainable")).startsWith(QStringLiteral("3.34")) ||
                r->field(QStringLiteral("attainable")).startsWith(QStringLiteral("3.35")))
        << r->field(QStringLiteral("attainable")).toStdString();
    EXPECT_TRUE(r->field(QStringLiteral("ridge")).contains(QStringLiteral("more intensity")));
    EXPECT_TRUE(r->field(QStringLiteral("crossing"))
                    .contains(QStringLiteral("compute-bound from batch 319 on H100 SXM5")))
        << r->field(QStringLiteral("crossing")).toStdString();
    EXPECT_TRUE(r->field(QStringLiteral("advice")).contains(QStringLiteral("quantize")));

    // Hovering another point switches the read-out to it.
    Session* s = w->session();
    s->setHovered({operatorIndex(*s, "matmul"), s->hardwareIndex("b200-sxm")});
    EXPECT_EQ(r->field(QStringLiteral("operator")), QStringLiteral("Big GEMM"));
    EXPECT_TRUE(r->field(QStringLiteral("bound")).startsWith(QStringLiteral("compute-bound")));
}

// The read-out's advice is the core's (what `roofscope analyze` prints), not a second wording:
// computed here from the core alone for a memory-bound and a compute-bound point.
TEST(Window, ReadoutAdviceIsTheCoresAdvice)
{
    auto w = makeWindow();
    Session* s = w->session();
    const ReadoutPanel* r = w->readoutPanel();
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const auto coreAdvice = [&](const std::string& kind, const char* gpu) {
        const Operator& op = s->operators()[static_cast<std::size_t>(operatorIndex(*s, kind))];
        const auto e = estimate(op.cost(), *catalog.find(gpu));
        EXPECT_TRUE(e.ok());
        return adviceFor(adviceRegion(e->ai, e->ridgeAi), adviceFamily(op.kind));
    };

    s->setHovered({operatorIndex(*s, "decode_matmul"), s->hardwareIndex("h100-sxm5")});
    ASSERT_TRUE(r->field(QStringLiteral("bound")).startsWith(QStringLiteral("memory-bound")));
    const Advice memoryBound = coreAdvice("decode_matmul", "h100-sxm5");
    EXPECT_EQ(memoryBound, Advice::CutBytesFirst);
    EXPECT_EQ(r->field(QStringLiteral("advice")).toStdString(), adviceText(memoryBound));

    s->setHovered({operatorIndex(*s, "matmul"), s->hardwareIndex("b200-sxm")});
    ASSERT_TRUE(r->field(QStringLiteral("bound")).startsWith(QStringLiteral("compute-bound")));
    const Advice computeBound = coreAdvice("matmul", "b200-sxm");
    EXPECT_EQ(computeBound, Advice::LowerPrecision);
    EXPECT_EQ(r->field(QStringLiteral("advice")).toStdString(), adviceText(computeBound));
}

TEST(Window, ComparisonStatesTheLesson)
{
    auto w = makeWindow();
    const QString lesson = w->comparisonPanel()->lesson();
    // A100 → H100: decode matmul 1.64× faster while the BF16 peak grew 3.17×.
    EXPECT_TRUE(lesson.contains(QStringLiteral("A100 SXM4 80GB → H100 SXM5")))
        << lesson.toStdString();
    EXPECT_TRUE(lesson.contains(QStringLiteral("1.64× faster"))) << lesson.toStdString();
    EXPECT_TRUE(lesson.contains(QStringLiteral("peak grew 3.17×"))) << lesson.toStdString();
    // Selected operator only: one row per checked accelerator.
    EXPECT_EQ(w->comparisonPanel()->table()->model()->rowCount(), 4);
}

TEST(Window, ShortcutsAndMenus)
{
    auto w = makeWindow();
    ASSERT_NE(findAction(w.get(), QStringLiteral("Ctrl+Q")), nullptr);
    ASSERT_NE(findAction(w.get(), QStringLiteral("Ctrl+Z")), nullptr);
    ASSERT_NE(findAction(w.get(), QStringLiteral("Ctrl+S")), nullptr);
    ASSERT_NE(findAction(w.get(), QStringLiteral("Ctrl+O")), nullptr);
    QAction* reset = findAction(w.get(), QStringLiteral("Ctrl+0"));
    ASSERT_NE(reset, nullptr);
    w->session()->viewSettings()->setView(ViewRange{1, 100, 1e12, 1e14});
    reset->trigger();
    EXPECT_FALSE(w->session()->viewSettings()->view().has_value());

    // Undo and redo an operator edit through the actions.
    Session* s = w->session();
    const int decode = operatorIndex(*s, "decode_matmul");
    s->setNumber(decode, "batch", 128);
    findAction(w.get(), QStringLiteral("Ctrl+Z"))->trigger();
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(decode)].params.number("batch"), 1.0);
    QAction* redo = nullptr;
    for (QAction* a : w->findChildren<QAction*>()) {
        if (a->shortcuts().contains(QKeySequence(QKeySequence::Redo)))
            redo = a;
    }
    ASSERT_NE(redo, nullptr);
    redo->trigger();
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(decode)].params.number("batch"), 128.0);
}

TEST(Window, AddPresetAndToggleAccelerator)
{
    auto w = makeWindow();
    Session* s = w->session();
    const std::size_t before = s->operators().size();
    QMenu* presets = w->operatorPanel()->addMenu()->actions().at(0)->menu();
    ASSERT_NE(presets, nullptr);
    presets->actions().at(1)->trigger(); // GELU
    ASSERT_EQ(s->operators().size(), before + 1);
    EXPECT_EQ(s->operators().back().kind, "activation");
    EXPECT_EQ(w->chart()->operatorPoints(static_cast<int>(before)).size(), 4u);

    // Checking a fifth accelerator adds a roof and a point per operator.
    const int mi300 = s->hardwareIndex("mi300x");
    if (mi300 >= 0) {
        w->hardwareModel()->setData(w->hardwareModel()->index(mi300, 0), Qt::Checked,
                                    Qt::CheckStateRole);
        EXPECT_EQ(w->chart()->roofPoints(mi300).size(), 3u);
        EXPECT_EQ(w->chart()->operatorPoints(0).size(), 5u);
        s->undoStack()->undo(); // checking is one undo step of its own
        EXPECT_EQ(w->chart()->operatorPoints(0).size(), 4u);
    }
    s->undoStack()->undo();
    EXPECT_EQ(s->operators().size(), before);
}
