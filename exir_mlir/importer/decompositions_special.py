"""Decompositions of special functions (gamma family, zeta, Bessel functions, orthogonal polynomials, ...)
that survive `run_decompositions()` and have no usable torch._decomp entry.

Written with elementwise core ATen ops (where, arithmetic, exp/log/trig), so that the pipeline fuses
each into one vectorized elementwise loop. The algorithms are the published ones PyTorch's CPU kernels
use (Cephes, and the recurrences of aten/src/ATen/native/Math.h); the code is our own. Every function
computes in float64 and casts the result to the op's result dtype (an integer or bool input gives the
default float dtype, as torch promotes it): for float32 inputs this is at least as accurate as torch's
float kernels (several of which accumulate in double themselves).

Loops whose trip count torch takes from the data are bounded here, exactly:
- digamma's "while x < 10: x += 1" runs at most 10 times once x > 0 (after the reflection);
- zeta's "while i < 9 or a <= 9" runs 9 times for q > 0; for q <= 0 (only defined for an integer
  x) it runs about 9 - q times: here at most ZETA_TERMS, and a q below 9 - ZETA_TERMS gives NaN
  (so do polygamma's n >= 2 at such x);
- the polynomials of degree n (a tensor): the recurrences are unrolled POLYNOMIAL_STEPS times; where
  torch itself uses a closed form (Chebyshev) we use it for any n, elsewhere (Hermite, Laguerre,
  Legendre, and Chebyshev for |x| > 1) an n above POLYNOMIAL_STEPS gives NaN. A degree given as a
  Python number is unrolled exactly.
"""

from __future__ import annotations

import math
from typing import Callable

import torch

aten = torch.ops.aten

ZETA_TERMS = 48  # first-sum terms of zeta: exact for q > 9 - ZETA_TERMS
POLYNOMIAL_STEPS = 48  # recurrence steps for a tensor degree n: exact for n <= POLYNOMIAL_STEPS
_F64 = torch.float64
_MACHEP = 1.11022302462515654042e-16
_INF = math.inf
_NAN = math.nan


# ---------------------------------------------------------------------------------------- helpers

def _result_dtype(*xs) -> torch.dtype:
    tensors = [x for x in xs if isinstance(x, torch.Tensor)]
    dtype = torch.result_type(*xs) if len(xs) > 1 else tensors[0].dtype
    return dtype if dtype.is_floating_point else torch.get_default_dtype()


def _f64(x: torch.Tensor) -> torch.Tensor:
    return x if x.dtype == _F64 else aten._to_copy.default(x, dtype=_F64)


