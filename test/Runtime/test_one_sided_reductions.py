"""Sums of broadcast products with a reduced dim that only one factor has, against eager.

`(x[:, None, :, None] * w[None]).sum((2, 3))` fuses into one contraction generic whose dim 3 only
w indexes. Two aborts of the whole process were behind such programs: the vectorized contraction
lacked that dim in one operand (upstream's contraction lowering asserts; exir-cpu-to-llvm now
broadcasts the operand, codegen/contract_operands.py), and the dot kernel for k-contiguous
operands asked for vectors with a 0-sized dim when a second reduction loop was there
(strategy.py now gives such ops the outer-product plan). One program holds the forms around it:
1, 2 and 3 reduced dims, keepdim, the one-sided dim in either operand or in both, not innermost,
mean; compiled with a static and with a symbolic batch (sizes around the register block).
"""

import torch
from torch.export import Dim, export

import exir_mlir

RTOL, ATOL = 1e-4, 1e-4


class Forms(torch.nn.Module):
    def forward(self, x, w, w4, x3, w2, wk, xk):
        return (
            (x[:, None, :, None] * w[None]).sum((2, 3)),  # the reported program: d3 only in w
            (x[:, None, :] * w[None, :, :, 0]).sum(2),  # one reduced dim (a plain matmul)
            (x[:, None, :, None, None] * w4[None]).sum((2, 3, 4)),  # two dims only in w
            (x[:, None, :, None] * w[None]).sum((2, 3), keepdim=True),
            (x3[:, None, :, :] * w2[None, :, :, None]).sum((2, 3)),  # the dim only in x
            (xk[:, None, None, :] * wk[None]).sum((2, 3)),  # k contiguous; d2 only in w
            (x3[:, None, :, :, None] * w[None, :, :, None, :2]).sum((2, 3, 4)),  # one in each
            (x[:, None, :, None] * w[None]).mean((2, 3)),
        )


def _inputs(batch: int, gen: torch.Generator):
    def r(*shape):
        return torch.randn(*shape, generator=gen)

    return (r(batch, 8), r(5, 8, 3), r(5, 8, 3, 2), r(batch, 8, 3), r(5, 8), r(5, 3, 32), r(batch, 32))


def _check(program, batch: int, gen: torch.Generator):
    inputs = _inputs(batch, gen)
    with torch.no_grad():
        want = Forms()(*inputs)
    got = program(*inputs)
    for i, (g, w) in enumerate(zip(got, want)):
        torch.testing.assert_close(g, w, rtol=RTOL, atol=ATOL, msg=lambda m, i=i: f"form {i}, batch {batch}: {m}")


def test_static_batch():
    gen = torch.Generator().manual_seed(0)
    program = exir_mlir.compile(export(Forms(), _inputs(4, gen)))
    _check(program, 4, gen)


def test_symbolic_batch_two_threads():
    gen = torch.Generator().manual_seed(1)
    batch = Dim("batch", min=1, max=4096)
    rows = {0: batch}
    ep = export(Forms(), _inputs(4, gen), dynamic_shapes=(rows, None, None, rows, None, None, rows))
    program = exir_mlir.compile(ep, num_threads=2)
    for size in (1, 3, 4, 5, 9, 65):
        _check(program, size, gen)
