#pragma once

#include "core/measured/importer.h"

namespace roofscope {

// Nsight Compute CSV exports: the details page (long: one row per launch and metric, section
// exports with rule rows and a `Body Item Label` column included) and the raw page (wide: one
// row per launch, one column per metric, units in the second row).
class NcuImporter : public MeasurementImporter {
public:
    const ImportFormat& format() const override;
    bool recognizes(std::string_view text) const override;
    Expected<MeasuredImport> read(std::string_view text,
                                  const std::string& fileName) const override;
};

} // namespace roofscope
