#include "core/measured/rocprofimporter.h"

#include "core/measured/csvreader.h"
#include "core/measured/empiricalhardware.h"
#include "core/measured/kernelname.h"
#include "core/measured/metricvalue.h"
#include "core/measured/skippednote.h"
#include "core/util/format.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <unordered_map>
#include <utility>

namespace roofscope {

namespace {

std::string headerLine(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    return std::string(text.substr(0, std::min(text.find('\n'), std::size_t{1u << 16})));
}

bool has(const std::string& line, std::string_view word)
{
    return line.find(word) != std::string::npos;
}

// A counter's cells: one column (NAME or NAME_sum), or the per-channel columns NAME[0..n] that
// rocprof writes for TCC counters, summed.
struct Column {
    std::string name;
    int index = -1;
    std::vector<int> channels;
    bool present() const { return index >= 0 || !channels.empty(); }
};

class Header {
public:
    explicit Header(const std::vector<std::string>& cells)
    {
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const std::string name(trimmed(cells[i]));
            m_index.emplace(name, static_cast<int>(i));
            if (const auto bracket = name.find('[');
                bracket != std::string::npos && name.back() == ']')
                m_channels[name.substr(0, bracket)].push_back(static_cast<int>(i));
        }
    }
    int index(std::string_view name) const
    {
        const auto it = m_index.find(std::string(name));
        return it == m_index.end() ? -1 : it->second;
    }
    // The first spelling the file has: NAME, NAME_sum, then NAME[n] channels.
    Column find(std::initializer_list<std::string_view> spellings) const
    {
        for (std::string_view s : spellings) {
            for (const std::string& name : {std::string(s), std::string(s) + "_sum"})
                if (const int i = index(name); i >= 0)
                    return Column{name, i, {}};
            if (const auto it = m_channels.find(std::string(s)); it != m_channels.end())
                return Column{std::string(s) + "[n]", -1, it->second};
        }
        return Column{std::string(*spellings.begin()), -1, {}};
    }

private:
    std::unordered_map<std::string, int> m_index;
    std::unordered_map<std::string, std::vector<int>> m_channels;
};

// The columns the formulas use, found once per file.
struct Layout {
    int name = -1;
    int id = -1;
    Column start, end, duration;
    struct Valu {
        const char* type;
        const char* key;
        Column add, mul, fma, trans;
    };
    std::vector<Valu> valu;
    struct Mfma {
        const char* key;
        Column mops;
    };
    std::vector<Mfma> mfma;
    std::vector<Column> mfmaInsts; // MFMA instruction counts (gfx908 has these, not MOPS)
    Column rd, rd32, wr, wr64, bubble, fetchSize, writeSize;
    Column l2r, l2w, l2a, l2b, l1;

    explicit Layout(const Header& h)
    {
        name = std::max(h.index("Kernel_Name"), h.index("KernelName"));
        for (const char* s : {"Dispatch_ID", "Dispatch_Id", "Index"})
            if (id < 0)
                id = h.index(s);
        start = h.find({"Start_Timestamp", "BeginNs"});
        end = h.find({"End_Timestamp", "EndNs"});
        duration = h.find({"DurationNs"});
        for (const auto& [type, key] :
             {std::pair{"F16", "fp16"}, std::pair{"F32", "fp32"}, std::pair{"F64", "fp64"}}) {
            const std::string p = "SQ_INSTS_VALU_";
            Valu v{type,
                   key,
                   h.find({p + "ADD_" + type}),
                   h.find({p + "MUL_" + type}),
                   h.find({p + "FMA_" + type}),
                   h.find({p + "TRANS_" + type})};
            if (v.add.present() || v.mul.present() || v.fma.present() || v.trans.present())
                valu.push_back(std::move(v));
        }
        for (const auto& [type, key] :
             {std::pair{"F8", "fp8-tensor"}, std::pair{"F16", "fp16-tensor"},
              std::pair{"BF16", "bf16-tensor"}, std::pair{"F32", "fp32-tensor"},
              std::pair{"F64", "fp64-tensor"}, std::pair{"I8", "int8-tensor"}}) {
            Column c = h.find({std::string("SQ_INSTS_VALU_MFMA_MOPS_") + type});
            if (c.present())
                mfma.push_back(Mfma{key, std::move(c)});
        }
        for (const char* s :
             {"SQ_INSTS_MFMA", "SQ_INSTS_VALU_MFMA_I8", "SQ_INSTS_VALU_MFMA_F16",
              "SQ_INSTS_VALU_MFMA_BF16", "SQ_INSTS_VALU_MFMA_F32", "SQ_INSTS_VALU_MFMA_F64"})
            if (Column c = h.find({s}); c.present())
                mfmaInsts.push_back(std::move(c));
        // MI300 (gfx942) names the memory-side counters of the L2 TCC_EA0_*.
        rd = h.find({"TCC_EA_RDREQ", "TCC_EA0_RDREQ"});
        rd32 = h.find({"TCC_EA_RDREQ_32B", "TCC_EA0_RDREQ_32B"});
        wr = h.find({"TCC_EA_WRREQ", "TCC_EA0_WRREQ"});
        wr64 = h.find({"TCC_EA_WRREQ_64B", "TCC_EA0_WRREQ_64B"});
        bubble = h.find({"TCC_BUBBLE"});
        fetchSize = h.find({"FETCH_SIZE"});
        writeSize = h.find({"WRITE_SIZE"});
        // omniperf 2.x spells the atomics ..._REQ; older files and rocprof inputs without it.
        l2r = h.find({"TCP_TCC_READ_REQ"});
        l2w = h.find({"TCP_TCC_WRITE_REQ"});
        l2a = h.find({"TCP_TCC_ATOMIC_WITH_RET_REQ", "TCP_TCC_ATOMIC_WITH_RET"});
        l2b = h.find({"TCP_TCC_ATOMIC_WITHOUT_RET_REQ", "TCP_TCC_ATOMIC_WITHOUT_RET"});
        l1 = h.find({"TCP_TOTAL_CACHE_ACCESSES"});
    }

