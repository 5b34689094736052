#include "core/measured/torchimporter.h"

#include "core/measured/atenopcost.h"
#include "core/measured/enclosingops.h"
#include "core/measured/gzip.h"
#include "core/measured/kernelname.h"
#include "core/measured/launchshape.h"
#include "core/measured/skippednote.h"
#include "core/measured/torchtrace.h"
#include "core/util/format.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <span>
#include <thread>
#include <unordered_map>

namespace roofscope {

namespace {

// What the importer keeps of a cpu_op: its cost from atenopcost, and how it was found in a few
// flags for the formula text. A serving trace has millions of cpu_ops but few distinct costs (a
// decode step runs the same ops on the same shapes: the H200 Llama trace has 77,262 ops and 570
// costs), so the costs are interned (TorchSink::opCosts) and each op keeps an index. A copy per
// op (88 bytes) was a fifth of a million-kernel import's peak memory.
struct CpuOp {
    std::uint32_t name = 0; // index into TorchSink::opNames (and opKinds)
    // Its Input Dims, interned (TorchSink::shapes), for the model join; kNone without them.
    std::uint32_t shape = KernelTraceContext::kNone;
    bool hasShapes = false;
    bool hasFlops = false;
    bool hasBytes = false;
    bool traceFlops = false; // PyTorch's own count (with_flops=True)
    bool outputBoundedBelow = false;
    bool dimFromTrace = false;
    AtenCostProblem problem = AtenCostProblem::None;
    ComputeUnit unit = ComputeUnit::Vector;
    std::string_view precision; // a literal of atenType(), "" when unknown
    double flops = 0.0;
    double bytes = 0.0;
    double listElements = 0.0; // TensorList elements moved, sized by LinkedOp::listElementBytes

    // Numbers compare by their bits: ops interned together give the kernels the same values,
    // down to the sign of a zero.
    bool operator==(const CpuOp& o) const
    {
        return name == o.name && shape == o.shape && hasShapes == o.hasShapes &&
               hasFlops == o.hasFlops && hasBytes == o.hasBytes && traceFlops == o.traceFlops &&
               outputBoundedBelow == o.outputBoundedBelow && dimFromTrace == o.dimFromTrace &&
               problem == o.problem && unit == o.unit && precision == o.precision &&
               bits(flops) == bits(o.flops) && bits(bytes) == bits(o.bytes) &&
               bits(listElements) == bits(o.listElements);
    }
    static std::uint64_t bits(double v) { return std::bit_cast<std::uint64_t>(v); }
};

struct CpuOpHash {
    std::size_t operator()(const CpuOp& op) const
    {
        std::size_t h = std::hash<std::string_view>()(op.precision);
        const auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 0x100000001b3ull + (h >> 29); };
        mix(op.name);
        mix(op.shape);
        mix(static_cast<std::uint64_t>(op.problem) << 8 | static_cast<std::uint64_t>(op.unit));
        mix(op.hasShapes | op.hasFlops << 1 | op.hasBytes << 2 | op.traceFlops << 3 |
            op.outputBoundedBelow << 4 | op.dimFromTrace << 5);
        mix(CpuOp::bits(op.flops));
        mix(CpuOp::bits(op.bytes));
        mix(CpuOp::bits(op.listElements));
        return h;
    }
};

// An op (one External id) as the ops table keeps it: its interned cost, and where its kernels'
// sums are once one of them is linked to it.
struct OpRef {
    static constexpr std::uint32_t kNone = 0xffffffffu;
    std::uint32_t cost = 0;       // into TorchSink::opCosts
    std::uint32_t linked = kNone; // into the import's LinkedOp list
};

// An op that launched kernels: its FLOPs and bytes are shared among them by time. Only ops with
// kernels get one (28 % of the ops of the H200 Llama trace), once the trace is read.
struct LinkedOp {
    std::uint32_t cost = 0; // into TorchSink::opCosts
    std::uint32_t kernelCount = 0;
    double kernelTimeS = 0.0;
    // A TensorList's element size from the name of one of the op's kernels (OpaqueType<N>);
    // 0 until one is found.
    std::uint8_t listElementBytes = 0;

