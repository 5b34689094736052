#include "core/hardware/catalog.h"

#include "core/util/idlookup.h"
#include "core/util/jsonreader.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>

namespace roofscope {

namespace {

constexpr std::string_view kFormat = "roofscope-hardware";
constexpr long long kVersion = 1;

// Names a memory level may have. Off-chip first ("hbm", "dram" — GDDR and LPDDR count as
// dram), then on-chip, outermost first (l4 and l3: the caches of CPUs an ERT run measures).
// Kept closed so that a typo ("hmb") is an error, not a silent new level.
const std::initializer_list<std::string_view> kMemoryLevels = {"hbm", "dram", "l4", "l3",
                                                               "l2",  "sram", "l1"};

bool isSlug(std::string_view id)
{
    if (id.empty() || id.front() == '-' || id.back() == '-')
        return false;
    char previous = 0;
    for (char c : id) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
        if (!ok || (c == '-' && previous == '-'))
            return false;
        previous = c;
    }
    return true;
}

std::string jsonQuoted(std::string_view text)
{
    return JsonReader::describe(Json(std::string(text)));
}

// A rate, capacity or latency: a positive number within the range the roofline arithmetic stays
// finite in (kMinHardwareFigure … kMaxHardwareFigure), else an error at its pointer.
double readFigure(JsonReader& r, const Json& object, const std::string& pointer,
                  std::string_view key, double fallback = 0.0)
{
    const double value = r.positiveNumber(object, pointer, key, fallback);
    if (r.ok() && object.contains(key) && !isHardwareFigure(value)) {
        r.fail(JsonReader::child(pointer, key),
               "must be " + hardwareFigureRange() + " (a ridge or a time computed from it would " +
                   "overflow), got " + JsonReader::describe(object.at(key)));
        return fallback;
    }
    return value;
}

std::vector<Ceiling> readCeilings(JsonReader& r, const Json& array, const std::string& pointer,
                                  std::vector<Ceiling>* alternates = nullptr)
{
    std::vector<Ceiling> ceilings;
    if (!r.requireArray(array, pointer))
        return ceilings;
    if (array.empty()) {
        r.fail(pointer, "must list at least one ceiling");
        return ceilings;
    }
    // precision + unit -> pointer of the first ceiling that has them
    std::map<std::pair<Precision, ComputeUnit>, std::string> seen;
    std::map<std::pair<Precision, ComputeUnit>, std::string> seenAlternates;
    for (std::size_t i = 0; i < array.size() && r.ok(); ++i) {
        const Json& item = array[i];
        const std::string p = JsonReader::child(pointer, i);
        if (!r.checkKeys(item, p, {"precision", "unit", "flops_per_s", "source"},
                         {"estimate", "accumulate"}))
            break;
        Ceiling c;
        const std::string precision = r.string(item, p, "precision");
        if (!r.ok())
            break;
        if (const auto parsed = parsePrecision(precision)) {
            c.precision = *parsed;
        } else {
            r.fail(JsonReader::child(p, "precision"),
                   "unknown precision " + jsonQuoted(precision) +
                       " (expected one of: " + std::string(precisionNameList()) + ")");
            break;
        }
        const std::string unit = r.string(item, p, "unit");
        if (!r.ok())
            break;
        if (const auto parsed = parseComputeUnit(unit)) {
            c.unit = *parsed;
        } else {
            r.fail(JsonReader::child(p, "unit"),
                   "unknown unit " + jsonQuoted(unit) + " (expected one of: tensor, vector)");
            break;
        }
        c.flopsPerS = readFigure(r, item, p, "flops_per_s");
        c.source = r.nonEmptyString(item, p, "source");
        c.estimate = r.boolean(item, p, "estimate", false);
        c.accumulate = r.string(item, p, "accumulate");
        if (!r.ok())
            break;
        if (!c.accumulate.empty() && c.accumulate != "fp32" && c.accumulate != "fp16") {
            r.fail(JsonReader::child(p, "accumulate"), "unknown accumulate precision " +
                                                           jsonQuoted(c.accumulate) +
                                                           " (expected one of: fp32, fp16)");
            break;
        }
        const bool alternate = c.accumulate == "fp16";
        if (alternate && (c.unit != ComputeUnit::Tensor || !alternates)) {
            r.fail(JsonReader::child(p, "accumulate"),
                   "an FP16-accumulate ceiling must be a tensor ceiling");
            break;
        }
        const auto [it, inserted] =
            (alternate ? seenAlternates : seen).emplace(std::pair{c.precision, c.unit}, p);
        if (!inserted) {
            r.fail(p, "duplicate ceiling " + std::string(precisionName(c.precision)) + " " +
                          std::string(computeUnitName(c.unit)) + " (first at " + it->second + ")");
            break;
        }
        if (alternate)
            alternates->push_back(std::move(c));
        else
            ceilings.push_back(std::move(c));
    }
    return ceilings;
}

std::vector<MemoryLevel> readMemory(JsonReader& r, const Json& array, const std::string& pointer)
{
    std::vector<MemoryLevel> levels;
    if (!r.requireArray(array, pointer))
        return levels;
    if (array.empty()) {
        r.fail(pointer, "must list at least one memory level");
        return levels;
    }
    std::map<std::string, std::string> seen; // level -> pointer of its first entry
    for (std::size_t i = 0; i < array.size() && r.ok(); ++i) {
        const Json& item = array[i];
        const std::string p = JsonReader::child(pointer, i);
        if (!r.checkKeys(item, p, {"level", "bytes_per_s", "source"}, {"estimate"}))
            break;
        MemoryLevel m;
        m.level = r.string(item, p, "level");
        if (!r.ok())
            break;
        if (std::find(kMemoryLevels.begin(), kMemoryLevels.end(), m.level) == kMemoryLevels.end()) {
            r.fail(JsonReader::child(p, "level"),
                   "unknown memory level " + jsonQuoted(m.level) +
                       " (expected one of: " + JsonReader::joinNames(kMemoryLevels) + ")");
            break;
        }
        m.bytesPerS = readFigure(r, item, p, "bytes_per_s");
        m.source = r.nonEmptyString(item, p, "source");
        m.estimate = r.boolean(item, p, "estimate", false);
        if (!r.ok())
            break;
        const auto [it, inserted] = seen.emplace(m.level, p);
        if (!inserted) {
            r.fail(JsonReader::child(p, "level"),
                   "duplicate level " + jsonQuoted(m.level) + " (first at " + it->second + ")");
            break;
        }
        levels.push_back(std::move(m));
    }
    return levels;
}

Interconnect readInterconnect(JsonReader& r, const Json& item, const std::string& p)
{
    Interconnect link;
    if (!r.requireObject(item, p) ||
        !r.checkKeys(item, p, {"link", "name", "bytes_per_s", "source"},
                     {"latency_s", "latency_source"}))
        return link;
    link.link = r.string(item, p, "link");
    if (!r.ok())
        return link;
    const auto& types = interconnectLinkTypes();
    if (std::find(types.begin(), types.end(), link.link) == types.end()) {
        r.fail(JsonReader::child(p, "link"),
               "unknown link type " + jsonQuoted(link.link) +
                   " (expected one of: nvlink, infinity-fabric, pcie, ici, roce)");
        return link;
    }
    link.name = r.nonEmptyString(item, p, "name");
    link.bytesPerS = readFigure(r, item, p, "bytes_per_s");
    link.source = r.nonEmptyString(item, p, "source");
    if (!r.ok())
        return link;
    if (item.contains("latency_s")) {
        link.latencyS = readFigure(r, item, p, "latency_s");
        link.latencySource = r.string(item, p, "latency_source", "given in the catalog");
        link.latencyEstimate = false;
    } else {
        const HopLatency assumed = defaultHopLatency(link.link);
        link.latencyS = assumed.seconds;
        link.latencySource = assumed.basis;
        link.latencyEstimate = true;
    }
    return link;
}

// "9.0", "12.0": digits, a dot, digits.
bool isComputeCapability(std::string_view text)
{
    const auto dot = text.find('.');
    auto digits = [](std::string_view s) {
        return !s.empty() && s.size() <= 3 &&
               std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    return dot != std::string_view::npos && digits(text.substr(0, dot)) &&
           digits(text.substr(dot + 1));
}

Hardware readHardware(JsonReader& r, const Json& item, const std::string& p,
                      std::map<std::string, std::string>& seenIds)
{
    Hardware h;
    if (!r.checkKeys(item, p, {"id", "name", "vendor", "ceilings", "memory"},
                     {"memory_bytes", "memory_source", "notes", "measured_of", "kind",
                      "interconnect", "compute_capability", "sm_count", "device_source"}))
        return h;
    const std::string idPointer = JsonReader::child(p, "id");
    h.id = r.nonEmptyString(item, p, "id");
    if (!r.ok())
        return h;
    if (!isSlug(h.id)) {
        r.fail(idPointer, "must be a lowercase slug of a-z, 0-9 and single hyphens, like "
                          "\"h100-sxm5\", got " +
                              jsonQuoted(h.id));
        return h;
    }
    if (const auto [it, inserted] = seenIds.emplace(h.id, p); !inserted) {
        r.fail(idPointer, "duplicate id " + jsonQuoted(h.id) + " (first at " + it->second + ")");
        return h;
    }
    h.name = r.nonEmptyString(item, p, "name");
    h.vendor = r.nonEmptyString(item, p, "vendor");
    h.memoryBytes = readFigure(r, item, p, "memory_bytes");
    h.memorySource = r.string(item, p, "memory_source");
    h.notes = r.string(item, p, "notes");
    h.measuredOf = r.string(item, p, "measured_of");
    h.kind = r.string(item, p, "kind");
    h.computeCapability = r.string(item, p, "compute_capability");
    const long long smCount = r.integer(item, p, "sm_count", 1, 0);
    h.deviceSource = r.string(item, p, "device_source");
    if (!r.ok())
        return h;
    if (!h.computeCapability.empty() && !isComputeCapability(h.computeCapability)) {
        r.fail(JsonReader::child(p, "compute_capability"),
               "expected MAJOR.MINOR, like \"9.0\", got " + jsonQuoted(h.computeCapability));
        return h;
    }
    if (smCount > 100000) {
        r.fail(JsonReader::child(p, "sm_count"), "expected at most 100000 SMs");
        return h;
    }
    h.smCount = static_cast<int>(smCount);
    if (!h.kind.empty() && h.kind != "cpu" && h.kind != "accelerator") {
        r.fail(JsonReader::child(p, "kind"),
               "expected \"cpu\" or \"accelerator\", got " + jsonQuoted(h.kind));
        return h;
    }
    if (!h.measuredOf.empty() && (!isSlug(h.measuredOf) || h.measuredOf == h.id)) {
        r.fail(JsonReader::child(p, "measured_of"),
               "must be the id of another entry (its datasheet), like \"h100-sxm5\", got " +
                   jsonQuoted(h.measuredOf));
        return h;
    }
    h.ceilings = readCeilings(r, item.at("ceilings"), JsonReader::child(p, "ceilings"),
                              &h.alternateCeilings);
    if (!r.ok())
        return h;
    h.memory = readMemory(r, item.at("memory"), JsonReader::child(p, "memory"));
    if (r.ok() && item.contains("interconnect"))
        h.interconnect =
            readInterconnect(r, item.at("interconnect"), JsonReader::child(p, "interconnect"));
    return h;
}

Expected<std::vector<Hardware>> readCatalog(JsonReader& r, const Json& root)
{
    if (!r.requireObject(root, ""))
        return *r.error();
    // Format and version first: a model catalog or a newer file opened here should say so,
    // rather than complain about the keys it does not share with this version.
    if (!r.checkFormatAndVersion(root, kFormat, "a hardware catalog", kVersion) ||
        !r.checkKeys(root, "", {"hardware"}, {"format", "version"}))
        return *r.error();
    const Json& list = root.at("hardware");
    if (!r.requireArray(list, "/hardware"))
        return *r.error();

    std::vector<Hardware> hardware;
    std::map<std::string, std::string> seenIds; // id -> pointer of the entry that has it
    for (std::size_t i = 0; i < list.size(); ++i) {
        Hardware h = readHardware(r, list[i], JsonReader::child("/hardware", i), seenIds);
        if (!r.ok())
            return *r.error();
        hardware.push_back(std::move(h));
    }
    return hardware;
}

} // namespace

Expected<std::vector<Hardware>> parseHardwareCatalog(std::string_view text,
                                                     std::string_view fileName)
{
    auto document = JsonReader::parse(text, fileName);
    if (!document)
        return document.error();
    JsonReader reader{std::string(fileName)};
    return readCatalog(reader, *document);
}

std::string hardwareCatalogToJson(const std::vector<Hardware>& hardware)
{
    Json list = Json::array();
    for (const Hardware& h : hardware) {
        Json entry = Json::object();
        entry["id"] = h.id;
        entry["name"] = h.name;
        entry["vendor"] = h.vendor;
        // Optional keys are written only when they carry something, as a user would write them.
        if (h.memoryBytes > 0.0)
            entry["memory_bytes"] = h.memoryBytes;
        if (!h.memorySource.empty())
            entry["memory_source"] = h.memorySource;
        if (!h.notes.empty())
            entry["notes"] = h.notes;
        if (!h.measuredOf.empty())
            entry["measured_of"] = h.measuredOf;
        if (!h.kind.empty())
            entry["kind"] = h.kind;
        if (!h.computeCapability.empty())
            entry["compute_capability"] = h.computeCapability;
        if (h.smCount > 0)
            entry["sm_count"] = h.smCount;
        if (!h.deviceSource.empty())
            entry["device_source"] = h.deviceSource;
        Json ceilings = Json::array();
        const auto writeCeiling = [&](const Ceiling& c) {
            Json ceiling = {{"precision", precisionName(c.precision)},
                            {"unit", computeUnitName(c.unit)},
                            {"flops_per_s", c.flopsPerS},
                            {"source", c.source}};
            if (c.estimate)
                ceiling["estimate"] = true;
            if (!c.accumulate.empty())
                ceiling["accumulate"] = c.accumulate;
            ceilings.push_back(std::move(ceiling));
        };
        for (const Ceiling& c : h.ceilings)
            writeCeiling(c);
        for (const Ceiling& c : h.alternateCeilings)
            writeCeiling(c);
        entry["ceilings"] = std::move(ceilings);
        Json memory = Json::array();
        for (const MemoryLevel& m : h.memory) {
            Json level = {{"level", m.level}, {"bytes_per_s", m.bytesPerS}, {"source", m.source}};
            if (m.estimate)
                level["estimate"] = true;
            memory.push_back(std::move(level));
        }
        entry["memory"] = std::move(memory);
        if (h.interconnect.present()) {
            Json link = {{"link", h.interconnect.link},
                         {"name", h.interconnect.name},
                         {"bytes_per_s", h.interconnect.bytesPerS},
                         {"source", h.interconnect.source}};
            if (!h.interconnect.latencyEstimate) {
                link["latency_s"] = h.interconnect.latencyS;
                link["latency_source"] = h.interconnect.latencySource;
            }
            entry["interconnect"] = std::move(link);
        }
        list.push_back(std::move(entry));
    }
    Json document = {{"format", kFormat}, {"version", kVersion}, {"hardware", std::move(list)}};
    // Replace, not throw, on invalid UTF-8 in a name: serialising must not fail.
    return document.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

HardwareCatalog HardwareCatalog::builtin()
{
    HardwareCatalog catalog;
    // The built-in file is validated by the test suite (CatalogBuiltin.*), so a failure here
    // is a build defect; an empty catalog is the least harmful outcome at run time.
    auto parsed = parseHardwareCatalog(builtinHardwareJson(), "built-in hardware.json");
    if (parsed)
        catalog.m_hardware = std::move(parsed).value();
    return catalog;
}

void HardwareCatalog::merge(const std::vector<Hardware>& hardware)
{
    mergeById(m_hardware, hardware);
}

const Hardware* HardwareCatalog::datasheetOf(const Hardware& measured) const
{
    if (measured.measuredOf.empty() || measured.measuredOf == measured.id)
        return nullptr;
    return find(measured.measuredOf);
}

const Hardware* HardwareCatalog::find(std::string_view id) const
{
    return findById(m_hardware, id);
}

std::string HardwareCatalog::closestId(std::string_view id) const
{
    return closestIdOf(m_hardware, id);
}

std::string userCatalogDirectory()
{
    return userConfigDirectory("ROOFSCOPE_CATALOG_DIR", "hardware");
}

} // namespace roofscope
