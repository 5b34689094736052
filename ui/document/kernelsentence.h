#pragma once

#include "ui/document/session.h"

#include <QString>

namespace roofscope {

// The read-out's explanation of one measured kernel, in one place so that the panel and the
// tests read the same text: its GPU, time and share of the run, DRAM intensity, achieved
// FLOP/s and how much of its own roof that is, named by the roof it is bound by (the memory
// level when memory-bound, "98 % of the HBM roof"; its precision and unit when compute-bound),
// with the bound; in a before/after comparison, the speedup of its name.
//   "gemm_v0 on A100 SXM4 80GB: 36.98 s (74 % of the run), AI 15.6 FLOP/byte at DRAM,
//    1.858 TFLOP/s achieved = 9.5 % of the FP32 vector roof (compute-bound)."
// Empty for a kernel that does not exist.
QString kernelSentence(const Session& session, KernelRef ref);

// What a kernel above its own roof on `hw` may mean (the sentence and the Kernels table's
// tooltip), as the core's aboveRoofReason says it: on a CPU (Hardware::isCpu) the roof is the
// probe's measured FMA peak of `precision`, never a GPU's clock or tensor cores.
QString aboveRoofText(const Hardware* hw = nullptr, Precision precision = Precision::FP32);

// The kernel's link to an analytic operator, its own line: what the model predicts for that
// operator on the kernel's GPU, on the operator's roof, and the kernel's achieved FLOP/s as a
// share of that prediction (never a second percentage of a second roof).
//   "An instance of Decode matmul: the model predicts 2.039 TFLOP/s on the BF16 tensor roof
//    (memory-bound); the kernel achieves 91 % of that."
// Empty when the kernel is not linked.
QString kernelLinkSentence(const Session& session, KernelRef ref);

} // namespace roofscope
