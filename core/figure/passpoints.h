#pragma once

#include "core/figure/figure.h"
#include "core/measured/modeljoin.h"

#include <vector>

namespace roofscope {

// The chart's points of one joined pass (FigurePassPoint), in the pass's operator order: an
// operator is placed where its kernels have FLOPs, DRAM bytes and time, at FLOPs ÷ bytes and
// FLOPs ÷ time (the bytes are the lower bound the shapes give, so the intensity is an upper
// bound). Its prediction is the model row's FLOPs ÷ bytes and FLOPs ÷ step time. An operator
// whose kernels have no FLOPs (a trace without shapes) has no point: the Passes panel still
// lists its time.
std::vector<FigurePassPoint> passPointsFor(const JoinedPass& pass, int hardware);

} // namespace roofscope
