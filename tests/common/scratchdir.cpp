#include "tests/common/scratchdir.h"

#include <fstream>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace roofscope::test {

ScratchDir::ScratchDir(const std::string& prefix)
{
    std::string pattern =
        (std::filesystem::temp_directory_path() / ("roofscope-" + prefix + "-XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr)
        throw std::runtime_error("cannot create a scratch directory " + pattern);
    m_dir = pattern;
}

ScratchDir::~ScratchDir()
{
    std::error_code ignored;
    std::filesystem::remove_all(m_dir, ignored);
}

std::string ScratchDir::path(const std::string& name) const
{
    return (m_dir / name).string();
}

std::string ScratchDir::write(const std::string& name, const std::string& text) const
{
    const std::string file = path(name);
    std::ofstream(file, std::ios::binary) << text;
    return file;
}

} // namespace roofscope::test