    bool hasTime() const { return (start.present() && end.present()) || duration.present(); }
    bool hasHbm() const { return rd.present() || wr.present(); }
    bool hasFetchWrite() const { return fetchSize.present() || writeSize.present(); }
    bool hasL2() const { return l2r.present() || l2w.present() || l2a.present() || l2b.present(); }
    bool hasCounters() const
    {
        return !valu.empty() || !mfma.empty() || hasHbm() || hasFetchWrite() || hasL2() ||
               l1.present();
    }
};

// Reads the cells of one row; the first cell that is not a count >= 0 is the row's problem.
class RowReader {
public:
    explicit RowReader(const std::vector<std::string>& cells) : m_cells(cells) {}
    std::optional<double> operator()(const Column& c)
    {
        if (c.index >= 0)
            return cell(c.name, c.index);
        if (c.channels.empty())
            return std::nullopt;
        double sum = 0.0;
        bool any = false;
        for (int i : c.channels)
            if (const auto v = cell(c.name, i)) {
                sum += *v;
                any = true;
            }
        return any ? std::optional<double>(sum) : std::nullopt;
    }
    const std::string& problem() const { return m_problem; }

private:
    std::optional<double> cell(const std::string& name, int index)
    {
        const std::string& text = m_cells[static_cast<std::size_t>(index)];
        const ParsedNumber n = parseMetricNumber(text);
        if (n.notAvailable)
            return std::nullopt;
        if (!n.value || *n.value < 0.0) {
            if (m_problem.empty())
                m_problem = "column " + name + ": expected a count >= 0, got \"" +
                            text.substr(0, 60) + "\"";
            return std::nullopt;
        }
        return n.value;
    }
    const std::vector<std::string>& m_cells;
    std::string m_problem;
};

double v0(const std::optional<double>& v)
{
    return v.value_or(0.0);
}

struct FileTally {
    long long skipped = 0;
    std::vector<std::string> skipReasons; // the first few
    long long mfmaUnknown = 0;
    long long fetchOnly = 0;
};

// One dispatch, or the reason it cannot be read (the row is then skipped).
std::optional<MeasuredKernel> readDispatch(const Layout& L, const std::vector<std::string>& cells,
                                           const std::string& fileName, FileTally& tally,
                                           std::string& problem)
{
    RowReader row(cells);
    MeasuredKernel k;
    k.name = cells[static_cast<std::size_t>(L.name)];
    k.shortName = shortKernelName(k.name);
    k.source = "rocprof";
    k.file = fileName;
    k.launchId = L.id >= 0 ? cells[static_cast<std::size_t>(L.id)] : "";
    const std::string what = "dispatch " + k.launchId + ": ";

    if (L.hasTime()) {
        const auto start = row(L.start);
        const auto end = row(L.end);
        if (start && end) {
            if (!(*end > *start)) {
                problem = what + "expected " + L.end.name + " > " + L.start.name + " (ns)";
                return std::nullopt;
            }
            k.timeS = (*end - *start) * 1e-9;
        } else if (const auto d = row(L.duration); d && *d > 0.0) {
            k.timeS = *d * 1e-9;
        } else if (row.problem().empty()) {
            problem = what + "no time (" + L.start.name + " / " + L.end.name + " empty)";
            return std::nullopt;
        }
    }

    // VALU: 64 lanes per wavefront, FMA = 2, transcendental = 1 (omniperf's definition).
    std::map<std::string, double> flops;
    std::vector<std::string> formulas;
    for (const Layout::Valu& v : L.valu) {
        const auto add = row(v.add), mul = row(v.mul), fma = row(v.fma), trans = row(v.trans);
        if (!add && !mul && !fma && !trans)
            continue;
        flops[v.key] = 64.0 * (v0(add) + v0(mul) + 2.0 * v0(fma) + v0(trans));
        formulas.push_back(std::string(v.key) + " = 64·(ADD + MUL + 2·FMA + TRANS)_" + v.type);
    }
    bool mfma = false;
    for (const Layout::Mfma& m : L.mfma)
        if (const auto mops = row(m.mops)) {
            flops[m.key] = 512.0 * *mops;
            mfma = true;
        }
    if (mfma)
        formulas.push_back("tensor = 512·SQ_INSTS_VALU_MFMA_MOPS_<type>");
    bool flopsUnknown = false;
    if (L.mfma.empty() && !L.mfmaInsts.empty()) {
        // gfx908 counts MFMA instructions but not their operations: with any MFMA instruction
        // the VALU FLOPs are not the kernel's FLOPs.
        double insts = 0.0;
        for (const Column& c : L.mfmaInsts)
            insts += v0(row(c));
        if (insts > 0.0) {
            flopsUnknown = true;
            ++tally.mfmaUnknown;
            // As a number, not cast to an integer: a counter past 2^63 (a corrupt row) would
            // not fit one.
            k.notes.push_back("FLOPs unknown: " + formatNumber(insts, 15) +
                              " MFMA instructions and no SQ_INSTS_VALU_MFMA_MOPS_* counters");
        }
    }

    // HBM, omniperf's formula; gfx942 adds 128-byte reads counted by TCC_BUBBLE.
    if (L.hasHbm()) {
        const double r = v0(row(L.rd)), r32 = v0(row(L.rd32)), bubble = v0(row(L.bubble));
        const double w = v0(row(L.wr)), w64 = v0(row(L.wr64));
        k.setBytes(MemLevel::Dram, 128.0 * bubble + 64.0 * std::max(0.0, r - bubble - r32) +
                                       32.0 * r32 + 64.0 * w64 + 32.0 * std::max(0.0, w - w64));
    } else if (L.hasFetchWrite()) {
        // FETCH_SIZE and WRITE_SIZE are in KiB: rocprofiler derives them as
        // (TCC_EA_RDREQ_32B·32 + (TCC_EA_RDREQ − TCC_EA_RDREQ_32B)·64) / 1024 ("the total
        // kilobytes fetched from the video memory").
        const auto fetch = row(L.fetchSize), write = row(L.writeSize);
        if (fetch || write)
            k.setBytes(MemLevel::Dram, 1024.0 * (v0(fetch) + v0(write)));
        if (!write)
            ++tally.fetchOnly;
    }
    if (L.hasL2()) {
        const auto a = row(L.l2r), b = row(L.l2w), c = row(L.l2a), d = row(L.l2b);
        if (a || b || c || d)
            k.setBytes(MemLevel::L2, 64.0 * (v0(a) + v0(b) + v0(c) + v0(d)));
    }
    if (const auto l1 = row(L.l1))
        k.setBytes(MemLevel::L1, 64.0 * *l1);
    if (!row.problem().empty()) {
        problem = what + row.problem();
        return std::nullopt;
    }
    if (!flops.empty() && !flopsUnknown) {
        double total = 0.0;
        std::string dominant;
        for (const auto& [key, v] : flops) {
            total += v;
            if (dominant.empty() || v > flops[dominant])
                dominant = key;
        }
        k.flops = total;
        k.flopsByPrecision = flops;
        for (const std::string& f : formulas)
            k.flopsFormula += (k.flopsFormula.empty() ? "" : "; ") + f;
        if (const auto dash = dominant.find("-tensor"); dash != std::string::npos) {
            k.unit = ComputeUnit::Tensor;
            dominant = dominant.substr(0, dash);
        }
        k.precision = parsePrecision(dominant);
    }
    return k;
}

Expected<MeasuredImport> readDispatchTable(std::string_view text, const std::string& fileName,
                                           const MeasurementImporter& importer)
{
    CsvReader csv(text, fileName);
    std::vector<std::string> headerCells;
    csv.next(headerCells);
    const Header header(headerCells);
    const Layout L(header);
    if (L.name < 0 || (!L.hasTime() && !L.hasCounters()))
        return csv.errorAt(1, "expected a Kernel_Name (or KernelName) column and either "
                              "Start_Timestamp/End_Timestamp (BeginNs/EndNs) or counter columns " +
                                  howToProduce(importer));
    MeasuredImport result;
    FileTally tally;
    std::vector<std::string> cells;
    long long rows = 0;
    while (csv.next(cells)) {
        if (cells.size() == 1 && trimmed(cells[0]).empty())
            continue;
        ++rows;
        std::string problem;
        std::optional<MeasuredKernel> k;
        if (cells.size() != headerCells.size())
            problem = "expected " + std::to_string(headerCells.size()) + " cells, got " +
                      std::to_string(cells.size()) + " (file truncated?)";
        else
            k = readDispatch(L, cells, fileName, tally, problem);
        if (!k) {
            ++tally.skipped;
            if (tally.skipReasons.size() < 3)
                tally.skipReasons.push_back("line " + std::to_string(csv.line()) + ": " + problem);
            continue;
        }
        result.kernels.push_back(std::move(*k));
    }
    std::string reasons;
    for (const std::string& r : tally.skipReasons)
        reasons += (reasons.empty() ? "" : "; ") + r;
    if (csv.error() && result.kernels.empty())
        return *csv.error();
    if (result.kernels.empty()) {
        if (rows == 0)
            return csv.errorAt(1, "a header but no dispatch rows (did the profiled run launch no "
                                  "kernel?) " +
                                      howToProduce(importer));
        return makeError(fileName + ": no dispatch could be read (" +
                         std::to_string(tally.skipped) + " skipped; " + reasons + ") " +
                         howToProduce(importer));
    }
    if (csv.error())
        result.warnings.push_back("the rest of the file was not read: " + csv.error()->message);
    if (tally.skipped > 0)
        result.warnings.push_back(skippedNote(static_cast<std::size_t>(tally.skipped), "dispatch",
                                              "dispatches", reasons));
    if (!L.hasTime())
        result.warnings.push_back(
            "time unknown: the file has counters but no BeginNs/EndNs (Start_Timestamp/"
            "End_Timestamp) columns; import it together with a `rocprof --timestamp on` trace of "
            "the same run, or add --timestamp on to the counter run");
    if (tally.mfmaUnknown > 0)
        result.warnings.push_back(
            "FLOPs unknown for " + std::to_string(tally.mfmaUnknown) +
            " dispatches: they ran MFMA instructions and the file has no "
            "SQ_INSTS_VALU_MFMA_MOPS_* counters (gfx908 / MI100 has none), so their FLOPs "
            "cannot be counted; their time and bytes are shown");
    else if (L.mfma.empty() && L.mfmaInsts.empty() && !L.valu.empty())
        result.warnings.push_back(
            "FLOPs count VALU work only: the file has no SQ_INSTS_VALU_MFMA_MOPS_* counters, "
            "so matrix-core (MFMA) operations are not included");
    if (L.valu.empty() && L.mfma.empty() && L.hasCounters()) {
        result.withoutFlopsWarned = true;
        result.warnings.push_back("FLOPs unknown: the file has no SQ_INSTS_VALU_* FLOP counters; "
                                  "add `pmc: SQ_INSTS_VALU_ADD_F32 SQ_INSTS_VALU_MUL_F32 "
                                  "SQ_INSTS_VALU_FMA_F32` (and _F64, _F16) to input.txt");
    }
    if (L.hasCounters() && !L.hasHbm() && !L.hasFetchWrite())
        result.warnings.push_back(
            "DRAM bytes unknown: the file has no TCC_EA_RDREQ/TCC_EA_WRREQ or FETCH_SIZE/"
            "WRITE_SIZE counters; add `pmc: FETCH_SIZE WRITE_SIZE` to input.txt");
    if (tally.fetchOnly > 0)
        result.warnings.push_back("DRAM bytes count reads only for " +
                                  std::to_string(tally.fetchOnly) +
                                  " dispatches: the file has FETCH_SIZE but no WRITE_SIZE");
    return result;
}

} // namespace

