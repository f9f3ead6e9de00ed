"""to-linalg patterns for edge elementwise ops: one broadcasting linalg.generic each, arith/math bodies."""

from __future__ import annotations

import math as pymath

from exir_mlir._mlir import arith, ir, math

from ..conversion import PatternTable
from ..ir_utils import Unsupported, element_type, is_bool, is_float
from .builders import const_like, convert_scalar, elementwise, unsigned_operand, unsigned_result
from .shapes import ShapeContext

FAMILY = "elementwise"


def _f(v):
    return is_float(v.type)


def _u(v):
    """An integer scalar that stands for an unsigned type (see builders.unsigned_op): every integer operand
    of an edge op on an unsigned type is unsigned (aten-to-edge promotes them to one dtype)."""
    return not is_float(v.type) and not is_bool(v.type) and unsigned_operand(0)


# ----------------------------------------------------------------------------- scalar bodies


def sigmoid(x):
    one = const_like(1.0, x.type)
    return arith.DivFOp(one, arith.AddFOp(one, math.ExpOp(arith.NegFOp(x).result).result).result).result


def gelu(x, approximate: str):
    t = x.type
    half, one = const_like(0.5, t), const_like(1.0, t)
    if approximate == "tanh":
        k = const_like(pymath.sqrt(2.0 / pymath.pi), t)
        c = const_like(0.044715, t)
        x3 = arith.MulFOp(arith.MulFOp(x, x).result, x).result
        inner = arith.MulFOp(k, arith.AddFOp(x, arith.MulFOp(c, x3).result).result).result
        s = arith.AddFOp(one, math.TanhOp(inner).result).result
    else:
        inv_sqrt2 = const_like(1.0 / pymath.sqrt(2.0), t)
        s = arith.AddFOp(one, math.ErfOp(arith.MulFOp(x, inv_sqrt2).result).result).result
    return arith.MulFOp(arith.MulFOp(half, x).result, s).result


def relu(x):
    if _f(x):
        return arith.MaximumFOp(x, const_like(0.0, x.type)).result
    if _u(x):
        return x
    return arith.MaxSIOp(x, const_like(0, x.type)).result


def silu(x):
    return arith.MulFOp(x, sigmoid(x)).result


def _sign(x):
    t = x.type
    zero, one, mone = const_like(0, t), const_like(1, t), const_like(-1, t)
    if _f(x):
        pos = arith.CmpFOp(arith.CmpFPredicate.OGT, x, zero).result
        neg = arith.CmpFOp(arith.CmpFPredicate.OLT, x, zero).result
        inner = arith.SelectOp(neg, mone, zero).result  # torch: sign(NaN) = 0
    elif _u(x):
        return arith.SelectOp(arith.CmpIOp(arith.CmpIPredicate.ne, x, zero).result, one, zero).result
    else:
        pos = arith.CmpIOp(arith.CmpIPredicate.sgt, x, zero).result
        neg = arith.CmpIOp(arith.CmpIPredicate.slt, x, zero).result
        inner = arith.SelectOp(neg, mone, zero).result
    return arith.SelectOp(pos, one, inner).result


def _float_unary(fn):
    def body(x):
        if not _f(x):
            raise Unsupported(f"expected a float operand, got {x.type}")
        return fn(x)

    return body


UNARY = {
    "abs": lambda x: math.AbsFOp(x).result if _f(x) else (x if _u(x) else math.AbsIOp(x).result),
    "neg": lambda x: arith.NegFOp(x).result if _f(x) else arith.SubIOp(const_like(0, x.type), x).result,
    "relu": relu,
    "sign": _sign,
    "ceil": lambda x: math.CeilOp(x).result if _f(x) else x,
    "floor": lambda x: math.FloorOp(x).result if _f(x) else x,
    "round": lambda x: math.RoundEvenOp(x).result if _f(x) else x,
    "trunc": lambda x: math.TruncOp(x).result if _f(x) else x,
    "bitwise_not": lambda x: arith.XOrIOp(x, const_like(-1 if not is_bool(x.type) else 1, x.type)).result,
    "exp": _float_unary(lambda x: math.ExpOp(x).result),
    "exp2": _float_unary(lambda x: math.Exp2Op(x).result),
    "expm1": _float_unary(lambda x: math.ExpM1Op(x).result),
    "log": _float_unary(lambda x: math.LogOp(x).result),
    "log1p": _float_unary(lambda x: math.Log1pOp(x).result),
    "log2": _float_unary(lambda x: math.Log2Op(x).result),
    "log10": _float_unary(lambda x: math.Log10Op(x).result),
    "sqrt": _float_unary(lambda x: math.SqrtOp(x).result),
    "rsqrt": _float_unary(lambda x: math.RsqrtOp(x).result),
    "reciprocal": _float_unary(lambda x: arith.DivFOp(const_like(1.0, x.type), x).result),
    "sin": _float_unary(lambda x: math.SinOp(x).result),
    "cos": _float_unary(lambda x: math.CosOp(x).result),
    "tan": _float_unary(lambda x: math.TanOp(x).result),
    "tanh": _float_unary(lambda x: math.TanhOp(x).result),
    "sinh": _float_unary(lambda x: math.SinhOp(x).result),
    "cosh": _float_unary(lambda x: math.CoshOp(x).result),
    "asin": _float_unary(lambda x: math.AsinOp(x).result),
    "acos": _float_unary(lambda x: math.AcosOp(x).result),
    "atan": _float_unary(lambda x: math.AtanOp(x).result),
    "asinh": _float_unary(lambda x: math.AsinhOp(x).result),
    "acosh": _float_unary(lambda x: math.AcoshOp(x).result),
    "atanh": _float_unary(lambda x: math.AtanhOp(x).result),
    "erf": _float_unary(lambda x: math.ErfOp(x).result),
    "sigmoid": _float_unary(sigmoid),
    "silu": _float_unary(silu),
    "logical_not": lambda x: arith.XOrIOp(x, const_like(1, x.type)).result,
    "isnan": _float_unary(lambda x: arith.CmpFOp(arith.CmpFPredicate.UNO, x, x).result),
    "isinf": _float_unary(lambda x: arith.CmpFOp(arith.CmpFPredicate.OEQ, math.AbsFOp(x).result,
                                                 const_like(pymath.inf, x.type)).result),
}


