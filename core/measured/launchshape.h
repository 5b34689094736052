#pragma once

#include "core/measured/measuredkernel.h"

#include <optional>
#include <string_view>

namespace roofscope {

// The work of one launch of a kernel: what tells a batch sweep's launches apart when they ran
// the same kernel name (cuBLAS picks one kernel for several batch sizes; attention runs one
// kernel at a growing context). Grouping by name (groupKernelsByName) keeps shapes apart, and
// the figure joins one name's shapes into a path (FigureMeasuredPath).
//
// What measures the work depends on what the file holds:
//  - FLOPs per launch: counted or computed from shapes, the same on every launch of a shape.
//    The DRAM bytes are not compared then: a profiler's measured traffic of one shape differs
//    from launch to launch with what the cache held, and would split repeated launches.
//  - FLOPs per DRAM byte, when a kernel's FLOPs and bytes are a time share of its op's (a
//    PyTorch trace's split-K GEMM and its reduction, kSharedByTime): the share follows each
//    launch's duration, not its shape, while the intensity stays the op's.
//  - DRAM bytes per launch, when the file has no FLOP counters.
//  - nothing: every launch of the name is of one (unknown) shape.
struct LaunchShape {
    enum class Measure { None, Flops, Intensity, DramBytes };
    Measure measure = Measure::None;
    double value = 0.0;
};

// How the PyTorch importer marks FLOPs shared among an op's kernels by time (in the kernel's
// flopsFormula): " (shared by time among the op's 2 kernels)".
inline constexpr std::string_view kSharedByTime = " (shared by time among the op's ";

// Two values closer than this (relative to the larger) are one shape: equal to three
// significant digits, so rounding in a file or in a share does not split a shape.
inline constexpr double kShapeTolerance = 1e-3;

LaunchShape launchShape(const MeasuredKernel& kernel);
// The same measure and values within kShapeTolerance.
bool sameShape(const LaunchShape& a, const LaunchShape& b);

} // namespace roofscope
