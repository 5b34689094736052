#include "ui/widgets/userguide.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace roofscope {

QStringList userGuideFolders()
{
    return {QDir::cleanPath(QCoreApplication::applicationDirPath() +
                            QStringLiteral("/../share/doc/roofscope/docs")),
            // Set by ui/CMakeLists.txt for this file only.
            QDir::cleanPath(QStringLiteral(ROOFSCOPE_DOCS_SOURCE_DIR))};
}

QString userGuidePath(const QStringList& folders)
{
    for (const QString& folder : folders) {
        const QFileInfo index(QDir(folder).filePath(QStringLiteral("index.md")));
        if (index.isFile())
            return QDir::cleanPath(index.absoluteFilePath());
    }
    return {};
}

} // namespace roofscope
