"""The bitwise/number-theory, scan/histogram and float-representation decompositions
(exir_mlir/importer/decompositions_bitwise.py, decompositions_scan.py, decompositions_float.py) against eager torch.

Two levels, both cheap:
- the decompositions run eagerly on real tensors (they are aten ops): every integer dtype on a grid with the
  extremes (min, max, 0, +-1) and random values, every shift count from below 0 to beyond the bit width, the
  Fibonacci worst case of Euclid's algorithm; exact equality (integer results, histogram counts), the corpus
  tolerances for logcumsumexp (+-inf, NaN, a prefix far below the maximum); frexp/nextafter/copysign/signbit bit-exact
  (sign bits included) on 0, -0, +-inf, NaN, subnormals, the largest values, powers of two and random magnitudes;
- compiled end to end (exir_mlir.compile) in one program with dynamic dims, at two sizes (bincount's output
  size is data-dependent: an unbacked size) (gcd in int8: the
  int64 form unrolls 92 Euclid steps and costs tens of seconds of export tracing).
"""

from __future__ import annotations

import math
import warnings

import pytest
import torch
from torch.export import Dim

import exir_mlir
from exir_mlir.errors import RuntimeCheckError
from exir_mlir.importer import decompositions_bitwise as bitwise
from exir_mlir.importer import decompositions_float as floats
from exir_mlir.importer import decompositions_scan as scan

warnings.filterwarnings("ignore", category=FutureWarning)

aten = torch.ops.aten
BITWISE = bitwise.table()
SCAN = scan.table()
FLOATS = floats.table()
INTEGERS = [torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64]
INF, NAN = math.inf, math.nan


def _grid(dtype: torch.dtype) -> torch.Tensor:
    info = torch.iinfo(dtype)
    special = [0, 1, 2, 3, 5, 7, 12, info.max, info.max - 1, info.min, info.min + 1, -1, -2, -3, -7, -12]
    special = [v for v in special if info.min <= v <= info.max]
    rnd = torch.randint(info.min, info.max, (60,), generator=torch.Generator().manual_seed(0), dtype=torch.int64)
    return torch.cat([torch.tensor(special, dtype=dtype), rnd.to(dtype)])


@pytest.mark.parametrize("dtype", INTEGERS, ids=str)
def test_shifts(dtype):
    info = torch.iinfo(dtype)
    x = _grid(dtype)
    counts = torch.tensor(range(-3 if info.min < 0 else 0, info.bits + 3), dtype=dtype)
    xx, ss = (t.flatten() for t in torch.meshgrid(x, counts, indexing="ij"))
    assert torch.equal(BITWISE[aten.bitwise_left_shift.Tensor](xx, ss), xx << ss)
    assert torch.equal(BITWISE[aten.bitwise_right_shift.Tensor](xx, ss), xx >> ss)
    assert torch.equal(BITWISE[aten.bitwise_right_shift.Tensor_Scalar](xx, 3), xx >> 3)
    assert torch.equal(BITWISE[aten.bitwise_left_shift.Scalar_Tensor](3, ss), torch.bitwise_left_shift(3, ss))
    assert torch.equal(BITWISE[aten.__lshift__.Scalar](xx, 2), xx << 2)


@pytest.mark.parametrize("dtype", INTEGERS, ids=str)
def test_gcd_lcm(dtype):
    info = torch.iinfo(dtype)
    a, b = (t.flatten() for t in torch.meshgrid(_grid(dtype), _grid(dtype), indexing="ij"))
    assert torch.equal(BITWISE[aten.gcd.default](a, b), torch.gcd(a, b))  # |min| wraps, as ATen's
    # eager lcm traps (SIGFPE: min / -1) on min for 32 and 64 bits: compared without it, run with it
    keep = ((a != info.min) & (b != info.min)) if info.bits >= 32 else torch.ones_like(a, dtype=torch.bool)
    assert torch.equal(BITWISE[aten.lcm.default](a, b)[keep], torch.lcm(a[keep], b[keep]))
    BITWISE[aten.lcm.default](a, b)


