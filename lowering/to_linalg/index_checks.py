"""to-linalg: run-time range checks of the index values of gather and scatter ops, in every build.

torch raises IndexError for an index outside [-n, n); the compiled code instead
- clamps each index it reads through (`clamped`: a compare and a select next to the access, so the
  access stays inside the buffer and the loop still vectorizes), and
- checks all of them (`check_range`: one OR-reduction over the index tensor, then a `cf.assert`
  whose message starts with INDEX_ERROR_PREFIX and names the op, its source line and the range),
- and never reads or writes an indexed dim of size 0, where no clamped index is inside the buffer
  (`gather_guarded`: the result is zeros without a read when an indexed dim is empty at run time;
  `trips_unless_empty`: a scatter's loop runs no iteration). Any index into such a dim fails the
  check, so the values do not matter; the access must just not happen. The CPU build also returns
  at the failed check before the op runs (report_failed_asserts); the CUDA build drops the checks
  and the gather guards (its host runs no scf.if) and has only the clamps and the scatter guards.

exir_mlir.codegen.pipeline.report_failed_asserts turns that `cf.assert` into a store of its message
into the call's error slot (the first failure wins; the mechanism of check_bounds=True builds) and a
return from the compiled code, and exir_mlir.runtime raises exir_mlir.errors.IndexOutOfRangeError.
"""

from __future__ import annotations

from collections.abc import Callable

from exir_mlir._mlir import arith, ir, linalg, scf, tensor
from exir_mlir.errors import INDEX_ERROR_PREFIX, describe_location

from ..ir_utils import DYNAMIC, i1, index_constant, rank_of, ranked, shape_of
from .builders import REDUCTION, fill, generic, scalar_constant


def clamped(wrapped: ir.Value, size: ir.Value) -> ir.Value:
    """`wrapped` (an index after adding `size` to a negative one) where it is in [0, size), else 0:
    an unsigned compare covers both ends."""
    ok = arith.CmpIOp(arith.CmpIPredicate.ult, wrapped, size).result
    return arith.SelectOp(ok, wrapped, index_constant(0)).result


def _maybe_empty(sizes: list[tuple[ir.Value, int]]) -> list[ir.Value] | None:
    """Of `sizes` ((run-time size, static size or DYNAMIC) of the indexed dims): those that may be 0
    at run time; None when one is 0 statically."""
    if any(static == 0 for _, static in sizes):
        return None
    return [size for size, static in sizes if static == DYNAMIC]


def _any_zero(sizes: list[ir.Value]) -> ir.Value:
    zero = index_constant(0)
    empty = None
    for size in sizes:
        eq = arith.CmpIOp(arith.CmpIPredicate.eq, size, zero).result
        empty = eq if empty is None else arith.OrIOp(empty, eq).result
    return empty


def gather_guarded(sizes: list[tuple[ir.Value, int]], init: ir.Value, build: Callable[[], ir.Value]) -> ir.Value:
    """The gather `build()` builds (a linalg.generic writing `init` and reading the source at clamped
    indices), or zeros in `init` without a read when one of the indexed dims `sizes` ((run-time size,
    static size or DYNAMIC) each) is 0: `scf.if` around the gather where a dim is dynamic, nothing
    where every one is static and positive (embedding tables, most gathers: unchanged code)."""
    maybe = _maybe_empty(sizes)
    elem = ir.RankedTensorType(init.type).element_type
    if maybe is None:
        return linalg.fill(scalar_constant(0, elem), outs=[init])
    if not maybe:
        return build()
    guard = scf.IfOp(_any_zero(maybe), [init.type], has_else=True)
    # = exir_mlir.codegen.pipeline.EMPTY_DIM_GUARD: the CUDA build, whose host runs no scf.if, keeps
    # only the gather (drop_failed_assert_reports).
    guard.operation.attributes["exir.empty_dim_guard"] = ir.UnitAttr.get()
    with ir.InsertionPoint(guard.then_block):
        scf.YieldOp([linalg.fill(scalar_constant(0, elem), outs=[init])])
    with ir.InsertionPoint(guard.else_block):
        scf.YieldOp([build()])
    return guard.results[0]


def trips_unless_empty(trips: ir.Value, size: ir.Value, static: int) -> ir.Value:
    """A scatter's trip count `trips` (its loop writes the destination dim of `size`, static size or
    DYNAMIC `static`, at clamped indices), or 0 when that dim is empty: nothing is written there."""
    if static == 0:
        return index_constant(0)
    if static != DYNAMIC:
        return trips
    return arith.SelectOp(_any_zero([size]), index_constant(0), trips).result


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
