"""Attention's q k^T with k an input of the call (codegen/transposed_rhs.py: k copied transposed,
then the outer-product kernel) against eager: a dynamic batch and sequence, sizes on and across
the register blocks (8 rows, 32 columns) and the 16 x 16 blocks of the transposing copy, at 1,
2 and 3 threads; and the static build at a size whose row count the copy pays for.

(A user's `q @ k.transpose(-2, -1)` of 4-d tensors already lowers to a copy of k^T and a plain
batch_matmul; the attention the backend dialect recognizes -- softmax(q k^T * scale + mask) v,
sdpa -- lowers to the A B^T contraction that transposed_rhs rewrites.)"""

from __future__ import annotations

import pytest
import torch
from torch.export import Dim, export

import exir_mlir
from exir_mlir.models.transformer import SoftmaxAttention


class CausalAttention(torch.nn.Module):
    def forward(self, q, k, v):
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)


SIZES = [(1, 2), (3, 1), (2, 7), (1, 8), (2, 9), (1, 16), (1, 17), (1, 31), (2, 32), (1, 33), (1, 65), (1, 130)]


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_dynamic_sequence_matches_eager(threads):
    torch.manual_seed(threads)
    batch, seq = Dim("batch", min=1, max=16), Dim("seq", min=2, max=256)
    example = tuple(torch.randn(2, 4, 24, 64) for _ in range(3))
    ep = export(SoftmaxAttention(), example, dynamic_shapes=tuple({0: batch, 2: seq} for _ in range(3)))
    program = exir_mlir.compile(ep, num_threads=threads)
    for b, s in SIZES:
        s = max(s, 2)
        q, k, v = (torch.randn(b, 4, s, 64) for _ in range(3))
        torch.testing.assert_close(program(q, k, v), SoftmaxAttention()(q, k, v), rtol=1e-5, atol=1e-5,
                                   msg=f"batch {b}, seq {s}")


def test_static_build_matches_eager():
    torch.manual_seed(0)
    # rows 40, columns 72: remainders of both blocks
    q, k, v = torch.randn(3, 2, 40, 48), torch.randn(3, 2, 72, 48), torch.randn(3, 2, 72, 48)
    program = exir_mlir.compile(export(CausalAttention(), (q, k, v)), num_threads=2)
    torch.testing.assert_close(program(q, k, v), CausalAttention()(q, k, v), rtol=1e-5, atol=1e-5)
