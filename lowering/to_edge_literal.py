"""aten-to-edge patterns for literals and SymInt arithmetic.

Control flow is upstream `scf.if` / `scf.while` at every stage (docs/ir-conventions.md): the
patterns convert the exir ops inside their regions in place, nothing else is needed.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, tensor

from .conversion import PatternTable
from .edge_builders import from_index, to_index
from .ir_utils import Unsupported, copy_exir_attrs, index_constant, isa

FAMILY_LIT = "literal-symint"


def lower_literal(op):
    value = op.attributes["value"]
    const = arith.ConstantOp(op.results[0].type, value)
    copy_exir_attrs(op, const.operation)  # keeps exir.wrapped_number for type promotion
    return [const.result]


def lower_sym_constant(op):
    value = op.attributes["value"]
    if not isa(ir.IntegerAttr, value):
        raise Unsupported(f"only integer symbolic constants are supported, not {value}")
    return [from_index(index_constant(ir.IntegerAttr(value).value), op.results[0].type)]


def lower_sym_to_tensor(op):
    rt = ir.RankedTensorType(op.results[0].type)
    idx = to_index(op.operands[0])
    elem = rt.element_type
    if not isa(ir.IntegerType, elem) or ir.IntegerType(elem).width == 1:
        raise Unsupported(f"a symbolic value as a {elem} tensor is not supported")
    scalar = arith.IndexCastOp(elem, idx).result
    t = tensor.FromElementsOp(rt, [scalar])
    copy_exir_attrs(op, t.operation)
    return [t.result]


# SymInt arithmetic: exir op name -> arith op on index (torch's Python int semantics).
def _floordiv(a, b):
    return arith.FloorDivSIOp(a, b).result


def _mod(a, b):
    # Python % (sign of the divisor): a - floordiv(a, b) * b
    return arith.SubIOp(a, arith.MulIOp(arith.FloorDivSIOp(a, b).result, b).result).result


SYM_BINARY = {
    "sym_add": lambda a, b: arith.AddIOp(a, b).result,
    "sym_sub": lambda a, b: arith.SubIOp(a, b).result,
    "sym_mul": lambda a, b: arith.MulIOp(a, b).result,
    "sym_floordiv": _floordiv,
    "sym_mod": _mod,
    "sym_max": lambda a, b: arith.MaxSIOp(a, b).result,
    "sym_min": lambda a, b: arith.MinSIOp(a, b).result,
}


def lower_sym_binary(fn):
    def pattern(op):
        if str(op.results[0].type) != "!exir.symint":
            raise Unsupported("only SymInt arithmetic is supported (not SymFloat/SymBool)")
        a, b = (to_index(v) for v in op.operands)
        return [from_index(fn(a, b), op.results[0].type)]

    return pattern


def _erase(op):
    """Shape assertions that the runtime checks before running (range constraints)."""
    return []


def populate_literal_patterns(table: PatternTable) -> None:
    table.add("exir.literal", lower_literal, family=FAMILY_LIT)
    table.add("exir.sym_constant", lower_sym_constant, family=FAMILY_LIT)
    table.add("exir.sym_to_tensor", lower_sym_to_tensor, family=FAMILY_LIT)
    for name, fn in SYM_BINARY.items():
        table.add(f"exir.{name}", lower_sym_binary(fn), family=FAMILY_LIT)
    for name in ("sym_constrain_range", "sym_constrain_range_for_size", "priv_assert_scalar"):
        table.add(f"exir.{name}", _erase, family=FAMILY_LIT)
