"""to-linalg patterns for control flow: edge.cond -> scf.if, edge.while_loop -> scf.while."""

from __future__ import annotations

from exir_mlir._mlir import ir, scf

from .conversion import PatternTable
from .ir_utils import Unsupported, attr_value, isa
from .linalg_common import extract_scalar

FAMILY = "control-flow"


def _predicate(v: ir.Value) -> ir.Value:
    if not isa(ir.RankedTensorType, v.type):
        raise Unsupported(f"the predicate must be a 0-d i1 tensor, not {v.type}")
    return extract_scalar(v)


def _move_body(src: ir.Block, dst: ir.Block, arg_values, make_terminator) -> None:
    """Move `src`'s ops into `dst`: its block arguments become `arg_values`, and its
    `vector.yield` becomes `make_terminator(yielded values)`."""
    for arg, value in zip(src.arguments, arg_values):
        arg.replace_all_uses_with(value)
    for op in list(src.operations):
        if op.name == "vector.yield":
            with ir.InsertionPoint(dst), op.location:
                make_terminator(list(op.operands))
            op.erase()
        else:
            op.detach_from_parent()
            ir.InsertionPoint(dst).insert(op)


def lower_cond(op):
    pred = _predicate(op.operands[0])
    inputs = list(op.operands[1:])
    if_op = scf.IfOp(pred, [r.type for r in op.results], has_else=True)
    for region, block in ((op.regions[0], if_op.then_block), (op.regions[1], if_op.else_block)):
        _move_body(region.blocks[0], block, inputs, lambda vals: scf.YieldOp(vals))
    return list(if_op.results)


def lower_while_loop(op):
    sizes = attr_value(op.attributes["operandSegmentSizes"])
    operands = list(op.operands)
    carried, extra = operands[: sizes[0]], operands[sizes[0]:]
    types = [v.type for v in carried]
    loop = scf.WhileOp(types, carried)
    before = loop.before.blocks.append(*types)
    after = loop.after.blocks.append(*types)

    def condition(vals):
        if len(vals) != 1:
            raise Unsupported("the while_loop cond must yield one predicate")
        scf.ConditionOp(_predicate(vals[0]), list(before.arguments))

    _move_body(op.regions[0].blocks[0], before, list(before.arguments) + extra, condition)
    _move_body(op.regions[1].blocks[0], after, list(after.arguments) + extra, lambda vals: scf.YieldOp(vals))
    return list(loop.results)


def populate_control_flow_patterns(table: PatternTable) -> None:
    table.add("edge.cond", lower_cond, family=FAMILY)
    table.add("edge.while_loop", lower_while_loop, family=FAMILY)
