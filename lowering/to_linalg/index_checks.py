"""to-linalg: run-time range checks of the index values of gather and scatter ops, in every build.

torch raises IndexError for an index outside [-n, n); the compiled code instead
- clamps each index it reads through (`clamped`: a compare and a select next to the access, so the
  access stays inside the buffer and the loop still vectorizes), and
- checks all of them (`check_range`: one OR-reduction over the index tensor, then a `cf.assert`
  whose message starts with INDEX_ERROR_PREFIX and names the op, its source line and the range).

exir_mlir.codegen.pipeline.report_failed_asserts turns that `cf.assert` into a store of its message
into the global `_mlir_exir_bounds_error` (the first failure wins; the mechanism of check_bounds=True
builds), and exir_mlir.runtime raises exir_mlir.errors.IndexOutOfRangeError after such a call.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, tensor
from exir_mlir.errors import INDEX_ERROR_PREFIX, describe_location

from ..ir_utils import DYNAMIC, i1, index_constant, rank_of, ranked, shape_of
from .builders import REDUCTION, fill, generic


def clamped(wrapped: ir.Value, size: ir.Value) -> ir.Value:
    """`wrapped` (an index after adding `size` to a negative one) where it is in [0, size), else 0:
    an unsigned compare covers both ends."""
    ok = arith.CmpIOp(arith.CmpIPredicate.ult, wrapped, size).result
    return arith.SelectOp(ok, wrapped, index_constant(0)).result


def _size_text(source: ir.Value, dim: int, negative: bool) -> str:
    s = shape_of(source)[dim]
    if s != DYNAMIC:
        return f"[{-s if negative else 0}, {s - 1}] (dim {dim} has size {s})"
    return f"[{'-n' if negative else '0'}, n-1] where n is the size of dim {dim} at this call"


def check_range(op: ir.Operation, indices: ir.Value, size: ir.Value, source: ir.Value, dim: int,
                negative: bool = True) -> None:
    """Assert, at run time, that every value of the integer tensor `indices` is in [-size, size)
    (`negative`: torch's x[idx] and index_put) or [0, size) (index_select, gather, embedding, scatter:
    torch rejects negative indices there):
    `size` is dim `dim` of `source` (an index Value). Emitted before `op`'s lowering."""
    elem = ir.IntegerType(ir.RankedTensorType(indices.type).element_type)
    rank = rank_of(indices)
    n = arith.IndexCastOp(elem, size).result
    zero = arith.ConstantOp(elem, 0).result
    minus_n = arith.SubIOp(zero, n).result if negative else zero

    def combine(value, acc):
        low = arith.CmpIOp(arith.CmpIPredicate.slt, value, minus_n).result
        high = arith.CmpIOp(arith.CmpIPredicate.sge, value, n).result
        return arith.OrIOp(acc, arith.OrIOp(low, high).result).result

    init = fill(0, ranked([], i1()), [])
    bad = generic([indices], [list(range(rank))], [init], [[]], [REDUCTION] * rank, combine)[0]
    ok = arith.XOrIOp(tensor.ExtractOp(bad, []).result, arith.ConstantOp(i1(), 1).result).result
    label = _user_op(op)
    message = (f"{INDEX_ERROR_PREFIX}{label} at {describe_location(op.location)}: "
               f"an index value is outside the valid range {_size_text(source, dim, negative)}")
    ir.Operation.create("cf.assert", operands=[ok], attributes={"msg": ir.StringAttr.get(message)})


def _user_op(op: ir.Operation) -> str:
    """The op as the user wrote it: torch's target (`aten.index_select.default`) when the importer
    recorded it, else the edge op's name."""
    for name in ("exir.target", "torch.target", "target"):
        if name in op.attributes:
            return ir.StringAttr(op.attributes[name]).value
    return op.name.replace("edge.", "aten.")
