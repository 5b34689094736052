#pragma once
// What every measured-kernel fuzz harness checks on whatever an importer accepted: no number
// in a kernel, its analysis or a hardware entry is NaN or infinite, and a kernel's JSON reads
// back equal. Violations abort (the fuzzer reports them as crashes).
//
// One-off build and run without the fuzz CMake setup (clang, libFuzzer, ASan + UBSan):
//   FLAGS="-std=c++20 -O1 -g -fsanitize=fuzzer-no-link,address,undefined -I."
//   compile core/*.cpp core/measured/*.cpp and build/dev/resources/builtin*Json.cpp with $FLAGS,
//   then: clang++ $FLAGS -fsanitize=fuzzer tests/fuzz/fuzz_ncu.cpp *.o -lz -o fuzz_ncu
//         ./fuzz_ncu -dict=tests/fuzz/ncu.dict -max_len=4096 CORPUS_COPY tests/fuzz/corpus/ncu

#include "core/hardware/catalog.h"
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace roofscope::fuzz {

inline void require(bool condition)
{
    if (!condition)
        std::abort();
}

inline void requireFinite(double v)
{
    require(std::isfinite(v));
}

inline void requireFinite(const std::optional<double>& v)
{
    if (v)
        requireFinite(*v);
}

inline void checkKernel(const MeasuredKernel& k)
{
    static const HardwareCatalog catalog = HardwareCatalog::builtin();
    requireFinite(k.timeS);
    requireFinite(k.flops);
    for (const auto& [precision, flops] : k.flopsByPrecision)
        requireFinite(flops);
    for (MemLevel level : kMemLevels)
        requireFinite(k.bytesAt(level));
    for (const Hardware* hw : {static_cast<const Hardware*>(nullptr),
                               catalog.find("a100-sxm4-80gb"), catalog.find("mi300x")}) {
        const KernelAnalysis a = analyseKernel(k, hw);
        requireFinite(a.achievedFlopsPerS);
        requireFinite(a.achievedBytesPerS);
        for (MemLevel level : kMemLevels)
            requireFinite(a.aiAt(level));
        requireFinite(a.roofFlopsPerS);
        requireFinite(a.percentOfRoof);
        // The report must serialise whatever bytes the names hold.
        (void)kernelReportJson(k, a).dump(-1, ' ', false,
                                          nlohmann::ordered_json::error_handler_t::replace);
    }
    auto back = measuredKernelFromJson(measuredKernelToJson(k), "fuzz");
    require(back.ok() && *back == k);
}

inline void checkImport(const Expected<MeasuredImport>& imported)
{
    if (!imported)
        return;
    for (const MeasuredKernel& k : imported->kernels)
        checkKernel(k);
    for (const MeasuredKernel& k : groupKernelsByName(imported->kernels))
        checkKernel(k);
    for (const Hardware& hw : imported->hardware) {
        for (const Ceiling& c : hw.ceilings)
            require(std::isfinite(c.flopsPerS) && c.flopsPerS > 0.0);
        for (const MemoryLevel& m : hw.memory)
            require(std::isfinite(m.bytesPerS) && m.bytesPerS > 0.0);
    }
}

// Runs one importer directly (so inputs need not look like its format to reach it), then the
// content detection used by `roofscope measured`.
template <typename Importer> int fuzzImporter(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    static const Importer importer;
    checkImport(readMeasurements(importer, text, "fuzz"));
    checkImport(importMeasurementData(text, "fuzz"));
    return 0;
}

} // namespace roofscope::fuzz
