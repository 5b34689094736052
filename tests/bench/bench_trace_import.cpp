// Importing a synthetic PyTorch profiler trace of 1,000,000 kernels (.json.gz, 3 events a
// kernel: a cpu_op with Input Dims, its cudaLaunchKernel, the kernel with grid/block/stream;
// H100 deviceProperties; long templated kernel names, as in shared/reference/large-traces.md),
// against Python's json.load of the same file in the same run. Targets: <= 10 s, peak
// <= 1.5 GB, <= 0.5x Python's time. Core only (no Qt); not a ctest test. One command:
//   cmake --build build/dev --target roofscope_bench_trace_import &&
//   build/dev/tests/roofscope_bench_trace_import [KERNELS] [--no-python]
// The trace is generated once into $TMPDIR/roofscope-bench-trace/ and reused. Each import runs
// in a child process so that its peak memory (ru_maxrss) is its own.
#include "core/measured/importer.h"
#include "tests/bench/childrun.h"

#include <zlib.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

using namespace roofscope;
using Clock = std::chrono::steady_clock;

namespace {

const char* const kKernels[] = {
    "void cutlass::Kernel2<cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_32x32_128x2_tn_align8>("
    "cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_32x32_128x2_tn_align8::Params)",
    "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_"
    "segment_k_off_kernel__5x_cublas",
    "void at::native::vectorized_elementwise_kernel<4, at::native::GeluCUDAKernelImpl(at::"
    "TensorIteratorBase&, at::native::GeluType)::{lambda()#2}::operator()() const::{lambda()#2}::"
    "operator()() const::{lambda(c10::BFloat16)#1}, at::detail::Array<char*, 2> >(int, at::native::"
    "GeluCUDAKernelImpl(at::TensorIteratorBase&, at::native::GeluType)::{lambda()#2}::operator()() "
    "const::{lambda()#2}::operator()() const::{lambda(c10::BFloat16)#1}, at::detail::Array<char*, "
    "2>)",
    "void (anonymous namespace)::softmax_warp_forward<c10::BFloat16, c10::BFloat16, float, 10, "
    "false, false>(c10::BFloat16*, c10::BFloat16 const*, int, int, int, bool const*, int, bool)",
    "void pytorch_flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, "
    "cutlass::bfloat16_t, Flash_kernel_traits<128, 128, 64, 4, cutlass::bfloat16_t> >, false, "
    "true, false, false, true, true, false, false>(pytorch_flash::Flash_fwd_params)",
};

struct Op {
    const char* name;
    const char* dims;
    const char* types;
};

const Op kOps[] = {
    {"aten::mm", "[[4096, 4096], [4096, 11008]]", "[\"c10::BFloat16\", \"c10::BFloat16\"]"},
    {"aten::addmm", "[[11008], [4096, 4096], [4096, 11008], [], []]",
     "[\"c10::BFloat16\", \"c10::BFloat16\", \"c10::BFloat16\", \"Scalar\", \"Scalar\"]"},
    {"aten::gelu", "[[4096, 11008], []]", "[\"c10::BFloat16\", \"\"]"},
    {"aten::_softmax", "[[32, 32, 128, 128], [], []]",
     "[\"c10::BFloat16\", \"Scalar\", \"Scalar\"]"},
    {"aten::_scaled_dot_product_flash_attention",
     "[[8, 32, 1024, 128], [8, 32, 1024, 128], [8, 32, 1024, 128], [], [], [], []]",
     "[\"c10::BFloat16\", \"c10::BFloat16\", \"c10::BFloat16\", \"Scalar\", \"Scalar\", \"\", "
     "\"\"]"},
};

double seconds(Clock::time_point from)
{
    return std::chrono::duration<double>(Clock::now() - from).count();
}

bool generate(const std::string& path, long kernels)
{
    gzFile out = gzopen(path.c_str(), "wb6");
    if (!out)
        return false;
    gzbuffer(out, 1 << 20);
    std::string text =
        "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n    {\n      \"id\": 0, \"name\": "
        "\"NVIDIA H100 80GB HBM3\", \"totalGlobalMem\": 85029158912,\n      \"computeMajor\": 9, "
        "\"computeMinor\": 0,\n      \"maxThreadsPerBlock\": 1024, "
        "\"maxThreadsPerMultiprocessor\": "
        "2048,\n      \"regsPerBlock\": 65536, \"warpSize\": 32,\n      \"sharedMemPerBlock\": "
        "49152, "
        "\"numSms\": 132\n    }\n  ],\n  \"cupti_version\": 22,\n  \"record_shapes\": 1,\n  "
        "\"with_flops\": 0,\n  \"traceEvents\": [\n";
    char buffer[4096];
    double ts = 5000000.0;
    for (long i = 0; i < kernels; ++i) {
        const Op& op = kOps[i % 5];
        const char* kernel = kKernels[i % 5];
        const long ext = 100 + i, corr = 2000000 + i;
        std::snprintf(
            buffer, sizeof buffer,
            "  {\n    \"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"%s\", \"pid\": 3100453, "
            "\"tid\": 3100453,\n    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      "
            "\"External id\": %ld,\"Record function id\": 0, \"Sequence number\": %ld, \"Fwd "
            "thread "
            "id\": 0, \"Input Dims\": %s, \"Input type\": %s, \"Ev Idx\": %ld\n    }\n  },\n"
            "  {\n    \"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", "
            "\"pid\": 3100453, \"tid\": 3100453,\n    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": "
            "{\n      \"External id\": %ld,      \"cbid\": 211, \"correlation\": %ld\n    }\n  },\n"
            "  {\n    \"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": 0, \"tid\": "
            "7,\n"
            "    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      \"External id\": %ld,      "
            "\"queued\": 0, \"device\": 0, \"context\": 1,      \"stream\": 7, \"correlation\": "
            "%ld, "
            "     \"registers per thread\": 168,      \"shared memory\": 98304,      \"blocks per "
            "SM\": 0.484848,      \"warps per SM\": 3.878788,      \"grid\": [64, 1, 1],      "
            "\"block\": [256, 1, 1],      \"est. achieved occupancy %%\": 6\n    }\n  },\n",
            op.name, ts, 25.125, ext, i, op.dims, op.types, ext, ts + 8.5, 4.25, ext, corr, kernel,
            ts + 30.0, 3.5 + static_cast<double>(i % 7), ext, corr);
        text += buffer;
        ts += 50.0;
        if (text.size() > (1u << 20)) {
            if (gzwrite(out, text.data(), static_cast<unsigned>(text.size())) <= 0)
                return false;
            text.clear();
        }
    }
    text += "  {\n    \"name\": \"Record Window End\", \"ph\": \"i\", \"s\": \"g\",\n    \"pid\": "
            "\"\", \"tid\": \"\", \"ts\": 0.000\n  }\n  ],\n  \"traceName\": \"bench.json\",\n  "
            "\"displayTimeUnit\": \"ms\",\n  \"baseTimeNanoseconds\": 1727743122000000000\n}\n";
    const bool ok = gzwrite(out, text.data(), static_cast<unsigned>(text.size())) > 0;
    return gzclose(out) == Z_OK && ok;
}

using Run = bench::ChildRun;

} // namespace

