#include "core/document/scenario.h"

#include "core/document/labelkeys.h"
#include "core/hardware/catalog.h"
#include "core/util/jsonreader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace roofscope {

namespace {

// Ordered, as JsonReader::parse returns it.
using json = Json;

std::string located(std::string_view fileName, const std::string& pointer,
                    const std::string& problem)
{
    std::string out(fileName);
    out += ": ";
    if (!pointer.empty()) {
        out += pointer;
        out += ": ";
    }
    out += problem;
    return out;
}

const char* typeName(const json& v)
{
    return v.type_name();
}

// A key as one JSON pointer token (RFC 6901): "FP16/BF16" is "FP16~1BF16".
std::string pointerToken(const std::string& key)
{
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

class Reader {
public:
    explicit Reader(std::string_view fileName) : m_fileName(fileName) {}

    Error fail(const std::string& pointer, const std::string& problem) const
    {
        return makeError(located(m_fileName, pointer, problem));
    }

    std::optional<Error> checkKeys(const json& object, const std::string& pointer,
                                   std::initializer_list<std::string_view> known) const
    {
        for (const auto& item : object.items()) {
            if (std::find(known.begin(), known.end(), item.key()) == known.end())
                return fail(pointer + "/" + item.key(), "unknown key");
        }
        return std::nullopt;
    }

    Expected<double> positive(const json& v, const std::string& pointer) const
    {
        if (!v.is_number())
            return fail(pointer, std::string("expected a number, got ") + typeName(v));
        const double d = v.get<double>();
        if (!std::isfinite(d) || d <= 0.0)
            return fail(pointer, "must be a finite number > 0");
        return d;
    }

    Expected<bool> boolean(const json& v, const std::string& pointer) const
    {
        if (!v.is_boolean())
            return fail(pointer, std::string("expected true or false, got ") + typeName(v));
        return v.get<bool>();
    }

private:
    std::string m_fileName;
};

} // namespace

std::string_view themeName(Theme t)
{
    switch (t) {
    case Theme::Light:
        return "light";
    case Theme::Dark:
        return "dark";
    case Theme::Slide:
        return "slide";
    }
    return "light";
}

std::optional<Theme> parseTheme(std::string_view name)
{
    for (Theme t : {Theme::Light, Theme::Dark, Theme::Slide}) {
        if (themeName(t) == name)
            return t;
    }
    return std::nullopt;
}

Expected<Scenario> parseScenario(std::string_view text, std::string_view fileName)
{
    const Reader r(fileName);
    // The shared reader: syntax errors with line and column, numbers beyond double's range
    // and repeated keys are all reported as one line instead of escaping as exceptions.
    auto parsed = JsonReader::parse(text, fileName);
    if (!parsed)
        return parsed.error();
    json& doc = *parsed;

    if (!doc.is_object())
        return r.fail("", std::string("expected a JSON object, got ") + typeName(doc));

    // Format and version first: a newer file must be refused with that reason, not with
    // whatever else it contains that this build does not know.
    if (!doc.contains("format"))
        return r.fail("/format", "missing; expected \"roofscope-scenario\"");
    if (!doc["format"].is_string() || doc["format"].get<std::string>() != kScenarioFormat)
        return r.fail("/format", "expected \"roofscope-scenario\"; this is not a RoofScope "
                                 "scenario");
    if (!doc.contains("version"))
        return r.fail("/version", "missing");
    const json& version = doc["version"];
    if (!version.is_number_integer())
        return r.fail("/version", std::string("expected a whole number, got ") + typeName(version));
    const long long v = version.get<long long>();
    if (v > kScenarioVersion) {
        return r.fail("/version", "written by a newer RoofScope (version " + std::to_string(v) +
                                      "); this build reads version " +
                                      std::to_string(kScenarioVersion));
    }
    if (v < 1)
        return r.fail("/version", "must be 1 or more");

    if (auto e = r.checkKeys(doc, "",
                             {"format", "version", "gpus", "baseline", "palette", "operators",
                              "selected", "view", "theme", "ceilings", "model", "measurements",
                              "label_positions", "hardware"}))
        return *e;

    Scenario s;

    if (doc.contains("gpus")) {
        const json& gpus = doc["gpus"];
        if (!gpus.is_array())
            return r.fail("/gpus",
                          std::string("expected an array of hardware ids, got ") + typeName(gpus));
        if (gpus.size() > kMaxScenarioGpus)
            return r.fail("/gpus", std::to_string(gpus.size()) + " accelerators; the limit is " +
                                       std::to_string(kMaxScenarioGpus));
        std::set<std::string> seen;
        for (std::size_t i = 0; i < gpus.size(); ++i) {
            const std::string ptr = "/gpus/" + std::to_string(i);
            if (!gpus[i].is_string() || gpus[i].get<std::string>().empty())
                return r.fail(ptr, "expected a hardware id (a non-empty string)");
            std::string id = gpus[i].get<std::string>();
            if (!seen.insert(id).second)
                return r.fail(ptr, "\"" + id + "\" is listed twice");
            s.gpus.push_back(std::move(id));
        }
    }

    if (doc.contains("baseline")) {
        const json& b = doc["baseline"];
        if (b.is_null()) {
            // no baseline
        } else if (!b.is_string()) {
            return r.fail("/baseline", std::string("expected a hardware id, got ") + typeName(b));
        } else {
            s.baseline = b.get<std::string>();
            if (!s.baseline.empty() &&
                std::find(s.gpus.begin(), s.gpus.end(), s.baseline) == s.gpus.end())
                return r.fail("/baseline", "\"" + s.baseline + "\" is not one of /gpus");
        }
    }

    if (doc.contains("palette")) {
        const json& palette = doc["palette"];
        if (!palette.is_object())
            return r.fail("/palette", std::string("expected an object of hardware id: colour "
                                                  "slot, got ") +
                                          typeName(palette));
        for (const auto& [id, slot] : palette.items()) {
            const std::string ptr = "/palette/" + pointerToken(id);
            if (!slot.is_number_integer() || slot.get<long long>() < 0 ||
                slot.get<long long>() > kMaxPaletteSlot)
                return r.fail(ptr, "expected a colour slot, a whole number from 0 to " +
                                       std::to_string(kMaxPaletteSlot));
            // A colour for an accelerator the document does not show means nothing: dropped.
            if (std::find(s.gpus.begin(), s.gpus.end(), id) != s.gpus.end())
                s.palette[id] = slot.get<int>();
        }
    }

    if (doc.contains("operators")) {
        const json& ops = doc["operators"];
        if (!ops.is_array())
            return r.fail("/operators", std::string("expected an array, got ") + typeName(ops));
        if (ops.size() > kMaxScenarioOperators)
            return r.fail("/operators", std::to_string(ops.size()) + " operators; the limit is " +
                                            std::to_string(kMaxScenarioOperators));
        for (std::size_t i = 0; i < ops.size(); ++i) {
            const std::string ptr = "/operators/" + std::to_string(i);
            const json& o = ops[i];
            if (!o.is_object())
                return r.fail(ptr,
                              std::string("expected an object with \"spec\", got ") + typeName(o));
            if (auto e = r.checkKeys(o, ptr, {"spec", "label"}))
                return *e;
            if (!o.contains("spec"))
                return r.fail(ptr + "/spec", "missing");
            if (!o["spec"].is_string())
                return r.fail(ptr + "/spec",
                              std::string("expected a string, got ") + typeName(o["spec"]));
            auto op = parseOperatorSpec(o["spec"].get<std::string>());
            if (!op)
                return r.fail(ptr + "/spec", op.error().message);
            if (o.contains("label")) {
                if (!o["label"].is_string())
                    return r.fail(ptr + "/label",
                                  std::string("expected a string, got ") + typeName(o["label"]));
                op->label = o["label"].get<std::string>();
            }
            s.operators.push_back(std::move(*op));
        }
    }

    if (doc.contains("selected")) {
        const json& sel = doc["selected"];
        if (!sel.is_number_integer())
            return r.fail("/selected",
                          std::string("expected a whole number, got ") + typeName(sel));
        const long long idx = sel.get<long long>();
        if (idx < -1 || idx >= static_cast<long long>(s.operators.size()))
            return r.fail("/selected", "index " + std::to_string(idx) + " is out of range (" +
                                           std::to_string(s.operators.size()) + " operators)");
        s.selected = static_cast<int>(idx);
    }

    if (doc.contains("view")) {
        const json& view = doc["view"];
        if (!view.is_null()) {
            if (!view.is_object())
                return r.fail("/view", std::string("expected an object, got ") + typeName(view));
            if (auto e = r.checkKeys(view, "/view", {"ai_min", "ai_max", "flops_min", "flops_max"}))
                return *e;
            ViewRange range;
            double* fields[] = {&range.aiMin, &range.aiMax, &range.flopsMin, &range.flopsMax};
            const char* names[] = {"ai_min", "ai_max", "flops_min", "flops_max"};
            for (int i = 0; i < 4; ++i) {
                const std::string ptr = std::string("/view/") + names[i];
                if (!view.contains(names[i]))
                    return r.fail(ptr, "missing");
                auto d = r.positive(view[names[i]], ptr);
                if (!d)
                    return d.error();
                *fields[i] = *d;
            }
            if (range.aiMin >= range.aiMax)
                return r.fail("/view/ai_max", "must be greater than ai_min");
            if (range.flopsMin >= range.flopsMax)
                return r.fail("/view/flops_max", "must be greater than flops_min");
            s.view = range;
        }
    }

    if (doc.contains("theme")) {
        const json& t = doc["theme"];
        if (!t.is_string())
            return r.fail("/theme", std::string("expected a string, got ") + typeName(t));
        auto theme = parseTheme(t.get<std::string>());
        if (!theme)
            return r.fail("/theme", "unknown theme \"" + t.get<std::string>() +
                                        "\"; expected light, dark or slide");
        s.theme = *theme;
    }

    if (doc.contains("ceilings")) {
        const json& c = doc["ceilings"];
        if (!c.is_object())
            return r.fail("/ceilings", std::string("expected an object, got ") + typeName(c));
        if (auto e = r.checkKeys(c, "/ceilings",
                                 {"fp8", "fp32_vector", "fp64", "l2", "sweep", "labels"}))
            return *e;
        const std::pair<const char*, bool*> flags[] = {
            {"fp8", &s.toggles.fp8},     {"fp32_vector", &s.toggles.fp32Vector},
            {"fp64", &s.toggles.fp64},   {"l2", &s.toggles.l2},
            {"sweep", &s.toggles.sweep}, {"labels", &s.toggles.labels}};
        for (const auto& [name, target] : flags) {
            if (!c.contains(name))
                continue;
            auto b = r.boolean(c[name], std::string("/ceilings/") + name);
            if (!b)
                return b.error();
            *target = *b;
        }
    }

    if (doc.contains("model")) {
        auto model = parseScenarioModel(doc["model"].dump(), fileName);
        if (!model)
            return model.error();
        s.model = std::move(*model);
    }

    if (doc.contains("measurements")) {
        // A model on the chart adds rows after the document's: links may point at them.
        const std::size_t linkable = s.model && s.model->onChart
                                         ? static_cast<std::size_t>(std::numeric_limits<int>::max())
                                         : s.operators.size();
        auto measurements = measurementsFromJson(doc["measurements"], fileName, linkable);
        if (!measurements)
            return measurements.error();
        s.measurements = std::move(*measurements);
    }

    if (doc.contains("hardware")) {
        const json& list = doc["hardware"];
        if (!list.is_array())
            return r.fail("/hardware", std::string("expected an array of hardware catalog "
                                                   "entries, got ") +
                                           typeName(list));
        if (list.size() > kMaxScenarioGpus)
            return r.fail("/hardware", std::to_string(list.size()) + " entries; the limit is " +
                                           std::to_string(kMaxScenarioGpus));
        // Checked by the catalog's own parser, so that an embedded entry is exactly as valid as
        // one in a catalog file; its pointers ("/hardware/0/memory/0/bytes_per_s") are the
        // same in both documents.
        const json catalog = {{"format", "roofscope-hardware"}, {"version", 1}, {"hardware", list}};
        auto hardware = parseHardwareCatalog(catalog.dump(), fileName);
        if (!hardware)
            return hardware.error();
        s.hardware = std::move(*hardware);
    }

    if (doc.contains("label_positions")) {
        const json& pins = doc["label_positions"];
        if (!pins.is_object())
            return r.fail("/label_positions",
                          std::string("expected an object, got ") + typeName(pins));
        if (pins.size() > kMaxLabelPositions)
            return r.fail("/label_positions", std::to_string(pins.size()) +
                                                  " labels; the limit is " +
                                                  std::to_string(kMaxLabelPositions));
        for (const auto& item : pins.items()) {
            const std::string ptr = "/label_positions/" + pointerToken(item.key());
            if (!isLabelKey(item.key()))
                return r.fail(ptr, "unknown label; expected \"op:NAME\", \"ridge:GPU\" or "
                                   "\"roof:NAME@VALUE\"");
            const json& o = item.value();
            if (!o.is_object())
                return r.fail(ptr, std::string("expected an object with \"dx\" and \"dy\", got ") +
                                       typeName(o));
            if (auto e = r.checkKeys(o, ptr, {"dx", "dy"}))
                return *e;
            LabelOffset offset;
            for (auto [name, target] : {std::pair{"dx", &offset.dx}, std::pair{"dy", &offset.dy}}) {
                const std::string field = ptr + "/" + name;
                if (!o.contains(name))
                    return r.fail(field, "missing");
                if (!o[name].is_number())
                    return r.fail(field,
                                  std::string("expected a number, got ") + typeName(o[name]));
                const double d = o[name].get<double>();
                if (!std::isfinite(d) || std::abs(d) > kMaxLabelOffset)
                    return r.fail(field, "must be a number from -10000 to 10000 (pixels)");
                *target = d;
            }
            s.labelPositions[item.key()] = offset;
        }
    }

    return s;
}

std::string scenarioToJson(const Scenario& s)
{
    using ojson = nlohmann::ordered_json;
    ojson doc;
    doc["format"] = kScenarioFormat;
    doc["version"] = kScenarioVersion;
    doc["gpus"] = s.gpus;
    if (!s.baseline.empty())
        doc["baseline"] = s.baseline;
    if (!s.palette.empty()) {
        ojson palette = ojson::object();
        for (const auto& [id, slot] : s.palette)
            palette[id] = slot;
        doc["palette"] = std::move(palette);
    }
    ojson ops = ojson::array();
    for (const Operator& op : s.operators) {
        ojson o;
        o["spec"] = op.spec();
        if (!op.label.empty())
            o["label"] = op.label;
        ops.push_back(std::move(o));
    }
    doc["operators"] = std::move(ops);
    doc["selected"] = s.selected;
    if (s.view) {
        doc["view"] = {{"ai_min", s.view->aiMin},
                       {"ai_max", s.view->aiMax},
                       {"flops_min", s.view->flopsMin},
                       {"flops_max", s.view->flopsMax}};
    }
    doc["theme"] = themeName(s.theme);
    doc["ceilings"] = {{"fp8", s.toggles.fp8},     {"fp32_vector", s.toggles.fp32Vector},
                       {"fp64", s.toggles.fp64},   {"l2", s.toggles.l2},
                       {"sweep", s.toggles.sweep}, {"labels", s.toggles.labels}};
    if (s.model)
        doc["model"] = ojson::parse(scenarioModelToJson(*s.model));
    if (!(s.measurements == Measurements{}))
        doc["measurements"] = measurementsToJson(s.measurements);
    if (!s.labelPositions.empty()) {
        ojson pins = ojson::object();
        for (const auto& [key, offset] : s.labelPositions)
            pins[key] = {{"dx", offset.dx}, {"dy", offset.dy}};
        doc["label_positions"] = std::move(pins);
    }
    if (!s.hardware.empty())
        doc["hardware"] = ojson::parse(hardwareCatalogToJson(s.hardware))["hardware"];
    return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::optional<Error> checkScenarioHardware(const Scenario& s, const HardwareCatalog& catalog,
                                           std::string_view fileName)
{
    for (std::size_t i = 0; i < s.gpus.size(); ++i) {
        if (catalog.find(s.gpus[i]))
            continue;
        std::string problem = "unknown hardware \"" + s.gpus[i] + "\"";
        const std::string near = catalog.closestId(s.gpus[i]);
        if (!near.empty())
            problem += "; did you mean \"" + near + "\"?";
        return makeError(located(fileName, "/gpus/" + std::to_string(i), problem));
    }
    return std::nullopt;
}

std::vector<Hardware> scenarioHardwareToEmbed(const Scenario& s, const HardwareCatalog& catalog)
{
    // Parsed once: a document is saved often, and the built-in catalog never changes.
    static const std::set<std::string> builtinIds = [] {
        std::set<std::string> ids;
        // A named catalog: a range-for over all() of a temporary would read freed entries.
        const HardwareCatalog builtin = HardwareCatalog::builtin();
        for (const Hardware& hw : builtin.all())
            ids.insert(hw.id);
        return ids;
    }();
    std::set<std::string> used(s.gpus.begin(), s.gpus.end());
    if (!s.baseline.empty())
        used.insert(s.baseline);
    for (const MeasurementSet& set : s.measurements.sets) {
        for (const MeasuredKernel& k : set.kernels) {
            if (!k.gpu.empty())
                used.insert(k.gpu);
        }
    }
    std::vector<Hardware> embed;
    for (const Hardware& hw : catalog.all()) {
        if (used.count(hw.id) && !builtinIds.count(hw.id))
            embed.push_back(hw);
    }
    return embed;
}

std::vector<std::string> mergeScenarioHardware(const Scenario& s, HardwareCatalog& catalog,
                                               std::string_view fileName)
{
    std::vector<std::string> notes;
    std::vector<Hardware> missing;
    for (const Hardware& hw : s.hardware) {
        const Hardware* known = catalog.find(hw.id);
        if (!known) {
            missing.push_back(hw);
        } else if (!(*known == hw)) {
            // The user's catalog is what every other document and the editor see: a document
            // does not silently replace it.
            notes.push_back(std::string(fileName) + ": hardware \"" + hw.id +
                            "\" differs from the catalog's entry of that id; the catalog's is "
                            "used");
        }
    }
    catalog.merge(missing);
    return notes;
}

Scenario defaultScenario()
{
    Scenario s;
    s.gpus = {"a100-sxm4-80gb", "h100-sxm5", "h200-sxm", "b200-sxm"};
    s.baseline = "h100-sxm5";
    for (const OperatorPreset& preset : operatorPresets()) {
        auto op = parseOperatorSpec(preset.spec);
        if (!op)
            continue;
        if (op->label.empty())
            op->label = preset.title;
        if (preset.id == "decode_matmul")
            s.selected = static_cast<int>(s.operators.size());
        s.operators.push_back(std::move(*op));
    }
    if (s.selected < 0 && !s.operators.empty())
        s.selected = 0;
    return s;
}

} // namespace roofscope
