#pragma once

#include "core/measured/kernelcontext.h"
#include "core/measured/measuredkernel.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// A GEMM kernel computes its output in tiles: a batch-1 decode matmul run by a 64×8 tile
// executes eight rows of which one is useful. A profiler's tensor counters count what the tiles
// executed, a trace's shapes what was useful; the roofline places a kernel at the useful FLOPs
// and says how much of the executed work was padding.

// The output tile a GEMM kernel's name states: nvjet's "nvjet_sm90_tst_64x8_64x16_…", CUTLASS's
// "cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x4_tn_align8" and
// "cutlass3x_sm90_…_128x256x64_1x2x1_…", cuBLAS's "ampere_bf16_s16816gemm_bf16_128x64_ldg8_…"
// and "sm90_xmma_gemm_…_tilesize128x128x64_…". Empty for a name that is not a GEMM's or states
// no tile.
struct GemmTile {
    int rows = 0;
    int cols = 0;
    bool operator==(const GemmTile&) const = default;
};
std::optional<GemmTile> gemmTileFromName(std::string_view kernelName);

// The FLOPs an m×n×k GEMM executes in `tile`s: m and n each rounded up to a tile side. The name
// does not say which side of the tile covers which dimension, so this is the smaller of the two
// orientations: a lower bound on the executed work.
double tiledGemmFlops(double m, double n, double k, GemmTile tile);

// Padding found for one kernel: useful and executed FLOPs of the same launches.
struct TilePadding {
    GemmTile tile;
    double usefulFlops = 0.0;
    double executedFlops = 0.0;
    double paddingShare() const { return 1.0 - usefulFlops / executedFlops; } // of the executed
    double factor() const { return executedFlops / usefulFlops; }
};

// Executed work below this multiple of the useful work is not reported: a few percent is a
// tile's edge, not a finding.
inline constexpr double kPaddingReported = 1.1;

// The padding of a kernel whose FLOPs the profiler counted on its tensor units (executed work)
// against `usefulFlops`, the FLOPs of the operator it implements, per launch × launches. Empty
// when the kernel has no tensor FLOPs, the useful FLOPs are not positive, or the executed work
// is less than kPaddingReported × the useful.
std::optional<TilePadding> tilePaddingAgainst(const MeasuredKernel& kernel, double usefulFlops);

// The note a padded kernel carries: "tile padding: its 64×8 tiles execute at least 8× the
// useful FLOPs of this 1 × 8192 × 8192 GEMM (88 % of the executed work); placed at the useful
// FLOPs".
std::string tilePaddingNote(const TilePadding& padding, double m, double n, double k);

// Marks the kernels of a PyTorch trace whose matmul (mm, addmm, matmul, bmm, baddbmm, linear)
// ran in tiles larger than its output: their FLOPs stay the useful ones from the shapes (the
// point's place), executedFlops gets the tiles' work and a note says the share. `context` is the
// import's trace context, parallel to `kernels`; other kernels are left as they are.
void markTilePadding(std::vector<MeasuredKernel>& kernels, const TraceContext& context);

} // namespace roofscope
