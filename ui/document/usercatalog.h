#pragma once

#include "core/hardware/catalog.h"
#include "core/util/expected.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <optional>
#include <vector>

namespace roofscope {

// The user's own accelerators: one catalog file in userCatalogDirectory() that the
// accelerator editor writes (atomically) and that every start loads with the other user files.
class UserCatalog {
    Q_DECLARE_TR_FUNCTIONS(roofscope::UserCatalog)
public:
    // <user catalog directory>/my-accelerators.json
    static QString editorFile();
    // Where File ▸ Add Hardware Catalog… keeps the entries of a file so that they load at the
    // next start: <user catalog directory>/<id of the first entry>.json, the same name on
    // every machine whatever the file was called.
    static QString copyTarget(const std::vector<Hardware>& entries);

    // The file's bytes (nullopt: the file does not exist); an error when it cannot be read.
    static Expected<std::optional<QByteArray>> readBytes(const QString& path);
    // Writes `bytes` atomically (QSaveFile), creating the directory; nullopt removes the file.
    // The message names the path and the reason.
    static std::optional<QString> writeBytes(const QString& path,
                                             const std::optional<QByteArray>& bytes);
    // The editor file with `hw` added, or replacing the entry of the same id. A broken
    // existing file is an error (naming file and pointer): it is never overwritten.
    static Expected<QByteArray> withEntry(const std::optional<QByteArray>& current,
                                          const Hardware& hw);
    // Checks one entry the way a catalog file is checked (core parseHardwareCatalog): the
    // message names the field ("/hardware/0/memory/0/bytes_per_s: must be ...").
    static std::optional<QString> validate(const Hardware& hw);
};

} // namespace roofscope
