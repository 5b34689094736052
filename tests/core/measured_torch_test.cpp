// The PyTorch trace importer's tolerance: each kind of trace seen in the wild is read (what
// cannot be used is counted in a warning), on small synthetic traces written here, and the two
// real traces of the shared corpus with facts counted by hand from the raw files.
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/torchimporter.h"
#include "tests/common/scratchdir.h"
#include "tests/generated/testpaths.h"

#include "tests/common/gzipped.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>

using namespace roofscope;

namespace {

MeasuredImport import(const std::string& text, const std::string& name = "t.json")
{
    auto m = importMeasurementData(text, name);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
    return m.ok() ? *m : MeasuredImport{};
}

std::string errorOf(const std::string& text, const std::string& name = "t.json")
{
    auto m = importMeasurementData(text, name);
    EXPECT_FALSE(m.ok());
    return m.ok() ? std::string() : m.error().message;
}

bool hasWarning(const MeasuredImport& m, const std::string& text)
{
    return std::any_of(m.warnings.begin(), m.warnings.end(),
                       [&](const std::string& w) { return w.find(text) != std::string::npos; });
}

std::string warnings(const MeasuredImport& m)
{
    std::string all;
    for (const std::string& w : m.warnings)
        all += w + "\n";
    return all;
}

const std::string kDevices =
    R"("deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3", "computeMajor": 9}],)";

std::string op(long ext, const std::string& name, const std::string& args)
{
    return R"({"ph": "X", "cat": "cpu_op", "name": ")" + name +
           R"(", "ts": 1, "dur": 9, "args": {"External id": )" + std::to_string(ext) +
           (args.empty() ? "" : ", " + args) + "}}";
}

std::string kernel(long ext, const std::string& name, const std::string& dur)
{
    return R"({"ph": "X", "cat": "kernel", "name": ")" + name + R"(", "ts": 2, "dur": )" + dur +
           R"(, "args": {"External id": )" + std::to_string(ext) +
           R"(, "device": 0, "stream": 7, "grid": [1, 1, 1]}})";
}

std::string trace(const std::string& events, const std::string& header = kDevices)
{
    return "{" + header + R"( "traceEvents": [)" + events + "]}";
}

} // namespace

// A TensorList input (aten::cat's list of tensors) used to refuse the whole trace; its members'
// sizes are now kept, and cat is costed as a copy of their 2·3 + 4·5 = 26 elements. The list's
// element type is not in the trace: ATen's cat kernels name it (OpaqueType<4u>: 4 bytes), and
// without that the bytes are a 1-byte-an-element lower bound.
TEST(MeasuredTorchTolerance, TensorListInputDimsKeepsItsMembers)
{
    const std::string cat =
        R"("Input Dims": [[[2, 3], [4, 5]], [3]], "Input type": ["TensorList", "Int"])";
    const std::string events =
        op(1, "aten::cat", cat) + "," + kernel(1, "CatArrayBatchedCopy", "4") + "," +
        op(2, "aten::mm", R"("Input Dims": [[8, 16], [16, 4]], "Input type": ["float", "float"])") +
        "," + kernel(2, "gemm", "2") + "," + op(3, "aten::cat", cat) + "," +
        kernel(3,
               "void at::native::(anonymous namespace)::CatArrayBatchedCopy<at::native::"
               "(anonymous namespace)::OpaqueType<4u>, unsigned int, 2, 128, 1>(…)",
               "4");
    const MeasuredImport m = import(trace(events));
    ASSERT_EQ(m.kernels.size(), 3u);
    const MeasuredKernel& unsized = m.kernels[0];
    ASSERT_TRUE(unsized.flops.has_value());
    EXPECT_DOUBLE_EQ(*unsized.flops, 26.0);
    EXPECT_DOUBLE_EQ(*unsized.bytesAt(MemLevel::Dram), 2.0 * 26.0);
    EXPECT_TRUE(unsized.bytesLowerBound);
    EXPECT_FALSE(unsized.precision.has_value()); // the list's type is unknown: the vector roof
    EXPECT_NE(unsized.flopsFormula.find("the TensorList's element type is not in the trace: 1 "
                                        "B/element (a lower bound)"),
              std::string::npos)
        << unsized.flopsFormula;
    EXPECT_TRUE(unsized.notes.empty());
    EXPECT_DOUBLE_EQ(*m.kernels[1].flops, 2.0 * 8 * 4 * 16);
    EXPECT_DOUBLE_EQ(*m.kernels[2].bytesAt(MemLevel::Dram), 2.0 * 26.0 * 4.0);
    EXPECT_TRUE(m.warnings.empty()) << warnings(m);

    // The case that was refused: 10,000 events, one of them with a TensorList.
    std::string many = op(1, "aten::cat", R"("Input Dims": [[[2, 3], [4, 5]], [3]])") + "," +
                       kernel(1, "CatArrayBatchedCopy", "4");
    for (long i = 2; i <= 5000; ++i)
        many += "," + op(i, "aten::add", R"("Input Dims": [[4], [4], []])") + "," +
                kernel(i, "add_kernel", "1");
    EXPECT_EQ(import(trace(many)).kernels.size(), 5000u);
}

