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

// omniperf / rocprof-compute roofline.csv: empirical peaks, one row per device (a GCD) and
// repetition: one hardware entry per device, the mean of its repetitions. Ids and names come
// from the values (a hash of them), never from the file's path.
class OmniperfRooflineImporter : public MeasurementImporter {
public:
    const ImportFormat& format() const override;
    bool recognizes(std::string_view text) const override;
    Expected<MeasuredImport> read(std::string_view text,
                                  const std::string& fileName) const override;
};

// Names an omniperf entry after the GPU of the sysinfo.csv beside its roofline.csv
// ("AMD GPU (omniperf, device 0, 1a2b3c)" -> "AMD MI210 (omniperf, device 0, 1a2b3c)", id
// "omniperf-gpu-dev0-..." -> "omniperf-mi210-dev0-..."); false when `hw` is not such an entry.
bool nameOmniperfHardware(Hardware& hw, std::string_view gpuModel);

// A lowercase slug of `text` ("NVIDIA A100" -> "nvidia-a100"); "device" when nothing is left.
std::string slugOf(std::string_view text);
// The file name without directories and extensions.
std::string fileStemOf(const std::string& path);

// Hardware from a file given to --catalog: a RoofScope catalog, an ERT roofline.json or an
// omniperf roofline.csv, told apart by content.
Expected<std::vector<Hardware>> parseHardwareFile(std::string_view text,
                                                  const std::string& fileName);

} // namespace roofscope
