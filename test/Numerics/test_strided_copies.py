"""Copies between strided views (a pad's interior, a concatenation's slices), compiled and compared
with eager PyTorch.

After bufferization such copies become loops over the leading dims that copy one contiguous block
of the trailing dims each (codegen/pipeline.py strided_copies_as_loops: a memcpy per block), or
linalg.copy loops where no trailing dim is contiguous in both views. These programs put each shape
of block through them: rows of a padded image (block = the last dim), channel slices of a
concatenation (block = all dims after the batch), a concatenation along the last dim (block = a
row of one input), a pad of the channel dim only (one block per batch index), with a dynamic batch
(the loop bound read at run time) at batches 1, 2, 5, in element types of 1, 2, 4 and 8 bytes.
Exact comparison: copies and pads do no arithmetic. (Planting a bug that copies only the first
block of each copy fails every pad and cat case here.)
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
DTYPES = (torch.float32, torch.float16, torch.int8, torch.int64)
# Every element type at one thread; f32 at 2 and 3 threads too (the thread count changes the
# tiling and the parallel loops around the copies).
CASES = [(dtype, 1) for dtype in DTYPES] + [(torch.float32, 2), (torch.float32, 3)]


def _values(shape, dtype):
    if dtype.is_floating_point:
        return torch.randn(shape).to(dtype)
    return torch.randint(-100, 100, shape, dtype=dtype)


PADS = {"rows": (1, 1, 1, 1), "row-ends": (3, 2, 0, 0), "top-bottom": (0, 0, 2, 1), "channels": (0, 0, 0, 0, 1, 2)}
CAT_DIMS = (1, 2, 3)


class _Pads(torch.nn.Module):
    """Each pad of PADS on an input of its own: one program (one compile) for the four shapes of block."""

    def forward(self, *xs):
        # the mul keeps each pad out of the returned buffer
        return tuple(F.pad(x, pad, value=3) * 1 for x, pad in zip(xs, PADS.values()))


class _Cats(torch.nn.Module):
    """A concatenation along each of CAT_DIMS, on a pair of inputs of its own: one program."""

    def forward(self, *xs):
        return tuple(torch.cat([xs[2 * i], xs[2 * i + 1]], dim=dim) for i, dim in enumerate(CAT_DIMS))


def _check(module, shapes, dtype, threads):
    torch.manual_seed(0)
    example = tuple(_values(s, dtype) for s in shapes)
    ep = torch.export.export(module, example, dynamic_shapes=(tuple({0: BATCH} for _ in shapes),))
    program = exir_mlir.compile(ep, num_threads=threads)
    for batch in (1, 2, 5):
        args = tuple(_values((batch, *s[1:]), dtype) for s in shapes)
        torch.testing.assert_close(program(*args), module(*args), rtol=0, atol=0)


@pytest.mark.parametrize("dtype,threads", CASES, ids=str)
def test_pad(dtype, threads):
    """Rows, row ends, top and bottom, channels: each pad's output compared."""
    _check(_Pads(), [(2, 3, 9, 33)] * len(PADS), dtype, threads)


@pytest.mark.parametrize("dtype,threads", CASES, ids=str)
def test_cat(dtype, threads):
    """Along the channels (block = all dims after the batch), the rows and the last dim (a row of one input)."""
    shapes = []
    for dim in CAT_DIMS:
        other = [2, 5, 7, 65]
        other[dim] = [3, 4, 6][dim - 1]
        shapes += [(2, 5, 7, 65), tuple(other)]
    _check(_Cats(), shapes, dtype, threads)
