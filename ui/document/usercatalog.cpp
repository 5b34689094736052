#include "ui/document/usercatalog.h"
#include "core/util/textfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace roofscope {

QString UserCatalog::editorFile()
{
    return QDir(QString::fromStdString(userCatalogDirectory()))
        .filePath(QStringLiteral("my-accelerators.json"));
}

QString UserCatalog::copyTarget(const std::vector<Hardware>& entries)
{
    // Ids are slugs (a-z, 0-9, hyphens): always a valid file name.
    const QString id =
        entries.empty() ? QStringLiteral("hardware") : QString::fromStdString(entries.front().id);
    return QDir(QString::fromStdString(userCatalogDirectory()))
        .filePath(id + QStringLiteral(".json"));
}

Expected<std::optional<QByteArray>> UserCatalog::readBytes(const QString& path)
{
    if (!QFileInfo::exists(path))
        return std::optional<QByteArray>();
    auto text = readTextFile(path.toStdString());
    if (!text)
        return text.error();
    return std::optional<QByteArray>(QByteArray::fromStdString(*text));
}

std::optional<QString> UserCatalog::writeBytes(const QString& path,
                                               const std::optional<QByteArray>& bytes)
{
    if (!bytes) {
        if (QFileInfo::exists(path) && !QFile::remove(path))
            return tr("Cannot remove %1").arg(path);
        return std::nullopt;
    }
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return tr("Cannot create the folder %1").arg(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return tr("Cannot write %1: %2").arg(path, f.errorString());
    f.write(*bytes);
    if (!f.commit())
        return tr("Cannot write %1: %2").arg(path, f.errorString());
    return std::nullopt;
}

std::optional<QString> UserCatalog::validate(const Hardware& hw)
{
    // One source of truth for what a valid entry is: the catalog parser.
    const std::string json = hardwareCatalogToJson({hw});
    auto parsed = parseHardwareCatalog(json, "entry");
    if (!parsed)
        return QString::fromStdString(parsed.error().message);
    return std::nullopt;
}

Expected<QByteArray> UserCatalog::withEntry(const std::optional<QByteArray>& current,
                                            const Hardware& hw)
{
    std::vector<Hardware> entries;
    if (current) {
        const std::string name = QFileInfo(editorFile()).fileName().toStdString();
        auto parsed = parseHardwareCatalog(
            std::string_view(current->constData(), static_cast<std::size_t>(current->size())),
            name);
        if (!parsed)
            return parsed.error();
        entries = std::move(*parsed);
    }
    const auto same = std::find_if(entries.begin(), entries.end(),
                                   [&hw](const Hardware& h) { return h.id == hw.id; });
    if (same != entries.end())
        *same = hw;
    else
        entries.push_back(hw);
    return QByteArray::fromStdString(hardwareCatalogToJson(entries));
}

} // namespace roofscope
