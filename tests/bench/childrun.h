#pragma once

// What a benchmark run in a child process cost: the benchmarks that report peak memory fork
// each run, so that one run's peak (ru_maxrss) is not another's.
#include <chrono>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace roofscope::bench {

struct ChildRun {
    double seconds = 0.0;
    double cpuSeconds = 0.0; // user + system: what the run costs on a machine others share
    double peakMb = 0.0;
    int status = -1; // the child's exit status, -1 when it did not exit
};

// Runs `child` (returning an exit status) in a forked process: its wall time and its own peak
// resident memory.
template <typename F> ChildRun runInChild(F child)
{
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0)
        _exit(child());
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    ChildRun r;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.peakMb = static_cast<double>(usage.ru_maxrss) / 1024.0;
    r.cpuSeconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                   static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

} // namespace roofscope::bench
