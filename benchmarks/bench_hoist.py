"""Weights packed once (codegen/hoist_state.py) against packed per call, interleaved in one process.

Two builds of each program, timed round-robin (timing.interleaved_latencies):
- "per call": as before hoist_state, the pack of a weight into panels runs in every call, and
  pack_matmul packs only from 64 static rows (a dynamic row count: from 128 rows on one core,
  never on several);
- "hoisted": the panels are computed once, when the program binds its state, and every matmul
  with a weight operand uses the packed kernel, at any row count.

    python benchmarks/bench_hoist.py [--threads 1 2] [--repeats 200] [--cases mlp ...]

Measured (AMD EPYC, 2 cores, AVX-512, shared with other jobs at load 13-17; 150 rounds), hoisted /
per call, one thread: linear 768x768 dynamic batch 1.01 at 1 row, 0.75 at 8, 0.83 at 64, 0.82 at
128, 0.79 at 1024; static 1.02 at 1 row, 0.76 at 8; MLP(512, 1024, 256) static 0.80 at 64, dynamic
0.96 / 0.76 / 0.80 / 0.81 at 1 / 8 / 64 / 1024 rows; transformer_block static 1.00, dynamic 0.89
(4x64) and 0.82 (1x8). Two threads: 0.78-0.89 where the timing was stable (linear at 64 and 128
rows, MLP static and dynamic at 8 and 64 rows, transformer_block dynamic at 1x8); the rest was
decided by the machine's load (medians of 20-50 ms for calls of 0.02-2 ms, in both builds).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

import torch
from torch.export import Dim

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import exir_mlir  # noqa: E402
from exir_mlir import compiler  # noqa: E402
from exir_mlir.codegen import hoist_state, pack_matmul  # noqa: E402
from exir_mlir.models.mlp import MLP  # noqa: E402
from exir_mlir.models.transformer import TransformerBlock  # noqa: E402
from timing import interleaved_latencies, machine_description  # noqa: E402


@contextlib.contextmanager
def per_call_packing():
    """Compile as before hoist_state: nothing hoisted, no weight treated as packed once."""
    hoist, is_state = hoist_state._hoist_function, pack_matmul.is_read_only_state
    hoist_state._hoist_function = lambda func_op, module: 0
    pack_matmul.is_read_only_state = lambda value: False
    try:
        yield
    finally:
        hoist_state._hoist_function, pack_matmul.is_read_only_state = hoist, is_state


def _build(ep, threads: int, per_call: bool):
    compiler._MEMORY.clear()  # (the in-process cache would hand the other build back)
    with per_call_packing() if per_call else contextlib.nullcontext():
        return exir_mlir.compile(ep, num_threads=threads)


def _cases():
    torch.manual_seed(0)
    batch = Dim("batch", min=1, max=1024)
    linear = torch.nn.Linear(768, 768).eval()
    mlp = MLP(512, 1024, 256).eval()
    block = TransformerBlock(dim=256, heads=4).eval()
    seq = Dim("seq", min=2, max=512)
    small_batch = Dim("batch", min=1, max=64)
    yield ("linear768 dyn", linear, (torch.randn(64, 768),), ({0: batch},),
           [(rows, (torch.randn(rows, 768),)) for rows in (1, 8, 64, 128, 1024)])
    for rows in (1, 8):
        yield (f"linear768 static{rows}", linear, (torch.randn(rows, 768),), None, [(rows, (torch.randn(rows, 768),))])
    yield ("mlp static", mlp, (torch.randn(64, 512),), None, [(64, (torch.randn(64, 512),))])
    yield ("mlp dyn", mlp, (torch.randn(64, 512),), ({0: batch},),
           [(rows, (torch.randn(rows, 512),)) for rows in (1, 8, 64, 1024)])
    yield ("transformer_block static", block, (torch.randn(4, 64, 256),), None,
           [(4, (torch.randn(4, 64, 256),))])
    yield ("transformer_block dyn", block, (torch.randn(4, 64, 256),), ({0: small_batch, 1: seq},),
           [(4, (torch.randn(4, 64, 256),)), (1, (torch.randn(1, 8, 256),))])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--cases", nargs="+", default=None, help="names (prefixes) of the cases to run")
    args = parser.parse_args(argv)
    print(machine_description())
    print(f"{'case':28} {'thr':>3} {'rows':>5} {'per call ms':>11} {'hoisted ms':>10} {'ratio':>6}  load")
    for name, module, example, dynamic, inputs in _cases():
        if args.cases and not any(name.startswith(c) for c in args.cases):
            continue
        ep = torch.export.export(module, example, dynamic_shapes=dynamic)
        for threads in args.threads:
            torch.set_num_threads(threads)
            builds = {"per call": _build(ep, threads, True), "hoisted": _build(ep, threads, False)}
            for rows, call_args in inputs:
                with torch.no_grad():
                    expected = module(*call_args)
                for build in builds.values():
                    torch.testing.assert_close(build(*call_args), expected, rtol=1e-4, atol=1e-4)
                fns = {k: (lambda b=b: b(*call_args)) for k, b in builds.items()}
                t = interleaved_latencies(fns, repeats=args.repeats)
                print(f"{name:28} {threads:>3} {rows:>5} {t['per call'] * 1e3:>11.3f} {t['hoisted'] * 1e3:>10.3f} "
                      f"{t['hoisted'] / t['per call']:>6.2f}  {os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
