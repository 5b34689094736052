#pragma once

#include "tests/generated/testpaths.h"

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace roofscope::clitest {

struct CliResult {
    int exitCode = -1;
    std::string out; // stdout
    std::string err; // stderr
};

// Runs the built roofscope binary with `args` (already shell-quoted where needed) and captures
// both streams. stderr goes through a temporary file so the two never interleave. `env`
// ("NAME=value ...") is set for that one process.
inline CliResult runCli(const std::string& args, const std::string& env = {})
{
    char errPath[] = "/tmp/roofscope-cli-XXXXXX";
    const int fd = mkstemp(errPath);
    if (fd >= 0)
        close(fd);
    const std::string command =
        env + (env.empty() ? "'" : " '") + ROOFSCOPE_BINARY + "' " + args + " 2>" + errPath;
    CliResult result;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe)
        return result;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        result.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (FILE* err = fopen(errPath, "r")) {
        while ((n = fread(buffer.data(), 1, buffer.size(), err)) > 0)
            result.err.append(buffer.data(), n);
        fclose(err);
    }
    std::remove(errPath);
    return result;
}

} // namespace roofscope::clitest