def _to(x: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    return x if x.dtype == dtype else aten._to_copy.default(x, dtype=dtype)


def _full(like: torch.Tensor, value: float) -> torch.Tensor:
    return aten.full_like.default(like, value)


def _where(cond: torch.Tensor, a, b) -> torch.Tensor:
    """torch.where with Python numbers allowed on either side (as float64 tensors shaped like the other)."""
    like = a if isinstance(a, torch.Tensor) else b if isinstance(b, torch.Tensor) else cond
    dtype = like.dtype if like.dtype.is_floating_point else _F64
    if not isinstance(a, torch.Tensor):
        a = aten.full_like.default(like, a, dtype=dtype)
    if not isinstance(b, torch.Tensor):
        b = aten.full_like.default(like, b, dtype=dtype)
    return aten.where.self(cond, a, b)


def _polevl(x: torch.Tensor, coefficients) -> torch.Tensor:
    """c[0] x^N + ... + c[N] (Horner)."""
    out = x * coefficients[0] + coefficients[1]
    for c in coefficients[2:]:
        out = out * x + c
    return out


def _p1evl(x: torch.Tensor, coefficients) -> torch.Tensor:
    """x^N + c[0] x^(N-1) + ... + c[N-1] (Cephes' p1evl: a leading coefficient of 1)."""
    return _polevl(x, [1.0, *coefficients])


def _chbevl(x: torch.Tensor, coefficients) -> torch.Tensor:
    """Clenshaw's sum of a Chebyshev series (Cephes' chbevl)."""
    b0 = _full(x, coefficients[0])
    b1 = _full(x, 0.0)
    b2 = b1
    for c in coefficients[1:]:
        b2 = b1
        b1 = b0
        b0 = x * b1 - b2 + c
    return 0.5 * (b0 - b2)


def _unary(fn: Callable[[torch.Tensor], torch.Tensor]) -> Callable:
    """An elementwise op of one tensor: fn sees float64, the result has the op's dtype."""
    def decomposition(x):
        return _to(fn(_f64(x)), _result_dtype(x))
    decomposition.__name__ = fn.__name__
    return decomposition


def _is_integer(x: torch.Tensor) -> torch.Tensor:
    return aten.eq.Tensor(x, aten.trunc.default(x))


# ------------------------------------------------------------------------------------- gamma family

def _lgamma_positive(y: torch.Tensor) -> torch.Tensor:
    """log Gamma(y) for y >= 0.5: Stirling's series at y (y >= 10) or at y + 8 shifted back."""
    small = aten.lt.Scalar(y, 10.0)
    z = _where(small, y + 8.0, y)
    shift = y * (y + 1.0) * (y + 2.0) * (y + 3.0) * (y + 4.0) * (y + 5.0) * (y + 6.0) * (y + 7.0)
    r = 1.0 / z
    r2 = r * r
    # B_2k / (2k (2k - 1) z^(2k-1)), k = 1..7
    series = r * _polevl(r2, [1.0 / 156, -691.0 / 360360, 1.0 / 1188, -1.0 / 1680, 1.0 / 1260, -1.0 / 360, 1.0 / 12])
    # (z - 1/2) log z - z, written so that z = inf gives inf (not inf - inf)
    out = (z - 0.5) * (aten.log.default(z) - 1.0) - 0.5 + 0.5 * math.log(2 * math.pi) + series
    return _where(small, out - aten.log.default(_where(small, shift, 1.0)), out)


def lgamma64(x: torch.Tensor) -> torch.Tensor:
    reflect = aten.lt.Scalar(x, 0.5)
    y = _where(reflect, 1.0 - x, x)
    positive = _lgamma_positive(y)
    # log(pi / |sin(pi x)|) with the argument reduced to [0, 1) first (exact), 0 and negative integers -> inf
    frac = x - aten.floor.default(x)
    reflected = math.log(math.pi) - aten.log.default(aten.sin.default(frac * math.pi)) - positive
    reflected = _where(aten.eq.Scalar(frac, 0.0), _INF, reflected)
    out = _where(reflect, reflected, positive)
    return _where(aten.isinf.default(x), _INF, out)


def digamma64(x: torch.Tensor) -> torch.Tensor:
    # Cephes psi, as ATen's calc_digamma: reflection for x < 0, recurrence up to x >= 10, asymptotic series.
    negative = aten.lt.Scalar(x, 0.0)
    frac = x - aten.trunc.default(x)
    reflection = math.pi / aten.tan.default(frac * math.pi)
    y = _where(negative, 1.0 - x, x)
    result = _full(y, 0.0)
    for _ in range(10):  # y > 0 here: 10 steps reach y >= 10
        low = aten.lt.Scalar(y, 10.0)
        result = _where(low, result - 1.0 / y, result)
        y = _where(low, y + 1.0, y)
    z = 1.0 / (y * y)
    tail = z * _polevl(z, [8.33333333333333333333e-2, -2.10927960927960927961e-2, 7.57575757575757575758e-3,
                          -4.16666666666666666667e-3, 3.96825396825396825397e-3, -8.33333333333333333333e-3,
                          8.33333333333333333333e-2])
    tail = _where(aten.lt.Scalar(y, 1.0e17), tail, 0.0)
    out = result + aten.log.default(y) - 0.5 / y - tail
    out = _where(aten.eq.Scalar(y, 10.0), result + 2.25175258906672110764, out)
    out = _where(negative, out - reflection, out)
    out = _where(negative & _is_integer(x), _NAN, out)
    # +-0 -> -+inf (the sign of zero: 1/x is +-inf)
    return _where(aten.eq.Scalar(x, 0.0), _where(aten.gt.Scalar(1.0 / x, 0.0), -_INF, _INF), out)


def trigamma64(x: torch.Tensor) -> torch.Tensor:
    reflect = aten.lt.Scalar(x, 0.5)
    s = aten.sin.default(x * math.pi)
    result = _where(reflect, -(math.pi * math.pi) / (s * s), 0.0)
    y = _where(reflect, 1.0 - x, x)
    for _ in range(6):
        result = result + 1.0 / (y * y)
        y = y + 1.0
    ixx = 1.0 / (y * y)
    result = result + (1.0 + 1.0 / (2.0 * y) + ixx * (1.0 / 6 - ixx * (1.0 / 30 - ixx * (1.0 / 42)))) / y
    return _where(reflect, -result, result)


_ZETA_A = [12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
           -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
           1.8152105401943546773e17, -7.1661652561756670113e18]


def zeta64(x: torch.Tensor, q: torch.Tensor) -> torch.Tensor:
    """Hurwitz zeta (Cephes, Euler-Maclaurin), the early exits of ATen's loop kept as masks."""
    x, q = aten.broadcast_tensors.default([x, q])
    s = aten.pow.Tensor_Tensor(q, -x)
    a = q
    b = _full(q, 0.0)
    done = aten.eq.Scalar(q, _INF) & aten.eq.Scalar(q, 0.0)  # all false, shaped like q
    for i in range(ZETA_TERMS):
        step = aten.logical_not.default(done)
        if i >= 9:
            step = step & aten.le.Scalar(a, 9.0)
        a = _where(step, a + 1.0, a)
        b = _where(step, aten.pow.Tensor_Tensor(a, -x), b)
        s = _where(step, s + b, s)
        done = done | (step & aten.lt.Tensor(-_MACHEP * s, b) & aten.lt.Tensor(b, _MACHEP * s))
    short = aten.logical_not.default(done) & aten.le.Scalar(a, 9.0)  # q too negative for ZETA_TERMS
    w = a
    tail = aten.logical_not.default(done)
    s = _where(tail, s + b * w / (x - 1.0) - 0.5 * b, s)
    a = _full(q, 1.0)
    k = 0.0
    for i in range(12):
        a = a * (x + k)
        b = b / w
        t = a * b / _ZETA_A[i]
        s = _where(tail, s + t, s)
        tail = tail & aten.logical_not.default(aten.lt.Scalar(aten.abs.default(t / s), _MACHEP))
        k += 1.0
        a = a * (x + k)
        b = b / w
        k += 1.0
    s = _where(short, _NAN, s)
    nonpositive = aten.le.Scalar(q, 0.0)
    s = _where(nonpositive & aten.logical_not.default(_is_integer(x)), _NAN, s)
    s = _where(nonpositive & _is_integer(q), _INF, s)
    s = _where(aten.lt.Scalar(x, 1.0), _NAN, s)
    return _where(aten.eq.Scalar(x, 1.0), _INF, s)


def polygamma64(n: int, x: torch.Tensor) -> torch.Tensor:
    if n == 0:
        return digamma64(x)
    if n == 1:
        return trigamma64(x)
    sign = 1.0 if n % 2 else -1.0
    return sign * math.exp(math.lgamma(n + 1.0)) * zeta64(_full(x, float(n + 1)), x)


def _polygamma(n, x):
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"polygamma(n, x) does not take n={n!r} (n is an integer >= 0)")
    return _to(polygamma64(n, _f64(x)), _result_dtype(x))


