// The labels that change on every slider step answer their height as QLabel does, at every
// width, and after every text change: their shortcut is in the size hints, not in what they show.
#include "ui/controls/livelabel.h"

#include <QApplication>
#include <QVBoxLayout>
#include <QWidget>

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

const QString kLong = QStringLiteral(
    "ridge at 295 FLOP/byte: needs 122× more intensity to become compute-bound, and a second "
    "sentence long enough to wrap over several lines at any width a side column has");

TEST(LiveLabel, HeightForWidthIsQLabelsAtEveryWidthAndAfterEveryChange)
{
    for (const Qt::TextFormat format : {Qt::PlainText, Qt::RichText}) {
        LiveLabel live;
        QLabel plain;
        plain.setWordWrap(true);
        for (QLabel* l : {static_cast<QLabel*>(&live), &plain}) {
            l->setTextFormat(format);
            l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        }
        for (const QString& text : {kLong, QStringLiteral("<b>short</b>"), kLong + kLong}) {
            live.setText(text);
            plain.setText(text);
            for (int width : {80, 200, 310, 200, 640}) {
                EXPECT_EQ(live.heightForWidth(width), plain.heightForWidth(width))
                    << qPrintable(text) << " at " << width;
            }
        }
    }
}

TEST(LiveLabel, InALayoutItShowsEveryLineOfANewText)
{
    QWidget column;
    auto* layout = new QVBoxLayout(&column);
    auto* label = new LiveLabel(&column);
    layout->addWidget(label);
    layout->addStretch();
    column.resize(260, 600);
    column.show();
    label->setText(QStringLiteral("one line"));
    QApplication::processEvents();
    const int oneLine = label->height();
    label->setText(kLong);
    QApplication::processEvents();
    EXPECT_GT(label->height(), 2 * oneLine);
    EXPECT_EQ(label->height(), label->heightForWidth(label->width()));
    // Hints cost no text layout, but still let a column shrink to a dozen characters.
    EXPECT_LT(label->minimumSizeHint().width(), 200);
    EXPECT_EQ(label->sizeHint().width(), label->width());
}

} // namespace
