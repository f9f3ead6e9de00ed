"""Run-time work of an op with dynamic sizes, for the choice its parallel loop makes at run time: serial
below strategy.PARALLEL_MIN_WORK, as the static build decides at compile time.

The plan of an op whose sizes are all known runs it on one thread when its work (the product of its
loop sizes) is below PARALLEL_MIN_WORK: waking the pool's workers costs more than the op. A dynamic
size counts as large there (a batch marked `Dim` is usually there to be big), so the dynamic build
of a small program launched GOMP_parallel for ops its static build runs inline: bench_models'
embedding_mean (a 64x4 classifier) and cond (a 4x8 linear) ran 1.10-1.12x their static builds at 2
threads, all of it in launches of tiny loops.

`mark_run_time_work` (exir-cpu-tile, before tiling) puts before each such op a call
`@__exir_parallel_work(%work)`, %work the product of its loop sizes computed from its operands'
dims. The call is only a carrier: it survives tiling, bufferization and canonicalization (a call of
an external function is never folded or erased) and sits right before the op's scf.forall.
`take_work_hint` (exir-cpu-parallelize) finds the hint nearest before a forall in its block, with no
other forall between, and erases it; the forall's launch then runs serially when the work is small
(parallel_gomp.py). `drop_work_hints` erases those no forall took (an op whose forall folded away, a
one-thread build).
"""

from __future__ import annotations

import math

from exir_mlir._mlir import arith, func, ir, linalg, tensor
from exir_mlir.codegen.op_walk import collect_ops

HINT = "__exir_parallel_work"


def _declare(module: ir.Operation) -> None:
    block = module.regions[0].blocks[0]
    for op in block.operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.operation.attributes["sym_name"]).value == HINT:
            return
    with ir.InsertionPoint.at_block_begin(block), module.location:
        func.FuncOp(HINT, ([ir.IndexType.get()], []), visibility="private")


def _loop_sizes(op: ir.OpView, static: list[int], dynamic: int) -> list[ir.Value] | None:
    """The run-time size of each dynamic loop of `op` (tensor.dim of an operand that it indexes),
    None when some loop has no such operand dim."""
    maps = [m.value for m in linalg.get_indexing_maps(op)]
    found: dict[int, tuple[ir.Value, int]] = {}
    for value, amap in zip(op.operation.operands, maps):
        if not isinstance(value.type, ir.RankedTensorType):
            continue
        for pos, expr in enumerate(amap.results):
            if isinstance(expr, ir.AffineDimExpr) and expr.position not in found:
                found[expr.position] = (value, pos)
    sizes = []
    for d, size in enumerate(static):
        if size != dynamic:
            continue
        if d not in found:
            return None
        value, pos = found[d]
        sizes.append(tensor.DimOp(value, arith.ConstantOp(ir.IndexType.get(), pos).result).result)
    return sizes


def mark_run_time_work(module: ir.Operation, op: ir.OpView, static_sizes: list[int], dynamic: int,
                       before: ir.OpView | None = None) -> bool:
    """Puts the hint of `op`'s work (static_sizes: its loop sizes, `dynamic` where unknown) before
    `before` (default: the op). Returns whether it did (not when a loop's size has no operand dim)."""
    with ir.InsertionPoint(before or op), op.location:
        sizes = _loop_sizes(op, static_sizes, dynamic)
        if sizes is None:
            return False
        index = ir.IndexType.get()
        work = arith.ConstantOp(index, math.prod(s for s in static_sizes if s != dynamic)).result
        for size in sizes:
            work = arith.MulIOp(work, size).result
        func.CallOp([], ir.FlatSymbolRefAttr.get(HINT), [work])
    _declare(module)
    return True


def _is_hint(op: ir.Operation) -> bool:
    return op.name == "func.call" and ir.FlatSymbolRefAttr(op.attributes["callee"]).value == HINT


def take_work_hint(forall: ir.Operation) -> ir.Value | None:
    """The work of the op `forall` runs (its hint's operand; the hint is erased), or None."""
    ops = [o.operation for o in forall.block.operations]
    position = next(i for i, o in enumerate(ops) if o == forall)
    for candidate in reversed(ops[:position]):
        if candidate.name == "scf.forall":
            return None
        if _is_hint(candidate):
            work = candidate.operands[0]
            candidate.erase()
            return work
    return None


def drop_work_hints(module: ir.Operation) -> int:
    """Erases the hints no forall took, and their declaration. Returns how many calls."""
    hints = collect_ops(module, lambda op: _is_hint(op) if op.name == "func.call" else False)
    for hint in hints:
        hint.erase()
    for op in list(module.regions[0].blocks[0].operations):
        if op.operation.name == "func.func" and ir.StringAttr(op.operation.attributes["sym_name"]).value == HINT:
            op.operation.erase()
    return len(hints)
