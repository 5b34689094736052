// The model join of a PyTorch trace (core/measured/tracepasses, modeljoin): passes, layers and
// per-operator times on the real H200 Llama trace against facts derived from the trace alone,
// and the splitter on a small synthetic trace of a second family (fused QKV with bias, fused
// gate_up, SDPA's efficient attention, a split-K GEMM).
#include "core/figure/passpoints.h"
#include "core/hardware/catalog.h"
#include "core/measured/atenopcost.h"
#include "core/measured/importer.h"
#include "core/measured/modeljoin.h"
#include "core/measured/modeljoinreport.h"
#include "core/measured/tracemodel.h"
#include "core/measured/traceops.h"
#include "core/measured/tracepasses.h"
#include "core/models/modelconfig.h"
#include "core/models/workload.h"
#include "core/util/format.h"
#include "core/util/numbers.h"
#include "tests/common/tinymodels.h"
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>

using namespace roofscope;

namespace {

const std::string kTrace =
    std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
    "/../h200/h200_kineto_llama31_8b_random_generate_b16_p512_n16.pt.trace.json.gz";
const std::string kConfig =
    std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
    "/../h200/h200_kineto_llama31_8b_random_generate_b16_p512_n16.config.json";

const Hardware& h200()
{
    static const HardwareCatalog catalog = HardwareCatalog::builtin();
    return *catalog.find("h200-sxm");
}

// The real trace and its config, read once; a missing file fails the test (never skips).
struct Real {
    std::optional<MeasuredImport> trace;
    std::optional<ModelConfig> model;
    std::string problem;
};

const Real& real()
{
    static const Real r = [] {
        Real out;
        if (!std::filesystem::is_regular_file(kTrace) ||
            !std::filesystem::is_regular_file(kConfig)) {
            out.problem = "the H200 trace or its config is missing: " + kTrace + " / " + kConfig +
                          " (shared/samples/h200 of the project's shared folder)";
            return out;
        }
        auto imported = importMeasurementFile(kTrace);
        if (!imported) {
            out.problem = imported.error().message;
            return out;
        }
        ModelCatalog catalog = ModelCatalog::builtin();
        auto models = catalog.loadFile(kConfig);
        if (!models || models->size() != 1) {
            out.problem = models ? "config holds several models" : models.error().message;
            return out;
        }
        out.trace = std::move(imported).value();
        out.model = models->front();
        return out;
    }();
    return r;
}

const JoinedOperator* findOp(const JoinedPass& p, const std::string& name)
{
    for (const JoinedOperator& o : p.operators)
        if (o.name == name)
            return &o;
    return nullptr;
}

// An operator of a joined pass and how many kernels it has.
struct OperatorKernels {
    const char* name;
    long long kernels;
};

// The pass runs these operators over these many kernels: all of them in this order (`inOrder`),
// each 10 µs a kernel as the synthetic traces time them, or among others; with `predicted`,
// each has a row of the model to predict it.
void expectOperators(const JoinedPass& pass, const std::vector<OperatorKernels>& expected,
                     bool inOrder, bool predicted)
{
    if (inOrder) {
        ASSERT_EQ(pass.operators.size(), expected.size());
    }
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const JoinedOperator* o = inOrder ? &pass.operators[i] : findOp(pass, expected[i].name);
        ASSERT_NE(o, nullptr) << expected[i].name;
        EXPECT_EQ(o->name, expected[i].name) << i;
        EXPECT_EQ(o->kernels, expected[i].kernels) << expected[i].name;
        if (inOrder) {
            EXPECT_NEAR(o->measuredS, double(expected[i].kernels) * 10e-6, 1e-12)
                << expected[i].name;
        }
        if (predicted) {
            EXPECT_GT(o->predictedS, 0.0) << expected[i].name;
        }
    }
}

double rowTime(const ModelConfig& m, Phase phase, double batch, double context, bool fused,
               const std::string& key)
{
    auto w = expandWorkload(m, joinScenario(m, phase, batch, context, fused));
    auto t = evaluateWorkload(*w, h200());
    for (std::size_t i = 0; i < w->ops.size(); ++i)
        if (w->ops[i].key == key)
            return t->perOp[i].stepTimeS;
    return -1.0;
}

// A synthetic trace imported and joined to `model` on the H200; nullopt (a failure) when
// either step refuses it.
std::optional<ModelJoin> joinOf(const std::string& json, const ModelConfig& model)
{
    auto imported = importMeasurementData(json, "synthetic.json");
    EXPECT_TRUE(imported) << (imported ? "" : imported.error().message);
    if (!imported)
        return std::nullopt;
    auto join = joinTraceToModel(*imported, model, h200());
    EXPECT_TRUE(join) << (join ? "" : join.error().message);
    return join ? std::optional<ModelJoin>(std::move(join).value()) : std::nullopt;
}

// `roofscope model`'s step time (its default, unfused expansion).
double stepTime(const ModelConfig& m, Phase phase, double batch, double context)
{
    auto w = expandWorkload(m, joinScenario(m, phase, batch, context, false));
    return evaluateWorkload(*w, h200())->timeS;
}

} // namespace

TEST(TraceModelJoin, H200LlamaTracePassesLayersAndMeasuredTimes)
{
    const Real& r = real();
    ASSERT_TRUE(r.trace && r.model) << r.problem;
    ASSERT_EQ(r.trace->trace.kernels.size(), r.trace->kernels.size());
    auto join = joinTraceToModel(*r.trace, *r.model, h200());
    ASSERT_TRUE(join) << join.error().message;
    ASSERT_EQ(join->passes.size(), 16u);
    long long kernels = 0;
    for (std::size_t p = 0; p < join->passes.size(); ++p) {
        const JoinedPass& pass = join->passes[p];
        EXPECT_EQ(pass.phase, p == 0 ? Phase::Prefill : Phase::Decode) << p;
        EXPECT_EQ(pass.layers, 32) << p;
        EXPECT_EQ(pass.batch, 16.0) << p;
        // Prefill: the 512-token prompt; decode step p: k holds 512 + p tokens, the new one
        // included, so 511 + p were cached before it (`roofscope model --context`).
        EXPECT_EQ(pass.context, p == 0 ? 512.0 : 511.0 + double(p)) << p;
        kernels += pass.kernels;
    }
    EXPECT_EQ(kernels, 23897); // every kernel in a pass, none dropped

    // Facts from the trace alone (Python, json + gzip): kernels sorted by ts, a pass from its
    // embedding kernel (aten::gather / index_select of the [128256, 4096] table; pass 0 from
    // the first kernel) to the next one's; q_proj = the 1st, 3rd, ... aten::mm op with
    // Input Dims[1] == [4096, 4096] in the pass; attention = aten::_cudnn_attention_forward;
    // down_proj = aten::mm with Input Dims[1] == [14336, 4096]; sums of dur (µs).
    const JoinedPass& prefill = join->passes[0];
    const JoinedPass& decode = join->passes[1];
    EXPECT_EQ(prefill.kernels, 1369);
    EXPECT_EQ(decode.kernels, 1502);
    EXPECT_NEAR(prefill.measuredS, 217494.177e-6, 217494.177e-6 * 1e-3);
    EXPECT_NEAR(decode.measuredS, 8270.909e-6, 8270.909e-6 * 1e-3);
    const struct {
        const JoinedPass* pass;
        const char* op;
        double us;
        long long kernels;
    } facts[] = {{&prefill, "q_proj", 11528.527, 32},    {&prefill, "attention", 3447.954, 32},
                 {&prefill, "down_proj", 39203.314, 32}, {&decode, "q_proj", 434.394, 64},
                 {&decode, "attention", 419.169, 32},    {&decode, "down_proj", 1044.691, 64}};
    for (const auto& f : facts) {
        const JoinedOperator* o = findOp(*f.pass, f.op);
        ASSERT_NE(o, nullptr) << f.op;
        EXPECT_NEAR(o->measuredS, f.us * 1e-6, f.us * 1e-9) << f.op;
        EXPECT_EQ(o->kernels, f.kernels) << f.op;
        EXPECT_GT(o->flops, 0.0) << f.op;
        EXPECT_GT(o->bytes, 0.0) << f.op;
        // Its launches are the trace's kernels it sums, in launch order (the Passes panel
        // selects them in the Kernels table).
        ASSERT_EQ(static_cast<long long>(o->launches.size()), f.kernels) << f.op;
        EXPECT_TRUE(std::is_sorted(o->launches.begin(), o->launches.end())) << f.op;
        double summed = 0.0;
        for (std::size_t k : o->launches)
            summed += r.trace->kernels.at(k).timeS;
        EXPECT_NEAR(summed, o->measuredS, 1e-12) << f.op;
    }
    // The model's operators are all there, and sampling is outside it with its time.
    for (const char* name :
         {"embedding", "input_norm", "k_proj", "v_proj", "rope", "kv_cache_write", "o_proj",
          "attn_residual", "post_attention_norm", "gate_proj", "up_proj", "act", "mul",
          "mlp_residual", "final_norm", "lm_head"})
        EXPECT_NE(findOp(decode, name), nullptr) << name;
    bool argmax = false;
    for (const NotInModel& n : decode.notInModel)
        argmax = argmax || (n.op == "aten::argmax" && n.kernels == 1 && n.measuredS > 0.0);
    EXPECT_TRUE(argmax);
    EXPECT_GT(join->placedTimeShare, 0.99);
    EXPECT_GT(decode.wallS, decode.measuredS);
    EXPECT_NEAR(decode.launchFloorS, join->shortestKernelS * 1502, 1e-12);
    EXPECT_NE(decode.sentence.find("decode step"), std::string::npos) << decode.sentence;

    // Predicted: evaluateWorkload's rows at the pass's batch and context, as `roofscope model
    // --model CONFIG --phase decode --batch 16 --context 512 --gpu h200-sxm` prints them; the
    // fused attention from the --fused expansion.
    EXPECT_DOUBLE_EQ(findOp(decode, "q_proj")->predictedS,
                     rowTime(*r.model, Phase::Decode, 16, 512, false, "q_proj"));
    EXPECT_DOUBLE_EQ(findOp(decode, "down_proj")->predictedS,
                     rowTime(*r.model, Phase::Decode, 16, 512, false, "down_proj"));
    EXPECT_DOUBLE_EQ(findOp(decode, "attention")->predictedS,
                     rowTime(*r.model, Phase::Decode, 16, 512, true, "attention"));
    EXPECT_DOUBLE_EQ(findOp(prefill, "q_proj")->predictedS,
                     rowTime(*r.model, Phase::Prefill, 16, 512, false, "q_proj"));
    EXPECT_DOUBLE_EQ(findOp(join->passes[8], "lm_head")->predictedS,
                     rowTime(*r.model, Phase::Decode, 16, 519, false, "lm_head"));
    // Each pass's prediction is the step `roofscope model` prints (3.412 ms at context 512:
    // its unfused attention, not the operators' sum with the fused row, 3.398 ms).
    for (const JoinedPass& p : join->passes)
        EXPECT_DOUBLE_EQ(p.predictedS, stepTime(*r.model, p.phase, 16, p.context)) << p.context;
    EXPECT_NEAR(decode.predictedS, 3.412e-3, 0.001e-3);
}

TEST(TraceModelJoin, MismatchedConfigIsAnErrorNamingTheShapes)
{
    const Real& r = real();
    ASSERT_TRUE(r.trace && r.model) << r.problem;
    const ModelCatalog catalog = ModelCatalog::builtin();
    const ModelConfig* big = catalog.find("llama-3-70b");
    ASSERT_NE(big, nullptr);
    auto join = joinTraceToModel(*r.trace, *big, h200());
    ASSERT_FALSE(join);
    const std::string& m = join.error().message;
    EXPECT_NE(m.find("the trace's GEMMs are 4096→"), std::string::npos) << m;
    EXPECT_NE(m.find("llama-3-70b has hidden 8192"), std::string::npos) << m;
    EXPECT_NE(m.find(".pt.trace.json.gz"), std::string::npos) << m;
}

