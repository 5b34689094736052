#!/usr/bin/env python3
"""Writes the measured-kernel test fixtures. They are synthetic, small, and written by hand to
show one quirk each of real exports (see ../../../docs/measured-kernels.md). Run from this
directory; the files are committed, so this only matters when changing them."""
import gzip
import json

NCU_HEADER = ["ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Context", "Stream",
              "Block Size", "Grid Size", "Device", "CC", "Section Name", "Metric Name",
              "Metric Unit", "Metric Value"]


def q(cells):
    return ",".join('"' + c.replace('"', '""') + '"' for c in cells)


def ncu_rows(launch_id, kernel, cc, metrics, section="Command line profiler metrics"):
    ident = [str(launch_id), "4242", "bench", "localhost", kernel, "1", "7", "(128, 1, 1)",
             "(1024, 1, 1)", "0", cc, section]
    return [q(ident + [name, unit, value]) for name, unit, value in metrics]


# 1. The A100 gemm_v0 launch with the metric values of the real sample (details page, long
#    format, thousands separators, no gpu__time_duration: time from cycles / clock).
gemm = "void gemm_v0<float>(T1 *, T1 *, T1 *, int, int, int)"
rows = [q(NCU_HEADER)] + ncu_rows(2, gemm, "8.0", [
    ("dram__bytes.sum", "byte", "4,394,965,922,944.00"),
    ("l1tex__t_bytes.sum", "byte", "171,805,402,726,400.00"),
    ("lts__t_bytes.sum", "byte", "13,077,104,026,080.00"),
    ("smsp__cycles_elapsed.avg", "cycle", "28,293,058,736.76"),
    ("smsp__cycles_elapsed.avg.per_second", "cycle/second", "764,999,997.55"),
    ("smsp__inst_executed_pipe_tensor.sum", "inst", "104,857,600.00"),
    ("smsp__sass_thread_inst_executed_op_dadd_pred_on.sum", "inst", "0.00"),
    ("smsp__sass_thread_inst_executed_op_dfma_pred_on.sum", "inst", "0.00"),
    ("smsp__sass_thread_inst_executed_op_dmul_pred_on.sum", "inst", "0.00"),
    ("smsp__sass_thread_inst_executed_op_fadd_pred_on.sum", "inst", "0.00"),
    ("smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", "inst", "34,359,738,368,000.00"),
    ("smsp__sass_thread_inst_executed_op_fmul_pred_on.sum", "inst", "0.00"),
    ("smsp__sass_thread_inst_executed_op_hadd_pred_on.sum", "inst", "0.00"),
    ("smsp__sass_thread_inst_executed_op_hfma_pred_on.sum", "inst", "3,355,443,200.00"),
    ("smsp__sass_thread_inst_executed_op_hmul_pred_on.sum", "inst", "0.00"),
])
open("ncu-gemm-v0-a100.csv", "w", newline="").write("\n".join(rows) + "\n")

# 2. Chatter before the header, a UTF-8 BOM, CRLF, n/a, scaled units (usecond, Mbyte, Kbyte),
#    a device name, FP16 (packed) instructions.
fill = ("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<c10::Half>, "
        "at::detail::Array<char *, 1>>(int, at::native::FillFunctor<c10::Half>, "
        "at::detail::Array<char *, 1>)")
