"""Decompositions of integer bit and number-theory ops (shifts, gcd, lcm) -> core ATen integer arithmetic.

Core ATen has no shift op, and exir-mlir's edge dialect none either, so:
- `x << s` is `x * 2**s` and `x >> s` is `floor_divide(x, 2**s)` in the result dtype (two's-complement
  wrap-around of the product is the shift's; floor division is the arithmetic shift), with 2**s built from
  the bits of s (one select per bit: exact, elementwise, vectorizes). torch's rule for shift counts outside
  [0, width) is kept (aten/src/ATen/native/BinaryOps.h lshift/rshift): a left shift by a negative count or
  by >= the bit width gives 0; a right shift of a signed type by a negative count or >= width - 1 fills
  with the sign (0 or -1), of an unsigned type by a negative count or >= width gives 0.
- gcd is Euclid's algorithm on |a|, |b| with C's truncating remainder, as ATen's calc_gcd; its data-dependent
  loop is unrolled to Lame's bound for the dtype (the Fibonacci bound on the number of steps: 92 for int64,
  47 for int32, 24 for int16, 13 for int8/uint8), which is exact for every input. lcm is
  |a / gcd(a, b) * b| (0 where the gcd is 0), as ATen's calc_lcm (narrow types: the abs in
  int, as C++ promotes them, then wrapped to the dtype).
These are elementwise chains that the pipeline fuses into one vectorized loop; gcd/lcm of int64 are about 470
elementwise ops (slow to export and compile, a few seconds; fast to run).
"""

from __future__ import annotations

import torch

aten = torch.ops.aten


def _width(dtype: torch.dtype) -> int:
    return torch.iinfo(dtype).bits


def _signed(dtype: torch.dtype) -> bool:
    return dtype != torch.uint8 and torch.iinfo(dtype).min < 0


def _operands(a, b):
    """Both operands as tensors of torch's result dtype (a Python number takes the tensor's shape-less form)."""
    dtype = torch.result_type(a, b)
    like = a if isinstance(a, torch.Tensor) else b
    ta = aten._to_copy.default(a, dtype=dtype) if isinstance(a, torch.Tensor) else \
        aten.full.default([], a, dtype=dtype, device=like.device)
    tb = aten._to_copy.default(b, dtype=dtype) if isinstance(b, torch.Tensor) else \
        aten.full.default([], b, dtype=dtype, device=like.device)
    return ta, tb, dtype


def _power_of_two(s: torch.Tensor, max_shift: int) -> torch.Tensor:
    """2**s (wrapping) for 0 <= s < max_shift, built from the bits of s."""
    out = aten.ones_like.default(s)
    bit = 0
    while (1 << bit) < max_shift:
        factor = 2 ** (1 << bit)
        if factor >= 2 ** (_width(s.dtype) - 1) and _signed(s.dtype):
            factor -= 2 ** _width(s.dtype)  # 2**(w-1) as the dtype's wrapped value (the minimum)
        set_ = aten.ne.Scalar(aten.bitwise_and.Scalar(s, 1 << bit), 0)
        out = aten.where.self(set_, aten.mul.Scalar(out, factor), out)
        bit += 1
    return out


def _check_integer(dtype: torch.dtype, name: str) -> None:
    if dtype.is_floating_point or dtype.is_complex or dtype == torch.bool:
        raise RuntimeError(f"{name} is only defined for integer tensors, not {dtype}")  # as eager refuses it


def _left_shift(a, b):
    x, s, dtype = _operands(a, b)
    _check_integer(dtype, "bitwise_left_shift")
    width = _width(dtype)
    out_of_range = aten.logical_or.default(aten.lt.Scalar(s, 0), aten.ge.Scalar(s, width))
    count = aten.where.self(out_of_range, aten.zeros_like.default(s), s)
    shifted = aten.mul.Tensor(x, _power_of_two(count, width))
    return aten.where.self(out_of_range, aten.zeros_like.default(shifted), shifted)


