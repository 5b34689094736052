#pragma once

#include "core/hardware/hardware.h"
#include "core/measured/kernelcontext.h"
#include "core/measured/measuredkernel.h"
#include "core/util/expected.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// What one file holds: kernels, hardware entries with the measured peaks it carries (ERT,
// omniperf roofline.csv, Nsight peak metrics), and file-level warnings.
struct MeasuredImport {
    std::string file; // the path it was read from; "A + B" for a joined pair (joinExperiments)
    std::vector<MeasuredKernel> kernels;
    std::vector<Hardware> hardware;
    std::vector<std::string> warnings;
    // What the file states of its device without naming it (ncu's "CC" column, "# SMs"): the
    // compute capability ("9.0") and SM count, "" and 0 when it does not say. They narrow the
    // GPU question to the catalog entries that fit (gpusFittingDevice).
    std::string computeCapability;
    int smCount = 0;
    // One of `warnings` already says why kernels have no FLOPs (a trace's ops without a FLOP
    // model, a file without FLOP counters): the "not on the chart" summary leaves those kernels
    // out, so one fact is one warning (notPlacedSummary).
    bool withoutFlopsWarned = false;
    // PyTorch traces only: each kernel's start and launching op with its shapes, for the
    // model join (modeljoin.h); empty for other formats.
    TraceContext trace;
};

// What the registry tells users about one format. The accepted-formats message, the Import
// dialog's file filter, the Kernels panel's tooltip, `measured --help`, Help ▸ Profiler Commands
// and the manual's list (docs/measured-kernels.md) are all generated from these, so a new format
// is one importer file and one registration line in importer.cpp.
struct ImportFormat {
    std::string_view name;     // "Nsight Compute CSV"
    std::string_view patterns; // file-dialog patterns, space separated: "*.csv *.txt"
    std::string_view tool;     // the profiler and the versions it covers
    std::string_view command;  // copyable command(s) that produce a file it reads, one a line
    std::string_view gives;    // what such a file gives: "time, FLOPs per precision, bytes"
};

// One profiler format. Importers read text already in memory (decompressed when the file
// was gzipped), so that fuzzers and tests can feed them directly. They read everything that
// can be read: a row, event or column they do not understand is skipped and counted in the
// result's warnings; only a file with nothing usable is an Error, of the form "FILE: line N:
// ... expected ...", or "FILE: /json/pointer: ..." for JSON formats, ending with the command
// that produces a readable file.
class MeasurementImporter {
public:
    virtual ~MeasurementImporter() = default;
    virtual const ImportFormat& format() const = 0;
    std::string_view formatName() const { return format().name; } // "Nsight Compute CSV"
    // True when the start of the text (BOM and profiler chatter included) is this format.
    virtual bool recognizes(std::string_view text) const = 0;
    virtual Expected<MeasuredImport> read(std::string_view text,
                                          const std::string& fileName) const = 0;
};

// Every importer, in the order they are tried.
const std::vector<std::unique_ptr<MeasurementImporter>>& measurementImporters();

// "expected a Nsight Compute CSV, ..., or a generic CSV" (every registered format).
std::string acceptedFormatsSentence();
// The union of the registered formats' file patterns, for a file dialog ("*.csv *.json ...").
std::string importFilePatterns();
// Every format's tool, command and what it gives, as Markdown (Help ▸ Profiler Commands, the
// manual's "How to get a file RoofScope reads" (docs/measured-kernels.md) and `measured --help`
// are made from it).
std::string profilerCommandsMarkdown();
// The line a refusal ends with: "(see Help ▸ Profiler Commands; for FORMAT run: COMMAND)".
std::string howToProduce(const MeasurementImporter& importer);

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
// imports it. A gzipped PyTorch trace is inflated from the file as it is parsed, never read
// whole; the result is the one importMeasurementData gives for the same bytes.
Expected<MeasuredImport> importMeasurementFile(const std::string& path);

// Reads a whole file of at most `maxBytes` bytes.
Expected<std::string> readMeasurementFile(const std::string& path);

// Imports several files (the first that fails is the Error) and joins the rocprof runs of one
// experiment, a timestamp trace and a counters file, dispatch by dispatch (joinExperiments in
// experimentjoin.h; why a pair was not joined goes to `notes`).
Expected<std::vector<MeasuredImport>> importMeasurementFiles(const std::vector<std::string>& paths,
                                                             std::vector<std::string>& notes);

} // namespace roofscope
