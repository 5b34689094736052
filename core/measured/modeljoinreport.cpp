#include "core/measured/modeljoinreport.h"

#include "core/util/csvfield.h"
#include "core/util/format.h"
#include "core/util/numbers.h"

namespace roofscope {

namespace {

std::string ratioText(double measured, double predicted)
{
    return predicted > 0.0 ? formatNumber(measured / predicted, 3) : std::string("–");
}

} // namespace

ModelJoinRows modelJoinRows(const ModelJoin& join, std::string_view groupBy, bool csv)
{
    ModelJoinRows out;
    const auto time = [csv](double s) { return csv ? shortestNumber(s) : formatDuration(s); };
    if (groupBy == "pass")
        out.header = {"pass",     "phase",       "batch",
                      "context",  "layers",      "kernels",
                      "measured", "predicted",   "measured/predicted",
                      "wall",     "launch floor"};
    else if (groupBy == "layer")
        out.header = {"pass", "phase", "layer", "kernels", "measured"};
    else
        out.header = {"pass",     "phase",     "operator",           "kernels",
                      "measured", "predicted", "measured/predicted", "FLOP",
                      "bytes"};
    for (std::size_t i = 0; i < join.passes.size(); ++i) {
        const JoinedPass& p = join.passes[i];
        const std::string pass = std::to_string(i + 1);
        const std::string phase(phaseName(p.phase));
        if (groupBy == "pass") {
            out.rows.push_back({pass, phase, formatNumber(p.batch, 8), formatNumber(p.context, 8),
                                std::to_string(p.layers), std::to_string(p.kernels),
                                time(p.measuredS), time(p.predictedS),
                                ratioText(p.measuredS, p.predictedS), time(p.wallS),
                                time(p.launchFloorS)});
        } else if (groupBy == "layer") {
            for (const JoinedLayer& l : p.layerTimes)
                out.rows.push_back({pass, phase, std::to_string(l.layer), std::to_string(l.kernels),
                                    time(l.measuredS)});
        } else {
            for (const JoinedOperator& o : p.operators)
                out.rows.push_back({pass, phase, o.name, std::to_string(o.kernels),
                                    time(o.measuredS), time(o.predictedS),
                                    ratioText(o.measuredS, o.predictedS),
                                    csv ? shortestNumber(o.flops) : formatFlops(o.flops),
                                    csv ? shortestNumber(o.bytes) : formatBytes(o.bytes)});
            for (const NotInModel& n : p.notInModel)
                out.rows.push_back({pass, phase, "not in model: " + n.op, std::to_string(n.kernels),
                                    time(n.measuredS), "", "", "", ""});
        }
    }
    return out;
}

std::string modelJoinCsv(const ModelJoin& join, std::string_view groupBy)
{
    const ModelJoinRows table = modelJoinRows(join, groupBy, true);
    std::string text;
    const auto line = [&text](const std::vector<std::string>& cells) {
        for (std::size_t c = 0; c < cells.size(); ++c)
            text += (c ? "," : "") + csvField(cells[c]);
        text += "\n";
    };
    line(table.header);
    for (const auto& row : table.rows)
        line(row);
    return text;
}

nlohmann::ordered_json modelJoinJson(const ModelJoin& join,
                                     const std::vector<std::string>& warnings)
{
    using OJson = nlohmann::ordered_json;
    OJson passes = OJson::array();
    for (const JoinedPass& p : join.passes) {
        OJson ops = OJson::array();
        for (const JoinedOperator& o : p.operators)
            ops.push_back({{"name", o.name},
                           {"kernels", o.kernels},
                           {"measured_s", o.measuredS},
                           {"predicted_s", o.predictedS},
                           {"flops", o.flops},
                           {"bytes", o.bytes}});
        OJson outside = OJson::array();
        for (const NotInModel& n : p.notInModel)
            outside.push_back({{"op", n.op}, {"kernels", n.kernels}, {"measured_s", n.measuredS}});
        OJson layers = OJson::array();
        for (const JoinedLayer& l : p.layerTimes)
            layers.push_back(
                {{"layer", l.layer}, {"kernels", l.kernels}, {"measured_s", l.measuredS}});
        passes.push_back({{"phase", std::string(phaseName(p.phase))},
                          {"batch", p.batch},
                          {"context", p.context},
                          {"layers", p.layers},
                          {"kernels", p.kernels},
                          {"measured_s", p.measuredS},
                          {"predicted_s", p.predictedS},
                          {"wall_s", p.wallS},
                          {"launch_floor_s", p.launchFloorS},
                          {"sentence", p.sentence},
                          {"operators", std::move(ops)},
                          {"not_in_model", std::move(outside)},
                          {"layer_times", std::move(layers)}});
    }
    OJson out;
    out["model"] = join.model;
    out["gpu"] = join.gpu;
    out["placed_time_share"] = join.placedTimeShare;
    out["shortest_kernel_s"] = join.shortestKernelS;
    out["model_view"] = {{"passes", std::move(passes)}};
    out["warnings"] = warnings;
    return out;
}

} // namespace roofscope
