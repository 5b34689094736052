#pragma once

#include "core/figure/figure.h"
#include "core/measured/measurementset.h"

#include <vector>

namespace roofscope {

// The paths of a figure's measured points (Figure::measuredPaths): the DRAM points of one kernel
// (its full name, run, file, GPU) at two or more shapes (launchShape), ordered by FLOPs per
// launch and then by intensity, so that a batch sweep or attention at a growing context reads
// as one line across the chart rather than as unrelated points. Repeated launches of one shape
// are one vertex (their point of median intensity). A name at one shape has no path (its
// repeated launches are one point when grouped, one spot when not). Nor has a name whose
// shapes are not a sweep: one whose intensity falls by more than a tenth from one shape to a
// larger one, or whose work spans more than 2× at an intensity that grows less than 1.25×
// (an elementwise kernel at unrelated sizes). addMeasuredToFigure
// calls it; the chart, the image exports and the figure data all read the result.
std::vector<FigureMeasuredPath> measuredPathsFor(const std::vector<MeasuredPoint>& points,
                                                 const Measurements& measurements);

} // namespace roofscope
