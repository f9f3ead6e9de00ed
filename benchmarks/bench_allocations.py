"""What the compiled code allocates per call, per benchmark model (bench_models.py's set), static
and dynamic builds: not a timing, a count (exir_mlir/codegen/buffer_pool.py's counters).

Per build, after warm-up calls at the benchmark's sizes: per call, the allocations the code asked
for (`allocs`: every `memref.alloc` that reached the heap allocator, pooled or not), the ones the
pool could not serve (`mallocs`), and the program's results (`results`: outputs and mutated
state, what a call hands out and may allocate). A temporary that is planned once shows up in
neither column; a temporary that is allocated per call shows up in `allocs` (in `mallocs` too
when the pool cannot keep it).

Usage: python benchmarks/bench_allocations.py [--threads 1,2] [--models a,b] [--calls N]
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_models import _benchmarks  # noqa: E402

import exir_mlir  # noqa: E402


def per_call(program, args, calls: int) -> tuple[float, float]:
    executable = program.executable
    for _ in range(3):
        program(*args)
    allocs, mallocs = executable.pool_allocs(), executable.pool_mallocs()
    for _ in range(calls):
        program(*args)
    return (executable.pool_allocs() - allocs) / calls, (executable.pool_mallocs() - mallocs) / calls


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--models", default="")
    parser.add_argument("--calls", type=int, default=10)
    options = parser.parse_args(argv)
    benches = _benchmarks()
    wanted = [m for m in options.models.split(",") if m] or list(benches)
    print("| model | threads | build | results | allocs/call | mallocs/call | compile s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for threads in [int(t) for t in options.threads.split(",")]:
        for name in wanted:
            bench = benches[name]
            builds = {"static": None}
            if bench.dynamic is not None:
                builds["dynamic"] = bench.dynamic
            for build, dims in builds.items():
                try:
                    start = time.perf_counter()
                    ep = torch.export.export(copy.deepcopy(bench.module), bench.args, dynamic_shapes=dims)
                    program = exir_mlir.compile(ep, num_threads=threads)
                    seconds = time.perf_counter() - start
                    results = len(program.signature.outputs)
                    allocs, mallocs = per_call(program, bench.args, options.calls)
                    print(f"| {name} | {threads} | {build} | {results} | {allocs:g} | {mallocs:g} | {seconds:.1f} |",
                          flush=True)
                except Exception as exc:  # noqa: BLE001 - report and go on with the next model
                    print(f"| {name} | {threads} | {build} | failed: {type(exc).__name__}: {str(exc)[:100]} | | | |",
                          flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
