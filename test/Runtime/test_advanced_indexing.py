"""x[i, j, ...] with several index tensors, broadcast index shapes and dynamic sizes, against eager (edge.index).

Hugging Face's mask builders index with several broadcast aranges; before edge.index only one static
index tensor on a static tensor compiled.
"""

import pytest
import torch

import exir_mlir

AUTO = torch.export.Dim.AUTO
CASES = {
    # name: (indexing, index dims of x that stay dynamic)
    "adjacent": lambda x, i, j: x[:, i, j],
    "apart": lambda x, i, j: x[i, :, j],
    "three": lambda x, i, j: x[i, j, :, i],
}


def _inputs(n0=4, n1=5):
    torch.manual_seed(0)
    x = torch.randn(n0, n1, 6, 7)
    i = torch.tensor([[0, -1, 2]])  # broadcasts against j: 2x3 index shape; -1 wraps
    j = torch.tensor([[1], [3]])
    return x, i, j


@pytest.mark.parametrize("name", sorted(CASES))
def test_several_index_tensors_dynamic_indexed_tensor(name):
    index = CASES[name]

    class Indexing(torch.nn.Module):
        def forward(self, x, i, j):
            return index(x, i, j)

    args = _inputs()
    ep = torch.export.export(Indexing(), args, dynamic_shapes=({0: AUTO, 1: AUTO}, None, None))
    program = exir_mlir.compile(ep)
    for sizes in ((4, 5), (6, 9)):
        args = _inputs(*sizes)
        torch.testing.assert_close(program(*args), index(*args), rtol=0, atol=0)


def test_dynamic_length_index():
    class Diagonal(torch.nn.Module):
        def forward(self, x, i):
            return x[i, i] * 2.0

    x = torch.randn(8, 8, 3)
    ep = torch.export.export(Diagonal(), (x, torch.tensor([0, 1, 2])),
                             dynamic_shapes=(None, {0: torch.export.Dim("n", min=1, max=64)}))
    program = exir_mlir.compile(ep)
    for i in (torch.tensor([0, 1, 2]), torch.tensor([7, -1, 0, 2, 5, -8])):
        torch.testing.assert_close(program(x, i), x[i, i] * 2.0, rtol=0, atol=0)


def test_index_put_accumulate_with_broadcast_dynamic_index_shapes():
    """x.index_put((i, j), v, accumulate=True) with i [?, 1] and j [1, ?]: the importer casts both to
    [?, ?] (one exir operand type); the broadcast must use their own shapes (it took the size-1 dim
    as the broadcast size and returned wrong values)."""

    class Put(torch.nn.Module):
        def forward(self, x, i, j, v):
            return torch.ops.aten.index_put.default(x, [i, j], v, True)

    x = torch.randn(5, 5)
    i = torch.tensor([[0], [1], [1], [0], [4]])
    j = torch.tensor([[3, 1, 4, 2, 3, 2]])
    v = torch.randn(5, 6)
    ep = torch.export.export(Put(), (x, i, j, v), dynamic_shapes=(None, {0: AUTO}, {1: AUTO}, {0: AUTO, 1: AUTO}))
    program = exir_mlir.compile(ep)
    i2, j2, v2 = torch.tensor([[4], [4], [2]]), torch.tensor([[0, 0, 1, -1]]), torch.randn(3, 4)
    for args in ((x, i, j, v), (x, i2, j2, v2)):
        torch.testing.assert_close(program(*args), Put()(*args), rtol=1e-5, atol=1e-5)
