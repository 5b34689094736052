#include "core/advice.h"

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

std::string_view adviceText(AdviceRegion r)
{
    switch (r) {
    case AdviceRegion::FarLeft:
        return "Bandwidth-bound: cut bytes first (quantize weights), then fuse operators, then "
               "raise the batch so more work shares each weight read.";
    case AdviceRegion::LeftMiddle:
        return "Bandwidth-bound: fuse operators, change the loop order, tile for reuse.";
    case AdviceRegion::NearRidge:
        return "Balanced near the ridge: either side can pay off; measure how far the kernel is "
               "from the roof.";
    case AdviceRegion::RightNear:
        return "Compute-bound: reduce the FLOPs (distillation, pruning) and make sure the work "
               "runs on the tensor cores.";
    case AdviceRegion::FarRight:
        return "Strongly compute-bound: use a lower precision (FP8/FP4) or hardware with more "
               "compute.";
    }
    return "";
}

} // namespace roofscope
