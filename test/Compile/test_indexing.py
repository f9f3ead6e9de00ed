"""Advanced indexing (index.Tensor) with several index tensors, mixed ranks and dynamic sizes, against eager."""

from __future__ import annotations

import warnings

import pytest
import torch
from torch.export import Dim

import exir_mlir

warnings.filterwarnings("ignore", category=FutureWarning)


def _idx(n, *shape):
    return torch.randint(-n, n, shape)  # negative indices count from the end


CASES = {
    # name: (fn, inputs for sizes (a, b), [export sizes, another size in range])
    "adjacent": (lambda x, i, j: x[:, i, j], lambda a, b: (torch.randn(2, a, b), _idx(a, 3), _idx(b, 3))),
    "separate": (lambda x, i, j: x[i, :, j], lambda a, b: (torch.randn(a, 2, b), _idx(a, 3), _idx(b, 3))),
    "broadcast_ranks": (lambda x, i, j: x[i[:, None], j], lambda a, b: (torch.randn(a, b), _idx(a, 3), _idx(b, 2))),
    "middle": (lambda x, i: x[:, i], lambda a, b: (torch.randn(a, b), _idx(b, 2, 3))),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_advanced_indexing_dynamic(name):
    fn, make = CASES[name]

    class M(torch.nn.Module):
        def forward(self, *xs):
            return fn(*xs)

    first = make(5, 4)
    shapes = (tuple({d: Dim.AUTO for d in range(t.dim())} for t in first),)
    ep = torch.export.export(M(), first, dynamic_shapes=shapes, strict=False)
    program = exir_mlir.compile(ep)
    for inputs in (first, make(6, 7)):
        torch.testing.assert_close(program(*inputs), M()(*inputs), rtol=0, atol=0)


def test_unfold_mixed_rank_indices():
    # nn.Unfold (im2col) decomposes to x[:, :, i[..., None, None], j] with indices of ranks 4 and 2:
    # an exir operand group cannot hold both, the importer calls aten::index.Tensor, lowered the same.
    layer = torch.nn.Unfold(kernel_size=(2, 2)).eval()
    x = torch.randn(2, 3, 4, 5)
    program = exir_mlir.compile(torch.export.export(layer, (x,), strict=False))
    torch.testing.assert_close(program(x), layer(x), rtol=0, atol=0)


_R = _idx
UPDATES = {
    "index_put": (lambda x, i, v: torch.index_put(x, (i,), v), lambda a, b: (torch.randn(a, b), _R(a, 3), torch.randn(3, b))),
    "index_put_accumulate": (lambda x, i, v: torch.index_put(x, (i,), v, accumulate=True),
                             lambda a, b: (torch.randn(a, b), _R(a, 5), torch.randn(5, b))),
    "scatter_add": (lambda x, i, v: x.scatter_add(0, i.abs() % x.shape[0], v),
                    lambda a, b: (torch.randn(a, b), _R(a, 2, b), torch.randn(2, b))),
    "scatter_value": (lambda x, i, v: x.scatter(1, i.abs() % x.shape[1], 2.5),
                      lambda a, b: (torch.randn(a, b), _R(b, a, 2), torch.randn(1))),
    "slice_scatter": (lambda x, i, v: torch.slice_scatter(x, v, 1, 1, 1 + v.shape[1]),
                      lambda a, b: (torch.randn(a, b), _R(2, 2), torch.randn(a, 2))),
}


@pytest.mark.parametrize("name", sorted(UPDATES))
def test_updates_dynamic(name):
    fn, make = UPDATES[name]

    class M(torch.nn.Module):
        def forward(self, *xs):
            return fn(*xs)

    first = make(5, 4)
    shapes = (tuple({d: Dim.AUTO for d in range(t.dim())} if t.numel() > 1 else {} for t in first),)
    ep = torch.export.export(M(), first, dynamic_shapes=shapes, strict=False)
    program = exir_mlir.compile(ep)
    for inputs in (first, make(6, 7)):
        torch.testing.assert_close(program(*inputs), M()(*inputs), rtol=1e-6, atol=1e-6)


def test_index_put_several_indices_dynamic():
    # x[i, :, j] += v with duplicates possible: one row-major index, edge.index_put on the flattened dims.
    def f(x, i, j, v):
        return torch.ops.aten.index_put(x, [i, None, j], v, True)

    class M(torch.nn.Module):
        def forward(self, *xs):
            return f(*xs)

    def make(a, b):
        return torch.randn(a, 2, b), _idx(a, 3), _idx(b, 3), torch.randn(3, 2)

    first = make(5, 4)
    shapes = (tuple({d: Dim.AUTO for d in range(t.dim())} for t in first),)
    program = exir_mlir.compile(torch.export.export(M(), first, dynamic_shapes=shapes, strict=False))
    for inputs in (first, make(6, 7)):
        torch.testing.assert_close(program(*inputs), M()(*inputs), rtol=1e-6, atol=1e-6)


def test_fold_index_put_mixed_ranks():
    # nn.Fold (col2im) decomposes to index_put with indices of different ranks (a fallback call).
    layer = torch.nn.Fold(output_size=(4, 5), kernel_size=(2, 2)).eval()
    x = torch.randn(2, 12, 12)
    program = exir_mlir.compile(torch.export.export(layer, (x,), strict=False))
    torch.testing.assert_close(program(x), layer(x), rtol=1e-6, atol=1e-6)
