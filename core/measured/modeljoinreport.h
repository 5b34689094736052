#pragma once

#include "core/measured/modeljoin.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// A trace joined to its model (joinTraceToModel) as rows and as a JSON document: what
// `roofscope measured TRACE --model M` prints as a table, CSV or JSON, and what the window's
// Passes panel exports, from one place.

// The rows of one grouping: "pass" (a row per forward pass), "layer" (per decoder layer of each
// pass) or "operator" (per operator of each pass, then the kernels not in the model), with
// their header. `csv`: numbers as shortest C-locale text (seconds, FLOPs, bytes) for a file;
// otherwise human text ("8.271 ms", "33.55 GFLOP") for a terminal.
struct ModelJoinRows {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};
ModelJoinRows modelJoinRows(const ModelJoin& join, std::string_view groupBy, bool csv);

// modelJoinRows(join, groupBy, true) as CSV text: a header line, then one line per row.
std::string modelJoinCsv(const ModelJoin& join, std::string_view groupBy);

// {model, gpu, placed_time_share, shortest_kernel_s, model_view: {passes: [...]}, warnings}.
nlohmann::ordered_json modelJoinJson(const ModelJoin& join,
                                     const std::vector<std::string>& warnings);

} // namespace roofscope
