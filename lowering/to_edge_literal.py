"""aten-to-edge patterns for literals, SymInt arithmetic and control flow (cond, while_loop).

Regions of exir.cond / exir.while_loop end in `vector.yield` (docs/ir-conventions.md), which
edge keeps, so the regions move over unchanged and their ops are converted in place.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, tensor

from .conversion import PatternTable
from .edge_builders import from_index, to_index
from .ir_utils import isa, Unsupported, create, copy_exir_attrs, index_constant, ir as _ir  # noqa: F401

FAMILY_LIT = "literal-symint"
FAMILY_CF = "control-flow"


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


# ----------------------------------------------------------------------------- control flow


def _move_regions(src: ir.Operation, dst: ir.Operation) -> None:
    for s, d in zip(src.regions, dst.regions):
        for block in list(s.blocks):
            block.append_to(d)


def lower_cond(op):
    if len(op.regions) != 2:
        raise Unsupported("cond needs a true and a false region")
    pred = op.operands[0]
    if isa(ir.RankedTensorType, pred.type):
        et = ir.RankedTensorType(pred.type).element_type
        if str(et) != "i1":
            raise Unsupported(f"cond predicate must be bool, not {et}")
    else:
        raise Unsupported("a symbolic (SymBool) cond predicate is not supported yet")
    new = create("edge.cond", list(op.operands), [r.type for r in op.results], regions=2)
    _move_regions(op, new)
    return list(new.results)


def lower_while_loop(op):
    if len(op.regions) != 2:
        raise Unsupported("while_loop needs a cond and a body region")
    attrs = {"operandSegmentSizes": op.attributes["operandSegmentSizes"]}
    new = create("edge.while_loop", list(op.operands), [r.type for r in op.results], attrs, regions=2)
    _move_regions(op, new)
    return list(new.results)


def populate_literal_patterns(table: PatternTable) -> None:
    table.add("exir.literal", lower_literal, family=FAMILY_LIT)
    table.add("exir.sym_constant", lower_sym_constant, family=FAMILY_LIT)
    table.add("exir.sym_to_tensor", lower_sym_to_tensor, family=FAMILY_LIT)
    for name, fn in SYM_BINARY.items():
        table.add(f"exir.{name}", lower_sym_binary(fn), family=FAMILY_LIT)
    for name in ("sym_constrain_range", "sym_constrain_range_for_size", "priv_assert_scalar"):
        table.add(f"exir.{name}", _erase, family=FAMILY_LIT)


def populate_control_flow_patterns(table: PatternTable) -> None:
    table.add("exir.cond", lower_cond, family=FAMILY_CF)
    table.add("exir.while_loop", lower_while_loop, family=FAMILY_CF)
