#include "core/document/scenariomodel.h"

#include "core/hardware/precision.h"
#include "core/util/jsonreader.h"

#include <cmath>

namespace roofscope {

namespace {

constexpr double kDefaultContext = 2048.0;

Error located(std::string_view fileName, const std::string& pointer, const std::string& problem)
{
    return Error{std::string(fileName) + ": /model" + pointer + ": " + problem};
}

std::string typeOf(const Json& v)
{
    return v.type_name();
}

} // namespace

ScenarioModel makeScenarioModel(const ModelConfig& model, const InferenceScenario& step)
{
    ScenarioModel m;
    m.id = model.id;
    m.config = modelCatalogToJson({model});
    m.step = step;
    return m;
}

Expected<ScenarioModel> parseScenarioModel(std::string_view text, std::string_view fileName)
{
    auto parsed = JsonReader::parse(text, fileName);
    if (!parsed)
        return parsed.error();
    const Json& v = *parsed;
    if (!v.is_object())
        return located(fileName, "", "expected an object, got " + typeOf(v));
    static const char* const kKeys[] = {"id",      "config",   "phase",       "batch",
                                        "context", "weights",  "activations", "kv",
                                        "fused",   "on_chart", "selected",    "tp",
                                        "pp",      "ep",       "overrides",   "weight_group_size"};
    for (const auto& item : v.items()) {
        bool known = false;
        for (const char* k : kKeys)
            known = known || item.key() == k;
        if (!known)
            return located(
                fileName, "/" + item.key(),
                "unknown key; expected id, config, phase, batch, context, weights, "
                "activations, kv, weight_group_size, fused, on_chart, selected, tp, pp, ep or "
                "overrides");
    }
    ScenarioModel m;
    m.step.context = kDefaultContext;
    if (!v.contains("id") || !v["id"].is_string() || v["id"].get<std::string>().empty())
        return located(fileName, "/id", "expected a model id (a non-empty string)");
    m.id = v["id"].get<std::string>();

    if (v.contains("config")) {
        const Json& c = v["config"];
        if (!c.is_object())
            return located(fileName, "/config", "expected an object, got " + typeOf(c));
        Json doc;
        std::string name = std::string(fileName) + ": /model/config";
        if (c.contains("models")) {
            doc = c; // a whole model document
        } else if (c.contains("id")) {
            doc =
                Json{{"format", "roofscope-models"}, {"version", 1}, {"models", Json::array({c})}};
        } else {
            doc = c; // a Hugging Face config.json, named after the id
            name = m.id;
        }
        auto models = parseModelFile(doc.dump(), name);
        if (!models)
            return Error{models.error().message};
        if (models->size() != 1)
            return located(fileName, "/config", "expected exactly one model");
        ModelConfig model = models->front();
        if (model.id != m.id) {
            if (c.contains("id") || c.contains("models"))
                return located(fileName, "/config/id",
                               "\"" + model.id + "\" differs from /model/id \"" + m.id + "\"");
            model.id = m.id;
        }
        m.config = modelCatalogToJson({model});
    }

    if (v.contains("phase")) {
        const Json& p = v["phase"];
        auto phase = p.is_string() ? parsePhase(p.get<std::string>()) : std::nullopt;
        if (!phase)
            return located(fileName, "/phase", "expected \"decode\" or \"prefill\"");
        m.step.phase = *phase;
    }
    for (const auto& [key, target] :
         {std::pair<const char*, double*>{"batch", &m.step.batch}, {"context", &m.step.context}}) {
        if (!v.contains(key))
            continue;
        const Json& n = v[key];
        const double d = n.is_number() ? n.get<double>() : NAN;
        if (!std::isfinite(d) || d < 1.0 || d != std::floor(d) || d > 1e9)
            return located(fileName, std::string("/") + key,
                           "expected a whole number from 1 to 1e9, got " + n.dump());
        *target = d;
    }
    for (const auto& [key, target] :
         {std::pair<const char*, Precision*>{"weights", &m.step.weights},
          {"activations", &m.step.activations},
          {"kv", &m.step.kvCache}}) {
        if (!v.contains(key))
            continue;
        const Json& p = v[key];
        auto precision = p.is_string() ? parsePrecision(p.get<std::string>()) : std::nullopt;
        if (!precision)
            return located(fileName, std::string("/") + key,
                           "expected a precision (" + std::string(precisionNameList()) + "), got " +
                               p.dump());
        *target = *precision;
    }
    if (bytesPerElement(m.step.weights) > bytesPerElement(m.step.activations))
        return located(fileName, "/weights",
                       std::string(precisionName(m.step.weights)) + " is wider than activations " +
                           std::string(precisionName(m.step.activations)));
    if (v.contains("weight_group_size")) {
        const Json& g = v["weight_group_size"];
        if (!g.is_number_integer() || g.get<long long>() < 0 || g.get<long long>() > 65536)
            return located(fileName, "/weight_group_size",
                           "expected 0 (no scales) or the weights per FP16 scale, a whole number "
                           "up to 65536, got " +
                               g.dump());
        m.step.weightGroupSize = static_cast<double>(g.get<long long>());
        if (m.step.weightGroupSize > 0.0 && bytesPerElement(m.step.weights) >= 2.0)
            return located(fileName, "/weight_group_size",
                           "group scales belong to quantized weights (8 bits or fewer), not " +
                               std::string(precisionName(m.step.weights)));
    }
    if (v.contains("fused")) {
        if (!v["fused"].is_boolean())
            return located(fileName, "/fused", "expected true or false, got " + v["fused"].dump());
        m.step.fused = v["fused"].get<bool>();
    }
    for (const auto& [key, target] : {std::pair<const char*, int*>{"tp", &m.layout.tp},
                                      {"pp", &m.layout.pp},
                                      {"ep", &m.layout.ep}}) {
        if (!v.contains(key))
            continue;
        const Json& n = v[key];
        if (!n.is_number_integer() || n.get<long long>() < 1 || n.get<long long>() > 1024)
            return located(fileName, std::string("/") + key,
                           "expected a whole number of GPUs from 1 to 1024, got " + n.dump());
        *target = static_cast<int>(n.get<long long>());
    }
    if (m.layout.ep > 1 && m.layout.tp % m.layout.ep != 0)
        return located(fileName, "/ep",
                       "ep " + std::to_string(m.layout.ep) + " must divide tp " +
                           std::to_string(m.layout.tp) + " (experts spread over the TP group)");
    if (v.contains("on_chart")) {
        if (!v["on_chart"].is_boolean())
            return located(fileName, "/on_chart",
                           "expected true or false, got " + v["on_chart"].dump());
        m.onChart = v["on_chart"].get<bool>();
    }
    if (v.contains("overrides")) {
        const Json& all = v["overrides"];
        if (!all.is_object())
            return located(fileName, "/overrides",
                           "expected an object of rows by key, got " + all.dump());
        for (const auto& [key, row] : all.items()) {
            const std::string at = "/overrides/" + key;
            if (!row.is_object())
                return located(fileName, at, "expected an object of parameters, got " + row.dump());
            RowOverride o;
            for (const auto& [name, value] : row.items()) {
                if (!value.is_string())
                    return located(fileName, at + "/" + name,
                                   "expected the value as text, got " + value.dump());
                if (name == "label")
                    o.label = value.get<std::string>();
                else
                    o.params.emplace(name, value.get<std::string>());
            }
            if (!o.empty())
                m.overrides.emplace(key, std::move(o));
        }
    }
    if (v.contains("selected")) {
        const Json& sel = v["selected"];
        if (!sel.is_number_integer() || sel.get<long long>() < -1 || sel.get<long long>() > 100000)
            return located(fileName, "/selected",
                           "expected a row number (-1 for none), got " + sel.dump());
        m.selected = static_cast<int>(sel.get<long long>());
    }
    return m;
}

std::string scenarioModelToJson(const ScenarioModel& m)
{
    Json doc = Json::object();
    doc["id"] = m.id;
    if (!m.config.empty()) {
        auto config = JsonReader::parse(m.config, "config");
        if (config && config->contains("models") && (*config)["models"].size() == 1)
            doc["config"] = (*config)["models"][0];
    }
    doc["phase"] = phaseName(m.step.phase);
    doc["batch"] = static_cast<long long>(m.step.batch);
    doc["context"] = static_cast<long long>(m.step.context);
    doc["weights"] = precisionName(m.step.weights);
    doc["activations"] = precisionName(m.step.activations);
    doc["kv"] = precisionName(m.step.kvCache);
    if (m.step.weightGroupSize > 0.0) // absent: no scales, as files written before it
        doc["weight_group_size"] = static_cast<long long>(m.step.weightGroupSize);
    doc["fused"] = m.step.fused;
    if (m.layout != Layout{}) {
        doc["tp"] = m.layout.tp;
        doc["pp"] = m.layout.pp;
        doc["ep"] = m.layout.ep;
    }
    if (!m.overrides.empty()) {
        Json all = Json::object();
        for (const auto& [key, o] : m.overrides) {
            Json row = Json::object();
            for (const auto& [name, value] : o.params)
                row[name] = value;
            if (!o.label.empty())
                row["label"] = o.label;
            all[key] = std::move(row);
        }
        doc["overrides"] = std::move(all);
    }
    doc["on_chart"] = m.onChart;
    if (m.onChart && m.selected >= 0)
        doc["selected"] = m.selected;
    return doc.dump();
}

Expected<ModelConfig> resolveScenarioModel(const ScenarioModel& m, const ModelCatalog& catalog,
                                           std::string_view fileName)
{
    if (!m.config.empty()) {
        auto models = parseModelFile(m.config, std::string(fileName) + ": /model/config");
        if (!models)
            return models.error();
        if (models->size() == 1)
            return models->front();
    }
    if (const ModelConfig* found = catalog.find(m.id))
        return *found;
    std::string problem = "unknown model \"" + m.id + "\"";
    const std::string near = catalog.closestId(m.id);
    if (!near.empty())
        problem += "; did you mean \"" + near + "\"?";
    return located(fileName, "/id", problem);
}

} // namespace roofscope
