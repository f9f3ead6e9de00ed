"""Per-call cost of small compiled programs against eager, interleaved in one process.

Prints microseconds per call (median of interleaved calls) for: `x + 1` on 16 floats exported
with static shapes and with a dynamic dim, a dict-in/dict-out program, a program that mutates a
buffer, and an eager op alternating with a compiled call (an MLP whose loops run on torch's
OpenMP pool) against each alone. The target (issue 13): a one-op call within 15 µs, and the
alternation costing no more than the two alone. The script sets no environment variable.

Usage: python benchmarks/bench_call_overhead.py [--threads 2] [--repeats 2000]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import torch
from torch.export import Dim

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import interleaved_latencies, machine_description  # noqa: E402

import exir_mlir  # noqa: E402
from exir_mlir.models.mlp import MLP  # noqa: E402
from exir_mlir.models.stateful import CountCalls  # noqa: E402
from exir_mlir.models.structured import DictInOut  # noqa: E402


class AddOne(torch.nn.Module):
    def forward(self, x):
        return x + 1


def _us(medians: dict[str, float]) -> dict[str, float]:
    return {name: seconds * 1e6 for name, seconds in medians.items()}


def _line(name: str, us: dict[str, float]) -> str:
    return f"{name}: " + ", ".join(f"{k} {v:.1f} µs" for k, v in us.items())


def small_programs(*, threads: int, repeats: int) -> dict[str, dict[str, float]]:
    x = torch.randn(16)
    n = Dim("n", min=2, max=1024)
    static = exir_mlir.compile(torch.export.export(AddOne(), (x,)), num_threads=threads)
    dynamic = exir_mlir.compile(torch.export.export(AddOne(), (x,), dynamic_shapes=({0: n},)), num_threads=threads)
    d = {"a": torch.randn(16), "b": torch.randn(16)}
    dict_program = exir_mlir.compile(torch.export.export(DictInOut(), (d,)), num_threads=threads)
    counter = CountCalls()
    mutation = exir_mlir.compile(torch.export.export(CountCalls(), (x,)), num_threads=threads)
    results = {}
    for name, eager, compiled in [
        ("x + 1, static", lambda: x + 1, lambda: static(x)),
        ("x + 1, dynamic dim", lambda: x + 1, lambda: dynamic(x)),
        ("dict in, dict out", lambda: DictInOut()(d), lambda: dict_program(d)),
        ("buffer mutation", lambda: counter(x), lambda: mutation(x)),
    ]:
        results[name] = _us(interleaved_latencies({"eager": eager, "exir-mlir": compiled}, repeats=repeats))
    return results


def alternation(*, threads: int, repeats: int) -> dict[str, float]:
    """An eager matmul+tanh and a compiled MLP call (parallel loops on torch's pool) taking turns,
    against each alone: with one pool of threads the pair costs the sum of the two."""
    torch.manual_seed(0)
    mlp = MLP(256, 512, 128).eval()
    x, w = torch.randn(32, 256), torch.randn(256, 256) / 16
    program = exir_mlir.compile(torch.export.export(mlp, (x,)), num_threads=threads)
    with torch.no_grad():
        us = _us(interleaved_latencies({
            "eager op": lambda: torch.tanh(x @ w),
            "compiled call": lambda: program(x),
            "both, alternating": lambda: program(torch.tanh(x @ w)),
        }, repeats=repeats))
    us["alternating / (op + call)"] = us["both, alternating"] / (us["eager op"] + us["compiled call"])
    return us


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--repeats", type=int, default=2000)
    args = p.parse_args(argv)
    torch.set_num_threads(args.threads)
    print(f"machine: {machine_description()}")
    print(f"threads: {args.threads}")
    for name, us in small_programs(threads=args.threads, repeats=args.repeats).items():
        print(_line(name, us))
    alt = alternation(threads=args.threads, repeats=max(20, args.repeats // 20))
    ratio = alt.pop("alternating / (op + call)")
    print(_line("alternation", alt) + f"; alternating / (op + call) = {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
