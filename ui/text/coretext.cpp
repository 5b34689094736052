#include "ui/text/coretext.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <optional>
#include <vector>

namespace roofscope {

namespace {

constexpr const char* kContext = "roofscope::CoreText";

// Which placeholders of a template are themselves core text (a reason, a noun, a list of
// causes), translated in turn; the others (kernel and op names, files, GPU ids, numbers, metric
// lists and command lines) are kept as they are.
constexpr unsigned nested(int arg)
{
    return 1u << arg;
}
constexpr unsigned nested(int arg, int other)
{
    return nested(arg) | nested(other);
}

struct CoreTemplate {
    const char* source;
    unsigned nestedArgs = 0;
};

// The wordings of core/measured/*.cpp, listed here so that lupdate sees them and zh_CN
// translates them. Of the templates that match a text, the one whose English (its own and that
// of the texts nested in it) covers most of the text wins, so a wording that another one
// contains ("%1 %2 skipped (%3)" in "and %1 more values skipped (could not be read)") loses to
// it. Counts come in the core's singular and plural wordings, both listed.
constexpr CoreTemplate kTemplates[] = {
    // kernelanalysis.cpp: a kernel's analysis.
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "time not in this file: the point is placed from the rates it holds; no time, "
        "time share or totals")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "zero time: no rates can be computed")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "no FLOP counters in the file: measured bandwidth only, no intensity")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "zero FLOPs: no intensity, not placed on the chart")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "no DRAM byte counters in the file: no DRAM intensity")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "zero DRAM bytes: no DRAM intensity, not placed on the chart")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "bytes derived from tensor shapes are a lower bound (each tensor moved once), so "
        "the intensity is an upper bound")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "unknown device: pass --gpu ID to place it under a roof")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "unknown device \"%1\": no catalog entry matches; pass --gpu ID")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 has no %2 vector roof")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 has no %2 tensor roof")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "above the roof (%1 achieved, %2 attainable on %3 %4 vector): %5"),
     nested(5)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "above the roof (%1 achieved, %2 attainable on %3 %4 tensor): %5"),
     nested(5)},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "the GPU may run above the datasheet clock, the kernel may use a faster unit than "
        "the precision suggests (tensor cores), or L2 hits make DRAM bytes understate the "
        "traffic")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "above this CPU's measured %1 FMA roof: the kernel may use a wider or other unit "
        "than the probe measured (AVX-512, AMX, BF16 dot products), its FLOP or byte "
        "counts may be off, or cache hits make its DRAM bytes understate the traffic")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "placed from %1 of %2 launches (%3 of its time): %4 launch has no FLOPs")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "placed from %1 of %2 launches (%3 of its time): %4 launches have no FLOPs")},

    // kernelanalysis.cpp: notPlacedSummary and its list of reasons.
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 of %2 kernel is not on the chart: %3"),
     nested(3)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 of %2 kernels are not on the chart: %3"),
     nested(3)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "besides those without FLOPs, %1 of %2 kernel is not on the chart: %3"),
     nested(3)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "besides those without FLOPs, %1 of %2 kernels are not on the chart: %3"),
     nested(3)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 without FLOPs")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 with zero FLOPs")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 without a time")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 without DRAM bytes")},

    // torchimporter.cpp: kernels without FLOPs, by op, and why.
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "%1 of %2 kernels (%3 of the kernel time) have no FLOPs: %4"),
     nested(4)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 kernel of %2: %3"), nested(3)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 kernels of %2: %3"), nested(3)},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "%1 kernel not linked to any cpu_op (none has its External id or its launch's "
        "correlation)")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "%1 kernels not linked to any cpu_op (none has its External id or its launch's "
        "correlation)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "and %1 kernel of %2 other op")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "and %1 kernel of %2 other ops")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "and %1 kernels of %2 other op")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "and %1 kernels of %2 other ops")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "no Input Dims: record with record_shapes=True")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "no Input Dims (the trace was recorded with record_shapes=True; this op records "
        "none)")},
    // atenopcost.cpp: atenProblemText.
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "no FLOP model for this op")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "its Input Dims do not fit the op's FLOP model")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "an input's element type (Input type) is missing or unknown")},
    // torchimporter.cpp: a kernel's notes.
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "not linked to a cpu_op (no External id or correlation): time only")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1: %2; time only"), nested(2)},
    // torchimporter.cpp: the rest of a trace's warnings.
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "%1 op with a size in Input Dims that is negative or not a number: those inputs "
        "read as of unknown shape (the first at %2)")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "%1 ops with a size in Input Dims that is negative or not a number: those inputs "
        "read as of unknown shape (the first at %2)")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "kernels ran on device %1, which deviceProperties does not list; it lists only "
        "%2, taken as their GPU")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "the trace has no deviceProperties (PyTorch before 1.9?): the kernels' GPU is "
        "unknown")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "a repeated key")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "no usable duration")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "not a complete event, \"ph\": \"X\"")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "of an unknown category: %1")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1, and %2 more")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "no category, \"cat\"")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "not a JSON object")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "at %1: expected the kernel's duration in µs, a number >= 0")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "the first at %1: expected the kernel's duration in µs, a number >= 0")},

    // skippednote.cpp: "3 rows skipped (why; the first on line 12)", with the importers' nouns.
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 %2 skipped"), nested(2)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 %2 skipped (%3)"), nested(2, 3)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "on line %1")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "the first on line %1")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "on line %1: %2"), nested(2)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "the first on line %1: %2"), nested(2)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "at %1")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "the first at %1")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "row")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "rows")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "line")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "lines")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "event")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "events")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "kernel event")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "kernel events")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "duration event")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "duration events")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "trace event")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "trace events")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "launch")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "launches")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "dispatch")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "dispatches")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "memory copy or set")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "memory copies and sets")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "value")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "values")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "ERT value")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "ERT values")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "and %1 more metric value skipped (could not be read)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "and %1 more metric values skipped (could not be read)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "and %1 more value skipped (could not be read)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "and %1 more values skipped (could not be read)")},

    // csvreader.cpp and the CSV importers: a row that could not be read, a file cut short.
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "line %1: %2"), nested(2)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1: line %2: %3"), nested(3)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1; the rest of the file was not read"), nested(1)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "the rest of the file was not read: %1"), nested(1)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "expected %1 cells, got %2 (file truncated?)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "expected %1 cells as in the header, got %2")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "not kernels")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "program output, not rows of the table")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "program output, not rows of a table")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "not matching their table's header")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "could not be read")},

    // genericcsvimporter.cpp.
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "column \"%1\" ignored (the columns read are %2)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "column %1: expected a number > 0, got \"%2\"")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "column %1: expected a number >= 0, got \"%2\"")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "column name: expected a kernel name, got an empty cell")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "column precision: unknown precision \"%1\" (expected one of: %2, optionally "
        "followed by :tensor or :vector)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "column launches: expected a whole number >= 1, got \"%1\"")},

    // ncuimporter.cpp.
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "line %1: %2; metric skipped"), nested(2)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "metric %1 (launch %2): %3"), nested(3)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "expected a number, got \"%1\"")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "expected a value >= 0, got %1")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "%1 (launch %2) out of range (are the counters corrupt?)"),
     nested(1)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "FLOPs")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 FLOPs")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 bytes")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 (no other duration)"), nested(1)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "launch %1 (%2): no duration (expected gpu__time_duration.sum, or "
                       "smsp__cycles_elapsed.avg with smsp__cycles_elapsed.avg.per_second)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "no launch ID, kernel name or metric cells")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "more cells than the header on line %1, not one export?")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "ncu reported %1 error before the table (kernels it failed to profile are not in "
        "the file), the first: %2")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "ncu reported %1 errors before the table (kernels it failed to profile are not in "
        "the file), the first: %2")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "%1 %2 skipped (%3); the device is named there: \"%4\""),
     nested(2, 3)},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "%1 launch has rates but no duration (a roofline-chart section): placed from the "
        "FLOP/s and bytes/s the file holds; time not in this file, so no time, time share "
        "or totals")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "%1 launches have rates but no duration (a roofline-chart section): placed from "
        "the FLOP/s and bytes/s the file holds; time not in this file, so no time, time "
        "share or totals")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "FLOPs unknown: the file has no FLOP counters; run ncu with --metrics %1")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "tensor pipe instructions (inst_executed_pipe_tensor) not counted as FLOPs: 512 "
        "FLOP per instruction holds only for Volta/Turing (CC 7.x); profile "
        "sm__ops_path_tensor_* to count tensor FLOPs")},

    // nvprofimporter.cpp.
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "%1 kernel has time 0: nvprof metrics carry no duration; add --print-gpu-trace or "
        "profile time separately")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "%1 kernels have time 0: nvprof metrics carry no duration; add --print-gpu-trace "
        "or profile time separately")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "line %1: %2; value skipped"), nested(2)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "metric %1 (%2): %3"), nested(3)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "Duration (%1): %2"), nested(2)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "Time (%1): %2"), nested(2)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "expected a time and a call count")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 (no units row)"), nested(1)},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "FLOPs unknown: the file has no FLOP counters; run nvprof with --metrics %1")},

    // rocprofimporter.cpp.
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "time unknown: the file has counters but no BeginNs/EndNs "
        "(Start_Timestamp/End_Timestamp) columns; import it together with a `rocprof "
        "--timestamp on` trace of the same run, or add --timestamp on to the counter run")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "FLOPs unknown for %1 dispatches: they ran MFMA instructions and the file has no "
        "SQ_INSTS_VALU_MFMA_MOPS_* counters (gfx908 / MI100 has none), so their FLOPs "
        "cannot be counted; their time and bytes are shown")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "FLOPs count VALU work only: the file has no SQ_INSTS_VALU_MFMA_MOPS_* counters, "
        "so matrix-core (MFMA) operations are not included")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "FLOPs unknown: the file has no SQ_INSTS_VALU_* FLOP counters; add `pmc: "
        "SQ_INSTS_VALU_ADD_F32 SQ_INSTS_VALU_MUL_F32 SQ_INSTS_VALU_FMA_F32` (and _F64, "
        "_F16) to input.txt")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "DRAM bytes unknown: the file has no TCC_EA_RDREQ/TCC_EA_WRREQ or "
        "FETCH_SIZE/WRITE_SIZE counters; add `pmc: FETCH_SIZE WRITE_SIZE` to input.txt")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "DRAM bytes count reads only for %1 dispatches: the file has FETCH_SIZE but no "
        "WRITE_SIZE")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "FLOPs unknown: %1 MFMA instructions and no SQ_INSTS_VALU_MFMA_MOPS_* counters")},

    // experimentjoin.cpp: a rocprof timestamp trace and counters file of one run.
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "joined %1 and %2 by dispatch: %3 dispatches (time from the first, counters from "
        "the second)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "not joined %1 and %2: the dispatch sequences differ (%3)"),
     nested(3)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 dispatches against %2")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "dispatch %1 is %2 in one and %3 in the other")},

    // tilepadding.cpp.
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "tile padding: its %1×%2 tiles execute at least %3× the useful FLOPs of this %4 × "
        "%5 × %6 GEMM (%7 % of the executed work); placed at the useful FLOPs")},

    // tracemodel.cpp: why a trace's shapes are not read as a model (what follows "the model
    // cannot be read from the trace's shapes: ").
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "a lookup in a [%1, %2] table beside the token embedding: token types, as "
                       "an encoder (BERT) has; RoofScope reads decoder-only transformers")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "no embedding lookup of a [vocabulary, hidden] table: this is not the "
                       "trace of a language model (a vision or diffusion model embeds patches by "
                       "convolution), and RoofScope reads decoder-only transformers")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "its attention runs in %1, a serving engine's op whose shapes give no "
                       "heads: RoofScope reads Hugging Face transformers traces (model.generate() "
                       "under torch.profiler with record_shapes=True)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "no attention op after the embedding (scaled_dot_product_*, "
                       "_cudnn_attention_forward, _flash_attention_forward) to read the heads "
                       "from; for eager attention give the model's config.json")},

    // tracepasses.cpp: why a trace is not joined to a model (the file's name taken off).
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "no op context for the kernels: the model join reads PyTorch profiler "
                       "traces (torch.profiler with record_shapes=True)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "no op has Input Dims, so GEMMs cannot be matched to the model: record "
                       "with torch.profiler.profile(..., record_shapes=True)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "the trace's GEMMs are %1→%2 but %3 has hidden %4, intermediate %5, %6×%7 "
                       "query and %8×%7 KV heads, vocabulary %9: not the model this trace ran "
                       "(give its config.json)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "no GEMM op with Input Dims among the trace's %1 kernels: is this %2's "
                       "trace?")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "no GEMM op with Input Dims to match to %1: %2 of %3 kernels have no "
                       "launching op (replayed from a CUDA graph?); profile the model eagerly, "
                       "e.g. model.generate() under torch.profiler with record_shapes=True")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "no lm_head GEMM (%1→%2, the vocabulary of %3) and no %4→%5 query "
                       "projection beside attention; the widest GEMM has N = %6: is this the "
                       "model's trace?")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "pass %1 has no attention op the join reads (aten::_cudnn_attention_forward, "
        "scaled_dot_product_*, _flash_attention_forward) before its lm_head")},
    {QT_TRANSLATE_NOOP(
        "roofscope::CoreText",
        "pass %1 has no attention op the join reads (aten::_cudnn_attention_forward, "
        "scaled_dot_product_*, _flash_attention_forward) before its lm_head; its "
        "attention runs in %2, a serving engine's op: the join reads Hugging Face "
        "transformers traces (model.generate() under torch.profiler with "
        "record_shapes=True)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "attention has %1 query and %2 KV heads but %3 has %4 and %5")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "pass %1 has %2 layers but %3 has %4")},

    // modeljoin.cpp: a forward pass's sentence, part by part (the parts joined by "; ").
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "decode")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "prefill")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "%1 step %2 measured, %3 bound (%4): projections %5 at %6 of their bound"),
     nested(1)},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 other kernels %2 where the bound is %3")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "%1 other kernels %2 where the bound is %3 — launch-bound: fuse them "
                       "(torch.compile, CUDA graphs)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "launch floor %1 (%2 kernels at ≥ %3)")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText", "%1 of kernels in %2 of wall (GPU busy %3)")},

    // tracepasses.cpp: what the model join inferred.
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "attention reads a static KV cache of %1 slots at every decode step, so "
                       "its key length is not the context: the %2 decode steps after a prefill "
                       "take the prompt plus one token a step")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "%1 decode steps before any prefill take the static KV cache's size (%2 "
                       "slots) as their context")},
    {QT_TRANSLATE_NOOP("roofscope::CoreText",
                       "attention reads a sliding window of the last %1 keys at every decode "
                       "step, so its key length is not the context: the %2 decode steps after a "
                       "prefill take the prompt plus one token a step, and the model attends to "
                       "all of it")},
};

