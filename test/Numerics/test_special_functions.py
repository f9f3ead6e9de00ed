"""The special-function decompositions (exir_mlir/importer/decompositions_special.py) against eager torch.

Two levels, both cheap:
- the decompositions themselves, run eagerly (they are aten ops, so they run on real tensors): every
  function on a grid of ordinary and special values (0, -0, negative integers, poles, +-inf, NaN, large
  arguments, the branch points of each approximation), float32 and float64, at the corpus tolerances;
- compiled end to end (exir_mlir.compile): a few of them in one program with a dynamic dim, float32 at two
  sizes, and one static float64 program (every compile costs seconds of torch's export tracing: kept few).
"""

from __future__ import annotations

import math
import warnings

import pytest
import torch
from _special_check import assert_matches
from torch.export import Dim

import exir_mlir
from exir_mlir.importer import decompositions_special as special

warnings.filterwarnings("ignore", category=FutureWarning)

aten = torch.ops.aten
TABLE = special.table()
DTYPES = [torch.float32, torch.float64]
INF, NAN = math.inf, math.nan

GRID = [0.0, -0.0, 1.0, 2.0, -1.0, -2.0, -2.5, 0.5, 1e-8, -1e-8, 3.7, 9.99, 10.0, 10.5, 25.3, 100.0, 1e5, 1e20,
        -7.3, -8.478, -33.2, 0.1, 0.9, 1.5, 4.2, 8.0, 8.01, -8.0, 0.7, -0.7, 0.99, -0.99, 0.999999, 0.3, 2.09,
        -2.09, 5.0, -5.0, 103.0, 104.0, -26.8, -6.2, 2.49, 2.51, 1e300, INF, -INF, NAN]

UNARY = {
    "lgamma": (aten.lgamma.default, torch.lgamma),
    "digamma": (aten.digamma.default, torch.digamma),
    "erfinv": (aten.erfinv.default, torch.erfinv),
    "i0": (aten.i0.default, torch.i0),
    "i0e": (aten.special_i0e.default, torch.special.i0e),
    "i1": (aten.special_i1.default, torch.special.i1),
    "i1e": (aten.special_i1e.default, torch.special.i1e),
    "ndtri": (aten.special_ndtri.default, torch.special.ndtri),
    "erfcx": (aten.special_erfcx.default, torch.special.erfcx),
    "log_ndtr": (aten.special_log_ndtr.default, torch.special.log_ndtr),
    "airy_ai": (aten.special_airy_ai.default, torch.special.airy_ai),
    "spherical_bessel_j0": (aten.special_spherical_bessel_j0.default, torch.special.spherical_bessel_j0),
    **{name: (getattr(aten, f"special_{name}").default, getattr(torch.special, name))
       for name in ["bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "modified_bessel_i0",
                    "modified_bessel_i1", "modified_bessel_k0", "modified_bessel_k1",
                    "scaled_modified_bessel_k0", "scaled_modified_bessel_k1"]},
}

