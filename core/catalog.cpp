#include "core/catalog.h"

#include "core/jsonreader.h"

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
// dram), then on-chip. Kept closed so that a typo ("hmb") is an error, not a silent new level.
const std::initializer_list<std::string_view> kMemoryLevels = {"hbm", "dram", "l2", "sram", "l1"};

// Catalog files are a few kilobytes; anything far larger is not a catalog, and reading it whole
// would only waste memory before failing.
constexpr std::uintmax_t kMaxFileBytes = 16u * 1024u * 1024u;

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

std::vector<Ceiling> readCeilings(JsonReader& r, const Json& array, const std::string& pointer)
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
    for (std::size_t i = 0; i < array.size() && r.ok(); ++i) {
        const Json& item = array[i];
        const std::string p = JsonReader::child(pointer, i);
        if (!r.checkKeys(item, p, {"precision", "unit", "flops_per_s", "source"}, {"estimate"}))
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
        c.flopsPerS = r.positiveNumber(item, p, "flops_per_s");
        c.source = r.nonEmptyString(item, p, "source");
        c.estimate = r.boolean(item, p, "estimate", false);
        if (!r.ok())
            break;
        const auto [it, inserted] = seen.emplace(std::pair{c.precision, c.unit}, p);
        if (!inserted) {
            r.fail(p, "duplicate ceiling " + std::string(precisionName(c.precision)) + " " +
                          std::string(computeUnitName(c.unit)) + " (first at " + it->second + ")");
            break;
        }
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
        m.bytesPerS = r.positiveNumber(item, p, "bytes_per_s");
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

Hardware readHardware(JsonReader& r, const Json& item, const std::string& p,
                      std::map<std::string, std::string>& seenIds)
{
    Hardware h;
    if (!r.checkKeys(item, p, {"id", "name", "vendor", "ceilings", "memory"},
                     {"memory_bytes", "memory_source", "notes"}))
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
    h.memoryBytes = r.positiveNumber(item, p, "memory_bytes", 0.0);
    h.memorySource = r.string(item, p, "memory_source");
    h.notes = r.string(item, p, "notes");
    if (!r.ok())
        return h;
    h.ceilings = readCeilings(r, item.at("ceilings"), JsonReader::child(p, "ceilings"));
    if (!r.ok())
        return h;
    h.memory = readMemory(r, item.at("memory"), JsonReader::child(p, "memory"));
    return h;
}

Expected<std::vector<Hardware>> readCatalog(JsonReader& r, const Json& root)
{
    if (!r.requireObject(root, ""))
        return *r.error();
    // Format and version first: a model catalog or a newer file opened here should say so,
    // rather than complain about the keys it does not share with this version.
    if (root.contains("format")) {
        const std::string format = r.string(root, "", "format");
        if (r.ok() && format != kFormat) {
            r.fail("/format", "expected " + jsonQuoted(kFormat) + " (a hardware catalog), got " +
                                  jsonQuoted(format));
        }
    }
    if (r.ok() && root.contains("version")) {
        const long long version = r.integer(root, "", "version", 1, kVersion);
        if (r.ok() && version > kVersion) {
            r.fail("/version", "written by a newer RoofScope (format version " +
                                   std::to_string(version) + "; this build reads version " +
                                   std::to_string(kVersion) + ")");
        }
    }
    if (!r.ok() || !r.checkKeys(root, "", {"hardware"}, {"format", "version"}))
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
        Json ceilings = Json::array();
        for (const Ceiling& c : h.ceilings) {
            Json ceiling = {{"precision", precisionName(c.precision)},
                            {"unit", computeUnitName(c.unit)},
                            {"flops_per_s", c.flopsPerS},
                            {"source", c.source}};
            if (c.estimate)
                ceiling["estimate"] = true;
            ceilings.push_back(std::move(ceiling));
        }
        entry["ceilings"] = std::move(ceilings);
        Json memory = Json::array();
        for (const MemoryLevel& m : h.memory) {
            Json level = {{"level", m.level}, {"bytes_per_s", m.bytesPerS}, {"source", m.source}};
            if (m.estimate)
                level["estimate"] = true;
            memory.push_back(std::move(level));
        }
        entry["memory"] = std::move(memory);
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
    for (const Hardware& h : hardware) {
        auto it = std::find_if(m_hardware.begin(), m_hardware.end(),
                               [&](const Hardware& existing) { return existing.id == h.id; });
        if (it != m_hardware.end())
            *it = h;
        else
            m_hardware.push_back(h);
    }
}

std::optional<Error> HardwareCatalog::loadFile(const std::string& path)
{
    auto text = readTextFile(path);
    if (!text)
        return text.error();
    auto parsed = parseHardwareCatalog(*text, path);
    if (!parsed)
        return parsed.error();
    merge(*parsed);
    return std::nullopt;
}

std::vector<Error> HardwareCatalog::loadUserDirectory()
{
    namespace fs = std::filesystem;
    const std::string directory = userCatalogDirectory();
    if (directory.empty())
        return {};
    std::error_code ec;
    // No directory is the normal case: the user has not added any hardware.
    if (!fs::exists(directory, ec))
        return {};
    if (!fs::is_directory(directory, ec))
        return {makeError(directory + ": not a directory")};

    std::vector<fs::path> files;
    fs::directory_iterator it(directory, ec);
    if (ec)
        return {makeError(directory + ": cannot list: " + ec.message())};
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        const fs::path& path = it->path();
        // Dot files are editor backups and lock files, not catalogs.
        if (path.extension() == ".json" && !path.filename().string().starts_with(".") &&
            fs::is_regular_file(it->status(ec)))
            files.push_back(path);
    }
    if (ec)
        return {makeError(directory + ": cannot list: " + ec.message())};
    std::sort(files.begin(), files.end(),
              [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });

    std::vector<Error> errors;
    for (const fs::path& path : files) {
        if (auto error = loadFile(path.string()))
            errors.push_back(std::move(*error));
    }
    return errors;
}

