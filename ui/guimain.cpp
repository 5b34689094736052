#include "ui/guimain.h"

#include "core/hardware/catalog.h"
#include "core/measured/hardwarefiles.h"
#include "ui/text/translation.h"
#include "ui/widgets/mainwindow.h"

#include <QApplication>
#include <QIcon>
#include <QMessageBox>
#include <QTextStream>

namespace roofscope {

int runGui(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RoofScope"));
    QApplication::setOrganizationDomain(QStringLiteral("roofscope.github.io"));
    QApplication::setApplicationName(QStringLiteral("roofscope"));
    QApplication::setApplicationDisplayName(QStringLiteral("RoofScope"));
    QApplication::setApplicationVersion(QStringLiteral(ROOFSCOPE_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.roofscope.RoofScope"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/roofscope/roofscope.svg")));
    // The language of Preferences, else the system locale's (zh_CN or English).
    installTranslator(preferredLanguage());

    HardwareCatalog catalog = HardwareCatalog::builtin();
    QStringList errors;
    for (const Error& e : loadUserHardwareDirectory(catalog))
        errors << QString::fromStdString(e.message);
    const QStringList args = QApplication::arguments();
    QStringList documents; // files to open: a document, or profiler exports to import
    for (qsizetype i = 1; i < args.size(); ++i) {
        QString file;
        if (args[i] == QLatin1String("--catalog") && i + 1 < args.size()) {
            file = args[++i];
        } else if (args[i].startsWith(QLatin1String("--catalog="))) {
            file = args[i].mid(10);
        } else {
            if (!args[i].startsWith(QLatin1Char('-')))
                documents << args[i];
            continue;
        }
        if (auto loaded = loadHardwareFile(catalog, file.toStdString()); !loaded) {
            errors << QString::fromStdString(loaded.error().message);
            QTextStream(stderr) << QString::fromStdString(loaded.error().message) << '\n';
        }
    }

    MainWindow window(std::move(catalog), errors);
    if (documents.isEmpty()) {
        if (!window.restoreState())
            window.newDocument();
        window.show();
    } else {
        // Files from the command line (a double-click in a file manager): the window opens on
        // them, or on a new document with the error that names the file.
        window.restoreGeometryOnly();
        window.show();
        if (auto error = window.openFromCommandLine(documents)) {
            QTextStream(stderr) << *error << '\n';
            QMessageBox::warning(&window, MainWindow::tr("Cannot Open"), *error);
        }
        if (!window.lastSessionNote().isEmpty())
            QMessageBox::information(&window, MainWindow::tr("Unsaved Changes Kept"),
                                     window.lastSessionNote());
    }
    return app.exec();
}

} // namespace roofscope