namespace {

// Writes a trace of cpu_ops, each launching kernels of 10 µs (one per op unless told): by
// default a prefill of 2 × 4 prompt tokens into an empty cache, then one decode step with 4
// cached, as the subclass's pass() lays them out.
class TraceWriter {
public:
    virtual ~TraceWriter() = default;
    // The prefill, then `steps` decode steps.
    std::string json(int steps = 1)
    {
        pass(4, 4, 0);
        for (int step = 0; step < steps; ++step)
            pass(1, 5 + step, 4 + step);
        return finish();
    }
    // `steps` decode steps of a generation whose prefill was not recorded.
    std::string decodeOnly(int steps)
    {
        for (int step = 0; step < steps; ++step)
            pass(1, 5 + step, 4 + step);
        return finish();
    }

protected:
    // L new tokens a sequence, S keys attended, `cached` of them in the cache before.
    virtual void pass(int L, int S, int cached) { (void)L, (void)S, (void)cached; }
    // The KV-cache write (2 KV heads of 16), SDPA over 4 query heads, the O projection, the
    // residual add and the post-attention norm's scale of a tiny model's layer.
    void attentionBlock(int L, int S, int cached)
    {
        const std::string l = std::to_string(L), s = std::to_string(S);
        const std::string x = "[2, " + l + ", 64]";
        op("aten::cat", std::string("[[") + (cached ? "[2, 2, 4, 16]" : "[0]") + ", [2, 2, " + l +
                            ", 16]], []]");
        op("aten::_scaled_dot_product_efficient_attention",
           "[[2, 4, " + l + ", 16], [2, 2, " + s + ", 16], [2, 2, " + s + ", 16], [], [], [], []]");
        op("aten::mm", "[[" + std::to_string(2 * L) + ", 64], [64, 64]]");
        op("aten::add", "[" + x + ", " + x + ", []]");
        op("aten::mul", "[[64], " + x + "]");
    }
    // One routed expert of a Hugging Face MoE loop over `rows` of the T tokens: gather them,
    // gate, SiLU, up, product, down, scale by the routing weight, index_add_ into the output.
    // `fused`: one GEMM of the expert's [2 × width, 64] gate_up weight (aten::linear), chunked.
    void loopedExpert(int T, int rows, int width, bool fused = false)
    {
        const std::string t = "[" + std::to_string(T) + ", 64]", r = std::to_string(rows);
        const std::string in = "[[" + r + ", 64], [64, " + std::to_string(width) + "]]";
        const std::string mid = "[" + r + ", " + std::to_string(width) + "]";
        op("aten::index", "[" + t + ", [[" + r + "]]]");
        if (fused) {
            op("aten::linear", "[[" + r + ", 64], [" + std::to_string(2 * width) + ", 64], []]");
            op("aten::silu", "[" + mid + "]");
        } else {
            op("aten::mm", in);
            op("aten::silu", "[" + mid + "]");
            op("aten::mm", in);
        }
        op("aten::mul", "[" + mid + ", " + mid + "]");
        op("aten::mm", "[" + mid + ", [" + std::to_string(width) + ", 64]]");
        op("aten::mul", "[[" + r + ", 64], [" + r + ", 1]]");
        op("aten::index_add_", "[" + t + ", [], [" + r + "], [" + r + ", 64], []]");
    }
    // A gated MLP of `width` over all T tokens (the shared expert): gate, SiLU, up, product,
    // down.
    void tokenMlp(int T, int width)
    {
        const std::string t = "[" + std::to_string(T) + ", 64]";
        const std::string mid = "[" + std::to_string(T) + ", " + std::to_string(width) + "]";
        const std::string w = "[64, " + std::to_string(width) + "]";
        op("aten::mm", "[" + t + ", " + w + "]");
        op("aten::silu", "[" + mid + "]");
        op("aten::mm", "[" + t + ", " + w + "]");
        op("aten::mul", "[" + mid + ", " + mid + "]");
        op("aten::mm", "[" + mid + ", [" + std::to_string(width) + ", 64]]");
    }
    // The final norm's scale and the lm_head of the tiny models (hidden 64, vocabulary 1000).
    void finalNormAndHead(const std::string& x)
    {
        op("aten::mul", "[[64], " + x + "]");
        op("aten::mm", "[[2, 64], [64, 1000]]");
    }
    std::string finish() const { return "{\"traceEvents\": [" + m_events.str() + "]}"; }
    void op(const std::string& name, const std::string& dims, int kernels = 1)
    {
        const int id = ++m_id;
        if (m_id > 1)
            m_events << ",\n";
        m_events << R"({"ph": "X", "cat": "cpu_op", "name": ")" << name << R"(", "ts": )" << m_ts
                 << R"(, "dur": 5, "args": {"External id": )" << id << R"(, "Input Dims": )" << dims
                 << R"(, "Input type": )" << typesOf(dims) << "}}";
        for (int k = 0; k < kernels; ++k) {
            m_events << R"(, {"ph": "X", "cat": "kernel", "name": "k_)" << id << "_" << k
                     << R"(", "ts": )" << m_ts << R"(, "dur": 10, "args": {"External id": )" << id
                     << "}}";
            m_ts += 20;
        }
    }

private:
    // The Input type a trace gives each input: bf16 for a tensor, TensorList for a list of
    // them, Scalar for the rest (index tensors are taken as bf16 too: a small overcount).
    static std::string typesOf(const std::string& dims)
    {
        nlohmann::json types = nlohmann::json::array();
        for (const nlohmann::json& in : nlohmann::json::parse(dims))
            types.push_back(in.empty()              ? "Scalar"
                            : in.front().is_array() ? "TensorList"
                                                    : "c10::BFloat16");
        return types.dump();
    }
    std::ostringstream m_events;
    int m_id = 0;
    long long m_ts = 1000;
};

// The tiny dense model's trace: fused QKV with bias (addmm), fused gate_up, SDPA's efficient
// attention, an o_proj launched as split-K (two kernels of one op). With `eager`, attention as
// Hugging Face's eager path runs it: K and V repeated to the query heads, QKᵀ as a bmm, the
// mask added, softmax, the cast back, the bmm with V.
class TinyTrace : public TraceWriter {
public:
    // FlashVarlen: the flash-attn package's varlen op; Hub and HubVarlen: the kernels hub's
    // (attn_implementation="kernels-community/flash-attn"), in a namespace of its build.
    enum class Attention { Sdpa, Eager, FlashVarlen, Hub, HubVarlen };
    explicit TinyTrace(bool eager = false) : m_attention(eager ? Attention::Eager : Attention::Sdpa)
    {
    }
    explicit TinyTrace(Attention attention) : m_attention(attention) {}

private:
    void pass(int L, int S, int cached) override
    {
        const std::string B = "2", l = std::to_string(L), T = std::to_string(2 * L);
        const std::string x = "[2, " + l + ", 64]";
        op("aten::embedding", "[[1000, 64], [2, " + l + "], [], [], []]");
        for (int layer = 0; layer < 2; ++layer) {
            op("aten::pow", "[" + x + ", []]");
            op("aten::mul", "[[64], " + x + "]");
            op("aten::addmm", "[[128], [" + T + ", 64], [64, 128], [], []]");
            op("aten::mul", "[[2, 4, " + l + ", 16], [2, 1, " + l + ", 16]]");
            op("aten::cat", "[[[2, 4, " + l + ", 8], [2, 4, " + l + ", 8]], []]");
            op("aten::cat", std::string("[[") + (cached ? "[2, 2, 4, 16]" : "[0]") + ", [2, 2, " +
                                l + ", 16]], []]");
            const std::string s = std::to_string(S);
            if (m_attention == Attention::FlashVarlen) {
                // Hugging Face unpads q, k and v (index_first_axis), runs the varlen kernel,
                // pads the output back.
                const std::string T2 = std::to_string(2 * S);
                op("aten::index", "[[" + T2 + ", 2, 16], [[" + T2 + "]]]");
                op("aten::index", "[[" + T2 + ", 2, 16], [[" + T2 + "]]]");
                op("flash_attn::_flash_attn_varlen_forward", "[[" + T + ", 4, 16], [" + T2 +
                                                                 ", 2, 16], [" + T2 +
                                                                 ", 2, 16], [3], [3], [], [], "
                                                                 "[], [], [], [], [], [], [], []]");
                op("aten::index_put_",
                   "[[" + T + ", 4, 16], [[" + T + "]], [" + T + ", 4, 16], []]");
            } else if (m_attention == Attention::HubVarlen) {
                const std::string T2 = std::to_string(2 * S);
                op("_flash_attn_9e27194::varlen_fwd",
                   "[[" + T + ", 4, 16], [" + T2 + ", 2, 16], [" + T2 +
                       ", 2, 16], [], [3], [3], [], [], [], [], [], [], [], [], [], [], [], [], "
                       "[], [], []]");
            } else if (m_attention == Attention::Hub) {
                op("_flash_attn_9e27194::fwd",
                   "[[2, " + l + ", 4, 16], [2, " + s + ", 2, 16], [2, " + s +
                       ", 2, 16], [], [], [], [], [], [], [], [], [], []]");
            } else if (m_attention == Attention::Eager) {
                op("aten::copy_", "[[2, 2, 2, " + s + ", 16], [2, 2, 2, " + s + ", 16], []]");
                op("aten::copy_", "[[2, 2, 2, " + s + ", 16], [2, 2, 2, " + s + ", 16], []]");
                op("aten::bmm", "[[8, " + l + ", 16], [8, 16, " + s + "]]");
                op("aten::add", "[[2, 4, " + l + ", " + s + "], [2, 1, " + l + ", " + s + "]]");
                op("aten::_softmax", "[[2, 4, " + l + ", " + s + "], [], []]");
                op("aten::_to_copy", "[[2, 4, " + l + ", " + s + "], [], [], [], [], [], []]");
                op("aten::bmm", "[[8, " + l + ", " + s + "], [8, " + s + ", 16]]");
            } else {
                op("aten::_scaled_dot_product_efficient_attention",
                   "[[2, 4, " + l + ", 16], [2, 2, " + s + ", 16], [2, 2, " + s +
                       ", 16], [], [], [], []]");
            }
            op("aten::mm", "[[" + T + ", 64], [64, 64]]", 2);
            op("aten::add", "[" + x + ", " + x + ", []]");
            op("aten::mul", "[[64], " + x + "]");
            op("aten::mm", "[[" + T + ", 64], [64, 384]]");
            op("aten::silu", "[[2, " + l + ", 192]]");
            op("aten::mul", "[[2, " + l + ", 192], [2, " + l + ", 192]]");
            op("aten::mm", "[[" + T + ", 192], [192, 64]]");
            op("aten::add", "[" + x + ", " + x + ", []]");
        }
        finalNormAndHead(x);
        op("aten::argmax", "[[2, 1000], [], []]");
    }
    Attention m_attention = Attention::Sdpa;
};

} // namespace

TEST(TraceModelJoin, SyntheticFusedQkvModelSplitsIntoPrefillAndDecode)
{
    const std::string text = TinyTrace().json();
    auto imported = importMeasurementData(text, "tiny.json");
    ASSERT_TRUE(imported) << imported.error().message;
    const ModelConfig model = test::tinyDenseModel();
    auto split = splitTracePasses(imported->kernels, imported->trace, model, "tiny.json");
    ASSERT_TRUE(split) << split.error().message;
    ASSERT_EQ(split->passes.size(), 2u);
    EXPECT_EQ(split->passes[0].phase, Phase::Prefill);
    EXPECT_EQ(split->passes[1].phase, Phase::Decode);
    EXPECT_EQ(split->passes[0].context, 4.0);
    EXPECT_EQ(split->passes[1].context, 4.0);
    for (const TracePass& p : split->passes) {
        EXPECT_EQ(p.layers, 2);
        EXPECT_EQ(p.batch, 2.0);
        EXPECT_EQ(p.kernels.size(), 1u + 2u * 16u + 3u); // o_proj launches 2 kernels
    }
    auto join = joinTraceToModel(*imported, model, h200());
    ASSERT_TRUE(join) << join.error().message;
    const JoinedPass& decode = join->passes[1];
    expectOperators(decode,
                    {{"embedding", 1},
                     {"input_norm", 4},
                     {"qkv_proj", 2},
                     {"rope", 4},
                     {"kv_cache_write", 2},
                     {"attention", 2},
                     {"o_proj", 4},
                     {"attn_residual", 2},
                     {"post_attention_norm", 2},
                     {"gate_up_proj", 2},
                     {"act", 2},
                     {"mul", 2},
                     {"down_proj", 2},
                     {"mlp_residual", 2},
                     {"final_norm", 1},
                     {"lm_head", 1}},
                    true, true);
    ASSERT_EQ(decode.notInModel.size(), 1u);
    EXPECT_EQ(decode.notInModel[0].op, "aten::argmax");
    EXPECT_EQ(decode.notInModel[0].kernels, 1);
    EXPECT_DOUBLE_EQ(findOp(decode, "qkv_proj")->predictedS,
                     rowTime(model, Phase::Decode, 2, 4, true, "qkv_proj"));
    EXPECT_DOUBLE_EQ(findOp(decode, "o_proj")->predictedS,
                     rowTime(model, Phase::Decode, 2, 4, false, "o_proj"));
    // Layers: 16 kernels each (o_proj's two included).
    ASSERT_EQ(decode.layerTimes.size(), 2u);
    EXPECT_EQ(decode.layerTimes[1].kernels, 16);
}

