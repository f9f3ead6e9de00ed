"""f32 matmul and linear+ReLU of this tree's build against another tree's (e.g. main), in one process.

The other tree compiles the same kernels (test/Runtime/_linalg_kernels.py) in a subprocess run with
its own sources (PYTHONPATH), into a cache_dir; this process loads those kernel libraries beside
its own builds and times the two alternately, call by call (the order flipped every round), so
that a load change hits both alike. Rates are GFLOP/s of median times, and shares of the FMA probe
(bench_kernels.fma_peak_gflops, times the thread count) measured in the same run; one thread is
timed by CPU time of the calling thread, more by wall time, or with `--process-cpu` by CPU time of
the process, against one core's peak per CPU second: on a loaded machine the wall time of a
parallel call mostly measures the waits for a core (set OMP_WAIT_POLICY=passive with it, or the
workers' spinning counts too). The load average is printed beside each line.

Usage: python benchmarks/bench_matmul_ab.py --against /work/main [--threads N] [--rounds R]
       [--sizes 512,1024,2048,1024x8192x1024,-1000x768x768]
A size is n (n^3) or MxKxN; a negative M builds the kernels with a dynamic row count and calls
them with |M| rows.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_HERE = Path(__file__).resolve().parent


def _sizes(text: str) -> list[tuple[int, int, int]]:
    return [tuple(int(x) for x in s.split("x")) if "x" in s else (int(s),) * 3 for s in text.split(",")]


def _kernel_text(kernels, kind: str, m: int, k: int, n: int) -> str:
    rows = m if m > 0 else None
    return kernels.matmul(rows, k, n) if kind == "mm" else kernels.linear_relu(rows, k, n)


def build_only(tree: Path, cache: Path, threads: int, sizes: str) -> None:
    """(In the other tree's subprocess) compiles every kernel into `cache`; prints {name: key}."""
    sys.path.insert(0, str(tree / "test" / "Runtime"))
    import _linalg_kernels as kernels
    from exir_mlir._mlir import ir
    from exir_mlir.compiler import compile_linalg

    keys = {}
    for m, k, n in _sizes(sizes):
        for kind in ("mm", "lin"):
            before = set(cache.glob("*.signature.json"))
            with ir.Context():
                compile_linalg(ir.Module.parse(_kernel_text(kernels, kind, m, k, n)), num_threads=threads,
                               cache_dir=cache)
            new = set(cache.glob("*.signature.json")) - before
            keys[f"{kind} {m}x{k}x{n}"] = new.pop().name.split(".")[0] if new else None
    print(json.dumps(keys))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--against", required=True, help="the other tree's root (its exir_mlir is imported there)")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--sizes", default="512,1024,2048")
    p.add_argument("--process-cpu", action="store_true", help="time by the process's CPU time (see above)")
    p.add_argument("--build-only", default="", help=argparse.SUPPRESS)  # (the subprocess: its cache_dir)
    args = p.parse_args(argv)
    other = Path(args.against).resolve()
    if args.build_only:
        build_only(other, Path(args.build_only), args.threads, args.sizes)
        return 0

    import torch

    sys.path.insert(0, str(_HERE))
    sys.path.insert(0, str(_HERE.parent / "test" / "Runtime"))
    import _linalg_kernels as kernels
    from bench_kernels import fma_peak_gflops

    from exir_mlir._mlir import ir
    from exir_mlir.compiler import CompiledProgram, compile_linalg
    from exir_mlir.program_cache import load_entry
    from exir_mlir.runtime import load_kernel

    torch.set_num_threads(args.threads)
    cache = Path(tempfile.mkdtemp(prefix="exir-ab-"))
    try:
        # The other tree's exir_mlir comes first on the subprocess's path.
        env = dict(os.environ, PYTHONPATH=str(other))
        built = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--against", str(other),
                                "--threads", str(args.threads), f"--sizes={args.sizes}", "--build-only", str(cache)],
                               env=env, cwd=other, capture_output=True, text=True)
        if built.returncode:
            print(built.stderr[-4000:], file=sys.stderr)
            return 1
        keys = json.loads(built.stdout.strip().splitlines()[-1])
        cpu = args.threads == 1 or args.process_cpu
        peak = fma_peak_gflops(repeats=3)[0] * (1 if cpu else args.threads)
        clock = time.thread_time if args.threads == 1 else time.process_time if cpu else time.perf_counter
        print(f"this tree vs {other}, {args.threads} thread(s), FMA probe {peak:.1f} GFLOP/s "
              f"({'per CPU second' if cpu else 'wall time'}), load {os.getloadavg()[0]:.1f}", flush=True)
        for m, k, n in _sizes(args.sizes):
            rows = abs(m)
            a, b, w, bias = torch.randn(rows, k), torch.randn(k, n), torch.randn(n, k), torch.randn(n)
            for kind in ("mm", "lin"):
                name = f"{kind} {m}x{k}x{n}"
                inputs = (a, b) if kind == "mm" else (a, w, bias)
                expected = a @ b if kind == "mm" else torch.relu(torch.nn.functional.linear(a, w, bias))
                with ir.Context():
                    new = compile_linalg(ir.Module.parse(_kernel_text(kernels, kind, m, k, n)),
                                         num_threads=args.threads)
                entry = load_entry(cache, keys[name]) if keys.get(name) else None
                if entry is None:
                    print(f"{name}: the other tree built no kernel (a cache hit of an earlier size?)")
                    continue
                library, signature, uses_openmp = entry
                old = CompiledProgram(load_kernel(library, entry="main", signature=signature,
                                                  uses_openmp=uses_openmp, from_disk=True), state=None, reused=False)
                for program in (old, new):
                    torch.testing.assert_close(program(*inputs)[0], expected, rtol=1e-4, atol=1e-5 * k + 1e-3)
                samples = {"other": [], "this": []}
                for r in range(args.rounds):
                    pair = (("other", old), ("this", new))
                    for label, program in pair if r % 2 == 0 else reversed(pair):
                        start = clock()
                        program(*inputs)
                        samples[label].append(clock() - start)
                flops = 2 * rows * k * n
                rate = {label: flops / statistics.median(v) / 1e9 for label, v in samples.items()}
                print(f"{name}: other {rate['other']:.1f} GFLOP/s ({rate['other'] / peak:.0%}), this "
                      f"{rate['this']:.1f} ({rate['this'] / peak:.0%}); this/other time "
                      f"{rate['other'] / rate['this']:.3f} (load {os.getloadavg()[0]:.1f})", flush=True)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
