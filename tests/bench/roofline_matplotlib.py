#!/usr/bin/env python3
"""The figure `roofscope plot --size 3840x2160 --theme slide` draws, drawn with matplotlib.

A timing reference for the manual's performance page (docs/performance.md): the seed's four
GPUs (BF16 tensor roof over HBM bandwidth, ridge marked), its seven operators on each (7 x 4
points, one marker shape per operator, one colour per GPU, one label per operator), log-log axes
with units, a legend and a title, written as a 3840x2160 PNG. The numbers are RoofScope's own
(`roofscope plot -o data.json`), so both programs draw the same picture.

    time /usr/bin/python3 tests/bench/roofline_matplotlib.py /tmp/roofline-matplotlib.png

(Debian 12: apt-get install python3-matplotlib; /usr/bin/python3 is the interpreter that has it.)
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# name, BF16 tensor peak (FLOP/s), HBM bandwidth (byte/s), colour (RoofScope's slide palette)
GPUS = [
    ("A100 SXM4 80GB", 312e12, 2.039e12, "#007a00"),
    ("H100 SXM5 80GB (baseline)", 989.4e12, 3.35e12, "#0050c8"),
    ("H200 SXM 141GB", 989.4e12, 4.8e12, "#e06c00"),
    ("B200 SXM 180GB", 2250e12, 8.0e12, "#6a1fb0"),
]
# operator, marker, arithmetic intensity (FLOP/byte), attainable FLOP/s on each GPU above
OPS = [
    ("Add/scale", "o", 0.16666666666666666, [339.83e9, 558.33e9, 800e9, 1333.3e9]),
    ("GELU", "s", 2.25, [4.58775e12, 7.5375e12, 10.8e12, 18e12]),
    ("LayerNorm", "^", 1.2496948987063705, [2.5481e12, 4.1865e12, 5.9985e12, 9.9976e12]),
    ("Softmax", "D", 1.25, [2.54875e12, 4.1875e12, 6e12, 10e12]),
    ("Decode matmul", "p", 0.9997559189650964, [2.0385e12, 3.3492e12, 4.7988e12, 7.998e12]),
    ("Prefill matmul", "*", 1365.3333333333333, [312e12, 989.4e12, 989.4e12, 2250e12]),
    ("Big GEMM", "o", 2730.6666666666665, [312e12, 989.4e12, 989.4e12, 2250e12]),
]
AI_MIN, AI_MAX = 0.03, 1e4


def main(out):
    plt.rcParams.update({"font.size": 15, "font.weight": "bold", "axes.labelweight": "bold"})
    fig, ax = plt.subplots(figsize=(12.8, 7.2), dpi=300)
    ax.set_xscale("log")
    ax.set_yscale("log")
    for name, peak, bw, color in GPUS:
        ridge = peak / bw
        ax.plot([AI_MIN, ridge, AI_MAX], [bw * AI_MIN, peak, peak], color=color, lw=4.5,
                label=name, solid_capstyle="round")
        ax.plot([ridge], [peak], "o", ms=12, mfc="white", mec=color, mew=3)
        ax.annotate(f"ridge {ridge:.0f}", (ridge, peak), textcoords="offset points",
                    xytext=(-10, 12), ha="right", color=color)
    for label, marker, ai, ys in OPS:
        for (_, _, _, color), y in zip(GPUS, ys):
            ax.plot([ai], [y], marker, ms=14, color=color, mec="#303030")
        ax.annotate(label, (ai, max(ys)), textcoords="offset points", xytext=(12, 8))
    ax.set_xlim(AI_MIN, AI_MAX)
    ax.set_ylim(1e11, 1e16)
    ax.set_xlabel("Arithmetic intensity (FLOP/byte)")
    ax.set_ylabel("Attainable performance (FLOP/s)")
    ax.grid(True, which="major", color="#909090", lw=1.5)
    ax.grid(True, which="minor", color="#d8d8d8", lw=1.0)
    ax.legend(loc="lower right", frameon=True)
    fig.suptitle("Decode is memory-bound on every GPU", x=0.08, ha="left", fontsize=26)
    fig.savefig(out, dpi=300)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "roofline-matplotlib.png")
