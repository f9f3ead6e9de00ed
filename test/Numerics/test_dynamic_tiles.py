"""Symbolic dims across the vector-tile boundaries, at 1, 2 and 3 threads, against eager.

The CPU strategy peels every loop over vector tiles whose last tile may be partial (a dim marked
`torch.export.Dim`): the full tiles run unmasked static kernels; a remainder's register-block rows
or columns are tiled to 1 (static vectors), only its vector lanes are masked. These
programs have two symbolic dims each (attention's batch and sequence; the rows and columns of a
matrix), so that the peeled main parts and remainders of two nested loops meet. One dynamic
compile per thread count serves every size; the sizes are 1, and t - 1, t, t + 1 around each
tile t of this machine (register-block rows and columns, vector width, the 64-row thread tiles of
a contraction), and odd sizes past two tiles. Outputs must match eager and agree across thread counts.

A compile costs seconds, so CI checks 1 thread and one of 2 and 3 (alternating between commits,
test/Numerics/_rotation.py); `python test/Numerics/test_dynamic_tiles.py` checks all three.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import torch
from torch.export import Dim, export

import exir_mlir
from exir_mlir.codegen.host import detect_host
from exir_mlir.models.transformer import SoftmaxAttention

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _rotation import rotating_slice  # noqa: E402
from _thread_agreement import check_across_threads  # noqa: E402

ALL_THREADS = (1, 2, 3)
THREADS = (1, *rotating_slice([2, 3], 2))
RTOL, ATOL = 1e-4, 1e-4
THREAD_ATOL = 1e-5  # thread counts split loops, never one element's reduction order


def _tiles() -> list[int]:
    """The tile sizes a symbolic dim meets on this machine (codegen/strategy.py)."""
    host = detect_host()
    lanes = host.vector_bits // 32
    mr = max(1, min(8, host.vector_registers // 4))  # contraction register block rows
    # one register (the unit a remainder of the lanes is cut in, schedule._peeled), columns of the
    # register block, elementwise width and a split reduction's partial sums, a contraction's
    # thread tile (strategy.py)
    return sorted({mr, lanes, 2 * lanes, 4 * lanes, 64})


def sizes() -> list[int]:
    around = {t + d for t in _tiles() for d in (-1, 0, 1)}
    widest = max(_tiles())
    return sorted({1, 2} | around | {2 * widest + 1, 2 * widest + 3})


class _Program(torch.nn.Module):
    """Attention with a symbolic batch and sequence (scores: a contraction with both matrix dims
    symbolic; softmax along the symbolic contiguous dim), and a matrix x with symbolic rows and
    columns: x @ x^T (symbolic m, n and k), an elementwise op, and row reductions along the
    symbolic columns (split into partial sums whose remainder step is unmasked on the stack,
    codegen/stack_vectors.py). One program: one compile per thread count."""

    def __init__(self):
        super().__init__()
        self.attention = SoftmaxAttention()

    def forward(self, q, k, v, x):
        return self.attention(q, k, v), x @ x.t(), torch.exp(x) * 0.5, x.amax(1), x.sum(1), x.amin(1)


def _inputs(batch: int, seq: int, rows: int, cols: int, gen: torch.Generator):
    qkv = tuple(torch.randn(batch, 2, seq, 16, generator=gen) for _ in range(3))
    return (*qkv, torch.randn(rows, cols, generator=gen))


@functools.cache
def _compiled(threads: int):
    batch, seq = Dim("batch", min=1, max=64), Dim("seq", min=1, max=512)
    rows, cols = Dim("rows", min=1, max=512), Dim("cols", min=1, max=512)
    attention = {0: batch, 2: seq}
    ep = export(_Program().eval(), _inputs(2, 8, 8, 5, torch.Generator().manual_seed(0)),
                dynamic_shapes=(attention, attention, attention, {0: rows, 1: cols}))
    return exir_mlir.compile(ep, num_threads=threads)


def _shapes() -> list[tuple[int, int, int, int]]:
    """(batch, seq, rows, cols): every size as the sequence and the rows, against the sizes in
    reverse as the columns; the batch alternates 1 and 3; plus the corners."""
    s = sizes()
    shapes = [(1 + 2 * (i % 2), seq, seq, cols) for i, (seq, cols) in enumerate(zip(s, reversed(s)))]
    return shapes + [(1, 1, 1, 1), (2, s[-1], s[-1], s[-1])]


def test_sizes_straddle_each_tile():
    assert all({t - 1, t, t + 1} <= set(sizes()) for t in _tiles())


def test_two_symbolic_dims_across_tiles_and_threads(threads_list=THREADS):
    gen = torch.Generator().manual_seed(1)
    model = _Program().eval()
    failures, spread = [], []
    for shape in _shapes():
        inputs = _inputs(*shape, gen)
        with torch.no_grad():
            want = model(*inputs)
        if check_across_threads(str(shape), inputs, want, _compiled, threads_list,
                                rtol=RTOL, atol=ATOL, thread_atol=THREAD_ATOL, failures=failures):
            spread.append(shape)
    assert not failures, f"differs from eager at {len(failures)} points: " + "; ".join(failures[:6])
    assert not spread, f"outputs depend on the thread count at (batch, seq, rows, cols) {spread[:6]}"


def test_nan_in_a_row_remainder():
    """A NaN among a row's last columns (the masked remainder step of the row max's partial maxima)
    makes that row's max and min NaN, and only that row's: the select that replaced the masked
    store keeps the lanes the remainder covers, and nothing past them."""
    gen = torch.Generator().manual_seed(2)
    for cols in (17, 65, 2 * max(_tiles()) + 1):
        inputs = list(_inputs(1, 3, 4, cols, gen))
        inputs[3][1, cols - 1] = float("nan")
        got = _compiled(1)(*inputs)
        for i in (3, 5):
            assert torch.isnan(got[i][1]) and not torch.isnan(got[i][[0, 2, 3]]).any(), (cols, i, got[i])


class _SpatialReductions(torch.nn.Module):
    """Reductions over several innermost loops with symbolic sizes: a group norm's sums over
    [C/G, H, W] (torch's decomposition keeps H and W apart when they are symbolic), a sum and a
    max over [C, H, W] of values all below zero (a masked lane read as 0 would win the max).
    Each is split into one vector of partial results carried through every reduction loop
    (strategy.plan_reduction), the innermost loop's remainder step masked."""

    def forward(self, x):
        w = torch.linspace(0.5, 1.5, x.shape[1])
        return (torch.nn.functional.group_norm(x, 2, w, w), x.sum((1, 2, 3)),
                (x - 10).amax((1, 2, 3)))


SPATIAL_SIZES = (1, 2, 15, 16, 17, 33, 63, 64, 65, 66)


@functools.cache
def _compiled_spatial(threads: int):
    dims = {0: Dim("n", min=1, max=16), 2: Dim("h", min=1, max=256), 3: Dim("w", min=1, max=256)}
    ep = export(_SpatialReductions().eval(), (torch.randn(2, 4, 5, 7),), dynamic_shapes=(dims,))
    return exir_mlir.compile(ep, num_threads=threads)


def test_reductions_over_symbolic_spatial_dims(threads_list=THREADS):
    gen = torch.Generator().manual_seed(3)
    model = _SpatialReductions().eval()
    failures, spread = [], []
    shapes = [(1 + i % 3, 4, h, w) for i, (h, w) in enumerate(zip(SPATIAL_SIZES, reversed(SPATIAL_SIZES)))]
    for shape in [*shapes, (2, 4, 66, 66), (1, 4, 1, 1)]:
        x = torch.randn(*shape, generator=gen) + 0.5  # a mean away from zero: a lost lane shows
        with torch.no_grad():
            want = model(x)
        if check_across_threads(str(shape), (x,), want, _compiled_spatial, threads_list,
                                rtol=RTOL, atol=ATOL, thread_atol=THREAD_ATOL, failures=failures):
            spread.append(shape)
    assert not failures, f"differs from eager at {len(failures)} points: " + "; ".join(failures[:6])
    assert not spread, f"outputs depend on the thread count at {spread[:6]}"


class _Decode(torch.nn.Module):
    """Attention over a cache: the query length (1 when decoding a token) and the cache length are
    two symbols. Fused sdpa (its safe-softmax form, through the expand torch keeps for dynamic
    shapes), and the same written out with its bmms: q·kᵀ * scale (the dot kernel with a scaling
    epilogue, whose remainder tiles' temporaries are static stack buffers: bounded_temporaries.py)
    and p·v (an outer-product bmm with the run-time choice of one row: unit_rows.py)."""

    def forward(self, q, k, v):
        p = torch.softmax((q @ k.transpose(-1, -2)) * 0.25, -1)
        return torch.nn.functional.scaled_dot_product_attention(q, k, v), p @ v


# (query length, cache length): the query across 1, 2 and the 16-row tiles and past 64, each
# against cache lengths across the dot kernel's 4-column blocks and the 16 lanes.
DECODE_SHAPES = [(1, 1), (1, 6), (1, 17), (1, 65), (2, 3), (2, 16), (15, 5), (16, 15), (17, 33), (65, 2), (65, 66)]


@functools.cache
def _decode_compiled(threads: int):
    length, cache = Dim("length", min=1, max=128), Dim("cache", min=1, max=128)
    q, k = torch.randn(2, 4, 3, 16), torch.randn(2, 4, 5, 16)
    ep = export(_Decode().eval(), (q, k, k.clone()), dynamic_shapes=({2: length}, {2: cache}, {2: cache}))
    return exir_mlir.compile(ep, num_threads=threads)


def test_decode_query_lengths_across_threads(threads_list=THREADS):
    """A query of 1, 2, 15, 16, 17, 65 rows against caches across tiles, at 1, 2 and 3 threads."""
    gen = torch.Generator().manual_seed(3)
    model = _Decode().eval()
    failures, spread = [], []
    for length, cache in DECODE_SHAPES:
        inputs = (torch.randn(2, 4, length, 16, generator=gen), torch.randn(2, 4, cache, 16, generator=gen),
                  torch.randn(2, 4, cache, 16, generator=gen))
        with torch.no_grad():
            want = model(*inputs)
        if check_across_threads(str((length, cache)), inputs, want, _decode_compiled, threads_list,
                                rtol=RTOL, atol=ATOL, thread_atol=THREAD_ATOL, failures=failures):
            spread.append((length, cache))
    assert not failures, f"differs from eager at {len(failures)} points: " + "; ".join(failures[:6])
    assert not spread, f"outputs depend on the thread count at (length, cache) {spread[:6]}"


class _SwapView(torch.nn.Module):
    def forward(self, x):
        return x.view(x.shape[1], x.shape[0]) + 1


def test_view_swapping_two_symbolic_dims():
    """[rows, cols] -> [cols, rows] has the types of a no-op view (tensor<?x?xf32> both): it
    returned x unchanged, with the old dims, until views with several symbolic dims were
    decided by their symbolic shapes."""
    x = torch.randn(3, 5)
    ep = export(_SwapView(), (x,), dynamic_shapes=({0: Dim("rows", min=2), 1: Dim("cols", min=2)},))
    program = exir_mlir.compile(ep, num_threads=1)
    for rows, cols in ((3, 5), (7, 2), (4, 9)):
        x = torch.randn(rows, cols)
        torch.testing.assert_close(program(x), _SwapView()(x), rtol=0, atol=0)


if __name__ == "__main__":
    test_sizes_straddle_each_tile()
    test_two_symbolic_dims_across_tiles_and_threads(ALL_THREADS)
    test_nan_in_a_row_remainder()
    test_reductions_over_symbolic_spatial_dims(ALL_THREADS)
    test_decode_query_lengths_across_threads(ALL_THREADS)
    test_view_swapping_two_symbolic_dims()
    print(f"sizes {sizes()} x threads {ALL_THREADS}: all match eager and agree across threads")
