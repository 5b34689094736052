#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace roofscope {

// What the model join (modeljoin.h) needs of each kernel of a PyTorch trace and that
// MeasuredKernel does not hold: when it started, and the op that launched it with that op's
// Input Dims. It sits beside the kernels (MeasuredImport::trace) rather than in MeasuredKernel
// so that other formats, and every copy of a kernel, pay nothing for it; op names and shapes
// are interned (a decode step repeats a few hundred of each), so a kernel costs 24 bytes.

// An op's Input Dims: one size list per input, a TensorList's members each as an input of its
// own (aten::cat's [[16, 8, 512, 128], [16, 8, 1, 128]] gives two), a scalar or an input of
// unknown shape as an empty list.
struct TraceOpShape {
    std::vector<std::vector<std::int64_t>> inputs;
    bool operator==(const TraceOpShape&) const = default;
};

struct KernelTraceContext {
    static constexpr std::uint32_t kNone = 0xffffffffu;
    double startUs = 0.0;         // the kernel's ts, in the trace's µs
    std::int64_t externalId = -1; // the op's External id; -1 when the kernel has no op
    std::uint32_t op = kNone;     // into TraceContext::opNames; kNone: not linked to an op
    std::uint32_t shape = kNone;  // into TraceContext::shapes; kNone: the op has no Input Dims
    bool operator==(const KernelTraceContext&) const = default;
};

struct TraceContext {
    std::vector<std::string> opNames; // "aten::mm"
    std::vector<TraceOpShape> shapes;
    // Parallel to MeasuredImport::kernels as the importer returned them; empty for formats
    // other than PyTorch traces.
    std::vector<KernelTraceContext> kernels;
    bool operator==(const TraceContext&) const = default;
};

} // namespace roofscope
