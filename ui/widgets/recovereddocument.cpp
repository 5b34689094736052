#include "ui/widgets/recovereddocument.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace roofscope {

namespace {

const QString kSuffix = QStringLiteral(".roofscope.json");

} // namespace

QString RecoveredDocument::folder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/recovered");
}

QString RecoveredDocument::fileName(const QString& originalFile, const QDateTime& when)
{
    QString name = QFileInfo(originalFile).fileName();
    if (name.endsWith(kSuffix))
        name.chop(kSuffix.size());
    else if (name.endsWith(QLatin1String(".json")))
        name.chop(5);
    if (name.isEmpty())
        name = tr("Untitled");
    // Dashes, not colons, in the time: a colon is not allowed in a Windows file name.
    return tr("%1 (recovered %2)").arg(name, when.toString(QStringLiteral("yyyy-MM-dd HH-mm-ss"))) +
           kSuffix;
}

std::variant<RecoveredDocument::Written, RecoveredDocument::Failed>
RecoveredDocument::write(const QByteArray& json, const QString& originalFile, const QDateTime& when,
                         const QString& dir)
{
    if (!QDir().mkpath(dir))
        return Failed{tr("%1: the folder cannot be created").arg(QDir::toNativeSeparators(dir))};
    const QString name = fileName(originalFile, when);
    QString path = QDir(dir).filePath(name);
    for (int n = 2; QFileInfo::exists(path); ++n) {
        QString numbered = name;
        numbered.insert(name.size() - kSuffix.size(), QStringLiteral(" %1").arg(n));
        path = QDir(dir).filePath(numbered);
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size() || !f.commit())
        return Failed{
            QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), f.errorString())};
    return Written{path};
}

} // namespace roofscope
