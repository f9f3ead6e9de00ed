"""A/B: the same models compiled with an older allocation plan and with the current one
(exir_mlir/codegen/arena.py, the `plan-arena` codegen stage), timed interleaved in one process.

"new" is compiled as the pipeline is. "old" is, with `--old no-arena`, compiled with the stage
replaced by a no-op (each temporary its own pool take per call, as before the stage existed);
with `--old per-chunk`, with the stage as it was before parallel bodies took thread slices: each
body's temporaries in an arena of its own per thread's chunk, region temporaries (scf.if
branches, loop bodies) left as they are. Per model and build, rounds of `--calls` calls each,
the two builds in a shuffled order per round; CPU time of the process (`time.process_time`: this
thread and OpenMP's workers, so a load spike on the machine does not count as ours; with several
threads, set OMP_WAIT_POLICY=passive, or OpenMP's spinning workers count too), and wall-clock
time. Prints the median CPU seconds per call of each and the medians of the per-round ratios
new/old (CPU, wall), with the load average before and after.

Usage: python benchmarks/bench_arena_ab.py [--threads 1,2] [--models mlp,transformer_block] [--rounds 60]
       [--old no-arena|per-chunk]
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_models import _benchmarks  # noqa: E402

import exir_mlir  # noqa: E402
from exir_mlir import compiler  # noqa: E402
from exir_mlir.codegen import arena, pipeline  # noqa: E402


def _compile(bench, dims, threads: int, *, old: str | None):
    saved = pipeline.plan_arenas, arena.plan_thread_slices, arena._NESTED
    if old == "no-arena":
        pipeline.plan_arenas = lambda module: 0
    elif old == "per-chunk":
        arena.plan_thread_slices = lambda body, call, team_sizes: 0
        arena._NESTED = frozenset()
    try:
        compiler.clear_memory_cache()
        ep = torch.export.export(copy.deepcopy(bench.module), bench.args, dynamic_shapes=dims)
        return exir_mlir.compile(ep, num_threads=threads)
    finally:
        pipeline.plan_arenas, arena.plan_thread_slices, arena._NESTED = saved


def _allocs(program, args, calls: int = 4) -> float:
    """Pool takes per call (the compiled code's counters, codegen/buffer_pool.py)."""
    before = program.executable.pool_allocs()
    for _ in range(calls):
        program(*args)
    return (program.executable.pool_allocs() - before) / calls


def _ab(old, new, args, *, rounds: int, calls: int) -> tuple[float, float, float, float]:
    """Median CPU seconds per call of old and new, the median per-round CPU ratio new/old, and the
    median per-round wall-clock ratio."""
    fns = {"old": old, "new": new}
    for fn in fns.values():
        for _ in range(5):
            fn(*args)
    samples = {name: [] for name in fns}
    ratios, wall_ratios = [], []
    order = random.Random(0)
    names = list(fns)
    for _ in range(rounds):
        order.shuffle(names)
        cpu, wall = {}, {}
        for name in names:
            start, start_wall = time.process_time(), time.perf_counter()
            for _ in range(calls):
                fns[name](*args)
            cpu[name] = (time.process_time() - start) / calls
            wall[name] = time.perf_counter() - start_wall
            samples[name].append(cpu[name])
        ratios.append(cpu["new"] / cpu["old"])
        wall_ratios.append(wall["new"] / wall["old"])
    return (statistics.median(samples["old"]), statistics.median(samples["new"]), statistics.median(ratios),
            statistics.median(wall_ratios))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--models", default="mlp,transformer_block")
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--calls", type=int, default=5)
    parser.add_argument("--old", choices=("no-arena", "per-chunk"), default="per-chunk")
    options = parser.parse_args(argv)
    benches = _benchmarks()
    print(f"load average at start: {os.getloadavg()}")
    print(f"OMP_WAIT_POLICY={os.environ.get('OMP_WAIT_POLICY', '')}, old: {options.old}")
    print("| model | threads | build | allocs/call old | new | old ms (CPU) | new ms (CPU) | new/old CPU | new/old wall "
          "| load |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for threads in [int(t) for t in options.threads.split(",")]:
        for name in options.models.split(","):
            bench = benches[name]
            builds = {"static": None, "dynamic": bench.dynamic}
            for build, dims in builds.items():
                old = _compile(bench, dims, threads, old=options.old)
                new = _compile(bench, dims, threads, old=None)
                old_s, new_s, ratio, wall = _ab(old, new, bench.args, rounds=options.rounds, calls=options.calls)
                print(f"| {name} | {threads} | {build} | {_allocs(old, bench.args):g} | {_allocs(new, bench.args):g} "
                      f"| {old_s * 1e3:.3f} | {new_s * 1e3:.3f} | {ratio:.3f} "
                      f"| {wall:.3f} | {os.getloadavg()[0]:.1f} |", flush=True)
    print(f"load average at end: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