lines = ["==PROF== Connected to process 4242 (/usr/bin/python3.11)",
         "Loading model... done",
         "==WARNING== Found outstanding GPU clock reset, trying to revert...Success.",
         "==PROF== Profiling \"vectorized_elementwise_kernel\" - 0: 0%....50%....100% - 9 passes",
         "step 0 loss=2.31",
         "==PROF== Disconnected from process 4242",
         q(NCU_HEADER)] + ncu_rows(0, fill, "9.0", [
    ("device__attribute_display_name", "", "NVIDIA H100 80GB HBM3"),
    ("dram__bytes.sum", "Mbyte", "33.55"),
    ("gpu__time_duration.sum", "usecond", "12.50"),
    ("l1tex__t_bytes.sum", "Kbyte", "1,024.00"),
    ("lts__t_bytes.sum", "byte", "n/a"),
    ("smsp__sass_thread_inst_executed_op_hadd_pred_on.sum", "inst", "0"),
    ("smsp__sass_thread_inst_executed_op_hfma_pred_on.sum", "inst", "1,048,576"),
    ("smsp__sass_thread_inst_executed_op_hmul_pred_on.sum", "inst", "4,194,304"),
])
lines.append("==WARNING== Backing up clocks, restoring: done, 1 device")  # after the table
open("ncu-chatter-bom-crlf.csv", "wb").write(("\ufeff" + "\r\n".join(lines) + "\r\n").encode())

# 3. A --set full section export: rule columns and rule rows with empty metric cells, a
#    `Body Item Label` column, current metric names (dram read+write, lts2xbar cycles,
#    LSU writebacks, tensor ops), a per-cycle FLOP counter, msecond and Ghz, and peaks.
flash = ("void flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64, 64, 4, false, false, "
         "cutlass::half_t>, false>(Flash_fwd_params)")
header = NCU_HEADER + ["Body Item Label", "Rule Name", "Rule Type", "Rule Description",
                       "Estimated Speedup Type", "Estimated Speedup"]
out = [q(header)]
for launch, ms in ((0, "1.50"), (1, "3.00")):
    ident = [str(launch), "4242", "bench", "localhost", flash, "1", "7", "(128, 1, 1)",
             "(512, 16, 1)", "0", "8.0"]
    metrics = [
        ("GPU Speed Of Light Throughput", "gpu__time_duration.sum", "msecond", ms, ""),
        ("GPU Speed Of Light Throughput", "device__attribute_display_name", "",
         "NVIDIA A100-SXM4-80GB", ""),
        ("Memory Workload Analysis", "dram__bytes_read.sum", "Gbyte", "3.00", ""),
        ("Memory Workload Analysis", "dram__bytes_write.sum", "Mbyte", "500.00", ""),
        ("Memory Workload Analysis", "lts__lts2xbar_cycles_active.sum", "cycle", "250,000,000", ""),
        ("Memory Workload Analysis", "l1tex__lsu_writeback_active_mem_lg.sum", "cycle",
         "100,000,000", ""),
        ("Roofline", "sm__ops_path_tensor_src_fp16_dst_fp32.sum", "", "300,000,000,000",
         "Achieved Value"),
        ("Roofline", "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum.per_cycle_elapsed",
         "inst/cycle", "2,000", "Achieved Value"),
        ("Roofline", "sm__cycles_elapsed.avg.per_second", "Ghz", "1.41", "Single Precision Roofline"),
        ("Roofline", "sm__sass_thread_inst_executed_op_ffma_pred_on.sum.peak_sustained",
         "inst/cycle", "6,912", "Single Precision Roofline"),
        ("Roofline", "dram__bytes.sum.peak_sustained", "byte/cycle", "1,280",
         "Single Precision Roofline"),
        ("Roofline", "dram__cycles_elapsed.avg.per_second", "Ghz", "1.593",
         "Single Precision Roofline"),
    ]
    for section, name, unit, value, label in metrics:
        out.append(q(ident + [section, name, unit, value, label, "", "", "", "", ""]))
    out.append(q(ident + ["GPU Speed Of Light Throughput", "", "", "", "", "SOLBottleneck", "OPT",
                          "Memory is more heavily utilized than Compute: look at the Memory "
                          "Workload Analysis section.", "global", "42.5"]))
open("ncu-section-rules.csv", "w", newline="").write("\n".join(out) + "\n")

# 4. The raw page: one row per launch, a units row, dram__bytes_op_* (newer spelling), nsecond.
raw_header = ["ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Context", "Stream",
              "Device", "CC", "device__attribute_display_name", "dram__bytes_op_read.sum",
              "dram__bytes_op_write.sum", "gpu__time_duration.sum",
              "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum",
              "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum",
              "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum"]
