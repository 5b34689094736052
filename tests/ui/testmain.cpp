// The test main: a QApplication before any test, a headless platform unless one is asked for,
// fixed DPI and an isolated home and settings (tests/common/hermetic.h) so that runs are
// deterministic and touch no user files.
#include "tests/common/hermetic.h"
#include "ui/text/translation.h"

#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

int main(int argc, char** argv)
{
    // Own HOME, XDG, catalog and model directories before Qt reads any of them.
    roofscope::test::makeHermetic();
#ifndef ROOFSCOPE_REAL_DISPLAY
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
#endif
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RoofScopeTests"));
    QApplication::setApplicationName(QStringLiteral("roofscope-tests"));
    // Settings of this process only: ctest runs test processes in parallel, and tests that
    // clear or write the settings must not see each other's.
    QTemporaryDir settingsDir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    // English as the window starts in it: with its numerus forms ("1 warning", "3 warnings").
    roofscope::installTranslator(QStringLiteral("en"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
