"""`sink_inserts_into_branches` (part of `exir-cpu-bufferize`): an `scf.if` result inserted into a
larger tensor -> the insertion made in each branch.

A convolution with a symbolic batch is built for two blockings, chosen at run time by an `scf.if`
(im2col.py). When its output is padded for the next convolution, the if's result is inserted into
the padded tensor: `tensor.insert_slice %if into %padded`. Upstream's empty-tensor elimination,
which makes a producer write straight into the slice it is inserted into, follows the insert's
source back to a `tensor.empty` only through ops whose result is their operand's buffer; an
`scf.if` is not one, so each branch's convolution wrote a buffer of its own, copied into the padded
one afterwards (mobilenet_v2 with a dynamic batch: three whole-activation copies per call, on one
thread, its static build none). With the insertion made in each branch, each branch's producer is
found, and writes into the padded tensor as the static build's does.

Only where it is plainly the same computation: the result's one use is a `tensor.insert_slice` in
the same block, and the if is moved down to just before it (its operands were defined before it;
nothing between reads its result; the insert's other operands are defined before the insert), when
neither the if nor what it moves past may write memory, call or report a failure (their order must
stay as written).
"""

from __future__ import annotations

from exir_mlir._mlir import ir, scf
from exir_mlir.codegen.op_walk import as_operation, collect_ops
from exir_mlir.codegen.parallel_work import HINT


# Ops whose order relative to each other matters (memory, calls, failure reports).
_ORDERED = ("memref.", "func.call", "cf.assert", "llvm.", "vector.print", "bufferization.")


def _ordered(op: ir.Operation) -> bool:
    """Whether `op` or an op nested in it is one whose place in the order matters."""
    found = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        # (A parallel-work hint is a marker the parallel stage reads and drops, not a call.)
        hint = inner.name == "func.call" and ir.FlatSymbolRefAttr(inner.attributes["callee"]).value == HINT
        if inner.name.startswith(_ORDERED) and not hint:
            found.append(inner)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return bool(found)


def _sink(if_op: ir.Operation) -> bool:
    if len(if_op.results) != 1 or len(if_op.regions) != 2 or not list(if_op.regions[1].blocks):
        return False
    result = if_op.results[0]
    if not isinstance(result.type, ir.RankedTensorType):
        return False
    uses = list(result.uses)
    if len(uses) != 1 or uses[0].operand_number != 0:
        return False
    insert = as_operation(uses[0].owner)
    if insert.name != "tensor.insert_slice" or insert.block != if_op.block:
        return False
    ops = [as_operation(o) for o in if_op.block.operations]
    between = ops[ops.index(if_op):ops.index(insert)]
    if any(_ordered(o) for o in between):
        return False
    if_op.move_before(insert)
    new_if = scf.IfOp(if_op.operands[0], [insert.results[0].type], has_else=True, ip=ir.InsertionPoint(insert),
                      loc=if_op.location)
    for old_region, block in zip(if_op.regions, (new_if.then_block, new_if.else_block)):
        old_ops = [as_operation(o) for o in old_region.blocks[0].operations]
        with ir.InsertionPoint(block), insert.location:
            placeholder = scf.YieldOp([insert.operands[1]])
        for inner in old_ops[:-1]:
            inner.move_before(placeholder)
        clone = insert.clone(ir.InsertionPoint(placeholder))
        clone.operands[0] = old_ops[-1].operands[0]  # the branch's yielded value
        placeholder.operands[0] = clone.results[0]
    insert.results[0].replace_all_uses_with(new_if.results[0])
    insert.erase()
    if_op.erase()
    return True


def sink_inserts_into_branches(module: ir.Operation) -> int:
    """Every `scf.if` whose one result is only inserted into a larger tensor gets the insertion in
    each branch (see above); returns how many were rewritten."""
    return sum(_sink(op) for op in collect_ops(module, "scf.if"))
