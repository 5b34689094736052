#include "core/measured/torchimporter.h"

#include "core/jsonreader.h"
#include "core/measured/kernelname.h"

#include <cctype>
#include <cmath>
#include <map>
#include <unordered_map>

namespace roofscope {

namespace {

struct TensorType {
    double bytes = 0.0; // per element, 0 when unknown
    std::string precision;
    ComputeUnit unit = ComputeUnit::Vector;
};

TensorType tensorType(const std::string& t)
{
    if (t == "float")
        return {4, "fp32", ComputeUnit::Vector};
    if (t == "double")
        return {8, "fp64", ComputeUnit::Vector};
    if (t == "c10::Half" || t == "half")
        return {2, "fp16", ComputeUnit::Tensor};
    if (t == "c10::BFloat16" || t == "bfloat16")
        return {2, "bf16", ComputeUnit::Tensor};
    if (t.find("Float8") != std::string::npos)
        return {1, "fp8", ComputeUnit::Tensor};
    if (t == "signed char" || t == "unsigned char" || t == "int8")
        return {1, "int8", ComputeUnit::Tensor};
    return {};
}

// The cost of one op from its input shapes, or nothing for an unknown op or shape.
struct OpCost {
    double flops = 0.0;
    double bytes = 0.0;
    TensorType type;
    std::string formula;
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

std::optional<OpCost> opCost(const std::string& op, const std::vector<Shape>& dims,
                             const std::vector<std::string>& types)
{
    // The first tensor input whose type we know sets the precision.
    TensorType type;
    for (const std::string& t : types) {
        type = tensorType(t);
        if (type.bytes > 0)
            break;
    }
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
        c.formula = op + ": 2·M·N·K from Input Dims";
        return true;
    };
    if (op == "aten::mm" || op == "aten::matmul") {
        if (!matmul(0, 1, std::nullopt))
            return std::nullopt;
    } else if (op == "aten::bmm") {
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
        c.formula = op + ": 2·M·N·K from Input Dims";
    } else if (op.find("scaled_dot_product") != std::string::npos) {
        // q [B, H, L, E], k [B, H, S, E], v [B, H, S, Ev]: QKᵀ and PV, 2 FLOP per MAC each.
        if (dims.size() < 3 || dims[0].size() != 4 || dims[1].size() != 4 || dims[2].size() != 4)
            return std::nullopt;
        const Shape& q = dims[0];
        const Shape& v = dims[2];
        const double bh = q[0] * q[1], l = q[2], e = q[3], sk = dims[1][2], ev = v[3];
        c.flops = 2.0 * bh * l * sk * e + 2.0 * bh * l * sk * ev;
        c.bytes = (elements(q) + elements(dims[1]) + elements(v) + bh * l * ev) * s;
        c.formula = op + ": 4·B·H·L·S·E from Input Dims (no causal discount)";
    } else {
        return std::nullopt;
    }
    if (!std::isfinite(c.flops) || !std::isfinite(c.bytes))
        return std::nullopt;
    return c;
}

struct CpuOp {
    std::string name;
    std::optional<OpCost> cost;
    bool hasShapes = false;
};

std::string idKey(const Json& v)
{
    if (v.is_number_integer() || v.is_number_unsigned())
        return std::to_string(v.get<long long>());
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_number_float())
        return std::to_string(static_cast<long long>(v.get<double>()));
    return {};
}

std::string lower(std::string s)
{
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
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

Expected<MeasuredImport> TorchTraceImporter::read(std::string_view text,
                                                  const std::string& fileName) const
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    auto doc = JsonReader::parse(text, fileName);
    if (!doc)
        return doc.error();
    const Json& root = *doc;
    auto fail = [&](const std::string& pointer, const std::string& problem) {
        return makeError(fileName + ": " + pointer + ": " + problem);
    };
    if (!root.is_object() || !root.contains("traceEvents") || !root["traceEvents"].is_array())
        return fail("/traceEvents", "missing (expected a PyTorch profiler trace with an array "
                                    "of trace events)");
    std::map<std::string, std::string> deviceNames;
    if (root.contains("deviceProperties") && root["deviceProperties"].is_array())
        for (const Json& d : root["deviceProperties"])
            if (d.is_object() && d.contains("id") && d.contains("name") && d["name"].is_string())
                deviceNames[idKey(d["id"])] = d["name"].get<std::string>();

    const Json& events = root["traceEvents"];
    std::unordered_map<std::string, CpuOp> ops;               // External id -> op
    std::unordered_map<std::string, std::string> runtimeToOp; // correlation -> External id
    std::vector<std::size_t> kernelEvents;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const Json& e = events[i];
        if (!e.is_object() || !e.contains("cat") || !e["cat"].is_string())
            continue;
        const std::string cat = lower(e["cat"].get<std::string>());
        const Json* args = e.contains("args") && e["args"].is_object() ? &e["args"] : nullptr;
        if (cat == "kernel") {
            kernelEvents.push_back(i);
            continue;
        }
        if (!args || !args->contains("External id"))
            continue;
        const std::string ext = idKey((*args)["External id"]);
        if (cat == "cuda_runtime" || cat == "cuda_driver" || cat == "hip_runtime") {
            if (args->contains("correlation"))
                runtimeToOp[idKey((*args)["correlation"])] = ext;
        } else if (cat == "cpu_op" || cat == "operator") {
            CpuOp op;
            op.name = e.contains("name") && e["name"].is_string() ? e["name"].get<std::string>()
                                                                  : std::string();
            std::vector<Shape> dims;
            std::vector<std::string> types;
            const std::string pointer = "/traceEvents/" + std::to_string(i) + "/args";
            if (args->contains("Input Dims") && (*args)["Input Dims"].is_array()) {
                op.hasShapes = true;
                for (const Json& d : (*args)["Input Dims"]) {
                    Shape shape;
                    if (d.is_array())
                        for (const Json& n : d) {
                            if (!n.is_number() || n.get<double>() < 0.0 ||
                                !std::isfinite(n.get<double>()))
                                return fail(pointer + "/Input Dims",
                                            "expected sizes >= 0, got " + n.dump());
                            shape.push_back(n.get<double>());
                        }
                    dims.push_back(std::move(shape));
                }
            }
            if (args->contains("Input type") && (*args)["Input type"].is_array())
                for (const Json& t : (*args)["Input type"])
                    types.push_back(t.is_string() ? t.get<std::string>() : std::string());
            if (op.hasShapes)
                op.cost = opCost(op.name, dims, types);
            ops[ext] = std::move(op);
        }
    }

