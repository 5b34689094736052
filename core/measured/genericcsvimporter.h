#pragma once

#include "core/measured/importer.h"

namespace roofscope {

// RoofScope's own CSV for any other tool: a header with name,time_s,flops,dram_bytes
// (required) and l2_bytes,l1_bytes,precision,gpu,launches (optional), one kernel per row, SI
// units, C-locale numbers.
class GenericCsvImporter : public MeasurementImporter {
public:
    const ImportFormat& format() const override;
    bool recognizes(std::string_view text) const override;
    Expected<MeasuredImport> read(std::string_view text,
                                  const std::string& fileName) const override;
};

} // namespace roofscope
