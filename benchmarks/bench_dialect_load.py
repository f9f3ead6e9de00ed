"""Time to load the exir, edge and backend dialects into a fresh MLIR context (the bar: < 0.5 s).

Usage: python benchmarks/bench_dialect_load.py [--runs N]

Reports the first load in this process (which also reads and caches the generated IRDL text
and op table) and the median over fresh contexts afterwards, plus a cold start in a new
process (import of the bindings + first load), which is what exir-mlir-opt pays.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

BAR_S = 0.5
COLD = (
    "import time; t = time.perf_counter(); "
    "from exir_mlir._mlir import ir; from exir_mlir.dialects import load_dialects; "
    "t1 = time.perf_counter(); ctx = ir.Context(); load_dialects(ctx); t2 = time.perf_counter(); "
    "print(t1 - t, t2 - t1)"
)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=20)
    args = p.parse_args(argv)

    from exir_mlir._mlir import ir
    from exir_mlir.dialects import load_dialects, op_table

    def load_once() -> float:
        ctx = ir.Context()
        start = time.perf_counter()
        load_dialects(ctx)
        elapsed = time.perf_counter() - start
        assert ctx.is_registered_operation("exir.add_tensor") and ctx.is_registered_operation("backend.matmul")
        return elapsed

    first = load_once()
    warm = statistics.median(load_once() for _ in range(args.runs))
    n_ops = sum(len(d["ops"]) for d in op_table()["dialects"].values())
    out = subprocess.run([sys.executable, "-c", COLD], check=True, capture_output=True, text=True).stdout.split()
    import_s, cold_load_s = float(out[0]), float(out[1])

    print(f"ops loaded: {n_ops} (exir, edge, backend)")
    print(f"first load in this process:      {first * 1000:7.1f} ms")
    print(f"fresh context (median of {args.runs:>3}):   {warm * 1000:7.1f} ms   (bar: {BAR_S * 1000:.0f} ms)")
    print(f"new process: import bindings {import_s * 1000:.0f} ms, first load {cold_load_s * 1000:.1f} ms")
    return 0 if max(first, warm, cold_load_s) < BAR_S else 1


if __name__ == "__main__":
    sys.exit(main())
