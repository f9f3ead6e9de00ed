"""Size, load time and latency of the ahead-of-time library (issue 14) on a 10M-parameter MLP.

Reports: the .so's size against its weights (target: at most weights + 2 MB); the time a fresh
process (`python -I`, no torch imported) takes to load it and create an instance (target: under
100 ms; the median of several processes); and the median latency of one call of the library
(through `exir_mlir.runtime.load`), of the JIT (`exir_mlir.compile`) and of AOTInductor's `.pt2`
package on the same model at the same thread count, interleaved in one process.

Usage: python benchmarks/bench_aot.py [--batch 32] [--repeats 50] [--loads 5] [--no-aoti] [--no-latency]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import interleaved_latencies, machine_description  # noqa: E402

import exir_mlir  # noqa: E402
from exir_mlir import runtime  # noqa: E402

WIDTHS = (1024, 2560, 2560, 512)  # 10.5M parameters

LOAD = """
import sys, time
for blocked in ("torch", "mlir"):
    sys.modules[blocked] = None
import numpy, exir_mlir.runtime
start = time.perf_counter()
program = exir_mlir.runtime.load(sys.argv[1])
print(time.perf_counter() - start)
"""


class BigMLP(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.layers = torch.nn.ModuleList(torch.nn.Linear(a, b) for a, b in zip(WIDTHS, WIDTHS[1:]))

    def forward(self, x):
        for k, layer in enumerate(self.layers):
            x = layer(x)
            if k + 1 < len(self.layers):
                x = torch.relu(x)
        return x


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--loads", type=int, default=5, help="fresh processes timed for the load time")
    parser.add_argument("--no-aoti", action="store_true")
    parser.add_argument("--no-latency", action="store_true", help="size and load time only")
    args = parser.parse_args(argv)
    torch.manual_seed(0)
    model = BigMLP().eval()
    x = torch.randn(args.batch, WIDTHS[0])
    ep = torch.export.export(model, (x,))
    params = sum(p.numel() for p in model.parameters())
    weights = sum(p.numel() * p.element_size() for p in model.parameters())
    print(machine_description())
    with tempfile.TemporaryDirectory(prefix="bench-aot-") as tmp:
        path = exir_mlir.export_library(ep, Path(tmp) / "mlp10m.so")
        size = path.stat().st_size
        print(f"{params / 1e6:.1f}M parameters, weights {weights / 1e6:.2f} MB; library {size / 1e6:.2f} MB "
              f"(weights + {(size - weights) / 1e6:.2f} MB; built in {exir_mlir.export_library.last_seconds:.1f} s)")
        loads = []
        for _ in range(args.loads):
            out = subprocess.run([sys.executable, "-I", "-c", LOAD, str(path)], capture_output=True, text=True,
                                 check=True).stdout
            loads.append(float(out.strip().splitlines()[-1]))
        print(f"load + create in a fresh process: median {statistics.median(loads) * 1e3:.1f} ms "
              f"(min {min(loads) * 1e3:.1f}, max {max(loads) * 1e3:.1f}, {len(loads)} processes)")
        if args.no_latency:
            return 0
        library = runtime.load(path)
        jit = exir_mlir.compile(ep)
        fns = {"aot library": lambda: library(x), "jit": lambda: jit(x)}
        if not args.no_aoti:
            package = torch._inductor.aoti_compile_and_package(ep, package_path=str(Path(tmp) / "mlp10m.pt2"))
            aoti = torch._inductor.aoti_load_package(package)
            fns["aotinductor"] = lambda: aoti(x)
        with torch.no_grad():
            expected = model(x)
            torch.testing.assert_close(library(x)[0], expected, rtol=1e-4, atol=1e-4)
            latencies = interleaved_latencies(fns, repeats=args.repeats)
        print(json.dumps({name: f"{seconds * 1e3:.3f} ms" for name, seconds in latencies.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