namespace {

// Hugging Face's eager MoE block: the router, its softmax and top-k, then a loop over the
// experts hit (gather the tokens, gate, act, up, mul, down, scale by the routing weight,
// index_add_ into the output), the shared expert and its gate, the add of the two outputs.
// With `grouped`, Hugging Face's grouped_mm experts instead: the routed tokens sorted by
// expert, counted per expert (histc, cumsum) and run through two _grouped_mm.
// How a MoE layer's experts ran.
struct MoeForm {
    bool grouped = false; // _grouped_mm (transformers 5's default), else a loop of MLPs
    // As transformers 5 switches grouped_mm experts to batched_mm for the decode steps (each
    // routed token's expert weights gathered, then one bmm).
    bool batchedDecode = false;
    bool oddRows = false; // the loop's experts take 3 rows each, whatever the tokens (no top-k)
    // transformers 5's Qwen-MoE: the shared expert runs before the router, its gate after the
    // experts; transformers 4 ran all of it after the experts.
    bool sharedFirst = false;
    // transformers 5's loop (experts_implementation="eager"): one GEMM of each expert's fused
    // gate_up weight, chunked; transformers 4 ran gate and up apart.
    bool fusedLoop = false;
};

class MoeTrace : public TraceWriter {
public:
    explicit MoeTrace(MoeForm form = {}) : m_form(form) {}

private:
    void pass(int L, int S, int cached) override
    {
        const std::string l = std::to_string(L), T = std::to_string(2 * L);
        const std::string x = "[2, " + l + ", 64]", t = "[" + T + ", 64]";
        op("aten::embedding", "[[1000, 64], [2, " + l + "], [], [], []]");
        for (int layer = 0; layer < 2; ++layer) {
            op("aten::pow", "[" + x + ", []]");
            op("aten::mul", "[[64], " + x + "]");
            op("aten::addmm", "[[64], " + t + ", [64, 64], [], []]");
            op("aten::addmm", "[[32], " + t + ", [64, 32], [], []]");
            op("aten::addmm", "[[32], " + t + ", [64, 32], [], []]");
            op("aten::mul", "[[2, 4, " + l + ", 16], [2, 1, " + l + ", 16]]");
            attentionBlock(L, S, cached);
            if (m_form.sharedFirst)
                tokenMlp(2 * L, 96);
            op("aten::mm", "[" + t + ", [64, 4]]");
            op("aten::_softmax", "[[" + T + ", 4], [], []]");
            op("aten::topk", "[[" + T + ", 4], [], [], [], []]");
            const bool batched = m_form.batchedDecode && L == 1;
            if (batched) {
                const std::string r = std::to_string(4 * L); // T × top-2 routed rows
                op("aten::index_select", "[" + t + ", [], [" + r + "]]");
                op("aten::clamp", "[[" + r + "], [], []]");
                op("aten::index", "[[4, 80, 64], [[" + r + "]]]");
                op("aten::bmm", "[[" + r + ", 80, 64], [" + r + ", 64, 1]]");
                op("aten::silu", "[[" + r + ", 40]]");
                op("aten::mul", "[[" + r + ", 40], [" + r + ", 40]]");
                op("aten::index", "[[4, 64, 40], [[" + r + "]]]");
                op("aten::bmm", "[[" + r + ", 64, 40], [" + r + ", 40, 1]]");
                op("aten::mul", "[[" + r + ", 64], [" + r + ", 1]]");
                op("aten::sum", "[[" + T + ", 2, 64], [], [], []]");
            } else if (m_form.grouped) {
                const std::string r = std::to_string(4 * L); // T × top-2 routed rows
                op("aten::argsort", "[[" + r + "], [], []]");
                op("aten::index", "[" + t + ", [[" + r + "]]]");
                op("aten::histc", "[[" + r + "], [], [], []]");
                op("aten::cumsum", "[[4], [], []]");
                op("aten::_grouped_mm", "[[" + r + ", 64], [4, 64, 80], [4]]");
                op("aten::silu", "[[" + r + ", 40]]");
                op("aten::mul", "[[" + r + ", 40], [" + r + ", 40]]");
                op("aten::_grouped_mm", "[[" + r + ", 40], [4, 40, 64], [4]]");
                op("aten::mul", "[[" + r + ", 64], [" + r + ", 1]]");
                op("aten::index_add_", "[" + t + ", [], [" + r + "], [" + r + ", 64], []]");
            }
            // The loop runs the experts that have tokens: of T tokens' top-2, T went to one
            // expert and T / 2 to each of two others.
            for (int expert = 0; expert < (m_form.grouped || batched ? 0 : 3); ++expert)
                loopedExpert(2 * L, m_form.oddRows ? 3 : (expert == 0 ? 2 * L : L), 40,
                             m_form.fusedLoop);
            if (!m_form.sharedFirst)
                tokenMlp(2 * L, 96);
            op("aten::mm", "[" + t + ", [64, 1]]");
            op("aten::sigmoid", "[[" + T + ", 1]]");
            op("aten::mul", "[[" + T + ", 1], " + t + "]");
            op("aten::add", "[" + t + ", " + t + ", []]");
            op("aten::add", "[" + x + ", " + x + ", []]");
        }
        finalNormAndHead(x);
        op("aten::argmax", "[[2, 1000], [], []]");
    }
    MoeForm m_form;
};

} // namespace

TEST(TraceModelJoin, MoeLoopOfExpertsJoinsToTheExpertRows)
{
    const ModelConfig model = test::tinyMoeModel();
    const auto join = joinOf(MoeTrace().json(), model);
    ASSERT_TRUE(join);
    EXPECT_DOUBLE_EQ(join->placedTimeShare, 1.0);
    ASSERT_EQ(join->passes.size(), 2u);
    EXPECT_EQ(join->passes[0].phase, Phase::Prefill);
    const JoinedPass& decode = join->passes[1];
    EXPECT_EQ(decode.phase, Phase::Decode);
    EXPECT_EQ(decode.layers, 2);
    expectOperators(decode,
                    {{"embedding", 1},
                     {"input_norm", 4},
                     {"q_proj", 2},
                     {"k_proj", 2},
                     {"v_proj", 2},
                     {"rope", 2},
                     {"kv_cache_write", 2},
                     {"attention", 2},
                     {"o_proj", 2},
                     {"attn_residual", 2},
                     {"post_attention_norm", 2},
                     {"router", 2},
                     {"router_softmax", 2},
                     {"expert_gate_proj", 6},
                     {"expert_act", 6},
                     {"expert_up_proj", 6},
                     {"expert_mul", 6},
                     {"expert_down_proj", 6},
                     {"expert_combine", 18}, // 3 × (scale, index_add_) + sigmoid, mul, add
                     {"shared_gate_proj", 2},
                     {"shared_act", 2},
                     {"shared_up_proj", 2},
                     {"shared_mul", 2},
                     {"shared_down_proj", 2},
                     {"shared_expert_gate", 2},
                     {"mlp_residual", 2},
                     {"final_norm", 1},
                     {"lm_head", 1}},
                    true, true);
    // Dispatch and selection are not in the model, and say so with their time.
    ASSERT_EQ(decode.notInModel.size(), 3u);
    EXPECT_EQ(decode.notInModel[0].op, "aten::index");
    EXPECT_EQ(decode.notInModel[0].kernels, 6);
    EXPECT_NEAR(decode.notInModel[0].measuredS, 60e-6, 1e-12);
    EXPECT_EQ(decode.notInModel[1].op, "aten::topk");
    EXPECT_EQ(decode.notInModel[2].op, "aten::argmax");
    EXPECT_DOUBLE_EQ(findOp(decode, "expert_down_proj")->predictedS,
                     rowTime(model, Phase::Decode, 2, 4, false, "expert_down_proj"));
}

// The same block with grouped GEMMs: one gate_up and one down launch per layer for all the
// experts, joined to the fused expert rows the model view has for them.
// transformers 5's experts: grouped GEMMs in the prefill, batched_mm in decode: the bmm of each
// routed token by its expert's gathered weights is the expert's projection, the gather of the
// weights an operator of its own that the model has no row for.
TEST(TraceModelJoin, MoeBatchedDecodeExpertsJoinToTheExpertRows)
{
    const ModelConfig model = test::tinyMoeModel();
    const auto join = joinOf(MoeTrace({.grouped = true, .batchedDecode = true}).json(), model);
    ASSERT_TRUE(join);
    ASSERT_EQ(join->passes.size(), 2u);
    EXPECT_DOUBLE_EQ(join->placedTimeShare, 1.0);
    EXPECT_EQ(findOp(join->passes[0], "expert_weight_gather"), nullptr);
    const JoinedPass& decode = join->passes[1];
    EXPECT_EQ(decode.layers, 2);
    expectOperators(decode,
                    {{"router", 2},
                     {"router_softmax", 2},
                     {"expert_weight_gather", 4},
                     {"expert_gate_up_proj", 2},
                     {"expert_act", 2},
                     {"expert_mul", 2},
                     {"expert_down_proj", 2},
                     {"shared_gate_proj", 2},
                     {"mlp_residual", 2}},
                    false, false);
    EXPECT_EQ(findOp(decode, "expert_weight_gather")->predictedS, 0.0);
    EXPECT_DOUBLE_EQ(findOp(decode, "expert_down_proj")->predictedS,
                     rowTime(model, Phase::Decode, 2, 4, false, "expert_down_proj"));
    // The bmm's FLOPs are the experts' (2 × rows × K × N).
    EXPECT_DOUBLE_EQ(findOp(decode, "expert_down_proj")->flops, 2 * (2.0 * 4 * 40 * 64));
    std::vector<std::string> notIn;
    for (const NotInModel& n : decode.notInModel)
        notIn.push_back(n.op);
    std::sort(notIn.begin(), notIn.end());
    EXPECT_EQ(notIn, (std::vector<std::string>{"aten::argmax", "aten::clamp", "aten::index_select",
                                               "aten::topk"}));
}

// transformers 5's Qwen-MoE block: the shared expert over every token first, then the router,
// the experts, and the shared expert's gate. Its GEMMs are the shared expert's rows, not a dense
// MLP's, and the pass is predicted as the block that runs it last.
TEST(TraceModelJoin, MoeSharedExpertBeforeTheRouterJoinsToTheSharedRows)
{
    const ModelConfig model = test::tinyMoeModel();
    const auto first = joinOf(MoeTrace({.grouped = true, .sharedFirst = true}).json(), model);
    const auto last = joinOf(MoeTrace({.grouped = true}).json(), model);
    ASSERT_TRUE(first && last);
    EXPECT_DOUBLE_EQ(first->placedTimeShare, 1.0);
    ASSERT_EQ(first->passes.size(), 2u);
    const JoinedPass& decode = first->passes[1];
    EXPECT_EQ(decode.layers, 2);
    expectOperators(decode,
                    {{"post_attention_norm", 2},
                     {"shared_gate_proj", 2},
                     {"shared_act", 2},
                     {"shared_up_proj", 2},
                     {"shared_mul", 2},
                     {"shared_down_proj", 2},
                     {"router", 2},
                     {"router_softmax", 2},
                     {"expert_gate_up_proj", 2},
                     {"expert_act", 2},
                     {"expert_mul", 2},
                     {"expert_down_proj", 2},
                     {"shared_expert_gate", 2},
                     {"expert_combine", 10},
                     {"mlp_residual", 2}},
                    false, true);
    EXPECT_EQ(findOp(decode, "gate_proj"), nullptr);
    EXPECT_EQ(findOp(decode, "down_proj"), nullptr);
    for (std::size_t p = 0; p < 2; ++p) {
        EXPECT_DOUBLE_EQ(first->passes[p].predictedS, last->passes[p].predictedS);
        EXPECT_DOUBLE_EQ(first->passes[p].measuredS, last->passes[p].measuredS);
    }
    EXPECT_DOUBLE_EQ(findOp(decode, "shared_down_proj")->predictedS,
                     rowTime(model, Phase::Decode, 2, 4, true, "shared_down_proj"));
}

