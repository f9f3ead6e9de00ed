"""The Edge contract: per-op dtype rules of the edge dialect beyond its ODS traits."""

from __future__ import annotations

from typing import Callable, Iterable

from exir_mlir._mlir import ir

# The ODS traits in EdgeOps.td (SameOperandsAndResultElementType, ...) already say "no implicit
# promotion"; these rules add what torch's promotion kinds imply about *which* dtypes an op
# computes in (e.g. INT_TO_FLOAT ops never see an integer operand after aten-to-edge).

FLOAT_ONLY = (
    "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "rsqrt", "reciprocal", "sin",
    "cos", "tan", "tanh", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh", "erf",
    "sigmoid", "silu", "gelu", "div", "atan2", "mean", "var", "softmax", "log_softmax",
    "layer_norm", "batch_norm_inference", "isnan", "isinf",
)
BOOL_ONLY = ("logical_and", "logical_or", "logical_xor", "logical_not", "any")
INTEGER_OR_BOOL = ("bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not")


_FLOATS = ("f16", "bf16", "f32", "f64")


def _is_integer_type(t: ir.Type) -> bool:
    return isinstance(t.maybe_downcast(), ir.IntegerType)


def _elem(v: ir.Value):
    t = v.type.maybe_downcast()
    return ir.ShapedType(t).element_type if isinstance(t, ir.ShapedType) else None


def _is_bool(e) -> bool:
    return _is_integer_type(e) and ir.IntegerType(e).width == 1


def _float_rule(op, spec):
    e = _elem(op.operands[0]) if len(op.operands) else None
    if e is not None and str(e) not in _FLOATS:
        yield (f"operand #0 has element type {e}, but this op computes in a float type "
               "(torch promotes integers to float here): cast it first")


def _bool_rule(op, spec):
    for i, v in enumerate(op.operands):
        e = _elem(v)
        if e is not None and not _is_bool(e):
            yield f"operand #{i} has element type {e}, but logical ops take i1: cast it first"


def _int_rule(op, spec):
    for i, v in enumerate(op.operands):
        e = _elem(v)
        if e is not None and not _is_integer_type(e):
            yield f"operand #{i} has element type {e}, but bitwise ops take integers or i1"


def rules() -> Iterable[tuple[str, Callable]]:
    """(op name, rule) pairs that exir_mlir.dialects.verify runs after its table-driven checks."""
    for name in FLOAT_ONLY:
        yield f"edge.{name}", _float_rule
    for name in BOOL_ONLY:
        yield f"edge.{name}", _bool_rule
    for name in INTEGER_OR_BOOL:
        yield f"edge.{name}", _int_rule
