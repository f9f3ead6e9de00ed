"""Python verification rules of the hand-written exir ops (what their descriptions promise)."""

from __future__ import annotations

from typing import Callable, Iterable

from exir_mlir._mlir import ir

_SYM_OF_ATTR = {"i64": "!exir.symint", "f64": "!exir.symfloat", "i1": "!exir.symbool"}
_ELEMENT_OF_SYM = {"!exir.symint": "i64", "!exir.symfloat": "f64", "!exir.symbool": "i1"}

# Symbolic arithmetic whose result is an int when all operands are ints, else a float.
_NUMERIC = ("sym_add", "sym_sub", "sym_mul", "sym_floordiv", "sym_mod", "sym_pow", "sym_max", "sym_min",
            "sym_neg")


def _literal(op, entry):
    value = op.attributes["value"]
    if not isinstance(value.maybe_downcast(), ir.DenseElementsAttr):
        try:
            ir.DenseResourceElementsAttr(value)
        except ValueError:
            return  # not an elements attribute at all: the kind check already said so
    result = op.results[0].type
    if value.type != result:
        yield f"attribute 'value' has type {value.type}, but the result is {result}: they must be equal"


def _sym_constant(op, entry):
    value = op.attributes["value"].maybe_downcast()
    kind = "i1" if isinstance(value, ir.BoolAttr) else str(value.type)
    expected = _SYM_OF_ATTR.get(kind)
    got = str(op.results[0].type)
    if expected != got:
        yield f"a value of type {kind} makes a {expected or 'no symbolic'} result, not {got}"


def _sym_to_tensor(op, entry):
    element = str(ir.RankedTensorType(op.results[0].type).element_type)
    expected = _ELEMENT_OF_SYM.get(str(op.operands[0].type))
    if expected and element != expected:
        yield f"a {op.operands[0].type} becomes a tensor of {expected} (torch's wrapped-number dtype), not {element}"


def _numeric(op, entry):
    kinds = {str(v.type) for v in op.operands}
    expected = "!exir.symint" if kinds == {"!exir.symint"} else "!exir.symfloat"
    got = str(op.results[0].type)
    if got != expected:
        yield f"operands of types {', '.join(sorted(kinds))} give a {expected} result, not {got}"


def rules() -> Iterable[tuple[str, Callable]]:
    """(op name, rule) pairs that exir_mlir.dialects.verify runs after its table-driven checks."""
    yield "exir.literal", _literal
    yield "exir.sym_constant", _sym_constant
    yield "exir.sym_to_tensor", _sym_to_tensor
    for name in _NUMERIC:
        yield f"exir.{name}", _numeric
