"""`x @ W` with a 3-D `x` that torch cannot view as 2-D (a transposed tensor, like attention's
output into its projection) exports as bmm(x, W expanded over the batch); to-linalg folds it into
one [B*M, K] x [K, N] matmul of W itself (lowering/to_linalg/contraction.py). Against eager, with
batch and rows symbolic, sizes across the dot kernel's 4x3 blocks and the 64-wide thread tiles."""

from __future__ import annotations

import torch
from torch.export import Dim, export

import exir_mlir


class Projection(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(40, 67)

    def forward(self, x):  # x: (rows, batch, 40) -> (batch, rows, 67)
        return self.proj(x.transpose(0, 1)) + 1.0


def test_shared_matrix_bmm_matches_eager_at_symbolic_sizes():
    torch.manual_seed(0)
    model = Projection().eval()
    ep = export(model, (torch.randn(6, 3, 40),),
                dynamic_shapes=({0: Dim("rows", min=2, max=512), 1: Dim("batch", min=2, max=64)},))
    assert any(n.target == torch.ops.aten.bmm.default for n in ep.run_decompositions().graph.nodes), \
        "the case this guards is no longer exported as bmm"
    program = exir_mlir.compile(ep, num_threads=2)
    for rows, batch in ((2, 2), (5, 3), (65, 7), (130, 2)):
        x = torch.randn(rows, batch, 40)
        with torch.no_grad():
            torch.testing.assert_close(program(x), model(x), rtol=1e-4, atol=1e-4)