def test_gcd_worst_case():
    fib = [1, 1]
    while fib[-1] < 2 ** 62:
        fib.append(fib[-1] + fib[-2])
    a, b = torch.tensor([fib[-1], fib[-2], fib[-3]]), torch.tensor([fib[-2], fib[-1], fib[-1]])
    assert torch.equal(BITWISE[aten.gcd.default](a, b), torch.gcd(a, b))
    # one Euclid step fewer than Lame's bound would leave the worst case unfinished (the bound is tight)
    assert bitwise.euclid_steps(torch.int64) == 92


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_logcumsumexp(dtype):
    rtol, atol = (1e-4, 1e-5) if dtype == torch.float32 else (1e-7, 1e-7)
    x = torch.randn(3, 17, 5, dtype=dtype, generator=torch.Generator().manual_seed(1)) * 30
    x[0, 3, 1], x[1, 2, 2], x[2, 5, 3] = INF, -INF, NAN
    x[1, :, 4] = -INF
    x[2, :, 0] = torch.tensor([-1000.0] * 8 + [0.0] * 9, dtype=dtype)  # a cumsum of exp would underflow to -inf
    for d in (0, 1, -1):
        assert torch.allclose(SCAN[aten.logcumsumexp.default](x, d), torch.logcumsumexp(x, d), rtol, atol,
                              equal_nan=True), d


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_histc(dtype):
    inputs = [torch.randn(50, 3, dtype=dtype, generator=torch.Generator().manual_seed(2)),
              torch.linspace(-1, 1, 41, dtype=dtype),  # elements on bin edges
              torch.tensor([0.5] * 4, dtype=dtype), torch.randint(-3, 3, (60,)).to(dtype), torch.empty(0, dtype=dtype),
              torch.tensor([-3e38, 3e38, 0.0], dtype=dtype)]  # float32: hi - lo overflows, eager counts nothing
    for bins, lo, hi in [(10, 0, 0), (7, -1.0, 1.0), (5, 0.3, 0.3), (100, -3, 2), (4, 0, 0)]:
        for x in inputs:
            assert torch.equal(SCAN[aten.histc.default](x, bins, lo, hi), torch.histc(x, bins, lo, hi)), (bins, lo, hi, x)
    with_nan = torch.tensor([-1.0, 1.0, NAN, 0.0, 2.0], dtype=dtype)  # NaN is not counted
    assert torch.equal(SCAN[aten.histc.default](with_nan, 4, -1, 1), torch.histc(with_nan, 4, -1, 1))


def test_bincount():
    x = torch.tensor([0, 3, 3, 1, 7])
    w32, w64 = torch.rand(5), torch.rand(5, dtype=torch.float64)
    for args, kwargs in [((x,), {}), ((x, w32), {}), ((x, w64), {"minlength": 12}), ((x.to(torch.uint8),), {}),
                         ((torch.empty(0, dtype=torch.int64),), {"minlength": 3}), ((x, x), {})]:
        ours, eager = SCAN[aten.bincount.default](*args, **kwargs), torch.bincount(*args, **kwargs)
        assert ours.dtype == eager.dtype and torch.equal(ours, eager), (args, kwargs)


