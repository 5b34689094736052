#pragma once

#include <string_view>

namespace roofscope {

// The five regions of the seed's section 5 table, by AI relative to the ridge.
enum class AdviceRegion {
    FarLeft,    // AI ≈ 0.5 on H100: bandwidth-starved
    LeftMiddle, // AI ≈ 50
    NearRidge,  // AI ≈ ridge
    RightNear,  // AI ≈ 500
    FarRight,   // AI ≈ 2000
};

// The region of an operator with intensity `ai` on a roof whose ridge is `ridgeAi`.
// Boundaries are the geometric midpoints between the seed's example intensities scaled to the
// ridge (0.5, 50, 295, 500, 2000 against 295): ratios 0.017, 0.41, 1.31, 3.4.
AdviceRegion adviceRegion(double ai, double ridgeAi);
std::string_view adviceRegionName(AdviceRegion r); // "far-left", ...
// The seed's optimization direction for the region, in English (its table speaks of weight
// matmuls: quantize weights, raise the batch).
std::string_view adviceText(AdviceRegion r);

// What an operator can do about its region depends on what it is: an elementwise kernel's
// intensity is fixed by its formula (batch never helps), a weight matmul shares weight reads
// across the batch, attention reads a KV cache per sequence.
enum class AdviceFamily {
    Streaming,    // elementwise, activation, layernorm, rmsnorm, softmax
    WeightMatmul, // matmul, decode_matmul, prefill_matmul
    Attention,    // attention_decode, attention_prefill
};
AdviceFamily adviceFamily(std::string_view kind);

// Each distinct piece of advice: the seed's five (one per region, written for weight matmuls) and
// the tailored ones for operators whose intensity a bigger batch does not change.
enum class Advice {
    CutBytesFirst,        // far left: quantize, fuse, then batch
    FuseAndTile,          // left of the ridge
    MeasureNearRidge,     // near the ridge
    ReduceFlops,          // right of the ridge
    LowerPrecision,       // far right
    FuseStreamingKernel,  // a streaming operator left of its roof
    CheaperVectorMath,    // a streaming operator right of its roof
    FuseMoreMath,         // a streaming operator near its roof
    ShrinkKvCache,        // attention left of the ridge
    FlashAttentionKernel, // attention right of the ridge
};
inline constexpr Advice kAllAdvice[] = {Advice::CutBytesFirst,     Advice::FuseAndTile,
                                        Advice::MeasureNearRidge,  Advice::ReduceFlops,
                                        Advice::LowerPrecision,    Advice::FuseStreamingKernel,
                                        Advice::CheaperVectorMath, Advice::FuseMoreMath,
                                        Advice::ShrinkKvCache,     Advice::FlashAttentionKernel};

// Which advice the region gives an operator of the family. The CLI prints its English text; the
// window shows it translated (ui/advicetext.h), so both always advise the same thing.
Advice adviceFor(AdviceRegion r, AdviceFamily family);
// The advice in English, one sentence or two.
std::string_view adviceText(Advice advice);
// adviceText(adviceFor(r, family)).
std::string_view adviceText(AdviceRegion r, AdviceFamily family);

} // namespace roofscope
