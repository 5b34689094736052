#include "core/models/deepseek.h"

#include <algorithm>

namespace roofscope {

void readLatentAttention(JsonReader& r, const Json& object, const std::string& pointer,
                         ModelConfig& m)
{
    if (!JsonReader::present(object, "kv_lora_rank"))
        return;
    m.mla.kvLoraRank = r.integer(object, pointer, "kv_lora_rank", 1, 0);
    m.mla.qLoraRank = JsonReader::present(object, "q_lora_rank")
                          ? r.integer(object, pointer, "q_lora_rank", 1, 0)
                          : 0;
    for (std::string_view key : {"qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim"}) {
        if (r.ok() && !JsonReader::present(object, key))
            r.fail(pointer, "missing required key \"" + std::string(key) +
                                "\" (kv_lora_rank is set: multi-head latent attention)");
    }
    m.mla.qkNopeHeadDim = r.integer(object, pointer, "qk_nope_head_dim", 1, 0);
    m.mla.qkRopeHeadDim = r.integer(object, pointer, "qk_rope_head_dim", 1, 0);
    m.mla.vHeadDim = r.integer(object, pointer, "v_head_dim", 1, 0);
    // The query/key head dimension; K and V heads are the latent, so every head is its own
    // "KV head" for the relations the generic validation checks.
    m.headDim = m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim;
    m.kvHeads = m.heads;
}

void writeLatentAttention(Json& e, const ModelConfig& m)
{
    if (!m.isMla())
        return;
    e["kv_lora_rank"] = m.mla.kvLoraRank;
    if (m.mla.qLoraRank > 0)
        e["q_lora_rank"] = m.mla.qLoraRank;
    e["qk_nope_head_dim"] = m.mla.qkNopeHeadDim;
    e["qk_rope_head_dim"] = m.mla.qkRopeHeadDim;
    e["v_head_dim"] = m.mla.vHeadDim;
}

double latentAttentionMatrices(const ModelConfig& m)
{
    const double h = static_cast<double>(m.hiddenSize);
    const double H = static_cast<double>(m.heads);
    const LatentAttention& a = m.mla;
    const double qk = static_cast<double>(a.qkNopeHeadDim + a.qkRopeHeadDim);
    const double qr = static_cast<double>(a.qLoraRank);
    const double kvr = static_cast<double>(a.kvLoraRank);
    const double q = a.qLoraRank > 0 ? h * qr + qr * H * qk : h * H * qk;
    const double kvA = h * (kvr + static_cast<double>(a.qkRopeHeadDim));
    const double kvB = kvr * H * static_cast<double>(a.qkNopeHeadDim + a.vHeadDim);
    const double o = H * static_cast<double>(a.vHeadDim) * h;
    return q + kvA + kvB + o;
}

double latentAttentionNormVectors(const ModelConfig& m)
{
    return static_cast<double>(m.mla.kvLoraRank) + static_cast<double>(m.mla.qLoraRank);
}

void addLatentAttentionRows(DecoderRows& x, const ModelConfig& m)
{
    const double L = static_cast<double>(m.layers);
    const double h = static_cast<double>(m.hiddenSize);
    const double H = static_cast<double>(m.heads);
    const LatentAttention& a = m.mla;
    const double nope = static_cast<double>(a.qkNopeHeadDim);
    const double rope = static_cast<double>(a.qkRopeHeadDim);
    const double vd = static_cast<double>(a.vHeadDim);
    const double kvr = static_cast<double>(a.kvLoraRank);
    const double qk = nope + rope;
    if (a.qLoraRank > 0) {
        const double qr = static_cast<double>(a.qLoraRank);
        x.linear("q_a_proj",
                 "Query down-projection to the rank-" + formatParamNumber(qr) + " latent (MLA)", qr,
                 h, L);
        x.norm("q_a_norm", "RMSNorm of the query latent", qr, L);
        x.linear("q_b_proj",
                 "Query up-projection to " + formatParamNumber(H) + " heads × " +
                     formatParamNumber(qk),
                 H * qk, qr, L);
    } else {
        x.linear("q_proj",
                 "Q projection (" + formatParamNumber(H) + " heads × " + formatParamNumber(qk) +
                     ")",
                 H * qk, h, L);
    }
    x.linear("kv_a_proj",
             "KV down-projection to the latent (" + formatParamNumber(kvr) + ") + rotary key (" +
                 formatParamNumber(rope) + ")",
             kvr + rope, h, L);
    x.norm("kv_a_norm", "RMSNorm of the KV latent", kvr, L);
    x.elementwise("rope", "RoPE on the rotary parts of Q and the shared K",
                  x.tokens() * (H + 1.0) * rope, x.streamDtype(), 1, L, "3");
    x.elementwise("kv_cache_write",
                  "Write the latent and rotary key (" + formatParamNumber(kvr + rope) +
                      " per token) to the cache",
                  x.tokens() * (kvr + rope), x.kvDtype(), 1, L);
    if (x.decode()) {
        // Absorbed weights (DeepSeek-V2 paper, §2.1.3): W_UK folds into the query and W_UV
        // into the output, so attention runs over the compressed cache directly.
        x.linear("q_absorb",
                 "Absorb W_UK into the query: per head, " + formatParamNumber(nope) + " → " +
                     formatParamNumber(kvr) + " (absorbed MLA decode)",
                 kvr, nope, L, H);
        // Expressed as attention_decode with one KV head of dim (r + d_rope)/2 and
        // H·(2r + d_rope)/(r + d_rope) heads: FLOPs 2·b·H·L·(r + d_rope) for QKᵀ plus
        // 2·b·H·L·r for P·V, and the latent cache read once (shared by K and V) — both
        // exact with that choice.
        const double width = kvr + rope;
        x.add("attention",
              "MLA attention over the latent cache (absorbed; the latent is read once for "
              "K and V: QKᵀ over " +
                  formatParamNumber(width) + ", P·V over " + formatParamNumber(kvr) + ")",
              "attention_decode",
              {{"batch", formatParamNumber(x.batch())},
               {"heads", formatParamNumber(H)},
               {"kv_heads", "1"},
               {"head_dim", "1"},
               {"context", formatParamNumber(x.context())},
               {"dtype", x.streamDtype()},
               {"kv_dtype", x.kvDtype()}},
              L, 1.0, {{"heads", H * (2.0 * kvr + rope) / width}, {"head_dim", width / 2.0}});
        x.linear("v_absorb",
                 "Absorb W_UV: per head, latent " + formatParamNumber(kvr) + " → " +
                     formatParamNumber(vd),
                 vd, kvr, L, H);
    } else {
        x.linear("kv_b_proj",
                 "KV up-projection from the latent to " + formatParamNumber(H) + " heads × (" +
                     formatParamNumber(nope) + " + " + formatParamNumber(vd) + ")",
                 H * (nope + vd), kvr, L);
        // Q·K over qk = nope + rope and P·V over v: a flash kernel with head_dim (qk + v)/2
        // has exactly these FLOPs and reads Q, K, V and writes O exactly once.
        x.add("attention",
              "MLA attention, prefill (flash, causal; keys " + formatParamNumber(qk) +
                  " wide, values " + formatParamNumber(vd) + ")",
              "attention_prefill",
              {{"batch", formatParamNumber(x.batch())},
               {"heads", formatParamNumber(H)},
               {"kv_heads", formatParamNumber(H)},
               {"head_dim", "1"},
               {"seq", formatParamNumber(x.context())},
               {"dtype", x.streamDtype()},
               {"causal", "true"}},
              L, 1.0, {{"head_dim", (qk + vd) / 2.0}});
    }
    x.linear("o_proj",
             "O projection (" + formatParamNumber(H) + " × " + formatParamNumber(vd) + " → " +
                 formatParamNumber(h) + ")",
             h, H * vd, L);
}

} // namespace roofscope