    MeasuredImport result;
    std::map<std::string, std::vector<std::size_t>> kernelsOfOp; // External id -> kernels
    std::vector<std::string> opOfKernel;
    for (std::size_t i : kernelEvents) {
        const Json& e = events[i];
        const std::string pointer = "/traceEvents/" + std::to_string(i);
        if (!e.contains("dur") || !e["dur"].is_number() || !std::isfinite(e["dur"].get<double>()) ||
            e["dur"].get<double>() < 0.0)
            return fail(pointer + "/dur", "expected the kernel's duration in µs (a number >= 0)");
        MeasuredKernel k;
        k.name = e.contains("name") && e["name"].is_string() ? e["name"].get<std::string>()
                                                             : std::string("(unnamed kernel)");
        k.shortName = shortKernelName(k.name);
        k.source = "torch";
        k.file = fileName;
        k.timeS = e["dur"].get<double>() * 1e-6;
        std::string ext;
        if (e.contains("args") && e["args"].is_object()) {
            const Json& args = e["args"];
            if (args.contains("device"))
                if (const auto it = deviceNames.find(idKey(args["device"]));
                    it != deviceNames.end())
                    k.device = it->second;
            if (args.contains("correlation"))
                k.launchId = idKey(args["correlation"]);
            if (args.contains("External id"))
                ext = idKey(args["External id"]);
            if ((ext.empty() || !ops.count(ext)) && args.contains("correlation"))
                if (const auto it = runtimeToOp.find(idKey(args["correlation"]));
                    it != runtimeToOp.end())
                    ext = it->second;
        }
        if (!ops.count(ext))
            ext.clear();
        if (!ext.empty())
            kernelsOfOp[ext].push_back(result.kernels.size());
        opOfKernel.push_back(ext);
        result.kernels.push_back(std::move(k));
    }
    // An op's FLOPs and bytes are shared among its kernels by time (a split-K GEMM launches a
    // GEMM and a reduction): the shares keep the op's intensity and add up to its total.
    for (std::size_t n = 0; n < result.kernels.size(); ++n) {
        MeasuredKernel& k = result.kernels[n];
        if (opOfKernel[n].empty()) {
            k.notes.push_back("not linked to a cpu_op (no External id or correlation): time only");
            continue;
        }
        const CpuOp& op = ops[opOfKernel[n]];
        if (!op.cost) {
            k.notes.push_back(op.name +
                              (op.hasShapes ? ": no FLOP model for this op or its shapes"
                                            : ": no Input Dims (record_shapes=False)") +
                              "; time only");
            continue;
        }
        const auto& siblings = kernelsOfOp[opOfKernel[n]];
        double total = 0.0;
        for (std::size_t s : siblings)
            total += result.kernels[s].timeS;
        const double share = total > 0.0 ? k.timeS / total : 1.0 / siblings.size();
        const OpCost& c = *op.cost;
        k.flops = c.flops * share;
        k.flopsByPrecision[c.type.precision +
                           (c.type.unit == ComputeUnit::Tensor ? "-tensor" : "")] = *k.flops;
        k.flopsFormula = c.formula;
        if (siblings.size() > 1)
            k.flopsFormula +=
                " (shared by time among the op's " + std::to_string(siblings.size()) + " kernels)";
        k.precision = parsePrecision(c.type.precision);
        k.unit = c.type.unit;
        k.setBytes(MemLevel::Dram, c.bytes * share);
        k.bytesLowerBound = true;
    }
    return result;
}

} // namespace roofscope