units = ["", "", "", "", "", "", "", "", "", "", "Mbyte", "Kbyte", "nsecond", "inst", "inst", "inst"]
row = ["0", "4242", "bench", "localhost", "dgemm_kernel(double const*, double*, int)", "1", "7",
       "0", "8.0", "NVIDIA A100-SXM4-80GB", "100.00", "500.00", "2,000,000.00", "1,000,000",
       "2,000,000", "3,000,000"]
open("ncu-raw-wide.csv", "w", newline="").write("\n".join(q(r) for r in (raw_header, units, row)) + "\n")

# 5. A failed run: only profiler messages, no CSV.
open("ncu-errors-only.csv", "w").write(
    "==PROF== Connected to process 5151 (/opt/app/bin/solver)\n"
    "==ERROR== The application returned an error code (1).\n"
    "==WARNING== No kernels were profiled.\n")

# 6. Only bytes and time: no FLOP counters at all.
open("ncu-no-flops.csv", "w", newline="").write("\n".join([q(NCU_HEADER)] + ncu_rows(
    0, "copy_kernel(float*, const float*)", "8.0", [
        ("dram__bytes.sum", "Gbyte", "2.00"),
        ("gpu__time_duration.sum", "msecond", "1.00"),
    ])) + "\n")

# 7. Volta: tensor instructions estimated at 512 FLOP each.
open("ncu-volta-tensor.csv", "w", newline="").write("\n".join([q(NCU_HEADER)] + ncu_rows(
    0, "volta_h884gemm_64x64_ldg8_nn", "7.0", [
        ("dram__bytes.sum", "Mbyte", "1.00"),
        ("gpu__time_duration.sum", "usecond", "1.00"),
        ("smsp__inst_executed_pipe_tensor.sum", "inst", "1,000"),
    ])) + "\n")

# Generic CSV with every optional column.
open("generic.csv", "w").write(
    "name,time_s,flops,dram_bytes,l2_bytes,l1_bytes,precision,gpu,launches\n"
    "void gemm<cutlass::half_t>(Params),0.002,2e12,1e9,4e9,,fp16,NVIDIA H100 80GB HBM3,4\n"
    "Cijk_Ailk_Bljk_HHS_BH_MT128x128x32_MI32x32x8x1 [clone .kd],0.001,0,1e6,,,fp16:vector,mi300x,1\n"
    "memcpy_kernel,0.0005,1e6,0,,,fp32,,1\n"
    "\"softmax_warp_forward<float, float, 10>(float*, const float*, int)\",1e-4,,5e8,,,,a100-sxm4-80gb,\n")

# rocprof / omniperf pmc_perf.csv (counter columns with the _sum suffix).
open("pmc_perf.csv", "w").write(
    "Dispatch_ID,Kernel_Name,GPU_ID,Grid_Size,Workgroup_Size,SQ_INSTS_VALU_ADD_F32,"
    "SQ_INSTS_VALU_MUL_F32,SQ_INSTS_VALU_FMA_F32,SQ_INSTS_VALU_TRANS_F32,"
    "SQ_INSTS_VALU_MFMA_MOPS_BF16,TCC_EA_RDREQ_sum,TCC_EA_RDREQ_32B_sum,TCC_EA_WRREQ_sum,"
    "TCC_EA_WRREQ_64B_sum,TCP_TCC_READ_REQ_sum,TCP_TCC_WRITE_REQ_sum,"
    "TCP_TCC_ATOMIC_WITH_RET_sum,TCP_TCC_ATOMIC_WITHOUT_RET_sum,TCP_TOTAL_CACHE_ACCESSES_sum,"
    "Start_Timestamp,End_Timestamp\n"
    "0,\"void ck::kernel_gemm_xdl<ck::GridwiseGemm<float>>(ck::Argument) [clone .kd]\",0,65536,256,"
    "100,200,300,50,1000,1000,200,500,100,2000,500,10,0,8000,1000000,1001000\n")

