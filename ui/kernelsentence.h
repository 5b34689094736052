#pragma once

#include "ui/session.h"

#include <QString>

namespace roofscope {

// The read-out's explanation of one measured kernel, in one place so that the panel and the
// tests read the same text: its GPU, time and share of the run, DRAM intensity, achieved
// FLOP/s and how much of the roof that is (and the bound); when it is linked to an analytic
// operator, what the model predicts for that operator on the same GPU (as a share of the same
// peak the kernel is measured against); in a before/after comparison, the speedup of its name.
//   "gemm_v0 on A100 SXM4 80GB: 36.98 s (62 % of the run), AI 15.6 FLOP/byte at DRAM,
//    6.87 TFLOP/s achieved = 36 % of the roof (memory-bound). The model predicts 84 % of the
//    FP16 tensor peak for decode matmul; the kernel reaches 2.2 %."
// Empty for a kernel that does not exist.
QString kernelSentence(const Session& session, KernelRef kernel);

} // namespace roofscope
