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
// The seed's optimization direction for the region, in English.
std::string_view adviceText(AdviceRegion r);

} // namespace roofscope
