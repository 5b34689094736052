#pragma once

#include <filesystem>
#include <string>

namespace roofscope::test {

// A fresh directory under the temporary directory ("/tmp/roofscope-PREFIX-XXXXXX"), removed
// with everything in it when the object goes, so tests that write files can run in parallel
// and leave nothing behind. Throws std::runtime_error when the directory cannot be made.
class ScratchDir {
public:
    explicit ScratchDir(const std::string& prefix);
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    const std::filesystem::path& dir() const { return m_dir; }
    // The path of `name` inside the directory.
    std::string path(const std::string& name) const;
    // Writes `text` as it is (binary) to `name` and returns its path.
    std::string write(const std::string& name, const std::string& text) const;

private:
    std::filesystem::path m_dir;
};

} // namespace roofscope::test
