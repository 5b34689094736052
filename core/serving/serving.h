#pragma once

#include "core/hardware/hardware.h"
#include "core/models/modelconfig.h"
#include "core/models/parallel.h"
#include "core/models/workload.h"
#include "core/util/expected.h"

#include <cstddef>
#include <string>
#include <vector>

namespace roofscope {

// A serving set-up: requests of `promptTokens` in and `outputTokens` out, on one layout of one
// GPU kind. The precisions and `fused` come from `precisions`; its phase, batch and context are
// ignored (the curve sets them).
struct ServingSetup {
    InferenceScenario precisions;
    double promptTokens = 1024.0;
    double outputTokens = 256.0;
    ParallelOptions options; // headroom: the share of each GPU kept free
    // Where the search stops when the GPU's capacity is unknown or very large.
    double maxBatch = 4096.0;
};

// The context a decode step of a request sees on average while its output is generated:
// prompt + ⌊output / 2⌋ tokens (whole, as a scenario's context must be).
double meanDecodeContext(const ServingSetup& setup);

// One batch of the curve: `batch` requests decoded together, every one at the mean context.
struct ServingPoint {
    double batch = 1.0;
    double stepTimeS = 0.0;         // one decode step of the batch (evaluateParallel)
    double tokensPerSPerUser = 0.0; // 1 / step time
    double tokensPerSPerGpu = 0.0;  // batch / step time / GPUs
    double ttftBatch1S = 0.0;       // prefill of one prompt
    double ttftS = 0.0;             // prefill of `batch` prompts in one step
    double requestLatencyS = 0.0;   // ttftS + output × step time
    double memoryBytesPerGpu = 0.0; // at the end of the requests (prompt + output in cache)
};

// Why a curve ends where it does.
enum class ServingLimit {
    Memory,      // the next batch does not fit: the memory-capacity end
    NothingFits, // not even one request fits
    MaxBatch,    // ServingSetup::maxBatch reached (capacity unknown or very large)
    StepTokens,  // a prefill of batch × prompt would exceed kMaxStepTokens
};

struct ServingCurve {
    Layout layout;
    std::string gpu;                  // Hardware::id
    std::vector<ServingPoint> points; // batch 1, 2, 4, ... and the largest batch, ascending
    double largestBatch = 0.0;        // the last point's batch; 0 when nothing fits
    ServingLimit limit = ServingLimit::Memory;
    std::string limitReason;              // one sentence naming the bytes that stop the next batch
    double capacityBytes = 0.0;           // per GPU; 0 when the catalog lacks it
    double availableBytes = 0.0;          // (1 − headroom) × capacity
    double weightsBytesPerGpu = 0.0;      // the fullest stage
    double kvBytesPerRequestPerGpu = 0.0; // prompt + output tokens of one request's cache
};

// The serving curve of one layout on one GPU. The memory of a batch is evaluateParallel's
// (weights + KV cache + decode workspace of the fullest GPU, the same "fits" as `plan`) with
// every request at its last token (prompt + output in cache). Errors: a layout the model or GPU
// does not allow, a prompt or output length out of range.
Expected<ServingCurve> servingCurve(const ModelConfig& model, const ServingSetup& setup,
                                    const Layout& layout, const Hardware& hw);

// One batch on one layout, as the curve has it: the decode step at the mean context, the
// prefills behind the time to first token and the memory at the requests' end. For a batch the
// curve's doubling skipped (the window's batch slider); evaluations come from the core's cache
// of recent ones, so a slider step repeats no work. Errors: a batch that is not a whole number
// from 1 to 1,000,000, or evaluateParallel's.
Expected<ServingPoint> servingPoint(const ModelConfig& model, const ServingSetup& setup,
                                    const Layout& layout, const Hardware& hw, double batch);
// Only the decode step of that batch: step time and both throughputs (the rest left 0). One
// evaluation where servingPoint makes four: where a ring sits while the slider moves.
Expected<ServingPoint> servingDecodeStep(const ModelConfig& model, const ServingSetup& setup,
                                         const Layout& layout, const Hardware& hw, double batch);

// A point of the Pareto front: curves[curve].points[point].
struct ServingFrontPoint {
    std::size_t curve = 0;
    std::size_t point = 0;
    bool operator==(const ServingFrontPoint&) const = default;
};

// The points no other point beats on both tokens/s per user and tokens/s per GPU (a tie on one
// and more on the other beats), by ascending tokens/s per user. Compare the curves of one GPU
// kind: the front answers "which layout and batch for this interactivity".
std::vector<ServingFrontPoint> servingParetoFront(const std::vector<ServingCurve>& curves);

// For every point of every curve, whether it is on its GPU's front ([curve][point]): a front
// per GPU kind, since comparing an H100 layout with an A100 one per GPU is a price question the
// roofline cannot answer.
std::vector<std::vector<bool>> servingFrontFlags(const std::vector<ServingCurve>& curves);

} // namespace roofscope
