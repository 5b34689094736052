#include "core/models/decoderrows.h"

namespace roofscope {

DecoderRows::DecoderRows(Workload& workload, const ModelConfig& model,
                         const InferenceScenario& scenario)
    : m_workload(workload), m_model(model), m_scenario(scenario),
      m_decode(scenario.phase == Phase::Decode), m_act(precisionName(scenario.activations)),
      m_stream(precisionName(streamPrecision(scenario))), m_weight(precisionName(scenario.weights)),
      m_kv(precisionName(scenario.kvCache)),
      m_normName(model.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm")
{
}

void DecoderRows::add(std::string key, std::string title, std::string_view kind,
                      const Assignments& params, double layerCount, double perLayer,
                      const std::vector<std::pair<std::string, double>>& realParams)
{
    if (m_error || layerCount <= 0.0)
        return;
    auto op = makeOperator(kind, params);
    if (!op) {
        m_error = makeError(key + ": " + op.error().message);
        return;
    }
    for (const auto& [param, value] : realParams)
        op->params.set(param, value);
    op->label = title;
    m_workload.ops.push_back(
        WorkloadOp{std::move(key), std::move(title), std::move(op).value(), layerCount, perLayer});
}

void DecoderRows::linear(const std::string& key, const std::string& title, double n, double k,
                         double layerCount, double perLayer, bool sixteenBit)
{
    Assignments p;
    if (m_decode)
        p = {{"batch", formatParamNumber(batch())}};
    else
        p = {{"batch", formatParamNumber(batch())}, {"seq", formatParamNumber(context())}};
    p.insert(p.end(), {{"n", formatParamNumber(n)},
                       {"k", formatParamNumber(k)},
                       {"dtype", sixteenBit ? m_stream : m_act},
                       {"weight_dtype", sixteenBit ? m_stream : m_weight},
                       {"out_dtype", m_stream}});
    if (!sixteenBit && weightGroupSize() > 0.0)
        p.push_back({"group_size", formatParamNumber(weightGroupSize())});
    add(key, title, m_decode ? "decode_matmul" : "prefill_matmul", p, layerCount, perLayer);
}

void DecoderRows::norm(const std::string& key, const std::string& title, double cols,
                       double layerCount)
{
    add(key, title, m_model.norm == NormKind::RmsNorm ? "rmsnorm" : "layernorm",
        {{"rows", formatParamNumber(tokens())},
         {"cols", formatParamNumber(cols)},
         {"dtype", m_stream}},
        layerCount);
}

void DecoderRows::elementwise(const std::string& key, const std::string& title, double n,
                              const std::string& dtype, int inputs, double layerCount,
                              const std::string& flops, int outputs)
{
    Assignments p = {
        {"n", formatParamNumber(n)}, {"dtype", dtype}, {"inputs", std::to_string(inputs)}};
    if (outputs != 1)
        p.push_back({"outputs", std::to_string(outputs)});
    if (!flops.empty())
        p.push_back({"flops_per_element", flops});
    add(key, title, "elementwise", p, layerCount);
}

std::string DecoderRows::fusedResidualNormFlops() const
{
    return m_model.norm == NormKind::RmsNorm ? "5" : "6";
}

} // namespace roofscope
