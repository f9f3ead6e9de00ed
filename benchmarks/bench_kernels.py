"""Hand-written linalg kernels through the CPU pipeline vs torch at the same thread count (GFLOP/s, GB/s).

With --dynamic: per model (bench_models.py's definitions and sizes), the latency of its static-shape
build and of its build with a dynamic batch (and sequence) at the same sizes, interleaved in one
process, and their ratio (the goal: dynamic within 1.1x of static).

Usage: python benchmarks/bench_kernels.py [--threads N] [--repeats R]
       python benchmarks/bench_kernels.py --matmul 512,1024,2048 [--threads N]
       python benchmarks/bench_kernels.py --dynamic [--models attention,mlp,transformer_block]
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test" / "Runtime"))

import _linalg_kernels as K  # noqa: E402
from timing import interleaved_medians, machine_description  # noqa: E402

from exir_mlir._mlir import ir  # noqa: E402
from exir_mlir.codegen.host import detect_host  # noqa: E402
from exir_mlir.compiler import compile_linalg  # noqa: E402


def _compile(text: str, threads: int):
    with ir.Context():
        return compile_linalg(ir.Module.parse(text), num_threads=threads)


DYNAMIC_MODELS = ("attention", "mlp", "transformer_block")


def dynamic_vs_static(models: list[str], *, threads: int, repeats: int) -> dict[str, tuple[float, float]]:
    """Median ms of the static and of the dynamic-shape build of each model, at the same sizes."""
    import exir_mlir
    from bench_models import _benchmarks

    benches = _benchmarks()
    result = {}
    for name in models:
        bench = benches[name]
        with torch.no_grad():
            expected = bench.module(*bench.args)
            builds = {
                "static": torch.export.export(bench.module, bench.args),
                "dynamic": torch.export.export(bench.module, bench.args, dynamic_shapes=bench.dynamic),
            }
            fns = {}
            for kind, ep in builds.items():
                program = exir_mlir.compile(ep, num_threads=threads)
                torch.testing.assert_close(program(*bench.args), expected, rtol=1e-4, atol=1e-4)
                fns[kind] = functools.partial(program, *bench.args)
            t = interleaved_medians(fns, repeats=repeats)
        result[name] = (t["static"] * 1e3, t["dynamic"] * 1e3)
        print(f"{name}: static {result[name][0]:.3f} ms, dynamic {result[name][1]:.3f} ms, "
              f"dynamic/static {result[name][1] / result[name][0]:.2f}x", flush=True)
    return result


def matmul_sweep(sizes: list[int], *, threads: int, repeats: int) -> None:
    """f32 `A @ B` (n x n) and `relu(x @ W^T + b)` (nn.Linear + ReLU, bias and activation fused
    into the matmul's tiles) against torch at the same moment, in GFLOP/s and as time ratios.
    torch's mm is near the machine's FMA peak, so the ratio approximates the share of it."""
    for n in sizes:
        a, b = torch.randn(n, n), torch.randn(n, n)
        w, bias = torch.randn(n, n), torch.randn(n)
        mm = _compile(K.matmul(n, n, n), threads)
        lin = _compile(K.linear_relu(n, n, n), threads)
        torch.testing.assert_close(mm(a, b)[0], a @ b, rtol=1e-4, atol=1e-2)
        torch.testing.assert_close(lin(a, w, bias)[0], torch.relu(torch.nn.functional.linear(a, w, bias)),
                                   rtol=1e-4, atol=1e-2)
        t = interleaved_medians({
            "torch mm": lambda: torch.mm(a, b),
            "exir-mlir mm": lambda: mm(a, b),
            "torch linear+relu": lambda: torch.relu(torch.nn.functional.linear(a, w, bias)),
            "exir-mlir linear+relu": lambda: lin(a, w, bias),
        }, repeats=repeats, warmup=1)
        flops = 2 * n**3
        gf = {k: flops / v / 1e9 for k, v in t.items()}
        print(f"{n}^3 f32: mm torch {gf['torch mm']:.1f}, exir-mlir {gf['exir-mlir mm']:.1f} GFLOP/s "
              f"(time ratio {t['exir-mlir mm'] / t['torch mm']:.2f}x); linear+relu torch "
              f"{gf['torch linear+relu']:.1f}, exir-mlir {gf['exir-mlir linear+relu']:.1f} GFLOP/s "
              f"(time ratio {t['exir-mlir linear+relu'] / t['torch linear+relu']:.2f}x)", flush=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--threads", type=int, default=detect_host().cores)
    p.add_argument("--repeats", type=int, default=30)
    p.add_argument("--dynamic", action="store_true", help="dynamic/static latency ratio per model")
    p.add_argument("--matmul", default="", help="comma-separated sizes n: n^3 matmul and n x n linear+relu")
    p.add_argument("--models", default=",".join(DYNAMIC_MODELS), help="with --dynamic: bench_models.py names")
    args = p.parse_args(argv)
    torch.set_num_threads(args.threads)
    print(f"machine: {machine_description()}")
    print(f"threads: {args.threads} (torch.set_num_threads and exir-mlir workers)")
    if args.matmul:
        matmul_sweep([int(v) for v in args.matmul.split(",")], threads=args.threads, repeats=args.repeats)
        return 0
    if args.dynamic:
        dynamic_vs_static(args.models.split(","), threads=args.threads, repeats=args.repeats)
        return 0

    n = 512
    a, b = torch.randn(n, n), torch.randn(n, n)
    mm = _compile(K.matmul(n, n, n), args.threads)
    torch.testing.assert_close(mm(a, b)[0], a @ b, rtol=1e-4, atol=1e-3)
    t = interleaved_medians({"torch": lambda: torch.mm(a, b), "exir-mlir": lambda: mm(a, b)}, repeats=args.repeats)
    flops = 2 * n**3
    print(f"matmul {n}^3 f32: torch {flops / t['torch'] / 1e9:.1f} GFLOP/s, "
          f"exir-mlir {flops / t['exir-mlir'] / 1e9:.1f} GFLOP/s (ratio {t['exir-mlir'] / t['torch']:.2f}x time)")

    size = 1 << 20
    x = torch.randn(size)
    chain = _compile(K.elementwise_chain(None), args.threads)
    torch.testing.assert_close(chain(x)[0], K.elementwise_chain_reference(x), rtol=1e-4, atol=1e-5)
    t = interleaved_medians(
        {"torch": lambda: K.elementwise_chain_reference(x), "exir-mlir": lambda: chain(x)}, repeats=args.repeats
    )
    # Bytes the fused kernel must move: read x once, write the result once.
    moved = 2 * size * 4
    print(f"elementwise chain (4 ops) on 1M f32: torch {t['torch'] * 1e3:.3f} ms, exir-mlir {t['exir-mlir'] * 1e3:.3f} ms "
          f"= {moved / t['exir-mlir'] / 1e9:.1f} GB/s (ratio {t['exir-mlir'] / t['torch']:.2f}x time)")

    rows, cols = 512, 1024
    s = torch.randn(rows, cols)
    sm = _compile(K.softmax(rows, cols), args.threads)
    torch.testing.assert_close(sm(s)[0], torch.softmax(s, -1), rtol=1e-4, atol=1e-6)
    t = interleaved_medians({"torch": lambda: torch.softmax(s, -1), "exir-mlir": lambda: sm(s)}, repeats=args.repeats)
    print(f"softmax {rows}x{cols} f32: torch {t['torch'] * 1e3:.3f} ms, exir-mlir {t['exir-mlir'] * 1e3:.3f} ms "
          f"(ratio {t['exir-mlir'] / t['torch']:.2f}x time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