def _py_mod_int(a, b):
    r = arith.RemSIOp(a, b).result
    zero = const_like(0, a.type)
    nonzero = arith.CmpIOp(arith.CmpIPredicate.ne, r, zero).result
    sign_differs = arith.CmpIOp(arith.CmpIPredicate.slt, arith.XOrIOp(r, b).result, zero).result
    fix = arith.AndIOp(nonzero, sign_differs).result
    return arith.SelectOp(fix, arith.AddIOp(r, b).result, r).result


def _py_mod_float(a, b):
    r = arith.RemFOp(a, b).result
    zero = const_like(0.0, a.type)
    nonzero = arith.CmpFOp(arith.CmpFPredicate.ONE, r, zero).result
    r_neg = arith.CmpFOp(arith.CmpFPredicate.OLT, r, zero).result
    b_neg = arith.CmpFOp(arith.CmpFPredicate.OLT, b, zero).result
    differs = arith.XOrIOp(r_neg, b_neg).result
    fix = arith.AndIOp(nonzero, differs).result
    return arith.SelectOp(fix, arith.AddFOp(r, b).result, r).result


def _nonzero_divisor(b):
    """An integer divisor of 0 becomes 1: torch raises there, and a hardware divide by zero would
    kill the process; the value is undefined either way."""
    zero = const_like(0, b.type)
    return arith.SelectOp(arith.CmpIOp(arith.CmpIPredicate.eq, b, zero).result, const_like(1, b.type), b).result


def _ipow(a, b):
    if unsigned_operand(1) and ir.IntegerType(b.type).width < 64:
        # An unsigned exponent of 2^(w-1) or more reads as negative in iw (ipowi gives 0 or 1/a):
        # both widened to i64 without sign, the low w bits of the i64 power are the uintw power.
        wide = ir.IntegerType.get_signless(64)
        power = math.IPowIOp(arith.ExtUIOp(wide, a).result, arith.ExtUIOp(wide, b).result).result
        return arith.TruncIOp(a.type, power).result
    if unsigned_operand(1):  # no wider type holds a uint64 exponent; eager has no uint64 pow either
        raise Unsupported("pow with a uint64 exponent is not supported (eager has no uint64 pow); cast to "
                          "torch.int64 first if the exponents are below 2^63")
    return math.IPowIOp(a, b).result


