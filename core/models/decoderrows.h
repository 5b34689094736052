#pragma once

// The rows of a decoder-layer expansion, shared by the generic decoder (core/workload.cpp) and
// multi-head latent attention (core/deepseek.cpp): every row goes through makeOperator(), so
// the shapes are validated exactly as a user-typed spec would be, and the first error is kept.

#include "core/models/modelconfig.h"
#include "core/models/workload.h"
#include "core/roofline/operators.h"
#include "core/util/expected.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofscope {

class DecoderRows {
public:
    DecoderRows(Workload& workload, const ModelConfig& model, const InferenceScenario& scenario);

    // `realParams` are set after validation: MoE tokens per expert are an expectation, not a
    // whole number, and the cost formulas are continuous in them.
    void add(std::string key, std::string title, std::string_view kind, const Assignments& params,
             double layerCount, double perLayer = 1.0,
             const std::vector<std::pair<std::string, double>>& realParams = {});
    // A linear layer over the step's tokens: decode_/prefill_matmul keep batch (and seq) as
    // named parameters, so a chart can drag them. Decoder weights are at the weight precision;
    // `sixteenBit` ones (router, gates) stay in the stream precision, as quantizers leave them.
    void linear(const std::string& key, const std::string& title, double n, double k,
                double layerCount, double perLayer = 1.0, bool sixteenBit = false);
    // The model's norm kind over `cols` per token.
    void norm(const std::string& key, const std::string& title, double cols, double layerCount);
    // `flops` empty: the kind's default FLOPs per element.
    void elementwise(const std::string& key, const std::string& title, double n,
                     const std::string& dtype, int inputs, double layerCount,
                     const std::string& flops = "", int outputs = 1);

    const std::optional<Error>& error() const { return m_error; }

    // The scenario's names and sizes, for the blocks that build rows.
    bool decode() const { return m_decode; }
    double batch() const { return m_scenario.batch; }
    double context() const { return m_scenario.context; }
    double tokens() const { return m_workload.tokens; }
    const std::string& activationDtype() const { return m_act; }
    const std::string& streamDtype() const { return m_stream; }
    const std::string& weightDtype() const { return m_weight; }
    // Weights per FP16 scale of the quantized matrices (0: none).
    double weightGroupSize() const { return m_scenario.weightGroupSize; }
    const std::string& kvDtype() const { return m_kv; }
    const std::string& normName() const { return m_normName; } // "RMSNorm" / "LayerNorm"
    // FLOPs per element of a residual add fused with the next norm.
    std::string fusedResidualNormFlops() const;

private:
    Workload& m_workload;
    const ModelConfig& m_model;
    InferenceScenario m_scenario;
    bool m_decode;
    std::string m_act;
    std::string m_stream;
    std::string m_weight;
    std::string m_kv;
    std::string m_normName;
    std::optional<Error> m_error;
};

} // namespace roofscope
