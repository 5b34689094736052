#include "core/measured/tracerecord.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

using OJson = nlohmann::ordered_json;

TraceRecord recordTrace(const MeasuredImport& launches, std::span<const std::size_t> rowOfLaunch)
{
    TraceRecord r;
    const std::size_t n = launches.kernels.size();
    if (launches.trace.kernels.size() != n || (!rowOfLaunch.empty() && rowOfLaunch.size() != n))
        return r;
    r.context = launches.trace;
    r.rows.reserve(n);
    r.timesS.reserve(n);
    r.flops.reserve(n);
    r.dramBytes.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const MeasuredKernel& k = launches.kernels[i];
        r.rows.push_back(static_cast<std::uint32_t>(rowOfLaunch.empty() ? i : rowOfLaunch[i]));
        r.timesS.push_back(k.timeS);
        r.flops.push_back(k.flops);
        r.dramBytes.push_back(k.bytesAt(MemLevel::Dram));
    }
    r.warnings = launches.warnings;
    return r;
}

MeasuredImport replayTrace(const TraceRecord& record, const std::vector<MeasuredKernel>& rows,
                           const std::string& file)
{
    MeasuredImport m;
    m.file = file;
    // A record that does not fit the rows (they can only come from one import) replays nothing.
    if (std::any_of(record.rows.begin(), record.rows.end(),
                    [&](std::uint32_t row) { return row >= rows.size(); }) ||
        record.context.kernels.size() != record.launches() ||
        record.timesS.size() != record.launches() || record.flops.size() != record.launches() ||
        record.dramBytes.size() != record.launches())
        return m;
    m.warnings = record.warnings;
    m.trace = record.context;
    m.kernels.reserve(record.launches());
    for (std::size_t i = 0; i < record.launches(); ++i) {
        const MeasuredKernel& row = rows[record.rows[i]];
        MeasuredKernel& k = m.kernels.emplace_back();
        k.name = row.name;
        k.shortName = row.shortName;
        k.source = row.source;
        k.file = row.file;
        k.device = row.device;
        k.gpu = row.gpu;
        k.precision = row.precision;
        k.unit = row.unit;
        k.timeS = record.timesS[i];
        k.flops = record.flops[i];
        if (record.dramBytes[i])
            k.setBytes(MemLevel::Dram, *record.dramBytes[i]);
        k.bytesLowerBound = row.bytesLowerBound;
    }
    return m;
}

namespace {

OJson optionalColumn(const std::vector<std::optional<double>>& values)
{
    OJson column = OJson::array();
    for (const auto& v : values)
        column.push_back(v ? OJson(*v) : OJson());
    return column;
}

// A reader of the record that stops at the first problem, naming its JSON pointer.
class RecordReader {
public:
    explicit RecordReader(const std::string& where) : m_where(where) {}

    bool ok() const { return !m_error; }
    Error error() const { return *m_error; }
    void fail(const std::string& pointer, const std::string& problem)
    {
        if (!m_error)
            m_error = makeError(m_where + pointer + ": " + problem);
    }

    // The array at `key` of `object`, of `length` entries when that is given.
    const OJson* array(const OJson& object, const std::string& pointer, const char* key,
                       std::optional<std::size_t> length = std::nullopt)
    {
        const auto it = object.find(key);
        if (it == object.end()) {
            fail(pointer + "/" + key, "missing");
            return nullptr;
        }
        if (!it->is_array()) {
            fail(pointer + "/" + key, std::string("expected an array, got ") + it->type_name());
            return nullptr;
        }
        if (length && it->size() != *length) {
            fail(pointer + "/" + key, "expected " + std::to_string(*length) +
                                          " entries, one a launch, got " +
                                          std::to_string(it->size()));
            return nullptr;
        }
        return &*it;
    }

    // A finite number (>= 0 unless `anySign`), or empty for null when `nullable`.
    std::optional<double> number(const OJson& v, const std::string& pointer, bool nullable,
                                 bool anySign = false)
    {
        if (v.is_null() && nullable)
            return std::nullopt;
        if (!v.is_number() || !std::isfinite(v.get<double>()) ||
            (!anySign && v.get<double>() < 0.0)) {
            fail(pointer, std::string(anySign ? "expected a finite number"
                                              : "expected a finite number >= 0") +
                              (nullable ? " or null" : ""));
            return std::nullopt;
        }
        return v.get<double>();
    }

    // A whole number in [-1, limit) when `noneAllowed`, else in [0, limit).
    long long index(const OJson& v, const std::string& pointer, std::size_t limit, bool noneAllowed,
                    const char* what)
    {
        const long long lo = noneAllowed ? -1 : 0;
        if (!v.is_number_integer() || v.get<long long>() < lo ||
            v.get<long long>() >= static_cast<long long>(limit)) {
            fail(pointer, std::string("expected ") + what + " from " + std::to_string(lo) + " to " +
                              std::to_string(static_cast<long long>(limit) - 1));
            return lo;
        }
        return v.get<long long>();
    }

private:
    std::string m_where;
    std::optional<Error> m_error;
};

} // namespace

