#!/usr/bin/env python3
"""Facts about a PyTorch profiler trace of Hugging Face generate(), derived from the trace alone.

A second, independent reading of a trace, to hold `roofscope measured TRACE --model CONFIG`
against: it shares no code and no rule with RoofScope's join. It reads kernels, the cpu_op that
launched each (by External id) and that op's ancestors (by time on the launching thread), and
splits the trace by position, not by shape matching:
  - a pass starts at each aten::embedding (the token lookup); kernels before the first belong to
    the first pass. Its phase is prefill when the lookup's ids have more than one column;
  - attention is every kernel under aten::scaled_dot_product_attention or an op whose name says
    attention / flash; a layer is one attention call;
  - a GEMM call is an aten::linear: all of its kernels (split-K reductions and bias adds
    included);
  - the GEMM calls before a pass's first attention (after the lookup) are the attention
    inputs, P of them; of the calls between two attentions the last P belong to the next layer,
    the rest to the layer before: its o_proj first, then its MLP. The call whose weight has the
    vocabulary as a dimension is the lm_head.
Names follow `roofscope model`'s rows: q_proj k_proj v_proj (or qkv_proj), o_proj, gate_proj
up_proj down_proj (or gate_up_proj down_proj; up_proj down_proj for a plain MLP), lm_head,
attention, embedding. A layer whose MLP has another count of GEMMs (a mixture of experts) names
only its o_proj; DeepSeek's latent attention names only o_proj and attention.

Usage:
  trace_facts.py TRACE CONFIG                 facts as JSON on stdout
  trace_facts.py TRACE CONFIG --check JOIN [--roofscope BIN --gpu ID] [--min-placed SHARE]
      JOIN: the output of `roofscope measured TRACE --model CONFIG --gpu ID --format json`.
      Prints each difference from the facts over 2 % (passes, phases, batches, layers, kernels,
      measured times per pass and per operator, placed time under SHARE, 0.99 unless given)
      and, with --roofscope, each pass whose predicted time is not what `roofscope model`
      prints at its batch and context; exits 1 if there is any.
Only the Python standard library is used.
"""
import argparse
import subprocess
import bisect
import gzip
import json
import sys


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def parents_of(ops):
    """Each cpu_op's parent index: the op on its thread that encloses it in time."""
    parent = [None] * len(ops)
    by_tid = {}
    for i, e in enumerate(ops):
        by_tid.setdefault(e.get("tid"), []).append(i)
    for idx in by_tid.values():
        idx.sort(key=lambda i: (float(ops[i]["ts"]), -float(ops[i].get("dur", 0))))
        stack = []
        for i in idx:
            ts = float(ops[i]["ts"])
            while stack and float(ops[stack[-1]]["ts"]) + float(ops[stack[-1]].get("dur", 0)) <= ts:
                stack.pop()
            parent[i] = stack[-1] if stack else None
            stack.append(i)
    return parent


def is_attention(name):
    n = name.lower()
    return n == "aten::scaled_dot_product_attention" or (
        ("attention" in n or "flash" in n) and "cache" not in n)


# Families whose decoder layer is Llama's (norm, attention, residual, norm, gated MLP, residual).
LLAMA_LIKE = ("llama", "mistral", "qwen2", "qwen3", "phi3")

# The categories of the host calls that launch kernels (CUDA, its driver, ROCm).
RUNTIME = ("cuda_runtime", "cuda_driver", "hip_runtime", "hip_driver", "runtime")

# nn.Linear and F.linear: every projection of a Hugging Face decoder (RoPE's own small matmul of
# positions by frequencies is not one)
GEMM_OPS = ("aten::linear",)


def weight_dims(op):
    dims = op.get("args", {}).get("Input Dims", [])
    return dims[1] if len(dims) > 1 else []  # aten::linear's weight: [N, K]


def classify(trace):
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    ops = [e for e in events if e.get("cat") == "cpu_op" and e.get("ph") == "X"]
    parent = parents_of(ops)
    by_ext = {}
    for i, e in enumerate(ops):
        ext = e.get("args", {}).get("External id")
        if ext is not None:
            by_ext[ext] = i  # the innermost op with this id (they are unique in torch 2)
    # A launch whose runtime call carries no External id (one in 24k on torch 2.11) is claimed by
    # the innermost op that encloses that call in time on its thread.
    launch = {e["args"]["correlation"]: e for e in events
              if e.get("cat") in RUNTIME and "correlation" in e.get("args", {})}
    starts = {}
    for i, e in enumerate(ops):
        starts.setdefault(e.get("tid"), []).append((float(e["ts"]), i))
    for v in starts.values():
        v.sort()

    def enclosing(call):
        v = starts.get(call.get("tid"), [])
        ts = float(call["ts"])
        n = bisect.bisect_right(v, (ts, len(ops))) - 1
        i = v[n][1] if n >= 0 else None
        while i is not None and float(ops[i]["ts"]) + float(ops[i].get("dur", 0)) < ts:
            i = parent[i]
        return i

    kernels = sorted((e for e in events if e.get("cat") == "kernel"), key=lambda e: float(e["ts"]))
    out = []
    for k in kernels:
        args = k.get("args", {})
        i = by_ext.get(args.get("External id"))
        if i is None and args.get("correlation") in launch:
            i = enclosing(launch[args["correlation"]])
        chain = []
        while i is not None:
            chain.append(i)
            i = parent[i]
        # outermost first, below generate()'s own frames
        chain.reverse()
        unit = None
        for j in chain:
            name = ops[j]["name"]
            if name == "aten::embedding":
                unit = ("embedding", j)
                break
            if is_attention(name):
                unit = ("attention", j)
                break
            if name in GEMM_OPS:
                unit = ("gemm", j)
                break
        out.append({"dur": float(k.get("dur", 0)) * 1e-6, "unit": unit})
    return ops, out