const Hardware* HardwareCatalog::find(std::string_view id) const
{
    for (const Hardware& h : m_hardware) {
        if (h.id == id)
            return &h;
    }
    return nullptr;
}

std::string HardwareCatalog::closestId(std::string_view id) const
{
    if (id.empty())
        return {};
    std::string wanted(id);
    std::transform(wanted.begin(), wanted.end(), wanted.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });

    // Picks the candidate nearest to `wanted` among those `accept` lets through; ties go to
    // the earlier entry, so the catalog order (vendor, then generation) decides.
    const auto nearest = [&](auto accept, std::size_t limit) -> std::string {
        const Hardware* best = nullptr;
        std::size_t bestDistance = limit + 1;
        for (const Hardware& h : m_hardware) {
            if (!accept(h.id))
                continue;
            const std::size_t distance = editDistance(wanted, h.id);
            if (distance < bestDistance) {
                best = &h;
                bestDistance = distance;
            }
        }
        return best ? best->id : std::string();
    };
    constexpr std::size_t kAny = std::numeric_limits<std::size_t>::max() - 1;

    // A truncated id ("b200", "h100-sxm") is the likeliest slip: an id that begins with what
    // was typed beats one that is merely a letter away ("gb200"). Then an id that contains it
    // ("4090" -> "rtx-4090"), then plain edit distance within max(2, length / 3).
    if (std::string hit =
            nearest([&](const std::string& c) { return c.starts_with(wanted); }, kAny);
        !hit.empty())
        return hit;
    if (wanted.size() >= 3) {
        if (std::string hit = nearest(
                [&](const std::string& c) { return c.find(wanted) != std::string::npos; }, kAny);
            !hit.empty())
            return hit;
    }
    return nearest([](const std::string&) { return true; },
                   std::max<std::size_t>(2, wanted.size() / 3));
}

std::string userCatalogDirectory()
{
    const auto env = [](const char* name) -> std::string {
        const char* value = std::getenv(name);
        return value ? std::string(value) : std::string();
    };
    if (std::string dir = env("ROOFSCOPE_CATALOG_DIR"); !dir.empty())
        return dir;
    // The XDG spec says relative values are invalid and must be ignored.
    if (std::string config = env("XDG_CONFIG_HOME"); !config.empty() && config.front() == '/')
        return config + "/roofscope/hardware";
    if (std::string home = env("HOME"); !home.empty())
        return home + "/.config/roofscope/hardware";
    return {};
}

Expected<std::string> readTextFile(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_directory(path, ec))
        return makeError(path + ": is a directory, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return makeError(path + ": cannot open: " + std::strerror(errno));
    const auto size = fs::file_size(path, ec);
    if (!ec && size > kMaxFileBytes) {
        return makeError(path + ": too large for a catalog (" + std::to_string(size) +
                         " bytes; the limit is " + std::to_string(kMaxFileBytes) + ")");
    }
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad())
        return makeError(path + ": read error: " + std::strerror(errno));
    return text;
}

std::size_t editDistance(std::string_view a, std::string_view b)
{
    // Levenshtein distance with two rows: ids are short, so O(|a|·|b|) time is nothing.
    std::vector<std::size_t> previous(b.size() + 1);
    std::vector<std::size_t> current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
        }
        std::swap(previous, current);
    }
    return previous[b.size()];
}

} // namespace roofscope
