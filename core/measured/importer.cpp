#include "core/measured/importer.h"

#include "core/measured/empiricalhardware.h"
#include "core/measured/experimentjoin.h"
#include "core/measured/genericcsvimporter.h"
#include "core/measured/gzip.h"
#include "core/measured/ncuimporter.h"
#include "core/measured/nvprofimporter.h"
#include "core/measured/rocprofimporter.h"
#include "core/measured/tilepadding.h"
#include "core/measured/torchimporter.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace roofscope {

namespace {

// Real profiles reach hundreds of megabytes; beyond this a file is not one we can hold.
constexpr std::uintmax_t kMaxProfileBytes = 1024u * 1024u * 1024u;

bool blank(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

bool looksBinary(std::string_view text)
{
    return text.substr(0, 4096).find('\0') != std::string_view::npos;
}

bool finiteNonNegative(double v)
{
    return std::isfinite(v) && v >= 0.0;
}

std::optional<std::string> problemOf(const MeasuredKernel& k)
{
    if (!finiteNonNegative(k.timeS))
        return "time";
    if (k.flops && !finiteNonNegative(*k.flops))
        return "FLOPs";
    for (const auto& [precision, flops] : k.flopsByPrecision)
        if (!finiteNonNegative(flops))
            return precision + " FLOPs";
    for (MemLevel level : kMemLevels)
        if (const auto b = k.bytesAt(level); b && !finiteNonNegative(*b))
            return std::string(memLevelName(level)) + " bytes";
    if (k.flopsPerS && !finiteNonNegative(*k.flopsPerS))
        return "FLOP/s";
    for (MemLevel level : kMemLevels)
        if (const auto b = k.bytesPerSAt(level); b && !finiteNonNegative(*b))
            return std::string(memLevelName(level)) + " bytes/s";
    return std::nullopt;
}

// What readMeasurements checks of an import.
Expected<MeasuredImport> checked(Expected<MeasuredImport> result, const std::string& fileName)
{
    if (!result)
        return result;
    markTilePadding(result->kernels, result->trace);
    for (const MeasuredKernel& k : result->kernels) {
        if (const auto what = problemOf(k))
            return makeError(fileName + ": launch " + k.launchId + " (" + k.shortName +
                             "): " + *what +
                             " out of range (expected a finite number >= 0; are the "
                             "counters corrupt?)");
    }
    for (const Hardware& hw : result->hardware) {
        for (const Ceiling& c : hw.ceilings)
            if (!(std::isfinite(c.flopsPerS) && c.flopsPerS > 0.0))
                return makeError(fileName + ": peak " + std::string(precisionName(c.precision)) +
                                 " FLOP/s out of range (expected a finite number > 0)");
        for (const MemoryLevel& m : hw.memory)
            if (!(std::isfinite(m.bytesPerS) && m.bytesPerS > 0.0))
                return makeError(fileName + ": " + m.level +
                                 " bandwidth out of range (expected a finite number > 0)");
    }
    return result;
}

} // namespace

Expected<MeasuredImport> readMeasurements(const MeasurementImporter& importer,
                                          std::string_view text, const std::string& fileName)
{
    return checked(importer.read(text, fileName), fileName);
}

const std::vector<std::unique_ptr<MeasurementImporter>>& measurementImporters()
{
    static const std::vector<std::unique_ptr<MeasurementImporter>> importers = [] {
        std::vector<std::unique_ptr<MeasurementImporter>> list;
        // JSON formats and fixed CSV headers first; Nsight last, because it also accepts a
        // header after any amount of program output.
        list.push_back(std::make_unique<TorchTraceImporter>());
        list.push_back(std::make_unique<ErtImporter>());
        list.push_back(std::make_unique<OmniperfRooflineImporter>());
        list.push_back(std::make_unique<RocprofImporter>());
        list.push_back(std::make_unique<RocprofV1Importer>());
        list.push_back(std::make_unique<GenericCsvImporter>());
        list.push_back(std::make_unique<NvprofImporter>());
        list.push_back(std::make_unique<NcuImporter>());
        return list;
    }();
    return importers;
}

std::string acceptedFormatsSentence()
{
    std::string out = "expected one of: ";
    bool first = true;
    for (const auto& importer : measurementImporters()) {
        out += first ? "" : ", ";
        out += importer->format().name;
        first = false;
    }
    return out + "; Help > Profiler Commands and `roofscope measured --help` give the commands "
                 "that produce them";
}

std::string importFilePatterns()
{
    std::vector<std::string> seen;
    for (const auto& importer : measurementImporters()) {
        std::string_view rest = importer->format().patterns;
        while (!rest.empty()) {
            const auto space = rest.find(' ');
            const std::string pattern(rest.substr(0, space));
            if (!pattern.empty() && std::find(seen.begin(), seen.end(), pattern) == seen.end())
                seen.push_back(pattern);
            rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
        }
    }
    std::string out;
    for (const std::string& p : seen)
        out += (out.empty() ? "" : " ") + p;
    return out;
}

std::string profilerCommandsMarkdown()
{
    std::string out;
    for (const auto& importer : measurementImporters()) {
        const ImportFormat& f = importer->format();
        out += "#### ";
        out += f.name;
        out += "\n\n";
        out += f.tool;
        out += " (";
        out += f.patterns;
        out += "): ";
        out += f.gives;
        out += ".\n\n```\n";
        out += f.command;
        out += "\n```\n\n";
    }
    return out;
}

std::string howToProduce(const MeasurementImporter& importer)
{
    std::string command(importer.format().command);
    if (const auto newline = command.find('\n'); newline != std::string::npos)
        command.resize(newline);
    return "(to get a readable " + std::string(importer.format().name) + ", run: " + command +
           "; more in Help > Profiler Commands)";
}

Expected<MeasuredImport> importMeasurementData(std::string_view data, const std::string& fileName)
{
    std::string inflated;
    if (looksGzipped(data)) {
        // A gzipped PyTorch trace (a million-kernel one inflates to a gigabyte) is read as it
        // inflates: the importer takes the compressed bytes.
        static const TorchTraceImporter torch;
        if (torch.recognizes(gunzipPrefix(data, 1u << 20)))
            return readMeasurements(torch, data, fileName);
        auto text = gunzip(data, fileName, kMaxProfileBytes);
        if (!text)
            return text.error();
        inflated = std::move(text).value();
        data = inflated;
    }
    if (blank(data))
        return makeError(fileName + ": empty file (" + acceptedFormatsSentence() + ")");
    if (looksBinary(data))
        return makeError(fileName + ": binary data, not a text export (" +
                         acceptedFormatsSentence() +
                         "; an .ncu-rep report must first be exported with ncu -i FILE --csv)");
    for (const auto& importer : measurementImporters()) {
        if (importer->recognizes(data))
            return readMeasurements(*importer, data, fileName);
    }
    // omniperf's sysinfo.csv is read beside a pmc_perf.csv, never on its own.
    if (const auto sysinfo = parseRocmSysinfo(data))
        return makeError(fileName + ": an omniperf / rocprof-compute sysinfo.csv (GPU " +
                         sysinfo->model +
                         "): it describes the machine, not kernels; import the pmc_perf.csv "
                         "beside it, which then takes its GPU from this file");
    return makeError(fileName + ": line 1: not a known measurement format (" +
                     acceptedFormatsSentence() + ")");
}

namespace {

// The file opened for reading; a directory, an unreadable or an over-large file is an Error
// naming it.
Expected<std::ifstream> openMeasurementFile(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_directory(path, ec))
        return makeError(path + ": is a directory (expected a profiler export file)");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return makeError(path + ": cannot open: " + std::strerror(errno));
    const auto size = fs::file_size(path, ec);
    if (!ec && size > kMaxProfileBytes)
        return makeError(path + ": too large (" + std::to_string(size) + " bytes; the limit is " +
                         std::to_string(kMaxProfileBytes) + ")");
    return in;
}

Expected<std::string> readWhole(std::ifstream& in, const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    std::string data;
    if (!ec)
        data.reserve(static_cast<std::size_t>(size));
    data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad())
        return makeError(path + ": read error: " + std::strerror(errno));
    return data;
}