def _right_shift(a, b):
    x, s, dtype = _operands(a, b)
    _check_integer(dtype, "bitwise_right_shift")
    signed = _signed(dtype)
    max_shift = _width(dtype) - 1 if signed else _width(dtype)
    out_of_range = aten.logical_or.default(aten.lt.Scalar(s, 0), aten.ge.Scalar(s, max_shift))
    count = aten.where.self(out_of_range, aten.zeros_like.default(s), s)
    shifted = aten.div.Tensor_mode(x, _power_of_two(count, max_shift), rounding_mode="floor")
    fill = aten.zeros_like.default(shifted)
    if signed:
        fill = aten.where.self(aten.lt.Scalar(x, 0), aten.full_like.default(fill, -1), fill)
    return aten.where.self(out_of_range, fill, shifted)


def euclid_steps(dtype: torch.dtype) -> int:
    """Steps of Euclid's algorithm that suffice for any pair of |values| of the dtype (Lame: a pair that
    needs n steps is at least (F(n+1), F(n+2))), plus the first step, which swaps the operands when a > b."""
    largest = 2 ** (_width(dtype) - 1) if _signed(dtype) else 2 ** _width(dtype) - 1  # |min| of a signed dtype
    fib, n = [1, 1], 0
    while fib[-1] <= largest:
        fib.append(fib[-1] + fib[-2])
        n += 1
    return n + 1


def _gcd_tensors(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    a = aten.abs.default(a)
    b = aten.abs.default(b)
    one = aten.ones_like.default(a)
    for _ in range(euclid_steps(a.dtype)):
        # C's %, as ATen's calc_gcd (a divisor of 0 is 1: then the remainder is 0, and so stays a). |min| wraps
        # to min, but min % -1 (which traps) cannot occur: min is only ever the first b.
        nonzero = aten.ne.Scalar(a, 0)
        a, b = aten.fmod.Tensor(b, aten.where.self(nonzero, a, one)), aten.where.self(nonzero, a, b)
    return b


def _gcd(a, b):
    x, y, dtype = _operands(a, b)
    _check_integer(dtype, "gcd")
    return _gcd_tensors(x, y)


def _lcm(a, b):
    x, y, dtype = _operands(a, b)
    _check_integer(dtype, "lcm")
    g = _gcd_tensors(x, y)
    zero = aten.eq.Scalar(g, 0)
    if _signed(dtype):
        minus_one = aten.eq.Scalar(g, -1)  # only from |min| (eager traps on min / -1 there): x / -1 is -x
        safe = aten.where.self(aten.logical_or.default(zero, minus_one), aten.ones_like.default(g), g)
        quotient = aten.div.Tensor_mode(x, safe, rounding_mode="trunc")
        quotient = aten.where.self(minus_one, aten.neg.default(quotient), quotient)
    else:
        quotient = aten.div.Tensor_mode(x, aten.where.self(zero, aten.ones_like.default(g), g), rounding_mode="trunc")
    if _width(dtype) < 32:
        # C++ promotes narrow integers to int before abs, then the result narrows (wrapping)
        quotient, y = (aten._to_copy.default(t, dtype=torch.int32) for t in (quotient, y))
    out = aten._to_copy.default(aten.abs.default(aten.mul.Tensor(quotient, y)), dtype=dtype)
    return aten.where.self(zero, aten.zeros_like.default(out), out)


def table() -> dict:
    """The decompositions, by OpOverload (own_table() in decompositions.py adds them)."""
    out = {aten.gcd.default: _gcd, aten.lcm.default: _lcm}
    for packet, fn in ((aten.bitwise_left_shift, _left_shift), (aten.bitwise_right_shift, _right_shift)):
        for name in ("Tensor", "Tensor_Scalar", "Scalar_Tensor"):
            out[getattr(packet, name)] = fn
    for packet, fn in ((aten.__lshift__, _left_shift), (aten.__rshift__, _right_shift)):
        for name in ("Tensor", "Scalar"):
            out[getattr(packet, name)] = fn
    return out