def _zeta(x, q):
    dtype = _result_dtype(x, q)
    if not isinstance(x, torch.Tensor):
        x = _full(q, float(x))
    if not isinstance(q, torch.Tensor):
        q = _full(x, float(q))
    return _to(zeta64(_f64(x), _f64(q)), dtype)


# -------------------------------------------------------------------------- orthogonal polynomials

_HERMITE_LIMIT = {torch.float32: 128, torch.float64: 512}  # ATen: a larger n gives NaN
_PYTHON_DEGREE_LIMIT = 1024  # a degree given as a number is unrolled exactly up to this


def _degree(x, n):
    """(x, n, steps, dtype): x and n as broadcast tensors of the result dtype (the recurrences run in it,
    as ATen's do: an overflow to inf becomes NaN two steps later there, and so here), n truncated toward zero as ATen's
    static_cast<int64_t> does (NaN, +-inf and |n| >= 2^63 become -1: every polynomial is then 0),
    and how many recurrence steps to unroll."""
    dtype = _result_dtype(x, n)
    if isinstance(n, torch.Tensor) and isinstance(x, torch.Tensor):
        steps = POLYNOMIAL_STEPS
    elif isinstance(n, torch.Tensor):
        x, steps = _full(_to(n, dtype), float(x)), POLYNOMIAL_STEPS
    else:
        n_value = float(n)
        steps = int(min(max(n_value, 0.0), _PYTHON_DEGREE_LIMIT)) if math.isfinite(n_value) else 0
        n = _full(_to(x, dtype), n_value)
    x, n = aten.broadcast_tensors.default([_to(x, dtype), _to(n, dtype)])
    n = aten.trunc.default(n)
    bad = aten.isnan.default(n) | aten.ge.Scalar(aten.abs.default(n), 2.0 ** 63)
    return x, _where(bad, -1.0, n), steps, dtype


