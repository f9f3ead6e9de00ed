"""Decompositions of ops on the floating-point representation (frexp, nextafter, copysign, signbit, hypot)
-> core ATen.

Core ATen (and exir-mlir's edge dialect) has no bitcast, so the exponent is computed, not read:
e = floor(log2|x|) + 1 in float64, then corrected by one where |x| * 2**-e falls outside [0.5, 1) (log2 may be
an ulp off next to a power of two); powers of two are built exactly from the bits of the exponent (a product
of constants 2**(+-2**k), one select per bit), never with exp2/pow, whose results need not be exact.
- frexp(x) = (mantissa in x's dtype, exponent int32) as ATen's std::frexp: (x, 0) for 0, +-inf and NaN.
- nextafter(x, y) = x +- one ulp of x's dtype (float32 or float64) toward y: the ulp is 2**(e - p) (p the
  precision: 24, 53), half that when stepping toward zero from a power of two, the smallest subnormal at
  least; y where x == y, NaN where either is NaN, +-smallest subnormal from +-0, +-largest from +-inf.
- copysign(a, b) = |a| with b's sign, signbit(x) = x's sign; -0.0 counts as negative (1/x is -inf). The sign
  bit of a NaN cannot be read without a bitcast: a NaN there stops the program with an error (a run-time
  check), never a guess.
- hypot(a, b) as C's: scaled by the larger magnitude, +inf where either is infinite (even with a NaN).
"""

from __future__ import annotations

import torch

from exir_mlir.errors import UNSUPPORTED_VALUE_PREFIX

aten = torch.ops.aten
_F64 = torch.float64
_PRECISION = {torch.float32: 24, torch.float64: 53, torch.float16: 11, torch.bfloat16: 8}
_MIN_EXPONENT = {torch.float32: -125, torch.float64: -1021, torch.float16: -13, torch.bfloat16: -125}  # frexp's


def _float_dtype(*xs) -> torch.dtype:
    dtype = torch.result_type(*xs) if len(xs) > 1 else xs[0].dtype
    return dtype if dtype.is_floating_point else torch.get_default_dtype()


def _tensor(x, dtype, like):
    if isinstance(x, torch.Tensor):
        return x if x.dtype == dtype else aten._to_copy.default(x, dtype=dtype)
    return aten.full.default([], x, dtype=dtype, device=like.device)


def _bits(dtype: torch.dtype) -> int:
    """Bits of the exponents _pow2 sees for values of `dtype` (float64: up to 1100; the others: up to 180)."""
    return 11 if dtype == _F64 else 8


def _pow2(k: torch.Tensor, bits: int) -> torch.Tensor:
    """2**k in float64 for an integer-valued float64 tensor k, |k| < 2**bits, |k| <= 1023: exact."""
    negative = aten.lt.Scalar(k, 0)
    magnitude = aten._to_copy.default(aten.abs.default(k), dtype=torch.int64)
    up = aten.ones_like.default(k)
    down = aten.ones_like.default(k)
    for bit in range(bits):
        set_ = aten.ne.Scalar(aten.bitwise_and.Scalar(magnitude, 1 << bit), 0)
        if bit < 10:
            up = aten.where.self(set_, aten.mul.Scalar(up, 2.0 ** (1 << bit)), up)
        down = aten.where.self(set_, aten.mul.Scalar(down, 2.0 ** -(1 << bit)), down)
    return aten.where.self(negative, down, up)


def _scale(x: torch.Tensor, k: torch.Tensor, bits: int) -> torch.Tensor:
    """x * 2**k in float64, in two halves so that neither factor overflows (|k| up to about 2100)."""
    half = aten.div.Tensor_mode(k, 2.0, rounding_mode="trunc")
    return aten.mul.Tensor(aten.mul.Tensor(x, _pow2(half, bits)), _pow2(aten.sub.Tensor(k, half), bits))


def _frexp64(x: torch.Tensor, dtype: torch.dtype):
    """(mantissa, exponent) of a float64 tensor holding values of `dtype`, exponent as float64; (x, 0) for 0,
    +-inf, NaN."""
    magnitude = aten.abs.default(x)
    finite = aten.logical_and.default(aten.ne.Scalar(magnitude, 0.0), aten.lt.Scalar(magnitude, float("inf")))
    safe = aten.where.self(finite, magnitude, aten.ones_like.default(magnitude))  # NaN: not finite, so 1
    e = aten.add.Scalar(aten.floor.default(aten.log2.default(safe)), 1.0)
    m = _scale(safe, aten.neg.default(e), _bits(dtype))
    high = aten.ge.Scalar(m, 1.0)
    e = aten.where.self(high, aten.add.Scalar(e, 1.0), e)
    m = aten.where.self(high, aten.mul.Scalar(m, 0.5), m)
    low = aten.lt.Scalar(m, 0.5)
    e = aten.where.self(low, aten.sub.Scalar(e, 1.0), e)
    m = aten.where.self(low, aten.mul.Scalar(m, 2.0), m)
    m = aten.where.self(aten.lt.Scalar(x, 0.0), aten.neg.default(m), m)
    return aten.where.self(finite, m, x), aten.where.self(finite, e, aten.zeros_like.default(e))


def frexp(x: torch.Tensor):
    if not x.dtype.is_floating_point:
        raise RuntimeError(f"torch.frexp() only supports floating-point dtypes, not {x.dtype}")  # as eager
    m, e = _frexp64(aten._to_copy.default(x, dtype=_F64), x.dtype)
    return aten._to_copy.default(m, dtype=x.dtype), aten._to_copy.default(e, dtype=torch.int32)


