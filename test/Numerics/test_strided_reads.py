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


def _compile(module, example, threads, *, dynamic_length=None):
    dims = {0: BATCH} if dynamic_length is None else {0: BATCH, 2: dynamic_length}
    ep = torch.export.export(module, (example,), dynamic_shapes=(dims,))
    return exir_mlir.compile(ep, num_threads=threads)


DTYPES = (torch.float32, torch.float16, torch.int8, torch.int64)
# Every element type at one thread; f32 at 2 and 3 threads too (the thread count changes the
# tiling and the parallel loops around the reads).
CASES = [(dtype, 1) for dtype in DTYPES] + [(torch.float32, 2), (torch.float32, 3)]


@pytest.mark.parametrize("dtype,threads", CASES, ids=str)
@pytest.mark.parametrize("stride", [2, 3, 4])
def test_slice_taps(stride, dtype, threads):
    """Static row lengths (a leftover under a constant mask: rewritten) and a dynamic one (a
    run-time mask: left to MLIR's lowering) at every output count."""
    torch.manual_seed(0)
    module = _Taps(stride)
    programs = {outputs: _compile(module, _values((2, 3, stride * outputs), dtype), threads)
                for outputs in (17, 129)}
    dynamic = _compile(module, _values((2, 3, stride * 8), dtype), threads,
                       dynamic_length=stride * Dim("n", min=2, max=256))
    for outputs in OUTPUTS:
        # torch.export specializes a size of 1 away: the dynamic program starts at 2 outputs.
        for program in (programs.get(outputs), dynamic if outputs > 1 else None):
            if program is None:
                continue
            for batch in (1, 5):
                x = _values((batch, 3, stride * outputs), dtype)
                torch.testing.assert_close(program(x), module(x), **_tolerance(dtype),
                                           msg=lambda m: f"{outputs} outputs: {m}")


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
    torch.manual_seed(0)
    module = _Pools(stride)
    for outputs in (16, 17, 65):
        length = stride * outputs
        program = _compile(module, torch.randn(2, 4, length), threads)
        for batch in (1, 3):
            x = torch.randn(batch, 4, length)
            for got, want in zip(program(x), module(x)):
                torch.testing.assert_close(got, want, rtol=1e-6, atol=1e-6)