# omniperf empirical peaks (two repetitions) and an ERT roofline.json.
open("omniperf-roofline.csv", "w").write(
    "device,HBMBw,HBMBwLow,hbmBwHigh,L2Bw,L1Bw,FP32Flops,MFMABF16Flops,MFMAI8Ops\n"
    "0,1300,1299,1301,5000,9000,20000,170000,160000\n"
    "1,1500,1499,1501,5200,9200,22000,172000,162000\n")
json.dump({"empirical": {"gbytes": {"data": [["L1", 8259.44], ["L2", 2996.0], ["DRAM", 200.3]]},
                         "gflops": {"data": [["FP64 GFLOPs", 2772.78]]}},
           "spec": {"name": "knl-node"}}, open("ert-roofline.json", "w"), indent=1)

# PyTorch profiler trace: links by External id and by correlation only, an op without a FLOP
# model, attention, and a kernel with no op.
trace = {
    "schemaVersion": 1,
    "deviceProperties": [{"id": 0, "name": "NVIDIA A100-SXM4-80GB", "computeMajor": 8}],
    "traceEvents": [
        {"ph": "X", "cat": "cpu_op", "name": "aten::addmm", "ts": 0, "dur": 50,
         "args": {"External id": 7, "Input Dims": [[128], [64, 256], [256, 128]],
                  "Input type": ["float", "float", "float"]}},
        {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "ts": 10, "dur": 5,
         "args": {"External id": 7, "correlation": 101}},
        {"ph": "X", "cat": "kernel", "name": "ampere_sgemm_64x32_sliced1x4_tn", "ts": 20,
         "dur": 8, "args": {"External id": 7, "correlation": 101, "device": 0}},
        {"ph": "X", "cat": "cpu_op", "name": "aten::bmm", "ts": 60, "dur": 30,
         "args": {"External id": 8, "Input Dims": [[4, 32, 64], [4, 64, 16]],
                  "Input type": ["c10::BFloat16", "c10::BFloat16"]}},
        {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "ts": 61, "dur": 5,
         "args": {"External id": 8, "correlation": 102}},
        {"ph": "X", "cat": "kernel", "ts": 70, "dur": 4,
         "name": "void cutlass::Kernel<cutlass_80_tensorop_bf16_s16816gemm_bf16_64x64_64x4_tn_align8>(Params)",
         "args": {"correlation": 102, "device": 0}},
        {"ph": "X", "cat": "cpu_op", "name": "aten::softmax", "ts": 100, "dur": 10,
         "args": {"External id": 9, "Input Dims": [[64, 128], []], "Input type": ["float", "Scalar"]}},
        {"ph": "X", "cat": "kernel", "ts": 101, "dur": 2,
         "name": "void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, float>(float*, const float*, int)",
         "args": {"External id": 9, "correlation": 103, "device": 0}},
        {"ph": "X", "cat": "cpu_op", "name": "aten::scaled_dot_product_attention", "ts": 120, "dur": 20,
         "args": {"External id": 10, "Input Dims": [[2, 8, 128, 64], [2, 8, 128, 64], [2, 8, 128, 64]],
                  "Input type": ["c10::Half", "c10::Half", "c10::Half"]}},
        {"ph": "X", "cat": "kernel", "name": "flash_fwd_kernel", "ts": 125, "dur": 10,
         "args": {"External id": 10, "device": 0}},
        {"ph": "X", "cat": "kernel", "name": "orphan_kernel", "ts": 200, "dur": 1,
         "args": {"device": 0}},
    ]}
text = json.dumps(trace, indent=1)
open("torch-trace.json", "w").write(text)
with gzip.GzipFile("torch-trace.json.gz", "wb", mtime=0) as f:
    f.write(text.encode())

