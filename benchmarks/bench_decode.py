"""Prefill and decode latency of a language model exported as ExecuTorch users export one: transformers'
`TorchExportableModuleForDecoderOnlyLM` (a StaticCache updated in place, a `Dim` on the sequence, so one
program runs the prompt and then one token at a time). Eager (the wrapper module itself), AOTInductor and
exir-mlir compile or run the same export, each with its own cache; calls are interleaved in one process.

Every implementation's prompt logits are first compared with the model's uncached forward. Decode steps
cycle over cache positions after the prompt (a static cache attends over all of its slots, masked, so a
step costs the same at every position). Nothing in the environment is set by the script.

Usage: python benchmarks/bench_decode.py [--models gpt2,llama] [--threads 1,2] [--prompt 32] [--repeats 200]
       [--no-aoti]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import torch
from torch.export import Dim

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT / "test" / "Models"))
from timing import interleaved_latencies, machine_description  # noqa: E402

_CACHE = 256
_VOCAB = 4096


def _model(name: str):
    import transformers

    if name == "gpt2":  # GPT-2 shaped: learned positions, LayerNorm, GELU MLP, fused QKV
        config = transformers.GPT2Config(vocab_size=_VOCAB, n_embd=256, n_layer=4, n_head=4, n_positions=_CACHE)
        model = transformers.GPT2LMHeadModel(config)
    elif name == "llama":  # Llama shaped: RoPE, RMSNorm, SwiGLU, grouped-query attention
        config = transformers.LlamaConfig(vocab_size=_VOCAB, hidden_size=256, num_hidden_layers=4,
                                          num_attention_heads=8, num_key_value_heads=2, intermediate_size=688,
                                          max_position_embeddings=_CACHE)
        model = transformers.LlamaForCausalLM(config)
    else:
        raise SystemExit(f"unknown model {name!r}: gpt2 or llama")
    model.eval()
    model.generation_config.cache_implementation = "static"
    model.generation_config.use_cache = True
    model.generation_config.cache_config = {"batch_size": 1, "max_cache_len": _CACHE}
    return model


def _wrapper(model):
    """The model with a StaticCache of its own: each implementation gets one, so each decodes from its
    own cache."""
    from transformers.integrations.executorch import TorchExportableModuleForDecoderOnlyLM

    return TorchExportableModuleForDecoderOnlyLM(model, batch_size=1, max_cache_len=_CACHE)


def _export(model):
    seq = Dim("seq", min=1, max=_CACHE // 2)
    return _wrapper(model).export(input_ids=torch.tensor([[1, 2, 3]]), cache_position=torch.arange(3),
                                  dynamic_shapes={"input_ids": {1: seq}, "cache_position": {0: seq}})


def _aoti(ep):
    package = os.path.join(tempfile.mkdtemp(prefix="bench-decode-aoti-"), "model.pt2")
    with torch._inductor.config.patch(force_disable_caches=True):
        torch._inductor.aoti_compile_and_package(ep, package_path=package)
    return torch._inductor.aoti_load_package(package)


def bench(name: str, *, threads: int, prompt: int, repeats: int, aoti: bool) -> dict:
    import exir_mlir

    torch.manual_seed(0)
    model = _model(name)
    tokens = torch.randint(0, _VOCAB, (1, prompt))
    with torch.no_grad():
        expected = model(tokens, use_cache=False).logits
    impls, compile_s = {}, {}
    impls["eager"] = _wrapper(model)
    builders = {"exir": lambda: exir_mlir.compile(_export(model), num_threads=threads)}
    if aoti:
        builders["aoti"] = lambda: _aoti(_export(model))
    for impl, build in builders.items():
        start = time.perf_counter()
        impls[impl] = build()
        compile_s[impl] = time.perf_counter() - start
    positions = torch.arange(prompt)
    for impl, fn in impls.items():
        with torch.no_grad():
            got = fn(input_ids=tokens, cache_position=positions)
        got = got[0] if isinstance(got, (list, tuple)) else got
        torch.testing.assert_close(got, expected, rtol=1e-4, atol=1e-4 * float(expected.abs().max()),
                                   msg=lambda m: f"{name} {impl} prompt logits differ from eager: {m}")

    step = {"t": 0}
    token = torch.tensor([[7]])

    def decode(fn):
        def call():
            t = prompt + step["t"] % (_CACHE - prompt)
            return fn(input_ids=token, cache_position=torch.tensor([t]))
        return call

    def prefill(fn):
        return lambda: fn(input_ids=tokens, cache_position=positions)

    with torch.no_grad():
        decode_s = interleaved_latencies({k: decode(f) for k, f in impls.items()}, repeats=repeats)
        prefill_s = interleaved_latencies({k: prefill(f) for k, f in impls.items()}, repeats=max(10, repeats // 10))
    return {"decode_ms": {k: v * 1e3 for k, v in decode_s.items()},
            "prefill_ms": {k: v * 1e3 for k, v in prefill_s.items()}, "compile_s": compile_s}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--models", default="gpt2,llama")
    p.add_argument("--threads", default="1,2")
    p.add_argument("--prompt", type=int, default=32, help="prompt length in tokens (prefill)")
    p.add_argument("--repeats", type=int, default=200)
    p.add_argument("--no-aoti", action="store_true", help="skip AOTInductor (it needs a C++ compiler)")
    args = p.parse_args(argv)
    from _torchvision_ops import prepare

    prepare()  # before transformers is imported (see test/Models/_torchvision_ops.py)
    print(f"machine: {machine_description()}")
    for threads in [int(t) for t in args.threads.split(",")]:
        torch.set_num_threads(threads)
        for name in [m.strip() for m in args.models.split(",") if m.strip()]:
            r = bench(name, threads=threads, prompt=args.prompt, repeats=args.repeats, aoti=not args.no_aoti)
            d, f, c = r["decode_ms"], r["prefill_ms"], r["compile_s"]
            peers = [k for k in ("aoti",) if k in d]
            print(f"{name} threads {threads} load {os.getloadavg()[0]:.1f}: decode ms "
                  + ", ".join(f"{k} {v:.3f}" for k, v in d.items())
                  + f" | exir/eager {d['exir'] / d['eager']:.2f}x"
                  + "".join(f", exir/{k} {d['exir'] / d[k]:.2f}x" for k in peers)
                  + f" || prefill {args.prompt} tokens ms " + ", ".join(f"{k} {v:.3f}" for k, v in f.items())
                  + f" | exir/eager {f['exir'] / f['eager']:.2f}x"
                  + "".join(f", exir/{k} {f['exir'] / f[k]:.2f}x" for k in peers)
                  + " || compile s " + ", ".join(f"{k} {v:.1f}" for k, v in c.items()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