// transformers 5's eager loop of experts: each expert's gate and up in one GEMM of its fused
// weight, joined to the fused expert row; the pass predicted as the unfused loop's.
TEST(TraceModelJoin, MoeLoopOfFusedExpertsJoinsToTheFusedExpertRow)
{
    const ModelConfig model = test::tinyMoeModel();
    const auto fused = joinOf(MoeTrace({.sharedFirst = true, .fusedLoop = true}).json(), model);
    ASSERT_TRUE(fused);
    EXPECT_DOUBLE_EQ(fused->placedTimeShare, 1.0);
    ASSERT_EQ(fused->passes.size(), 2u);
    const JoinedPass& decode = fused->passes[1];
    EXPECT_EQ(decode.layers, 2);
    expectOperators(decode,
                    {{"shared_gate_proj", 2},
                     {"shared_down_proj", 2},
                     {"router", 2},
                     {"expert_gate_up_proj", 6},
                     {"expert_act", 6},
                     {"expert_mul", 6},
                     {"expert_down_proj", 6},
                     {"shared_expert_gate", 2},
                     {"mlp_residual", 2}},
                    false, true);
    EXPECT_EQ(findOp(decode, "expert_gate_proj"), nullptr);
    EXPECT_DOUBLE_EQ(findOp(decode, "expert_gate_up_proj")->predictedS,
                     rowTime(model, Phase::Decode, 2, 4, true, "expert_gate_up_proj"));
}

TEST(TraceModelJoin, MoeGroupedGemmsJoinToTheExpertRows)
{
    const ModelConfig model = test::tinyMoeModel();
    const auto join = joinOf(MoeTrace({.grouped = true}).json(), model);
    ASSERT_TRUE(join);
    EXPECT_DOUBLE_EQ(join->placedTimeShare, 1.0);
    ASSERT_EQ(join->passes.size(), 2u);
    const JoinedPass& decode = join->passes[1];
    EXPECT_EQ(decode.layers, 2);
    expectOperators(decode,
                    {{"router", 2},
                     {"router_softmax", 2},
                     {"expert_gate_up_proj", 2},
                     {"expert_act", 2},
                     {"expert_mul", 2},
                     {"expert_down_proj", 2},
                     {"expert_combine", 10},
                     {"shared_gate_proj", 2},
                     {"mlp_residual", 2}},
                    false, true);
    EXPECT_DOUBLE_EQ(findOp(decode, "expert_gate_up_proj")->predictedS,
                     rowTime(model, Phase::Decode, 2, 4, true, "expert_gate_up_proj"));
    std::vector<std::string> notIn;
    for (const NotInModel& n : decode.notInModel)
        notIn.push_back(n.op);
    std::sort(notIn.begin(), notIn.end());
    EXPECT_EQ(notIn, (std::vector<std::string>{"aten::argmax", "aten::argsort", "aten::cumsum",
                                               "aten::histc", "aten::index", "aten::topk"}));
    // Every op of the block has a FLOP and byte model (the synthetic trace has no Input type,
    // so its kernels are not placed here): the MoE's sort, count and combine ops included.
    auto imported = importMeasurementData(MoeTrace({.grouped = true}).json(), "grouped.json");
    ASSERT_TRUE(imported);
    for (const std::string& op : imported->trace.opNames)
        EXPECT_NE(classifyAtenOp(op).family, AtenFamily::None) << op;
}

// A base model's forward (AutoModel: no lm_head), read from a real trace: Qwen1.5-0.5B-Chat's
// Qwen2Model on an H100, batch 16 × 559 tokens, in TraceLens's tests. One prefill pass of 24
// layers; each operator's time against sums by op and Input Dims written with Python (the
// kernels whose External id names the op): q, k and v are the 72 addmm kernels
// [[1024], [8944, 1024], [1024, 1024]] (2266.3 µs), gate and up the 48 mm kernels
// [[8944, 1024], [1024, 2816]] (4015.5 µs), down the 24 [[8944, 2816], [2816, 1024]] (1814.8
// µs), attention the 24 _flash_attention_forward kernels (2722.7 µs).
TEST(TraceModelJoin, BaseModelTraceWithoutLmHeadIsOnePrefillPass)
{
    const std::string file = std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
                             "/h100_kineto_qwen05b_withflops_meta_nestedTL.json.gz";
    auto imported = importMeasurementFile(file);
    ASSERT_TRUE(imported) << imported.error().message;
    ModelCatalog catalog = ModelCatalog::builtin();
    auto models = catalog.loadFile(std::string(ROOFSCOPE_TEST_DATA_DIR) +
                                   "/models/hf/qwen1.5-0.5b/config.json");
    ASSERT_TRUE(models && models->size() == 1u);
    static const HardwareCatalog hw = HardwareCatalog::builtin();
    auto join = joinTraceToModel(*imported, models->front(), *hw.find("h100-sxm5"));
    ASSERT_TRUE(join) << join.error().message;
    ASSERT_EQ(join->passes.size(), 1u);
    const JoinedPass& p = join->passes[0];
    EXPECT_EQ(p.phase, Phase::Prefill);
    EXPECT_EQ(p.batch, 16.0);
    EXPECT_EQ(p.context, 559.0);
    EXPECT_EQ(p.layers, 24);
    EXPECT_EQ(p.kernels, 1465);
    EXPECT_EQ(findOp(p, "lm_head"), nullptr);
    // Its shapes alone read as the config (its 24 layers, Q, K and V with bias).
    const auto read = modelFromTrace(*imported);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(modelShapeSummary(*read),
              "hidden 1024, 24 layers, 16×64 query and 16×64 KV heads with bias, a gated SiLU MLP "
              "of 2816, RMSNorm, vocabulary 151936");
    // Its prediction is the model's prefill step without the lm_head it does not run.
    {
        const ModelConfig& m = models->front();
        auto w = expandWorkload(m, joinScenario(m, Phase::Prefill, 16, 559, false));
        auto t = evaluateWorkload(*w, *hw.find("h100-sxm5"));
        double lmHead = 0.0;
        for (std::size_t i = 0; i < w->ops.size(); ++i)
            if (w->ops[i].key == "lm_head")
                lmHead = t->perOp[i].stepTimeS;
        EXPECT_GT(lmHead, 0.0);
        EXPECT_DOUBLE_EQ(p.predictedS, t->timeS - lmHead);
    }
    const auto measured = [&](std::initializer_list<const char*> names) {
        double sum = 0.0;
        for (const char* name : names) {
            const JoinedOperator* o = findOp(p, name);
            EXPECT_NE(o, nullptr) << name;
            sum += o ? o->measuredS : 0.0;
        }
        return sum;
    };
    EXPECT_NEAR(measured({"q_proj", "k_proj", "v_proj"}), 2266.3e-6, 0.02 * 2266.3e-6);
    EXPECT_NEAR(measured({"gate_proj", "up_proj"}), 4015.5e-6, 0.02 * 4015.5e-6);
    EXPECT_NEAR(measured({"down_proj"}), 1814.8e-6, 0.02 * 1814.8e-6);
    EXPECT_NEAR(measured({"attention"}), 2722.7e-6, 0.02 * 2722.7e-6);
    EXPECT_EQ(findOp(p, "q_proj")->kernels, 24);
    EXPECT_EQ(findOp(p, "final_norm")->kernels, 8);
}

// The eager path's matmuls join to the model's unfused attention rows (QKᵀ, softmax, scores
// · V); repeat_kv's copies are not in the model.
TEST(TraceModelJoin, EagerAttentionJoinsToTheUnfusedAttentionRows)
{
    const ModelConfig model = test::tinyDenseModel();
    const auto join = joinOf(TinyTrace(true).json(), model);
    ASSERT_TRUE(join);
    ASSERT_EQ(join->passes.size(), 2u);
    EXPECT_EQ(join->passes[0].phase, Phase::Prefill);
    EXPECT_EQ(join->passes[0].context, 4.0);
    const JoinedPass& decode = join->passes[1];
    EXPECT_EQ(decode.phase, Phase::Decode);
    EXPECT_EQ(decode.batch, 2.0);
    EXPECT_EQ(decode.context, 4.0);
    EXPECT_EQ(decode.layers, 2);
    const std::vector<OperatorKernels> expected = {{"rope", 4},    {"kv_cache_write", 2},
                                                   {"attn_qk", 2}, {"attn_softmax", 6},
                                                   {"attn_pv", 2}, {"o_proj", 4}};
    expectOperators(decode, expected, false, true);
    for (const OperatorKernels& e : expected)
        EXPECT_DOUBLE_EQ(findOp(decode, e.name)->predictedS,
                         rowTime(model, Phase::Decode, 2, 4, false, e.name))
            << e.name;
    EXPECT_EQ(findOp(decode, "attention"), nullptr);
    ASSERT_FALSE(decode.notInModel.empty());
    EXPECT_EQ(decode.notInModel[0].op, "aten::copy_");
    EXPECT_EQ(decode.notInModel[0].kernels, 4);
}

// attn_implementation="flash_attention_2": the flash-attn package's varlen op (q, k and v
// unpadded) is attention, read and placed; the unpadding gathers are not in the model.
// The kernels hub's flash attention (its ops in a namespace of the build, fwd on [B, L, H, E]
// and varlen_fwd with an optional out= before cu_seqlens_q) is attention too, costed as the
// package's, and the model's heads are read from it.
TEST(TraceModelJoin, FlashAttentionFromTheKernelsHubIsAttention)
{
    const ModelConfig model = test::tinyDenseModel();
    for (const auto form : {TinyTrace::Attention::Hub, TinyTrace::Attention::HubVarlen}) {
        const std::string json = TinyTrace(form).json();
        const auto join = joinOf(json, model);
        ASSERT_TRUE(join);
        EXPECT_DOUBLE_EQ(join->placedTimeShare, 1.0);
        ASSERT_EQ(join->passes.size(), 2u);
        const JoinedPass& decode = join->passes[1];
        EXPECT_EQ(decode.batch, 2.0);
        EXPECT_EQ(decode.context, 4.0);
        EXPECT_EQ(decode.layers, 2);
        expectOperators(decode, {{"attention", 2}, {"o_proj", 4}}, false, true);
        EXPECT_DOUBLE_EQ(findOp(decode, "attention")->flops, 2 * (2.0 * 2 * 4 * 1 * 5 * 32));
        auto imported = importMeasurementData(json, "hub.json");
        ASSERT_TRUE(imported);
        const auto read = modelFromTrace(*imported);
        ASSERT_TRUE(read) << read.error().message;
        EXPECT_EQ(read->heads, 4);
        EXPECT_EQ(read->kvHeads, 2);
        EXPECT_EQ(read->headDim, 16);
    }
    EXPECT_TRUE(flashAttentionHubOp("_flash_attn3_1a2b3c4::fwd"));
    EXPECT_TRUE(flashAttentionHubOp("_vllm_flash_attn3_1a2b3c4::fwd"));
    EXPECT_FALSE(flashAttentionHubOp("_flash_attn_9e27194::bwd"));
    EXPECT_FALSE(flashAttentionHubOp("aten::fwd"));
}

