// `roofscope plot` of 100,000 measured kernels against the default figure, end to end (the
// process, import, figure model, chart and PNG): issue 8's target is <= 6x the default figure's
// time. It runs the built roofscope binary, so it measures whichever chart is merged. Not a
// test: timings are reported, never pass/fail; the exit code is 1 when the ratio misses.
//   cmake --build build/dev --target roofscope roofscope_bench_plot_measured &&
//   build/dev/tests/bench/roofscope_bench_plot_measured [KERNELS] [RUNS]
#include "tests/generated/testpaths.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using Clock = std::chrono::steady_clock;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Wall time of one command; exits when it fails (a benchmark of an error is no benchmark).
double timed(const std::string& command)
{
    const auto start = Clock::now();
    if (std::system(command.c_str()) != 0) {
        std::fprintf(stderr, "failed: %s\n", command.c_str());
        std::exit(2);
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv)
{
    const long kernels = argc > 1 ? std::atol(argv[1]) : 100000;
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    char dir[] = "/tmp/roofscope-bench-plot-XXXXXX";
    if (!mkdtemp(dir))
        return 2;
    const std::string base = dir;
    const std::string csv = base + "/kernels.csv";
    {
        // Kernels spread over five decades of intensity and three of FLOP/s, as a real profile.
        std::ofstream out(csv);
        out << "name,time_s,flops,dram_bytes,l2_bytes,l1_bytes,gpu\n";
        unsigned state = 12345;
        auto next = [&state] {
            state = state * 1103515245u + 12345u;
            return static_cast<double>((state >> 8) & 0xffff) / 65535.0;
        };
        for (long i = 0; i < kernels; ++i) {
            const double time = 1e-6 * (1.0 + 1000.0 * next());
            const double ai = std::pow(10.0, -1.0 + 5.0 * next());
            const double flops = time * std::pow(10.0, 11.0 + 3.0 * next());
            out << "kernel_" << (i % 5000) << "<float>(int)," << time << ',' << flops << ','
                << flops / ai << ',' << flops / ai * 3 << ',' << flops / ai * 9
                << ",a100-sxm4-80gb\n";
        }
    }
    const std::string bin = ROOFSCOPE_BINARY;
    const std::string plain = bin + " plot -o " + base + "/default.png";
    const std::string measured = bin + " plot --measured " + csv + " -o " + base + "/measured.png";
    timed(plain); // warm the page cache and the font cache
    std::vector<double> a;
    std::vector<double> b;
    for (int i = 0; i < runs; ++i) {
        // Alternately, so that a busy neighbour on a shared machine slows both alike.
        a.push_back(timed(plain));
        b.push_back(timed(measured));
    }
    const double ratio = median(b) / median(a);
    std::printf("roofscope plot, default figure:             median %.3f s (%d runs)\n", median(a),
                runs);
    std::printf("roofscope plot --measured (%ld kernels): median %.3f s\n", kernels, median(b));
    std::printf("ratio %.2fx (target <= 6x): %s\n", ratio, ratio <= 6.0 ? "met" : "MISSED");
    std::system(("rm -rf " + base).c_str());
    return ratio <= 6.0 ? 0 : 1;
}
