#pragma once

#include <functional>
#include <vector>

namespace roofscope::probe {

// Runs one piece of work on each of N threads, thread i pinned to the i-th CPU this process
// may use (wrapping round when there are more threads than CPUs): unpinned threads of a short
// run share a core and do not scale. All are released together.
class PinnedTeam {
public:
    explicit PinnedTeam(int threads);

    // The times of one run, in seconds.
    struct Times {
        double wall = 0.0;     // the first thread's start to the last thread's end
        double shortest = 0.0; // the shortest time one thread spent in its work
    };

    int size() const { return m_threads; }
    // `work(i)` on thread i.
    Times run(const std::function<void(int)>& work) const;

    // The CPUs this process may run on (its affinity mask), at least one entry.
    static std::vector<int> allowedCpus();

private:
    int m_threads = 1;
    std::vector<int> m_cpus;
};

} // namespace roofscope::probe
