// The test main: a QApplication before any test, a headless platform unless one is asked for,
// fixed DPI and isolated settings so that runs are deterministic and touch no user files.
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

int main(int argc, char** argv)
{
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
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