    double totalBytes(const CpuOp& op) const
    {
        return op.bytes + op.listElements * (listElementBytes > 0 ? listElementBytes : 1.0);
    }
};

struct KernelEvent {
    std::uint32_t name = 0; // index into TorchSink::kernelNames
    double durUs = 0.0;
    double tsUs = 0.0;
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
    // Gives the memory back: the tables are done with once every kernel is linked.
    void release() { std::vector<std::pair<std::int64_t, T>>().swap(m_entries); }

private:
    std::vector<std::pair<std::int64_t, T>> m_entries;
};

// An attention op that runs a fused kernel (flash, efficient, cuDNN, a hub's or the flash-attn
// package's): what it launches besides that kernel (ROCm's flash attention zeroes its output
// first) is attention too. Not the public scaled_dot_product_attention, nor the math path, whose
// GEMMs and softmax are each the model's own rows of unfused attention.
bool fusedAttention(std::string_view name, const AtenOp& kind)
{
    return kind.family == AtenFamily::Attention && name != "aten::scaled_dot_product_attention" &&
           name.find("math") == std::string_view::npos;
}

class TorchSink : public TraceSink {
public:
    void event(const TraceEvent& e) override;
    void notAnObject(std::size_t) override { ++notObjects; }

    IdTable<OpRef> ops;                // External id -> op
    IdTable<std::int64_t> runtimeToOp; // correlation -> External id
    EnclosingOps enclosing;            // the ops around a launch, and fused attention's
    std::vector<KernelEvent> kernels;
    // Kernel names, each once: a serving trace launches a few hundred kernels a million times.
    std::deque<std::string> kernelNames;
    std::vector<std::string> opNames;
    std::vector<AtenOp> opKinds; // each op name's cost model, looked up once
    std::unordered_map<std::string, std::uint32_t> opNameIndex;
    std::vector<CpuOp> opCosts; // each distinct op once
    std::unordered_map<CpuOp, std::uint32_t, CpuOpHash> opCostIndex;
    // Distinct Input Dims: a decode step repeats the same few hundred shapes, so a million
    // ops keep an index each rather than their sizes.
    std::vector<TraceOpShape> shapes;
    std::unordered_map<std::string, std::uint32_t> shapeIndex;

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
    // Returns the op's name (into opNames).
    std::uint32_t op(const TraceEvent& e);
    std::uint32_t opName(std::string_view name);
    std::uint32_t opCost(const CpuOp& op);
    std::uint32_t kernelName(std::string_view name);
    std::uint32_t shape(std::span<const TraceShape> dims);

    std::unordered_map<std::string_view, std::uint32_t> m_kernelNameIndex; // views of kernelNames