const ImportFormat& RocprofImporter::format() const
{
    static const ImportFormat kFormat{
        "rocprof-compute / omniperf pmc_perf.csv", "*.csv", "rocprof-compute / omniperf 1.x–3.x",
        "rocprof-compute profile -n run -- ./app   # omniperf profile -n run on older ROCm\n"
        "# then import workloads/run/<GPU>/pmc_perf.csv (sysinfo.csv beside it names the GPU)",
        "time, VALU and MFMA FLOPs per precision, HBM / L2 / L1 bytes"};
    return kFormat;
}

bool RocprofImporter::recognizes(std::string_view text) const
{
    const std::string line = headerLine(text);
    return has(line, "Kernel_Name") && (has(line, "Dispatch_ID") || has(line, "Dispatch_Id"));
}

Expected<MeasuredImport> RocprofImporter::read(std::string_view text,
                                               const std::string& fileName) const
{
    return readDispatchTable(text, fileName, *this);
}

const ImportFormat& RocprofV1Importer::format() const
{
    static const ImportFormat kFormat{
        "rocprof results.csv", "*.csv", "rocprof (v1, ROCm 5.x–6.x)",
        "rocprof --timestamp on -o results.csv ./app\n"
        "# counters: an input.txt with the line\n"
        "#   pmc: FETCH_SIZE WRITE_SIZE SQ_INSTS_VALU_ADD_F32 SQ_INSTS_VALU_MUL_F32 "
        "SQ_INSTS_VALU_FMA_F32\n"
        "rocprof -i input.txt --timestamp on -o counters.csv ./app\n"
        "# (a counters file without --timestamp on is joined with a results.csv of the same run)",
        "time per dispatch; with counters DRAM bytes (FETCH_SIZE + WRITE_SIZE, KiB) and VALU "
        "FLOPs"};
    return kFormat;
}

