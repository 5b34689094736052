// A trace read as its model at scale (issue #36, item 7): the real H200 trace of Llama 3.1 8B
// (shared/samples/h200; 23,897 kernels, one generate() of 16 forward passes) imported and joined
// to Llama 3 8B on the H200, then the same trace repeated until it holds 1,000,000 kernels (42
// generate() calls one after another: every event copied with its times shifted past the copy
// before and its ids made unique), imported and joined again. Targets: the join adds <= 1 s to
// the real trace's import; the large trace with the join opens in <= 15 s at <= 1.5 GB peak.
// Core only (no Qt); not a ctest test. One command:
//   cmake --build build/dev --target roofscope_bench_trace_join &&
//   build/dev/tests/roofscope_bench_trace_join [KERNELS]
// The large trace is generated once into $TMPDIR/roofscope-bench-join/ and reused. Each run is
// a child process, so that its peak memory (ru_maxrss) is its own.
#include "core/hardware/catalog.h"
#include "core/measured/importer.h"
#include "core/measured/modeljoin.h"
#include "core/models/modelconfig.h"
#include "tests/bench/childrun.h"
#include "tests/generated/testpaths.h"

#include <nlohmann/json.hpp>
#include <zlib.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace roofscope;
using Clock = std::chrono::steady_clock;

namespace {

const std::string kTrace =
    std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
    "/../h200/h200_kineto_llama31_8b_random_generate_b16_p512_n16.pt.trace.json.gz";

double seconds(Clock::time_point from)
{
    return std::chrono::duration<double>(Clock::now() - from).count();
}

bool readGzip(const std::string& path, std::string& text)
{
    gzFile in = gzopen(path.c_str(), "rb");
    if (!in)
        return false;
    char buffer[1 << 16];
    int n = 0;
    while ((n = gzread(in, buffer, sizeof buffer)) > 0)
        text.append(buffer, static_cast<std::size_t>(n));
    return gzclose(in) == Z_OK && n == 0;
}

// The ids a kernel is matched to its launch and op by: unique per copy.
void shiftIds(nlohmann::json& event, long long offset)
{
    if (event.contains("id") && event["id"].is_number_integer())
        event["id"] = event["id"].get<long long>() + offset;
    if (!event.contains("args") || !event["args"].is_object())
        return;
    nlohmann::json& args = event["args"];
    for (const char* key : {"External id", "correlation", "Ev Idx", "Sequence number",
                            "Record function id", "Python id", "Python parent id"}) {
        if (args.contains(key) && args[key].is_number_integer())
            args[key] = args[key].get<long long>() + offset;
    }
}

// The real trace `copies` times over, one generate() after another.
bool generate(const std::string& path, int copies)
{
    std::string text;
    if (!readGzip(kTrace, text))
        return false;
    nlohmann::json trace = nlohmann::json::parse(text, nullptr, false);
    if (trace.is_discarded() || !trace.contains("traceEvents"))
        return false;
    text.clear();
    nlohmann::json events = std::move(trace["traceEvents"]);
    trace.erase("traceEvents");
    double first = 1e300;
    double last = -1e300;
    for (const nlohmann::json& e : events) {
        if (e.contains("ts") && e["ts"].is_number()) {
            const double ts = e["ts"].get<double>();
            first = std::min(first, ts);
            last = std::max(
                last,
                ts + (e.contains("dur") && e["dur"].is_number() ? e["dur"].get<double>() : 0.0));
        }
    }
    const double span = std::ceil(last - first) + 1000.0; // µs, and a millisecond between
    gzFile out = gzopen(path.c_str(), "wb6");
    if (!out)
        return false;
    gzbuffer(out, 1 << 20);
    std::string head = trace.dump();
    head.pop_back(); // the closing brace: the events follow
    head += head.size() > 1 ? ",\"traceEvents\":[" : "\"traceEvents\":[";
    bool ok = gzwrite(out, head.data(), static_cast<unsigned>(head.size())) > 0;
    bool firstEvent = true;
    std::string chunk;
    for (int c = 0; c < copies && ok; ++c) {
        for (const nlohmann::json& e : events) {
            nlohmann::json copy = e;
            if (copy.contains("ts") && copy["ts"].is_number())
                copy["ts"] = copy["ts"].get<double>() + span * c;
            shiftIds(copy, 100000000LL * c);
            if (!firstEvent)
                chunk += ",\n";
            firstEvent = false;
            chunk += copy.dump();
            if (chunk.size() > (1u << 20)) {
                ok = gzwrite(out, chunk.data(), static_cast<unsigned>(chunk.size())) > 0;
                chunk.clear();
            }
        }
    }
    chunk += "]}\n";
    ok = ok && gzwrite(out, chunk.data(), static_cast<unsigned>(chunk.size())) > 0;
    return gzclose(out) == Z_OK && ok;
}

using Run = bench::ChildRun;

// Imports `path` and, with `join`, joins it to Llama 3 8B on the H200; prints the split.
Run importAndJoin(const std::string& path, bool join, const char* what)
{
    const Run r = bench::runInChild([&] {
        const auto start = Clock::now();
        auto m = importMeasurementFile(path);
        if (!m) {
            std::fprintf(stderr, "%s\n", m.error().message.c_str());
            return 1;
        }
        const double imported = seconds(start);
        if (!join) {
            std::printf("  %s: import %zu kernels %.2f s\n", what, m->kernels.size(), imported);
            std::fflush(stdout);
            return 0;
        }
        const ModelCatalog models = ModelCatalog::builtin();
        const HardwareCatalog gpus = HardwareCatalog::builtin();
        const auto joinStart = Clock::now();
        auto j = joinTraceToModel(*m, *models.find("llama-3-8b"), *gpus.find("h200-sxm"));
        if (!j) {
            std::fprintf(stderr, "join: %s\n", j.error().message.c_str());
            return 2;
        }
        std::printf("  %s: import %zu kernels %.2f s, join %.2f s: %zu passes, %.2f %% placed\n",
                    what, m->kernels.size(), imported, seconds(joinStart), j->passes.size(),
                    100.0 * j->placedTimeShare);
        std::fflush(stdout);
        return 0;
    });
    std::printf("%s%s: %.2f s (cpu %.2f s), peak %.0f MB%s\n", what, join ? " + join" : "",
                r.seconds, r.cpuSeconds, r.peakMb, r.status == 0 ? "" : " (FAILED)");
    std::fflush(stdout);
    return r;
}

} // namespace

