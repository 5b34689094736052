#pragma once

#include "core/hardware/hardware.h"
#include "core/roofline/operators.h"
#include "core/roofline/roofline.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace roofscope::cli {

// One (GPU, operator) verdict as the CLI prints it, in every output format.
struct ResultRow {
    const Hardware* gpu = nullptr;
    Operator op;
    Estimate estimate;
    std::optional<double> sweepValue; // set for rows of a sweep
};

enum class OutputFormat { Table, Json, Csv };
OutputFormat parseOutputFormat(const std::string& text); // UsageError on anything else

nlohmann::json paramsToJson(const ParamSet& params);
nlohmann::json rowToJson(const ResultRow& row, const std::string& sweepParam = {});

// CSV header and lines with raw SI numbers (no prefixes), one row per verdict.
std::string csvHeader(const std::string& sweepParam = {});
std::string rowToCsv(const ResultRow& row, const std::string& sweepParam = {});
std::string rowsToCsv(const std::vector<ResultRow>& rows, const std::string& sweepParam = {});
// Aligned table with engineering prefixes.
std::string rowsToTable(const std::vector<ResultRow>& rows, const std::string& sweepParam = {});

} // namespace roofscope::cli
