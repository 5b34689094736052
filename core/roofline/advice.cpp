#include "core/roofline/advice.h"

namespace roofscope {

AdviceRegion adviceRegion(double ai, double ridgeAi)
{
    const double ratio = ai / ridgeAi;
    if (ratio < 0.017)
        return AdviceRegion::FarLeft;
    if (ratio < 0.41)
        return AdviceRegion::LeftMiddle;
    if (ratio < 1.31)
        return AdviceRegion::NearRidge;
    if (ratio < 3.4)
        return AdviceRegion::RightNear;
    return AdviceRegion::FarRight;
}

std::string_view adviceRegionName(AdviceRegion r)
{
    switch (r) {
    case AdviceRegion::FarLeft:
        return "far-left";
    case AdviceRegion::LeftMiddle:
        return "left-middle";
    case AdviceRegion::NearRidge:
        return "near-ridge";
    case AdviceRegion::RightNear:
        return "right-near";
    case AdviceRegion::FarRight:
        return "far-right";
    }
    return "?";
}

AdviceFamily adviceFamily(std::string_view kind)
{
    if (kind.find("attention") != std::string_view::npos)
        return AdviceFamily::Attention;
    if (kind.find("matmul") != std::string_view::npos)
        return AdviceFamily::WeightMatmul;
    return AdviceFamily::Streaming;
}

Advice adviceFor(AdviceRegion r, AdviceFamily family)
{
    const bool left = r == AdviceRegion::FarLeft || r == AdviceRegion::LeftMiddle;
    const bool right = r == AdviceRegion::RightNear || r == AdviceRegion::FarRight;
    // Tailored where the seed's table (written for weight matmuls) would mislead: a bigger batch
    // does nothing for an elementwise kernel or for decode attention.
    if (family == AdviceFamily::Streaming)
        return left ? Advice::FuseStreamingKernel
                    : (right ? Advice::CheaperVectorMath : Advice::FuseMoreMath);
    if (family == AdviceFamily::Attention && left)
        return Advice::ShrinkKvCache;
    if (family == AdviceFamily::Attention && right)
        return Advice::FlashAttentionKernel;
    switch (r) {
    case AdviceRegion::FarLeft:
        return Advice::CutBytesFirst;
    case AdviceRegion::LeftMiddle:
        return Advice::FuseAndTile;
    case AdviceRegion::NearRidge:
        return Advice::MeasureNearRidge;
    case AdviceRegion::RightNear:
        return Advice::ReduceFlops;
    case AdviceRegion::FarRight:
        return Advice::LowerPrecision;
    }
    return Advice::MeasureNearRidge;
}

std::string_view adviceText(Advice advice)
{
    switch (advice) {
    case Advice::CutBytesFirst:
        return "Bandwidth-bound: cut bytes first (quantize weights), then fuse operators, then "
               "raise the batch so more work shares each weight read.";
    case Advice::FuseAndTile:
        return "Bandwidth-bound: fuse operators, change the loop order, tile for reuse.";
    case Advice::MeasureNearRidge:
        return "Balanced near the ridge: either side can pay off; measure how far the kernel is "
               "from the roof.";
    case Advice::ReduceFlops:
        return "Compute-bound: reduce the FLOPs (distillation, pruning) and make sure the work "
               "runs on the tensor cores.";
    case Advice::LowerPrecision:
        return "Strongly compute-bound: use a lower precision (FP8/FP4) or hardware with more "
               "compute.";
    case Advice::FuseStreamingKernel:
        return "Bandwidth-bound by its formula (a bigger batch does not change its intensity): "
               "fuse it into the neighbouring kernel so its tensor is not written and read "
               "again, and stream a narrower dtype.";
    case Advice::CheaperVectorMath:
        return "Compute-bound on the vector units: use cheaper math (an approximate activation, "
               "fused multiply-adds) or fold the work into a tensor-core kernel.";
    case Advice::FuseMoreMath:
        return "Near the vector roof: more math fused into this pass is almost free; measure how "
               "far the kernel is from the roof.";
    case Advice::ShrinkKvCache:
        return "Bandwidth-bound on the KV cache, which each sequence reads for itself (a bigger "
               "batch does not help): shrink the cache (FP8 KV, fewer KV heads) and use a fused "
               "flash or paged attention kernel.";
    case Advice::FlashAttentionKernel:
        return "Compute-bound attention: use a flash-attention kernel on the tensor cores, FP8 "
               "attention, and skip fully masked blocks.";
    }
    return "";
}

std::string_view adviceText(AdviceRegion r)
{
    return adviceText(adviceFor(r, AdviceFamily::WeightMatmul));
}

std::string_view adviceText(AdviceRegion r, AdviceFamily family)
{
    return adviceText(adviceFor(r, family));
}

} // namespace roofscope
