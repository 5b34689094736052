#include "core/measured/torchimporter.h"

#include "core/measured/gzip.h"
#include "core/measured/kernelname.h"
#include "core/measured/torchtrace.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <span>
#include <thread>
#include <unordered_map>

namespace roofscope {

namespace {

struct TensorType {
    double bytes = 0.0;         // per element, 0 when unknown
    std::string_view precision; // "fp32", "" when unknown
    ComputeUnit unit = ComputeUnit::Vector;
};

TensorType tensorType(std::string_view t)
{
    if (t == "float")
        return {4, "fp32", ComputeUnit::Vector};
    if (t == "double")
        return {8, "fp64", ComputeUnit::Vector};
    if (t == "c10::Half" || t == "half")
        return {2, "fp16", ComputeUnit::Tensor};
    if (t == "c10::BFloat16" || t == "bfloat16")
        return {2, "bf16", ComputeUnit::Tensor};
    if (t.find("Float8") != std::string_view::npos)
        return {1, "fp8", ComputeUnit::Tensor};
    if (t == "signed char" || t == "unsigned char" || t == "int8")
        return {1, "int8", ComputeUnit::Tensor};
    return {};
}

// The first tensor input whose type we know sets the precision.
TensorType firstKnownType(std::span<const std::string> types)
{
    for (const std::string& t : types)
        if (const TensorType type = tensorType(t); type.bytes > 0)
            return type;
    return {};
}

// Where an op's FLOPs come from; the kernel's formula reads "<op>: <text>".
enum class Formula : std::uint8_t { Matmul, Attention, TraceFlops };

std::string formulaText(Formula f, const std::string& op)
{
    switch (f) {
    case Formula::Matmul:
        return op + ": 2·M·N·K from Input Dims";
    case Formula::Attention:
        return op + ": 4·B·H·L·S·E from Input Dims (no causal discount)";
    case Formula::TraceFlops:
        break;
    }
    return op + ": flops from the trace (with_flops=True)";
}

// The cost of one op from its input shapes, or nothing for an unknown op or shape.
struct OpCost {
    double flops = 0.0;
    double bytes = 0.0;
    TensorType type;
    Formula formula = Formula::Matmul;
};

using Shape = std::vector<double>;

double product(const Shape& s, std::size_t from, std::size_t to)
{
    double p = 1.0;
    for (std::size_t i = from; i < to && i < s.size(); ++i)
        p *= s[i];
    return p;
}

double elements(const Shape& s)
{
    return product(s, 0, s.size());
}

std::optional<OpCost> opCost(const std::string& op, std::span<const Shape> dims,
                             std::span<const std::string> types)
{
    const TensorType type = firstKnownType(types);
    if (type.bytes == 0)
        return std::nullopt;
    OpCost c;
    c.type = type;
    const double s = type.bytes;
    auto matmul = [&](std::size_t a, std::size_t b, std::optional<std::size_t> bias) -> bool {
        if (dims.size() <= std::max(a, b))
            return false;
        const Shape& A = dims[a];
        const Shape& B = dims[b];
        if (A.size() < 2 || B.size() < 2 || A.back() != B[B.size() - 2])
            return false;
        const double m = A[A.size() - 2], k = A.back(), n = B.back();
        const double batch = std::max(product(A, 0, A.size() - 2), product(B, 0, B.size() - 2));
        c.flops = 2.0 * batch * m * n * k;
        c.bytes = (elements(A) + elements(B) + batch * m * n) * s;
        if (bias && dims.size() > *bias)
            c.bytes += elements(dims[*bias]) * s;
        c.formula = Formula::Matmul;
        return true;
    };
    if (op == "aten::mm" || op == "aten::matmul" || op == "aten::bmm") {
        if (!matmul(0, 1, std::nullopt))
            return std::nullopt;
    } else if (op == "aten::addmm" || op == "aten::baddbmm") {
        if (!matmul(1, 2, 0))
            return std::nullopt;
    } else if (op == "aten::linear") {
        if (dims.size() < 2 || dims[0].empty() || dims[1].size() != 2 ||
            dims[0].back() != dims[1][1])
            return std::nullopt;
        const Shape& x = dims[0];
        const double m = product(x, 0, x.size() - 1), k = x.back(), n = dims[1][0];
        c.flops = 2.0 * m * n * k;
        c.bytes = (m * k + n * k + m * n) * s;
        if (dims.size() > 2)
            c.bytes += elements(dims[2]) * s;
        c.formula = Formula::Matmul;
    } else if (op.find("scaled_dot_product") != std::string::npos) {
        // q [B, H, L, E], k [B, H, S, E], v [B, H, S, Ev]: QKᵀ and PV, 2 FLOP per MAC each.
        if (dims.size() < 3 || dims[0].size() != 4 || dims[1].size() != 4 || dims[2].size() != 4)
            return std::nullopt;
        const Shape& q = dims[0];
        const Shape& v = dims[2];
        const double bh = q[0] * q[1], l = q[2], e = q[3], sk = dims[1][2], ev = v[3];
        c.flops = 2.0 * bh * l * sk * e + 2.0 * bh * l * sk * ev;
        c.bytes = (elements(q) + elements(dims[1]) + elements(v) + bh * l * ev) * s;
        c.formula = Formula::Attention;
    } else {
        return std::nullopt;
    }
    if (!std::isfinite(c.flops) || !std::isfinite(c.bytes))
        return std::nullopt;
    return c;
}

// What the importer keeps of a cpu_op: a million-kernel trace has a million of them.
struct CpuOp {
    std::uint32_t name = 0; // index into TorchSink::opNames
    bool hasShapes = false;
    bool hasFlops = false;
    bool hasBytes = false;
    Formula formula = Formula::Matmul;
    TensorType type;
    double flops = 0.0;
    double bytes = 0.0;
    // Filled while kernels are linked: an op's FLOPs are shared among its kernels by time.
    double kernelTimeS = 0.0;
    std::uint32_t kernelCount = 0;
};

struct KernelEvent {
    std::uint32_t name = 0; // index into TorchSink::kernelNames
    double durUs = 0.0;
    TraceId externalId;
    TraceId correlation;
    TraceId device;
};

// Categories of events that are not kernels and that the importer knows (Kineto's activity
// types, and the capitalised ones of torch 1.8/1.9): skipped without a word.
bool knownOtherCategory(std::string_view cat)
{
    static constexpr std::string_view kKnown[] = {"user_annotation",
                                                  "gpu_user_annotation",
                                                  "python_function",
                                                  "python",
                                                  "gpu_memcpy",
                                                  "gpu_memset",
                                                  "memcpy",
                                                  "memset",
                                                  "ac2g",
                                                  "async",
                                                  "fwdbwd",
                                                  "flow",
                                                  "trace",
                                                  "overhead",
                                                  "cpu_instant_event",
                                                  "cuda_sync",
                                                  "external_correlation",
                                                  "glow_runtime",
                                                  "hpu_op",
                                                  "mtia_ccp_events",
                                                  "mtia_workloadd",
                                                  "collective_comm",
                                                  "gpu_op",
                                                  "cpu_op_cpu",
                                                  "forward_backward",
                                                  "mps_op",
                                                  "xpu_op",
                                                  "kineto"};
    return std::find(std::begin(kKnown), std::end(kKnown), cat) != std::end(kKnown);
}

bool runtimeCategory(std::string_view cat)
{
    return cat == "cuda_runtime" || cat == "cuda_driver" || cat == "runtime" ||
           cat == "hip_runtime" || cat == "hip_driver" || cat == "xpu_runtime" ||
           cat == "xpu_driver" || cat == "mtia_runtime" || cat == "privateuse1_runtime" ||
           cat == "privateuse1_driver";
}

// Values by trace id, filled while the trace is read and looked up once it is read. A sorted
// vector rather than a hash map: a serving trace has a million ops, and a node per op made
// the map a fifth of the import.
template <typename T> class IdTable {
public:
    void add(std::int64_t id, const T& value) { m_entries.emplace_back(id, value); }
    // Sorts by id; of ids given more than once the last value is kept, as an assignment would.
    void freeze()
    {
        const auto byId = [](const auto& a, const auto& b) { return a.first < b.first; };
        // Ids usually come in increasing order already.
        if (!std::is_sorted(m_entries.begin(), m_entries.end(), byId))
            std::stable_sort(m_entries.begin(), m_entries.end(), byId);
        std::size_t out = 0;
        for (std::size_t i = 0; i < m_entries.size(); ++i) {
            if (out > 0 && m_entries[out - 1].first == m_entries[i].first)
                m_entries[out - 1] = m_entries[i];
            else
                m_entries[out++] = m_entries[i];
        }
        m_entries.resize(out);
    }
    T* find(std::int64_t id)
    {
        const auto it = std::lower_bound(m_entries.begin(), m_entries.end(), id,
                                         [](const auto& e, std::int64_t x) { return e.first < x; });
        return it != m_entries.end() && it->first == id ? &it->second : nullptr;
    }

private:
    std::vector<std::pair<std::int64_t, T>> m_entries;
};

class TorchSink : public TraceSink {
public:
    void event(const TraceEvent& e) override;
    void notAnObject(std::size_t) override { ++notObjects; }

