"""Hand-written linalg kernels through the CPU pipeline vs torch at the same thread count (GFLOP/s, GB/s).

With --rows: 768 -> 768 layers (x @ W with a row-major parameter W, as GPT-2's Conv1D; addmm with a
bias; GELU of that; nn.Linear, i.e. x @ W^T) exported with a dynamic row count (Dim 1..1024), against
the static-shape build at each row count and eager, interleaved in one process.

With --dynamic: per model (bench_models.py's definitions and sizes), the latency of its static-shape
build and of its build with a dynamic batch (and sequence) at the same sizes, interleaved in one
process, and their ratio (the goal: dynamic within 1.1x of static).

Usage: python benchmarks/bench_kernels.py [--threads N] [--repeats R]
       python benchmarks/bench_kernels.py --matmul 512,1024,2048 [--threads N]
       python benchmarks/bench_kernels.py --dynamic [--models attention,mlp,transformer_block]
       python benchmarks/bench_kernels.py --rows 1,3,8,63,65,200 [--layers xw,addmm,addmm_gelu,linear]
       python benchmarks/bench_kernels.py --peak

--peak (and every --matmul run) measures this core's f32 FMA peak with a probe: 12 independent
chains of vector FMAs (as wide as detect_host's vectors), built by the machine's `cc`. On a loaded
machine compare CPU-time rates (time.thread_time, one thread): wall-clock rates there mostly
measure the other processes.
"""

from __future__ import annotations

import argparse
import ctypes
import functools
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test" / "Runtime"))

import _linalg_kernels as K  # noqa: E402
from timing import interleaved_latencies, machine_description  # noqa: E402

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
            t = interleaved_latencies(fns, repeats=repeats)
        result[name] = (t["static"] * 1e3, t["dynamic"] * 1e3)
        print(f"{name}: static {result[name][0]:.3f} ms, dynamic {result[name][1]:.3f} ms, "
              f"dynamic/static {result[name][1] / result[name][0]:.2f}x", flush=True)
    return result


class _RowMajorWeight(torch.nn.Module):
    """x @ W, W stored (in, out) as GPT-2's Conv1D keeps it; with a bias through addmm, and GELU."""

    def __init__(self, features: int, bias: bool, gelu: bool):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(features, features) / features**0.5)
        self.bias = torch.nn.Parameter(torch.randn(features)) if bias else None
        self.gelu = gelu

    def forward(self, x):
        y = x @ self.weight if self.bias is None else torch.addmm(self.bias, x, self.weight)
        return torch.nn.functional.gelu(y) if self.gelu else y


ROW_LAYERS = {
    "xw": lambda f: _RowMajorWeight(f, bias=False, gelu=False),
    "addmm": lambda f: _RowMajorWeight(f, bias=True, gelu=False),
    "addmm_gelu": lambda f: _RowMajorWeight(f, bias=True, gelu=True),
    "linear": lambda f: torch.nn.Linear(f, f),
}


def dynamic_rows(rows: list[int], layers: list[str], *, threads: int, repeats: int, features: int = 768) -> None:
    """Per layer and row count: median latency of the dynamic-row build, the static build at that
    row count and eager, interleaved; prints the ratios and the load average beside them."""
    import os

    import exir_mlir
    from torch.export import Dim

    for name in layers:
        torch.manual_seed(0)
        module = ROW_LAYERS[name](features).eval()
        example = torch.randn(16, features)
        with torch.no_grad():
            ep = torch.export.export(module, (example,), dynamic_shapes=({0: Dim("rows", min=1, max=1024)},))
            dynamic = exir_mlir.compile(ep, num_threads=threads)
            for m in rows:
                x = torch.randn(m, features)
                static = exir_mlir.compile(torch.export.export(module, (x,)), num_threads=threads)
                expected = module(x)
                torch.testing.assert_close(dynamic(x), expected, rtol=1e-4, atol=1e-4)
                torch.testing.assert_close(static(x), expected, rtol=1e-4, atol=1e-4)
                t = interleaved_latencies({"dynamic": lambda: dynamic(x), "static": lambda: static(x),
                                         "eager": lambda: module(x)}, repeats=repeats)
                print(f"{name:10s} rows {m:4d}: dynamic {t['dynamic'] * 1e6:8.1f} us, static "
                      f"{t['static'] * 1e6:8.1f} us, eager {t['eager'] * 1e6:8.1f} us; dynamic/static "
                      f"{t['dynamic'] / t['static']:.2f}x, dynamic/eager {t['dynamic'] / t['eager']:.2f}x "
                      f"(load {os.getloadavg()[0]:.1f})", flush=True)


