"""to-linalg: mm, bmm, addmm and backend.matmul as linalg.matmul/batch_matmul (+ epilogue)."""

from __future__ import annotations

from exir_mlir._mlir import ir, linalg, tensor

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, Unsupported, attr_dict, element_type, index_constant, rank_of, ranked, shape_of
from .builders import broadcast_to, check_supported_element, dims_like, fill, reassociation
from .elementwise import activate
from .shapes import ShapeContext
from .view import _expand

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
    shared = _batch_broadcast_matrix(b) if rank == 3 and bias is None else None
    if shared is not None:
        return _folded_batch_matmul(a, shared, rt, dyn)
    if bias is not None:
        init = broadcast_to(ctx, bias, rt, dyn)
    else:
        init = fill(0, rt, dyn)
    named = linalg.matmul if rank == 2 else linalg.batch_matmul
    return named(a, b, outs=[init])


def _batch_broadcast_matrix(b: ir.Value) -> ir.Value | None:
    """The 2-D tensor that `b` (rank 3) merely repeats along its batch dim, or None: a linalg.generic
    whose one input is read at (d1, d2) and yielded unchanged (what edge.expand lowers to). torch's
    matmul makes this of `x @ W` with a 3-D `x` it cannot view as 2-D (a transposed attention output
    into its projection): bmm(x, W expanded to the batch)."""
    owner = b.owner
    if not isinstance(owner, ir.OpView) or owner.operation.name != "linalg.generic":
        return None
    op = owner.operation
    if len(op.operands) != 2 or len(op.results) != 1 or rank_of(op.operands[0]) != 2:
        return None
    maps = [str(ir.AffineMapAttr(m).value) for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    if maps != ["(d0, d1, d2) -> (d1, d2)", "(d0, d1, d2) -> (d0, d1, d2)"]:
        return None
    body = list(op.regions[0].blocks[0].operations)
    if len(body) != 1 or body[0].operation.name != "linalg.yield" or body[0].operands[0] != op.regions[0].blocks[0].arguments[0]:
        return None
    return op.operands[0]


def _folded_batch_matmul(a: ir.Value, w: ir.Value, rt: ir.Type, dyn: list) -> ir.Value:
    """[B, M, K] x [K, N] (one matrix for every batch) as one [B*M, K] x [K, N] matmul: no copy of
    the matrix per batch, and the codegen's 2-D kernels (the dot kernel when the matrix is a
    transposed weight); the result reshaped to [B, M, N]."""
    batch, rows, depth = shape_of(a)
    merged = DYNAMIC if DYNAMIC in (batch, rows) else batch * rows
    flat_type = ranked([merged, depth], element_type(a))
    flat = tensor.CollapseShapeOp(flat_type, a, reassociation([[0, 1], [2]])).result
    out_shape = shape_of(rt)
    flat_rt = ranked([merged, out_shape[2]], element_type(rt))
    flat_dyn = []
    if merged == DYNAMIC:
        flat_dyn.append(tensor.DimOp(flat, index_constant(0)).result)
    if out_shape[2] == DYNAMIC:
        flat_dyn.append(tensor.DimOp(w, index_constant(1)).result)
    init = fill(0, flat_rt, flat_dyn)
    product = linalg.matmul(flat, w, outs=[init])
    return _expand(product, rt, [[0, 1], [2]], list(dyn))


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
