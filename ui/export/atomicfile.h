#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <optional>

namespace roofscope {

// Every file RoofScope exports goes through here: written to a temporary next to the target
// and renamed over it only when complete (QSaveFile), so an unwritable path or a full disk
// never leaves a half-written figure behind.
class AtomicFile {
    Q_DECLARE_TR_FUNCTIONS(roofscope::AtomicFile)
public:
    // The error message names the path and the reason ("Cannot write /a/b.png: No space left
    // on device"); nullopt on success.
    static std::optional<QString> write(const QString& path, const QByteArray& data);
};

} // namespace roofscope