bool RocprofV1Importer::recognizes(std::string_view text) const
{
    const std::string line = headerLine(text);
    return has(line, "KernelName") && has(line, "Index");
}

Expected<MeasuredImport> RocprofV1Importer::read(std::string_view text,
                                                 const std::string& fileName) const
{
    return readDispatchTable(text, fileName, *this);
}

std::optional<RocmSysinfo> parseRocmSysinfo(std::string_view text)
{
    CsvReader csv(text, "sysinfo.csv");
    std::vector<std::string> header, row;
    if (!csv.next(header) || !csv.next(row) || row.size() != header.size())
        return std::nullopt;
    const int model = columnIndex(header, "gpu_model");
    if (model < 0 || trimmed(row[static_cast<std::size_t>(model)]).empty())
        return std::nullopt;
    RocmSysinfo info;
    info.model = std::string(trimmed(row[static_cast<std::size_t>(model)]));
    if (const int arch = columnIndex(header, "gpu_arch"); arch >= 0)
        info.arch = std::string(trimmed(row[static_cast<std::size_t>(arch)]));
    if (const int chip = columnIndex(header, "chip_id"); chip >= 0)
        info.chipId = std::string(trimmed(row[static_cast<std::size_t>(chip)]));
    return info;
}

std::string RocmSysinfo::name() const
{
    // omniperf's gpu_model is the family for the MI200 parts; the PCI device id tells them
    // apart (amdgpu's device table). Only ids that name one part are listed.
    static constexpr std::pair<std::string_view, std::string_view> kChips[] = {
        {"29580", "MI100"},  // 0x738C
        {"29711", "MI210"},  // 0x740F
        {"29857", "MI300X"}, // 0x74A1
    };
    for (const auto& [id, part] : kChips) {
        if (chipId == id)
            return std::string(part);
    }
    return model;
}

void applyRocmSysinfoBeside(MeasuredImport& imported, const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path sysinfo = fs::path(path).parent_path() / "sysinfo.csv";
    if (fs::path(path).filename() == "sysinfo.csv" || !fs::is_regular_file(sysinfo, ec) ||
        fs::file_size(sysinfo, ec) > (1u << 20))
        return;
    std::ifstream in(sysinfo, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto info = parseRocmSysinfo(text);
    if (!info)
        return;
    for (MeasuredKernel& k : imported.kernels)
        if (k.source == "rocprof" && k.device.empty())
            k.device = info->model;
    for (Hardware& hw : imported.hardware)
        nameOmniperfHardware(hw, info->name());
}

} // namespace roofscope