def _same_floats(ours, eager):
    """Equal values, NaN positions and sign bits (-0.0 is not 0.0 here)."""
    return ours.dtype == eager.dtype and torch.allclose(ours, eager, 0, 0, equal_nan=True) and \
        torch.equal(ours.signbit(), eager.signbit())


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_float_representation(dtype):
    fi = torch.finfo(dtype)
    special = [0.0, -0.0, 1.0, 0.5, -3.0, INF, -INF, NAN, 1e-40, 1e-45, fi.max, -fi.max, fi.tiny, fi.tiny / 2, 0.75,
               2.0, -2.0, 4.0, 1e-300, 5e-324, 3.0, 1 / 3]
    g = torch.Generator().manual_seed(4)
    x = torch.cat([torch.tensor(special, dtype=dtype),
                   torch.randn(200, dtype=dtype, generator=g) * torch.logspace(-30, 30, 200, dtype=dtype)])
    mantissa, exponent = FLOATS[aten.frexp.Tensor](x)
    want_mantissa, want_exponent = torch.frexp(x)
    assert torch.equal(exponent, want_exponent) and _same_floats(mantissa, want_mantissa)
    toward = torch.tensor([0.0, -0.0, 1.0, -1.0, INF, -INF, NAN, 1e-30, 2.0], dtype=dtype)
    xx, yy = (t.flatten() for t in torch.meshgrid(x, toward, indexing="ij"))
    assert _same_floats(FLOATS[aten.nextafter.default](xx, yy), torch.nextafter(xx, yy))
    # hypot as C's (+inf with an infinite operand, even beside a NaN), within two ulps
    ours, eager = FLOATS[aten.hypot.default](xx, yy), torch.hypot(xx, yy)
    assert torch.allclose(ours, eager, rtol=2 * fi.eps, atol=0, equal_nan=True), (xx, yy, ours, eager)
    yy = torch.where(yy.isnan(), torch.zeros_like(yy), yy)  # a NaN sign operand is a run-time error (below)
    assert torch.equal(FLOATS[aten.signbit.default](yy), torch.signbit(yy))
    ints = torch.tensor([-3, 0, 5, -(2**62)])
    assert torch.equal(FLOATS[aten.signbit.default](ints), torch.signbit(ints))
    assert _same_floats(FLOATS[aten.copysign.Tensor](xx, yy), torch.copysign(xx, yy))
    assert _same_floats(FLOATS[aten.copysign.Scalar](xx, -0.0), torch.copysign(xx, -0.0))


def _program(a, b, x):
    return (torch.gcd(a, b), torch.lcm(a, b), a << (b % 20 - 2), a >> (b % 20 - 2), torch.logcumsumexp(x, 1),
            torch.histc(x.clamp(-8, 8), 7), torch.histc(x, 5, -1.0, 1.0), *torch.frexp(x), torch.nextafter(x, x.flip(1)),
            torch.copysign(x, x.flip(0)), torch.bincount((a.to(torch.int64) + 200) % 50, minlength=3))


def test_compiled_dynamic():
    class M(torch.nn.Module):
        def forward(self, a, b, x):
            return _program(a, b, x)

    def inputs(n, m, seed):
        g = torch.Generator().manual_seed(seed)
        a = torch.randint(-120, 120, (n,), generator=g, dtype=torch.int8)
        b = torch.randint(-120, 120, (n,), generator=g, dtype=torch.int8)
        x = torch.randn(n, m, generator=g) * 5
        x[0, 1], x[-1, 2] = -INF, INF
        return a, b, x

    n, m = Dim("n"), Dim("m")
    ep = torch.export.export(M(), inputs(4, 6, 0), dynamic_shapes=({0: n}, {0: n}, {0: n, 1: m}), strict=False)
    program = exir_mlir.compile(ep)
    for size in ((4, 6), (9, 33)):
        args = inputs(*size, 3)
        for i, (ours, eager) in enumerate(zip(program(*args), _program(*args), strict=True)):
            assert ours.dtype == eager.dtype, i
            assert torch.allclose(ours, eager, 1e-4, 1e-5, equal_nan=True), (i, ours, eager)
            if ours.is_floating_point():
                assert torch.equal(ours.signbit(), eager.signbit()), i
    # copysign's sign operand with a NaN (whose sign bit exir-mlir cannot read) stops the call
    a, b, x = inputs(5, 7, 4)
    x[2, 3] = NAN
    with pytest.raises(RuntimeCheckError, match="cannot compute copysign with a NaN"):
        program(a, b, x)
