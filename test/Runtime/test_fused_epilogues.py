"""Matmuls with their bias and activation computed in the register tiles, against eager.

codegen/schedule.py fuses a contraction, the producer of its init (zeros or the broadcast bias)
and the elementwise op that alone reads its result (relu, gelu, a residual add) into one loop
nest over register blocks. These programs cover both kernels (the dot kernel of `x @ W^T`, as
nn.Linear lowers; the outer-product kernel of `x @ W`), rows around every tile boundary (the
register block, the thread tile of 64, odd sizes past 1024), static and symbolic batch, 1, 2
and 3 threads (CI: 1 thread and one of 2 and 3, alternating; `python
test/Runtime/test_fused_epilogues.py` runs all).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import torch
from torch.export import Dim, export

import exir_mlir

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Numerics"))
from _rotation import rotating_slice  # noqa: E402

ROWS = (1, 7, 63, 64, 65, 127, 1023, 1025, 1152)
ALL_THREADS = (1, 2, 3)
THREADS = (1, *rotating_slice([2, 3], 2))
RTOL, ATOL = 1e-4, 1e-4


class Epilogues(torch.nn.Module):
    """Four fused forms: linear+relu and linear+gelu (dot kernel, bias init), x @ W + b then relu
    (outer-product kernel, k = 48), and a bias-free linear with a residual add (zero-fill init,
    the epilogue reads a second input)."""

    def __init__(self):
        super().__init__()
        gen = torch.Generator().manual_seed(0)
        self.relu_layer = torch.nn.Linear(40, 72)
        self.gelu_layer = torch.nn.Linear(40, 24)
        self.w = torch.nn.Parameter(torch.randn(40, 48, generator=gen))
        self.w2 = torch.nn.Parameter(torch.randn(48, 40, generator=gen))
        self.b2 = torch.nn.Parameter(torch.randn(40, generator=gen))
        self.plain = torch.nn.Linear(40, 40, bias=False)

    def forward(self, x):
        h = x @ self.w  # 48 columns, k = 40
        return (
            torch.relu(self.relu_layer(x)),
            torch.nn.functional.gelu(self.gelu_layer(x)),
            torch.relu(h @ self.w2 + self.b2),
            self.plain(x) + x,
        )


def _check(program, model, rows: int, threads: int, gen: torch.Generator) -> list[str]:
    x = torch.randn(rows, 40, generator=gen)
    with torch.no_grad():
        want = model(x)
    got = program(x)
    return [f"rows {rows}, threads {threads}, output {i}: max|err| {(g - w).abs().max().item():.3g}"
            for i, (g, w) in enumerate(zip(got, want))
            if g.shape != w.shape or not torch.allclose(g, w, rtol=RTOL, atol=ATOL)]


@functools.cache
def _model():
    return Epilogues().eval()


@functools.cache
def _dynamic(threads: int):
    ep = export(_model(), (torch.randn(8, 40),), dynamic_shapes=({0: Dim("batch", min=1, max=4096)},))
    return exir_mlir.compile(ep, num_threads=threads)


def test_symbolic_batch_across_tiles_and_threads(threads_list=THREADS):
    gen = torch.Generator().manual_seed(1)
    failures = [f for t in threads_list for rows in ROWS for f in _check(_dynamic(t), _model(), rows, t, gen)]
    assert not failures, "; ".join(failures[:6])


def test_static_batch(rows_list=(65,), threads_list=(2,)):
    gen = torch.Generator().manual_seed(2)
    failures = []
    for rows in rows_list:
        ep = export(_model(), (torch.randn(rows, 40),))
        for t in threads_list:
            failures += _check(exir_mlir.compile(ep, num_threads=t), _model(), rows, t, gen)
    assert not failures, "; ".join(failures[:6])


if __name__ == "__main__":
    test_symbolic_batch_across_tiles_and_threads(ALL_THREADS)
    test_static_batch(ROWS, ALL_THREADS)
    print(f"rows {ROWS} x threads {ALL_THREADS}, static and symbolic: all match eager")
