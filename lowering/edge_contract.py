"""The Edge contract: per-op dtype rules beyond the ODS traits, hooked into the dialect verifier."""

from __future__ import annotations

from exir_mlir._mlir import ir

from .ir_utils import isa, is_bool, is_float, is_integer

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


def _elem(v: ir.Value):
    t = v.type
    return ir.ShapedType(t).element_type if isa(ir.ShapedType, t) else None


def _first_operand_elem(op):
    return _elem(op.operands[0]) if len(op.operands) else None


def _float_rule(op, spec):
    e = _first_operand_elem(op)
    if e is not None and not is_float(e):
        yield (f"operand #0 has element type {e}, but this op computes in a float type "
               "(torch promotes integers to float here): cast it first")


def _bool_rule(op, spec):
    for i, v in enumerate(op.operands):
        e = _elem(v)
        if e is not None and not is_bool(e):
            yield f"operand #{i} has element type {e}, but logical ops take i1: cast it first"


def _int_rule(op, spec):
    for i, v in enumerate(op.operands):
        e = _elem(v)
        if e is not None and not (is_integer(e) or is_bool(e)):
            yield f"operand #{i} has element type {e}, but bitwise ops take integers or i1"


def register_edge_rules() -> None:
    """Register the rules with exir_mlir.dialects' verifier (idempotent)."""
    from exir_mlir.dialects import register_verifier

    if getattr(register_edge_rules, "_done", False):
        return
    for name in FLOAT_ONLY:
        register_verifier(f"edge.{name}", _float_rule)
    for name in BOOL_ONLY:
        register_verifier(f"edge.{name}", _bool_rule)
    for name in INTEGER_OR_BOOL:
        register_verifier(f"edge.{name}", _int_rule)
    register_edge_rules._done = True  # type: ignore[attr-defined]


def verify_edge_contract(module_op: ir.Operation) -> list[tuple[ir.Location, str]]:
    """Errors (emitted at the ops' locations) of every edge/backend op under `module_op`."""
    from exir_mlir.dialects import verify_module

    register_edge_rules()
    return verify_module(module_op, emit=True)
