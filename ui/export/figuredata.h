#pragma once

#include "core/document/scenario.h"
#include "core/figure/figuredata.h"

namespace roofscope {

class Session;

// The data of the figure the session draws (Session::figure), over its catalog and its measured
// runs; `view` is the range the chart shows (RoofChart::effectiveRange).
FigureData figureDataOf(const Session& session, const ViewRange& view);

} // namespace roofscope