# rocprof v1 results.csv of one run: a --timestamp on trace and an -i input.txt counters file
# (FETCH_SIZE/WRITE_SIZE in KiB, VALU F32 counters, no time) of the same 3 dispatches; and an
# omniperf pmc_perf.csv of an MI100 (gfx908: MFMA instruction counts, no MFMA_MOPS; dispatch 2
# ends before it starts) with the sysinfo.csv omniperf writes beside it.
H1 = ["Index", "KernelName", "gpu-id", "queue-id", "queue-index", "pid", "tid", "grd", "wgr",
      "lds", "scr", "arch_vgpr", "accum_vgpr", "sgpr", "wave_size", "sig", "obj"]


def v1_ident(i, k):
    return [str(i), '"%s"' % k, "1", "0", str(i), "4242", "4242", "1048576", "256", "0", "0", "8",
            "0", "16", "64", '"0x0"', '"0x7f0000000000"']


seq = [("axpy_kernel", 1000, 3000), ("stencil_kernel", 3000, 8000), ("axpy_kernel", 8000, 9500)]
ts = [q(H1 + ["DispatchNs", "BeginNs", "EndNs", "CompleteNs", "DurationNs"])]
for i, (k, b, e) in enumerate(seq):
    ts.append(",".join(v1_ident(i, k) + [str(b - 100), str(b), str(e), str(e + 50), str(e - b)]))
open("rocprof-v1-timestamps.csv", "w").write("\n".join(ts) + "\n")
cn = [q(H1 + ["FETCH_SIZE", "WRITE_SIZE", "SQ_INSTS_VALU_ADD_F32", "SQ_INSTS_VALU_MUL_F32",
              "SQ_INSTS_VALU_FMA_F32"])]
vals = [(8192, 4096, 0, 16384, 16384), (16384, 8192, 32768, 0, 65536),
        (8192, 4096, 0, 16384, 16384)]
for i, ((k, _, _), v) in enumerate(zip(seq, vals)):
    cn.append(",".join(v1_ident(i, k) + [str(x) for x in v]))
open("rocprof-v1-counters.csv", "w").write("\n".join(cn) + "\n")
hdr = ["Dispatch_ID", "Kernel_Name", "GPU_ID", "Grid_Size", "Workgroup_Size",
       "SQ_INSTS_VALU_ADD_F32", "SQ_INSTS_VALU_MUL_F32", "SQ_INSTS_VALU_FMA_F32",
       "SQ_INSTS_VALU_MFMA_F16", "SQ_INSTS_VALU_MFMA_F32", "TCC_EA_RDREQ_sum",
       "TCC_EA_RDREQ_32B_sum", "TCC_EA_WRREQ_sum", "TCC_EA_WRREQ_64B_sum", "TCP_TCC_READ_REQ_sum",
       "TCP_TCC_WRITE_REQ_sum", "TCP_TOTAL_CACHE_ACCESSES_sum", "Start_Timestamp", "End_Timestamp"]
gemm = "gemm_mfma_f16(half const*, half const*, float*) [clone .kd]"
scale = "vec_scale(float*, float) [clone .kd]"
rows = [hdr,
        ["0", gemm, "2", "65536", "256", "10", "20", "30", "4096", "0", "1000", "0", "500", "500",
         "3000", "600", "9000", "5000000", "5004000"],
        ["1", scale, "2", "65536", "256", "100", "200", "300", "0", "0", "2000", "100", "1000",
         "900", "2000", "1000", "4000", "5010000", "5011000"],
        ["2", scale, "2", "65536", "256", "100", "200", "300", "0", "0", "2000", "100", "1000",
         "900", "2000", "1000", "4000", "5020000", "5019000"]]
open("gfx908/pmc_perf.csv", "w").write(
    "\n".join(",".join('"' + c + '"' if "," in c else c for c in r) for r in rows) + "\n")
open("gfx908/sysinfo.csv", "w").write(
    "workload_name,gpu_model,gpu_arch,cu_per_gpu,hbm_bw\nrun,MI100,gfx908,120,1228.8\n")

