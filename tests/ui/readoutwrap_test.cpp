// The read-out under zh_CN (issue #37, item 5): its rows wrap inside the panel instead of running
// past its right edge, at 1366×768 and at 1920×1080, for every operator of the default document.
// Chinese sentences have no spaces, and a label that cannot break would ask for its whole line.
#include "ui/document/session.h"
#include "ui/text/translation.h"
#include "ui/widgets/mainwindow.h"
#include "ui/widgets/readoutpanel.h"
#include "uitestutil.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QLabel>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::makeWindow;

namespace {

class ReadoutWrap : public ::testing::TestWithParam<QSize> {
protected:
    void SetUp() override { ASSERT_TRUE(installTranslator(QStringLiteral("zh_CN"))); }
    void TearDown() override { installTranslator(QStringLiteral("en")); }
};

void settle()
{
    for (int i = 0; i < 6; ++i)
        QCoreApplication::processEvents();
}

} // namespace

TEST_P(ReadoutWrap, EveryRowFitsThePanelsWidthAndHeight)
{
    auto w = makeWindow();
    w->applyDefaultLayout(GetParam());
    w->show();
    settle();
    auto* dock = w->findChild<QDockWidget*>(QStringLiteral("readoutDock"));
    ASSERT_NE(dock, nullptr);
    dock->raise();
    settle();
    ReadoutPanel* panel = w->readoutPanel();
    ASSERT_TRUE(panel->isVisible());
    // Translated: the sentences are the zh_CN ones.
    EXPECT_TRUE(panel->field(QStringLiteral("bound")).contains(QStringLiteral("受限")))
        << panel->field(QStringLiteral("bound")).toStdString();

    Session* s = w->session();
    int checked = 0;
    for (int op = 0; op < static_cast<int>(s->operators().size()); ++op) {
        s->setSelectedOperator(op);
        settle();
        for (QLabel* label : panel->findChildren<QLabel*>()) {
            if (!label->isVisible() || label->text().isEmpty())
                continue;
            const QRect inPanel(label->mapTo(panel, QPoint(0, 0)), label->size());
            EXPECT_LE(inPanel.right(), panel->contentsRect().right())
                << "operator " << op << ": " << label->text().toStdString() << " runs to x "
                << inPanel.right() << " in a panel " << panel->width() << " px wide";
            // A wrapping label is cut when its text needs more height than it has; one that
            // does not wrap, when its line is wider than the label (the layout clips it).
            if (label->wordWrap())
                EXPECT_LE(label->heightForWidth(label->width()), label->height())
                    << "operator " << op << ": " << label->text().toStdString() << " is cut";
            else
                EXPECT_LE(label->fontMetrics().horizontalAdvance(label->text()),
                          label->contentsRect().width())
                    << "operator " << op << ": " << label->text().toStdString() << " is cut";
            ++checked;
        }
    }
    EXPECT_GE(checked, 7 * 12);
}

INSTANTIATE_TEST_SUITE_P(WindowSizes, ReadoutWrap,
                         ::testing::Values(QSize(1366, 768), QSize(1920, 1080)),
                         [](const ::testing::TestParamInfo<QSize>& info) {
                             return std::to_string(info.param.width()) + "x" +
                                    std::to_string(info.param.height());
                         });
