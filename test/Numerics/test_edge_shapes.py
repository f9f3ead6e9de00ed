"""Edge shapes: one program per op family exported with a dynamic dim (torch.export.Dim), compiled once,
run at sizes 0 (empty), 1, 2 and two ordinary sizes (one across a vector width), and compared with eager
(the per-op tolerances of _numerics_check.compare; NaN positions must match). The per-op sweep and the
edge-value record use each OpInfo sample's static shape; this covers the dynamic, empty and size-1 forms.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _numerics_check import compare  # noqa: E402

import exir_mlir  # noqa: E402

SIZES = (0, 1, 2, 5, 37)


def _fn(f):
    class M(torch.nn.Module):
        def forward(self, *xs):
            return f(*xs)

    return M()


# name -> (function, input factory of the dynamic size n, which dims of which inputs are n, min size)
CASES = {
    "add_broadcast": (lambda x, y: x + y, lambda n: (torch.randn(n, 3), torch.randn(3)), {0: {0: "n"}}, 0),
    "remainder": (lambda x, y: torch.remainder(x, y), lambda n: (torch.randn(n, 4) * 5, torch.randn(n, 4) + 3),
                  {0: {0: "n"}, 1: {0: "n"}}, 0),
    "round_ties": (lambda x: torch.round(x), lambda n: (torch.arange(n * 4, dtype=torch.float32).reshape(n, 4) / 2 - 3,),
                   {0: {0: "n"}}, 0),
    "where_nan": (lambda x: torch.where(x > 0, x, torch.nan), lambda n: (torch.randn(n, 3),), {0: {0: "n"}}, 0),
    "sum_rows": (lambda x: x.sum(0), lambda n: (torch.randn(n, 3),), {0: {0: "n"}}, 0),
    "mean_cols": (lambda x: x.mean(1), lambda n: (torch.randn(3, n),), {0: {1: "n"}}, 1),
    "amax_cols": (lambda x: x.amax(1), lambda n: (torch.randn(3, n),), {0: {1: "n"}}, 1),
    "argmax_cols": (lambda x: x.argmax(1), lambda n: (torch.randn(3, n).round(),), {0: {1: "n"}}, 1),
    "var_cols": (lambda x: x.var(1), lambda n: (torch.randn(3, n),), {0: {1: "n"}}, 2),
    "softmax_cols": (lambda x: torch.softmax(x, 1), lambda n: (torch.randn(2, n) * 30,), {0: {1: "n"}}, 1),
    "layer_norm_rows": (lambda x: torch.nn.functional.layer_norm(x, (8,)), lambda n: (torch.randn(n, 8),), {0: {0: "n"}}, 0),
    "cat": (lambda x, y: torch.cat([x, y], 0), lambda n: (torch.randn(n, 3), torch.randn(2, 3)), {0: {0: "n"}}, 0),
    "index_select": (lambda x, i: x.index_select(0, i), lambda n: (torch.randn(n, 3), torch.tensor([0, 0])),
                     {0: {0: "n"}}, 1),
    "gather_rows": (lambda x, i: x.gather(1, i), lambda n: (torch.randn(n, 4), torch.randint(0, 4, (n, 2))),
                    {0: {0: "n"}, 1: {0: "n"}}, 0),
    "matmul": (lambda a, b: a @ b, lambda n: (torch.randn(n, 8), torch.randn(8, 5)), {0: {0: "n"}}, 0),
    "slice_cols": (lambda x: x[:, 1:-1], lambda n: (torch.randn(n, 4),), {0: {0: "n"}}, 0),
}


@pytest.fixture(scope="module")
def compiled():
    cache = {}

    def get(name):
        if name not in cache:
            fn, make, dims, low = CASES[name]
            n = torch.export.Dim("n", min=max(low, 0), max=64)
            example = make(6)
            shapes = tuple({d: n for d in dims.get(i, {})} or None for i in range(len(example)))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ep = torch.export.export(_fn(fn), example, dynamic_shapes=(shapes,))
                cache[name] = (ep, exir_mlir.compile(ep, num_threads=1))
        return cache[name]

    return get


@pytest.mark.parametrize("name", sorted(CASES))
def test_dynamic_dim_at_empty_one_and_two_sizes(compiled, name):
    fn, make, _, low = CASES[name]
    ep, program = compiled(name)
    ran = 0
    for n in SIZES:
        if n < low:
            continue
        torch.manual_seed(n)
        inputs = make(n)
        expected = fn(*inputs)
        actual = program(*[t.clone() for t in inputs])
        difference = compare(actual, expected)
        assert not difference, f"{name} at n={n}: {difference}"
        ran += 1
    assert ran >= 3
