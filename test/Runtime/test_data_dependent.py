"""Data-dependent shapes and scalar results end to end, against eager PyTorch.

nonzero / masked_select / unique return tensors whose first dim is an unbacked symbol (`u0`):
the compiled code computes the size at run time and the runtime returns a tensor of that size.
`.item()` values are SymInts/SymFloats/SymBools used as sizes or returned; a program that
returns a Python int/float/bool returns that Python type. One compile per program, each run on
several inputs (none / some / all elements selected), with dynamic dims.
"""

import math

import numpy as np
import pytest
import torch
from torch.export import Dim, export

import exir_mlir
from exir_mlir.errors import ExirUserError
from _function_module import FunctionModule


def _compile(fn, args, dynamic_shapes):
    """dynamic_shapes: one entry per argument (a dict alone for a one-argument program)."""
    if not isinstance(dynamic_shapes, tuple):
        dynamic_shapes = (dynamic_shapes,)
    ep = export(FunctionModule(fn), args, dynamic_shapes=(dynamic_shapes,))
    return exir_mlir.compile(ep)


def _same(got, want):
    """Exactly the eager result: same pytree, Python types, dtypes, shapes and values."""
    if isinstance(want, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    if isinstance(want, torch.Tensor):
        assert isinstance(got, torch.Tensor), type(got)
        assert got.dtype == want.dtype and got.shape == want.shape, (got, want)
        torch.testing.assert_close(got, want, rtol=0, atol=0, equal_nan=True)
        return
    assert type(got) is type(want), (got, want)
    assert got == want or (isinstance(want, float) and math.isnan(want) and math.isnan(got)), (got, want)


B, N = Dim("B", min=1, max=64), Dim("N", min=1, max=64)


def test_nonzero_none_some_all_and_nan():
    def fn(x):
        return (torch.nonzero(x), torch.nonzero(x > 0), torch.nonzero(x[0].to(torch.int32)), torch.argwhere(x),
                torch.nonzero_static(x, size=4, fill_value=-1))  # padded or cut to 4 rows

    program = _compile(fn, (torch.randn(3, 5),), {0: B, 1: N})
    some = torch.tensor([[0.0, 1.5, 0.0, -2.0, 0.0], [float("nan"), 0.0, 0.0, 0.0, 3.0], [0.0] * 5])
    for x in (some, torch.zeros(4, 2), torch.ones(1, 7), torch.randn(9, 3)):
        _same(program(x), fn(x))
    # the size differs call to call: the buffer of each result is its own
    a, b = program(torch.zeros(2, 2))[0], program(torch.ones(2, 2))[0]
    assert a.shape == (0, 2) and b.shape == (4, 2)


def test_masked_select_broadcast_and_same_shape_masks():
    def fn(x, row, full):
        return torch.masked_select(x, row), torch.masked_select(x, full)

    example = (torch.randn(4, 6), torch.ones(1, 6, dtype=torch.bool), torch.ones(4, 6, dtype=torch.bool))
    ep = export(FunctionModule(fn), example, dynamic_shapes=(({0: B}, None, {0: B}),))
    program = exir_mlir.compile(ep)
    x = torch.randn(5, 6)
    for row, full in ((torch.tensor([[True, False, True, True, False, False]]), x > 0),
                      (torch.zeros(1, 6, dtype=torch.bool), torch.ones(5, 6, dtype=torch.bool)),
                      (torch.ones(1, 6, dtype=torch.bool), torch.zeros(5, 6, dtype=torch.bool))):
        _same(program(x, row, full), fn(x, row, full))


def test_masked_scatter_none_some_all_and_broadcast_mask():
    """Where the mask holds, source's elements in order; a row mask broadcast over a dynamic batch."""
    def fn(x, mask, row, source):
        return x.masked_scatter(mask, source), x.masked_scatter(row, source)

    example = (torch.randn(4, 6), torch.ones(4, 6, dtype=torch.bool), torch.ones(1, 6, dtype=torch.bool), torch.randn(70))
    ep = export(FunctionModule(fn), example, dynamic_shapes=(({0: B}, {0: B}, None, None),))
    program = exir_mlir.compile(ep)
    source = torch.randn(70)
    for rows in (5, 1, 11):
        x = torch.randn(rows, 6)
        for mask, row in ((x > 0, torch.tensor([[True, False, True, True, False, False]])),
                          (torch.zeros(rows, 6, dtype=torch.bool), torch.zeros(1, 6, dtype=torch.bool)),
                          (torch.ones(rows, 6, dtype=torch.bool), torch.ones(1, 6, dtype=torch.bool))):
            _same(program(x, mask, row, source), fn(x, mask, row, source))


def test_boolean_mask_indexing_and_index_put():
    """x[m], x[m2d], x[:, m] and index_put with masks (x[m] = v, a scalar, accumulate=True): the
    mask's nonzero coordinates are the integer indices (torch's rule), counted at run time."""
    def fn(x, m, m2, v):
        y = x.clone()
        y[m] = v
        return (y, torch.index_put(x, (m2,), torch.tensor(3.0)), x[m], x[m2], x[:, m2[0]],
                torch.ops.aten.index_put(x, [None, m2[0]], x[:, :1], True))

    example = (torch.randn(5, 4), torch.tensor([True, False, True, True, False]), torch.randn(5, 4) > 0, torch.randn(4))
    program = _compile(fn, example, ({0: B}, {0: B}, {0: B}, None))
    for n, fill in ((5, None), (3, False), (9, True), (1, None)):
        m = torch.rand(n) > 0.5 if fill is None else torch.full((n,), fill)
        m2 = torch.randn(n, 4) > 0 if fill is None else torch.full((n, 4), fill)
        args = (torch.randn(n, 4), m, m2, torch.randn(4))
        _same(program(*args), fn(*args))


def test_unique_and_unique_consecutive_with_and_without_inverse_and_counts():
    def fn(ints, floats):
        return (torch.unique(ints), torch.unique(floats, return_inverse=True, return_counts=True),
                torch.unique_consecutive(ints), torch.unique_consecutive(floats, return_inverse=True, return_counts=True))

    program = _compile(fn, (torch.tensor([3, 1, 2, 3]), torch.tensor([[3.0, 1.0, 2.0], [3.0, 1.0, 7.5]])),
                       ({0: N}, {0: B, 1: Dim("C", min=1, max=64)}))
    for ints, floats in ((torch.tensor([3, 1, 2, 3, 1]), torch.tensor([[0.5, -1.0], [0.5, 2.0]])),
                         (torch.tensor([4, 4, 4]), torch.full((3, 4), 2.0)),
                         (torch.randint(-5, 5, (40,)), torch.randint(0, 4, (5, 6)).float()),
                         (torch.tensor([7]), torch.tensor([[1.0]]))):
        _same(program(ints, floats), fn(ints, floats))


def test_unique_and_unique_consecutive_along_a_dim():
    """unique(dim=) sorts the slices along dim lexicographically (as torch); unique_consecutive(dim=)
    keeps the first of each run; with inverse and counts; the slices' count is dynamic."""
    def fn(x, f):
        return (torch.unique(x, dim=0, return_inverse=True, return_counts=True),
                torch.unique_consecutive(f, dim=2, return_inverse=True, return_counts=True))

    program = _compile(fn, (torch.tensor([[1, 2], [3, 4], [1, 2], [0, 5]]), torch.randint(0, 2, (2, 1, 4)).float()),
                       ({0: N}, {2: B}))
    for n in (1, 30):
        x, f = torch.randint(0, 3, (n, 2)), torch.randint(0, 2, (2, 1, n)).float()
        _same(program(x, f), fn(x, f))


def test_item_as_a_size():
    def fn(x, n):
        k = n.item()
        return x[:k], x.new_zeros(k)

    program = _compile(fn, (torch.randn(8), torch.tensor(3)), ({0: N}, None))
    x = torch.randn(10)
    for k in (0, 4, 10, 20):  # 20: the slice clamps to x's size, as in eager
        _same(program(x, torch.tensor(k)), fn(x, torch.tensor(k)))


def test_fills_of_an_item_size_then_elementwise():
    """Tensors created with a size from `.item()` (unbacked u0), then used by an elementwise op, which
    sizes its result from u0's value or from the operand's dim (it once could not: "cannot tell the
    size of dynamic dim 0"): zeros/new_zeros/ones/full/arange/empty+fill_/eye/*_like/expand/views."""
    def fn(x, n):
        k = n.item()
        return (torch.zeros(k) + 1, x.new_zeros(k) + 1, x.new_ones((k, 2)) * 3, torch.full((k, 2), 3.0) + x[:1],
                torch.arange(k) + 1, torch.arange(k, dtype=torch.float32) * 2, torch.empty(k).fill_(2.0) + 1,
                torch.ones_like(torch.zeros(k)) - 1, torch.eye(k) + 1, x[:1].expand(k) + 1,
                torch.zeros(2 * k).view(k, 2) + 1, torch.arange(k).reshape(k, 1) * torch.arange(k + 1),
                torch.ones_like(torch.nonzero(x > 0)) * 2)

    program = _compile(fn, (torch.randn(8), torch.tensor(3)), ({0: N}, None))
    for size, k in ((8, 3), (5, 7), (2, 0)):
        x = torch.randn(size)
        _same(program(x, torch.tensor(k)), fn(x, torch.tensor(k)))


def test_scalar_results_are_python_scalars():
    def fn(x, y):
        n = x.size(0)
        return (n * 2, n / 4, n > 3, torch.sym_not(n == y.size(0)), torch.sym_max(n, y.size(0)) - 1, x.sum(),
                math.trunc(n * 1.7))  # math.trunc of a SymFloat is int() (torch's bicubic decomposition has one)

    program = _compile(fn, (torch.randn(5), torch.randn(6)), ({0: N}, {0: Dim("M", min=1, max=64)}))
    for x, y in ((torch.randn(5), torch.randn(6)), (torch.randn(2), torch.randn(2)), (torch.randn(9), torch.randn(1))):
        got, want = program(x, y), fn(x, y)
        _same(got[:5], want[:5])
        _same(got[6], want[6])
        torch.testing.assert_close(got[5], want[5], rtol=1e-5, atol=1e-5)
    # numpy in, numpy out: scalars stay Python scalars
    got = program(np.ones(3, np.float32), np.ones(4, np.float32))
    assert got[:5] == (6, 0.75, False, True, 3) and isinstance(got[5], np.ndarray)


def test_symbolic_float_fill_values():
    """full / scalar_tensor / a tensor op whose value is a SymFloat or SymInt computed from sizes
    (interpolate's scales and quantile's positions are such values): one element, as eager converts it."""
    def fn(x):
        n = x.size(0)
        return (x + torch.full((n, 3), n / 2.0), torch.scalar_tensor(n * 0.25), torch.scalar_tensor(n / 3.0, dtype=torch.int64),
                torch.full((2, n), n > 4))

    program = _compile(fn, (torch.randn(5, 3),), {0: N})
    for n in (1, 5, 7, 12):
        x = torch.randn(n, 3)
        _same(program(x), fn(x))


def test_item_values_returned_and_compared():
    def fn(t, f, b):
        i, v, flag = t.item(), f.item(), b.item()
        return i + 1, v * 2.0, flag, i >= 2, v < 0.5

    program = _compile(fn, (torch.tensor(3), torch.tensor(0.25, dtype=torch.float64), torch.tensor(True)), (None, None, None))
    for t, f, b in ((3, 0.25, True), (-7, 1.5, False), (2, -0.0, True)):
        args = (torch.tensor(t), torch.tensor(f, dtype=torch.float64), torch.tensor(b))
        _same(program(*args), fn(*args))


def test_export_library_data_dependent_size_and_scalar_refusal(tmp_path):
    """The native library returns data-dependent sizes too; Python scalar results it refuses."""
    ep = export(FunctionModule(lambda x: torch.nonzero(x)), (torch.randn(4),), dynamic_shapes=(({0: N},),))
    program = exir_mlir.load_library(exir_mlir.export_library(ep, tmp_path / "nonzero.so"))
    for x in (np.array([0.0, 2.0, 0.0, 1.0, 5.0], np.float32), np.zeros(3, np.float32)):
        (got,) = program(x)
        np.testing.assert_array_equal(got, np.nonzero(x)[0][:, None])
    ep = export(FunctionModule(lambda x: x.size(0) * 2), (torch.randn(4),), dynamic_shapes=(({0: N},),))
    with pytest.raises(ExirUserError, match=r"returns Python scalars \(mul: .*use exir_mlir.compile"):
        exir_mlir.export_library(ep, tmp_path / "scalar.so")
