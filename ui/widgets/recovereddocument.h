#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

#include <variant>

namespace roofscope {

// Unsaved work that would otherwise be overwritten, written as a document of its own: the last
// session's changes when `roofscope FILE` opens another document instead of restoring it.
// Recovered documents live in one folder of the app's data directory, each named after the
// document it came from and the time it was kept, so that several never overwrite each other.
class RecoveredDocument {
    Q_DECLARE_TR_FUNCTIONS(roofscope::RecoveredDocument)

public:
    struct Written {
        QString path;
    };
    struct Failed {
        QString message; // names the path and the reason
    };

    // The folder recovered documents are written to (created on demand).
    static QString folder();
    // "<name> (recovered yyyy-MM-dd HH-mm-ss).roofscope.json", where name is the original
    // file's without ".roofscope.json" (or "Untitled" for a document never saved).
    static QString fileName(const QString& originalFile, const QDateTime& when);
    // Writes `json` atomically (QSaveFile) into `dir` under fileName(); a name already taken
    // gets " 2", " 3"… so no earlier recovered document is replaced.
    static std::variant<Written, Failed> write(const QByteArray& json, const QString& originalFile,
                                               const QDateTime& when,
                                               const QString& dir = folder());
};

} // namespace roofscope
