"""Gathers of whole rows (embedding lookups, index_select along an outer dim, `x[idx]`), compiled and
compared with eager PyTorch.

Their row index does not vary along the vector lanes, so the row is read as contiguous vectors
(codegen/gather_rows.py; upstream's vectorizer); other gathers read each lane on its own
(`vector.gather`), under a mask where a dynamic size leaves one. These programs put both through
tiling: row widths on both sides of a vector and of the 4-register tile (1, 15, 16, 17, 63, 64, 65,
129 for f32 on AVX-512), a dynamic batch and sequence at 1, 2 and 3 threads, a lookup fused into a
mean over the sequence (the reduction path), a gather of a dynamic number of columns (the lane-varying case, masked), negative
indices of `x[idx]`, and int64 and f16 tables. The reads are exact: sums of the fused mean are the
only rounding. (Planted and caught: the token read at (s, b) instead of (b, s); at (b, b); a masked
remainder vectorized: invalid IR from upstream, see strategy.OpPlan.gathers.)
"""

import warnings

import pytest
import torch
from torch.export import Dim

import exir_mlir

warnings.filterwarnings("ignore", category=FutureWarning)
warnings.filterwarnings("ignore", category=UserWarning)

WIDTHS = (1, 15, 16, 17, 63, 64, 65, 129)
VOCAB = 50


class _Lookups(torch.nn.Module):
    """An embedding lookup per row width, the 64-wide one also averaged over the sequence, a gather
    of rows of an activation by the same tokens, and columns of the 17-wide lookup chosen by index."""

    def __init__(self, dtype):
        super().__init__()
        self.tables = torch.nn.ParameterList(
            torch.nn.Parameter(_values((VOCAB, width), dtype), requires_grad=False) for width in WIDTHS)

    def forward(self, tokens, x, columns):
        rows = [torch.nn.functional.embedding(tokens, table) for table in self.tables]
        mean = rows[WIDTHS.index(64)].float().mean(dim=1)
        picked = x[tokens[:, 0] - VOCAB]  # negative indices: x[i - n] is x[i]
        selected = torch.index_select(x, 0, tokens[0])
        columns = rows[WIDTHS.index(17)][..., columns]
        return (*rows, mean, picked, selected, columns)


def _values(shape, dtype):
    if dtype.is_floating_point:
        return torch.randn(shape).to(dtype)
    return torch.randint(-1000, 1000, shape, dtype=dtype)


def _inputs(batch, seq, dtype, generator):
    tokens = torch.randint(0, VOCAB, (batch, seq), generator=generator)
    x = _values((VOCAB, 33), dtype)
    columns = torch.randint(0, 17, (seq + 4,), generator=generator)
    return tokens, x, columns


SIZES = ((1, 1), (3, 7), (65, 2), (2, 33))


@pytest.mark.parametrize("dtype,threads", [(torch.float32, 1), (torch.float32, 2), (torch.float32, 3),
                                           (torch.int64, 1), (torch.float16, 2)], ids=str)
def test_row_gathers(dtype, threads):
    torch.manual_seed(0)
    generator = torch.Generator().manual_seed(1)
    module = _Lookups(dtype).eval()
    batch, seq = Dim("batch", min=1, max=128), Dim("seq", min=1, max=64)
    example = _inputs(4, 5, dtype, generator)
    ep = torch.export.export(module, example, dynamic_shapes=({0: batch, 1: seq}, None, {0: Dim("columns", min=2, max=99)}))
    program = exir_mlir.compile(ep, num_threads=threads)
    for batch_size, seq_len in SIZES:
        args = _inputs(batch_size, seq_len, dtype, generator)
        expected = module(*args)
        got = program(*args)
        assert len(got) == len(expected)
        for i, (g, e) in enumerate(zip(got, expected)):
            exact = e.dtype != torch.float32 or i != len(WIDTHS)  # the mean sums in its own order
            tol = dict(rtol=0, atol=0) if exact else dict(rtol=1e-5, atol=1e-6)
            torch.testing.assert_close(g, e, **tol, msg=lambda m: f"output {i} at {batch_size}x{seq_len}: {m}")