// The warning for kernels without FLOPs names each cause per op, the costliest first, with
// the share of the kernel time they hold; it advises record_shapes=True only where the trace
// does not say it was recorded so. A reduction's dims come from Concrete Inputs.
TEST(MeasuredTorchTolerance, KernelsWithoutFlopsAreExplainedPerOp)
{
    const std::string events =
        op(1, "aten::foo", R"("Input Dims": [[4]], "Input type": ["float"])") + "," +
        kernel(1, "foo_a", "3") + "," + kernel(1, "foo_b", "3") + "," + op(2, "aten::bar", "") +
        "," + kernel(2, "bar", "1") + "," + kernel(99, "orphan", "2") + "," +
        op(3, "aten::mean",
           R"("Input Dims": [[4, 8], [], [], []], "Input type": ["float", "ScalarList", "Scalar", ""], "Concrete Inputs": ["", "[-1]", "True", ""])") +
        "," + kernel(3, "reduce_kernel", "4");
    // 9 of the 13 µs of kernel time: 69.2 %.
    const std::string head = "4 of 5 kernels (69.2 % of the kernel time) have no FLOPs: 2 "
                             "kernels of aten::foo: no FLOP model for this op; 1 kernel not "
                             "linked to any cpu_op (none has its External id or its launch's "
                             "correlation); 1 kernel of aten::bar: no Input Dims";
    const MeasuredImport recorded =
        import(trace(events, kDevices + R"( "record_shapes": 1, "with_flops": true,)"));
    ASSERT_EQ(recorded.kernels.size(), 5u);
    EXPECT_EQ(recorded.warnings,
              std::vector<std::string>{head + " (the trace was recorded with record_shapes=True; "
                                              "this op records none)"});
    EXPECT_EQ(recorded.kernels[2].notes,
              std::vector<std::string>{"aten::bar: no Input Dims (the trace was recorded with "
                                       "record_shapes=True; this op records none); time only"});
    EXPECT_EQ(recorded.kernels[0].notes,
              std::vector<std::string>{"aten::foo: no FLOP model for this op; time only"});
    // mean over [-1] of [4, 8] fp32: 32 FLOPs, 32 · 4 read and 4 · 4 written.
    const MeasuredKernel& mean = recorded.kernels[4];
    EXPECT_DOUBLE_EQ(*mean.flops, 32.0);
    EXPECT_DOUBLE_EQ(*mean.bytesAt(MemLevel::Dram), 144.0);
    EXPECT_EQ(mean.precision, Precision::FP32);
    EXPECT_EQ(mean.unit, ComputeUnit::Vector);
    EXPECT_EQ(notPlacedReason(mean), "");
    const MeasuredImport unrecorded = import(trace(events));
    EXPECT_EQ(unrecorded.warnings,
              std::vector<std::string>{head + ": record with record_shapes=True"});
}

TEST(MeasuredTorchTolerance, MalformedSizesAreCountedNotRefused)
{
    const std::string events =
        op(1, "aten::mm", R"("Input Dims": [[8, -1], [16, 4]], "Input type": ["float", "float"])") +
        "," + kernel(1, "gemm", "2");
    const MeasuredImport m = import(trace(events));
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_FALSE(m.kernels[0].flops.has_value());
    EXPECT_TRUE(hasWarning(m, "1 op with a size in Input Dims that is negative or not a number: "
                              "those inputs read as of unknown shape (the first at "
                              "/traceEvents/0/args/Input Dims)"))
        << warnings(m);
}

// with_flops=True: PyTorch's count wins (convolutions have no model of ours); bytes still come
// from the shapes when the op has a model.
TEST(MeasuredTorchTolerance, FlopsArgumentFromWithFlops)
{
    const std::string events =
        op(1, "aten::conv2d",
           R"("Input Dims": [[1, 3, 224, 224], [64, 3, 7, 7], [], [], [], [], []], "Input type": ["float", "float", "", "", "", "", ""], "flops": 236027904)") +
        "," + kernel(1, "implicit_convolve_sgemm", "20") + "," +
        op(2, "aten::mm",
           R"("Input Dims": [[8, 16], [16, 4]], "Input type": ["c10::BFloat16", "c10::BFloat16"], "flops": 1024)") +
        "," + kernel(2, "gemm", "2");
    const MeasuredImport m = import(trace(events));
    ASSERT_EQ(m.kernels.size(), 2u);
    const MeasuredKernel& conv = m.kernels[0];
    EXPECT_DOUBLE_EQ(*conv.flops, 236027904.0);
    EXPECT_EQ(conv.flopsFormula, "aten::conv2d: flops from the trace (with_flops=True)");
    EXPECT_EQ(conv.precision, Precision::FP32);
    EXPECT_DOUBLE_EQ(conv.flopsByPrecision.at("fp32"), 236027904.0);
    EXPECT_FALSE(conv.bytesAt(MemLevel::Dram).has_value()); // no model of a convolution's bytes
    const MeasuredKernel& mm = m.kernels[1];
    EXPECT_DOUBLE_EQ(*mm.flops, 1024.0); // = 2·8·4·16: the trace and the shapes agree
    EXPECT_DOUBLE_EQ(*mm.bytesAt(MemLevel::Dram), (8 * 16 + 16 * 4 + 8 * 4) * 2.0);
    EXPECT_EQ(mm.unit, ComputeUnit::Tensor);
    EXPECT_TRUE(m.warnings.empty()) << warnings(m);
}

