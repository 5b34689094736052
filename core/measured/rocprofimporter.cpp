#include "core/measured/rocprofimporter.h"

#include "core/measured/csvreader.h"
#include "core/measured/kernelname.h"
#include "core/measured/metricvalue.h"

#include <algorithm>
#include <map>

namespace roofscope {

namespace {

std::string headerLine(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    return std::string(text.substr(0, std::min(text.find('\n'), std::size_t{1u << 16})));
}

// Counter columns may carry a `_sum` suffix (omniperf aggregates per dispatch).
class DispatchRow {
public:
    DispatchRow(const std::vector<std::string>& header, const std::vector<std::string>& cells,
                const CsvReader& csv)
        : m_header(header), m_cells(cells), m_csv(csv)
    {
    }
    const std::optional<Error>& error() const { return m_error; }

    std::optional<double> counter(const std::string& name)
    {
        for (const std::string& column : {name, name + "_sum"}) {
            const int col = columnIndex(m_header, column);
            if (col < 0)
                continue;
            const std::string& cell = m_cells[static_cast<std::size_t>(col)];
            const ParsedNumber n = parseMetricNumber(cell);
            if (n.notAvailable)
                return std::nullopt;
            if (!n.value || *n.value < 0.0) {
                if (!m_error)
                    m_error = m_csv.errorAt(m_csv.line(), "column " + column +
                                                              ": expected a count >= 0, got \"" +
                                                              cell.substr(0, 60) + "\"");
                return std::nullopt;
            }
            return n.value;
        }
        return std::nullopt;
    }
    std::string text(const std::string& name) const
    {
        const int col = columnIndex(m_header, name);
        return col < 0 ? std::string() : m_cells[static_cast<std::size_t>(col)];
    }

private:
    const std::vector<std::string>& m_header;
    const std::vector<std::string>& m_cells;
    const CsvReader& m_csv;
    std::optional<Error> m_error;
};

} // namespace

const ImportFormat& RocprofImporter::format() const
{
    static const ImportFormat kFormat{
        "rocprof / omniperf pmc_perf.csv", "*.csv", "rocprof-compute / omniperf 1.x–3.x",
        "rocprof-compute profile -n run --roof-only -- ./app   (omniperf profile on older ROCm)\n"
        "# then import workloads/run/<GPU>/pmc_perf.csv (sysinfo.csv beside it names the GPU)",
        "time, VALU and MFMA FLOPs per precision, HBM / L2 / L1 bytes"};
    return kFormat;
}

bool RocprofImporter::recognizes(std::string_view text) const
{
    const std::string line = headerLine(text);
    return (line.find("Kernel_Name") != std::string::npos ||
            line.find("KernelName") != std::string::npos) &&
           (line.find("Dispatch_ID") != std::string::npos ||
            line.find("Index") != std::string::npos);
}

Expected<MeasuredImport> RocprofImporter::read(std::string_view text,
                                               const std::string& fileName) const
{
    CsvReader csv(text, fileName);
    std::vector<std::string> header;
    csv.next(header);
    const int nameCol =
        std::max(columnIndex(header, "Kernel_Name"), columnIndex(header, "KernelName"));
    int idCol = columnIndex(header, "Dispatch_ID");
    if (idCol < 0)
        idCol = columnIndex(header, "Index");
    const bool hasTimes =
        (columnIndex(header, "Start_Timestamp") >= 0 &&
         columnIndex(header, "End_Timestamp") >= 0) ||
        (columnIndex(header, "BeginNs") >= 0 && columnIndex(header, "EndNs") >= 0);
    if (nameCol < 0 || !hasTimes)
        return csv.errorAt(1, "expected Kernel_Name, Start_Timestamp and End_Timestamp columns "
                              "(a pmc_perf.csv of omniperf/rocprof)");
    MeasuredImport result;
    std::vector<std::string> cells;
    while (csv.nextRow(cells, header.size())) {
        DispatchRow row(header, cells, csv);
        MeasuredKernel k;
        k.name = cells[static_cast<std::size_t>(nameCol)];
        k.shortName = shortKernelName(k.name);
        k.source = "rocprof";
        k.file = fileName;
        k.launchId = idCol >= 0 ? cells[static_cast<std::size_t>(idCol)] : "";
        auto start = row.counter("Start_Timestamp");
        auto end = row.counter("End_Timestamp");
        if (!start && !end) {
            start = row.counter("BeginNs");
            end = row.counter("EndNs");
        }
        if (row.error())
            return *row.error();
        if (!start || !end || *end <= *start)
            return csv.errorAt(csv.line(), "dispatch " + k.launchId +
                                               ": expected End_Timestamp > Start_Timestamp (ns)");
        k.timeS = (*end - *start) * 1e-9;

        // VALU: 64 lanes per wavefront, FMA = 2, transcendental = 1 (omniperf's definition).
        std::map<std::string, double> flops;
        std::vector<std::string> formulas;
        for (const auto& [type, key] :
             {std::pair{"F16", "fp16"}, std::pair{"F32", "fp32"}, std::pair{"F64", "fp64"}}) {
            const std::string p = std::string("SQ_INSTS_VALU_");
            const auto add = row.counter(p + "ADD_" + type);
            const auto mul = row.counter(p + "MUL_" + type);
            const auto fma = row.counter(p + "FMA_" + type);
            const auto trans = row.counter(p + "TRANS_" + type);
            if (!add && !mul && !fma && !trans)
                continue;
            flops[key] = 64.0 * (add.value_or(0) + mul.value_or(0) + 2.0 * fma.value_or(0) +
                                 trans.value_or(0));
            formulas.push_back(std::string(key) + " = 64·(ADD + MUL + 2·FMA + TRANS)_" + type);
        }
        bool mfma = false;
        for (const auto& [type, key] :
             {std::pair{"F16", "fp16-tensor"}, std::pair{"BF16", "bf16-tensor"},
              std::pair{"F32", "fp32-tensor"}, std::pair{"F64", "fp64-tensor"},
              std::pair{"I8", "int8-tensor"}}) {
            if (const auto mops = row.counter(std::string("SQ_INSTS_VALU_MFMA_MOPS_") + type)) {
                flops[key] = 512.0 * *mops;
                mfma = true;
            }
        }
        if (mfma)
            formulas.push_back("tensor = 512·SQ_INSTS_VALU_MFMA_MOPS_<type>");

        const auto rd = row.counter("TCC_EA_RDREQ");
        const auto rd32 = row.counter("TCC_EA_RDREQ_32B");
        const auto wr = row.counter("TCC_EA_WRREQ");
        const auto wr64 = row.counter("TCC_EA_WRREQ_64B");
        if (rd || wr) {
            const double r = rd.value_or(0), r32 = rd32.value_or(0);
            const double w = wr.value_or(0), w64 = wr64.value_or(0);
            k.setBytes(MemLevel::Dram, 32.0 * r32 + 64.0 * std::max(0.0, r - r32) + 64.0 * w64 +
                                           32.0 * std::max(0.0, w - w64));
        }
        const auto l2r = row.counter("TCP_TCC_READ_REQ");
        const auto l2w = row.counter("TCP_TCC_WRITE_REQ");
        const auto l2a = row.counter("TCP_TCC_ATOMIC_WITH_RET");
        const auto l2b = row.counter("TCP_TCC_ATOMIC_WITHOUT_RET");
        if (l2r || l2w || l2a || l2b)
            k.setBytes(MemLevel::L2, 64.0 * (l2r.value_or(0) + l2w.value_or(0) + l2a.value_or(0) +
                                             l2b.value_or(0)));
        if (const auto l1 = row.counter("TCP_TOTAL_CACHE_ACCESSES"))
            k.setBytes(MemLevel::L1, 64.0 * *l1);
        if (row.error())
            return *row.error();
        if (!flops.empty()) {
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
        result.kernels.push_back(std::move(k));
    }
    if (csv.error())
        return *csv.error();
    return result;
}

} // namespace roofscope
