#pragma once

#include <filesystem>
#include <string>

namespace roofscope::test {

// Every test process gets its own empty home: HOME, XDG_CONFIG_HOME, XDG_DATA_HOME,
// XDG_CACHE_HOME, ROOFSCOPE_CATALOG_DIR and ROOFSCOPE_MODEL_DIR point into one fresh temporary
// directory, so no user catalog, model, setting or recent-file list on the machine running the
// tests can change a result, and no test writes into the user's files. Child processes (the
// CLI under test) inherit it. Called first thing in every test main (tests/common/
// hermeticmain.cpp, tests/ui/testmain.cpp); the directory is removed at exit.
class HermeticHome {
public:
    // The one of this process (created on first use).
    static const HermeticHome& instance();

    const std::filesystem::path& root() const { return m_root; }
    std::filesystem::path home() const { return m_root / "home"; }
    std::filesystem::path configHome() const { return m_root / "config"; }
    std::filesystem::path catalogDir() const { return m_root / "catalog"; }
    std::filesystem::path modelDir() const { return m_root / "models"; }
    // HOME as the process found it before the helper replaced it (for the test that proves a
    // catalog there cannot reach a result).
    const std::string& originalHome() const { return m_originalHome; }

    HermeticHome(const HermeticHome&) = delete;
    HermeticHome& operator=(const HermeticHome&) = delete;
    ~HermeticHome();

private:
    HermeticHome();
    std::filesystem::path m_root;
    std::string m_originalHome;
};

inline void makeHermetic()
{
    HermeticHome::instance();
}

} // namespace roofscope::test
