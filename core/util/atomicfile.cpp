#include "core/util/atomicfile.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace roofscope {

namespace {

Error failure(const std::string& path, int error)
{
    return makeError(path + ": cannot write: " + std::strerror(error));
}

} // namespace

std::optional<Error> writeFileAtomically(const std::string& path, std::string_view text)
{
    if (path.empty())
        return makeError("(empty path): cannot write: no file name");
    std::string temp = path + ".tmp-XXXXXX";
    const int fd = mkstemp(temp.data());
    if (fd < 0)
        return failure(path, errno);
    // mkstemp makes the file 0600; a catalog entry is as readable as any file the user makes.
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const int error = errno;
            ::close(fd);
            std::remove(temp.c_str());
            return failure(path, error);
        }
        written += static_cast<std::size_t>(n);
    }
    const int synced = ::fsync(fd) == 0 ? 0 : errno;
    const int closed = ::close(fd) == 0 ? 0 : errno;
    if (synced != 0 || closed != 0) {
        std::remove(temp.c_str());
        return failure(path, synced != 0 ? synced : closed);
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        const int error = errno;
        std::remove(temp.c_str());
        return failure(path, error);
    }
    return std::nullopt;
}

} // namespace roofscope
