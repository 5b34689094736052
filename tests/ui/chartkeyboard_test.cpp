// Keyboard zoom and pan: what each key does to the view in log space, and that the keys it does not
// own (Tab, Ctrl+arrows, letters) are passed on.
#include "ui/chart/chartkeyboard.h"

#include <QKeyEvent>

#include <gtest/gtest.h>

#include <cmath>

using namespace roofscope;

namespace {

const ViewRange kView{0.01, 1e4, 1e11, 1e16}; // 6 and 5 decades
const ViewRange kHome{0.1, 1e3, 1e12, 1e15};

double decades(double lo, double hi)
{
    return std::log10(hi) - std::log10(lo);
}

} // namespace

TEST(ChartKeyboard, PlusAndEqualsZoomInAboutTheCentre)
{
    for (int key : {int(Qt::Key_Plus), int(Qt::Key_Equal)}) {
        const auto v = ChartKeyboard::apply(kView, kHome, key, Qt::NoModifier);
        ASSERT_TRUE(v);
        EXPECT_NEAR(decades(v->aiMin, v->aiMax), 6.0 / 1.25, 1e-9);
        EXPECT_NEAR(decades(v->flopsMin, v->flopsMax), 5.0 / 1.25, 1e-9);
        EXPECT_NEAR(std::log10(v->aiMin * v->aiMax) / 2, 1.0, 1e-9); // centre 10 stays
        EXPECT_NEAR(std::log10(v->flopsMin * v->flopsMax) / 2, 13.5, 1e-9);
    }
    // Ctrl++ and the keypad's + are the same zoom.
    const auto ctrl = ChartKeyboard::apply(kView, kHome, Qt::Key_Plus, Qt::ControlModifier);
    const auto pad = ChartKeyboard::apply(kView, kHome, Qt::Key_Plus, Qt::KeypadModifier);
    ASSERT_TRUE(ctrl && pad);
    EXPECT_NEAR(ctrl->aiMax, pad->aiMax, 1e-9);
}

TEST(ChartKeyboard, MinusUndoesPlus)
{
    const auto in = ChartKeyboard::apply(kView, kHome, Qt::Key_Plus, Qt::NoModifier);
    ASSERT_TRUE(in);
    const auto out = ChartKeyboard::apply(*in, kHome, Qt::Key_Minus, Qt::NoModifier);
    ASSERT_TRUE(out);
    EXPECT_NEAR(std::log10(out->aiMin), -2.0, 1e-9);
    EXPECT_NEAR(std::log10(out->aiMax), 4.0, 1e-9);
    EXPECT_NEAR(std::log10(out->flopsMin), 11.0, 1e-9);
    EXPECT_NEAR(std::log10(out->flopsMax), 16.0, 1e-9);
}

TEST(ChartKeyboard, ArrowsPanATenthOfTheViewAndShiftPansHalf)
{
    const auto right = ChartKeyboard::apply(kView, kHome, Qt::Key_Right, Qt::NoModifier);
    ASSERT_TRUE(right);
    EXPECT_NEAR(std::log10(right->aiMin), -2.0 + 0.6, 1e-9);
    EXPECT_NEAR(std::log10(right->aiMax), 4.0 + 0.6, 1e-9);
    EXPECT_DOUBLE_EQ(right->flopsMin, kView.flopsMin);
    const auto up = ChartKeyboard::apply(kView, kHome, Qt::Key_Up, Qt::NoModifier);
    ASSERT_TRUE(up);
    EXPECT_NEAR(std::log10(up->flopsMax), 16.5, 1e-9);
    const auto downFar = ChartKeyboard::apply(kView, kHome, Qt::Key_Down, Qt::ShiftModifier);
    ASSERT_TRUE(downFar);
    EXPECT_NEAR(std::log10(downFar->flopsMin), 11.0 - 2.5, 1e-9);
    const auto left = ChartKeyboard::apply(kView, kHome, Qt::Key_Left, Qt::NoModifier);
    ASSERT_TRUE(left);
    EXPECT_NEAR(std::log10(left->aiMin), -2.6, 1e-9);
}

TEST(ChartKeyboard, CtrlZeroAndHomeGoBackToTheFittedView)
{
    for (auto [key, mods] : {std::pair{int(Qt::Key_0), Qt::KeyboardModifiers(Qt::ControlModifier)},
                             std::pair{int(Qt::Key_Home), Qt::KeyboardModifiers()}}) {
        const auto v = ChartKeyboard::apply(kView, kHome, key, mods);
        ASSERT_TRUE(v);
        EXPECT_NEAR(v->aiMin, kHome.aiMin, 1e-12);
        EXPECT_NEAR(v->flopsMax, kHome.flopsMax, 1e3);
    }
}

TEST(ChartKeyboard, PanningStopsAtTheLimitsOfALogAxis)
{
    ViewRange v = kView;
    for (int i = 0; i < 200; ++i)
        v = *ChartKeyboard::apply(v, kHome, Qt::Key_Left, Qt::ShiftModifier);
    EXPECT_NEAR(v.aiMin, 1e-4, 1e-12);
    EXPECT_NEAR(decades(v.aiMin, v.aiMax), 6.0, 1e-6); // the span survives the clamp
    for (int i = 0; i < 100; ++i)
        v = *ChartKeyboard::apply(v, kHome, Qt::Key_Plus, Qt::NoModifier);
    EXPECT_GE(decades(v.aiMin, v.aiMax), 0.3 - 1e-9); // never narrower than a factor 2
}

TEST(ChartKeyboard, KeysItDoesNotOwnArePassedOn)
{
    EXPECT_FALSE(ChartKeyboard::apply(kView, kHome, Qt::Key_Tab, Qt::NoModifier));
    EXPECT_FALSE(ChartKeyboard::apply(kView, kHome, Qt::Key_0, Qt::NoModifier));
    EXPECT_FALSE(ChartKeyboard::apply(kView, kHome, Qt::Key_Left, Qt::ControlModifier));
    EXPECT_FALSE(ChartKeyboard::apply(kView, kHome, Qt::Key_Plus, Qt::AltModifier));
    EXPECT_FALSE(ChartKeyboard::apply(kView, kHome, Qt::Key_A, Qt::NoModifier));
}

TEST(ChartKeyboard, TakesAKeyEvent)
{
    const QKeyEvent e(QEvent::KeyPress, Qt::Key_Minus, Qt::NoModifier, QStringLiteral("-"));
    const auto v = ChartKeyboard::apply(kView, kHome, e);
    ASSERT_TRUE(v);
    EXPECT_NEAR(decades(v->aiMin, v->aiMax), 7.5, 1e-9);
}
