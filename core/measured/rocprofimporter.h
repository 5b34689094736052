#pragma once

#include "core/measured/importer.h"

namespace roofscope {

// rocprof / omniperf (rocprof-compute) pmc_perf.csv: one row per dispatch with counters and
// Start/End timestamps, evaluated with omniperf's own roofline formulas.
class RocprofImporter : public MeasurementImporter {
public:
    const ImportFormat& format() const override;
    bool recognizes(std::string_view text) const override;
    Expected<MeasuredImport> read(std::string_view text,
                                  const std::string& fileName) const override;
};

} // namespace roofscope