def nextafter(a, b):
    dtype = _float_dtype(a, b)
    like = a if isinstance(a, torch.Tensor) else b
    x, y = _tensor(a, dtype, like), _tensor(b, dtype, like)
    if dtype not in (torch.float32, torch.float64):
        raise RuntimeError(f"nextafter of {dtype} is not supported by exir-mlir's decomposition (float32, float64)")
    p = _PRECISION[dtype]
    x64 = aten._to_copy.default(x, dtype=_F64)
    m, e = _frexp64(x64, dtype)
    tiny = 2.0 ** (_MIN_EXPONENT[dtype] - p)  # the smallest subnormal
    ulp = aten.clamp_min.default(_pow2(aten.sub.Scalar(e, float(p)), _bits(dtype)), tiny)
    away = aten.eq.Tensor(aten.gt.Tensor(y, x), aten.gt.Scalar(x, 0.0))  # |x| grows
    power_of_two = aten.eq.Scalar(aten.abs.default(m), 0.5)
    step = aten.where.self(aten.logical_or.default(away, aten.logical_not.default(power_of_two)), ulp,
                           aten.clamp_min.default(aten.mul.Scalar(ulp, 0.5), tiny))
    magnitude = aten.abs.default(x64)
    stepped = aten.where.self(away, aten.add.Tensor(magnitude, step), aten.sub.Tensor(magnitude, step))
    out = aten._to_copy.default(aten.where.self(aten.lt.Scalar(x64, 0.0), aten.neg.default(stepped), stepped),
                                dtype=dtype)
    from_zero = aten.where.self(aten.gt.Scalar(y, 0.0), aten.full_like.default(x, tiny),
                                aten.full_like.default(x, -tiny))
    out = aten.where.self(aten.eq.Scalar(x, 0.0), from_zero, out)
    largest = torch.finfo(dtype).max  # from +-inf toward y: the largest finite value
    out = aten.where.self(aten.isinf.default(x), aten.where.self(aten.gt.Scalar(x, 0.0), aten.full_like.default(x, largest),
                                                                 aten.full_like.default(x, -largest)), out)
    out = aten.where.self(aten.eq.Tensor(x, y), y, out)
    nan = aten.logical_or.default(aten.isnan.default(x), aten.isnan.default(y))
    return aten.where.self(nan, aten.full_like.default(out, float("nan")), out)


def _sign_bit(s: torch.Tensor, op: str) -> torch.Tensor:
    """Whether float s has its sign bit set: s < 0, or s = -0.0 (1/s is -inf). A NaN's sign bit cannot be
    read without a bitcast: a NaN in s stops the program with an error (a run-time check), never a guess."""
    no_nan = aten.logical_not.default(aten.any.default(aten.isnan.default(s)))
    aten._assert_async.msg(no_nan, f"{UNSUPPORTED_VALUE_PREFIX}{op} with a NaN in its sign operand: it "
                                   "cannot read a NaN's sign bit (no bitcast); replace NaNs there (e.g. "
                                   f"torch.nan_to_num) before {op}")
    return aten.logical_or.default(
        aten.lt.Scalar(s, 0.0),
        aten.logical_and.default(aten.eq.Scalar(s, 0.0), aten.lt.Scalar(aten.reciprocal.default(s), 0.0)))


def copysign(a, b):
    dtype = _float_dtype(a, b)
    like = a if isinstance(a, torch.Tensor) else b
    x, s = _tensor(a, dtype, like), _tensor(b, dtype, like)
    magnitude = aten.abs.default(x)
    return aten.where.self(_sign_bit(s, "copysign"), aten.neg.default(magnitude), magnitude)


def signbit(x):
    if x.dtype == torch.bool:
        return aten.zeros_like.default(x)
    if not x.dtype.is_floating_point:
        return aten.lt.Scalar(x, 0)
    return _sign_bit(x, "signbit")


def hypot(a, b):
    """sqrt(a^2 + b^2) as C's hypot: scaled by the larger magnitude (no overflow or underflow in the
    squares), +inf where either is infinite (even with a NaN), else NaN where either is NaN."""
    dtype = _float_dtype(a, b)
    like = a if isinstance(a, torch.Tensor) else b
    x, y = aten.abs.default(_tensor(a, dtype, like)), aten.abs.default(_tensor(b, dtype, like))
    big, small = aten.maximum.default(x, y), aten.minimum.default(x, y)
    ratio = aten.div.Tensor(small, aten.where.self(aten.eq.Scalar(big, 0.0), aten.ones_like.default(big), big))
    out = aten.mul.Tensor(big, aten.sqrt.default(aten.add.Scalar(aten.mul.Tensor(ratio, ratio), 1.0)))
    infinite = aten.logical_or.default(aten.isinf.default(x), aten.isinf.default(y))
    return aten.where.self(infinite, aten.full_like.default(out, float("inf")), out)


def table() -> dict:
    """The decompositions, by OpOverload (own_table() in decompositions.py adds them)."""
    return {
        aten.frexp.Tensor: frexp,
        aten.nextafter.default: nextafter,
        aten.copysign.Tensor: copysign,
        aten.copysign.Scalar: copysign,
        aten.signbit.default: signbit,
        aten.hypot.default: hypot,
    }