TEST(TraceModelJoin, FlashAttentionPackageVarlenOpIsAttention)
{
    const ModelConfig model = test::tinyDenseModel();
    const auto join = joinOf(TinyTrace(TinyTrace::Attention::FlashVarlen).json(), model);
    ASSERT_TRUE(join);
    EXPECT_DOUBLE_EQ(join->placedTimeShare, 1.0);
    ASSERT_EQ(join->passes.size(), 2u);
    EXPECT_EQ(join->passes[0].phase, Phase::Prefill);
    EXPECT_EQ(join->passes[0].context, 4.0);
    const JoinedPass& decode = join->passes[1];
    EXPECT_EQ(decode.phase, Phase::Decode);
    EXPECT_EQ(decode.batch, 2.0);
    EXPECT_EQ(decode.context, 4.0);
    EXPECT_EQ(decode.layers, 2);
    expectOperators(decode, {{"attention", 2}, {"o_proj", 4}, {"kv_cache_write", 2}}, false, true);
    // 2 · B · H · L · S · (E + E) FLOPs: one query row a sequence against its 5 keys.
    EXPECT_DOUBLE_EQ(findOp(decode, "attention")->flops, 2 * (2.0 * 2 * 4 * 1 * 5 * 32));
}

namespace {

// Phi-2's shape at 2 layers: LayerNorm, Q, K and V with bias, partial RoPE (6 of 16 dims
// rotated, then joined to the 10 passed through), attention and the MLP side by side on one
// normed input, GELU written out in Python (gelu_new), one sum of attention, MLP and residual.
class PhiTrace : public TraceWriter {
private:
    void pass(int L, int S, int cached) override
    {
        const std::string l = std::to_string(L), T = std::to_string(2 * L);
        const std::string x = "[2, " + l + ", 64]", t = "[" + T + ", 64]", q = "[2, 4, " + l;
        const std::string u = "[2, " + l + ", 256]";
        op("aten::embedding", "[[1000, 64], [2, " + l + "], [], [], []]");
        for (int layer = 0; layer < 2; ++layer) {
            op("aten::native_layer_norm", "[" + x + ", [], [64], [64], []]");
            for (int p = 0; p < 3; ++p)
                op("aten::addmm", "[[64], " + t + ", [64, 64], [], []]");
            op("aten::mul", "[" + q + ", 6], [2, 1, " + l + ", 6]]");
            op("aten::cat", "[[" + q + ", 3], " + q + ", 3]], []]");
            op("aten::cat", "[[" + q + ", 6], " + q + ", 10]], []]");
            op("aten::cat", "[[" + q + ", 6], " + q + ", 10]], []]");
            op("aten::cat", std::string("[[") + (cached ? "[2, 4, 4, 16]" : "[0]") + ", [2, 4, " +
                                l + ", 16]], []]");
            op("aten::_scaled_dot_product_efficient_attention",
               "[" + q + ", 16], [2, 4, " + std::to_string(S) + ", 16], [2, 4, " +
                   std::to_string(S) + ", 16], [], [], [], []]");
            op("aten::addmm", "[[64], " + t + ", [64, 64], [], []]");
            op("aten::addmm", "[[256], " + t + ", [64, 256], [], []]");
            op("aten::mul", "[" + u + ", []]");
            op("aten::pow", "[" + u + ", []]");
            op("aten::add", "[" + u + ", " + u + ", []]");
            op("aten::tanh", "[" + u + "]");
            op("aten::mul", "[" + u + ", " + u + "]");
            op("aten::addmm", "[[64], [" + T + ", 256], [256, 64], [], []]");
            op("aten::add", "[" + x + ", " + x + ", []]");
            op("aten::add", "[" + x + ", " + x + ", []]");
        }
        op("aten::native_layer_norm", "[" + x + ", [], [64], [64], []]");
        op("aten::addmm", "[[1000], [2, 64], [64, 1000], [], []]");
        op("aten::argmax", "[[2, 1000], [], []]");
    }
};

} // namespace

TEST(TraceModelJoin, ParallelBlockWithPartialRopeAndPythonGelu)
{
    ModelCatalog catalog = ModelCatalog::builtin();
    auto models =
        catalog.loadFile(std::string(ROOFSCOPE_TEST_DATA_DIR) + "/models/hf/phi-2/config.json");
    ASSERT_TRUE(models && models->size() == 1u);
    ModelConfig model = models->front();
    model.hiddenSize = 64;
    model.intermediateSize = 256;
    model.heads = model.kvHeads = 4;
    model.headDim = 16;
    model.vocabSize = 1000;
    model.layers = 2;
    const auto join = joinOf(PhiTrace().json(), model);
    ASSERT_TRUE(join);
    ASSERT_EQ(join->passes.size(), 2u);
    const JoinedPass& decode = join->passes[1];
    EXPECT_EQ(decode.layers, 2);
    EXPECT_EQ(decode.context, 4.0);
    expectOperators(decode,
                    {{"embedding", 1},
                     {"input_norm", 2},
                     {"q_proj", 2},
                     {"k_proj", 2},
                     {"v_proj", 2},
                     {"rope", 8},
                     {"kv_cache_write", 2},
                     {"attention", 2},
                     {"o_proj", 2},
                     {"up_proj", 2},
                     {"act", 10},
                     {"down_proj", 2},
                     {"attn_residual", 2},
                     {"mlp_residual", 2},
                     {"final_norm", 1},
                     {"lm_head", 1}},
                    true, true);
}

namespace {

// Qwen3's attention: an RMSNorm over each head of Q and of K (q_norm, k_norm) right after
// their projections, before V's; RoPE after all three.
class Qwen3Trace : public TraceWriter {
private:
    void headNorm(const std::string& l, int heads)
    {
        const std::string x = "[2, " + l + ", " + std::to_string(heads);
        op("aten::pow", "[" + x + ", 16], []]");
        op("aten::mean", "[" + x + ", 16], [], [], []]");
        op("aten::rsqrt", "[" + x + ", 1]]");
        op("aten::mul", "[" + x + ", 16], " + x + ", 1]]");
        op("aten::mul", "[[16], " + x + ", 16]]");
    }
    void pass(int L, int S, int cached) override
    {
        const std::string l = std::to_string(L), T = std::to_string(2 * L);
        const std::string x = "[2, " + l + ", 64]", t = "[" + T + ", 64]";
        op("aten::embedding", "[[1000, 64], [2, " + l + "], [], [], []]");
        for (int layer = 0; layer < 2; ++layer) {
            op("aten::pow", "[" + x + ", []]");
            op("aten::mul", "[[64], " + x + "]");
            op("aten::mm", "[" + t + ", [64, 64]]");
            headNorm(l, 4);
            op("aten::mm", "[" + t + ", [64, 32]]");
            headNorm(l, 2);
            op("aten::mm", "[" + t + ", [64, 32]]");
            op("aten::mul", "[[2, 4, " + l + ", 16], [2, 1, " + l + ", 16]]");
            op("aten::cat", "[[[2, 4, " + l + ", 8], [2, 4, " + l + ", 8]], []]");
            attentionBlock(L, S, cached);
            op("aten::mm", "[" + t + ", [64, 192]]");
            op("aten::silu", "[[2, " + l + ", 192]]");
            op("aten::mm", "[" + t + ", [64, 192]]");
            op("aten::mul", "[[2, " + l + ", 192], [2, " + l + ", 192]]");
            op("aten::mm", "[[" + T + ", 192], [192, 64]]");
            op("aten::add", "[" + x + ", " + x + ", []]");
        }
        finalNormAndHead(x);
    }
};

} // namespace

// Qwen3's q_norm and k_norm have no row in the model view: their kernels are not in the model,
// and RoPE keeps only RoPE's.
TEST(TraceModelJoin, PerHeadQkNormsAreNotTakenForRope)
{
    ModelConfig model = test::tinyDenseModel();
    model.qkvBias = false;
    const auto join = joinOf(Qwen3Trace().json(), model);
    ASSERT_TRUE(join);
    const JoinedPass& decode = join->passes[1];
    EXPECT_EQ(decode.layers, 2);
    EXPECT_EQ(findOp(decode, "rope")->kernels, 4);
    EXPECT_EQ(findOp(decode, "q_proj")->kernels, 2);
    EXPECT_EQ(findOp(decode, "k_proj")->kernels, 2);
    EXPECT_EQ(findOp(decode, "v_proj")->kernels, 2);
    EXPECT_EQ(findOp(decode, "kv_cache_write")->kernels, 2);
    long long notIn = 0;
    for (const NotInModel& n : decode.notInModel)
        notIn += n.kernels;
    EXPECT_EQ(notIn, 2 * 2 * 5); // two norms of five kernels in each of two layers
}

namespace {

// Gemma-2's shape at 2 layers (hidden 64, 4 query heads of 32 over 1 KV head, a GeGLU MLP of
// 192, the head tied to the embedding) as Hugging Face runs it: the looked-up rows scaled by
// √hidden, each RMSNorm in float with (1 + weight) as ten kernels, a norm on attention's output
// and on the MLP's before their residual adds besides the two before attention and the MLP,
// K and V repeated to the query heads, the logits soft-capped. With `eager`, attention's scores
// soft-capped too (bmm, scale, div, tanh, mul, mask, softmax, cast, bmm); with `staticCache`,
// the cache written with index_copy_ into 8 slots that attention reads whole at every step.
class GemmaTrace : public TraceWriter {
public:
    // `slidingWindow`: Mistral's and Gemma-2's local cache past a window of 3: the last 2 keys
    // kept and the new one appended (cat), 3 read at every decode step.
    GemmaTrace(bool eager, bool staticCache, bool slidingWindow = false)
        : m_eager(eager), m_static(staticCache), m_sliding(slidingWindow)
    {
    }

private:
    void norm(const std::string& l)
    {
        const std::string x = "[2, " + l + ", 64]", s = "[2, " + l + ", 1]";
        op("aten::_to_copy", "[" + x + ", [], [], [], [], [], []]");
        op("aten::pow", "[" + x + ", []]");
        op("aten::mean", "[" + x + ", [], [], []]");
        op("aten::add", "[" + s + ", [], []]");
        op("aten::rsqrt", "[" + s + "]");
        op("aten::mul", "[" + x + ", " + s + "]");
        op("aten::_to_copy", "[[64], [], [], [], [], [], []]");
        op("aten::add", "[[64], [], []]");
        op("aten::mul", "[" + x + ", [64]]");
        op("aten::_to_copy", "[" + x + ", [], [], [], [], [], []]");
    }
    void rope(const std::string& l, const std::string& heads)
    {
        const std::string full = "[2, " + heads + ", " + l + ", 32]";
        const std::string half = "[2, " + heads + ", " + l + ", 16]";
        op("aten::mul", "[" + full + ", [2, 1, " + l + ", 32]]");
        op("aten::neg", "[" + half + "]");
        op("aten::cat", "[[" + half + ", " + half + "], []]");
        op("aten::mul", "[" + full + ", [2, 1, " + l + ", 32]]");
        op("aten::add", "[" + full + ", " + full + ", []]");
    }
    void pass(int L, int S, int cached) override
    {
        const std::string l = std::to_string(L), T = std::to_string(2 * L);
        const std::string x = "[2, " + l + ", 64]", t = "[" + T + ", 64]";
        const std::string s = std::to_string(m_static ? 8 : m_sliding && L == 1 ? 3 : S);
        op("aten::embedding", "[[1000, 64], [2, " + l + "], [], [], []]");
        op("aten::mul", "[" + x + ", []]");
        op("aten::cos", "[[2, " + l + ", 32]]");
        op("aten::sin", "[[2, " + l + ", 32]]");
        for (int layer = 0; layer < 2; ++layer) {
            norm(l);
            op("aten::mm", "[" + t + ", [64, 128]]");
            op("aten::mm", "[" + t + ", [64, 32]]");
            op("aten::mm", "[" + t + ", [64, 32]]");
            rope(l, "4");
            rope(l, "1");
            for (int kv = 0; kv < 2; ++kv)
                if (m_static)
                    op("aten::index_copy_",
                       "[[2, 1, 8, 32], [], [" + l + "], [2, 1, " + l + ", 32]]");
                else
                    op("aten::cat",
                       std::string("[[") +
                           (cached ? "[2, 1, " + std::to_string(m_sliding ? 2 : cached) + ", 32]"
                                   : std::string("[0]")) +
                           ", [2, 1, " + l + ", 32]], []]");
            for (int kv = 0; kv < 2; ++kv) // repeat_kv
                op("aten::clone", "[[2, 1, 4, " + s + ", 32], []]");
            const std::string scores = "[2, 4, " + l + ", " + s + "]";
            if (m_eager) {
                op("aten::bmm", "[[8, " + l + ", 32], [8, 32, " + s + "]]");
                op("aten::mul", "[" + scores + ", []]");
                op("aten::div", "[" + scores + ", []]");
                op("aten::tanh", "[" + scores + "]");
                op("aten::mul", "[" + scores + ", []]");
                op("aten::add", "[" + scores + ", [2, 1, " + l + ", " + s + "], []]");
                op("aten::_softmax", "[" + scores + ", [], []]");
                op("aten::_to_copy", "[" + scores + ", [], [], [], [], [], []]");
                op("aten::bmm", "[[8, " + l + ", " + s + "], [8, " + s + ", 32]]");
                op("aten::clone", "[[2, " + l + ", 4, 32], []]");
            } else {
                op("aten::_scaled_dot_product_efficient_attention",
                   "[[2, 4, " + l + ", 32], [2, 4, " + s + ", 32], [2, 4, " + s +
                       ", 32], [], [], [], []]");
            }
            op("aten::mm", "[[" + T + ", 128], [128, 64]]");
            norm(l);
            op("aten::add", "[" + x + ", " + x + ", []]");
            norm(l);
            op("aten::mm", "[" + t + ", [64, 192]]");
            op("aten::gelu", "[[2, " + l + ", 192], []]");
            op("aten::mm", "[" + t + ", [64, 192]]");
            op("aten::mul", "[[2, " + l + ", 192], [2, " + l + ", 192]]");
            op("aten::mm", "[[" + T + ", 192], [192, 64]]");
            norm(l);
            op("aten::add", "[" + x + ", " + x + ", []]");
        }
        norm(l);
        op("aten::mm", "[[2, 64], [64, 1000]]");
        op("aten::div", "[[2, 1, 1000], []]");
        op("aten::tanh", "[[2, 1, 1000]]");
        op("aten::mul", "[[2, 1, 1000], []]");
        op("aten::argmax", "[[2, 1000], [], []]");
    }
    bool m_eager = false;
    bool m_static = false;
    bool m_sliding = false;
};

// The Gemma-2 config of the tests' data cut to the trace's sizes.
ModelConfig tinyGemma2()
{
    ModelCatalog catalog = ModelCatalog::builtin();
    auto models = catalog.loadFile(std::string(ROOFSCOPE_TEST_DATA_DIR) +
                                   "/models/hf/gemma-2-9b/config.json");
    EXPECT_TRUE(models && models->size() == 1u);
    ModelConfig model = models->front();
    model.hiddenSize = 64;
    model.intermediateSize = 192;
    model.heads = 4;
    model.kvHeads = 1;
    model.headDim = 32;
    model.vocabSize = 1000;
    model.layers = 2;
    return model;
}

} // namespace

