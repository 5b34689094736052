#pragma once

#include "core/expected.h"
#include "core/hardware.h"
#include "core/measured/measuredkernel.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// What one file holds: kernels, hardware entries with the measured peaks it carries (ERT,
// omniperf roofline.csv, Nsight peak metrics), and file-level warnings.
struct MeasuredImport {
    std::vector<MeasuredKernel> kernels;
    std::vector<Hardware> hardware;
    std::vector<std::string> warnings;
};

// One profiler format. Importers read text already in memory (decompressed when the file
// was gzipped), so that fuzzers and tests can feed them directly. Every problem is an Error of
// the form "FILE: line N: ... expected ...", or "FILE: /json/pointer: ..." for JSON formats.
class MeasurementImporter {
public:
    virtual ~MeasurementImporter() = default;
    virtual std::string_view formatName() const = 0; // "Nsight Compute CSV"
    // True when the start of the text (BOM and profiler chatter included) is this format.
    virtual bool recognizes(std::string_view text) const = 0;
    virtual Expected<MeasuredImport> read(std::string_view text,
                                          const std::string& fileName) const = 0;
};

// Every importer, in the order they are tried.
const std::vector<std::unique_ptr<MeasurementImporter>>& measurementImporters();

// Reads with one importer and checks what it returns: every number finite (huge counters
// multiplied by unit factors or formula weights can overflow a double), time and bytes >= 0,
// hardware peaks > 0. A value that fails is an Error naming the file and the launch.
Expected<MeasuredImport> readMeasurements(const MeasurementImporter& importer,
                                          std::string_view text, const std::string& fileName);

// Picks the importer from the content (never from the file name) and reads. Gzip data is
// inflated first. An empty text, or one no importer recognises, is an Error listing the
// formats that are accepted.
Expected<MeasuredImport> importMeasurementData(std::string_view data, const std::string& fileName);

// Reads a file (a directory, an unreadable or an over-large file is an Error naming it) and
// imports it.
Expected<MeasuredImport> importMeasurementFile(const std::string& path);

// Reads a whole file of at most `maxBytes` bytes.
Expected<std::string> readMeasurementFile(const std::string& path);

} // namespace roofscope
