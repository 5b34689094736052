// Help ▸ User Guide: the action is in the Help menu, the manual's index it opens exists when the
// program runs from a build tree (the source tree's docs/, as the installed one is missing
// there), and a manual found nowhere is a message naming the folders looked in.
#include "tests/generated/testpaths.h"
#include "ui/widgets/userguide.h"
#include "uitestutil.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTimer>

#include <gtest/gtest.h>

#include <functional>

using namespace roofscope;
using roofscope::test::makeWindow;

TEST(UserGuide, IsInTheHelpMenu)
{
    auto w = makeWindow();
    auto* help = w->findChild<QMenu*>(QStringLiteral("helpMenu"));
    ASSERT_NE(help, nullptr);
    QAction* guide = w->findChild<QAction*>(QStringLiteral("userGuideAction"));
    ASSERT_NE(guide, nullptr);
    EXPECT_TRUE(help->actions().contains(guide));
    EXPECT_EQ(guide->text(), QStringLiteral("User &Guide"));
}

TEST(UserGuide, ResolvesToTheDocsIndexInABuildTree)
{
    const QStringList folders = userGuideFolders();
    ASSERT_EQ(folders.size(), 2);
    // The installed manual first: <prefix>/share/doc/roofscope/docs beside <prefix>/bin.
    EXPECT_EQ(folders[0], QDir::cleanPath(QCoreApplication::applicationDirPath() +
                                          QStringLiteral("/../share/doc/roofscope/docs")));
    const QString index = userGuidePath();
    ASSERT_FALSE(index.isEmpty()) << "looked in "
                                  << folders.join(QStringLiteral(", ")).toStdString();
    EXPECT_TRUE(QFileInfo(index).isFile()) << index.toStdString();
    // A test binary is not installed: the index is the source tree's, the one this test reads.
    EXPECT_EQ(QFileInfo(index).canonicalFilePath(),
              QFileInfo(QString::fromUtf8(ROOFSCOPE_SOURCE_DIR) + QStringLiteral("/docs/index.md"))
                  .canonicalFilePath());
}

TEST(UserGuide, FirstFolderThatHasTheIndexWins)
{
    QTemporaryDir a;
    QTemporaryDir b;
    QFile index(QDir(b.path()).filePath(QStringLiteral("index.md")));
    ASSERT_TRUE(index.open(QIODevice::WriteOnly));
    index.close();
    EXPECT_EQ(userGuidePath({a.path(), b.path()}), QDir::cleanPath(index.fileName()));
    EXPECT_TRUE(userGuidePath({a.path()}).isEmpty());
}

TEST(UserGuide, MissingEverywhereSaysWhereItLooked)
{
    auto w = makeWindow();
    QTemporaryDir dir;
    const QString nowhere = QDir(dir.path()).filePath(QStringLiteral("no-docs-here"));
    const QString elsewhere = QDir(dir.path()).filePath(QStringLiteral("nor-here"));
    QString shown;
    std::function<void()> closeDialog;
    closeDialog = [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box) {
            QTimer::singleShot(10, closeDialog);
            return;
        }
        shown = box->text();
        box->accept();
    };
    QTimer::singleShot(0, closeDialog);
    w->openUserGuide({nowhere, elsewhere});
    EXPECT_TRUE(shown.contains(QStringLiteral("index.md"))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(nowhere)) << shown.toStdString();
    EXPECT_TRUE(shown.contains(elsewhere)) << shown.toStdString();
}