OJson traceRecordToJson(const TraceRecord& r)
{
    OJson shapes = OJson::array();
    for (const TraceOpShape& s : r.context.shapes)
        shapes.push_back(s.inputs);
    OJson start = OJson::array(), external = OJson::array(), op = OJson::array(),
          shape = OJson::array();
    auto index = [](std::uint32_t i) {
        return i == KernelTraceContext::kNone ? -1LL : static_cast<long long>(i);
    };
    for (const KernelTraceContext& k : r.context.kernels) {
        start.push_back(k.startUs);
        external.push_back(k.externalId);
        op.push_back(index(k.op));
        shape.push_back(index(k.shape));
    }
    OJson launches;
    launches["row"] = r.rows;
    launches["start_us"] = std::move(start);
    launches["time_s"] = r.timesS;
    launches["flops"] = optionalColumn(r.flops);
    launches["dram_bytes"] = optionalColumn(r.dramBytes);
    launches["external_id"] = std::move(external);
    launches["op"] = std::move(op);
    launches["shape"] = std::move(shape);
    OJson j;
    j["op_names"] = r.context.opNames;
    j["shapes"] = std::move(shapes);
    j["launches"] = std::move(launches);
    j["warnings"] = r.warnings;
    return j;
}

Expected<TraceRecord> traceRecordFromJson(const OJson& json, const std::string& where,
                                          std::size_t rowCount)
{
    RecordReader r(where);
    if (!json.is_object())
        return makeError(where + ": expected an object with \"launches\", got " + json.type_name());
    for (const auto& item : json.items())
        if (item.key() != "op_names" && item.key() != "shapes" && item.key() != "launches" &&
            item.key() != "warnings")
            return makeError(where + "/" + item.key() + ": unknown key");
    TraceRecord rec;
    auto strings = [&](const char* key, std::vector<std::string>& out) {
        const OJson* a = r.array(json, "", key);
        for (std::size_t i = 0; a && r.ok() && i < a->size(); ++i) {
            if (!(*a)[i].is_string())
                r.fail(std::string("/") + key + "/" + std::to_string(i), "expected a string");
            else
                out.push_back((*a)[i].get<std::string>());
        }
    };
    strings("op_names", rec.context.opNames);
    if (json.contains("warnings"))
        strings("warnings", rec.warnings);
    if (const OJson* shapes = r.ok() ? r.array(json, "", "shapes") : nullptr) {
        for (std::size_t i = 0; r.ok() && i < shapes->size(); ++i) {
            const std::string ptr = "/shapes/" + std::to_string(i);
            TraceOpShape shape;
            const OJson& s = (*shapes)[i];
            if (!s.is_array())
                r.fail(ptr, "expected a list of size lists");
            for (std::size_t a = 0; r.ok() && a < s.size(); ++a) {
                if (!s[a].is_array()) {
                    r.fail(ptr + "/" + std::to_string(a), "expected a list of sizes");
                    break;
                }
                std::vector<std::int64_t>& sizes = shape.inputs.emplace_back();
                for (const OJson& v : s[a]) {
                    if (!v.is_number_integer() || v.get<long long>() < 0) {
                        r.fail(ptr + "/" + std::to_string(a), "expected whole sizes >= 0");
                        break;
                    }
                    sizes.push_back(v.get<std::int64_t>());
                }
            }
            rec.context.shapes.push_back(std::move(shape));
        }
    }
    if (!r.ok())
        return r.error();

    const auto launches = json.find("launches");
    if (launches == json.end() || !launches->is_object())
        return makeError(where + "/launches: expected an object of columns (row, start_us, "
                                 "time_s, flops, dram_bytes, external_id, op, shape)");
    const OJson* rows = r.array(*launches, "/launches", "row");
    if (!rows)
        return r.error();
    const std::size_t n = rows->size();
    const OJson* start = r.array(*launches, "/launches", "start_us", n);
    const OJson* time = r.ok() ? r.array(*launches, "/launches", "time_s", n) : nullptr;
    const OJson* flops = r.ok() ? r.array(*launches, "/launches", "flops", n) : nullptr;
    const OJson* bytes = r.ok() ? r.array(*launches, "/launches", "dram_bytes", n) : nullptr;
    const OJson* external = r.ok() ? r.array(*launches, "/launches", "external_id", n) : nullptr;
    const OJson* op = r.ok() ? r.array(*launches, "/launches", "op", n) : nullptr;
    const OJson* shape = r.ok() ? r.array(*launches, "/launches", "shape", n) : nullptr;
    if (!r.ok())
        return r.error();
    rec.rows.reserve(n);
    rec.timesS.reserve(n);
    rec.flops.reserve(n);
    rec.dramBytes.reserve(n);
    rec.context.kernels.reserve(n);
    auto at = [](const char* column, std::size_t i) {
        return std::string("/launches/") + column + "/" + std::to_string(i);
    };
    for (std::size_t i = 0; i < n && r.ok(); ++i) {
        rec.rows.push_back(static_cast<std::uint32_t>(
            r.index((*rows)[i], at("row", i), rowCount, false, "a row of the run")));
        rec.timesS.push_back(r.number((*time)[i], at("time_s", i), false).value_or(0.0));
        rec.flops.push_back(r.number((*flops)[i], at("flops", i), true));
        rec.dramBytes.push_back(r.number((*bytes)[i], at("dram_bytes", i), true));
        KernelTraceContext& c = rec.context.kernels.emplace_back();
        c.startUs = r.number((*start)[i], at("start_us", i), false, true).value_or(0.0);
        const OJson& ext = (*external)[i];
        if (!ext.is_number_integer())
            r.fail(at("external_id", i), "expected a whole number (-1: none)");
        else
            c.externalId = ext.get<std::int64_t>();
        auto context = [](long long v) {
            return v < 0 ? KernelTraceContext::kNone : static_cast<std::uint32_t>(v);
        };
        c.op = context(r.index((*op)[i], at("op", i), rec.context.opNames.size(), true,
                               "an index into op_names, or -1,"));
        c.shape = context(r.index((*shape)[i], at("shape", i), rec.context.shapes.size(), true,
                                  "an index into shapes, or -1,"));
    }
    if (!r.ok())
        return r.error();
    return rec;
}

} // namespace roofscope