POLYNOMIALS = ["chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v",
               "chebyshev_polynomial_w", "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u",
               "shifted_chebyshev_polynomial_v", "shifted_chebyshev_polynomial_w", "hermite_polynomial_h",
               "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p"]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary(name, dtype):
    overload, eager = UNARY[name]
    x = torch.cat([torch.tensor(GRID, dtype=dtype), torch.linspace(-12, 12, 97, dtype=dtype),
                   torch.linspace(-1, 1, 41, dtype=dtype)])
    assert_matches(TABLE[overload](x), eager(x), dtype, name)


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_gamma_family_and_zeta(dtype):
    x = torch.tensor(GRID, dtype=dtype)
    for n in range(5):
        ours, eager = TABLE[aten.polygamma.default](n, x), torch.polygamma(n, x)
        # documented: zeta (polygamma n >= 2) of q below 9 - ZETA_TERMS is NaN; poles of trigamma are
        # "infinite" in both (torch's float32 gives sin(pi x) != 0 there: a huge finite value)
        short = (x < 9 - special.ZETA_TERMS) & (x != x.trunc()) & (n >= 2)
        keep = ~short & ~((n == 1) & (x <= 0) & (x == x.trunc()))
        assert_matches(ours[keep], eager[keep], dtype, f"polygamma {n}")
        assert ours[short].isnan().all()
    s = torch.tensor([1.0, 1.5, 2.0, 3.0, 0.5, 10.0, 30.0, 2.0, 4.0, 5.0, 3.0, INF, 2.0, NAN], dtype=dtype)
    q = torch.tensor([1.0, 2.0, -1.5, 0.3, 1.0, 1e-3, 5.0, -8.478, -8.5, 0.0, 1e6, 2.0, -3.0, 1.0], dtype=dtype)
    assert_matches(TABLE[aten.special_zeta.default](s, q), torch.special.zeta(s, q), dtype, "zeta")
    # integer inputs promote to the default float dtype, as torch does
    i = torch.arange(-3, 6)
    assert_matches(TABLE[aten.lgamma.default](i), torch.lgamma(i), torch.float32, "lgamma int")


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("name", POLYNOMIALS)
def test_polynomials(name, dtype):
    x = torch.tensor([0.0, 1.0, -1.0, 0.5, -0.5, 0.3, 0.99, -0.7, 1.5, -1.5, 2.0, -3.0, 8.4, -8.478, 0.25, 0.75, 1e-3,
                      -12.0, 11.3, NAN, INF], dtype=dtype)
    n = torch.tensor([-1.0, 0.0, 1.0, 2.0, 3.0, 3.612, 5.0, 6.0, 7.0, 9.0, 10.0, 16.0, 20.0, 29.0, 30.0, 31.0, 60.0,
                      NAN, -INF], dtype=dtype)
    xx, nn = torch.meshgrid(x, n, indexing="ij")
    overloads = getattr(aten, f"special_{name}")
    eager = getattr(torch.special, name)
    ours = TABLE[overloads.default](xx, nn)
    want = eager(xx, nn)
    if not name.endswith(("_t", "_u", "_v", "_w")):
        # documented: a tensor degree above POLYNOMIAL_STEPS gives NaN (Chebyshev: exact for any n)
        # (the exact special values, x = 0 for Laguerre and |x| = 1 for Legendre, stay exact)
        beyond = (nn.trunc() > special.POLYNOMIAL_STEPS) & ours.isnan()
        assert beyond.sum() >= 0.8 * (nn.trunc() > special.POLYNOMIAL_STEPS).sum()
        ours, want = ours[~beyond], want[~beyond]
    assert_matches(ours, want, dtype, name)
    # a degree given as a number (the n_scalar overload) is unrolled exactly
    assert_matches(TABLE[overloads.n_scalar](x[:-2], 23), eager(x[:-2], 23), dtype, f"{name} n=23")


def _compiled(fn, *inputs, dynamic):
    class M(torch.nn.Module):
        def forward(self, *xs):
            return fn(*xs)

    shapes = (tuple({0: Dim.AUTO} for _ in inputs),) if dynamic else None
    ep = torch.export.export(M(), inputs, dynamic_shapes=shapes, strict=False)
    return exir_mlir.compile(ep)


def _several(x, n):
    return (torch.digamma(x), torch.special.bessel_j0(x), torch.special.i1e(x), torch.special.ndtri(x.sigmoid()),
            torch.special.chebyshev_polynomial_t(x, n))


def test_compiled_dynamic_float32():
    grid = torch.tensor([0.0, -0.0, 1.0, -1.0, -2.5, 0.5, 1e-8, 3.7, 10.0, 25.3, -7.3, 5.0, 8.01, INF, -INF, NAN])
    degrees = torch.tensor([0.0, 1.0, 2.0, 3.0, 5.0, 7.0, 9.0, 12.0, 3.0, 4.0, 6.0, 8.0, 10.0, 2.0, 1.0, 0.0])
    program = _compiled(_several, grid, degrees, dynamic=True)
    for size in (16, 11):  # the export size and another one
        x, n = grid[:size], degrees[:size]
        for ours, eager in zip(program(x, n), _several(x, n), strict=True):
            assert_matches(ours, eager, torch.float32, "compiled float32")


def test_compiled_static_float64():
    def f(x):
        return torch.lgamma(x), torch.special.modified_bessel_k1(x), torch.erfinv(x.tanh())

    x = torch.tensor([0.0, 1.0, -1.0, -2.5, 0.5, 1e-8, 3.7, 10.0, 25.3, -7.3, 2.0, 1e5, INF, NAN], dtype=torch.float64)
    program = _compiled(f, x, dynamic=False)
    for ours, eager in zip(program(x), f(x), strict=True):
        assert_matches(ours, eager, torch.float64, "compiled float64")
