#pragma once

#include "core/measured/importer.h"

namespace roofscope {

// nvprof `--csv` output (CUDA 8–11): `==PID==` preamble lines, then an events table
// (Device, Kernel, Invocations, Event Name, Min, Max, Avg, Total) and/or a metrics table
// (Device, Kernel, Invocations, Metric Name, Metric Description, Min, Max, Avg), or the GPU
// trace (`--print-gpu-trace`: Start, Duration, ..., Device, ..., Name) or the summary (Type,
// Time(%), Time, Calls, Avg, Min, Max, Name), the last two with a units row. One kernel per
// (device, kernel name), its launches the invocations.
class NvprofImporter : public MeasurementImporter {
public:
    const ImportFormat& format() const override;
    bool recognizes(std::string_view text) const override;
    Expected<MeasuredImport> read(std::string_view text,
                                  const std::string& fileName) const override;
};

} // namespace roofscope