// The separators of the core's lists: the causes of a warning ("; "), the reasons a summary
// counts (", ").
constexpr const char* kListSeparators[] = {QT_TRANSLATE_NOOP("roofscope::CoreText", "; "),
                                           QT_TRANSLATE_NOOP("roofscope::CoreText", ", ")};

// Nested texts are at most a list of reasons of a list of causes deep; the limit only guards
// against a text that nests without end.
constexpr int kMaxDepth = 6;

// A template as a regular expression: its English anchored, each %n a lazy capture.
struct CompiledTemplate {
    const CoreTemplate* entry = nullptr;
    QRegularExpression pattern;
    std::vector<int> argOfGroup; // capture group i+1 holds %argOfGroup[i]
    QString longestLiteral;      // a text without it cannot match (a cheap test first)
    qsizetype literalLength = 0; // the English it holds beside its placeholders
};

CompiledTemplate compile(const CoreTemplate& entry)
{
    static const QRegularExpression placeholder(QStringLiteral("%(\\d)"));
    const QString source = QString::fromUtf8(entry.source);
    CompiledTemplate c;
    c.entry = &entry;
    QString pattern;
    qsizetype from = 0;
    auto addLiteral = [&](qsizetype to) {
        const QString literal = source.mid(from, to - from);
        pattern += QRegularExpression::escape(literal);
        c.literalLength += literal.size();
        if (literal.size() > c.longestLiteral.size())
            c.longestLiteral = literal;
    };
    for (auto it = placeholder.globalMatch(source); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        addLiteral(m.capturedStart());
        pattern += QStringLiteral("(.+?)");
        c.argOfGroup.push_back(m.captured(1).toInt());
        from = m.capturedEnd();
    }
    addLiteral(source.size());
    c.pattern.setPattern(QRegularExpression::anchoredPattern(pattern));
    c.pattern.setPatternOptions(QRegularExpression::DotMatchesEverythingOption);
    return c;
}