int main(int argc, char** argv)
{
    long kernels = 1000000;
    bool python = true;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--no-python") == 0)
            python = false;
        else
            kernels = std::atol(argv[i]);
    }
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "roofscope-bench-trace";
    fs::create_directories(dir);
    const std::string path = (dir / ("trace-" + std::to_string(kernels) + ".json.gz")).string();
    if (!fs::exists(path)) {
        const auto start = Clock::now();
        const std::string partial = path + ".part";
        if (!generate(partial, kernels)) {
            std::fprintf(stderr, "cannot write %s\n", partial.c_str());
            return 1;
        }
        fs::rename(partial, path);
        std::printf("generated %s in %.1f s\n", path.c_str(), seconds(start));
    }
    std::printf("trace: %s, %ld kernels, %.1f MB gzip\n", path.c_str(), kernels,
                fs::file_size(path) / 1e6);
    std::fflush(stdout);

    const Run import = bench::runInChild([&] {
        const auto start = Clock::now();
        auto m = importMeasurementFile(path);
        if (!m) {
            std::fprintf(stderr, "%s\n", m.error().message.c_str());
            return 1;
        }
        std::printf("  roofscope import: %zu kernels, %zu warnings, %.2f s in-process\n",
                    m->kernels.size(), m->warnings.size(), seconds(start));
        std::fflush(stdout);
        return m->kernels.size() == static_cast<std::size_t>(kernels) ? 0 : 2;
    });
    std::printf("roofscope importMeasurementFile: %.2f s (cpu %.2f s), peak %.0f MB%s\n",
                import.seconds, import.cpuSeconds, import.peakMb,
                import.status == 0 ? "" : " (FAILED)");
    std::fflush(stdout);
    bool ok = import.status == 0 && import.seconds <= 10.0 && import.peakMb <= 1536.0;
    if (python) {
        const std::string script = "import gzip,json,sys;json.load(gzip.open(sys.argv[1]))";
        const Run py = bench::runInChild([&] {
            execlp("python3", "python3", "-c", script.c_str(), path.c_str(),
                   static_cast<char*>(nullptr));
            return 127;
        });
        std::printf("python3 json.load(gzip.open(...)): %.2f s (cpu %.2f s), peak %.0f MB%s\n",
                    py.seconds, py.cpuSeconds, py.peakMb, py.status == 0 ? "" : " (FAILED)");
        std::printf("ratio roofscope / python: %.2f (target <= 0.5)\n",
                    import.seconds / py.seconds);
        ok = ok && py.status == 0 && import.seconds <= 0.5 * py.seconds;
    }
    std::printf("targets (<= 10 s, <= 1.5 GB%s): %s\n", python ? ", <= 0.5x Python" : "",
                ok ? "met" : "MISSED");
    return ok ? 0 : 1;
}
