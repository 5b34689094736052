#include "core/measured/measuredkernel.h"

#include <cmath>

namespace roofscope {

using OJson = nlohmann::ordered_json;

std::string_view memLevelName(MemLevel level)
{
    switch (level) {
    case MemLevel::Dram:
        return "dram";
    case MemLevel::L2:
        return "l2";
    case MemLevel::L1:
        return "l1";
    }
    return "?";
}

namespace {

OJson optionalNumber(const std::optional<double>& v)
{
    return v ? OJson(*v) : OJson();
}

// Reads one member of a kernel object, recording the first problem in `error`.
class KernelJsonReader {
public:
    KernelJsonReader(const OJson& object, std::string_view where) : m_object(object), m_where(where)
    {
    }

    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }

    void fail(std::string_view key, std::string_view problem)
    {
        if (m_error.empty())
            m_error =
                std::string(m_where) + ": \"" + std::string(key) + "\": " + std::string(problem);
    }

    std::string string(std::string_view key, bool required = false)
    {
        const auto it = m_object.find(key);
        if (it == m_object.end() || it->is_null()) {
            if (required)
                fail(key, "missing (expected a string)");
            return {};
        }
        if (!it->is_string()) {
            fail(key, "expected a string");
            return {};
        }
        return it->get<std::string>();
    }

    // A finite number >= 0, or nullopt for null/absent.
    std::optional<double> number(const OJson& object, std::string_view key)
    {
        const auto it = object.find(key);
        if (it == object.end() || it->is_null())
            return std::nullopt;
        if (!it->is_number()) {
            fail(key, "expected a number or null");
            return std::nullopt;
        }
        const double v = it->get<double>();
        if (!std::isfinite(v) || v < 0.0) {
            fail(key, "expected a finite number >= 0");
            return std::nullopt;
        }
        return v;
    }
    std::optional<double> number(std::string_view key) { return number(m_object, key); }

    const OJson& object() const { return m_object; }

private:
    const OJson& m_object;
    std::string_view m_where;
    std::string m_error;
};

} // namespace

OJson measuredKernelToJson(const MeasuredKernel& k)
{
    OJson j;
    j["name"] = k.name;
    j["short_name"] = k.shortName;
    j["source"] = k.source;
    j["file"] = k.file;
    j["launch_id"] = k.launchId;
    j["launches"] = k.launches;
    j["time_s"] = k.timeKnown ? OJson(k.timeS) : OJson();
    j["flops"] = optionalNumber(k.flops);
    OJson byPrecision = OJson::object();
    for (const auto& [precision, flops] : k.flopsByPrecision)
        byPrecision[precision] = flops;
    j["flops_by_precision"] = std::move(byPrecision);
    j["flops_formula"] = k.flopsFormula;
    if (k.executedFlops)
        j["executed_flops"] = *k.executedFlops;
    j["precision"] = k.precision ? OJson(std::string(precisionName(*k.precision))) : OJson();
    j["unit"] = std::string(computeUnitName(k.unit));
    OJson bytes = OJson::object();
    for (MemLevel level : kMemLevels)
        bytes[std::string(memLevelName(level))] = optionalNumber(k.bytesAt(level));
    j["bytes"] = std::move(bytes);
    j["bytes_lower_bound"] = k.bytesLowerBound;
    j["device"] = k.device;
    j["gpu"] = k.gpu.empty() ? OJson() : OJson(k.gpu);
    j["notes"] = k.notes;
    if (k.placedTimeS)
        j["placed_time_s"] = *k.placedTimeS;
    if (!k.timeKnown) {
        j["flops_per_s"] = optionalNumber(k.flopsPerS);
        OJson rates = OJson::object();
        for (MemLevel level : kMemLevels)
            rates[std::string(memLevelName(level))] = optionalNumber(k.bytesPerSAt(level));
        j["bytes_per_s"] = std::move(rates);
    }
    return j;
}