# An Nsight Compute roofline-chart section export (--section SpeedOfLight_RooflineChart): a
# Body Item Label column, per-cycle rates, peaks and the DRAM bandwidth of one launch, no
# duration. The values are those of the real RTX 5090 export in the shared corpus.
hdr = NCU_HEADER[:12] + ["Body Item Label"] + NCU_HEADER[12:] + [
    "Rule Name", "Rule Type", "Rule Description", "Estimated Speedup Type", "Estimated Speedup"]
ident = ["0", "4242", "python3", "localhost", "void gemm_bf16_relu<256, 128>(Params)", "1", "7",
         "(256, 1, 1)", "(312, 2, 1)", "0", "12.0"]
chart = "GPU Speed Of Light Roofline Chart"
sp, spv, dpv = "Single Precision Roofline", "Single Precision Achieved Value", \
    "Double Precision Achieved Value"
cells = [
    ("", "Theoretical Predicated-On DFMA Thread Instructions Executed", "inst/cycle", "340"),
    ("", "Theoretical Predicated-On FFMA Thread Instructions Executed", "inst/cycle", "21,760"),
    ("", "Predicated-On DFMA Thread Instructions Executed Per Cycle", "inst/cycle", "0"),
    ("", "Predicated-On FFMA Thread Instructions Executed Per Cycle", "inst/cycle", "34.80"),
    (sp, "Theoretical Predicated-On FFMA Operations", "inst", "43,520"),
    (sp, "SM Frequency", "Ghz", "2.00"),
    (sp, "Theoretical DRAM Bytes Accessible", "byte/cycle", "128"),
    (sp, "DRAM Frequency", "Ghz", "13.78"),
    (spv, "Predicated-On FFMA Operations Per Cycle", "inst", "69.60"),
    (spv, "SM Frequency", "Ghz", "2.00"),
    (spv, "Predicated-On FADD Thread Instructions Executed Per Cycle", "inst/cycle", "0"),
    (spv, "Predicated-On FMUL Thread Instructions Executed Per Cycle", "inst/cycle", "0"),
    (spv, "DRAM Bandwidth", "Gbyte/s", "67.46"),
    (dpv, "Predicated-On DFMA Operations Per Cycle", "inst", "0"),
    (dpv, "Predicated-On DADD Thread Instructions Executed Per Cycle", "inst/cycle", "0"),
    (dpv, "Predicated-On DMUL Thread Instructions Executed Per Cycle", "inst/cycle", "0"),
    (dpv, "DRAM Bandwidth", "Gbyte/s", "67.46"),
]
lines = [q(hdr)] + [q(ident + [chart, label, name, unit, value]) + "," for label, name, unit, value in cells]
lines.append(q(ident + ["SpeedOfLight_RooflineChart", "", "", "", "", "SOLFPRoofline", "INF",
                        "The ratio of peak float (fp32) to double (fp64) performance on this "
                        "device is 64:1.", "", ""]))
open("ncu-roofline-chart.csv", "w").write("\n".join(lines) + "\n")

# An Nsight Compute details page of an H200 (as the real ones of ../shared/samples/h200): it names
# no device, but its CC column says 9.0 and Launch Statistics' "# SMs" 132.
launch = ["0", "544", "python3.12", "127.0.0.1", "nvjet_sm90_tst_64x8_64x16_2x1_v_bz_NNT", "1",
          "7", "(384, 1, 1)", "(2, 64, 1)", "0", "9.0"]
lines = [q(NCU_HEADER)] + [q(launch + [section, name, unit, value]) for section, name, unit, value in [
    ("GPU Speed Of Light Throughput", "Duration", "us", "25.18"),
    ("GPU Speed Of Light Throughput", "Memory Throughput", "Tbyte/s", "1.12"),
    ("Launch Statistics", "# SMs", "SM", "132"),
]]
open("ncu-cc90-132sms.csv", "w").write("\n".join(lines) + "\n")
