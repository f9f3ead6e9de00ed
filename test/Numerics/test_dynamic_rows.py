"""Contractions with a symbolic row count (a batch marked `torch.export.Dim`), across the register
blocks' and thread tiles' boundaries, at 1, 2 and 3 threads, against eager.

The CPU schedule peels the loop over register blocks of rows; the remainder (fewer rows than a
block, a count known only at run time) runs one static block of exactly its size, chosen from every
size below the block's (codegen/schedule.py, _row_groups), with the reduction loop inside it. A
wrong choice or a block left out shows here as rows that are missing, doubled or stale. Each kind of
contraction the schedule handles is in one program: x @ W with W row-major (the outer-product
kernel), addmm (its bias the init), addmm + GELU with a short k (the epilogue fused into the
register blocks), nn.Linear (x @ W^T: the dot kernel), Linear + ReLU (the dot kernel with its
epilogue) and a batched matmul. Their columns (80, 40) leave partial vector tiles too. One compile
per thread count serves every row count: 1 to 9 (every remainder of the 8-row and 4-row blocks, and
a full block plus one), around the 64-row thread tiles, and past several of them.

A compile costs seconds, so CI checks 1 thread and one of 2 and 3 (alternating between commits,
test/Numerics/_rotation.py); `python test/Numerics/test_dynamic_rows.py` checks all three.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import torch
from torch.export import Dim, export

import exir_mlir

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _rotation import rotating_slice  # noqa: E402
from _thread_agreement import check_across_threads  # noqa: E402

ALL_THREADS = (1, 2, 3)
THREADS = (1, *rotating_slice([2, 3], 2))
ROWS = (*range(1, 10), 15, 17, 63, 64, 65, 71, 127, 129, 1025, 1152)
RTOL, ATOL = 1e-4, 1e-4
THREAD_ATOL = 1e-5  # thread counts split the row and column loops, never one element's sum


class _Contractions(torch.nn.Module):
    def __init__(self, features: int = 96, out: int = 80, short: int = 64):
        super().__init__()
        gen = torch.Generator().manual_seed(0)
        self.w = torch.nn.Parameter(torch.randn(features, out, generator=gen) / features**0.5)
        self.bias = torch.nn.Parameter(torch.randn(out, generator=gen))
        self.w_short = torch.nn.Parameter(torch.randn(short, out, generator=gen) / short**0.5)
        self.linear = torch.nn.Linear(features, out)
        self.linear_relu = torch.nn.Linear(short, 40)
        self.batched = torch.nn.Parameter(torch.randn(2, features, 40, generator=gen) / features**0.5)

    def forward(self, x, x_short):
        xb = x.view(x.shape[0], 2, x.shape[1] // 2).transpose(0, 1)
        return (
            x @ self.w,
            torch.addmm(self.bias, x, self.w),
            torch.nn.functional.gelu(torch.addmm(self.bias, x_short, self.w_short)),
            self.linear(x),
            torch.relu(self.linear_relu(x_short)),
            torch.bmm(xb.contiguous(), self.batched[:, : x.shape[1] // 2]),
        )


def _inputs(rows: int, gen: torch.Generator):
    return torch.randn(rows, 96, generator=gen), torch.randn(rows, 64, generator=gen)


@functools.cache
def _model() -> _Contractions:
    return _Contractions().eval()


@functools.cache
def _compiled(threads: int):
    rows = Dim("rows", min=1, max=2048)
    ep = export(_model(), _inputs(16, torch.Generator().manual_seed(0)), dynamic_shapes=({0: rows}, {0: rows}))
    return exir_mlir.compile(ep, num_threads=threads)


def test_rows_across_blocks_and_threads(threads_list=THREADS):
    gen = torch.Generator().manual_seed(1)
    failures, spread = [], []
    for rows in ROWS:
        inputs = _inputs(rows, gen)
        with torch.no_grad():
            want = _model()(*inputs)
        if check_across_threads(f"rows={rows}", inputs, want, _compiled, threads_list,
                                rtol=RTOL, atol=ATOL, thread_atol=THREAD_ATOL, failures=failures):
            spread.append(rows)
    assert not failures, f"differs from eager at {len(failures)} points: " + "; ".join(failures[:8])
    assert not spread, f"outputs depend on the thread count at rows {spread[:8]}"


if __name__ == "__main__":
    test_rows_across_blocks_and_threads(ALL_THREADS)
    print(f"rows {ROWS} x threads {ALL_THREADS}: all match eager and agree across threads")
