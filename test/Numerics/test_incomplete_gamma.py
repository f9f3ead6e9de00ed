"""igamma / igammac (torch.special.gammainc / gammaincc): the decomposition in
exir_mlir/importer/decompositions_special.py against eager torch.

- eagerly (the decomposition is aten ops: it runs on real tensors): a grid of a and x over many decades plus
  ATen's special values (0, -0, negatives, +-inf, NaN), float32 and float64, at the corpus tolerances;
- inputs the fixed-step series / continued fraction cannot reach (x close to a large a) stop with an
  error, never a silently inaccurate value;
- one compiled program with a dynamic dim (two sizes), and the run-time error there.
"""

from __future__ import annotations

import math
import warnings

import pytest
import torch
from _special_check import assert_matches
from torch.export import Dim

import exir_mlir
from exir_mlir.errors import RuntimeCheckError
from exir_mlir.importer import decompositions_special as special

warnings.filterwarnings("ignore", category=FutureWarning)

aten = torch.ops.aten
TABLE = special.table()
INF, NAN = math.inf, math.nan
SPECIAL = [0.0, -0.0, -1.0, -1e-3, INF, -INF, NAN]
# a <= 16: every x converges; the corpus' samples lie in (0, 9]
A = [1e-6, 1e-3, 0.1, 0.5, 1.0, 1.5, 2.0, 3.3, 5.0, 8.99, 9.0, 12.0, 16.0, *SPECIAL]
X = [1e-8, 1e-3, 0.1, 0.5, 0.99, 1.0, 1.01, 1.1, 2.0, 3.0, 4.99, 5.0, 6.5, 9.0, 10.0, 13.0, 17.0, 30.0, 100.0,
     1e4, *SPECIAL]
# larger a away from x ~ a
FAR = [(30.0, 3.0), (30.0, 200.0), (100.0, 1.0), (100.0, 1000.0), (1e4, 10.0), (1e4, 1e6), (200.0, 1e-3)]


def _grid(dtype):
    a, x = torch.meshgrid(torch.tensor(A, dtype=dtype), torch.tensor(X, dtype=dtype), indexing="ij")
    far = torch.tensor(FAR, dtype=dtype)
    return torch.cat([a.flatten(), far[:, 0]]), torch.cat([x.flatten(), far[:, 1]])


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_eager_grid(dtype):
    a, x = _grid(dtype)
    assert_matches(TABLE[aten.igamma.default](a, x), torch.igamma(a, x), dtype, "igamma")
    assert_matches(TABLE[aten.igammac.default](a, x), torch.igammac(a, x), dtype, "igammac")
    # broadcasting, and the mixed float32/float64 result dtype
    a32 = torch.tensor([[0.5], [3.0], [8.0]])
    x64 = torch.tensor([0.2, 2.0, 7.5, 20.0], dtype=torch.float64)
    assert_matches(TABLE[aten.igammac.default](a32, x64), torch.igammac(a32, x64), torch.float64, "broadcast")


def test_not_converged_is_an_error():
    # x ~ a for a large a: torch switches to an asymptotic expansion; we stop instead of guessing
    a = torch.tensor([2.0, 50.0], dtype=torch.float64)
    x = torch.tensor([1.0, 51.0], dtype=torch.float64)
    with pytest.raises(RuntimeError, match="cannot compute igammac"):
        TABLE[aten.igammac.default](a, x)


def _compiled(fn, *inputs):
    class M(torch.nn.Module):
        def forward(self, *xs):
            return fn(*xs)

    shapes = (tuple({0: Dim.AUTO} for _ in inputs),)
    return exir_mlir.compile(torch.export.export(M(), inputs, dynamic_shapes=shapes, strict=False))


def _upper(a, x):  # one op only: each compiled copy costs seconds of export tracing (the corpus compiles both)
    return (torch.special.gammaincc(a, x),)


def test_compiled_dynamic_float32():
    a = torch.tensor([0.5, 1.0, 3.3, 8.99, 12.0, 0.0, 2.0, -1.0, INF, 1.0, NAN, 0.1, 5.0, 16.0, 4.0, 7.0])
    x = torch.tensor([0.1, 1.0, 2.0, 9.0, 13.0, 1.0, 0.0, 1.0, 2.0, INF, 1.0, 30.0, 4.99, 1e4, 6.5, 0.99])
    program = _compiled(_upper, a, x)
    for size in (16, 11):  # the export size and another one
        for ours, eager in zip(program(a[:size], x[:size]), _upper(a[:size], x[:size]), strict=True):
            assert_matches(ours, eager, torch.float32, "compiled float32")
    with pytest.raises(RuntimeCheckError, match="cannot compute igammac"):
        program(torch.tensor([3.0, 60.0]), torch.tensor([1.0, 61.0]))
