#include "core/serving/publishedresult.h"

#include "core/util/jsonreader.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <map>
#include <set>
#include <utility>

namespace roofscope {

namespace {

constexpr std::string_view kFormat = "roofscope-published";
constexpr long long kVersion = 1;

// Limits that keep every scenario inside what expandWorkload() accepts, reported at the row's
// pointer instead of as a workload error later.
constexpr long long kMaxLayoutWays = 1024;
constexpr double kMaxBatch = 1e6;
constexpr double kMaxTokens = 1e7;

constexpr std::array<PublishedMetric, 4> kMetrics = {
    PublishedMetric::TokensPerSPerUser, PublishedMetric::OutputTokensPerS,
    PublishedMetric::OutputTokensPerSPerGpu, PublishedMetric::TimeToFirstTokenS};

// The precisions a model scenario takes for each role (as the CLI's --weights, --activations
// and --kv options do).
const std::initializer_list<Precision> kWeightPrecisions = {Precision::FP16, Precision::BF16,
                                                            Precision::FP8,  Precision::INT8,
                                                            Precision::INT4, Precision::FP4};
const std::initializer_list<Precision> kActivationPrecisions = {Precision::FP16, Precision::BF16,
                                                                Precision::FP8, Precision::INT8};

std::string jsonQuoted(std::string_view text)
{
    return JsonReader::describe(Json(std::string(text)));
}

std::string namesOf(std::initializer_list<Precision> allowed)
{
    std::string names;
    for (Precision p : allowed)
        names += (names.empty() ? "" : ", ") + std::string(precisionName(p));
    return names;
}

std::string metricNames()
{
    std::string names;
    for (PublishedMetric m : kMetrics)
        names += (names.empty() ? "" : ", ") + std::string(publishedMetricName(m));
    return names;
}

Precision readPrecision(JsonReader& r, const Json& item, const std::string& pointer,
                        std::string_view key, std::initializer_list<Precision> allowed,
                        Precision fallback)
{
    if (!item.contains(key))
        return fallback;
    const std::string text = r.string(item, pointer, key);
    if (!r.ok())
        return fallback;
    const auto p = parsePrecision(text);
    if (!p || std::find(allowed.begin(), allowed.end(), *p) == allowed.end()) {
        r.fail(JsonReader::child(pointer, key), "unknown precision " + jsonQuoted(text) +
                                                    " (expected one of: " + namesOf(allowed) + ")");
        return fallback;
    }
    return *p;
}

// A whole number in [minimum, maximum].
double readCount(JsonReader& r, const Json& item, const std::string& pointer, std::string_view key,
                 long long minimum, double maximum, double fallback)
{
    if (!item.contains(key))
        return fallback;
    const long long n = r.integer(item, pointer, key, minimum, static_cast<long long>(fallback));
    if (r.ok() && static_cast<double>(n) > maximum) {
        r.fail(JsonReader::child(pointer, key),
               "must be at most " + std::to_string(static_cast<long long>(maximum)) + ", got " +
                   JsonReader::describe(item.at(key)));
        return fallback;
    }
    return static_cast<double>(n);
}

PublishedResult readResult(JsonReader& r, const Json& item, const std::string& p,
                           std::map<std::string, std::string>& seenIds)
{
    PublishedResult row;
    if (!r.requireObject(item, p) ||
        !r.checkKeys(item, p,
                     {"id", "source", "note", "framework", "model", "weights", "activations", "gpu",
                      "batch", "input_tokens", "output_tokens", "metric", "value"},
                     {"published_model", "kv", "tp", "pp"}))
        return row;
    row.id = r.nonEmptyString(item, p, "id");
    if (r.ok()) {
        const auto [it, inserted] = seenIds.emplace(row.id, p);
        if (!inserted)
            r.fail(JsonReader::child(p, "id"),
                   "id " + jsonQuoted(row.id) + " is already used by " + it->second);
    }
    row.source = r.nonEmptyString(item, p, "source");
    row.note = r.nonEmptyString(item, p, "note");
    row.framework = r.nonEmptyString(item, p, "framework");
    row.publishedModel = r.string(item, p, "published_model");
    row.model = r.nonEmptyString(item, p, "model");
    row.gpu = r.nonEmptyString(item, p, "gpu");
    if (!r.ok())
        return row;

    row.activations =
        readPrecision(r, item, p, "activations", kActivationPrecisions, Precision::FP16);
    row.weights = readPrecision(r, item, p, "weights", kWeightPrecisions, row.activations);
    if (r.ok() && bytesPerElement(row.weights) > bytesPerElement(row.activations)) {
        r.fail(JsonReader::child(p, "weights"),
               std::string(precisionName(row.weights)) + " is wider than the activations (" +
                   std::string(precisionName(row.activations)) +
                   "): weights are stored at most as wide as the math runs");
    }
    InferenceScenario stream;
    stream.activations = row.activations;
    row.kvCache = readPrecision(r, item, p, "kv", kActivationPrecisions, streamPrecision(stream));
    if (!r.ok())
        return row;

    row.layout.tp = static_cast<int>(readCount(r, item, p, "tp", 1, kMaxLayoutWays, 1));
    row.layout.pp = static_cast<int>(readCount(r, item, p, "pp", 1, kMaxLayoutWays, 1));
    row.batch = readCount(r, item, p, "batch", 1, kMaxBatch, 1);
    row.inputTokens = readCount(r, item, p, "input_tokens", 0, kMaxTokens, 0);
    row.outputTokens = readCount(r, item, p, "output_tokens", 1, kMaxTokens, 1);
    if (!r.ok())
        return row;

    const std::string metric = r.string(item, p, "metric");
    if (!r.ok())
        return row;
    if (const auto m = parsePublishedMetric(metric)) {
        row.metric = *m;
    } else {
        r.fail(JsonReader::child(p, "metric"), "unknown metric " + jsonQuoted(metric) +
                                                   " (expected one of: " + metricNames() + ")");
        return row;
    }
    row.value = r.positiveNumber(item, p, "value");
    if (!r.ok())
        return row;

    if (row.metric == PublishedMetric::TimeToFirstTokenS && row.inputTokens < 1.0) {
        r.fail(JsonReader::child(p, "input_tokens"),
               "must be at least 1 for a time to first token (the prompt it prefills)");
        return row;
    }
    const InferenceScenario s = publishedScenario(row);
    if (stepTokens(s) > kMaxStepTokens) {
        r.fail(JsonReader::child(p, "batch"),
               "a step of " + std::to_string(static_cast<long long>(stepTokens(s))) +
                   " tokens (batch × prompt); the limit is " +
                   std::to_string(static_cast<long long>(kMaxStepTokens)));
    }
    return row;
}

Expected<std::vector<PublishedResult>> readDocument(JsonReader& r, const Json& root)
{
    if (!r.requireObject(root, ""))
        return *r.error();
    // Format and version first: another RoofScope document opened here should say so rather
    // than complain about the keys it does not share with this one.
    if (!r.checkFormatAndVersion(root, kFormat, "published results", kVersion) ||
        !r.checkKeys(root, "", {"format", "version", "results"}, {"description"}))
        return *r.error();
    r.string(root, "", "description");
    const Json& list = root.at("results");
    if (!r.requireArray(list, "/results"))
        return *r.error();

    std::vector<PublishedResult> rows;
    std::map<std::string, std::string> seenIds; // id -> pointer of the row that has it
    for (std::size_t i = 0; i < list.size(); ++i) {
        PublishedResult row = readResult(r, list[i], JsonReader::child("/results", i), seenIds);
        if (!r.ok())
            return *r.error();
        rows.push_back(std::move(row));
    }
    return rows;
}

double finiteOrZero(double v)
{
    return std::isfinite(v) ? v : 0.0;
}

} // namespace

std::string_view publishedMetricName(PublishedMetric m)
{
    switch (m) {
    case PublishedMetric::TokensPerSPerUser:
        return "tokens_per_s_per_user";
    case PublishedMetric::OutputTokensPerS:
        return "output_tokens_per_s";
    case PublishedMetric::OutputTokensPerSPerGpu:
        return "output_tokens_per_s_per_gpu";
    case PublishedMetric::TimeToFirstTokenS:
        return "ttft_s";
    }
    return "?";
}

std::optional<PublishedMetric> parsePublishedMetric(std::string_view name)
{
    for (PublishedMetric m : kMetrics) {
        if (publishedMetricName(m) == name)
            return m;
    }
    return std::nullopt;
}

bool isTimeMetric(PublishedMetric m)
{
    return m == PublishedMetric::TimeToFirstTokenS;
}

Expected<std::vector<PublishedResult>> parsePublishedResults(std::string_view text,
                                                             std::string_view fileName)
{
    auto document = JsonReader::parse(text, fileName);
    if (!document)
        return document.error();
    JsonReader reader{std::string(fileName)};
    return readDocument(reader, *document);
}

Expected<std::vector<PublishedResult>> builtinPublishedResults()
{
    return parsePublishedResults(builtinPublishedServingJson(), "built-in published-serving.json");
}

std::string publishedResultsToJson(const std::vector<PublishedResult>& results)
{
    Json list = Json::array();
    for (const PublishedResult& r : results) {
        Json e = Json::object();
        e["id"] = r.id;
        e["source"] = r.source;
        e["note"] = r.note;
        e["framework"] = r.framework;
        if (!r.publishedModel.empty())
            e["published_model"] = r.publishedModel;
        e["model"] = r.model;
        e["weights"] = precisionName(r.weights);
        e["activations"] = precisionName(r.activations);
        e["kv"] = precisionName(r.kvCache);
        e["gpu"] = r.gpu;
        e["tp"] = r.layout.tp;
        e["pp"] = r.layout.pp;
        e["batch"] = r.batch;
        e["input_tokens"] = r.inputTokens;
        e["output_tokens"] = r.outputTokens;
        e["metric"] = publishedMetricName(r.metric);
        e["value"] = r.value;
        list.push_back(std::move(e));
    }
    Json doc = Json::object();
    doc["format"] = kFormat;
    doc["version"] = kVersion;
    doc["results"] = std::move(list);
    return doc.dump(2) + "\n";
}

InferenceScenario publishedScenario(const PublishedResult& r)
{
    InferenceScenario s;
    s.batch = r.batch;
    s.weights = r.weights;
    s.activations = r.activations;
    s.kvCache = r.kvCache;
    s.fused = true;
    if (isTimeMetric(r.metric)) {
        s.phase = Phase::Prefill;
        s.context = r.inputTokens;
    } else {
        s.phase = Phase::Decode;
        s.context = std::max(1.0, r.inputTokens + r.outputTokens / 2.0);
    }
    return s;
}

std::optional<ServingRate> servingRateOf(const PublishedResult& r)
{
    const double gpus = r.layout.gpus();
    switch (r.metric) {
    case PublishedMetric::TokensPerSPerUser:
        return ServingRate{r.value, r.value * r.batch / gpus};
    case PublishedMetric::OutputTokensPerS:
        return ServingRate{r.value / r.batch, r.value / gpus};
    case PublishedMetric::OutputTokensPerSPerGpu:
        return ServingRate{r.value * gpus / r.batch, r.value};
    case PublishedMetric::TimeToFirstTokenS:
        return std::nullopt;
    }
    return std::nullopt;
}

Expected<PublishedBound> publishedBound(const PublishedResult& r, const ModelConfig& model,
                                        const Hardware& hw)
{
    const std::string where = "published result " + jsonQuoted(r.id) + ": ";
    auto totals = evaluateParallel(model, publishedScenario(r), r.layout, hw);
    if (!totals)
        return Error{where + totals.error().message};
    const double step = totals->timeS;
    if (!std::isfinite(step) || step <= 0.0)
        return Error{where + "the step time on " + hw.id + " is not a positive number"};

    PublishedBound b;
    b.stepTimeS = step;
    b.fits = totals->fits;
    switch (r.metric) {
    case PublishedMetric::TokensPerSPerUser:
        b.bound = 1.0 / step;
        break;
    case PublishedMetric::OutputTokensPerS:
        b.bound = r.batch / step;
        break;
    case PublishedMetric::OutputTokensPerSPerGpu:
        b.bound = r.batch / step / r.layout.gpus();
        break;
    case PublishedMetric::TimeToFirstTokenS:
        b.bound = step;
        break;
    }
    b.ratio = finiteOrZero(isTimeMetric(r.metric) ? b.bound / r.value : r.value / b.bound);
    return b;
}

Expected<PublishedBound> publishedBound(const PublishedResult& r, const ModelCatalog& models,
                                        const HardwareCatalog& hardware)
{
    const std::string where = "published result " + jsonQuoted(r.id) + ": ";
    const ModelConfig* model = models.find(r.model);
    if (!model) {
        const std::string near = models.closestId(r.model);
        return Error{where + "unknown model " + jsonQuoted(r.model) +
                     (near.empty() ? std::string() : " (did you mean " + jsonQuoted(near) + "?)")};
    }
    const Hardware* hw = hardware.find(r.gpu);
    if (!hw) {
        const std::string near = hardware.closestId(r.gpu);
        return Error{where + "unknown GPU " + jsonQuoted(r.gpu) +
                     (near.empty() ? std::string() : " (did you mean " + jsonQuoted(near) + "?)")};
    }
    return publishedBound(r, *model, *hw);
}

Expected<std::vector<PublishedComparison>>
comparePublished(const std::vector<PublishedResult>& rows, const ModelCatalog& models,
                 const HardwareCatalog& hardware)
{
    std::vector<PublishedComparison> compared;
    compared.reserve(rows.size());
    for (const PublishedResult& r : rows) {
        auto b = publishedBound(r, models, hardware);
        if (!b)
            return b.error();
        compared.push_back({r, *b});
    }
    return compared;
}

std::optional<RatioSpread> expectedRealRange(const std::vector<PublishedComparison>& compared)
{
    std::vector<double> ratios;
    ratios.reserve(compared.size());
    for (const PublishedComparison& c : compared)
        ratios.push_back(c.bound.ratio);
    return ratioSpread(std::move(ratios));
}

std::optional<RatioSpread> ratioSpread(std::vector<double> ratios)
{
    ratios.erase(std::remove_if(ratios.begin(), ratios.end(),
                                [](double v) { return !std::isfinite(v) || v <= 0.0; }),
                 ratios.end());
    if (ratios.empty())
        return std::nullopt;
    std::sort(ratios.begin(), ratios.end());
    RatioSpread s;
    s.count = ratios.size();
    s.min = ratios.front();
    s.max = ratios.back();
    const std::size_t mid = ratios.size() / 2;
    s.median = ratios.size() % 2 == 1 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2.0;
    return s;
}

std::vector<PublishedRowBound> evaluatePublished(const std::vector<PublishedResult>& rows,
                                                 const ModelCatalog& models,
                                                 const HardwareCatalog& hardware)
{
    std::vector<PublishedRowBound> out;
    out.reserve(rows.size());
    for (const PublishedResult& r : rows) {
        PublishedRowBound row{r, std::nullopt, {}};
        auto b = publishedBound(r, models, hardware);
        if (b)
            row.bound = *b;
        else
            row.problem = b.error().message;
        out.push_back(std::move(row));
    }
    return out;
}

std::size_t publishedSourceCount(const std::vector<PublishedResult>& rows)
{
    std::set<std::string> documents;
    for (const PublishedResult& r : rows)
        documents.insert(r.source.substr(0, r.source.find_first_of(" ,")));
    return documents.size();
}

std::optional<PublishedBand> publishedBand(const std::vector<PublishedRowBound>& rows)
{
    std::vector<double> ratios;
    std::vector<PublishedResult> evaluated;
    for (const PublishedRowBound& row : rows) {
        if (!row.bound)
            continue;
        ratios.push_back(row.bound->ratio);
        evaluated.push_back(row.result);
    }
    auto spread = ratioSpread(std::move(ratios));
    if (!spread)
        return std::nullopt;
    return PublishedBand{*spread, publishedSourceCount(evaluated)};
}

RealRange realRangeUnder(double bound, const RatioSpread& spread)
{
    return {bound * spread.min, bound * spread.median, bound * spread.max};
}

} // namespace roofscope
