"""`choose_row_width`: a row reduction along a dim known only at run time -> a run-time choice between
partial sums one vector register wide (short rows) and the plan's four registers (long rows).

A contiguous reduction keeps lane-wide partial sums (strategy.plan_reduction), four registers of
them so that the loop over a long row runs four independent chains. A row shorter than that runs
none of the loop's steps: its one masked step and the reduction of all four registers to one
value (for a max, each step of it a compare, blends and NaN checks) were the work, and a softmax
over rows of 16 (attention decoding a short sequence with a dynamic length) ran 2.2x slower than
its static build, whose tile is the row. One register of partial sums for every length costs long
rows the four chains (a max over rows of 1024: 1.8x slower). So the op is cloned into both branches
of `scf.if rows < tile`: the first clone is marked SHORT_ROWS and planned with one register, the
other keeps the plan; each is tiled, vectorized and run on its own (as pack_matmul's run-time
choice of the packed kernel).
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, scf, tensor
from exir_mlir.codegen.host import HostCPU
from exir_mlir.codegen.op_walk import collect_ops, inside_forall
from exir_mlir.codegen.strategy import DYNAMIC, SHORT_ROWS, plan_op


def _row_length(op: ir.Operation) -> tuple[ir.Value, int] | None:
    """(an input, the position of its dim) that gives the op's last (reduced) loop's size."""
    maps = [m.value for m in linalg.get_indexing_maps(op.opview)]
    last = maps[0].n_dims - 1
    n_inputs = len(op.operands) - len(op.results)
    for value, amap in zip(list(op.operands)[:n_inputs], maps):
        if not isinstance(value.type, ir.RankedTensorType):
            continue
        for pos, expr in enumerate(amap.results):
            if isinstance(expr, ir.AffineDimExpr) and expr.position == last:
                return value, pos
    return None


def choose_row_width(module: ir.Operation, host: HostCPU) -> int:
    """Wraps each split reduction with a dynamic row length in the run-time choice (see the module
    docstring). Returns how many."""
    chosen = 0
    for op in collect_ops(module, "linalg.generic"):
        if SHORT_ROWS in op.attributes or len(op.results) != 1 or inside_forall(op):
            continue
        plan = plan_op(op.opview, host)
        if plan is None or plan.kind != "reduction" or not plan.split_reduction \
                or plan.loop_sizes[-1] != DYNAMIC or plan.vector_tiles[-1] <= plan.register_lanes:
            continue
        length = _row_length(op)
        if length is None:
            continue
        value, pos = length
        index = ir.IndexType.get()
        with ir.InsertionPoint(op), op.location:
            rows = tensor.DimOp(value, arith.ConstantOp(index, pos).result).result
            short = arith.CmpIOp(arith.CmpIPredicate.slt, rows,
                                 arith.ConstantOp(index, plan.vector_tiles[-1]).result).result
            choice = scf.IfOp(short, [op.results[0].type], has_else=True)
        for block, mark in ((choice.then_block, True), (choice.else_block, False)):
            with ir.InsertionPoint(block), op.location:
                clone = op.clone()
                if mark:
                    clone.attributes[SHORT_ROWS] = ir.UnitAttr.get()
                scf.YieldOp([clone.results[0]])
        op.results[0].replace_all_uses_with(choice.results[0])
        op.erase()
        chosen += 1
    return chosen