const std::vector<CompiledTemplate>& compiledTemplates()
{
    static const std::vector<CompiledTemplate> compiled = [] {
        std::vector<CompiledTemplate> out;
        for (const CoreTemplate& entry : kTemplates)
            out.push_back(compile(entry));
        return out;
    }();
    return compiled;
}

// `text` split where `separator` stands outside parentheses and brackets: "a (b; c); d" is
// two parts.
QStringList splitTopLevel(const QString& text, const QString& separator)
{
    QStringList parts;
    int depth = 0;
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c == QLatin1Char('(') || c == QLatin1Char('['))
            ++depth;
        else if ((c == QLatin1Char(')') || c == QLatin1Char(']')) && depth > 0)
            --depth;
        else if (depth == 0 && QStringView(text).sliced(i).startsWith(separator)) {
            parts << text.mid(start, i - start);
            i += separator.size() - 1;
            start = i + 1;
        }
    }
    parts << text.mid(start);
    return parts;
}

// A text in the interface language, and how many of its characters a template's English
// accounts for: of the templates that match, the one explaining most of the text wins. A count
// in front of a list ("1 of 9 kernels … have no FLOPs: 1 kernel not linked to any cpu_op …")
// then reads as the list's template with the cause inside, not as the cause's template with
// the whole list taken for its count.
struct Shown {
    QString text;
    qsizetype explained = 0;
};

