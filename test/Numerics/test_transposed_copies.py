"""Transposing copies (an input read along another dim than the output's innermost one) with every
dim symbolic, compiled and compared with eager PyTorch.

codegen/transposed_reads.py and strategy.plan_transposed_blocks tile these copies in 16 x 16
register blocks over the output's innermost dim and the input's, transposed in registers; a block
cut by a symbolic size is one block under masks in both dims, and a thread tile on the input's
contiguous dim is a whole number of blocks. One program
holds the kinds of copy: x.transpose(1, 2) (blocks over the two inner dims) fused with a scale,
x.permute(2, 0, 1) (the input's contiguous dim outermost in the output: split across threads), a
transposed read beside a plain one in one op, and attention's K^T, [L, N, H, d] -> [N, H, d, L].
Each dim takes the sizes 1, 7, 15, 16, 17, 33, 65 (below, at and across a block of 16 and a
vector of 64), each program runs at 1, 2 and 3 threads (f32) and at 1 thread in int64 and f16.
Exact comparison in f32 and int64 (a copy, a multiplication by 2, a subtraction and an addition
round like eager's); f16 within one f16 rounding (the fused x - 1 + y is computed in f32 and
rounded once, eager rounds each op to f16).
(Planting a bug that masks one row too few in each mask of a run-time size failed every dtype:
f32 at 96 points, int64 and f16 at 32.)
"""

from __future__ import annotations

import functools
import sys
import warnings
from pathlib import Path

import pytest
import torch
from torch.export import Dim, export

import exir_mlir

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _thread_agreement import check_across_threads  # noqa: E402

warnings.filterwarnings("ignore", category=FutureWarning)

SIZES = (1, 7, 15, 16, 17, 33, 65)
CASES = [(torch.float32, (1, 2, 3)), (torch.int64, (1,)), (torch.float16, (1,))]
# (rtol, atol): f16's atol is one rounding of x - 1 (|x - 1| < 8: an f16 ulp of at most 2^-8)
TOLERANCE = {torch.float16: (1e-3, 2 ** -8)}


class _Transposes(torch.nn.Module):
    def forward(self, x, y, k):
        return (x.transpose(1, 2) * 2,
                x.permute(2, 0, 1).contiguous(),
                (x - 1).transpose(1, 2) + y,
                k.permute(1, 2, 3, 0).contiguous())


def _values(shape, dtype, gen):
    if dtype.is_floating_point:
        return torch.randn(shape, generator=gen).to(dtype)
    return torch.randint(-1000, 1000, shape, generator=gen, dtype=dtype)


def _inputs(a: int, b: int, c: int, dtype, gen):
    """x [a, b, c], y [a, c, b] (x transposed's shape, read in order), k [L=b, N=a, 2, d=c]."""
    return (_values((a, b, c), dtype, gen), _values((a, c, b), dtype, gen), _values((b, a, 2, c), dtype, gen))


@functools.cache
def _compiled(dtype, threads: int):
    a, b, c = Dim("a", min=1, max=128), Dim("b", min=1, max=128), Dim("c", min=1, max=128)
    ep = export(_Transposes(), _inputs(2, 3, 5, dtype, torch.Generator().manual_seed(0)),
                dynamic_shapes=({0: a, 1: b, 2: c}, {0: a, 1: c, 2: b}, {0: b, 1: a, 3: c}))
    return exir_mlir.compile(ep, num_threads=threads)


def _shapes() -> list[tuple[int, int, int]]:
    """Every size on every dim (the dims take the sizes in three rotations), and the corners."""
    n = len(SIZES)
    return [(SIZES[i], SIZES[(i + 2) % n], SIZES[(i + 4) % n]) for i in range(n)] + [(1, 1, 1), (65, 65, 65)]


def test_shapes_put_every_size_on_every_dim():
    for dim in range(3):
        assert {shape[dim] for shape in _shapes()} == set(SIZES)


@pytest.mark.parametrize("dtype, threads_list", CASES, ids=[str(d).removeprefix("torch.") for d, _ in CASES])
def test_transposed_copies_match_eager(dtype, threads_list):
    gen = torch.Generator().manual_seed(1)
    failures, spread = [], []
    for shape in _shapes():
        inputs = _inputs(*shape, dtype, gen)
        want = _Transposes()(*inputs)
        rtol, atol = TOLERANCE.get(dtype, (0, 0))
        if check_across_threads(str(shape), inputs, want, functools.partial(_compiled, dtype), threads_list,
                                rtol=rtol, atol=atol, thread_atol=0, failures=failures):
            spread.append(shape)
    assert not failures, f"differs from eager at {len(failures)} points: " + "; ".join(failures[:6])
    assert not spread, f"outputs depend on the thread count at (a, b, c) {spread[:6]}"
