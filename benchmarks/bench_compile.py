"""exir-mlir's compile time per step, static and dynamic builds, for the benchmark models and for
models as users write them (a GPT-2 block, nn.TransformerEncoder, nn.LSTM) -- issue 13: every
build compiles in at most 3 s.

Prints, per model and build, the seconds of each compile step (`stage_seconds`: import,
aten-to-edge, edge-to-backend, to-linalg, codegen, llvm, load) and the slowest parts of codegen
(the CPU pipeline's stages) and llvm. Each build is compiled cold (the in-process cache of
compiled programs is cleared first; no cache_dir). `--rounds N` compiles every build N times,
builds interleaved round by round, and prints medians, with the load average beside them.

Usage: python benchmarks/bench_compile.py [--models a,b] [--builds static,dynamic] [--rounds N]
       [--threads T]
"""

from __future__ import annotations

import argparse
import copy
import math
import os
import statistics
import sys
import time
from pathlib import Path

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_models import Bench, _benchmarks, _compile_only  # noqa: E402


class GPT2Block(nn.Module):
    """A GPT-2 block as users write it (nanoGPT's layout): causal mask from a registered buffer."""

    def __init__(self, d: int = 256, heads: int = 4, max_len: int = 128):
        super().__init__()
        self.heads = heads
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.attn, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.fc, self.fc2 = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)
        self.register_buffer("bias", torch.tril(torch.ones(max_len, max_len)).view(1, 1, max_len, max_len))

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.attn(self.ln1(x)).split(c, 2)
        q, k, v = (y.view(b, t, self.heads, -1).transpose(1, 2) for y in (q, k, v))
        a = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        a = F.softmax(a.masked_fill(self.bias[:, :, :t, :t] == 0, float("-inf")), -1)
        y = (a @ v).transpose(1, 2).contiguous().view(b, t, c)
        x = x + self.proj(y)
        return x + self.fc2(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))


class LSTMHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(16, 32, num_layers=2, batch_first=True)
        self.fc = nn.Linear(32, 4)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.fc(out[:, -1])


def everyday_models() -> dict[str, Bench]:
    """Models written as users write them, with the dynamic dims they export."""
    torch.manual_seed(0)
    batch, seq = Dim("batch", min=1, max=64), Dim("seq", min=2, max=127)
    encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(256, 4, 1024, batch_first=True), 2,
                                    enable_nested_tensor=False)
    return {
        "gpt2_block": Bench(GPT2Block().eval(), (torch.randn(2, 16, 256),), ({0: batch, 1: seq},)),
        "transformer_encoder": Bench(encoder.eval(), (torch.randn(2, 16, 256),), ({0: batch, 1: seq},)),
        "lstm": Bench(LSTMHead().eval(), (torch.randn(2, 5, 16),), ({0: batch},)),
    }


def all_models() -> dict[str, Bench]:
    return {**_benchmarks(), **_compile_only(), **everyday_models()}


def compile_once(bench: Bench, dynamic: bool, threads: int):
    """One cold compile; returns the program (stage_seconds, stage_details, compile_seconds)."""
    import exir_mlir
    from exir_mlir import compiler

    with compiler._MEMORY_LOCK:
        compiler._MEMORY.clear()
    with torch.no_grad():
        ep = torch.export.export(copy.deepcopy(bench.module), bench.args,
                                 dynamic_shapes=bench.dynamic if dynamic else None)
        start = time.perf_counter()
        program = exir_mlir.compile(ep, num_threads=threads)
        program.wall_seconds = time.perf_counter() - start
    return program


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--models", default="")
    p.add_argument("--builds", default="static,dynamic")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--threads", type=int, default=0)
    p.add_argument("--check", action="store_true", help="compare each build's output with eager once")
    args = p.parse_args(argv)
    models = all_models()
    names = [n for n in args.models.split(",") if n] or list(models)
    builds = [b for b in args.builds.split(",") if b]
    jobs = [(n, b) for n in names for b in builds if b == "static" or models[n].dynamic is not None]
    samples: dict[tuple[str, str], list] = {job: [] for job in jobs}
    print(f"load average {os.getloadavg()[0]:.1f} at start", flush=True)
    for _ in range(args.rounds):
        for name, build in jobs:
            program = compile_once(models[name], build == "dynamic", args.threads)
            samples[(name, build)].append(program)
            if args.check and len(samples[(name, build)]) == 1:
                bench = models[name]
                with torch.no_grad():
                    torch.testing.assert_close(program(*bench.args), bench.module(*bench.args),
                                               rtol=bench.tolerance[0], atol=bench.tolerance[1])
    print(f"load average {os.getloadavg()[0]:.1f} at end")
    for (name, build), programs in samples.items():
        def med(get):
            return statistics.median(get(p) for p in programs)
        steps = programs[0].stage_seconds
        cells = " ".join(f"{s}={med(lambda p, s=s: p.stage_seconds.get(s, 0.0)):.2f}" for s in steps)
        details = {}
        for step in ("import", "codegen", "llvm"):
            for part in programs[0].stage_details.get(step, {}):
                details[f"{step}.{part}"] = med(lambda p, s=step, q=part: p.stage_details.get(s, {}).get(q, 0.0))
        top = sorted(details.items(), key=lambda kv: -kv[1])[:6]
        print(f"{name:<20} {build:<8} total {med(lambda p: p.wall_seconds):5.2f} s | {cells}")
        print(f"{'':<29} " + " ".join(f"{k}={v:.2f}" for k, v in top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