// Gemma-2's four norms a layer: the two the model has (before attention, before the MLP) and
// the two on attention's and the MLP's outputs, which it has no row for; the embedding's scale
// is the embedding's; the logits' soft cap is not in the model.
TEST(TraceModelJoin, GemmaSandwichNormsAndScaledEmbedding)
{
    const ModelConfig model = tinyGemma2();
    const auto join = joinOf(GemmaTrace(false, false).json(), model);
    ASSERT_TRUE(join);
    ASSERT_EQ(join->passes.size(), 2u);
    EXPECT_TRUE(join->notes.empty());
    EXPECT_DOUBLE_EQ(join->placedTimeShare, 1.0);
    const JoinedPass& decode = join->passes[1];
    EXPECT_EQ(decode.phase, Phase::Decode);
    EXPECT_EQ(decode.layers, 2);
    EXPECT_EQ(decode.context, 4.0);
    expectOperators(decode, {{"embedding", 2},      {"input_norm", 20},
                             {"q_proj", 2},         {"k_proj", 2},
                             {"v_proj", 2},         {"rope", 20},
                             {"kv_cache_write", 4}, {"attention", 2},
                             {"o_proj", 2},         {"attn_output_norm", 20},
                             {"attn_residual", 2},  {"post_attention_norm", 20},
                             {"gate_proj", 2},      {"act", 2},
                             {"up_proj", 2},        {"mul", 2},
                             {"down_proj", 2},      {"mlp_output_norm", 20},
                             {"mlp_residual", 2},   {"final_norm", 10},
                             {"lm_head", 1}},
                    true, false);
    for (const char* name : {"attn_output_norm", "mlp_output_norm"})
        EXPECT_EQ(findOp(decode, name)->predictedS, 0.0) << name;
    for (const char* name : {"embedding", "input_norm", "q_proj", "attention", "lm_head"})
        EXPECT_GT(findOp(decode, name)->predictedS, 0.0) << name;
    long long notIn = 0;
    for (const NotInModel& n : decode.notInModel)
        notIn += n.kernels;
    EXPECT_EQ(notIn, 2 + 4 + 4); // cos and sin; repeat_kv's copies; the soft cap and argmax
}

// A static cache: attention reads all 8 slots at every step, so the decode contexts are
// counted from the prefill (4, then 5), and the join says so; eager attention's soft cap is
// attention's softmax work.
TEST(TraceModelJoin, StaticCacheDecodeContextsAreCountedFromThePrefill)
{
    const ModelConfig model = tinyGemma2();
    const auto join = joinOf(GemmaTrace(true, true).json(2), model);
    ASSERT_TRUE(join);
    ASSERT_EQ(join->passes.size(), 3u);
    EXPECT_DOUBLE_EQ(join->placedTimeShare, 1.0);
    EXPECT_EQ(join->passes[0].phase, Phase::Prefill);
    EXPECT_EQ(join->passes[0].context, 4.0);
    EXPECT_EQ(join->passes[1].context, 4.0);
    EXPECT_EQ(join->passes[2].context, 5.0);
    ASSERT_EQ(join->notes.size(), 1u);
    EXPECT_EQ(join->notes[0], "attention reads a static KV cache of 8 slots at every decode step, "
                              "so its key length is not the context: the 2 decode steps after a "
                              "prefill take the prompt plus one token a step");
    const JoinedPass& decode = join->passes[2];
    EXPECT_EQ(decode.layers, 2);
    expectOperators(decode,
                    {{"kv_cache_write", 4},
                     {"attn_qk", 2},
                     {"attn_softmax", 14},
                     {"attn_pv", 2},
                     {"o_proj", 2},
                     {"attn_output_norm", 20}},
                    false, false);
    EXPECT_DOUBLE_EQ(findOp(decode, "attn_qk")->predictedS,
                     rowTime(model, Phase::Decode, 2, 5, false, "attn_qk"));
    EXPECT_DOUBLE_EQ(decode.predictedS, stepTime(model, Phase::Decode, 2, 5));

    // Without the prefill there is nothing to count from: the cache's size stays the context,
    // and the join says so.
    const auto unanchored = joinOf(GemmaTrace(true, true).decodeOnly(2), model);
    ASSERT_TRUE(unanchored);
    ASSERT_EQ(unanchored->passes.size(), 2u);
    EXPECT_EQ(unanchored->passes[1].context, 7.0);
    ASSERT_EQ(unanchored->notes.size(), 1u);
    EXPECT_EQ(unanchored->notes[0], "2 decode steps before any prefill take the static KV "
                                    "cache's size (8 slots) as their context");
}

// A sliding-window cache past its window: 3 keys at every decode step, fewer than the prompt's
// 4, so no static cache; the contexts are counted from the prefill the same way, and the note
// says what the cache is.
TEST(TraceModelJoin, SlidingWindowCacheIsToldFromAStaticOne)
{
    const ModelConfig model = tinyGemma2();
    const auto join = joinOf(GemmaTrace(false, false, true).json(2), model);
    ASSERT_TRUE(join);
    ASSERT_EQ(join->passes.size(), 3u);
    EXPECT_EQ(join->passes[1].context, 4.0);
    EXPECT_EQ(join->passes[2].context, 5.0);
    ASSERT_EQ(join->notes.size(), 1u);
    EXPECT_EQ(join->notes[0], "attention reads a sliding window of the last 3 keys at every "
                              "decode step, so its key length is not the context: the 2 decode "
                              "steps after a prefill take the prompt plus one token a step, and "
                              "the model attends to all of it");
    EXPECT_EQ(join->passes[2].layers, 2);
    EXPECT_DOUBLE_EQ(join->passes[2].predictedS, stepTime(model, Phase::Decode, 2, 5));
}

namespace {

// DeepSeek-V3's shape at 2 layers, as Hugging Face runs it eagerly: multi-head latent
// attention (Q through a 24-wide latent, K and V up-projected from a 16-wide one, 4 rotary
// dims, values 8 wide), a dense first layer, then a MoE layer whose experts are scored by a
// sigmoid and whose one shared expert is as wide as a routed one (16) but runs on every token.
class MlaTrace : public TraceWriter {
private:
    void pass(int L, int S, int cached) override
    {
        const std::string l = std::to_string(L), T = std::to_string(2 * L);
        const std::string x = "[2, " + l + ", 64]", t = "[" + T + ", 64]", q = "[2, 4, " + l;
        const std::string past = cached ? "[2, 4, 4, " : "";
        op("aten::embedding", "[[1000, 64], [2, " + l + "], [], [], []]");
        for (int layer = 0; layer < 2; ++layer) {
            op("aten::pow", "[" + x + ", []]");
            op("aten::mul", "[[64], " + x + "]");
            op("aten::mm", "[" + t + ", [64, 24]]");
            op("aten::pow", "[[2, " + l + ", 24], []]");
            op("aten::mul", "[[24], [2, " + l + ", 24]]");
            op("aten::mm", "[[" + T + ", 24], [24, 48]]");
            op("aten::mm", "[" + t + ", [64, 20]]");
            op("aten::pow", "[[2, " + l + ", 16], []]");
            op("aten::mul", "[[16], [2, " + l + ", 16]]");
            op("aten::mm", "[[" + T + ", 16], [16, 64]]");
            op("aten::mul", "[" + q + ", 4], [2, 1, " + l + ", 4]]");
            op("aten::cat", "[[" + q + ", 8], " + q + ", 4]], []]");
            op("aten::cat", "[[" + q + ", 8], " + q + ", 4]], []]");
            op("aten::cat",
               "[[" + (cached ? past + "12]" : std::string("[0]")) + ", " + q + ", 12]], []]");
            op("aten::cat",
               "[[" + (cached ? past + "8]" : std::string("[0]")) + ", " + q + ", 8]], []]");
            op("aten::_scaled_dot_product_efficient_attention",
               "[" + q + ", 12], [2, 4, " + std::to_string(S) + ", 12], [2, 4, " +
                   std::to_string(S) + ", 8], [], [], [], []]");
            op("aten::mm", "[[" + T + ", 32], [32, 64]]");
            op("aten::add", "[" + x + ", " + x + ", []]");
            op("aten::mul", "[[64], " + x + "]");
            if (layer == 0) {
                op("aten::mm", "[" + t + ", [64, 48]]");
                op("aten::silu", "[[2, " + l + ", 48]]");
                op("aten::mm", "[" + t + ", [64, 48]]");
                op("aten::mul", "[[2, " + l + ", 48], [2, " + l + ", 48]]");
                op("aten::mm", "[[" + T + ", 48], [48, 64]]");
            } else {
                op("aten::mm", "[" + t + ", [64, 4]]");
                op("aten::sigmoid", "[[" + T + ", 4]]");
                op("aten::topk", "[[" + T + ", 4], [], [], [], []]");
                for (int expert = 0; expert < 2; ++expert)
                    loopedExpert(2 * L, 1, 16);
                tokenMlp(2 * L, 16);
                op("aten::add", "[" + x + ", " + x + ", []]");
            }
            op("aten::add", "[" + x + ", " + x + ", []]");
        }
        finalNormAndHead(x);
    }
};

} // namespace