def facts(trace, config):
    ops, kernels = classify(trace)
    vocab = config.get("vocab_size")
    latent = str(config.get("model_type", "")).startswith("deepseek")
    # passes: split at each token lookup's first kernel
    starts = [n for n, k in enumerate(kernels)
              if k["unit"] and k["unit"][0] == "embedding"
              and (n == 0 or kernels[n - 1]["unit"] != k["unit"])]
    if not starts:
        starts = [0]
    starts[0] = 0
    passes = []
    for p, begin in enumerate(starts):
        end = starts[p + 1] if p + 1 < len(starts) else len(kernels)
        ks = kernels[begin:end]
        # calls in order, each with its kernels' time and count
        calls = []
        for at, k in enumerate(ks):
            if k["unit"] is None:
                continue
            if calls and calls[-1]["unit"] == k["unit"]:
                calls[-1]["s"] += k["dur"]
                calls[-1]["kernels"] += 1
                calls[-1]["last"] = at
            else:
                calls.append({"unit": k["unit"], "s": k["dur"], "kernels": 1, "first": at,
                              "last": at})

        def between(a, b):
            """The kernels of no GEMM, attention or lookup after call a and before call b."""
            gap = [k for k in ks[a["last"] + 1:b["first"]] if k["unit"] is None]
            return {"s": sum(k["dur"] for k in gap), "kernels": len(gap)}
        emb = next((c for c in calls if c["unit"][0] == "embedding"), None)
        dims = ops[emb["unit"][1]].get("args", {}).get("Input Dims", []) if emb else []
        ids = dims[1] if len(dims) > 1 else []  # [batch, tokens]
        phase = "prefill" if len(ids) == 2 and ids[1] > 1 else "decode"
        named = {}

        def put(name, c):
            o = named.setdefault(name, {"kernels": 0, "measured_s": 0.0})
            o["kernels"] += c["kernels"]
            o["measured_s"] += c["s"]

        if emb:
            put("embedding", emb)
        gemms_and_attn = [c for c in calls if c["unit"][0] in ("gemm", "attention")]
        head = [c for c in gemms_and_attn if c["unit"][0] == "gemm" and vocab in
                weight_dims(ops[c["unit"][1]])]
        for c in head:
            put("lm_head", c)
        body = [c for c in gemms_and_attn if c not in head]
        attn_at = [n for n, c in enumerate(body) if c["unit"][0] == "attention"]
        layers = len(attn_at)
        if attn_at:
            pre_count = attn_at[0]
            for a in attn_at:
                put("attention", body[a])
            for layer, a in enumerate(attn_at):
                stop = attn_at[layer + 1] - pre_count if layer + 1 < layers else len(body)
                post = body[a + 1:stop]
                pre = body[a - pre_count:a]
                here = {"attention": body[a]}
                if not latent:
                    names = {3: ["q_proj", "k_proj", "v_proj"], 1: ["qkv_proj"]}.get(pre_count)
                    if names:
                        for name, c in zip(names, pre):
                            put(name, c)
                            here[name] = c
                if post:
                    put("o_proj", post[0])
                    here["o_proj"] = post[0]
                mlp = post[1:]
                if latent:
                    continue
                plain = config.get("model_type") == "phi"
                if len(mlp) == 3:
                    names = ["gate_proj", "up_proj", "down_proj"]
                elif len(mlp) == 2:
                    names = ["up_proj", "down_proj"] if plain else ["gate_up_proj", "down_proj"]
                else:
                    names = []  # a mixture of experts: not named by position
                for name, c in zip(names, mlp):
                    put(name, c)
                    here[name] = c
                # The small kernels between a layer's GEMMs, for the families whose layer is
                # Llama's: each gap is the join's operators named (RoPE and the cache write
                # between the last projection and attention, and so on).
                if config.get("model_type") not in LLAMA_LIKE or not names:
                    continue
                last_in = here.get("v_proj") or here.get("qkv_proj")
                gaps = [("rope+kv_cache_write", last_in, here["attention"]),
                        ("attn_residual+post_attention_norm", here["o_proj"], mlp[0])]
                if "gate_proj" in here:
                    gaps += [("act", here["gate_proj"], here["up_proj"]),
                             ("mul", here["up_proj"], here["down_proj"])]
                else:
                    gaps += [("act_mul", here["gate_up_proj"], here["down_proj"])]
                for name, a_call, b_call in gaps:
                    if a_call is not None:
                        put(name, between(a_call, b_call))
        # No attention op (attn_implementation="eager"): no layers to count by it.
        passes.append({"phase": phase, "batch": ids[0] if ids else None,
                       "layers": layers if attn_at else None,
                       "kernels": len(ks), "measured_s": sum(k["dur"] for k in ks),
                       "operators": named})
    return {"passes": passes, "kernels": len(kernels),
            "kernel_time_s": sum(k["dur"] for k in kernels)}