// torch 1.8/1.9: capitalised categories, "external id" and "Input dims" in lower case, tids
// like "stream 7", no deviceProperties.
TEST(MeasuredTorchTolerance, OldSchemaOfTorch18)
{
    const std::string events = R"(
      {"ph": "X", "cat": "Operator", "name": "aten::addmm", "pid": 1, "tid": "1", "ts": 1, "dur": 30,
       "args": {"Device": 1, "External id": 5, "Input dims": [[4], [2, 3], [3, 4]], "Input type": ["float", "float", "float"]}},
      {"ph": "X", "cat": "Runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": "1", "ts": 2, "dur": 3,
       "args": {"correlation": 77, "external id": 5}},
      {"ph": "X", "cat": "Kernel", "name": "volta_sgemm_32x32_sliced1x4_nn", "pid": 0, "tid": "stream 7", "ts": 5, "dur": 6,
       "args": {"device": 0, "stream": 7, "correlation": 77, "external id": 5}},
      {"ph": "X", "cat": "Memcpy", "name": "Memcpy HtoD", "pid": 0, "tid": "stream 7", "ts": 9, "dur": 2, "args": {"correlation": 78}},
      {"ph": "i", "s": "t", "name": "[memory]", "pid": 1, "tid": 1, "ts": 10, "args": {"Bytes": 512}},
      {"ph": "f", "id": 77, "pid": 0, "tid": "stream 7", "ts": 5, "cat": "async", "name": "launch"}
    )";
    const MeasuredImport m = import(trace(events, ""));
    ASSERT_EQ(m.kernels.size(), 1u);
    const MeasuredKernel& k = m.kernels[0];
    EXPECT_EQ(k.device, "");
    EXPECT_EQ(k.launchId, "77");
    EXPECT_DOUBLE_EQ(k.timeS, 6e-6);
    EXPECT_DOUBLE_EQ(*k.flops, 2.0 * 2 * 4 * 3);
    EXPECT_DOUBLE_EQ(*k.bytesAt(MemLevel::Dram), (2 * 3 + 3 * 4 + 2 * 4 + 4) * 4.0);
    // The memcpy, the memory instant and the flow are known kinds: no warning for them.
    ASSERT_EQ(m.warnings.size(), 1u) << warnings(m);
    EXPECT_EQ(m.warnings[0], "the trace has no deviceProperties (PyTorch before 1.9?): the "
                             "kernels' GPU is unknown");
}

// TraceLens's MI300X trace of Qwen1.5-0.5B lists deviceProperties for id 0 only while its
// kernels ran on device 2 (one GPU of a node, as its rank saw it): with one GPU listed, the
// kernels are on it, and the warning says so.
TEST(MeasuredTorchTolerance, KernelsOnAnUnlistedDeviceTakeTheOnlyListedGpu)
{
    const std::string events =
        op(1, "aten::relu", "") + R"(, {"ph": "X", "cat": "kernel", "name": "relu_kernel",
        "ts": 2, "dur": 4, "args": {"External id": 1, "device": 2, "stream": 0}})";
    const MeasuredImport m = import(
        trace(events, R"("deviceProperties": [{"id": 0, "name": "AMD Instinct MI300X VF"}],)"));
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_EQ(m.kernels[0].device, "AMD Instinct MI300X VF");
    EXPECT_TRUE(hasWarning(m, "kernels ran on device 2, which deviceProperties does not list; "
                              "it lists only AMD Instinct MI300X VF, taken as their GPU"))
        << warnings(m);
    // Two different GPUs listed: a kernel on a third index stays unnamed.
    const MeasuredImport two =
        import(trace(events, R"("deviceProperties": [{"id": 0, "name": "AMD Instinct MI300X VF"},
                        {"id": 1, "name": "AMD Instinct MI250X"}],)"));
    EXPECT_EQ(two.kernels[0].device, "");
}

// Kineto writes ts and dur in µs with three decimals whatever displayTimeUnit says: "ns"
// (Kineto built with DISPLAY_TRACE_IN_NS) and "ms" (the default) only tell a viewer how to show
// them, and baseTimeNanoseconds is the offset of the relative timestamps.
TEST(MeasuredTorchTolerance, DisplayTimeUnitDoesNotChangeUnits)
{
    for (const char* unit : {"ns", "ms"}) {
        SCOPED_TRACE(unit);
        const std::string header = kDevices + R"( "displayTimeUnit": ")" + unit +
                                   R"(", "baseTimeNanoseconds": 1727743122000000000,)";
        const MeasuredImport m = import(trace(kernel(1, "k", "1.760"), header));
        ASSERT_EQ(m.kernels.size(), 1u);
        EXPECT_DOUBLE_EQ(m.kernels[0].timeS, 1.76e-6);
    }
}

// torch.compile: the Triton kernel is launched through cuLaunchKernel (cat cuda_driver); the
// kernel's own External id may be missing, the correlation ties it to the launch.
TEST(MeasuredTorchTolerance, TritonKernelLaunchedByTheDriver)
{
    const std::string events = R"(
      {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "ts": 2413669097354.058, "dur": 95.812,
       "args": {"External id": 3, "kernel_backend": "triton", "Input Dims": [[10, 10], [10, 10]], "Input type": ["float", "float"]}},
      {"ph": "X", "cat": "kernel", "name": "triton_tem_fused_mm_0", "pid": 0, "tid": 7, "ts": 2413669097444.592, "dur": 1.760,
       "args": {"queued": 0, "device": 0, "context": 1, "stream": 7, "correlation": 35, "grid": [1, 1, 1], "block": [128, 1, 1]}},
      {"ph": "X", "cat": "cuda_driver", "name": "cuLaunchKernel", "ts": 2413669097399.166, "dur": 47.768,
       "args": {"External id": 3, "cbid": 307, "correlation": 35}}
    )";
    const MeasuredImport m = import(trace(events));
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_DOUBLE_EQ(*m.kernels[0].flops, 2.0 * 10 * 10 * 10);
    EXPECT_DOUBLE_EQ(m.kernels[0].timeS, 1.76e-6);
    EXPECT_TRUE(m.warnings.empty()) << warnings(m);
}

