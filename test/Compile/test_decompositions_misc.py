"""compile() takes the non-core ops exir_mlir/importer/decompositions_misc.py decomposes: scans and selections,
index updates, searching, unfold (linalg: test_decompositions_linalg.py); end to end against eager, with
dynamic shapes checked at the export size and at another one."""

from __future__ import annotations

import warnings

import torch
from torch.export import Dim

import exir_mlir

warnings.filterwarnings("ignore", category=FutureWarning)
NAN = float("nan")


def _check(fn, *inputs_list, dynamic=True):
    class M(torch.nn.Module):
        def forward(self, *xs):
            return fn(*xs)

    first = inputs_list[0]
    shapes = tuple({d: Dim.AUTO for d in range(a.dim())} for a in first) if dynamic else None
    ep = torch.export.export(M(), first, dynamic_shapes=(shapes,) if shapes else None, strict=False)
    if dynamic:  # the sizes stayed symbolic: this checks the dynamic form
        assert any(not isinstance(s, int) for n in ep.graph.nodes if n.op == "placeholder"
                   for s in n.meta["val"].shape)
    program = exir_mlir.compile(ep)
    for inputs in inputs_list:
        got, want = program(*inputs), fn(*inputs)
        got = got if isinstance(got, (tuple, list)) else (got,)
        want = want if isinstance(want, (tuple, list)) else (want,)
        assert len(got) == len(want)
        for g, w in zip(got, want):
            torch.testing.assert_close(g, w, rtol=1e-5, atol=1e-5, equal_nan=True)


def _with_nans(rows, cols, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(rows, cols, generator=g)
    x[0, 1] = x[0, cols - 1] = NAN  # two NaNs in row 0: cummax takes the later one's index
    x[1, cols // 2] = x[1, 0]  # a tie in row 1
    return x


def test_scans_and_selections():
    # cummax/cummin (ties and NaN: torch's index rule), max()/min() without dim, median/nanmedian with NaN
    # rows (median: NaN at the first NaN's index), kthvalue, mode (the smallest most frequent value, its last
    # index).
    def f(x, k):
        return (*torch.cummax(x, 1), *torch.cummin(x, 0), torch.max(x), torch.min(k),
                *torch.median(x, 1), torch.nanmedian(x), *torch.nanmedian(x, 1, keepdim=True),
                *torch.kthvalue(x, 2, 1), *torch.mode(k, 1))

    modes = torch.tensor([[2, 1, 1, 2, 3, 0, 0], [5, 5, 4, 4, 4, 9, 9], [7, 7, 7, 7, 7, 7, 7]])
    _check(f, (_with_nans(3, 7, 0), modes), (_with_nans(5, 4, 1), torch.randint(0, 3, (5, 4))))


def test_index_updates():
    # scatter_reduce with include_self=False (amax) and 'mean' (float and integer: rounds down), index_reduce,
    # put with negative indices and accumulate, diagonal_scatter, segment_reduce, nonzero_static, unfold.
    def f(x, i, s, n, lengths, m):
        return (x.scatter_reduce(0, i, s, "amax", include_self=False),
                x.scatter_reduce(0, i, s, "mean", include_self=False),
                n.scatter_reduce(1, i[:, :2] % 3, n[:-1, :2], "mean"),
                x.index_reduce(0, i[:, 0], s, "prod", include_self=False),
                x.put(i[:, 0] - 3, s[:, 0], accumulate=True),
                torch.diagonal_scatter(x, s[:3, 0], -1),
                torch.segment_reduce(x, "max", lengths=lengths),
                torch.nonzero_static(m, size=5, fill_value=-7),
                x.unfold(0, 2, 1))

    def inputs(rows, seed):
        g = torch.Generator().manual_seed(seed)
        return (torch.randn(rows, 3, generator=g), torch.randint(0, rows, (rows - 1, 3), generator=g),
                torch.randn(rows - 1, 3, generator=g), torch.randint(-9, 9, (rows, 3), generator=g),
                torch.tensor([2, 0, rows - 2]), torch.randint(0, 2, (rows, 2), generator=g))

    _check(f, inputs(4, 0), inputs(6, 1))


def test_searching_addbmm_and_embedding_bag():
    # embedding_bag: all four results of the 'max' kernel (an empty bag gives 0s), and 'mean'.
    def f(seq, v, a, b, c, w, idx, offs):
        bag = torch.ops.aten._embedding_bag_forward_only
        return (torch.searchsorted(seq, v), torch.searchsorted(seq, v, right=True, out_int32=True),
                torch.bucketize(v, seq[0]), torch.addbmm(c, a, b, beta=0.5, alpha=2),
                *bag(w, idx, offs, False, 2, False, None, False, -1), bag(w, idx, offs, False, 1)[0])

    seq = torch.tensor([[-1.0, 0.0, 0.0, 2.0], [0.5, 1.0, 1.0, 3.0]])
    v = torch.tensor([[0.0, 1.0, -3.0], [1.0, 5.0, 0.7]])
    g = torch.Generator().manual_seed(0)
    _check(f, (seq, v, torch.randn(2, 3, 4, generator=g), torch.randn(2, 4, 5, generator=g),
               torch.randn(3, 5, generator=g), torch.randn(10, 3, generator=g), torch.tensor([1, 2, 4, 5, 4, 3, 9]),
               torch.tensor([0, 4, 4])),
           (seq.repeat(2, 2).sort(1)[0], v.repeat(2, 1), torch.randn(3, 2, 4, generator=g),
            torch.randn(3, 4, 3, generator=g), torch.randn(2, 3, generator=g), torch.randn(6, 2, generator=g),
            torch.tensor([5, 0, 0, 1]), torch.tensor([0, 2, 3, 4, 4])))