std::optional<Shown> known(const QString& text, int depth);

// The translation of `c` with each %n replaced by what it matched, in one pass, so that a
// kernel name holding "%2" stays as it is.
Shown substitute(const CompiledTemplate& c, const QRegularExpressionMatch& match, int depth)
{
    const QString translated = QCoreApplication::translate(kContext, c.entry->source);
    Shown out{{}, c.literalLength};
    for (qsizetype i = 0; i < translated.size(); ++i) {
        const QChar ch = translated[i];
        const int arg = i + 1 < translated.size() && ch == QLatin1Char('%')
                            ? translated[i + 1].digitValue()
                            : -1;
        const auto group = std::find(c.argOfGroup.begin(), c.argOfGroup.end(), arg);
        if (arg <= 0 || group == c.argOfGroup.end()) {
            out.text += ch;
            continue;
        }
        const QString value = match.captured(static_cast<int>(group - c.argOfGroup.begin()) + 1);
        const std::optional<Shown> inner =
            (c.entry->nestedArgs & nested(arg)) ? known(value, depth + 1) : std::nullopt;
        out.text += inner ? inner->text : value;
        out.explained += inner ? inner->explained : 0;
        ++i;
    }
    return out;
}

// `text` said by the template that explains most of it, nullopt when none matches all of it.
std::optional<Shown> templateText(const QString& text, int depth)
{
    std::optional<Shown> best;
    for (const CompiledTemplate& c : compiledTemplates()) {
        if (!text.contains(c.longestLiteral))
            continue;
        const QRegularExpressionMatch match = c.pattern.match(text);
        if (!match.hasMatch())
            continue;
        Shown shown = substitute(c, match, depth);
        if (!best || shown.explained > best->explained)
            best = std::move(shown);
    }
    return best;
}

