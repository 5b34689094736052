// English plurals through a translation file (issue #37, item 4): every "%n thing(s)" string of
// the window reads "1 thing" and "3 things" in English, as the window starts (testmain installs
// English as guimain does), and the source texts never show.
#include "ui/text/translation.h"

#include <QCoreApplication>

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

struct Numerus {
    const char* context;
    const char* source;
    const char* one;
    const char* three;
};

// Every numerus string in ui/ (lupdate -pluralonly lists them); a new one without English forms
// reads "(s)" and fails below.
const Numerus kStrings[] = {
    {"roofscope::KernelsPanel", "Imported %Ln kernel(s).", "Imported 1 kernel.",
     "Imported 3 kernels."},
    {"roofscope::KernelsPanel", "%n of them not on the chart.", "1 of them is not on the chart.",
     "3 of them are not on the chart."},
    {"roofscope::KernelsPanel", "%n warning(s): see the Kernels panel.",
     "1 warning: see the Kernels panel.", "3 warnings: see the Kernels panel."},
    {"roofscope::CatalogController", "%1: %n accelerator(s) added", "%1: 1 accelerator added",
     "%1: 3 accelerators added"},
    {"roofscope::PublishedDialog", "%n row(s) could not be evaluated (see the Ratio column).",
     "1 row could not be evaluated (see the Ratio column).",
     "3 rows could not be evaluated (see the Ratio column)."},
    {"roofscope::RoofChart", "%n label(s) hidden", "1 label hidden", "3 labels hidden"},
};

} // namespace

TEST(EnglishNumerus, OneThingAndThreeThings)
{
    ASSERT_TRUE(installTranslator(QStringLiteral("en")));
    for (const Numerus& s : kStrings) {
        EXPECT_EQ(QCoreApplication::translate(s.context, s.source, nullptr, 1),
                  QString::fromUtf8(s.one));
        EXPECT_EQ(QCoreApplication::translate(s.context, s.source, nullptr, 3),
                  QString::fromUtf8(s.three));
    }
}

TEST(EnglishNumerus, BackFromChineseTheFormsReturn)
{
    ASSERT_TRUE(installTranslator(QStringLiteral("zh_CN")));
    EXPECT_FALSE(
        QCoreApplication::translate("roofscope::RoofChart", "%n label(s) hidden", nullptr, 3)
            .contains(QStringLiteral("labels")));
    ASSERT_TRUE(installTranslator(QStringLiteral("en")));
    EXPECT_EQ(QCoreApplication::translate("roofscope::RoofChart", "%n label(s) hidden", nullptr, 3),
              QStringLiteral("3 labels hidden"));
}