// Whether the file is a gzipped PyTorch trace, recognised as importMeasurementData recognises
// one in memory; the file is left at its start.
bool gzippedTrace(std::ifstream& in, const TorchTraceImporter& torch)
{
    char magic[2] = {};
    in.read(magic, sizeof magic);
    bool trace = in.gcount() == 2 && looksGzipped(std::string_view(magic, 2));
    if (trace) {
        in.seekg(0);
        trace = torch.recognizes(gunzipPrefix(in, 1u << 20));
    }
    in.clear();
    in.seekg(0);
    return trace;
}

Expected<MeasuredImport> importFile(const std::string& path)
{
    auto in = openMeasurementFile(path);
    if (!in)
        return in.error();
    // A gzipped PyTorch trace is inflated from the file as it is parsed: a million-kernel one
    // is 177 MB compressed, which would otherwise sit in memory beside its kernels.
    static const TorchTraceImporter torch;
    if (gzippedTrace(*in, torch))
        return checked(torch.readGzip(*in, path), path);
    auto data = readWhole(*in, path);
    if (!data)
        return data.error();
    return importMeasurementData(*data, path);
}

} // namespace

Expected<std::string> readMeasurementFile(const std::string& path)
{
    auto in = openMeasurementFile(path);
    if (!in)
        return in.error();
    return readWhole(*in, path);
}

Expected<MeasuredImport> importMeasurementFile(const std::string& path)
{
    auto imported = importFile(path);
    // omniperf's sysinfo.csv beside pmc_perf.csv / roofline.csv names the GPU they measured.
    if (imported) {
        imported->file = path;
        applyRocmSysinfoBeside(*imported, path);
    }
    return imported;
}

Expected<std::vector<MeasuredImport>> importMeasurementFiles(const std::vector<std::string>& paths,
                                                             std::vector<std::string>& notes)
{
    std::vector<MeasuredImport> imports;
    imports.reserve(paths.size());
    for (const std::string& path : paths) {
        auto imported = importMeasurementFile(path);
        if (!imported)
            return imported.error();
        imports.push_back(std::move(imported).value());
    }
    return joinExperiments(std::move(imports), notes);
}

} // namespace roofscope
