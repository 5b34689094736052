#pragma once

#include "core/hardware/catalog.h"
#include "core/hardware/hardware.h"
#include "core/models/modelconfig.h"
#include "core/models/parallel.h"
#include "core/models/workload.h"
#include "core/util/expected.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// What a published figure measures.
enum class PublishedMetric {
    TokensPerSPerUser,      // decode tokens/s one sequence sees (batch 1: the whole output rate)
    OutputTokensPerS,       // output tokens/s of the whole deployment (all GPUs of the layout)
    OutputTokensPerSPerGpu, // the same divided by the GPUs of the layout
    TimeToFirstTokenS,      // seconds from the request to the first output token
};
std::string_view publishedMetricName(PublishedMetric m);
std::optional<PublishedMetric> parsePublishedMetric(std::string_view name);
// A rate (higher is better) or a time (lower is better).
bool isTimeMetric(PublishedMetric m);

// One measurement from a public benchmark report or README, with the conditions it was taken
// under: enough to compute RoofScope's bound for the same set-up.
struct PublishedResult {
    std::string id;
    std::string source; // where the figure is printed: URL and locator (table, row)
    std::string note;   // how the row was read: model and GPU mapping, assumptions
    std::string framework;
    std::string publishedModel; // the model as the source names it, when it differs
    std::string model;          // a RoofScope model id
    Precision weights = Precision::FP16;
    Precision activations = Precision::FP16;
    Precision kvCache = Precision::FP16;
    std::string gpu; // a RoofScope hardware id
    Layout layout;
    double batch = 1.0; // sequences in flight (concurrency)
    double inputTokens = 0.0;
    double outputTokens = 1.0;
    PublishedMetric metric = PublishedMetric::TokensPerSPerUser;
    double value = 0.0; // tokens/s or seconds, as the metric says

    bool operator==(const PublishedResult&) const = default;
};

// The bundled dataset (resources/published-serving.json, compiled in).
std::string_view builtinPublishedServingJson();

// Parses a published-results document {"format": "roofscope-published", "version": 1,
// "results": [...]}. Errors read "FILE: POINTER: PROBLEM" ("my.json: /results/3/batch: ...").
// Model and GPU ids are not looked up here (see publishedBound).
Expected<std::vector<PublishedResult>> parsePublishedResults(std::string_view text,
                                                             std::string_view fileName);
// The bundled dataset, parsed.
Expected<std::vector<PublishedResult>> builtinPublishedResults();

// Serialises rows to the document form (round-trips through parsePublishedResults).
std::string publishedResultsToJson(const std::vector<PublishedResult>& results);

// The scenario RoofScope evaluates for a row. Rates: one decode step of the batch at the mean
// context, input + output / 2 (a decode step's time grows with its context and is convex in it,
// so the step at the mean context is no longer than the mean step). Time to first token: the
// prefill of the batch's prompts. Both fused (flash attention, one kernel per elementwise
// chain): the fewest bytes, so the fastest step, as a bound should be.
InferenceScenario publishedScenario(const PublishedResult& r);

// A rate row on the serving chart's axes: tokens/s per user (x) and per GPU (y), from its
// metric, batch and layout. nullopt for a time to first token (no place on those axes).
struct ServingRate {
    double perUser = 0.0;
    double perGpu = 0.0;
};
std::optional<ServingRate> servingRateOf(const PublishedResult& r);

// RoofScope's bound beside a measurement.
struct PublishedBound {
    double stepTimeS = 0.0; // the decode step, or the prefill for a time to first token
    double bound = 0.0;     // in the metric's unit: the best a rate can be, the least a time can
    // measured / bound for rates, bound / measured for times: at most 1 when the measurement
    // respects the bound, and the share of the bound a real system reached.
    double ratio = 0.0;
    std::optional<bool> fits; // the layout holds weights and KV cache (10 % headroom)
};

// The bound for a row on a model and a GPU: evaluateParallel() of publishedScenario() with the
// row's layout. Per-user tokens/s: 1 / step; output tokens/s: batch / step; per GPU: batch /
// step / GPUs; time to first token: the prefill time. Errors name the row's id.
Expected<PublishedBound> publishedBound(const PublishedResult& r, const ModelConfig& model,
                                        const Hardware& hw);
// The same, finding the row's model and GPU in the catalogs (an unknown id is an Error naming
// it and the closest known one).
Expected<PublishedBound> publishedBound(const PublishedResult& r, const ModelCatalog& models,
                                        const HardwareCatalog& hardware);

// A row with its bound: one line of the table of published results.
struct PublishedComparison {
    PublishedResult result;
    PublishedBound bound;
};
// Every row's bound, in the rows' order; the first row that cannot be evaluated is the Error.
Expected<std::vector<PublishedComparison>>
comparePublished(const std::vector<PublishedResult>& rows, const ModelCatalog& models,
                 const HardwareCatalog& hardware);

// The spread of measured / bound ratios: the "expected real range" under the bound. These are
// published measurements, not a prediction.
struct RatioSpread {
    std::size_t count = 0;
    double min = 0.0;
    double median = 0.0; // the mean of the middle two for an even count
    double max = 0.0;
};
// nullopt for no ratios; non-finite or non-positive ratios are left out.
std::optional<RatioSpread> ratioSpread(std::vector<double> ratios);
// The spread of the compared rows' ratios: the expected real range.
std::optional<RatioSpread> expectedRealRange(const std::vector<PublishedComparison>& compared);

// One line of the window's table of published results: the row with its bound, or the reason
// it has none (an id the catalogs lack, a layout the model refuses).
struct PublishedRowBound {
    PublishedResult result;
    std::optional<PublishedBound> bound;
    std::string problem; // when bound is empty: the Error's message
};
// Every row, in order, each evaluated on its own: a row that cannot be evaluated is named, not
// fatal.
std::vector<PublishedRowBound> evaluatePublished(const std::vector<PublishedResult>& rows,
                                                 const ModelCatalog& models,
                                                 const HardwareCatalog& hardware);

// The documents the rows come from: distinct URLs (a source's text up to its first space or
// comma; "https://…/README.md, table 2" and "https://…/README.md, table 3" are one).
std::size_t publishedSourceCount(const std::vector<PublishedResult>& rows);

// The expected real range and what it rests on: the ratios of the rows that could be evaluated,
// how many rows and how many source documents.
struct PublishedBand {
    RatioSpread spread;
    std::size_t sources = 0;
};
std::optional<PublishedBand> publishedBand(const std::vector<PublishedRowBound>& rows);

// Where the published measurements landed under a rate's `bound` (tokens/s): bound × the
// spread's min, median and max. A range of past measurements, not a prediction.
struct RealRange {
    double low = 0.0;
    double median = 0.0;
    double high = 0.0;
};
RealRange realRangeUnder(double bound, const RatioSpread& spread);

} // namespace roofscope
