#pragma once

#include "core/measured/importer.h"

#include <optional>
#include <string>
#include <string_view>

namespace roofscope {

// rocprof-compute / omniperf pmc_perf.csv (and rocprofv2/v3 kernel_trace.csv): one row per
// dispatch with counters and Start/End timestamps, evaluated with omniperf's own roofline
// formulas (gfx90a TCC_EA_* and gfx942 TCC_EA0_* spellings, `_sum` and per-channel `[n]`
// columns).
class RocprofImporter : public MeasurementImporter {
public:
    const ImportFormat& format() const override;
    bool recognizes(std::string_view text) const override;
    Expected<MeasuredImport> read(std::string_view text,
                                  const std::string& fileName) const override;
};

// rocprof v1 results.csv: `--timestamp on` kernel traces (BeginNs/EndNs) and `-i input.txt`
// counter files (FETCH_SIZE, WRITE_SIZE, SQ_INSTS_VALU_*, TCC_*...). A counters-only file gives
// kernels without a time; joinExperiments (experimentjoin.h) takes the time from a trace of the
// same run.
class RocprofV1Importer : public MeasurementImporter {
public:
    const ImportFormat& format() const override;
    bool recognizes(std::string_view text) const override;
    Expected<MeasuredImport> read(std::string_view text,
                                  const std::string& fileName) const override;
};

// What omniperf's sysinfo.csv says about the GPU: gpu_model ("MI300X_A1") and gpu_arch
// ("gfx942"); nullopt when the text is not a sysinfo.csv or names no model.
struct RocmSysinfo {
    std::string model; // gpu_model: a family for some parts ("MI200" for an MI210)
    std::string arch;
    std::string chipId; // chip_id (the PCI device id, decimal), when the file has one
    // What to call the GPU: the part its chip id names (29711 = 0x740F → "MI210"), else
    // gpu_model.
    std::string name() const;
};
std::optional<RocmSysinfo> parseRocmSysinfo(std::string_view text);

// omniperf writes sysinfo.csv beside pmc_perf.csv and roofline.csv. When `path` has one, the
// rocprof kernels without a device get its gpu_model, and omniperf hardware entries its name.
void applyRocmSysinfoBeside(MeasuredImport& imported, const std::string& path);

} // namespace roofscope