def _even(n: torch.Tensor) -> torch.Tensor:
    return aten.eq.Scalar(aten.remainder.Scalar(n, 2.0), 0.0)


def _fms(a, b, c):
    """a * b - c rounded once, as the fused multiply-add ATen's compiled loops use: in float64 for a
    float32 result (the product of two floats is exact there), so that a * b alone does not overflow."""
    if a.dtype == torch.float32:
        return _to(_f64(a) * _f64(b) - _f64(c), torch.float32)
    return a * b - c


def _recurrence(n, first, step, steps, start=2):
    """q_1 = first; q_k = step(k, q_{k-1}, q_{k-2}) for k = start.. up to n; q_n (for n >= 1).
    step gives (a, c, d): q_k = (a q_{k-1} - c) / d (d None: no division)."""
    p = _full(first, 1.0)
    q = first
    for k in range(start, start + steps - 1):
        active = aten.ge.Scalar(n, float(k - start + 2))
        a, c, d = step(float(k), q, p)
        r = _fms(a, q, c)
        if d is not None:
            r = r / d
        p, q = _where(active, q, p), _where(active, r, q)
    return q


def _beyond(n, steps, out):
    """NaN where the degree is above the unrolled steps (a tensor degree only: a number is exact)."""
    return _where(aten.gt.Scalar(n, float(steps)), _NAN, out)


