#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace roofscope {

// The cpu_ops around a kernel's launch, on the thread that launched it, as the profiler's own
// tree nests them; a Kineto trace gives each op its thread, start and duration, and the tree is
// read from those. Two questions are asked of it:
// - which op launched a kernel whose runtime call carries no External id: torch 2.11 leaves the
//   id off a launch now and then (one cuLaunchKernelEx of the 23,897 of the H200 Llama trace, a
//   decode step's up projection); the call still has its correlation, thread and time, and the
//   innermost op around it made it;
// - which fused attention op a kernel of another op ran inside: ROCm's flash attention zeroes
//   its output first (aten::zeros → fill_ inside aten::_flash_attention_forward), and that
//   kernel is the attention's, not a fill of the model's.
// Ops are recorded as the trace is read (a trace lists ops before the runtime calls, so every op
// is kept) and sorted once, only when a question is asked.
class EnclosingOps {
public:
    void addOp(std::int64_t thread, double startUs, double durUs, std::int64_t externalId);
    // An op that is itself a fused attention kernel's (flash, efficient, cuDNN, a hub's).
    void addAttention(std::int64_t thread, double startUs, double durUs, std::int64_t externalId);
    void addLaunch(std::int64_t thread, double tsUs, std::int64_t correlation);
    bool hasLaunches() const { return !m_launches.empty(); }
    bool hasAttention() const { return !m_attention.empty(); }

    // The External id of the innermost op around the runtime call with this correlation, if a
    // call without an id had it and an op encloses it.
    std::optional<std::int64_t> launcherOf(std::int64_t correlation);
    // The External id of the innermost fused attention op around the op with this id (not that
    // op itself), if one encloses it.
    std::optional<std::int64_t> attentionAround(std::int64_t externalId);
    // Gives the memory back once the kernels are linked.
    void release();

    struct Span {
        double startUs = 0.0;
        std::int64_t externalId = 0;
        float durUs = 0.0f;
        std::uint32_t thread = 0; // into m_threads
    };

private:
    struct Launch {
        std::int64_t correlation = 0;
        double tsUs = 0.0;
        std::uint32_t thread = 0;
    };
    std::uint32_t threadIndex(std::int64_t thread);
    void sortForLaunches();
    void sortForAttention();
    static std::optional<std::int64_t> innermost(const std::vector<Span>& spans,
                                                 std::uint32_t thread, double timeUs,
                                                 std::int64_t except, std::size_t lookBack);

    std::vector<std::int64_t> m_threads; // a trace has a handful: found by a scan
    std::vector<Span> m_spans;
    std::vector<Span> m_attention;
    std::vector<Launch> m_launches;
    // (op, the attention op around it) by op External id: built when first asked.
    std::vector<std::pair<std::int64_t, std::int64_t>> m_insideAttention;
    bool m_launchesReady = false;
    bool m_attentionReady = false;
};

} // namespace roofscope
