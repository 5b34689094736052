#pragma once

#include "core/serving/serving.h"

#include <string>
#include <vector>

namespace roofscope {

// Serving curves with what they were computed for: what `roofscope serve` prints and the
// window's serving chart exports, written by one writer so both say the same.
struct ServingReport {
    std::string modelId;
    ServingSetup setup;
    std::vector<ServingCurve> curves;
    std::vector<std::vector<bool>> onFront; // servingFrontFlags(curves)
};

// The machine-readable key of a limit: "memory", "nothing_fits", "max_batch", "step_tokens".
std::string_view servingLimitKey(ServingLimit limit);
// The last point of a curve stopped by memory is its capacity end.
bool isCapacityEnd(const ServingCurve& curve, std::size_t point);

// {"model", "prompt", "output", "mean_context", precisions, "headroom", "curves": [{"gpu",
// "layout", "largest_batch", "limit", ..., "points": [...]}]}, indented by two, C-locale.
std::string servingReportJson(const ServingReport& report);
// One row per point: gpu,layout,tp,pp,ep,gpus,batch,step_time_s,... with the shortest
// round-trip numbers.
std::string servingReportCsv(const ServingReport& report);

} // namespace roofscope