    std::string m_cat; // lower case
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
    opKinds.push_back(classifyAtenOp(key));
    opNameIndex.emplace(key, index);
    return index;
}

std::uint32_t TorchSink::opCost(const CpuOp& op)
{
    const auto [it, added] =
        opCostIndex.try_emplace(op, static_cast<std::uint32_t>(opCosts.size()));
    if (added)
        opCosts.push_back(op);
    return it->second;
}

std::uint32_t TorchSink::shape(std::span<const TraceShape> dims)
{
    // The key: each input's sizes as integers, an input ending in a marker no size takes.
    static thread_local std::string key;
    key.clear();
    auto put = [](std::int64_t v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
    // A size past 2^53 (or infinite) is no tensor's: the input is taken as unknown, as one
    // without shapes is, rather than cast to an integer it does not fit (undefined behaviour).
    auto sane = [](const auto& sizes) {
        return std::all_of(sizes.begin(), sizes.end(),
                           [](double v) { return std::fabs(v) <= 9007199254740992.0; });
    };
    auto saneShape = [&sane](const TraceShape& d) {
        if (!d.list)
            return sane(d.sizes);
        for (std::size_t m = 0; m < d.members(); ++m) {
            if (!sane(d.member(m)))
                return false;
        }
        return true;
    };
    for (const TraceShape& d : dims) {
        if (!d.unknown && !d.invalid && saneShape(d)) {
            if (d.list) {
                for (std::size_t m = 0; m < d.members(); ++m) {
                    for (double v : d.member(m))
                        put(static_cast<std::int64_t>(v));
                    put(-1);
                }
                continue;
            }
            for (double v : d.sizes)
                put(static_cast<std::int64_t>(v));
        }
        put(-1);
    }
    if (const auto it = shapeIndex.find(key); it != shapeIndex.end())
        return it->second;
    TraceOpShape s;
    std::vector<std::int64_t> input;
    for (std::size_t i = 0; i < key.size(); i += sizeof(std::int64_t)) {
        std::int64_t v;
        std::memcpy(&v, key.data() + i, sizeof v);
        if (v < 0) {
            s.inputs.push_back(std::move(input));
            input.clear();
        } else {
            input.push_back(v);
        }
    }
    const auto index = static_cast<std::uint32_t>(shapes.size());
    shapes.push_back(std::move(s));
    shapeIndex.emplace(key, index);
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
                           *e.dur, e.ts.value_or(0.0), e.externalId, e.correlation, e.device});
        return;
    }
    if (runtimeCategory(cat)) {
        if (e.externalId && e.correlation)
            runtimeToOp.add(e.correlation.value, e.externalId.value);
        else if (e.correlation && e.tid && e.ts)
            enclosing.addLaunch(e.tid.value, *e.ts, e.correlation.value);
        return;
    }
    if (cat == "cpu_op" || cat == "operator") {
        if (e.externalId) {
            const std::uint32_t name = op(e);
            if (e.tid && e.ts && e.dur) {
                enclosing.addOp(e.tid.value, *e.ts, *e.dur, e.externalId.value);
                if (fusedAttention(opNames[name], opKinds[name]))
                    enclosing.addAttention(e.tid.value, *e.ts, *e.dur, e.externalId.value);
            }
        }
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

std::uint32_t TorchSink::op(const TraceEvent& e)
{
    CpuOp op;
    op.name = opName(e.hasName ? e.name : std::string_view());
    op.hasShapes = e.hasDims;
    AtenCostResult cost;
    if (e.hasDims) {
        op.shape = shape(e.dims);
        // A malformed input is of unknown shape: the op then has no FLOP model, like an op
        // with a scalar input where a matrix belongs.
        if (std::any_of(e.dims.begin(), e.dims.end(),
                        [](const TraceShape& d) { return d.invalid; }) &&
            badDims++ == 0)
            firstBadDims = "/traceEvents/" + std::to_string(e.index) + "/args/Input Dims";
        cost = atenOpCost(opKinds[op.name], e.dims, e.types, e.concrete);
        op.problem = cost.problem;
    }
    if (const std::optional<AtenCost>& c = cost.cost) {
        op.hasFlops = op.hasBytes = true;
        op.flops = c->flops;
        op.bytes = c->bytes;
        op.listElements = c->listElements;
        op.precision = c->precision;
        op.unit = c->unit;
        op.outputBoundedBelow = c->outputBoundedBelow;
        op.dimFromTrace = c->dimFromTrace;
    }
    // with_flops=True: PyTorch's own count for the op wins over ours (it covers convolutions
    // too); the bytes still come from the shapes when we have a model of the op.
    if (e.flops && std::isfinite(*e.flops) && *e.flops >= 0.0) {
        op.hasFlops = true;
        op.flops = *e.flops;
        op.traceFlops = true;
        if (!cost.cost) {
            op.precision = {};
            op.unit = ComputeUnit::Vector;
            for (const std::string& t : e.types) {
                if (const AtenType type = atenType(t); !type.precision.empty()) {
                    op.precision = type.precision;
                    op.unit = type.matrixUnits ? ComputeUnit::Tensor : ComputeUnit::Vector;
                    break;
                }
            }
        }
    }
    ops.add(e.externalId.value, {opCost(op)});
    return op.name;
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
        "kernel times; FLOPs and minimum bytes of matmuls, attention, elementwise ops, "
        "reductions, copies and gathers from their shapes (or the trace's flops), the GPU from "
        "deviceProperties"};
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
    // The compressed bytes read from a file as they are needed.
    explicit GzipSource(std::istream& compressed)
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

// Each kernel's op, where it has one: its own External id, or the correlation of the runtime
// call that launched it (torch.compile's cuLaunchKernel, hipLaunchKernel), or, where that call
// has no External id either, the op around the call on its thread.
struct KernelLinks {
    std::vector<LinkedOp> ops;
    std::vector<std::uint32_t> ofKernel; // into ops; OpRef::kNone: not linked

    const LinkedOp* linkedOf(std::size_t kernel) const
    {
        return ofKernel[kernel] == OpRef::kNone ? nullptr : &ops[ofKernel[kernel]];
    }
};

// Links the kernels to their ops and fills their trace context. The id tables are released
// afterwards: the kernel list built next holds most of the import's memory, and they would
// otherwise sit beside it.
KernelLinks linkKernels(TorchSink& sink, std::vector<KernelTraceContext>& context)
{
    sink.ops.freeze();
    sink.runtimeToOp.freeze();
    KernelLinks links;
    links.ofKernel.assign(sink.kernels.size(), OpRef::kNone);
    context.resize(sink.kernels.size());
    for (std::size_t n = 0; n < sink.kernels.size(); ++n) {
        const KernelEvent& k = sink.kernels[n];
        OpRef* ref = nullptr;
        std::int64_t externalId = -1;
        if (k.externalId && (ref = sink.ops.find(k.externalId.value)))
            externalId = k.externalId.value;
        if (!ref && k.correlation)
            if (const std::int64_t* external = sink.runtimeToOp.find(k.correlation.value))
                if ((ref = sink.ops.find(*external)))
                    externalId = *external;
        if (!ref && k.correlation && sink.enclosing.hasLaunches())
            if (const auto external = sink.enclosing.launcherOf(k.correlation.value))
                if ((ref = sink.ops.find(*external)))
                    externalId = *external;
        if (!ref) {
            context[n] = {k.tsUs, externalId, KernelTraceContext::kNone, KernelTraceContext::kNone};
            continue;
        }
        const CpuOp& op = sink.opCosts[ref->cost];
        context[n] = {k.tsUs, externalId, op.name, op.shape};
        // A kernel of another op inside a fused attention op is the attention's in the trace
        // context the model join reads (its own FLOPs and bytes stay its op's).
        if (sink.enclosing.hasAttention() && sink.opKinds[op.name].family != AtenFamily::Attention)
            if (const auto around = sink.enclosing.attentionAround(externalId))
                if (const OpRef* attention = sink.ops.find(*around)) {
                    const CpuOp& a = sink.opCosts[attention->cost];
                    context[n] = {k.tsUs, *around, a.name, a.shape};
                }
        if (ref->linked == OpRef::kNone) {
            ref->linked = static_cast<std::uint32_t>(links.ops.size());
            links.ops.push_back({ref->cost});
        }
        LinkedOp& linked = links.ops[ref->linked];
        linked.kernelTimeS += k.durUs * 1e-6;
        ++linked.kernelCount;
        // A TensorList's element type is not in the trace; ATen's cat kernels name it.
        if (op.listElements > 0.0 && linked.listElementBytes == 0)
            if (const auto bytes = elementBytesFromKernelName(sink.kernelNames[k.name]))
                linked.listElementBytes = static_cast<std::uint8_t>(*bytes);
        links.ofKernel[n] = ref->linked;
    }
    sink.ops.release();
    sink.runtimeToOp.release();
    sink.enclosing.release();
    return links;
}

// The FLOP formula text of a linked op's kernels.
std::string flopsFormula(const TorchSink& sink, const LinkedOp& linked)
{
    const CpuOp& op = sink.opCosts[linked.cost];
    const std::string& opName = sink.opNames[op.name];
    const std::string sharing =
        linked.kernelCount > 1
            ? std::string(kSharedByTime) + std::to_string(linked.kernelCount) + " kernels)"
            : std::string();
    if (op.traceFlops && !op.hasBytes)
        return opName + ": flops from the trace (with_flops=True)" + sharing;
    AtenCost how;
    how.listElements = op.listElements;
    how.outputBoundedBelow = op.outputBoundedBelow;
    how.dimFromTrace = op.dimFromTrace;
    return atenFormula(sink.opKinds[op.name], how, opName, linked.listElementBytes, op.traceFlops,
                       sharing);
}

// The formula texts already composed, by what they are made of (the op's cost, its kernel count
// and TensorList element size): a serving trace's ops repeat a few hundred costs, and composing
// the text for each of a million kernels took 8 % of the import's time, and each text built by
// appending held spare capacity (40 MB in all).
class FormulaTexts {
public:
    const std::string& of(const TorchSink& sink, const LinkedOp& linked)
    {
        if (linked.kernelCount >= (1u << 24)) { // beyond the key: composed each time
            m_uncached = flopsFormula(sink, linked);
            return m_uncached;
        }
        const std::uint64_t key = std::uint64_t{linked.cost} << 32 |
                                  std::uint64_t{linked.listElementBytes} << 24 | linked.kernelCount;
        const auto [it, added] = m_texts.try_emplace(key);
        if (added)
            it->second = flopsFormula(sink, linked);
        return it->second;
    }

private:
    std::unordered_map<std::uint64_t, std::string> m_texts;
    std::string m_uncached;
};

// Why an op's kernels have no FLOPs. Advice to record with record_shapes=True is given only
// where the trace does not say it was. with_flops=True is never advised: PyTorch counts the
// FLOPs of the op a model calls (aten::conv2d), while kernels belong to the innermost op
// (aten::cudnn_convolution), which it does not count.
std::string noFlopsReason(const CpuOp& op, const TraceHeader& header)
{
    if (!op.hasShapes)
        return header.recordShapes.value_or(false)
                   ? "no Input Dims (the trace was recorded with record_shapes=True; this op "
                     "records none)"
                   : "no Input Dims: record with record_shapes=True";
    return std::string(atenProblemText(op.problem));
}

// One warning for the kernels without FLOPs: their share of the kernel time, then each cause
// per op, the costliest first.
std::string withoutFlopsWarning(const TorchSink& sink, const KernelLinks& links,
                                const TraceHeader& header)
{
    struct Cause {
        const CpuOp* op = nullptr; // an op of this name and reason; null: not linked
        std::size_t kernels = 0;
        double timeS = 0.0;
    };
    // By op name and reason (no Input Dims, or an AtenCostProblem).
    constexpr std::size_t kReasons = 5;
    std::vector<Cause> causes(sink.opNames.size() * kReasons + 1);
    Cause& unlinked = causes.back();
    double totalS = 0.0, withoutS = 0.0;
    std::size_t without = 0;
    for (std::size_t n = 0; n < sink.kernels.size(); ++n) {
        const double t = sink.kernels[n].durUs * 1e-6;
        totalS += t;
        const LinkedOp* linked = links.linkedOf(n);
        const CpuOp* op = linked ? &sink.opCosts[linked->cost] : nullptr;
        if (op && op->hasFlops)
            continue;
        ++without;
        withoutS += t;
        Cause& c = !op ? unlinked
                       : causes[op->name * kReasons +
                                (op->hasShapes ? 1 + static_cast<std::size_t>(op->problem) : 0)];
        c.op = op;
        ++c.kernels;
        c.timeS += t;
    }
    if (without == 0)
        return {};
    std::vector<const Cause*> listed;
    for (const Cause& c : causes)
        if (c.kernels > 0)
            listed.push_back(&c);
    std::stable_sort(listed.begin(), listed.end(),
                     [](const Cause* a, const Cause* b) { return a->timeS > b->timeS; });
    char share[32];
    std::snprintf(share, sizeof share, "%.3g %%", totalS > 0.0 ? 100.0 * withoutS / totalS : 0.0);
    std::string text = std::to_string(without) + " of " + std::to_string(sink.kernels.size()) +
                       " kernels (" + share + " of the kernel time) have no FLOPs: ";
    // The costliest ops by name, and the unlinked kernels wherever they rank.
    constexpr std::size_t kShownOps = 6;
    std::size_t shownOps = 0, hiddenOps = 0, hiddenKernels = 0;
    bool first = true;
    for (const Cause* cause : listed) {
        const Cause& c = *cause;
        if (c.op && shownOps == kShownOps) {
            ++hiddenOps;
            hiddenKernels += c.kernels;
            continue;
        }
        shownOps += c.op ? 1 : 0;
        if (!first)
            text += "; ";
        first = false;
        text += countOf(c.kernels, "kernel", "kernels");
        if (!c.op) {
            text += " not linked to any cpu_op (none has its External id or its launch's "
                    "correlation)";
        } else {
            text += " of " + sink.opNames[c.op->name] + ": " + noFlopsReason(*c.op, header);
        }
    }
    if (hiddenOps > 0)
        text += "; and " + countOf(hiddenKernels, "kernel", "kernels") + " of " +
                countOf(hiddenOps, "other op", "other ops");
    return text;
}

} // namespace