// torch 2.11 now and then writes a launch's runtime call without its External id (one of the
// H200 trace's 23,897). The kernel is claimed by the innermost op around that call on its
// thread, as the profiler's tree nests them: the aten::mm inside aten::linear, not the linear,
// not an op of another thread at the same time, not a sibling that ended before the call. A call
// outside every op leaves its kernel unlinked, as before.
TEST(MeasuredTorchTolerance, LaunchWithoutExternalIdIsClaimedByTheOpAroundIt)
{
    const std::string events = R"(
      {"ph": "X", "cat": "cpu_op", "name": "aten::linear", "pid": 1, "tid": 443, "ts": 100, "dur": 50,
       "args": {"External id": 10, "Input Dims": [[16, 4096], [14336, 4096], []], "Input type": ["c10::BFloat16", "c10::BFloat16", ""]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::t", "pid": 1, "tid": 443, "ts": 101, "dur": 2,
       "args": {"External id": 11, "Input Dims": [[14336, 4096]], "Input type": ["c10::BFloat16"]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 443, "ts": 104, "dur": 40,
       "args": {"External id": 12, "Input Dims": [[16, 4096], [4096, 14336]], "Input type": ["c10::BFloat16", "c10::BFloat16"]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::empty", "pid": 1, "tid": 443, "ts": 105, "dur": 1,
       "args": {"External id": 13, "Input Dims": [[], [], [], [], [], []]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 1, "tid": 900, "ts": 100, "dur": 60,
       "args": {"External id": 20, "Input Dims": [[4], [4], []], "Input type": ["float", "float", "Scalar"]}},
      {"ph": "X", "cat": "cuda_driver", "name": "cuLaunchKernelEx", "pid": 1, "tid": 443, "ts": 110, "dur": 29,
       "args": {"cbid": 652, "correlation": 131263}},
      {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 443, "ts": 300, "dur": 5,
       "args": {"cbid": 211, "correlation": 131264}},
      {"ph": "X", "cat": "kernel", "name": "nvjet_sm90_tst_64x16_64x16_2x1_v_bz_TNT", "pid": 0, "tid": "stream 7", "ts": 200, "dur": 31.872,
       "args": {"device": 0, "stream": 7, "correlation": 131263}},
      {"ph": "X", "cat": "kernel", "name": "stray", "pid": 0, "tid": "stream 7", "ts": 320, "dur": 2,
       "args": {"device": 0, "stream": 7, "correlation": 131264}}
    )";
    const MeasuredImport m = import(trace(events));
    ASSERT_EQ(m.kernels.size(), 2u);
    ASSERT_TRUE(m.kernels[0].flops.has_value()) << warnings(m);
    EXPECT_DOUBLE_EQ(*m.kernels[0].flops, 2.0 * 16 * 4096 * 14336);
    EXPECT_EQ(m.kernels[0].flopsFormula.rfind("aten::mm: ", 0), 0u) << m.kernels[0].flopsFormula;
    ASSERT_EQ(m.trace.kernels.size(), 2u);
    EXPECT_EQ(m.trace.kernels[0].externalId, 12);
    EXPECT_FALSE(m.kernels[1].flops.has_value());
    EXPECT_TRUE(hasWarning(m, "1 kernel not linked to any cpu_op")) << warnings(m);
}

// ROCm's flash attention zeroes its output before its kernel (aten::zeros → zero_ → fill_
// inside aten::_flash_attention_forward, the MI300X Qwen trace of TraceLens): for the model join
// that fill is the attention's, in one run with the attention kernel; its own FLOPs and bytes
// stay the fill's. The math path's GEMMs under the public scaled_dot_product_attention keep
// their own ops (they are the model's unfused attention rows).
TEST(MeasuredTorchTolerance, KernelsInsideAFusedAttentionOpAreTheAttentions)
{
    const std::string events = R"(
      {"ph": "X", "cat": "cpu_op", "name": "aten::scaled_dot_product_attention", "pid": 1, "tid": 5, "ts": 100, "dur": 50,
       "args": {"External id": 1, "Input Dims": [[2, 4, 8, 16], [2, 4, 8, 16], [2, 4, 8, 16]], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::_flash_attention_forward", "pid": 1, "tid": 5, "ts": 102, "dur": 40,
       "args": {"External id": 2, "Input Dims": [[2, 8, 4, 16], [2, 8, 4, 16], [2, 8, 4, 16]], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::zeros", "pid": 1, "tid": 5, "ts": 103, "dur": 6,
       "args": {"External id": 3, "Input Dims": [[], [], [], [], []]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::fill_", "pid": 1, "tid": 5, "ts": 104, "dur": 4,
       "args": {"External id": 4, "Input Dims": [[2, 8, 4, 16], []], "Input type": ["c10::BFloat16", "Scalar"]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::scaled_dot_product_attention", "pid": 1, "tid": 5, "ts": 200, "dur": 50,
       "args": {"External id": 5, "Input Dims": [[2, 4, 8, 16], [2, 4, 8, 16], [2, 4, 8, 16]], "Input type": ["float", "float", "float"]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::_scaled_dot_product_attention_math", "pid": 1, "tid": 5, "ts": 201, "dur": 40,
       "args": {"External id": 6, "Input Dims": [[2, 4, 8, 16], [2, 4, 8, 16], [2, 4, 8, 16]], "Input type": ["float", "float", "float"]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::bmm", "pid": 1, "tid": 5, "ts": 202, "dur": 4,
       "args": {"External id": 7, "Input Dims": [[8, 8, 16], [8, 16, 8]], "Input type": ["float", "float"]}},
      {"ph": "X", "cat": "kernel", "name": "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<c10::BFloat16>>", "pid": 0, "tid": 7, "ts": 300, "dur": 4,
       "args": {"External id": 4, "correlation": 40}},
      {"ph": "X", "cat": "kernel", "name": "attn_fwd", "pid": 0, "tid": 7, "ts": 305, "dur": 100,
       "args": {"External id": 2, "correlation": 41}},
      {"ph": "X", "cat": "kernel", "name": "Cijk_Ailk_Bljk_SB_MT64x64x8", "pid": 0, "tid": 7, "ts": 410, "dur": 3,
       "args": {"External id": 7, "correlation": 42}}
    )";
    const MeasuredImport m = import(trace(events));
    ASSERT_EQ(m.kernels.size(), 3u);
    ASSERT_EQ(m.trace.kernels.size(), 3u);
    const auto opOf = [&m](std::size_t k) { return m.trace.opNames.at(m.trace.kernels[k].op); };
    EXPECT_EQ(opOf(0), "aten::_flash_attention_forward");
    EXPECT_EQ(m.trace.kernels[0].externalId, 2);
    EXPECT_EQ(m.trace.kernels[0].shape, m.trace.kernels[1].shape);
    EXPECT_EQ(m.kernels[0].flopsFormula.rfind("aten::fill_: ", 0), 0u) << m.kernels[0].flopsFormula;
    EXPECT_DOUBLE_EQ(*m.kernels[0].bytesAt(MemLevel::Dram), 2.0 * 8 * 4 * 16 * 2);
    EXPECT_EQ(opOf(1), "aten::_flash_attention_forward");
    EXPECT_EQ(opOf(2), "aten::bmm");
    EXPECT_EQ(m.trace.kernels[2].externalId, 7);
}

// Kineto's CUPTI range profiler (activity cuda_profiler_range) writes one event per range with
// the counters as args and times that only split the profiled span evenly.
TEST(MeasuredTorchTolerance, RangeProfilerTraceIsRefusedInOneLine)
{
    const std::string events = R"(
      {"ph": "X", "cat": "cuda_profiler_range", "name": "gemm_kernel", "pid": 0, "tid": 0, "ts": 0.000, "dur": 500.000,
       "args": {"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum": 1048576, "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum": 0}},
      {"ph": "X", "cat": "cuda_profiler_range", "name": "relu_kernel", "pid": 0, "tid": 0, "ts": 500.000, "dur": 500.000,
       "args": {"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum": 0, "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum": 4096}}
    )";
    const std::string error = errorOf(trace(events), "range.json");
    EXPECT_EQ(error.rfind("range.json: a CUPTI range-profiler trace (2 cuda_profiler_range events "
                          "with counters such as "
                          "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum) and no kernel "
                          "events",
                          0),
              0u)
        << error;
    EXPECT_NE(error.find("(to get a readable PyTorch profiler trace, run: with "
                         "torch.profiler.profile("),
              std::string::npos);
    EXPECT_EQ(error.find('\n'), std::string::npos);
}

TEST(MeasuredTorchTolerance, UnknownCategoriesAreCountedByName)
{
    const std::string events =
        kernel(1, "k", "1") +
        R"(, {"ph": "X", "cat": "gpu_mystery", "name": "a", "ts": 1, "dur": 1},
        {"ph": "X", "cat": "gpu_mystery", "name": "b", "ts": 1, "dur": 1},
        {"ph": "X", "cat": "npu_op", "name": "c", "ts": 1, "dur": 1},
        {"ph": "X", "name": "no category", "ts": 1, "dur": 1},
        {"ph": "M", "name": "process_name", "pid": 0, "args": {"name": "python"}},
        {"ph": "X", "cat": "python_function", "name": "f", "ts": 1, "dur": 1},
        17)";
    const MeasuredImport m = import(trace(events));
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_TRUE(
        hasWarning(m, "3 events skipped (of an unknown category: gpu_mystery (2), npu_op (1))"))
        << warnings(m);
    EXPECT_TRUE(hasWarning(m, "1 duration event skipped (no category, \"cat\")"));
    EXPECT_TRUE(hasWarning(m, "1 trace event skipped (not a JSON object)"));
}

TEST(MeasuredTorchTolerance, NoKernelEventsIsRefusedInOneLine)
{
    const std::string error =
        errorOf(trace(op(1, "aten::mm", "") + "," + op(2, "aten::add", "")), "cpu.json");
    EXPECT_EQ(
        error.rfind("cpu.json: no GPU kernel events (cat \"kernel\") among 2 trace events "
                    "(a CPU-only profile? add ProfilerActivity.CUDA to the activities) (to "
                    "get a readable PyTorch profiler trace, run: with torch.profiler.profile(",
                    0),
        0u)
        << error;
    EXPECT_NE(error.find("prof:; more in Help > Profiler Commands)"), std::string::npos) << error;
}

TEST(MeasuredTorchTolerance, BadKernelEventsAreSkippedAndCounted)
{
    const std::string events = kernel(1, "good", "3") + "," + kernel(2, "negative", "-3") + "," +
                               R"({"ph": "X", "cat": "kernel", "name": "text", "dur": "3"},
        {"ph": "X", "cat": "kernel", "name": "twice", "dur": 1, "dur": 2})";
    const MeasuredImport m = import(trace(events));
    ASSERT_EQ(m.kernels.size(), 1u);
    EXPECT_EQ(m.kernels[0].name, "good");
    EXPECT_TRUE(hasWarning(m, "2 kernel events skipped (no usable duration; the first at "
                              "/traceEvents/1/dur: expected the kernel's duration in µs, a number "
                              ">= 0)"))
        << warnings(m);
    EXPECT_TRUE(hasWarning(m, "1 event skipped (a repeated key; at /traceEvents/3/dur)"));
}

TEST(MeasuredTorchTolerance, DocumentLevelProblemsStillRefuse)
{
    // A repeated key outside the events is a broken document, as for every JSON file we read.
    EXPECT_EQ(errorOf(R"({"traceEvents": [], "traceEvents": []})", "dup.json"),
              "dup.json: /traceEvents: duplicate key (each key may appear only once in an object)");
    std::string deep = "{\"traceEvents\": [" + kernel(1, "k", "1") + ", {\"args\": ";
    for (int i = 0; i < 70; ++i)
        deep += "[";
    EXPECT_NE(errorOf(deep, "deep.json").find(": nested deeper than 64 levels"), std::string::npos);
    EXPECT_EQ(errorOf(R"({"traceEvents": [{"dur": 1e400}]})", "big.json"),
              "big.json: /traceEvents/0/dur: must be a finite number, got 1e400 (too large)");
    EXPECT_EQ(errorOf("{\"traceEvents\": [\n  {\"ph\": \"X\",, }]}", "syntax.json"),
              "syntax.json: line 2, column 14: syntax error: unexpected ','; expected a key (a "
              "string)");
    EXPECT_EQ(errorOf(R"({"traceEvents": {"ph": "X"}})", "none.json")
                  .rfind("none.json: /traceEvents: missing (expected a PyTorch profiler trace "
                         "with an array of trace events) (to get a readable",
                         0),
              0u);
}

// A gzipped trace is parsed as it inflates; the result is the same as from the text.
TEST(MeasuredTorchTolerance, GzipStreamedEqualsText)
{
    std::string events =
        op(1, "aten::mm", R"("Input Dims": [[8, 16], [16, 4]], "Input type": ["float", "float"])");
    for (long i = 0; i < 20000; ++i) // ~2 MB of text: many 256 KB chunks, tokens cut across them
        events += "," + kernel(1, "gemm_" + std::to_string(i), std::to_string(i % 9) + ".125");
    const std::string text = trace(events);
    const MeasuredImport plain = import(text);
    const MeasuredImport streamed = import(test::gzipped(text), "t.json.gz");
    ASSERT_EQ(plain.kernels.size(), 20000u);
    ASSERT_EQ(streamed.kernels.size(), plain.kernels.size());
    for (std::size_t i = 0; i < plain.kernels.size(); ++i) {
        MeasuredKernel a = plain.kernels[i], b = streamed.kernels[i];
        a.file = b.file = "";
        ASSERT_EQ(a, b) << i;
    }
    EXPECT_EQ(plain.warnings, streamed.warnings);
    // Cut short: the gzip error is what is reported.
    const std::string gz = test::gzipped(text);
    EXPECT_NE(errorOf(gz.substr(0, gz.size() / 2), "cut.json.gz")
                  .find("cut.json.gz: corrupt or truncated gzip data at byte"),
              std::string::npos);
}

// A gzipped trace file is inflated from the file as it is parsed (its compressed bytes are never
// read whole): the import is the one of the same bytes in memory, errors included.
TEST(MeasuredTorchTolerance, GzipFileStreamedEqualsBytesInMemory)
{
    std::string events =
        op(1, "aten::mm", R"("Input Dims": [[8, 16], [16, 4]], "Input type": ["float", "float"])");
    for (long i = 0; i < 20000; ++i)
        events += "," + kernel(1, "gemm_" + std::to_string(i), std::to_string(i % 9) + ".125");
    const std::string gz = test::gzipped(trace(events));
    const test::ScratchDir dir("torch-gz");
    const std::string path = dir.write("t.json.gz", gz);
    auto fromFile = importMeasurementFile(path);
    auto inMemory = importMeasurementData(gz, path);
    ASSERT_TRUE(fromFile.ok()) << fromFile.error().message;
    ASSERT_TRUE(inMemory.ok()) << inMemory.error().message;
    ASSERT_EQ(fromFile->kernels.size(), 20000u);
    EXPECT_TRUE(fromFile->kernels == inMemory->kernels);
    EXPECT_EQ(fromFile->warnings, inMemory->warnings);
    EXPECT_EQ(fromFile->file, path);
    const std::string cut = dir.write("cut.json.gz", gz.substr(0, gz.size() / 2));
    auto cutFromFile = importMeasurementFile(cut);
    auto cutInMemory = importMeasurementData(gz.substr(0, gz.size() / 2), cut);
    ASSERT_FALSE(cutFromFile.ok());
    ASSERT_FALSE(cutInMemory.ok());
    EXPECT_EQ(cutFromFile.error().message, cutInMemory.error().message);
    EXPECT_NE(cutFromFile.error().message.find("corrupt or truncated gzip data at byte"),
              std::string::npos);
}

// The real traces of the shared corpus (facts counted with Python's json module from the raw
// files: cat == "Kernel"/"kernel" events, the first one's name, dur and args.device, the device
// name in deviceProperties).
TEST(MeasuredTorchReal, V100Torch19ResNet50OldCategories)
{
    const std::string path =
        std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/v100_kineto_torch19_resnet50_oldcats.json.gz";
    if (!std::filesystem::exists(path))
        GTEST_SKIP() << "real corpus not found at " << ROOFSCOPE_REAL_CORPUS_DIR;
    auto m = importMeasurementFile(path);
    ASSERT_TRUE(m.ok()) << m.error().message;
    ASSERT_EQ(m->kernels.size(), 8772u); // 8772 events with "cat": "Kernel"
    const MeasuredKernel& first = m->kernels[0];
    EXPECT_EQ(first.name, "cask_cudnn::computeOffsetsKernel(cask_cudnn::ComputeOffsetsParams)");
    EXPECT_DOUBLE_EQ(first.timeS, 2e-6);
    EXPECT_EQ(first.device, "Tesla V100-DGXS-32GB");
    EXPECT_EQ(first.launchId, "34441");
    // Kernel 275 is the SGEMM of aten::addmm "external id" 1669, Input Dims [[1000], [32, 2048],
    // [2048, 1000]] float, whose three kernels take 5 + 26 + 3 µs: 2·32·1000·2048 FLOPs shared
    // by time.
    const MeasuredKernel& sgemm = m->kernels[275];
    EXPECT_EQ(sgemm.name, "volta_sgemm_64x32_sliced1x4_tn");
    EXPECT_DOUBLE_EQ(sgemm.timeS, 26e-6);
    EXPECT_NEAR(*sgemm.flops, 2.0 * 32 * 1000 * 2048 * 26 / 34, 1e-3);
    EXPECT_NEAR(*sgemm.bytesAt(MemLevel::Dram),
                (32.0 * 2048 + 2048 * 1000 + 32 * 1000 + 1000) * 4 * 26 / 34, 1e-6);
    // The convolutions (cudnn_convolution*, batch norm, pooling, nll_loss) have no model; their
    // ops have Input Dims. Counted with Python from the raw file (kernels linked through
    // "external id", else the launch's correlation, grouped by their op's name):
    // cudnn_convolution_backward_weight 684, cudnn_convolution_backward_input 816,
    // cudnn_convolution 606, cudnn_batch_norm_backward 318, cudnn_batch_norm 318,
    // max_pool2d_with_indices_backward 6, and 6 each of max_pool2d_with_indices, nll_loss_forward,
    // nll_loss_backward and _log_softmax_backward_data, by kernel time.
    // Elementwise ops (add_, threshold_backward, clamp_min, mul_, fill_...), the reductions and
    // the matmuls are on the chart. Their kernels take 501,028 of the 591,532 µs: 84.7 %.
    EXPECT_EQ(m->warnings,
              std::vector<std::string>{
                  "2772 of 8772 kernels (84.7 % of the kernel time) have no FLOPs: 684 kernels "
                  "of aten::cudnn_convolution_backward_weight: no FLOP model for this op; 816 "
                  "kernels of aten::cudnn_convolution_backward_input: no FLOP model for this op; "
                  "606 kernels of aten::cudnn_convolution: no FLOP model for this op; 318 kernels "
                  "of aten::cudnn_batch_norm_backward: no FLOP model for this op; 318 kernels of "
                  "aten::cudnn_batch_norm: no FLOP model for this op; 6 kernels of "
                  "aten::max_pool2d_with_indices_backward: no FLOP model for this op; and 24 "
                  "kernels of 4 other ops"});
}

TEST(MeasuredTorchReal, A100TorchCompileTritonKernel)
{
    const std::string path =
        std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/a100_kineto_torchcompile_triton_1kernel.json.gz";
    if (!std::filesystem::exists(path))
        GTEST_SKIP() << "real corpus not found at " << ROOFSCOPE_REAL_CORPUS_DIR;
    auto m = importMeasurementFile(path);
    ASSERT_TRUE(m.ok()) << m.error().message;
    ASSERT_EQ(m->kernels.size(), 1u);
    const MeasuredKernel& k = m->kernels[0];
    EXPECT_EQ(k.name, "triton_poi_fused_add_cos_sin_0");
    EXPECT_DOUBLE_EQ(k.timeS, 1.76e-6);
    EXPECT_EQ(k.device, "NVIDIA A100-PG509-200");
    EXPECT_EQ(k.launchId, "35");
    // Linked (External id 3) to the cpu_op of the same name, which has no FLOP model.
    ASSERT_EQ(k.notes.size(), 1u);
    EXPECT_EQ(k.notes[0], "triton_poi_fused_add_cos_sin_0: no FLOP model for this op; time only");
}

// A trace of 60,000 kernels is built on two threads: every kernel gets its own op's share
// (hand-computed: aten::mm of [8, 16] x [16, 4] is 2·8·4·16 = 1,024 FLOP, its kernels share it
// by time), in both halves, and the name, time and GPU of its own event.
TEST(MeasuredTorchTolerance, LargeTraceBuiltOnTwoThreadsKeepsEveryKernelsOwnValues)
{
    const std::string mm = R"("Input Dims": [[8, 16], [16, 4]], "Input type": ["float", "float"])";
    std::string events;
    const long ops = 30000;
    for (long i = 0; i < ops; ++i) {
        if (i)
            events += ",";
        events += op(i, "aten::mm", mm) + "," + kernel(i, "gemm_" + std::to_string(i % 7), "1") +
                  "," + kernel(i, "reduce", "3");
    }
    const MeasuredImport m = import(trace(events));
    ASSERT_EQ(m.kernels.size(), 60000u);
    for (const std::size_t n : {0ul, 1ul, 29998ul, 29999ul, 30000ul, 30001ul, 59998ul, 59999ul}) {
        const MeasuredKernel& k = m.kernels[n];
        const bool gemm = n % 2 == 0;
        EXPECT_EQ(k.name, gemm ? "gemm_" + std::to_string((n / 2) % 7) : "reduce") << n;
        EXPECT_DOUBLE_EQ(k.timeS, gemm ? 1e-6 : 3e-6) << n;
        ASSERT_TRUE(k.flops) << n;
        EXPECT_DOUBLE_EQ(*k.flops, gemm ? 256.0 : 768.0) << n; // 1/4 and 3/4 of 1,024
        EXPECT_EQ(k.flopsFormula,
                  "aten::mm: 2·M·N·K from Input Dims (shared by time among the op's 2 kernels); "
                  "bytes: each tensor moved once (a lower bound)");
        EXPECT_EQ(k.device, "NVIDIA H100 80GB HBM3") << n;
    }
    EXPECT_FALSE(hasWarning(m, "have no FLOPs")) << warnings(m);
}

// An External id given to two ops (ids out of order too): the later op is the one its kernels
// belong to, as when ops were kept in a map by id.
TEST(MeasuredTorchTolerance, RepeatedExternalIdBelongsToTheLaterOp)
{
    const std::string events =
        op(9, "aten::mm", R"("Input Dims": [[8, 16], [16, 4]], "Input type": ["float", "float"])") +
        "," + op(3, "aten::relu", R"("Input Dims": [[8]], "Input type": ["float"])") + "," +
        op(9, "aten::mm", R"("Input Dims": [[2, 16], [16, 4]], "Input type": ["float", "float"])") +
        "," + kernel(9, "gemm", "2") + "," + kernel(3, "relu_kernel", "1");
    const MeasuredImport m = import(trace(events));
    ASSERT_EQ(m.kernels.size(), 2u);
    ASSERT_TRUE(m.kernels[0].flops);
    EXPECT_DOUBLE_EQ(*m.kernels[0].flops, 2.0 * 2 * 4 * 16); // the second aten::mm, M = 2
    ASSERT_TRUE(m.kernels[1].flops);
    EXPECT_DOUBLE_EQ(*m.kernels[1].flops, 8.0); // relu of [8]: 1 FLOP an element
}

// The H200 trace of issue #36: Llama-3.1-8B's generate(), batch 16, a 512-token prompt and 16
// new tokens, recorded with record_shapes=True and with_flops=True. Every kernel is placed on
// the chart but the one no cpu_op claims. Facts from Python's json module on the raw file
// (cpu_op args["External id"] -> op name; each cat == "kernel" event's args["External id"] ->
// its op; dur summed per op name): 23,897 kernels, 338,769.317 µs in all; aten::mm 5,999
// kernels, 217,842.759 µs; aten::cat 2,112, 21,885.286 µs; aten::mul 4,707, 36,041.565 µs;
// aten::_cudnn_attention_forward 512, 9,543.632 µs; one kernel (31.872 µs) has no External id.
TEST(MeasuredTorchReal, H200LlamaGenerateEveryKernelOnTheChart)
{
    const std::string path = std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
                             "/../h200/h200_kineto_llama31_8b_random_generate_b16_p512_n16.pt."
                             "trace.json.gz";
    // Not skipped: CI has the shared samples, and this is the trace the models are held to.
    ASSERT_TRUE(std::filesystem::exists(path))
        << "the H200 trace of issue #36 is missing: " << path
        << " (the shared samples folder ../shared/samples/h200 holds it)";
    auto m = importMeasurementFile(path);
    ASSERT_TRUE(m.ok()) << m.error().message;
    ASSERT_EQ(m->kernels.size(), 23897u);
    double total = 0.0, placed = 0.0;
    std::map<std::string, double> timeByOp;
    std::map<std::string, std::size_t> kernelsByOp;
    for (const MeasuredKernel& k : m->kernels) {
        total += k.timeS;
        if (notPlacedReason(k).empty())
            placed += k.timeS;
        // The formula, or the note of a kernel without one, starts with its op's name.
        const std::string& text = k.flopsFormula.empty() ? k.notes.front() : k.flopsFormula;
        const std::string op = text.substr(0, text.find(": "));
        timeByOp[op] += k.timeS;
        ++kernelsByOp[op];
    }
    EXPECT_NEAR(total, 338769.317e-6, 1e-9);
    EXPECT_GE(placed / total, 0.99) << "placed " << placed << " s of " << total << " s";
    // Every aten::mm kernel, the decode step's up projection whose cuLaunchKernelEx carries no
    // External id included (claimed by the aten::mm around that call).
    EXPECT_NEAR(timeByOp["aten::mm"], 217874.631e-6, 1e-9);
    EXPECT_EQ(kernelsByOp["aten::mm"], 6000u);
    EXPECT_NEAR(timeByOp["aten::cat"], 21885.286e-6, 1e-9);
    EXPECT_EQ(kernelsByOp["aten::cat"], 2112u);
    EXPECT_NEAR(timeByOp["aten::mul"], 36041.565e-6, 1e-9);
    EXPECT_EQ(kernelsByOp["aten::mul"], 4707u);
    EXPECT_NEAR(timeByOp["aten::_cudnn_attention_forward"], 9543.632e-6, 1e-9);
    EXPECT_EQ(kernelsByOp["aten::_cudnn_attention_forward"], 512u);
    // The warning names what is left, and advises nothing the trace already does.
    for (const std::string& w : m->warnings) {
        EXPECT_EQ(w.find("record with"), std::string::npos) << w;
        EXPECT_EQ(w.find("with_flops=True"), std::string::npos) << w;
    }
    EXPECT_FALSE(hasWarning(*m, "not linked to any cpu_op")) << warnings(*m);
}