BINARY = {
    "add": lambda a, b: arith.AddFOp(a, b).result if _f(a) else (
        arith.OrIOp(a, b).result if is_bool(a.type) else arith.AddIOp(a, b).result),
    "sub": lambda a, b: arith.SubFOp(a, b).result if _f(a) else arith.SubIOp(a, b).result,
    "mul": lambda a, b: arith.MulFOp(a, b).result if _f(a) else (
        arith.AndIOp(a, b).result if is_bool(a.type) else arith.MulIOp(a, b).result),
    "div": lambda a, b: arith.DivFOp(a, b).result,
    "floor_divide": lambda a, b: math.FloorOp(arith.DivFOp(a, b).result).result if _f(a)
    else (arith.DivUIOp if _u(a) else arith.FloorDivSIOp)(a, _nonzero_divisor(b)).result,
    "trunc_divide": lambda a, b: math.TruncOp(arith.DivFOp(a, b).result).result if _f(a)
    else (arith.DivUIOp if _u(a) else arith.DivSIOp)(a, _nonzero_divisor(b)).result,
    "remainder": lambda a, b: _py_mod_float(a, b) if _f(a) else (
        arith.RemUIOp(a, _nonzero_divisor(b)).result if _u(a) else _py_mod_int(a, _nonzero_divisor(b))),
    "fmod": lambda a, b: arith.RemFOp(a, b).result if _f(a)
    else (arith.RemUIOp if _u(a) else arith.RemSIOp)(a, _nonzero_divisor(b)).result,
    "pow": lambda a, b: math.PowFOp(a, b).result if _f(a) else _ipow(a, b),
    "atan2": lambda a, b: math.Atan2Op(a, b).result,
    "maximum": lambda a, b: arith.MaximumFOp(a, b).result if _f(a) else (
        arith.OrIOp(a, b).result if is_bool(a.type) else (arith.MaxUIOp if _u(a) else arith.MaxSIOp)(a, b).result),
    "minimum": lambda a, b: arith.MinimumFOp(a, b).result if _f(a) else (
        arith.AndIOp(a, b).result if is_bool(a.type) else (arith.MinUIOp if _u(a) else arith.MinSIOp)(a, b).result),
    "bitwise_and": lambda a, b: arith.AndIOp(a, b).result,
    "bitwise_or": lambda a, b: arith.OrIOp(a, b).result,
    "bitwise_xor": lambda a, b: arith.XOrIOp(a, b).result,
    "logical_and": lambda a, b: arith.AndIOp(a, b).result,
    "logical_or": lambda a, b: arith.OrIOp(a, b).result,
    "logical_xor": lambda a, b: arith.XOrIOp(a, b).result,
}

_FCMP = {"eq": "OEQ", "ne": "UNE", "lt": "OLT", "le": "OLE", "gt": "OGT", "ge": "OGE"}
_ICMP = {"eq": "eq", "ne": "ne", "lt": "slt", "le": "sle", "gt": "sgt", "ge": "sge"}
_BCMP = {"eq": "eq", "ne": "ne", "lt": "ult", "le": "ule", "gt": "ugt", "ge": "uge"}


def compare(kind: str):
    def body(a, b):
        if _f(a):
            return arith.CmpFOp(getattr(arith.CmpFPredicate, _FCMP[kind]), a, b).result
        table = _BCMP if is_bool(a.type) or _u(a) else _ICMP  # bools and unsigned types compare unsigned
        return arith.CmpIOp(getattr(arith.CmpIPredicate, table[kind]), a, b).result

    return body


def _lower_with(body_fn):
    def pattern(op):
        ctx = ShapeContext.current()
        return [elementwise(ctx, list(op.operands), op.results[0].type, body_fn, source=op.results[0])]

    return pattern


def lower_cast(op):
    out = element_type(op.results[0])
    src_u, dst_u = unsigned_operand(0), unsigned_result(0)
    return _lower_with(lambda x: convert_scalar(x, out, src_unsigned=src_u, dst_unsigned=dst_u))(op)


def lower_gelu(op):
    approx = ir.StringAttr(op.attributes["approximate"]).value
    return _lower_with(_float_unary(lambda x: gelu(x, approx)))(op)


def lower_where(op):
    return _lower_with(lambda c, a, b: arith.SelectOp(c, a, b).result)(op)


def lower_clamp(op):
    sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    has_min, has_max = sizes[1] == 1, sizes[2] == 1

    def body(x, *bounds):
        it = iter(bounds)
        v = x
        if has_min:
            v = BINARY["maximum"](v, next(it))
        if has_max:
            v = BINARY["minimum"](v, next(it))
        return v

    return _lower_with(body)(op)


# The epilogues of backend.matmul/conv2d (`activation` attribute).
ACTIVATIONS = {
    "none": None,
    "relu": relu,
    "gelu": lambda x: gelu(x, "none"),
    "gelu_tanh": lambda x: gelu(x, "tanh"),
    "silu": silu,
}


def activate(ctx, value: ir.Value, activation: str, result: ir.Value) -> ir.Value:
    if activation not in ACTIVATIONS:
        raise Unsupported(f"unknown activation '{activation}'")
    fn = ACTIVATIONS[activation]
    if fn is None:
        return value
    # in place on the contraction's result: one more generic that codegen fuses as an epilogue
    return elementwise(ctx, [value], result.type, fn, init=value)


def populate_elementwise_patterns(table: PatternTable) -> None:
    for name, fn in UNARY.items():
        table.add(f"edge.{name}", _lower_with(fn), family=FAMILY)
    for name, fn in BINARY.items():
        table.add(f"edge.{name}", _lower_with(fn), family=FAMILY)
    for name in _FCMP:
        table.add(f"edge.{name}", _lower_with(compare(name)), family=FAMILY)
    table.add("edge.cast", lower_cast, family=FAMILY)
    table.add("edge.gelu", lower_gelu, family=FAMILY)
    table.add("edge.where", lower_where, family=FAMILY)
    table.add("edge.clamp", lower_clamp, family=FAMILY)