TEST(TraceModelJoin, LatentAttentionAndDeepSeekMoeJoinToTheirRows)
{
    const ModelConfig model = test::tinyMlaModel();
    const auto join = joinOf(MlaTrace().json(), model);
    ASSERT_TRUE(join);
    ASSERT_EQ(join->passes.size(), 2u);
    const JoinedPass& prefill = join->passes[0];
    const JoinedPass& decode = join->passes[1];
    EXPECT_EQ(prefill.phase, Phase::Prefill);
    EXPECT_EQ(decode.phase, Phase::Decode);
    EXPECT_EQ(decode.context, 4.0);
    EXPECT_EQ(decode.layers, 2);
    expectOperators(decode, {{"q_a_proj", 2},       {"q_a_norm", 4},
                             {"q_b_proj", 2},       {"kv_a_proj", 2},
                             {"kv_a_norm", 4},      {"kv_b_proj", 2},
                             {"rope", 6},           {"kv_cache_write", 4},
                             {"attention", 2},      {"o_proj", 2},
                             {"gate_proj", 1},      {"up_proj", 1},
                             {"down_proj", 1},      {"router", 1},
                             {"router_softmax", 1}, {"expert_gate_proj", 2},
                             {"expert_up_proj", 2}, {"expert_down_proj", 2},
                             {"expert_combine", 5}, {"shared_gate_proj", 1},
                             {"shared_up_proj", 1}, {"shared_down_proj", 1},
                             {"shared_act", 1},     {"mlp_residual", 2}},
                    false, false);
    // Hugging Face up-projects K and V at every step; the model's decode absorbs W_UK and
    // W_UV (no kv_b_proj row), so the join shows that GEMM's time against no prediction.
    EXPECT_EQ(findOp(decode, "kv_b_proj")->predictedS, 0.0);
    EXPECT_GT(findOp(prefill, "kv_b_proj")->predictedS, 0.0);
    EXPECT_DOUBLE_EQ(findOp(decode, "q_b_proj")->predictedS,
                     rowTime(model, Phase::Decode, 2, 4, false, "q_b_proj"));
    EXPECT_DOUBLE_EQ(findOp(decode, "attention")->predictedS,
                     rowTime(model, Phase::Decode, 2, 4, false, "attention"));
}

TEST(TraceModelJoin, TraceWithoutShapesSaysHowToRecordThem)
{
    const std::string text =
        R"({"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "ts": 1, "dur": 2,
        "args": {"External id": 1}}, {"ph": "X", "cat": "kernel", "name": "gemm", "ts": 1,
        "dur": 2, "args": {"External id": 1}}]})";
    auto imported = importMeasurementData(text, "noshapes.json");
    ASSERT_TRUE(imported) << imported.error().message;
    imported->file = "noshapes.json"; // as importMeasurementFile names it
    auto join = joinTraceToModel(*imported, test::tinyDenseModel(), h200());
    ASSERT_FALSE(join);
    EXPECT_NE(join.error().message.find("noshapes.json"), std::string::npos);
    EXPECT_NE(join.error().message.find("record_shapes=True"), std::string::npos);
}

// Traces the join cannot read say why, naming what they hold: a CUDA-graph replay (kernels
// without a launching op, as SGLang's decode trace in TraceLens's tests), and a serving
// engine's attention op (aiter::mha_batch_prefill of SGLang's prefill trace there).
TEST(TraceModelJoin, GraphReplaysAndEngineAttentionOpsAreNamed)
{
    const std::string graph =
        R"({"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "aten::argmax", "ts": 1,
        "dur": 2, "args": {"External id": 1, "Input Dims": [[2, 1000], [], []]}},
        {"ph": "X", "cat": "kernel", "name": "argmax_k", "ts": 1, "dur": 2, "args": {"External id": 1}},
        {"ph": "X", "cat": "kernel", "name": "gemm_a", "ts": 4, "dur": 2, "args": {}},
        {"ph": "X", "cat": "kernel", "name": "gemm_b", "ts": 7, "dur": 2, "args": {}}]})";
    auto replay = importMeasurementData(graph, "graph.json");
    ASSERT_TRUE(replay) << replay.error().message;
    replay->file = "graph.json";
    auto join = joinTraceToModel(*replay, test::tinyDenseModel(), h200());
    ASSERT_FALSE(join);
    EXPECT_EQ(join.error().message,
              "graph.json: no GEMM op with Input Dims to match to tiny: 2 of 3 kernels have no "
              "launching op (replayed from a CUDA graph?); profile the model eagerly, e.g. "
              "model.generate() under torch.profiler with record_shapes=True");

    class EngineTrace : public TraceWriter {
    public:
        std::string events()
        {
            op("aten::mm", "[[8, 64], [64, 128]]");
            op("aiter::mha_batch_prefill", "[[8, 4, 16], [900, 2, 16], [900, 2, 16], [3]]");
            op("aten::mm", "[[2, 64], [64, 1000]]");
            return finish();
        }
    };
    auto engine = importMeasurementData(EngineTrace().events(), "engine.json");
    ASSERT_TRUE(engine) << engine.error().message;
    engine->file = "engine.json";
    join = joinTraceToModel(*engine, test::tinyDenseModel(), h200());
    ASSERT_FALSE(join);
    EXPECT_NE(join.error().message.find("pass 1 has no attention op the join reads"),
              std::string::npos)
        << join.error().message;
    EXPECT_NE(join.error().message.find("its attention runs in aiter::mha_batch_prefill, a "
                                        "serving engine's op"),
              std::string::npos)
        << join.error().message;
}

// The chart's points of a joined pass (core/figure/passpoints.h): a decode step's Q projection
// on the H200, measured and predicted. Batch 16 × hidden 4096 in bf16 against a 4096 × 4096
// weight: FLOPs 2·16·4096² per layer, bytes 2·4096² + 2·(2·16·4096), an intensity of
// 131072 / 8256 = 15.876 FLOP/byte, in the model as in the trace's shapes (each tensor once).
TEST(TraceModelJoin, PassPointsPutEachOperatorWhereItRanAndWhereTheModelPutsIt)
{
    const Real& r = real();
    ASSERT_TRUE(r.trace && r.model) << r.problem;
    auto join = joinTraceToModel(*r.trace, *r.model, h200());
    ASSERT_TRUE(join) << join.error().message;
    const JoinedPass& decode = join->passes[1];
    const std::vector<FigurePassPoint> points = passPointsFor(decode, 7);
    const FigurePassPoint* q = nullptr;
    std::size_t withFlops = 0;
    for (const JoinedOperator& o : decode.operators)
        withFlops += o.flops > 0.0 && o.bytes > 0.0 ? 1 : 0;
    EXPECT_EQ(points.size(), withFlops) << "one point per operator whose kernels have FLOPs";
    for (const FigurePassPoint& p : points) {
        EXPECT_EQ(p.hardware, 7);
        if (p.name == "q_proj")
            q = &p;
    }
    ASSERT_NE(q, nullptr);
    const JoinedOperator* o = findOp(decode, "q_proj");
    ASSERT_NE(o, nullptr);
    const double ai = 131072.0 / 8256.0;
    EXPECT_NEAR(q->measured.ai, ai, ai * 0.01);
    EXPECT_DOUBLE_EQ(q->measured.flops, o->flops / o->measuredS);
    EXPECT_NEAR(o->flops, 2.0 * 16 * 4096 * 4096 * 32, 1.0);
    ASSERT_TRUE(q->predicted.has_value());
    EXPECT_NEAR(q->predicted->ai, ai, ai * 1e-3);
    EXPECT_NEAR(o->predictedFlops, 2.0 * 16 * 4096 * 4096 * 32, 1.0);
    // The row `roofscope model --phase decode --batch 16 --context 512` prints, on the H200.
    const double rowS = rowTime(*r.model, Phase::Decode, 16, 512, false, "q_proj");
    EXPECT_DOUBLE_EQ(q->predictedS, rowS);
    EXPECT_DOUBLE_EQ(q->predicted->flops, o->predictedFlops / rowS);
    // Measured on a real H200, the projection runs under its bound: slower than predicted.
    EXPECT_GT(q->measuredS, q->predictedS);
    EXPECT_LT(q->measured.flops, q->predicted->flops);

    // An operator whose kernels have no FLOPs (a trace without shapes) has no point; one the
    // model has no row for has no prediction.
    JoinedPass bare;
    bare.operators = {{"attention", 2, 1e-3, 0.0, 0.0, 0.0, 0.0, 0.0, {}},
                      {"mystery", 1, 1e-3, 0.0, 0.0, 0.0, 4e9, 1e8, {}}};
    const std::vector<FigurePassPoint> few = passPointsFor(bare, 0);
    ASSERT_EQ(few.size(), 1U);
    EXPECT_EQ(few[0].name, "mystery");
    EXPECT_FALSE(few[0].predicted.has_value());
    EXPECT_DOUBLE_EQ(few[0].measured.ai, 40.0);
    EXPECT_DOUBLE_EQ(few[0].measured.flops, 4e12);
}

