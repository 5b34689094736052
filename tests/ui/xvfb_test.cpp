// The real window on a real X server (the test command starts Xvfb): shown, exposed, its
// chart series checked against the core, the batch slider dragged with the mouse.
#include "ui/chart/roofchart.h"
#include "ui/controls/logslider.h"
#include "ui/widgets/parameterpanel.h"
#include "uitestutil.h"

#include <QGuiApplication>
#include <QSlider>
#include <QSpinBox>
#include <QStyleOptionSlider>
#include <QTest>

#include <gtest/gtest.h>

#include <set>

using namespace roofscope;
using roofscope::test::coreEstimate;
using roofscope::test::makeWindow;
using roofscope::test::operatorIndex;

TEST(XvfbWindow, ChartSeriesMatchCoreAndSliderDrags)
{
    ASSERT_EQ(QGuiApplication::platformName(), QStringLiteral("xcb"))
        << "run under xvfb-run (ctest does)";
    auto w = makeWindow();
    w->resize(1600, 1000);
    w->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(w.get()));
    QTest::qWait(200);
    Session* s = w->session();
    RoofChart* chart = w->chart();

    auto checkSeries = [&] {
        for (int op = 0; op < static_cast<int>(s->operators().size()); ++op) {
            const std::vector<DataPoint> series = chart->operatorPoints(op);
            ASSERT_EQ(series.size(), 4u);
            for (std::size_t i = 0; i < 4; ++i) {
                const int hw = s->checkedHardware()[i];
                const Estimate e = coreEstimate(s->operators()[static_cast<std::size_t>(op)],
                                                s->hardware()[static_cast<std::size_t>(hw)]);
                EXPECT_DOUBLE_EQ(series[i].ai, e.ai);
                EXPECT_DOUBLE_EQ(series[i].flops, e.attainable);
            }
        }
        for (int hw : s->checkedHardware()) {
            const auto& e = s->estimate(s->selectedOperator(), hw);
            ASSERT_TRUE(e.ok());
            EXPECT_DOUBLE_EQ(chart->roofPoints(hw).at(1).ai, e->ridgeAi);
        }
    };
    checkSeries();

    // Drag the batch slider's handle to the right with the mouse.
    QSlider* slider = w->parameterPanel()->slider("batch")->slider();
    QStyleOptionSlider opt;
    opt.initFrom(slider);
    opt.orientation = slider->orientation();
    opt.minimum = slider->minimum();
    opt.maximum = slider->maximum();
    opt.sliderPosition = slider->value();
    opt.sliderValue = slider->value();
    const QRect handle =
        slider->style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, slider);
    const QPoint from = handle.center();
    const QPoint to(slider->width() * 3 / 4, from.y());
    QTest::mousePress(slider, Qt::LeftButton, {}, from);
    for (int i = 1; i <= 8; ++i) {
        QTest::mouseMove(slider, from + (to - from) * i / 8);
        QTest::qWait(5);
    }
    QTest::mouseRelease(slider, Qt::LeftButton, {}, to);
    QTest::qWait(3 * ParameterPanel::kFrameMs);

    const int decode = operatorIndex(*s, "decode_matmul");
    const double batch = s->operators()[static_cast<std::size_t>(decode)].params.number("batch");
    EXPECT_GT(batch, 64.0);
    EXPECT_EQ(w->parameterPanel()->slider("batch")->spinBox()->value(), static_cast<int>(batch));
    checkSeries();

    // The window really painted a chart: many colours in the grab.
    const QImage img = w->grab().toImage();
    std::set<QRgb> colours;
    for (int y = 0; y < img.height(); y += 7) {
        for (int x = 0; x < img.width(); x += 7)
            colours.insert(img.pixel(x, y));
    }
    EXPECT_GT(colours.size(), 50u);
}
