#include "core/probe/bandwidthsweep.h"

#include "core/probe/memorykernels.h"

#include <cmath>
#include <cstdlib>
#include <memory>

namespace roofscope::probe {

namespace {

struct FreeDeleter {
    void operator()(double* p) const { std::free(p); }
};
using Array = std::unique_ptr<double[], FreeDeleter>;

// One thread's arrays: a alone for read; a, b, c for triad.
struct ThreadArrays {
    Array a, b, c;
};

Array allocateArray(std::size_t n, double value)
{
    // 64-byte alignment for the aligned vector loads; the size is a multiple of 64 elements.
    Array array(static_cast<double*>(std::aligned_alloc(64, n * sizeof(double))));
    if (array)
        for (std::size_t i = 0; i < n; ++i)
            array[i] = value;
    return array;
}

int arraysOf(MemoryKernel kernel)
{
    return kernel == MemoryKernel::Read ? 1 : 3;
}

} // namespace

std::string_view memoryKernelName(MemoryKernel kernel)
{
    return kernel == MemoryKernel::Read ? "read" : "triad";
}

double bytesPerElement(MemoryKernel kernel)
{
    return 8.0 * arraysOf(kernel);
}

std::vector<double> sweepSizes(double minBytes, double maxBytes, double factor)
{
    std::vector<double> sizes;
    if (!(minBytes > 0.0) || !(factor > 1.0) || !std::isfinite(maxBytes))
        return sizes;
    for (double size = minBytes;; size *= factor) {
        sizes.push_back(std::round(size));
        if (size >= maxBytes)
            break;
    }
    return sizes;
}

std::size_t elementsPerThread(double bytes, int threads, MemoryKernel kernel)
{
    // Elements per thread and array, a whole number of kernel steps.
    const double perThread = bytes / static_cast<double>(threads) / bytesPerElement(kernel);
    const auto n = static_cast<std::size_t>(perThread / kMemoryKernelStep) * kMemoryKernelStep;
    return std::max(n, kMemoryKernelStep);
}

std::vector<double> measuredSizes(int threads, MemoryKernel kernel, const SweepOptions& options)
{
    std::vector<double> sizes;
    std::size_t previous = 0;
    for (double size : sweepSizes(options.minBytes, options.maxBytes, options.factor)) {
        const std::size_t n = elementsPerThread(size, threads, kernel);
        if (n == previous)
            continue; // small sizes that round to the same arrays are measured once
        previous = n;
        sizes.push_back(size);
    }
    return sizes;
}

std::vector<SweepPoint> sweepBandwidth(const PinnedTeam& team, MemoryKernel kernel,
                                       const SweepOptions& options,
                                       const std::function<void(double bytes)>& progress)
{
    std::vector<SweepPoint> points;
    const auto threads = static_cast<std::size_t>(team.size());
    for (double size : measuredSizes(team.size(), kernel, options)) {
        const std::size_t n = elementsPerThread(size, team.size(), kernel);
        if (options.cancelled && options.cancelled())
            break;
        if (progress)
            progress(size);

        std::vector<ThreadArrays> arrays(threads);
        bool allocated = true;
        team.run([&](int i) {
            ThreadArrays& t = arrays[static_cast<std::size_t>(i)];
            t.a = allocateArray(n, 1.0);
            if (kernel == MemoryKernel::Triad) {
                t.b = allocateArray(n, 1.0);
                t.c = allocateArray(n, 2.0);
            }
        });
        for (const ThreadArrays& t : arrays)
            allocated = allocated && t.a && (kernel == MemoryKernel::Read || (t.b && t.c));
        if (!allocated)
            break; // out of memory: the sweep ends at the largest size that fitted

        std::vector<double> sinks(threads, 0.0);
        const Isa isa = options.isa;
        const auto timedRun = [&](std::uint64_t reps) {
            return team.run([&](int i) {
                const auto k = static_cast<std::size_t>(i);
                ThreadArrays& t = arrays[k];
                if (kernel == MemoryKernel::Read)
                    sinks[k] += readPasses(isa, t.a.get(), n, reps);
                else
                    triadPasses(isa, t.a.get(), t.b.get(), t.c.get(), n, reps);
            });
        };
        const double bytes =
            static_cast<double>(n) * bytesPerElement(kernel) * static_cast<double>(threads);
        points.push_back(SweepPoint{bytes, sampleRate(timedRun, bytes, options.plan)});
    }
    return points;
}

} // namespace roofscope::probe