// A list of core texts joined by `separator`, each part said in the interface language and
// joined by the separator's translation. `partial`: parts no template knows stay as they are
// (the causes of a warning are separate sentences); otherwise every part must be known (a comma
// also stands inside one sentence, "not a complete event, "ph": "X"").
std::optional<Shown> listText(const QString& text, const char* separator, bool partial, int depth)
{
    const QString english = QString::fromUtf8(separator);
    const QStringList parts = splitTopLevel(text, english);
    if (parts.size() < 2)
        return std::nullopt;
    QStringList shown;
    qsizetype explained = english.size() * (parts.size() - 1);
    bool any = false;
    for (const QString& part : parts) {
        const std::optional<Shown> t = known(part, depth + 1);
        if (!t && !partial)
            return std::nullopt;
        any = any || t.has_value();
        shown << (t ? t->text : part);
        explained += t ? t->explained : 0;
    }
    if (!any)
        return std::nullopt;
    return Shown{shown.join(QCoreApplication::translate(kContext, separator)), explained};
}

// A text inside another (a template's nested argument), nullopt when no template knows it. A
// list is split first: "78 without FLOPs, 1 without DRAM bytes" would otherwise be one "%1
// without DRAM bytes".
std::optional<Shown> known(const QString& text, int depth)
{
    if (depth > kMaxDepth)
        return std::nullopt;
    if (auto causes = listText(text, kListSeparators[0], true, depth))
        return causes;
    if (auto reasons = listText(text, kListSeparators[1], false, depth))
        return reasons;
    return templateText(text, depth);
}

} // namespace

QString coreTextDisplay(const std::string& english)
{
    const QString text = QString::fromStdString(english);
    // A whole warning is one template: one that holds "; " in its English (a kernel's "…; time
    // only") is not a list.
    const std::optional<Shown> shown = templateText(text, 0);
    return shown ? shown->text : text;
}

QString coreTextListDisplay(const std::string& english)
{
    const QString text = QString::fromStdString(english);
    const std::optional<Shown> shown = known(text, 0);
    return shown ? shown->text : text;
}

QStringList coreTextTemplates()
{
    QStringList out;
    for (const CoreTemplate& entry : kTemplates)
        out << QString::fromUtf8(entry.source);
    return out;
}

} // namespace roofscope