def _chebyshev(kind: str, y, n, steps, threshold: int, shifted: bool):
    """T/U/V/W_n(y) as ATen's chebyshev_polynomial_*_forward (and the shifted ones, y = 2x - 1):
    special values at |y| = 1, cos/sin of n acos(y) for n > threshold and |y| < 1, the three-term
    recurrence below. Above the unrolled steps: the hyperbolic closed form for |y| > 1."""
    one = _full(y, 1.0)
    even = _even(n)
    at_one = {
        "t": (one, _where(even, 1.0, -1.0)),
        "u": (n + 1.0, _where(even, n + 1.0, -(n + 1.0))),
        "v": (one, _where(even, 2.0 * n + 1.0, -(2.0 * n + 1.0))),
        "w": (2.0 * n + 1.0, _where(even, 1.0, -1.0)),
    }[kind]
    first = {"t": y, "u": y + y, "v": y + y - 1.0, "w": y + y + 1.0}[kind]
    out = _recurrence(n, first, lambda k, q, p: (y + y, p, None), steps)
    out = _where(aten.eq.Scalar(n, 1.0), first, out)
    out = _where(aten.eq.Scalar(n, 0.0), 1.0, out)
    # beyond the unrolled recurrence (|y| > 1: |y| < 1 takes the trigonometric form below)
    if steps < _PYTHON_DEGREE_LIMIT:
        ay = aten.abs.default(y)
        t = aten.acosh.default(aten.clamp_min.default(ay, 1.0))
        parity = _where(even, 1.0, -1.0)
        if kind == "t":
            big = aten.cosh.default(n * t) * _where(aten.lt.Scalar(y, 0.0), parity, 1.0)
        elif kind == "u":
            big = aten.sinh.default((n + 1.0) * t) / aten.sinh.default(t) * _where(aten.lt.Scalar(y, 0.0), parity, 1.0)
        else:
            # V_n(-y) = (-1)^n W_n(y), W_n(-y) = (-1)^n V_n(y)
            v = aten.cosh.default((n + 0.5) * t) / aten.cosh.default(0.5 * t)
            w = aten.sinh.default((n + 0.5) * t) / aten.sinh.default(0.5 * t)
            positive, negative = (v, w) if kind == "v" else (w, v)
            big = _where(aten.lt.Scalar(y, 0.0), parity * negative, positive)
        # the recurrence turns an overflow (and an infinite y) into NaN a step later: so does this
        big = _where(aten.isinf.default(big) | aten.isinf.default(y), _NAN, big)
        out = _where(aten.gt.Scalar(n, float(steps)) & aten.gt.Scalar(ay, 1.0), big, out)
    # torch's closed form inside (-1, 1) for n > threshold
    inside = aten.gt.Scalar(n, float(threshold)) & aten.lt.Scalar(aten.abs.default(y), 1.0)
    theta = aten.acos.default(_where(inside, y, 0.0))
    if kind == "t":
        trig = aten.cos.default(n * theta)
    elif kind == "u":
        s = aten.sin.default(theta)
        trig = _where(aten.ne.Scalar(s, 0.0), aten.sin.default((n + 1.0) * theta) / s,
                      (n + 1.0) * aten.cos.default((n + 1.0) * theta) / y)
    elif kind == "v":
        trig = _where(aten.ne.Scalar(aten.sin.default(theta / 2.0), 1.0),
                      aten.cos.default((n + 0.5) * theta) / aten.cos.default(theta / 2.0), at_one[1])
    else:
        fallback = at_one[1] if shifted else _where(aten.gt.Scalar(y, 0.0), 2.0 * n + 1.0, at_one[1])
        trig = _where(aten.ne.Scalar(aten.cos.default(theta / 2.0), 1.0),
                      aten.sin.default((n + 0.5) * theta) / aten.sin.default(theta / 2.0), fallback)
    out = _where(inside, trig, out)
    out = _where(aten.eq.Scalar(aten.abs.default(y), 1.0), _where(aten.gt.Scalar(y, 0.0), at_one[0], at_one[1]), out)
    return _where(aten.lt.Scalar(n, 0.0), 0.0, out)


def _chebyshev_op(kind: str, shifted: bool):
    thresholds = {("t", False): 6, ("u", False): 8, ("v", False): 8, ("w", False): 8,
                  ("t", True): 6, ("u", True): 6, ("v", True): 6, ("w", True): 4}

    def decomposition(x, n):
        x, n, steps, dtype = _degree(x, n)
        y = x + x - 1.0 if shifted else x
        out = _chebyshev(kind, y, n, steps, thresholds[kind, shifted], shifted)
        if shifted:  # ATen tests x == 1 and x == 0 itself (y = +-1 up to rounding)
            at_one = _chebyshev(kind, _where(aten.eq.Scalar(x, 1.0), 1.0, -1.0), n, 1, thresholds[kind, True], True)
            out = _where(aten.eq.Scalar(x, 1.0) | aten.eq.Scalar(x, 0.0), at_one, out)
        return _to(out, dtype)
    return decomposition


