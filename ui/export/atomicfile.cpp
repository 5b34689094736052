#include "ui/export/atomicfile.h"

#include <QDir>
#include <QSaveFile>

namespace roofscope {

std::optional<QString> AtomicFile::write(const QString& path, const QByteArray& data)
{
    const QString shown = QDir::toNativeSeparators(path);
    if (path.isEmpty())
        return tr("Cannot write the file: no file name was given");
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("Cannot write %1: %2").arg(shown, file.errorString());
    if (file.write(data) != data.size()) {
        const QString reason = file.errorString();
        // Discards the temporary: the target keeps its old content, or stays absent.
        file.cancelWriting();
        file.commit();
        return tr("Cannot write %1: %2").arg(shown, reason);
    }
    // commit() flushes, fsyncs and renames; on failure it removes the temporary itself.
    if (!file.commit())
        return tr("Cannot write %1: %2").arg(shown, file.errorString());
    return std::nullopt;
}

} // namespace roofscope