def predicted_differences(join, config, roofscope, gpu):
    """Each pass's predicted time against `roofscope model` at its phase, batch and context."""
    bad, cache = [], {}
    for n, p in enumerate(join["model_view"]["passes"]):
        key = (p["phase"], p["batch"], p["context"])
        if key not in cache:
            out = subprocess.run(
                [roofscope, "model", "--model", config, "--phase", p["phase"], "--batch",
                 f"{p['batch']:g}", "--context", f"{p['context']:g}", "--gpu", gpu, "--format",
                 "json"], capture_output=True, text=True, check=True).stdout
            model = json.loads(out)
            head = sum(o["time_s"] for o in model["operators"] if o["key"] == "lm_head")
            cache[key] = (model["totals"][0]["time_s"], head)
        step, head = cache[key]
        # A trace of the base model (no LM head ran) is predicted without its row.
        if not any(o["name"] == "lm_head" for o in p["operators"]):
            step -= head
        if abs(step - p["predicted_s"]) > 1e-9 * step:
            bad.append(f"pass {n + 1} predicted {p['predicted_s']:.9g} s, roofscope model "
                       f"{step:.9g} s at {key}")
    return bad


def check(f, join, min_placed=0.99):
    bad = []
    jp = join["model_view"]["passes"]
    if len(jp) != len(f["passes"]):
        bad.append(f"passes: facts {len(f['passes'])}, join {len(jp)}")
    for n, (a, b) in enumerate(zip(f["passes"], jp)):
        for key in ("phase", "layers", "kernels"):
            if a[key] is not None and a[key] != b[key]:
                bad.append(f"pass {n + 1} {key}: facts {a[key]}, join {b[key]}")
        if a["batch"] is not None and a["batch"] != b["batch"]:
            bad.append(f"pass {n + 1} batch: facts {a['batch']}, join {b['batch']}")
        if abs(a["measured_s"] - b["measured_s"]) > 0.02 * a["measured_s"]:
            bad.append(f"pass {n + 1} measured: facts {a['measured_s']:.6g} s, join "
                       f"{b['measured_s']:.6g} s")
        ops = {o["name"]: o for o in b["operators"]}
        for name, o in a["operators"].items():
            # a gap's operators that ran (a forward without a cache writes none)
            parts = [ops[part] for part in name.split("+") if part in ops]
            if not parts and o["kernels"] > 0:
                bad.append(f"pass {n + 1} {name}: in the facts, not in the join")
                continue
            j = {"measured_s": sum(x["measured_s"] for x in parts),
                 "kernels": sum(x["kernels"] for x in parts)}
            if abs(o["measured_s"] - j["measured_s"]) > 0.02 * o["measured_s"]:
                bad.append(f"pass {n + 1} {name}: facts {o['measured_s']:.6g} s "
                           f"({o['kernels']} kernels), join {j['measured_s']:.6g} s "
                           f"({j['kernels']} kernels)")
    placed = join.get("placed_time_share", 0)
    if placed < min_placed:
        bad.append(f"placed time {placed:.4f} < {min_placed:g}")
    return bad


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("trace")
    ap.add_argument("config")
    ap.add_argument("--check", metavar="JOIN")
    ap.add_argument("--roofscope", metavar="BIN")
    ap.add_argument("--gpu", metavar="ID")
    ap.add_argument("--min-placed", type=float, default=0.99, metavar="SHARE",
                    help="the least share of kernel time on the chart (default 0.99)")
    a = ap.parse_args(argv[1:])
    f = facts(load(a.trace), load(a.config))
    if not a.check:
        json.dump(f, sys.stdout, indent=1)
        print()
        return 0
    join = load(a.check)
    bad = check(f, join, a.min_placed)
    if a.roofscope:
        bad += predicted_differences(join, a.config, a.roofscope, a.gpu or join["gpu"])
    for line in bad:
        print(line)
    print(f"{a.trace}: {len(f['passes'])} passes, "
          f"{'agrees' if not bad else str(len(bad)) + ' differences'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
