#include "core/util/textfile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace roofscope {

Expected<std::string> readTextFile(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_directory(path, ec))
        return makeError(path + ": is a directory, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return makeError(path + ": cannot open: " + std::strerror(errno));
    const std::string tooLarge = path + ": too large (more than " + std::to_string(kMaxFileBytes) +
                                 " bytes, the file size limit of RoofScope's JSON files)";
    const auto size = fs::file_size(path, ec);
    if (!ec && size > kMaxFileBytes)
        return makeError(tooLarge);
    // Read in chunks and stop one byte past the limit: devices and pipes (/dev/zero) report
    // no size, and reading them whole would never end.
    std::string text;
    char chunk[65536];
    while (in && text.size() <= kMaxFileBytes) {
        in.read(chunk, sizeof chunk);
        text.append(chunk, static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad())
        return makeError(path + ": read error: " + std::strerror(errno));
    if (text.size() > kMaxFileBytes)
        return makeError(tooLarge);
    return text;
}

} // namespace roofscope