int main(int argc, char** argv)
{
    long kernels = argc > 1 ? std::atol(argv[1]) : 1000000;
    namespace fs = std::filesystem;
    if (!fs::exists(kTrace)) {
        std::fprintf(stderr, "the real trace is missing: %s\n", kTrace.c_str());
        return 1;
    }
    const Run realImport = importAndJoin(kTrace, false, "real trace");
    const Run realJoin = importAndJoin(kTrace, true, "real trace");
    const double added = realJoin.seconds - realImport.seconds;
    std::printf("the join adds %.2f s to the real trace's import (target <= 1 s)\n", added);

    constexpr long kPerCopy = 23897;
    const int copies = static_cast<int>((kernels + kPerCopy - 1) / kPerCopy);
    const fs::path dir = fs::temp_directory_path() / "roofscope-bench-join";
    fs::create_directories(dir);
    const std::string path = (dir / ("h200-x" + std::to_string(copies) + ".json.gz")).string();
    if (!fs::exists(path)) {
        const auto start = Clock::now();
        const std::string partial = path + ".part";
        if (!generate(partial, copies)) {
            std::fprintf(stderr, "cannot write %s\n", partial.c_str());
            return 1;
        }
        fs::rename(partial, path);
        std::printf("generated %s (%d copies) in %.1f s\n", path.c_str(), copies, seconds(start));
    }
    std::printf("large trace: %s, %ld kernels, %.1f MB gzip\n", path.c_str(), copies * kPerCopy,
                fs::file_size(path) / 1e6);
    std::fflush(stdout);
    const Run largeImport = importAndJoin(path, false, "large trace");
    const Run large = importAndJoin(path, true, "large trace");
    std::printf("the join adds %.2f s and %.0f MB peak to the large trace's import\n",
                large.seconds - largeImport.seconds, large.peakMb - largeImport.peakMb);
    const bool ok = realJoin.status == 0 && added <= 1.0 && large.status == 0 &&
                    large.seconds <= 15.0 && large.peakMb <= 1536.0;
    std::printf("targets (join <= +1 s on the real trace; large with join <= 15 s, <= 1.5 GB): "
                "%s\n",
                ok ? "met" : "MISSED");
    return ok ? 0 : 1;
}