Expected<MeasuredKernel> measuredKernelFromJson(const OJson& json, std::string_view where)
{
    if (!json.is_object())
        return makeError(std::string(where) + ": expected a kernel object");
    KernelJsonReader r(json, where);
    MeasuredKernel k;
    k.name = r.string("name", true);
    k.shortName = r.string("short_name");
    k.source = r.string("source");
    k.file = r.string("file");
    k.launchId = r.string("launch_id");
    k.device = r.string("device");
    k.gpu = r.string("gpu");
    k.flopsFormula = r.string("flops_formula");
    if (const auto it = json.find("launches"); it != json.end()) {
        if (!it->is_number_integer() || it->get<long long>() < 1)
            r.fail("launches", "expected a whole number >= 1");
        else
            k.launches = it->get<long long>();
    }
    // A null time is a kernel of rates (measuredKernelToJson), told by its "flops_per_s" or
    // "bytes_per_s"; otherwise a time is required.
    const bool rates = json.contains("flops_per_s") || json.contains("bytes_per_s");
    const auto time = r.number("time_s");
    if (!time && r.ok() && !(rates && json.contains("time_s") && json["time_s"].is_null()))
        r.fail("time_s", "missing (expected a number of seconds > 0)");
    k.timeS = time.value_or(0.0);
    if (!time && rates) {
        k.timeKnown = false;
        k.flopsPerS = r.number("flops_per_s");
        if (const auto it = json.find("bytes_per_s"); it != json.end() && !it->is_null()) {
            if (!it->is_object())
                r.fail("bytes_per_s", "expected an object keyed by dram, l2, l1");
            else
                for (MemLevel level : kMemLevels)
                    if (const auto v = r.number(*it, memLevelName(level)))
                        k.setBytesPerS(level, *v);
        }
    }
    k.flops = r.number("flops");
    if (json.contains("executed_flops")) {
        k.executedFlops = r.number("executed_flops");
        // The tiles' work includes the useful work: never less than the FLOPs.
        if (k.executedFlops && k.flops && !(*k.executedFlops >= *k.flops))
            r.fail("executed_flops", "expected a number of FLOPs >= flops");
    }
    if (json.contains("placed_time_s")) {
        k.placedTimeS = r.number("placed_time_s");
        // 0 when the launches with FLOPs took no measurable time (their rates are unknown).
        if (k.placedTimeS && !(*k.placedTimeS >= 0.0 && *k.placedTimeS <= k.timeS))
            r.fail("placed_time_s", "expected a number of seconds ≥ 0 and at most time_s");
    }
    if (const auto it = json.find("flops_by_precision"); it != json.end() && !it->is_null()) {
        if (!it->is_object())
            r.fail("flops_by_precision", "expected an object");
        else
            for (const auto& [key, value] : it->items())
                if (const auto v = r.number(*it, key))
                    k.flopsByPrecision[key] = *v;
    }
    if (const std::string p = r.string("precision"); !p.empty()) {
        if (const auto parsed = parsePrecision(p))
            k.precision = *parsed;
        else
            r.fail("precision", "unknown precision \"" + p + "\"");
    }
    if (const std::string u = r.string("unit"); !u.empty()) {
        if (const auto parsed = parseComputeUnit(u))
            k.unit = *parsed;
        else
            r.fail("unit", "expected tensor or vector");
    }
    if (const auto it = json.find("bytes"); it != json.end() && !it->is_null()) {
        if (!it->is_object())
            r.fail("bytes", "expected an object keyed by dram, l2, l1");
        else
            for (MemLevel level : kMemLevels)
                if (const auto v = r.number(*it, memLevelName(level)))
                    k.setBytes(level, *v);
    }
    if (const auto it = json.find("bytes_lower_bound"); it != json.end()) {
        if (!it->is_boolean())
            r.fail("bytes_lower_bound", "expected true or false");
        else
            k.bytesLowerBound = it->get<bool>();
    }
    if (const auto it = json.find("notes"); it != json.end() && !it->is_null()) {
        if (!it->is_array())
            r.fail("notes", "expected an array of strings");
        else
            for (const OJson& note : *it) {
                if (!note.is_string()) {
                    r.fail("notes", "expected an array of strings");
                    break;
                }
                k.notes.push_back(note.get<std::string>());
            }
    }
    if (!r.ok())
        return makeError(r.error());
    return k;
}

} // namespace roofscope
