#include "tests/common/hermetic.h"

#include <cstdlib>
#include <string>
#include <system_error>
#include <unistd.h>

namespace roofscope::test {

const HermeticHome& HermeticHome::instance()
{
    static const HermeticHome home;
    return home;
}

HermeticHome::HermeticHome()
{
    namespace fs = std::filesystem;
    if (const char* home = std::getenv("HOME"))
        m_originalHome = home;
    std::string pattern = (fs::temp_directory_path() / "roofscope-test-XXXXXX").string();
    if (char* made = mkdtemp(pattern.data()))
        m_root = made;
    else
        std::abort(); // a test run that cannot isolate itself must not touch the user's files
    const std::pair<const char*, fs::path> dirs[] = {
        {"HOME", home()},
        {"XDG_CONFIG_HOME", configHome()},
        {"XDG_DATA_HOME", m_root / "data"},
        {"XDG_CACHE_HOME", m_root / "cache"},
        {"ROOFSCOPE_CATALOG_DIR", catalogDir()},
        {"ROOFSCOPE_MODEL_DIR", modelDir()},
    };
    for (const auto& [name, dir] : dirs) {
        fs::create_directories(dir);
        setenv(name, dir.c_str(), 1);
    }
}

HermeticHome::~HermeticHome()
{
    std::error_code ec;
    std::filesystem::remove_all(m_root, ec);
}

} // namespace roofscope::test