// The join as rows, CSV and JSON (core/measured/modeljoinreport): what the CLI prints and the
// Passes panel exports. Every pass's operators and then what the model lacks, numbers in CSV
// that read back to the join's own.
TEST(TraceModelJoin, ReportRowsCsvAndJsonHoldTheJoin)
{
    const Real& r = real();
    ASSERT_TRUE(r.trace && r.model) << r.problem;
    auto join = joinTraceToModel(*r.trace, *r.model, h200());
    ASSERT_TRUE(join) << join.error().message;

    std::size_t want = 0;
    for (const JoinedPass& p : join->passes)
        want += p.operators.size() + p.notInModel.size();
    const ModelJoinRows rows = modelJoinRows(*join, "operator", true);
    ASSERT_EQ(rows.header.size(), 9u);
    EXPECT_EQ(rows.header[2], "operator");
    ASSERT_EQ(rows.rows.size(), want);
    // The first row: the prefill's first operator, its measured seconds as shortest C text.
    const JoinedOperator& first = join->passes[0].operators[0];
    EXPECT_EQ(rows.rows[0][0], "1");
    EXPECT_EQ(rows.rows[0][1], "prefill");
    EXPECT_EQ(rows.rows[0][2], first.name);
    EXPECT_EQ(parseNumber(rows.rows[0][4]), first.measuredS);
    EXPECT_EQ(parseNumber(rows.rows[0][7]), first.flops);
    // Human text for a terminal.
    const ModelJoinRows shown = modelJoinRows(*join, "operator", false);
    EXPECT_EQ(shown.rows[0][4], formatDuration(first.measuredS));
    EXPECT_EQ(modelJoinRows(*join, "pass", true).rows.size(), 16u);
    std::size_t layers = 0;
    for (const JoinedPass& p : join->passes)
        layers += p.layerTimes.size();
    EXPECT_EQ(modelJoinRows(*join, "layer", true).rows.size(), layers);

    // CSV: the header line, then a line per row.
    const std::string csv = modelJoinCsv(*join, "operator");
    EXPECT_EQ(csv.substr(0, csv.find('\n')),
              "pass,phase,operator,kernels,measured,predicted,measured/predicted,FLOP,bytes");
    EXPECT_EQ(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')), want + 1);

    const nlohmann::ordered_json json = modelJoinJson(*join, {"a warning"});
    EXPECT_EQ(json["model"], r.model->id);
    EXPECT_EQ(json["gpu"], "h200-sxm");
    ASSERT_EQ(json["model_view"]["passes"].size(), 16u);
    const auto& decode = json["model_view"]["passes"][1];
    EXPECT_EQ(decode["phase"], "decode");
    EXPECT_EQ(decode["kernels"], 1502);
    EXPECT_EQ(decode["operators"].size(), join->passes[1].operators.size());
    EXPECT_EQ(decode["sentence"], join->passes[1].sentence);
    EXPECT_EQ(json["warnings"], nlohmann::ordered_json::array({"a warning"}));
}

// The model read from the real trace's shapes is the config it ran, and joins to the same
// predictions.
TEST(TraceModelFromShapes, H200LlamaTraceReadsAsItsConfig)
{
    const Real& r = real();
    ASSERT_TRUE(r.trace) << r.problem;
    const auto read = modelFromTrace(*r.trace);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(read->id, "h200-kineto-llama31-8b-random-generate-b16-p512-n16");
    // The one table its lookups read: what a catalog model must match to be tried.
    EXPECT_EQ(traceLookupTables(r.trace->trace),
              (std::vector<std::pair<std::int64_t, std::int64_t>>{{128256, 4096}}));
    EXPECT_EQ(read->hiddenSize, r.model->hiddenSize);
    EXPECT_EQ(read->intermediateSize, r.model->intermediateSize);
    EXPECT_EQ(read->layers, r.model->layers);
    EXPECT_EQ(read->heads, r.model->heads);
    EXPECT_EQ(read->kvHeads, r.model->kvHeads);
    EXPECT_EQ(read->headDim, r.model->headDim);
    EXPECT_EQ(read->vocabSize, r.model->vocabSize);
    EXPECT_EQ(read->mlp, MlpKind::Gated);
    EXPECT_EQ(read->activation, "silu");
    EXPECT_EQ(read->norm, NormKind::RmsNorm);
    EXPECT_FALSE(read->qkvBias);
    EXPECT_FALSE(read->parallelBlock);
    EXPECT_EQ(modelShapeSummary(*read),
              "hidden 4096, 32 layers, 32×128 query and 8×128 KV heads, a gated SiLU MLP of "
              "14336, RMSNorm, vocabulary 128256");
    const auto given = joinTraceToModel(*r.trace, *r.model, h200());
    const auto inferred = joinTraceToModel(*r.trace, *read, h200());
    ASSERT_TRUE(given && inferred);
    ASSERT_EQ(inferred->passes.size(), given->passes.size());
    for (std::size_t p = 0; p < given->passes.size(); ++p) {
        EXPECT_DOUBLE_EQ(inferred->passes[p].predictedS, given->passes[p].predictedS) << p;
        EXPECT_DOUBLE_EQ(inferred->passes[p].measuredS, given->passes[p].measuredS) << p;
    }
}

// Each family's synthetic trace reads as its model: fused QKV with bias and a fused gate_up;
// Phi-2's parallel block with a plain GELU MLP and LayerNorm; Gemma-2's GeGLU over one KV head.
namespace {
const std::string kTinyMoeSummary =
    "hidden 64, 2 layers, 4×16 query and 2×16 KV heads with bias, 4 gated SiLU experts of 40, "
    "top 2, and a shared one of 96 behind a sigmoid gate, RMSNorm, vocabulary 1000";
} // namespace

TEST(TraceModelFromShapes, SyntheticFamiliesReadAsTheirModels)
{
    struct Case {
        std::string json;
        std::string summary;
    };
    const Case cases[] = {
        {TinyTrace().json(), "hidden 64, 2 layers, 4×16 query and 2×16 KV heads with bias, a "
                             "gated SiLU MLP of 192, RMSNorm, vocabulary 1000"},
        {PhiTrace().json(),
         "hidden 64, 2 layers, 4×16 query and 4×16 KV heads with bias, a "
         "plain GELU MLP of 256, LayerNorm (parallel block), RoPE on 6 of 16 dims, "
         "vocabulary 1000"},
        {GemmaTrace(false, false).json(), "hidden 64, 2 layers, 4×32 query and 1×32 KV heads, a "
                                          "gated GELU MLP of 192, RMSNorm, vocabulary 1000"},
        {Qwen3Trace().json(), "hidden 64, 2 layers, 4×16 query and 2×16 KV heads, a gated SiLU "
                              "MLP of 192, RMSNorm, vocabulary 1000"},
        {MoeTrace().json(), kTinyMoeSummary},
        {MoeTrace({.grouped = true}).json(), kTinyMoeSummary},
        {MoeTrace({.grouped = true, .batchedDecode = true}).json(), kTinyMoeSummary},
        {MoeTrace({.grouped = true, .sharedFirst = true}).json(), kTinyMoeSummary},
        {MoeTrace({.sharedFirst = true}).json(), kTinyMoeSummary},
    };
    for (const Case& c : cases) {
        auto imported = importMeasurementData(c.json, "runs/tiny.pt.trace.json");
        ASSERT_TRUE(imported) << imported.error().message;
        imported->file = "runs/tiny.pt.trace.json"; // as importMeasurementFile names it
        const auto read = modelFromTrace(*imported);
        ASSERT_TRUE(read) << read.error().message;
        EXPECT_EQ(modelShapeSummary(*read), c.summary);
        EXPECT_EQ(read->id, "tiny");
        EXPECT_EQ(read->name, "tiny (from its trace)");
        const auto join = joinTraceToModel(*imported, *read, h200());
        ASSERT_TRUE(join) << join.error().message;
        EXPECT_EQ(join->passes.size(), 2u);
        EXPECT_EQ(join->passes[1].layers, 2);
    }
}

// A mixture of experts read from its shapes is the model that ran it, Qwen-MoE's shared expert
// and its gate included, whichever way the experts ran (a loop of MLPs, grouped GEMMs, batched
// in decode): its join predicts what the config's does.
TEST(TraceModelFromShapes, ExpertsReadAsTheConfigThatRanThem)
{
    const ModelConfig config = test::tinyMoeModel();
    const MoeForm forms[] = {{},
                             {.grouped = true},
                             {.grouped = true, .batchedDecode = true},
                             {.sharedFirst = true},
                             {.sharedFirst = true, .fusedLoop = true},
                             {.grouped = true, .batchedDecode = true, .sharedFirst = true}};
    for (const MoeForm& form : forms) {
        auto imported = importMeasurementData(MoeTrace(form).json(), "moe.json");
        ASSERT_TRUE(imported);
        const auto read = modelFromTrace(*imported);
        ASSERT_TRUE(read) << read.error().message;
        EXPECT_EQ(read->experts, config.experts);
        EXPECT_EQ(read->expertsPerToken, config.expertsPerToken);
        EXPECT_EQ(read->expertFfnSize(), config.expertFfnSize());
        EXPECT_EQ(read->sharedExpertSize, config.sharedExpertSize);
        EXPECT_EQ(read->sharedExpertGate, config.sharedExpertGate);
        EXPECT_DOUBLE_EQ(read->sharedFfnSize(), config.sharedFfnSize());
        const auto fromShapes = joinTraceToModel(*imported, *read, h200());
        const auto fromConfig = joinTraceToModel(*imported, config, h200());
        ASSERT_TRUE(fromShapes && fromConfig);
        ASSERT_EQ(fromShapes->passes.size(), fromConfig->passes.size());
        for (std::size_t p = 0; p < fromShapes->passes.size(); ++p) {
            EXPECT_DOUBLE_EQ(fromShapes->passes[p].predictedS, fromConfig->passes[p].predictedS);
            EXPECT_DOUBLE_EQ(findOp(fromShapes->passes[p], "expert_down_proj")->predictedS,
                             findOp(fromConfig->passes[p], "expert_down_proj")->predictedS);
        }
    }
    // Experts whose rows are no top-k of the router's tokens are named, with the rows.
    auto odd = importMeasurementData(MoeTrace({.oddRows = true}).json(), "x.json");
    ASSERT_TRUE(odd);
    const auto refused = modelFromTrace(*odd);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("take 9 rows of the router's 8 tokens, not a whole "
                                           "top-k of 4 experts"),
              std::string::npos)
        << refused.error().message;
}

namespace {

// A BERT-shaped encoder's forward (BertForMaskedLM, as TraceLens's H100 bert-small trace runs
// it): the word embedding, the token-type embedding [2, hidden] added to it, then the learned
// positions, a LayerNorm, and a layer.
class EncoderTrace : public TraceWriter {
    void pass(int L, int, int) override
    {
        const std::string l = std::to_string(L), x = "[2, " + l + ", 64]";
        op("aten::embedding", "[[1000, 64], [2, " + l + "], [], [], []]");
        op("aten::embedding", "[[2, 64], [2, " + l + "], [], [], []]");
        op("aten::add", "[" + x + ", " + x + ", []]");
        op("aten::embedding", "[[512, 64], [1, " + l + "], [], [], []]");
        op("aten::add_", "[" + x + ", " + x + ", []]");
        op("aten::native_layer_norm", "[" + x + ", [], [64], [64], []]");
        op("aten::addmm", "[[64], [" + std::to_string(2 * L) + ", 64], [64, 64], [], []]");
        op("aten::_scaled_dot_product_efficient_attention",
           "[[2, 4, " + l + ", 16], [2, 4, " + l + ", 16], [2, 4, " + l + ", 16], [], [], [], []]");
        op("aten::addmm", "[[1000], [" + std::to_string(2 * L) + ", 64], [64, 1000], [], []]");
    }
};

// A vision transformer's forward: patches embedded by a convolution, no lookup.
class VisionTrace : public TraceWriter {
    void pass(int, int, int) override
    {
        op("aten::cudnn_convolution", "[[2, 3, 224, 224], [64, 3, 16, 16], [], [], [], [], []]");
        op("aten::native_layer_norm", "[[2, 197, 64], [], [64], [64], []]");
        op("aten::addmm", "[[192], [394, 64], [64, 192], [], []]");
        op("aten::_scaled_dot_product_efficient_attention",
           "[[2, 4, 197, 16], [2, 4, 197, 16], [2, 4, 197, 16], [], [], [], []]");
    }
};

// vLLM's forward: the token lookup, then attention in the engine's own op (its paged KV cache
// written by a cache op whose name says flash).
class EngineTrace : public TraceWriter {
    void pass(int, int, int) override
    {
        op("aten::embedding", "[[1000, 64], [8], [], [], []]");
        op("aten::addmm", "[[128], [8, 64], [64, 128], [], []]");
        op("_C_cache_ops::reshape_and_cache_flash",
           "[[8, 2, 16], [8, 2, 16], [64, 16, 2, 16], [64, 16, 2, 16], [8], [], [], []]");
        op("vllm::unified_attention_with_output", "[[8, 64], [8, 32], [8, 32], [8, 64], []]");
        op("aten::addmm", "[[64], [8, 64], [64, 64], [], []]");
    }
};

} // namespace

// A trace of a model that is no decoder-only transformer is refused for what it is: an encoder
// (token types beside the word embedding, not "2 learned positions"), a vision model (no token
// lookup at all, not "record with record_shapes=True", which it was); and a serving engine's
// trace by its attention op, not by advice about eager attention.
TEST(TraceModelFromShapes, EncoderAndVisionTracesAreRefusedForWhatTheyAre)
{
    const std::pair<std::string, std::string> cases[] = {
        {EncoderTrace().json(0), "a lookup in a [2, 64] table beside the token embedding: token "
                                 "types, as an encoder (BERT) has; RoofScope reads decoder-only "
                                 "transformers"},
        {VisionTrace().json(0), "no embedding lookup of a [vocabulary, hidden] table: this is not "
                                "the trace of a language model"},
        {EngineTrace().json(0), "its attention runs in vllm::unified_attention_with_output, a "
                                "serving engine's op whose shapes give no heads: RoofScope reads "
                                "Hugging Face transformers traces"},
    };
    for (const auto& [json, why] : cases) {
        auto imported = importMeasurementData(json, "x.json");
        ASSERT_TRUE(imported) << imported.error().message;
        const auto read = modelFromTrace(*imported);
        ASSERT_FALSE(read) << modelShapeSummary(*read);
        EXPECT_NE(read.error().message.find(why), std::string::npos) << read.error().message;
        EXPECT_EQ(read.error().message.find("record with"), std::string::npos)
            << read.error().message;
    }
}

// What shapes alone cannot describe is refused, saying what to give instead.
TEST(TraceModelFromShapes, LatentAndEagerAttentionAskForTheConfig)
{
    const std::pair<std::string, std::string> cases[] = {
        {MlaTrace().json(), "latent attention (DeepSeek) needs the model's config.json"},
        {TinyTrace(true).json(), "for eager attention give the model's config.json"},
    };
    for (const auto& [json, why] : cases) {
        auto imported = importMeasurementData(json, "x.json");
        ASSERT_TRUE(imported) << imported.error().message;
        imported->file = "x.json";
        const auto read = modelFromTrace(*imported);
        ASSERT_FALSE(read) << modelShapeSummary(*read);
        EXPECT_NE(read.error().message.find("x.json: the model cannot be read from the trace's "
                                            "shapes: "),
                  std::string::npos)
            << read.error().message;
        EXPECT_NE(read.error().message.find(why), std::string::npos) << read.error().message;
    }
}
