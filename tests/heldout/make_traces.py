#!/usr/bin/env python3
"""Held-out traces for issue #36, made the way the H200 Llama trace was (shared/reference/h200):
Hugging Face generate() of a randomly initialised model in bf16 under torch.profiler with
record_shapes=True and with_flops=True, one warm-up generate() first.

One trace per family RoofScope's model view describes, each with a batch, prompt and length of
its own and few layers (a trace of 2-4 layers splits and joins as one of 32 does, and stays small):
dense, GQA, QKV bias, per-head q/k norms, sandwich norms, fused QKV and gate/up, a parallel block
with a plain MLP, mixtures of experts (with and without a shared expert) and latent attention.

Writes into OUT (default /tmp/out), for each case NAME:
  NAME.pt.trace.json.gz   the trace
  NAME.config.json        the model's config.json (config.to_dict())
  NAME.facts.json         trace_facts.py's facts, derived from the trace alone
and results.json (the machine, each case's seconds or its error). A case that fails is written
down and the next one runs. Needs a CUDA GPU, torch and transformers (5.x); nothing else.

Then, on a machine with RoofScope built, tests/heldout/check.sh OUT compares each trace's join
with its facts and its predictions with `roofscope model`.
"""
import gzip
import json
import os
import shutil
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trace_facts  # noqa: E402

OUT = os.environ.get("OUT", "/tmp/out")
os.makedirs(OUT, exist_ok=True)

# name: (model_type, config overrides, batch, prompt, new tokens)
CASES = {
    "llama_gqa_b1_p128_n8": ("llama", dict(
        hidden_size=2048, intermediate_size=8192, num_hidden_layers=4, num_attention_heads=32,
        num_key_value_heads=8, vocab_size=128256, tie_word_embeddings=True), 1, 128, 8),
    "qwen2_bias_b4_p256_n8": ("qwen2", dict(
        hidden_size=1536, intermediate_size=8960, num_hidden_layers=4, num_attention_heads=12,
        num_key_value_heads=2, vocab_size=151936), 4, 256, 8),
    "mistral_b8_p64_n6": ("mistral", dict(
        hidden_size=4096, intermediate_size=14336, num_hidden_layers=2, num_attention_heads=32,
        num_key_value_heads=8, vocab_size=32768, sliding_window=4096), 8, 64, 6),
    "qwen3_qknorm_b2_p128_n8": ("qwen3", dict(
        hidden_size=2048, intermediate_size=6144, num_hidden_layers=4, num_attention_heads=16,
        num_key_value_heads=8, head_dim=128, vocab_size=151936), 2, 128, 8),
    "gemma2_sandwich_b2_p128_n8": ("gemma2", dict(
        hidden_size=2304, intermediate_size=9216, num_hidden_layers=4, num_attention_heads=8,
        num_key_value_heads=4, head_dim=256, vocab_size=256000), 2, 128, 8),
    "phi3_fused_b4_p128_n8": ("phi3", dict(
        hidden_size=3072, intermediate_size=8192, num_hidden_layers=4, num_attention_heads=32,
        num_key_value_heads=32, vocab_size=32064), 4, 128, 8),
    "phi_parallel_b4_p128_n8": ("phi", dict(
        hidden_size=2560, intermediate_size=10240, num_hidden_layers=4, num_attention_heads=32,
        vocab_size=51200, partial_rotary_factor=0.4), 4, 128, 8),
    "mixtral_moe_b4_p128_n8": ("mixtral", dict(
        hidden_size=1024, intermediate_size=3584, num_hidden_layers=2, num_attention_heads=16,
        num_key_value_heads=8, num_local_experts=8, num_experts_per_tok=2, vocab_size=32000),
        4, 128, 8),
    "qwen2_moe_shared_b4_p128_n8": ("qwen2_moe", dict(
        hidden_size=1024, intermediate_size=2816, moe_intermediate_size=256,
        shared_expert_intermediate_size=1024, num_experts=16, num_experts_per_tok=4,
        num_hidden_layers=2, num_attention_heads=16, num_key_value_heads=16,
        vocab_size=151936), 4, 128, 8),
    "qwen3_moe_b2_p128_n8": ("qwen3_moe", dict(
        hidden_size=1024, intermediate_size=3072, moe_intermediate_size=384, num_experts=32,
        num_experts_per_tok=4, num_hidden_layers=2, num_attention_heads=16,
        num_key_value_heads=4, head_dim=128, vocab_size=151936), 2, 128, 8),
    "deepseek_v3_mla_b2_p128_n8": ("deepseek_v3", dict(
        hidden_size=1024, intermediate_size=2816, moe_intermediate_size=256,
        num_hidden_layers=2, first_k_dense_replace=1, num_attention_heads=16,
        num_key_value_heads=16, n_routed_experts=16, num_experts_per_tok=4, n_shared_experts=1,
        n_group=4, topk_group=2, q_lora_rank=384, kv_lora_rank=256, qk_nope_head_dim=64,
        qk_rope_head_dim=32, v_head_dim=64, vocab_size=32000), 2, 128, 8),
}