    IdTable<CpuOp> ops;                // External id -> op
    IdTable<std::int64_t> runtimeToOp; // correlation -> External id
    std::vector<KernelEvent> kernels;
    // Kernel names, each once: a serving trace launches a few hundred kernels a million times.
    std::deque<std::string> kernelNames;
    std::vector<std::string> opNames;
    std::unordered_map<std::string, std::uint32_t> opNameIndex;

    std::size_t events = 0;
    std::size_t notObjects = 0;
    std::size_t duplicates = 0;
    std::string firstDuplicate;
    std::size_t badDurations = 0;
    std::string firstBadDuration;
    std::size_t notComplete = 0; // kernel events whose ph is not "X"
    std::size_t uncategorised = 0;
    std::map<std::string, std::size_t> unknownCategories;
    std::size_t unknownCategoryEvents = 0;
    std::size_t badDims = 0;
    std::string firstBadDims;
    std::size_t rangeEvents = 0;
    std::string rangeCounter;

private:
    void op(const TraceEvent& e);
    std::uint32_t opName(std::string_view name);
    std::uint32_t kernelName(std::string_view name);

    std::unordered_map<std::string_view, std::uint32_t> m_kernelNameIndex; // views of kernelNames

    std::string m_cat; // lower case
    std::vector<Shape> m_shapes;
};

std::uint32_t TorchSink::opName(std::string_view name)
{
    // Lookup by a std::string key; the op names repeat (a few hundred distinct in a trace).
    static thread_local std::string key;
    key.assign(name);
    if (const auto it = opNameIndex.find(key); it != opNameIndex.end())
        return it->second;
    const auto index = static_cast<std::uint32_t>(opNames.size());
    opNames.push_back(key);
    opNameIndex.emplace(key, index);
    return index;
}

std::uint32_t TorchSink::kernelName(std::string_view name)
{
    if (const auto it = m_kernelNameIndex.find(name); it != m_kernelNameIndex.end())
        return it->second;
    const auto index = static_cast<std::uint32_t>(kernelNames.size());
    m_kernelNameIndex.emplace(kernelNames.emplace_back(name), index);
    return index;
}

void TorchSink::event(const TraceEvent& e)
{
    ++events;
    if (!e.duplicateKey.empty()) {
        if (duplicates++ == 0)
            firstDuplicate = e.duplicateKey;
        return;
    }
    if (!e.hasCat) {
        // Metadata (M), instants (i), flows (s/f) and counters (C) have no category in Kineto
        // traces; a duration without one is something we do not know.
        if (!e.hasPh || e.ph == "X" || e.ph == "B" || e.ph == "E")
            ++uncategorised;
        return;
    }
    // torch 1.8/1.9 capitalised categories ("Kernel", "Operator"); later traces write them in
    // lower case, which is then used as it is.
    std::string_view cat = e.cat;
    if (std::any_of(cat.begin(), cat.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) {
        m_cat.assign(cat);
        for (char& c : m_cat)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        cat = m_cat;
    }
    if (cat == "kernel") {
        if (e.hasPh && e.ph != "X") {
            ++notComplete;
            return;
        }
        if (!e.dur || !std::isfinite(*e.dur) || *e.dur < 0.0) {
            if (badDurations++ == 0)
                firstBadDuration = "/traceEvents/" + std::to_string(e.index) + "/dur";
            return;
        }
        kernels.push_back({kernelName(e.hasName ? e.name : std::string_view("(unnamed kernel)")),
                           *e.dur, e.externalId, e.correlation, e.device});
        return;
    }
    if (runtimeCategory(cat)) {
        if (e.externalId && e.correlation)
            runtimeToOp.add(e.correlation.value, e.externalId.value);
        return;
    }
    if (cat == "cpu_op" || cat == "operator") {
        if (e.externalId)
            op(e);
        return;
    }
    if (cat == "cuda_profiler_range") {
        if (rangeEvents++ == 0)
            rangeCounter = e.firstArg;
        return;
    }
    if (knownOtherCategory(cat))
        return;
    ++unknownCategoryEvents;
    if (unknownCategories.size() < 64 || unknownCategories.count(std::string(e.cat)))
        ++unknownCategories[std::string(e.cat)];
}

void TorchSink::op(const TraceEvent& e)
{
    CpuOp op;
    op.name = opName(e.hasName ? e.name : std::string_view());
    op.hasShapes = e.hasDims;
    std::optional<OpCost> cost;
    if (e.hasDims) {
        // A TensorList input ([[2,3],[4,5]]) or a malformed one is of no one shape: the op
        // then has no FLOP model, like an op with a scalar input where a matrix belongs.
        m_shapes.resize(e.dims.size());
        bool bad = false;
        for (std::size_t i = 0; i < e.dims.size(); ++i) {
            const TraceShape& d = e.dims[i];
            bad = bad || d.invalid;
            if (d.list || d.unknown || d.invalid)
                m_shapes[i].clear();
            else
                m_shapes[i].assign(d.sizes.begin(), d.sizes.end());
        }
        if (bad && badDims++ == 0)
            firstBadDims = "/traceEvents/" + std::to_string(e.index) + "/args/Input Dims";
        cost = opCost(opNames[op.name], m_shapes, e.types);
    }
    if (cost) {
        op.hasFlops = op.hasBytes = true;
        op.flops = cost->flops;
        op.bytes = cost->bytes;
        op.type = cost->type;
        op.formula = cost->formula;
    }
    // with_flops=True: PyTorch's own count for the op wins over ours (it covers convolutions
    // too); the bytes still come from the shapes when we have a model of the op.
    if (e.flops && std::isfinite(*e.flops) && *e.flops >= 0.0) {
        op.hasFlops = true;
        op.flops = *e.flops;
        op.formula = Formula::TraceFlops;
        if (!cost)
            op.type = firstKnownType(e.types);
    }
    ops.add(e.externalId.value, op);
}
} // namespace

const ImportFormat& TorchTraceImporter::format() const
{
    static const ImportFormat kFormat{
        "PyTorch profiler trace", "*.json *.json.gz *.pt.trace.json *.pt.trace.json.gz",
        "PyTorch profiler (Kineto), torch 1.8 and later",
        "with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU, "
        "torch.profiler.ProfilerActivity.CUDA], record_shapes=True, with_flops=True) as prof:\n"
        "    model(x)\n"
        "prof.export_chrome_trace(\"trace.json\")",
        "kernel times; FLOPs and minimum bytes of matmuls and attention from their shapes "
        "(or the trace's flops), the GPU from deviceProperties"};
    return kFormat;
}

bool TorchTraceImporter::recognizes(std::string_view text) const
{
    const std::size_t brace = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    return brace != std::string_view::npos && (text[brace] == '{' || text[brace] == '[') &&
           text.substr(0, 1u << 20).find("\"traceEvents\"") != std::string_view::npos;
}

namespace {

// A gzip stream inflated by a thread of its own while the parser reads: inflating a gigabyte
// takes about as long as parsing it, and the two overlap on two cores. A few chunks of 1 MB
// wait in a queue; the inflated text is never in memory whole.
class GzipSource : public TraceTextSource {
public:
    explicit GzipSource(std::string_view compressed)
        : m_reader(compressed, kMaxInflatedBytes), m_free(kChunks)
    {
        m_worker = std::thread([this] { inflateChunks(); });
    }
    ~GzipSource() override
    {
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_changed.notify_all();
        m_worker.join();
    }
    GzipSource(const GzipSource&) = delete;
    GzipSource& operator=(const GzipSource&) = delete;

