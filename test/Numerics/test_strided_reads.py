"""Reads of every s-th element (window taps of strided pools, strided slices), compiled and compared
with eager PyTorch.

A vector read of a view whose innermost stride is 2, 3 or 4 becomes one contiguous load and a
shuffle of every s-th lane (codegen/deinterleave_reads.py); a row's leftover lanes are read under a
constant mask. These programs put each stride through it: `x[..., k::s]` for every offset k < s
combined elementwise, max and average pools with stride 2 and 3, at row lengths on both sides of a
vector (1, 15, 16, 17, 63, 64, 65, 129 outputs for f32 on AVX-512; the leftover masks differ), in
element types of 1, 2, 4 and 8 bytes, with a dynamic batch, and at 1, 2 and 3 threads. Exact but for
the rounding of f16 arithmetic. (Planting a shuffle that takes lane 5 from one element too far fails
the slice and pool cases here and in test_conv_pool.py.)
"""

import warnings

import pytest
import torch
import torch.nn.functional as F
from torch.export import Dim

import exir_mlir

warnings.filterwarnings("ignore", category=FutureWarning)
warnings.filterwarnings("ignore", category=UserWarning)

BATCH = Dim("batch", min=1, max=16)
OUTPUTS = (1, 15, 16, 17, 63, 64, 65, 129)


def _values(shape, dtype):
    if dtype.is_floating_point:
        return torch.randn(shape).to(dtype)
    return torch.randint(-100, 100, shape, dtype=dtype)


class _Taps(torch.nn.Module):
    """`x[..., k::s]` for every offset k < s, each scaled differently so that a swapped tap shows."""

    def __init__(self, stride):
        super().__init__()
        self.stride = stride

    def forward(self, x):
        out = x[..., 0::self.stride]
        for k in range(1, self.stride):
            out = out + (k + 1) * x[..., k::self.stride]
        return out


def _tolerance(dtype):
    # The reads are exact; f16 arithmetic of the fused sum may round its intermediate products
    # differently from eager's one kernel per op (one unit in the last place, half the cases).
    return dict(rtol=2e-3, atol=1e-2) if dtype == torch.float16 else dict(rtol=0, atol=0)


class _Each(torch.nn.Module):
    """`module` applied to each input, the results flattened: several shapes in one program, one compile."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *xs):
        outs = []
        for x in xs:
            out = self.module(x)
            outs.extend(out if isinstance(out, tuple) else (out,))
        return tuple(outs)


def _compile(module, examples, threads, *, dynamic_lengths=None):
    """One program of `module` on each example (_Each), the batch dynamic; example i's length (dim 2)
    dynamic_lengths[i] where that is not None, else static."""
    lengths = dynamic_lengths or [None] * len(examples)
    dims = tuple({0: BATCH} if n is None else {0: BATCH, 2: n} for n in lengths)
    ep = torch.export.export(_Each(module), tuple(examples), dynamic_shapes=(dims,))
    return exir_mlir.compile(ep, num_threads=threads)


def _check_each(program, module, xs, tolerance, where):
    got, want = program(*xs), _Each(module)(*xs)
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        torch.testing.assert_close(g, w, **tolerance, msg=lambda m, i=i: f"{where}, output {i}: {m}")


DTYPES = (torch.float32, torch.float16, torch.int8, torch.int64)
# Every element type at one thread; f32 at 2 and 3 threads too (the thread count changes the
# tiling and the parallel loops around the reads).
CASES = [(dtype, 1) for dtype in DTYPES] + [(torch.float32, 2), (torch.float32, 3)]
STATIC_OUTPUTS = (17, 129)


@pytest.mark.parametrize("dtype,threads", CASES, ids=str)
@pytest.mark.parametrize("stride", [2, 3, 4])
def test_slice_taps(stride, dtype, threads):
    """Static row lengths (a leftover under a constant mask: rewritten) and a dynamic one (a
    run-time mask: left to MLIR's lowering) at every output count: one program with an input of
    each static length and one of the dynamic length."""
    torch.manual_seed(0)
    module = _Taps(stride)
    examples = [_values((2, 3, stride * n), dtype) for n in (*STATIC_OUTPUTS, 8)]
    program = _compile(module, examples, threads,
                       dynamic_lengths=[None] * len(STATIC_OUTPUTS) + [stride * Dim("n", min=2, max=256)])
    # torch.export specializes a size of 1 away: the dynamic length starts at 2 outputs.
    for outputs in (n for n in OUTPUTS if n > 1):
        for batch in (1, 5):
            xs = [_values((batch, 3, stride * n), dtype) for n in (*STATIC_OUTPUTS, outputs)]
            _check_each(program, module, xs, _tolerance(dtype), f"{outputs} outputs, batch {batch}")


class _Pools(torch.nn.Module):
    def __init__(self, stride):
        super().__init__()
        self.stride = stride

    def forward(self, x):
        k = self.stride + 1
        return (F.max_pool1d(x, k, self.stride, padding=1), F.avg_pool1d(x, self.stride, self.stride),
                F.max_pool2d(x.unsqueeze(1), (1, k), (1, self.stride)))


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("stride", [2, 3])
def test_pools(stride, threads):
    """Rows of 16, 17 and 65 pooled outputs (static lengths), one program."""
    torch.manual_seed(0)
    module = _Pools(stride)
    lengths = [stride * outputs for outputs in (16, 17, 65)]
    program = _compile(module, [torch.randn(2, 4, n) for n in lengths], threads)
    for batch in (1, 3):
        _check_each(program, module, [torch.randn(batch, 4, n) for n in lengths], dict(rtol=1e-6, atol=1e-6),
                    f"batch {batch}")
