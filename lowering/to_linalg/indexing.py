"""to-linalg: embedding, index_select and gather as linalg.generic reading with tensor.extract."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor

from ..conversion import PatternTable
from ..ir_utils import attr_dict, element_type, i64, index, index_constant, rank_of
from .builders import PARALLEL, affine_map, empty, iterators, maps_attr
from .shapes import ShapeContext

FAMILY = "indexing"


def _as_index(v):
    return arith.IndexCastOp(index(), v).result


def _wrap_negative(idx: ir.Value, size: ir.Value) -> ir.Value:
    """torch accepts index -1 for the last element."""
    neg = arith.CmpIOp(arith.CmpIPredicate.slt, idx, index_constant(0)).result
    return arith.SelectOp(neg, arith.AddIOp(idx, size).result, idx).result


def _dyn_like(ctx, res, pairs):
    return list(pairs)


def lower_embedding(op):
    ctx = ShapeContext.current()
    w, idx = op.operands
    res = op.results[0]
    k = rank_of(idx)
    like = _dyn_like(ctx, res, [(idx, d) for d in range(k)] + [(w, 1)])
    init = empty(res.type, ctx.dynamic_dims(res.type, like, res))
    rank = k + 1
    maps = [affine_map(rank, list(range(k))), affine_map(rank, list(range(rank)))]
    g = linalg.GenericOp([res.type], [idx], [init], maps_attr(maps), iterators([PARALLEL] * rank))
    block = g.regions[0].blocks.append(i64(), element_type(res))
    with ir.InsertionPoint(block):
        row = _wrap_negative(_as_index(block.arguments[0]), ctx.dim(w, 0))
        col = linalg.IndexOp(k).result
        linalg.YieldOp([tensor.ExtractOp(w, [row, col]).result])
    return [g.result]


def lower_index_select(op):
    ctx = ShapeContext.current()
    x, idx = op.operands
    dim = attr_dict(op)["dim"]
    res = op.results[0]
    rank = rank_of(x)
    like = _dyn_like(ctx, res, [(idx, 0) if d == dim else (x, d) for d in range(rank)])
    init = empty(res.type, ctx.dynamic_dims(res.type, like, res))
    maps = [affine_map(rank, [dim]), affine_map(rank, list(range(rank)))]
    g = linalg.GenericOp([res.type], [idx], [init], maps_attr(maps), iterators([PARALLEL] * rank))
    block = g.regions[0].blocks.append(i64(), element_type(res))
    with ir.InsertionPoint(block):
        sel = _wrap_negative(_as_index(block.arguments[0]), ctx.dim(x, dim))
        coords = [sel if d == dim else linalg.IndexOp(d).result for d in range(rank)]
        linalg.YieldOp([tensor.ExtractOp(x, coords).result])
    return [g.result]


def lower_gather(op):
    ctx = ShapeContext.current()
    x, idx = op.operands
    dim = attr_dict(op)["dim"]
    res = op.results[0]
    rank = rank_of(x)
    like = _dyn_like(ctx, res, [(idx, d) for d in range(rank)])
    init = empty(res.type, ctx.dynamic_dims(res.type, like, res))
    maps = [affine_map(rank, list(range(rank))), affine_map(rank, list(range(rank)))]
    g = linalg.GenericOp([res.type], [idx], [init], maps_attr(maps), iterators([PARALLEL] * rank))
    block = g.regions[0].blocks.append(i64(), element_type(res))
    with ir.InsertionPoint(block):
        sel = _wrap_negative(_as_index(block.arguments[0]), ctx.dim(x, dim))
        coords = [sel if d == dim else linalg.IndexOp(d).result for d in range(rank)]
        linalg.YieldOp([tensor.ExtractOp(x, coords).result])
    return [g.result]


def populate_indexing_patterns(table: PatternTable) -> None:
    table.add("edge.embedding", lower_embedding, family=FAMILY)
    table.add("edge.index_select", lower_index_select, family=FAMILY)
    table.add("edge.gather", lower_gather, family=FAMILY)
