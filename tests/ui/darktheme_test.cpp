// The dark theme's check boxes can be seen: the box's border is at least 3 : 1 against the row
// or panel behind it (Fusion's own outline was 1.1 : 1, "Fused kernels" a dark square on dark),
// in panels and in tables; selection and focus colours too.
#include "ui/document/session.h"
#include "ui/widgets/contraststyle.h"
#include "ui/widgets/mainwindow.h"
#include "ui/widgets/modelpanel.h"
#include "uitestutil.h"

#include <QApplication>
#include <QCheckBox>
#include <QImage>
#include <QPainter>
#include <QStyleOptionButton>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace roofscope;
using namespace roofscope::test;

namespace {

// WCAG 2 relative luminance and contrast ratio.
double luminance(QColor c)
{
    auto channel = [](double v) {
        v /= 255.0;
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue());
}

double contrast(QColor a, QColor b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The highest contrast against `background` along the left edge of `box` in `image`: the box's
// border, wherever the style puts it within a pixel of the edge.
double edgeContrast(const QImage& image, const QRect& box, QColor background)
{
    double best = 1.0;
    for (int x = box.left(); x <= box.left() + 1; ++x) {
        for (int y = box.top() + 2; y <= box.bottom() - 2; ++y)
            best = std::max(best, contrast(image.pixelColor(x, y), background));
    }
    return best;
}

} // namespace

TEST(DarkTheme, CheckBoxBorderStandsOutFromThePanel)
{
    auto w = makeWindow();
    w->session()->viewSettings()->setTheme(Theme::Dark);
    w->show();
    auto* panel = w->findChild<ModelPanel*>();
    ASSERT_NE(panel, nullptr);
    QCheckBox* box = panel->fusedCheck();
    ASSERT_FALSE(box->isChecked());
    QCoreApplication::processEvents();
    const QImage image = box->grab().toImage();
    QStyleOptionButton option;
    option.initFrom(box);
    const QRect indicator =
        box->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, box);
    ASSERT_FALSE(indicator.isEmpty());
    const QColor behind = box->palette().color(QPalette::Window);
    EXPECT_LT(contrast(QColor(0x2b, 0x2d, 0x31), QColor(0x1f, 0x21, 0x24)), 1.2); // the old outline
    EXPECT_GE(edgeContrast(image, indicator, behind), 3.0)
        << "indicator " << indicator.x() << "," << indicator.y() << " " << indicator.width();
}

TEST(DarkTheme, TableCheckBoxesAndSelectionStandOutFromTheRows)
{
    auto w = makeWindow();
    w->session()->viewSettings()->setTheme(Theme::Dark);
    const QPalette palette = QApplication::palette();
    const QColor rows = palette.color(QPalette::Base);
    // A table's check indicator, drawn by the application's style on a row.
    QImage image(40, 40, QImage::Format_ARGB32);
    image.fill(rows);
    QStyleOptionViewItem option;
    option.palette = palette;
    option.rect = QRect(10, 10, 16, 16);
    option.state = QStyle::State_Enabled | QStyle::State_Off;
    {
        QPainter p(&image);
        QApplication::style()->drawPrimitive(QStyle::PE_IndicatorItemViewItemCheck, &option, &p);
    }
    EXPECT_GE(edgeContrast(image, option.rect, rows), 3.0);
    // Selection and focus use the highlight colour.
    EXPECT_GE(contrast(palette.color(QPalette::Highlight), rows), 3.0);
    EXPECT_GE(contrast(palette.color(QPalette::Highlight), palette.color(QPalette::Window)), 3.0);
    // The light theme is drawn by the base style as it always was.
    EXPECT_FALSE(ContrastStyle::checkBorder(QPalette(Qt::black, Qt::white)).isValid());
}