_PEAK_C = r"""
typedef float vf __attribute__((vector_size(VBYTES)));
float fma_peak(long iters) {  /* 12 independent FMA chains: latency x throughput covered */
    vf a0={0},a1={1},a2={2},a3={3},a4={4},a5={5},a6={6},a7={7},a8={8},a9={9},a10={10},a11={11};
    vf x, y;
    for (int i = 0; i < VBYTES / 4; i++) { x[i] = 1.0f + 1e-7f * i; y[i] = 0.999999f; }
    for (long i = 0; i < iters; i++) {
        __asm__ volatile("" : "+x"(x), "+x"(y));
        a0 = a0 * y + x; a1 = a1 * y + x; a2 = a2 * y + x; a3 = a3 * y + x;
        a4 = a4 * y + x; a5 = a5 * y + x; a6 = a6 * y + x; a7 = a7 * y + x;
        a8 = a8 * y + x; a9 = a9 * y + x; a10 = a10 * y + x; a11 = a11 * y + x;
    }
    vf s = a0+a1+a2+a3+a4+a5+a6+a7+a8+a9+a10+a11;
    float r = 0; for (int i = 0; i < VBYTES / 4; i++) r += s[i];
    return r;
}
"""


@functools.cache
def fma_peak_gflops(iters: int = 20_000_000, repeats: int = 5) -> tuple[float, float]:
    """One core's f32 FMA peak in GFLOP/s: (by CPU time, by wall time), best of `repeats`."""
    vbytes = detect_host().vector_bits // 8
    tmp = Path(tempfile.mkdtemp(prefix="exir-peak-"))
    (tmp / "peak.c").write_text(_PEAK_C)
    subprocess.run(["cc", "-O2", "-march=native", "-ffp-contract=fast", f"-DVBYTES={vbytes}", "-shared", "-fPIC",
                    str(tmp / "peak.c"), "-o", str(tmp / "peak.so")], check=True)
    lib = ctypes.CDLL(str(tmp / "peak.so"))
    lib.fma_peak.restype, lib.fma_peak.argtypes = ctypes.c_float, [ctypes.c_long]
    flops = iters * 12 * (vbytes // 4) * 2
    cpu = wall = 0.0
    for _ in range(repeats):
        c, w = time.thread_time(), time.perf_counter()
        lib.fma_peak(iters)
        cpu = max(cpu, flops / (time.thread_time() - c) / 1e9)
        wall = max(wall, flops / (time.perf_counter() - w) / 1e9)
    return cpu, wall


def cpu_time_medians(fns: dict, *, repeats: int) -> dict[str, float]:
    """Median CPU seconds (this thread) per call, round-robin: with one thread, what a loaded
    machine's other processes do not add to (wall time there measures them)."""
    samples = {name: [] for name in fns}
    for fn in fns.values():
        fn()
    for _ in range(repeats):
        for name, fn in fns.items():
            start = time.thread_time()
            fn()
            samples[name].append(time.thread_time() - start)
    return {name: statistics.median(v) for name, v in samples.items()}


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
        t = interleaved_latencies({
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
        if threads == 1:
            c = cpu_time_medians({"torch mm": lambda: torch.mm(a, b), "exir-mlir mm": lambda: mm(a, b),
                                  "exir-mlir linear+relu": lambda: lin(a, w, bias)}, repeats=repeats)
            peak = fma_peak_gflops()[0]
            rate = {k: flops / v / 1e9 for k, v in c.items()}
            print(f"  by CPU time: mm torch {rate['torch mm']:.1f}, exir-mlir {rate['exir-mlir mm']:.1f} GFLOP/s = "
                  f"{rate['exir-mlir mm'] / peak:.0%} of the FMA peak ({peak:.1f}); linear+relu exir-mlir "
                  f"{rate['exir-mlir linear+relu']:.1f} = {rate['exir-mlir linear+relu'] / peak:.0%}", flush=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--threads", type=int, default=detect_host().cores)
    p.add_argument("--repeats", type=int, default=30)
    p.add_argument("--dynamic", action="store_true", help="dynamic/static latency ratio per model")
    p.add_argument("--matmul", default="", help="comma-separated sizes n: n^3 matmul and n x n linear+relu")
    p.add_argument("--models", default=",".join(DYNAMIC_MODELS), help="with --dynamic: bench_models.py names")
    p.add_argument("--rows", default="", help="comma-separated row counts: dynamic-row layers vs static")
    p.add_argument("--layers", default=",".join(ROW_LAYERS), help="with --rows: " + ", ".join(ROW_LAYERS))
    p.add_argument("--peak", action="store_true", help="one core's f32 FMA peak (probe)")
    args = p.parse_args(argv)
    torch.set_num_threads(args.threads)
    print(f"machine: {machine_description()}")
    print(f"threads: {args.threads} (torch.set_num_threads and exir-mlir workers)")
    if args.peak or args.matmul:
        cpu, wall = fma_peak_gflops()
        print(f"f32 FMA peak, one core: {cpu:.1f} GFLOP/s by CPU time, {wall:.1f} by wall time")
        if args.peak:
            return 0
    if args.matmul:
        matmul_sweep([int(v) for v in args.matmul.split(",")], threads=args.threads, repeats=args.repeats)
        return 0
    if args.rows:
        dynamic_rows([int(v) for v in args.rows.split(",")], args.layers.split(","), threads=args.threads,
                     repeats=args.repeats)
        return 0
    if args.dynamic:
        dynamic_vs_static(args.models.split(","), threads=args.threads, repeats=args.repeats)
        return 0

    n = 512
    a, b = torch.randn(n, n), torch.randn(n, n)
    mm = _compile(K.matmul(n, n, n), args.threads)
    torch.testing.assert_close(mm(a, b)[0], a @ b, rtol=1e-4, atol=1e-3)
    t = interleaved_latencies({"torch": lambda: torch.mm(a, b), "exir-mlir": lambda: mm(a, b)}, repeats=args.repeats)
    flops = 2 * n**3
    print(f"matmul {n}^3 f32: torch {flops / t['torch'] / 1e9:.1f} GFLOP/s, "
          f"exir-mlir {flops / t['exir-mlir'] / 1e9:.1f} GFLOP/s (ratio {t['exir-mlir'] / t['torch']:.2f}x time)")

    size = 1 << 20
    x = torch.randn(size)
    chain = _compile(K.elementwise_chain(None), args.threads)
    torch.testing.assert_close(chain(x)[0], K.elementwise_chain_reference(x), rtol=1e-4, atol=1e-5)
    t = interleaved_latencies(
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
    t = interleaved_latencies({"torch": lambda: torch.softmax(s, -1), "exir-mlir": lambda: sm(s)}, repeats=args.repeats)
    print(f"softmax {rows}x{cols} f32: torch {t['torch'] * 1e3:.3f} ms, exir-mlir {t['exir-mlir'] * 1e3:.3f} ms "
          f"(ratio {t['exir-mlir'] / t['torch']:.2f}x time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
