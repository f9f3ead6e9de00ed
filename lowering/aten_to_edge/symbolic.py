"""aten-to-edge patterns for symbolic integers: constants, arithmetic, size queries, range asserts.

Control flow is upstream `scf.if` / `scf.while` at every stage (docs/ir-conventions.md): the
patterns convert the exir ops inside their regions in place, nothing else is needed.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, tensor

from ..conversion import PatternTable
from ..ir_utils import Unsupported, copy_exir_attrs, index_constant, isa, rank_of
from .args import AtenArgs
from .builders import dim_index, from_index, normalize_dim, numel_index, to_index

FAMILY = "symbolic"


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


def lower_sym_size(op):
    x = op.operands[0]
    dim = normalize_dim(AtenArgs(op, ["self"]).attr("dim"), rank_of(x))
    return [from_index(dim_index(x, dim), op.results[0].type)]


def lower_sym_numel(op):
    return [from_index(numel_index(op.operands[0]), op.results[0].type)]


def populate_symbolic_patterns(table: PatternTable) -> None:
    table.add("exir.sym_constant", lower_sym_constant, family=FAMILY)
    table.add("exir.sym_to_tensor", lower_sym_to_tensor, family=FAMILY)
    for name, fn in SYM_BINARY.items():
        table.add(f"exir.{name}", lower_sym_binary(fn), family=FAMILY)
    for name in ("sym_constrain_range", "sym_constrain_range_for_size", "priv_assert_scalar"):
        table.add(f"exir.{name}", _erase, family=FAMILY)
    table.add("exir.sym_size_int", lower_sym_size, family=FAMILY)
    table.add("exir.sym_numel", lower_sym_numel, family=FAMILY)
