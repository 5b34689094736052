// Importing a 100,000-row generic CSV (issue 8 target: <= 1 s), plus the analysis of every
// kernel under its roof. Not a test: timings are reported, never pass/fail.
//   cmake --build build/dev --target roofscope_bench_measured_import &&
//   build/dev/tests/bench/roofscope_bench_measured_import [ROWS]
#include "core/hardware/catalog.h"
#include "core/measured/devicematch.h"
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace roofscope;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point from)
{
    return std::chrono::duration<double>(Clock::now() - from).count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    const long rows = argc > 1 ? std::atol(argv[1]) : 100000;
    char path[] = "/tmp/roofscope-bench-XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0)
        return 1;
    close(fd);
    {
        std::ofstream out(path);
        out << "name,time_s,flops,dram_bytes,l2_bytes,l1_bytes,precision,gpu,launches\n";
        const char* gpus[] = {"h100-sxm5", "NVIDIA A100-SXM4-80GB", "mi300x"};
        const char* precisions[] = {"fp16", "bf16", "fp32"};
        for (long i = 0; i < rows; ++i) {
            out << "\"void at::native::kernel_" << i % 997 << "<float, 4>(float*, int)\","
                << 1e-6 * (1 + i % 50) << "," << 1e9 * (1 + i % 13) << "," << 1e7 * (1 + i % 7)
                << "," << 3e7 * (1 + i % 5) << "," << 9e7 * (1 + i % 3) << "," << precisions[i % 3]
                << "," << gpus[i % 3] << "," << 1 + i % 4 << "\n";
        }
    }
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    std::vector<double> importTimes, totalTimes;
    std::size_t kernels = 0;
    for (int run = 0; run < 5; ++run) {
        const auto start = Clock::now();
        auto imported = importMeasurementFile(path);
        importTimes.push_back(seconds(start));
        if (!imported) {
            std::fprintf(stderr, "%s\n", imported.error().message.c_str());
            return 1;
        }
        assignKernelGpus(imported->kernels, catalog.all());
        double sum = 0.0;
        for (const MeasuredKernel& k : imported->kernels) {
            const KernelAnalysis a = analyseKernel(k, catalog.find(k.gpu));
            sum += a.percentOfRoof.value_or(0.0);
        }
        totalTimes.push_back(seconds(start));
        kernels = imported->kernels.size();
        if (sum < 0)
            return 1; // keeps the analysis from being optimised away
    }
    std::remove(path);
    std::printf("%zu kernels: import median %.3f s, import + device match + analysis median "
                "%.3f s (5 runs; target <= 1 s)\n",
                kernels, median(importTimes), median(totalTimes));
    return 0;
}
