#pragma once

#include "core/measured/importer.h"

namespace roofscope {

// The Empirical Roofline Toolkit's roofline.json: measured bandwidths per memory level and
// measured FLOP/s, as a hardware entry.
class ErtImporter : public MeasurementImporter {
public:
    const ImportFormat& format() const override;
    bool recognizes(std::string_view text) const override;
    Expected<MeasuredImport> read(std::string_view text,
                                  const std::string& fileName) const override;
};

// omniperf / rocprof-compute roofline.csv: empirical peaks of one GCD, one row per repetition
// (the entry takes the mean of the repetitions).
class OmniperfRooflineImporter : public MeasurementImporter {
public:
    const ImportFormat& format() const override;
    bool recognizes(std::string_view text) const override;
    Expected<MeasuredImport> read(std::string_view text,
                                  const std::string& fileName) const override;
};

// A lowercase slug of `text` ("NVIDIA A100" -> "nvidia-a100"); "device" when nothing is left.
std::string slugOf(std::string_view text);
// The file name without directories and extensions.
std::string fileStemOf(const std::string& path);

// Hardware from a file given to --catalog: a RoofScope catalog, an ERT roofline.json or an
// omniperf roofline.csv, told apart by content.
Expected<std::vector<Hardware>> parseHardwareFile(std::string_view text,
                                                  const std::string& fileName);

} // namespace roofscope