def _hermite(physicists: bool):
    def decomposition(x, n):
        x, n, steps, dtype = _degree(x, n)
        limit = _HERMITE_LIMIT.get(dtype, 1024)
        steps = min(steps, limit)
        if physicists:  # H: r = 2x q - k p, k = 2, 4, ...
            first = x + x
            out = _recurrence(n, first, lambda k, q, p: (x + x, (2.0 * (k - 1.0)) * p, None), steps)
        else:  # He: r = x q - k p, k = 1, 2, ...
            first = x
            out = _recurrence(n, first, lambda k, q, p: (x, (k - 1.0) * p, None), steps)
        out = _where(aten.eq.Scalar(n, 1.0), first, out)
        out = _beyond(n, steps, out)
        out = _where(aten.gt.Scalar(n, float(limit)), _NAN, out)
        out = _where(aten.eq.Scalar(n, 0.0), 1.0, out)
        return _to(_where(aten.lt.Scalar(n, 0.0), 0.0, out), dtype)
    return decomposition


def _laguerre(x, n):
    x, n, steps, dtype = _degree(x, n)
    first = 1.0 - x
    out = _recurrence(n, first, lambda k, q, p: (2.0 * (k - 1.0) + (1.0 - x), (k - 1.0) * p, k), steps)
    out = _where(aten.eq.Scalar(n, 1.0), first, out)
    out = _beyond(n, steps, out)
    out = _where(aten.eq.Scalar(n, 0.0) | aten.eq.Scalar(x, 0.0), 1.0, out)
    return _to(_where(aten.lt.Scalar(n, 0.0), 0.0, out), dtype)


def _legendre(x, n):
    x, n, steps, dtype = _degree(x, n)
    out = _recurrence(n, x, lambda k, q, p: ((2.0 * k - 1.0) * x, (k - 1.0) * p, k), steps)
    out = _where(aten.eq.Scalar(n, 1.0), x, out)
    out = _beyond(n, steps, out)
    out = _where(aten.eq.Scalar(n, 0.0), 1.0, out)
    ends = _where(aten.gt.Scalar(x, 0.0) | _even(n), 1.0, -1.0)
    out = _where(aten.eq.Scalar(aten.abs.default(x), 1.0), ends, out)
    return _to(_where(aten.lt.Scalar(n, 0.0), 0.0, out), dtype)


def _binary_overloads(packet, fn) -> dict:
    return {getattr(packet, name): fn for name in ("default", "x_scalar", "n_scalar")}


def table() -> dict:
    """The special-function decompositions, by OpOverload (own_table() in decompositions.py adds them)."""
    out = {
        aten.lgamma.default: _unary(lgamma64),
        aten.digamma.default: _unary(digamma64),
        aten.polygamma.default: _polygamma,
        aten.special_zeta.default: _zeta,
        aten.special_zeta.self_scalar: _zeta,
        aten.special_zeta.other_scalar: _zeta,
    }
    for kind in "tuvw":
        out.update(_binary_overloads(getattr(aten, f"special_chebyshev_polynomial_{kind}"), _chebyshev_op(kind, False)))
        out.update(_binary_overloads(getattr(aten, f"special_shifted_chebyshev_polynomial_{kind}"),
                                     _chebyshev_op(kind, True)))
    out.update(_binary_overloads(aten.special_hermite_polynomial_h, _hermite(True)))
    out.update(_binary_overloads(aten.special_hermite_polynomial_he, _hermite(False)))
    out.update(_binary_overloads(aten.special_laguerre_polynomial_l, _laguerre))
    out.update(_binary_overloads(aten.special_legendre_polynomial_p, _legendre))
    return out
