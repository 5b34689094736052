#include "core/probe/pinnedteam.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

namespace roofscope::probe {

PinnedTeam::PinnedTeam(int threads) : m_threads(std::max(1, threads)), m_cpus(allowedCpus()) {}

std::vector<int> PinnedTeam::allowedCpus()
{
    std::vector<int> cpus;
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &set))
                cpus.push_back(cpu);
    }
#endif
    if (cpus.empty()) {
        const unsigned n = std::max(1u, std::thread::hardware_concurrency());
        for (unsigned i = 0; i < n; ++i)
            cpus.push_back(static_cast<int>(i));
    }
    return cpus;
}

PinnedTeam::Times PinnedTeam::run(const std::function<void(int)>& work) const
{
    using Clock = std::chrono::steady_clock;
    std::atomic<int> ready{0};
    std::atomic<bool> go{false};
    // Each thread stamps its own start and end: on a busy machine a released thread may wait a
    // scheduler time slice before it runs, which is no part of its work.
    std::vector<Clock::time_point> starts(static_cast<std::size_t>(m_threads));
    std::vector<Clock::time_point> ends(static_cast<std::size_t>(m_threads));
    std::vector<std::thread> threads;
    threads.reserve(static_cast<std::size_t>(m_threads));
    for (int i = 0; i < m_threads; ++i) {
        const int cpu = m_cpus[static_cast<std::size_t>(i) % m_cpus.size()];
        threads.emplace_back([&work, &ready, &go, &starts, &ends, i, cpu] {
#if defined(__linux__)
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(cpu, &set);
            // Best effort: a container may forbid it, and the run is still valid unpinned.
            pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
#else
            (void)cpu;
#endif
            ready.fetch_add(1);
            while (!go.load(std::memory_order_acquire))
                std::this_thread::yield();
            const auto k = static_cast<std::size_t>(i);
            starts[k] = Clock::now();
            work(i);
            ends[k] = Clock::now();
        });
    }
    while (ready.load() < m_threads)
        std::this_thread::yield();
    go.store(true, std::memory_order_release);
    for (std::thread& t : threads)
        t.join();
    Times times;
    const auto first = *std::min_element(starts.begin(), starts.end());
    const auto last = *std::max_element(ends.begin(), ends.end());
    times.wall = std::chrono::duration<double>(last - first).count();
    times.shortest = times.wall;
    for (std::size_t k = 0; k < starts.size(); ++k)
        times.shortest =
            std::min(times.shortest, std::chrono::duration<double>(ends[k] - starts[k]).count());
    return times;
}

} // namespace roofscope::probe