    std::string_view next() override
    {
        std::unique_lock lock(m_mutex);
        if (m_hasCurrent) {
            m_free.push_back(std::move(m_current));
            m_hasCurrent = false;
            m_changed.notify_all();
        }
        m_changed.wait(lock, [&] { return !m_full.empty() || m_ended; });
        if (m_full.empty())
            return {};
        m_current = std::move(m_full.front());
        m_full.pop_front();
        m_hasCurrent = true;
        return m_current;
    }
    std::optional<std::string> error() const override
    {
        std::lock_guard lock(m_mutex);
        return m_error;
    }

private:
    void inflateChunks()
    {
        for (;;) {
            std::string chunk;
            {
                std::unique_lock lock(m_mutex);
                m_changed.wait(lock, [&] { return !m_free.empty() || m_stopping; });
                if (m_stopping)
                    return;
                chunk = std::move(m_free.back());
                m_free.pop_back();
            }
            chunk.clear();
            bool end = false;
            while (chunk.size() < kChunkBytes) {
                const std::string_view piece = m_reader.next();
                if (piece.empty()) {
                    end = true;
                    break;
                }
                chunk.append(piece);
            }
            {
                std::lock_guard lock(m_mutex);
                if (!chunk.empty())
                    m_full.push_back(std::move(chunk));
                if (end) {
                    m_ended = true;
                    m_error = m_reader.error();
                }
            }
            m_changed.notify_all();
            if (end)
                return;
        }
    }

