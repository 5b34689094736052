#include "core/serving/servingreport.h"

#include "core/hardware/precision.h"
#include "core/util/numbers.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace roofscope {

std::string_view servingLimitKey(ServingLimit limit)
{
    switch (limit) {
    case ServingLimit::Memory:
        return "memory";
    case ServingLimit::NothingFits:
        return "nothing_fits";
    case ServingLimit::MaxBatch:
        return "max_batch";
    case ServingLimit::StepTokens:
        return "step_tokens";
    }
    return "memory";
}

bool isCapacityEnd(const ServingCurve& curve, std::size_t point)
{
    return curve.limit == ServingLimit::Memory && point + 1 == curve.points.size();
}

namespace {

bool onFront(const ServingReport& report, std::size_t curve, std::size_t point)
{
    return curve < report.onFront.size() && point < report.onFront[curve].size() &&
           report.onFront[curve][point];
}

} // namespace

std::string servingReportJson(const ServingReport& report)
{
    nlohmann::json curves = nlohmann::json::array();
    for (std::size_t c = 0; c < report.curves.size(); ++c) {
        const ServingCurve& curve = report.curves[c];
        nlohmann::json points = nlohmann::json::array();
        for (std::size_t i = 0; i < curve.points.size(); ++i) {
            const ServingPoint& pt = curve.points[i];
            points.push_back({{"batch", pt.batch},
                              {"step_time_s", pt.stepTimeS},
                              {"tokens_per_s_per_user", pt.tokensPerSPerUser},
                              {"tokens_per_s_per_gpu", pt.tokensPerSPerGpu},
                              {"ttft_batch1_s", pt.ttftBatch1S},
                              {"ttft_s", pt.ttftS},
                              {"request_latency_s", pt.requestLatencyS},
                              {"memory_bytes_per_gpu", pt.memoryBytesPerGpu},
                              {"capacity_end", isCapacityEnd(curve, i)},
                              {"pareto", onFront(report, c, i)}});
        }
        curves.push_back({{"gpu", curve.gpu},
                          {"layout",
                           {{"tp", curve.layout.tp},
                            {"pp", curve.layout.pp},
                            {"ep", curve.layout.ep},
                            {"gpus", curve.layout.gpus()},
                            {"name", curve.layout.name()}}},
                          {"largest_batch", curve.largestBatch},
                          {"limit", std::string(servingLimitKey(curve.limit))},
                          {"limit_reason", curve.limitReason},
                          {"capacity_bytes", curve.capacityBytes},
                          {"available_bytes", curve.availableBytes},
                          {"weights_bytes_per_gpu", curve.weightsBytesPerGpu},
                          {"kv_bytes_per_request_per_gpu", curve.kvBytesPerRequestPerGpu},
                          {"points", points}});
    }
    const ServingSetup& setup = report.setup;
    const InferenceScenario& p = setup.precisions;
    return nlohmann::json{{"model", report.modelId},
                          {"prompt", setup.promptTokens},
                          {"output", setup.outputTokens},
                          {"mean_context", meanDecodeContext(setup)},
                          {"weights", precisionName(p.weights)},
                          {"activations", precisionName(p.activations)},
                          {"kv", precisionName(p.kvCache)},
                          {"fused", p.fused},
                          {"headroom", setup.options.headroom},
                          {"curves", curves}}
               .dump(2) +
           "\n";
}

std::string servingReportCsv(const ServingReport& report)
{
    std::ostringstream out;
    out << "gpu,layout,tp,pp,ep,gpus,batch,step_time_s,tokens_per_s_per_user,"
           "tokens_per_s_per_gpu,ttft_batch1_s,ttft_s,request_latency_s,"
           "memory_bytes_per_gpu,capacity_end,pareto\n";
    for (std::size_t c = 0; c < report.curves.size(); ++c) {
        const ServingCurve& curve = report.curves[c];
        const Layout& l = curve.layout;
        for (std::size_t i = 0; i < curve.points.size(); ++i) {
            const ServingPoint& pt = curve.points[i];
            out << curve.gpu << "," << l.name() << "," << l.tp << "," << l.pp << "," << l.ep << ","
                << l.gpus() << "," << shortestNumber(pt.batch) << ","
                << shortestNumber(pt.stepTimeS) << "," << shortestNumber(pt.tokensPerSPerUser)
                << "," << shortestNumber(pt.tokensPerSPerGpu) << ","
                << shortestNumber(pt.ttftBatch1S) << "," << shortestNumber(pt.ttftS) << ","
                << shortestNumber(pt.requestLatencyS) << "," << shortestNumber(pt.memoryBytesPerGpu)
                << "," << (isCapacityEnd(curve, i) ? "true" : "false") << ","
                << (onFront(report, c, i) ? "true" : "false") << "\n";
        }
    }
    return out.str();
}

} // namespace roofscope
