"""to-linalg: mm, bmm, addmm and backend.matmul as linalg.matmul/batch_matmul (+ epilogue)."""

from __future__ import annotations

from exir_mlir._mlir import ir, linalg

from ..conversion import PatternTable
from ..ir_utils import Unsupported, attr_dict, element_type, rank_of
from .builders import broadcast_to, check_supported_element, dims_like, fill
from .elementwise import activate
from .shapes import ShapeContext

FAMILY = "contraction"


def matmul(ctx, a, b, result: ir.Value, bias: ir.Value | None = None) -> ir.Value:
    """linalg.matmul / batch_matmul accumulating into zeros or the broadcast bias."""
    rt = result.type
    for v in (a, b):
        check_supported_element(element_type(v))
    rank = rank_of(rt)
    if rank == 2:
        dyn = dims_like(ctx, result, [(a, 0), (b, 1)])
    elif rank == 3:
        dyn = dims_like(ctx, result, [(a, 0), (a, 1), (b, 2)])
    else:
        raise Unsupported(f"matmul of rank {rank} is not supported")
    if bias is not None:
        init = broadcast_to(ctx, bias, rt, dyn)
    else:
        init = fill(0, rt, dyn)
    named = linalg.matmul if rank == 2 else linalg.batch_matmul
    return named(a, b, outs=[init])


def lower_mm(op):
    return [matmul(ShapeContext.current(), op.operands[0], op.operands[1], op.results[0])]


def lower_addmm(op):
    bias, a, b = op.operands
    return [matmul(ShapeContext.current(), a, b, op.results[0], bias)]


def lower_backend_matmul(op):
    ctx = ShapeContext.current()
    operands = list(op.operands)
    a, b = operands[0], operands[1]
    bias = operands[2] if len(operands) > 2 else None
    res = op.results[0]
    out = matmul(ctx, a, b, res, bias)
    return [activate(ctx, out, attr_dict(op)["activation"], res)]


def populate_contraction_patterns(table: PatternTable) -> None:
    table.add("edge.mm", lower_mm, family=FAMILY)
    table.add("edge.bmm", lower_mm, family=FAMILY)
    table.add("edge.addmm", lower_addmm, family=FAMILY)
    table.add("backend.matmul", lower_backend_matmul, family=FAMILY)