results = {"cases": {}}


def save():
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump(results, f, indent=1)


def make(name, model_type, overrides, batch, prompt, new):
    import torch
    from torch.profiler import ProfilerActivity, profile
    from transformers import AutoConfig, AutoModelForCausalLM

    cfg = AutoConfig.for_model(model_type, **overrides)
    torch.set_default_dtype(torch.bfloat16)
    with torch.device("cuda"):
        model = AutoModelForCausalLM.from_config(cfg)
    torch.set_default_dtype(torch.float32)
    model.eval()
    ids = torch.randint(0, cfg.vocab_size, (batch, prompt), device="cuda")
    kw = dict(max_new_tokens=new, min_new_tokens=new, do_sample=False, pad_token_id=0)
    with torch.no_grad():
        model.generate(ids, **kw)  # warm-up
        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA],
                     record_shapes=True, with_flops=True) as prof:
            model.generate(ids, **kw)
            torch.cuda.synchronize()
    raw = os.path.join("/tmp", name + ".json")
    prof.export_chrome_trace(raw)
    trace = os.path.join(OUT, name + ".pt.trace.json.gz")
    with open(raw, "rb") as f, gzip.open(trace, "wb", compresslevel=9) as g:
        shutil.copyfileobj(f, g)
    os.remove(raw)
    config = cfg.to_dict()
    config["model_type"] = model_type
    with open(os.path.join(OUT, name + ".config.json"), "w") as f:
        json.dump(config, f, indent=1)
    facts = trace_facts.facts(trace_facts.load(trace), config)
    with open(os.path.join(OUT, name + ".facts.json"), "w") as f:
        json.dump(facts, f, indent=1)
    attn = getattr(model.config, "_attn_implementation", None)
    del model
    torch.cuda.empty_cache()
    return {"batch": batch, "prompt": prompt, "new_tokens": new, "attn_implementation": attn,
            "passes": len(facts["passes"]), "kernels": facts["kernels"],
            "trace_bytes_gz": os.path.getsize(trace)}


def main():
    try:
        import torch
        import transformers
        p = torch.cuda.get_device_properties(0)
        results["machine"] = {"torch": torch.__version__, "cuda": torch.version.cuda,
                              "transformers": transformers.__version__, "name": p.name}
    except Exception:
        results["machine"] = {"error": traceback.format_exc()[-2000:]}
        save()
        return 1
    only = set(sys.argv[1:])
    for name, (model_type, overrides, batch, prompt, new) in CASES.items():
        if only and name not in only:
            continue
        t0 = time.time()
        try:
            r = {"ok": True, "value": make(name, model_type, overrides, batch, prompt, new)}
        except Exception:
            r = {"ok": False, "error": traceback.format_exc()[-2000:]}
        r["seconds"] = round(time.time() - t0, 2)
        results["cases"][name] = r
        print(name, r["ok"], r["seconds"], "s", flush=True)
        save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
