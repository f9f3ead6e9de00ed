"""topk with a small static k, and the leading k of a sort (edge.topk: k selection passes over each
row) end to end, against eager.

One program, exported with every dim dynamic, compiled at 1 and 3 threads and run at row lengths
across the vector width (5 .. 200, non-multiples of 16 among them). The values must equal eager's;
the indices must be exactly those of torch's stable sort (descending for the largest) cut to k:
equal values keep their source order (eager's topk leaves that order unspecified), NaN is the
largest value. Rows of ties, NaN and -inf are planted in each input.
"""

import pytest
import torch
from torch.export import Dim, export

import exir_mlir
from _function_module import FunctionModule


def _topks(x, n):
    s = torch.sort(x, dim=1)
    return (*torch.topk(x, 1, dim=1), *torch.topk(x, 5, dim=1), *torch.topk(x, 5, dim=1, largest=False),
            *torch.topk(x, 2, dim=0), *torch.topk(n, 3, dim=1), *torch.topk(n, 4, dim=1, largest=False),
            # the leading k of a sort: edge.topk too
            torch.sort(x, dim=1, descending=True)[1][:, :3], s[0][:, :4], s[1][:, :4], s[0][:, 1:3],
            torch.argsort(n, dim=1, descending=True, stable=True)[:, :2])


def _stable(x, k, dim, largest):
    v, i = torch.sort(x, dim=dim, descending=largest, stable=True)
    return v.narrow(dim, 0, k), i.narrow(dim, 0, k)


def _reference(x, n):
    s = torch.sort(x, dim=1, stable=True)
    return (*_stable(x, 1, 1, True), *_stable(x, 5, 1, True), *_stable(x, 5, 1, False),
            *_stable(x, 2, 0, True), *_stable(n, 3, 1, True), *_stable(n, 4, 1, False),
            _stable(x, 3, 1, True)[1], s[0][:, :4], s[1][:, :4], s[0][:, 1:3], _stable(n, 2, 1, True)[1])


def _inputs(rows, cols, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(rows, cols, generator=g)
    x[0, :3] = 1.0  # ties among the largest
    x[1, 2] = float("nan")
    x[1, cols - 1] = float("nan")
    x[2] = 2.0  # a row of ties
    x[3, 1] = -float("inf")
    x[4, : cols // 2] = float("inf")
    x[:, cols - 1] = torch.maximum(x[:, cols - 1], x[:, 0])  # the last column: a tail past the vector width
    n = torch.randint(-3, 3, (rows, cols), generator=g)  # many ties
    return x, n


@pytest.mark.parametrize("threads", [1, 3])
def test_topk_small_k_matches_stable_sort(threads):
    example = _inputs(6, 40, 0)
    dims = {0: Dim("rows", min=2, max=64), 1: Dim("cols", min=5, max=4096)}
    ep = export(FunctionModule(_topks), example, dynamic_shapes=((dims, dims),))
    compiled = exir_mlir.compile(ep, num_threads=threads)
    for rows, cols in [(6, 5), (6, 16), (7, 17), (6, 63), (9, 64), (6, 65), (6, 200)]:
        x, n = _inputs(rows, cols, rows * 1000 + cols)
        got, want, eager = compiled(x, n), _reference(x, n), _topks(x, n)
        for k, (g, w, e) in enumerate(zip(got, want, eager)):
            assert g.shape == w.shape and g.dtype == w.dtype, (k, cols, g.shape, w.shape)
            assert torch.equal(g, w) or torch.equal(g.isnan(), w.isnan()) and torch.equal(g[~g.isnan()], w[~w.isnan()]), \
                f"output {k} at {rows}x{cols}:\n{g}\n{w}"
            if k < 12 and k % 2 == 0 or k in (13, 15):  # values: eager's own agree
                torch.testing.assert_close(g, e, rtol=0, atol=0, equal_nan=True)