    // Streaming keeps memory flat whatever the size; this only stops a gzip bomb from
    // keeping the parser busy for hours.
    static constexpr std::size_t kMaxInflatedBytes = std::size_t{64} << 30;
    static constexpr std::size_t kChunkBytes = 1u << 20;
    static constexpr std::size_t kChunks = 4;
    GzipChunkReader m_reader; // used by the worker only
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<std::string> m_free;
    std::deque<std::string> m_full;
    std::string m_current; // the chunk the parser reads
    bool m_hasCurrent = false;
    bool m_ended = false;
    bool m_stopping = false;
    std::optional<std::string> m_error;
    std::thread m_worker;
};

// From this many kernels on, a trace's kernel list is built on two threads.
constexpr std::size_t kParallelBuildKernels = 50000;

std::string plural(std::size_t n, const std::string& one, const std::string& many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

} // namespace

Expected<MeasuredImport> TorchTraceImporter::read(std::string_view text,
                                                  const std::string& fileName) const
{
    TorchSink sink;
    Expected<TraceHeader> header = [&] {
        if (looksGzipped(text)) {
            GzipSource source(text);
            return readTraceEvents(source, fileName, sink);
        }
        return readTraceEvents(text, fileName, sink);
    }();
    if (!header)
        return header.error();
    auto fail = [&](const std::string& problem) {
        return makeError(fileName + ": " + problem + " " + howToProduce(*this));
    };
    if (!header->hasTraceEvents)
        return fail("/traceEvents: missing (expected a PyTorch profiler trace with an array of "
                    "trace events)");
    if (sink.kernels.empty()) {
        if (sink.rangeEvents > 0)
            return fail(
                "a CUPTI range-profiler trace (" +
                plural(sink.rangeEvents, "cuda_profiler_range event",
                       "cuda_profiler_range events") +
                (sink.rangeCounter.empty() ? std::string()
                                           : " with counters such as " + sink.rangeCounter) +
                ") and no kernel events: its ranges split the profiled span evenly, so it has "
                "no kernel times; profile with ProfilerActivity.CUDA instead");
        std::string why;
        if (sink.badDurations > 0)
            why = "; " + plural(sink.badDurations, "kernel event", "kernel events") +
                  " skipped, the first at " + sink.firstBadDuration +
                  ": expected the kernel's duration in µs (a number >= 0)";
        else if (sink.duplicates > 0)
            why = "; " + plural(sink.duplicates, "event", "events") +
                  " with a repeated key skipped, the first at " + sink.firstDuplicate;
        else
            why = " (a CPU-only profile? add ProfilerActivity.CUDA to the activities)";
        return fail("no GPU kernel events (cat \"kernel\") among " +
                    plural(sink.events, "trace event", "trace events") + why);
    }

    std::unordered_map<std::int64_t, std::string> deviceNames;
    for (const auto& [id, name] : header->devices)
        deviceNames.emplace(id.value, name);

    // Link each kernel to the op that launched it: its own External id, or the correlation of
    // the runtime call that launched it (torch.compile's cuLaunchKernel, hipLaunchKernel).
    sink.ops.freeze();
    sink.runtimeToOp.freeze();
    std::vector<CpuOp*> opOfKernel(sink.kernels.size(), nullptr);
    for (std::size_t n = 0; n < sink.kernels.size(); ++n) {
        const KernelEvent& k = sink.kernels[n];
        CpuOp* op = nullptr;
        if (k.externalId)
            op = sink.ops.find(k.externalId.value);
        if (!op && k.correlation)
            if (const std::int64_t* external = sink.runtimeToOp.find(k.correlation.value))
                op = sink.ops.find(*external);
        if (op) {
            op->kernelTimeS += k.durUs * 1e-6;
            ++op->kernelCount;
        }
        opOfKernel[n] = op;
    }

    MeasuredImport result;
    result.kernels.resize(sink.kernels.size());
    // Kernels [from, to) of the result; returns how many have no FLOPs. A million kernels take
    // about a second here (several strings each), so a large trace is built on two threads.
    auto build = [&](std::size_t from, std::size_t to) {
        std::vector<std::optional<std::string>> shortNames(sink.kernelNames.size());
        std::size_t withoutFlops = 0;
        for (std::size_t n = from; n < to; ++n) {
            const KernelEvent& e = sink.kernels[n];
            MeasuredKernel& k = result.kernels[n];
            const std::string& name = sink.kernelNames[e.name];
            std::optional<std::string>& shortName = shortNames[e.name];
            if (!shortName)
                shortName = shortKernelName(name);
            k.shortName = *shortName;
            k.name = name;
            k.source = "torch";
            k.file = fileName;
            k.timeS = e.durUs * 1e-6;
            if (e.device)
                if (const auto it = deviceNames.find(e.device.value); it != deviceNames.end())
                    k.device = it->second;
            if (e.correlation)
                k.launchId = std::to_string(e.correlation.value);
            const CpuOp* op = opOfKernel[n];
            if (!op) {
                ++withoutFlops;
                k.notes.emplace_back(
                    "not linked to a cpu_op (no External id or correlation): time only");
                continue;
            }
            const std::string& opName = sink.opNames[op->name];
            if (!op->hasFlops) {
                ++withoutFlops;
                k.notes.push_back(opName +
                                  (op->hasShapes ? ": no FLOP model for this op or its shapes"
                                                 : ": no Input Dims (record_shapes=False)") +
                                  "; time only");
                continue;
            }
            // An op's FLOPs and bytes are shared among its kernels by time (a split-K GEMM
            // launches a GEMM and a reduction): the shares keep the op's intensity and add up
            // to its total.
            const double share =
                op->kernelTimeS > 0.0 ? k.timeS / op->kernelTimeS : 1.0 / op->kernelCount;
            k.flops = op->flops * share;
            k.flopsFormula = formulaText(op->formula, opName);
            if (op->kernelCount > 1)
                k.flopsFormula += " (shared by time among the op's " +
                                  std::to_string(op->kernelCount) + " kernels)";
            if (!op->type.precision.empty()) {
                k.flopsByPrecision[std::string(op->type.precision) +
                                   (op->type.unit == ComputeUnit::Tensor ? "-tensor" : "")] =
                    *k.flops;
                k.precision = parsePrecision(std::string(op->type.precision));
                k.unit = op->type.unit;
            }
            if (op->hasBytes) {
                k.setBytes(MemLevel::Dram, op->bytes * share);
                k.bytesLowerBound = true;
            }
        }
        return withoutFlops;
    };
    std::size_t withoutFlops = 0;
    const std::size_t count = sink.kernels.size();
    if (count >= kParallelBuildKernels) {
        std::size_t secondHalf = 0;
        std::thread second([&] { secondHalf = build(count / 2, count); });
        withoutFlops = build(0, count / 2);
        second.join();
        withoutFlops += secondHalf;
    } else {
        withoutFlops = build(0, count);
    }
    std::vector<KernelEvent>().swap(sink.kernels);

    std::vector<std::string>& w = result.warnings;
    if (sink.duplicates > 0)
        w.push_back(plural(sink.duplicates, "event", "events") +
                    " with a repeated key skipped (the first at " + sink.firstDuplicate + ")");
    if (sink.badDurations > 0)
        w.push_back(plural(sink.badDurations, "kernel event", "kernel events") +
                    " without a duration skipped (the first at " + sink.firstBadDuration +
                    ": expected the kernel's duration in µs, a number >= 0)");
    if (sink.notComplete > 0)
        w.push_back(plural(sink.notComplete, "kernel event", "kernel events") +
                    " that are not complete (\"ph\": \"X\") events skipped");
    if (sink.unknownCategoryEvents > 0) {
        std::vector<std::pair<std::size_t, std::string>> byCount;
        for (const auto& [cat, count] : sink.unknownCategories)
            byCount.emplace_back(count, cat);
        std::stable_sort(byCount.begin(), byCount.end(),
                         [](const auto& a, const auto& b) { return a.first > b.first; });
        std::string names;
        for (std::size_t i = 0; i < byCount.size() && i < 5; ++i)
            names +=
                (i ? ", " : "") + byCount[i].second + " (" + std::to_string(byCount[i].first) + ")";
        if (byCount.size() > 5)
            names += ", and " + std::to_string(byCount.size() - 5) + " more";
        w.push_back(plural(sink.unknownCategoryEvents, "event", "events") +
                    " of an unknown category skipped: " + names);
    }
    if (sink.uncategorised > 0)
        w.push_back(plural(sink.uncategorised, "duration event", "duration events") +
                    " without a category (cat) skipped");
    if (sink.notObjects > 0)
        w.push_back(plural(sink.notObjects, "trace event", "trace events") +
                    " that are not objects skipped");
    if (sink.badDims > 0)
        w.push_back(plural(sink.badDims, "op", "ops") +
                    " with a size in Input Dims that is negative or not a number: those inputs "
                    "read as of unknown shape (the first at " +
                    sink.firstBadDims + ")");
    if (!header->hasDeviceProperties)
        w.emplace_back("the trace has no deviceProperties (PyTorch before 1.9?): the kernels' GPU "
                       "is unknown");
    if (withoutFlops > 0)
        w.push_back(std::to_string(withoutFlops) + " of " + std::to_string(result.kernels.size()) +
                    " kernels have no FLOPs (their ops have no Input Dims / are not matmul or "
                    "attention): record with record_shapes=True, with_flops=True");
    return result;
}

} // namespace roofscope
