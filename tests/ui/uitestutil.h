#pragma once

#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "core/roofline/roofline.h"
#include "ui/document/session.h"
#include "ui/widgets/mainwindow.h"

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>

#include <memory>

namespace roofscope::test {

// The window in its default state (the seed's story), not yet shown.
inline std::unique_ptr<MainWindow> makeWindow()
{
    auto w = std::make_unique<MainWindow>(HardwareCatalog::builtin());
    w->newDocument();
    return w;
}

// A session over the built-in catalog with the default scenario applied.
inline std::unique_ptr<Session> makeSession()
{
    auto s = std::make_unique<Session>(HardwareCatalog::builtin());
    s->applyScenario(defaultScenario(), QStringLiteral("default"));
    return s;
}

inline int operatorIndex(const Session& s, const std::string& kind)
{
    for (std::size_t i = 0; i < s.operators().size(); ++i) {
        if (s.operators()[i].kind == kind)
            return static_cast<int>(i);
    }
    return -1;
}

// The core's estimate, computed here independently of the session's cache.
inline Estimate coreEstimate(const Operator& op, const Hardware& hw)
{
    auto e = estimate(op.cost(), hw);
    return e.ok() ? *e : Estimate{};
}

// A user catalog folder of the test's own (ROOFSCOPE_CATALOG_DIR), empty, restored afterwards.
class CatalogFolder {
public:
    CatalogFolder() : m_old(qgetenv("ROOFSCOPE_CATALOG_DIR"))
    {
        qputenv("ROOFSCOPE_CATALOG_DIR", m_dir.path().toUtf8());
    }
    ~CatalogFolder() { qputenv("ROOFSCOPE_CATALOG_DIR", m_old); }
    CatalogFolder(const CatalogFolder&) = delete;
    CatalogFolder& operator=(const CatalogFolder&) = delete;
    QString path() const { return m_dir.path(); }
    QStringList files() const { return QDir(m_dir.path()).entryList(QDir::Files); }

private:
    QTemporaryDir m_dir;
    QByteArray m_old;
};

} // namespace roofscope::test