namespace {

// The import of a trace `sink` has read: each kernel linked to its op, and the warnings.
Expected<MeasuredImport> importedTrace(const TorchTraceImporter& importer, TorchSink& sink,
                                       Expected<TraceHeader>& header, const std::string& fileName)
{
    if (!header)
        return header.error();
    auto fail = [&](const std::string& problem) {
        return makeError(fileName + ": " + problem + " " + howToProduce(importer));
    };
    if (!header->hasTraceEvents)
        return fail("/traceEvents: missing (expected a PyTorch profiler trace with an array of "
                    "trace events)");
    if (sink.kernels.empty()) {
        if (sink.rangeEvents > 0)
            return fail(
                "a CUPTI range-profiler trace (" +
                countOf(sink.rangeEvents, "cuda_profiler_range event",
                        "cuda_profiler_range events") +
                (sink.rangeCounter.empty() ? std::string()
                                           : " with counters such as " + sink.rangeCounter) +
                ") and no kernel events: its ranges split the profiled span evenly, so it has "
                "no kernel times; profile with ProfilerActivity.CUDA instead");
        std::string why;
        if (sink.badDurations > 0)
            why = "; " + skippedNote(sink.badDurations, "kernel event", "kernel events",
                                     "no usable duration",
                                     "at " + sink.firstBadDuration +
                                         ": expected the kernel's duration in µs, a number >= 0");
        else if (sink.duplicates > 0)
            why = "; " + skippedNote(sink.duplicates, "event", "events", "a repeated key",
                                     "at " + sink.firstDuplicate);
        else
            why = " (a CPU-only profile? add ProfilerActivity.CUDA to the activities)";
        return fail("no GPU kernel events (cat \"kernel\") among " +
                    countOf(sink.events, "trace event", "trace events") + why);
    }

    std::unordered_map<std::int64_t, std::string> deviceNames;
    for (const auto& [id, name] : header->devices)
        deviceNames.emplace(id.value, name);
    // A trace may list one GPU's properties (id 0) while its kernels ran on another index (a
    // ROCm rank on GPU 2): when every listed GPU has one name, the kernels are on that GPU.
    std::string unlistedNote;
    if (!deviceNames.empty() &&
        std::all_of(deviceNames.begin(), deviceNames.end(),
                    [&](const auto& d) { return d.second == deviceNames.begin()->second; })) {
        const std::string sole = deviceNames.begin()->second;
        std::vector<std::int64_t> unlisted;
        for (const KernelEvent& e : sink.kernels)
            if (e.device && !deviceNames.contains(e.device.value) &&
                std::find(unlisted.begin(), unlisted.end(), e.device.value) == unlisted.end())
                unlisted.push_back(e.device.value);
        for (std::int64_t id : unlisted)
            deviceNames.emplace(id, sole);
        if (!unlisted.empty())
            unlistedNote = "kernels ran on device " + std::to_string(unlisted.front()) +
                           ", which deviceProperties does not list; it lists only " + sole +
                           ", taken as their GPU";
    }

    MeasuredImport result;
    const KernelLinks links = linkKernels(sink, result.trace.kernels);

    result.kernels.resize(sink.kernels.size());
    // Kernels [from, to) of the result. A million kernels take about a second here (several
    // strings each), so a large trace is built on two threads.
    auto build = [&](std::size_t from, std::size_t to) {
        std::vector<std::optional<std::string>> shortNames(sink.kernelNames.size());
        FormulaTexts formulas;
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
            const LinkedOp* linked = links.linkedOf(n);
            if (!linked) {
                k.notes.emplace_back(
                    "not linked to a cpu_op (no External id or correlation): time only");
                continue;
            }
            const CpuOp* op = &sink.opCosts[linked->cost];
            const std::string& opName = sink.opNames[op->name];
            if (!op->hasFlops) {
                k.notes.push_back(opName + ": " + noFlopsReason(*op, *header) + "; time only");
                continue;
            }
            // An op's FLOPs and bytes are shared among its kernels by time (a split-K GEMM
            // launches a GEMM and a reduction): the shares keep the op's intensity and add up
            // to its total.
            const double share = linked->kernelTimeS > 0.0 ? k.timeS / linked->kernelTimeS
                                                           : 1.0 / linked->kernelCount;
            k.flops = op->flops * share;
            k.flopsFormula = formulas.of(sink, *linked);
            if (!op->precision.empty()) {
                k.flopsByPrecision[std::string(op->precision) +
                                   (op->unit == ComputeUnit::Tensor ? "-tensor" : "")] = *k.flops;
                k.precision = parsePrecision(op->precision);
                k.unit = op->unit;
            }
            if (op->hasBytes) {
                k.setBytes(MemLevel::Dram, linked->totalBytes(*op) * share);
                k.bytesLowerBound = true;
            }
        }
    };
    const std::size_t count = sink.kernels.size();
    if (count >= kParallelBuildKernels) {
        std::thread second([&] { build(count / 2, count); });
        build(0, count / 2);
        second.join();
    } else {
        build(0, count);
    }
    const std::string withoutFlops = withoutFlopsWarning(sink, links, *header);
    std::vector<KernelEvent>().swap(sink.kernels);
    result.trace.opNames = sink.opNames;
    result.trace.shapes = std::move(sink.shapes);

