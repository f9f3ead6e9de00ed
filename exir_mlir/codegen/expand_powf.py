"""`exir-cpu-expand-powf`: math.powf as arith/math ops with C's (and torch's) special cases.

Upstream `math-expand-ops` rewrites powf(a, b) as exp(b * log(a)). That is NaN for every negative
base (torch.pow(-2., 3.) is -8), for 0^0 and inf^0 (both 1) and for 1^nan and (-1)^inf (both 1):
silent wrong answers. This pass runs first and emits

    r = exp(b * log|a|), with the sign of a when b is an odd integer,

then selects C99's results for the special cases (pow(x, ±0) = 1, pow(1, y) = 1, pow(-1, ±inf) = 1,
pow(negative finite, non-integer finite) = NaN). Exponents that are constants get the forms torch's
own CPU kernel uses (x*x for 2, sqrt for 0.5, 1/x for -1, ...): exact where eager is exact, and no
exp/log at all for the most common powers.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, math
from exir_mlir.codegen.op_walk import collect_ops


def _splat_value(value: ir.Value) -> float | None:
    """The float a scalar or splat-vector constant holds (through vector.broadcast), else None."""
    owner = value.owner
    if not isinstance(owner, ir.Operation) and hasattr(owner, "operation"):
        owner = owner.operation
    if not isinstance(owner, ir.Operation):
        return None
    if owner.name == "vector.broadcast":
        return _splat_value(owner.operands[0])
    if owner.name != "arith.constant":
        return None
    attr = owner.attributes["value"]
    if isinstance(attr, ir.FloatAttr):
        return attr.value
    if isinstance(attr, ir.DenseFPElementsAttr) and attr.is_splat:
        return ir.FloatAttr(attr.get_splat_value()).value
    return None


class _Emitter:
    """arith/math ops on one float type (scalar or vector) at the current insertion point."""

    def __init__(self, type_: ir.Type) -> None:
        self.type = type_
        self.elem = type_.element_type if isinstance(type_, ir.VectorType) else type_

    def c(self, value: float) -> ir.Value:
        attr = ir.FloatAttr.get(self.elem, value)
        if isinstance(self.type, ir.VectorType):
            attr = ir.DenseElementsAttr.get_splat(self.type, attr)
        return arith.constant(self.type, attr)

    def cmp(self, predicate, a, b):
        return arith.cmpf(predicate, a, b)


def _pow_constant_exponent(e: _Emitter, a: ir.Value, exponent: float) -> ir.Value | None:
    """torch's pow_tensor_scalar fast paths (aten/src/ATen/native/cpu/PowKernel.cpp)."""
    if exponent == 0.0:
        return e.c(1.0)
    if exponent == 1.0:
        return a
    if exponent == 2.0:
        return arith.mulf(a, a)
    if exponent == 3.0:
        return arith.mulf(arith.mulf(a, a), a)
    if exponent == 0.5:
        return math.sqrt(a)
    if exponent == -0.5:
        return math.rsqrt(a)
    if exponent == -1.0:
        return arith.divf(e.c(1.0), a)
    if exponent == -2.0:
        return arith.divf(e.c(1.0), arith.mulf(a, a))
    return None


def _pow_general(e: _Emitter, a: ir.Value, b: ir.Value) -> ir.Value:
    P = arith.CmpFPredicate
    abs_a = math.absf(a)
    magnitude = math.exp(arith.mulf(b, math.log(abs_a)))
    # An integral b (inf counts: its floor is itself) is odd when b/2 is not integral.
    is_integer = e.cmp(P.OEQ, math.floor(b), b)
    half = arith.mulf(b, e.c(0.5))
    is_odd = arith.andi(is_integer, e.cmp(P.ONE, math.floor(half), half))
    # copysign, not a < 0: pow(-0., -3.) is -inf.
    result = arith.select(is_odd, math.copysign(magnitude, a), magnitude)
    inf = e.c(float("inf"))
    negative_finite_base = arith.andi(e.cmp(P.OLT, a, e.c(0.0)), e.cmp(P.ONE, abs_a, inf))
    finite_fraction = arith.andi(arith.xori(is_integer, _true_like(is_integer)), e.cmp(P.ONE, math.absf(b), inf))
    result = arith.select(arith.andi(negative_finite_base, finite_fraction), e.c(float("nan")), result)
    one = e.c(1.0)
    # (+-1)^(+-inf) and 1^anything (NaN included) are 1; so is anything^(+-0).
    unit_base = arith.ori(
        e.cmp(P.OEQ, a, one),
        arith.andi(e.cmp(P.OEQ, abs_a, one), e.cmp(P.OEQ, math.absf(b), inf)),
    )
    result = arith.select(unit_base, one, result)
    return arith.select(e.cmp(P.OEQ, b, e.c(0.0)), one, result)


def _true_like(flag: ir.Value) -> ir.Value:
    i1 = ir.IntegerType.get_signless(1)
    attr = ir.IntegerAttr.get(i1, 1)
    if isinstance(flag.type, ir.VectorType):
        attr = ir.DenseElementsAttr.get_splat(flag.type, attr)
    return arith.constant(flag.type, attr)


def expand_powf(module: ir.Operation) -> int:
    """Replace every math.powf (scalar or vector, any float type); returns how many."""
    targets = collect_ops(module, "math.powf")
    for op in targets:
        base, exponent = op.operands[0], op.operands[1]
        with ir.InsertionPoint(op), op.location:
            e = _Emitter(op.results[0].type)
            constant = _splat_value(exponent)
            value = _pow_constant_exponent(e, base, constant) if constant is not None else None
            if value is None:
                value = _pow_general(e, base, exponent)
        op.results[0].replace_all_uses_with(value)
        op.erase()
    return len(targets)