    std::vector<std::string>& w = result.warnings;
    if (sink.duplicates > 0)
        w.push_back(skippedNote(sink.duplicates, "event", "events", "a repeated key",
                                "at " + sink.firstDuplicate));
    if (sink.badDurations > 0)
        w.push_back(skippedNote(sink.badDurations, "kernel event", "kernel events",
                                "no usable duration",
                                "at " + sink.firstBadDuration +
                                    ": expected the kernel's duration in µs, a number >= 0"));
    if (sink.notComplete > 0)
        w.push_back(skippedNote(sink.notComplete, "kernel event", "kernel events",
                                "not a complete event, \"ph\": \"X\""));
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
        w.push_back(skippedNote(sink.unknownCategoryEvents, "event", "events",
                                "of an unknown category: " + names));
    }
    if (sink.uncategorised > 0)
        w.push_back(skippedNote(sink.uncategorised, "duration event", "duration events",
                                "no category, \"cat\""));
    if (sink.notObjects > 0)
        w.push_back(
            skippedNote(sink.notObjects, "trace event", "trace events", "not a JSON object"));
    if (sink.badDims > 0)
        w.push_back(countOf(sink.badDims, "op", "ops") +
                    " with a size in Input Dims that is negative or not a number: those inputs "
                    "read as of unknown shape (the first at " +
                    sink.firstBadDims + ")");
    if (!unlistedNote.empty())
        w.push_back(unlistedNote);
    if (!header->hasDeviceProperties)
        w.emplace_back("the trace has no deviceProperties (PyTorch before 1.9?): the kernels' GPU "
                       "is unknown");
    if (!withoutFlops.empty())
        w.push_back(withoutFlops);
    result.withoutFlopsWarned = !withoutFlops.empty();
    return result;
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
    return importedTrace(*this, sink, header, fileName);
}

Expected<MeasuredImport> TorchTraceImporter::readGzip(std::istream& compressed,
                                                      const std::string& fileName) const
{
    TorchSink sink;
    Expected<TraceHeader> header = [&] {
        GzipSource source(compressed);
        return readTraceEvents(source, fileName, sink);
    }();
    return importedTrace(*this, sink, header, fileName);
}

} // namespace roofscope
