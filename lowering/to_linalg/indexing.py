"""to-linalg: embedding, index_select, gather and advanced indexing (edge.index) as linalg.generic reading with tensor.extract."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor

from ..conversion import PatternTable
from ..ir_utils import Unsupported, attr_dict, element_type, i64, index, index_constant, rank_of, shape_of
from .index_checks import check_range, clamped, gather_guarded
from .builders import PARALLEL, affine_map, empty, iterators, maps_attr
from .shapes import ShapeContext

FAMILY = "indexing"


def _as_index(v):
    return arith.IndexCastOp(index(), v).result


def _wrap_negative(idx: ir.Value, size: ir.Value) -> ir.Value:
    """torch accepts index -1 for the last element; an index outside [-size, size) reads element 0
    (check_range makes such a call an error)."""
    neg = arith.CmpIOp(arith.CmpIPredicate.slt, idx, index_constant(0)).result
    return clamped(arith.SelectOp(neg, arith.AddIOp(idx, size).result, idx).result, size)


def _indexed(ctx, x: ir.Value, dim: int) -> tuple[ir.Value, int]:
    """(run-time size, static size or DYNAMIC) of the indexed dim `dim` of `x` (for gather_guarded)."""
    return ctx.dim(x, dim), shape_of(x)[dim]


def _dyn_like(ctx, res, pairs):
    return list(pairs)


def lower_embedding(op):
    ctx = ShapeContext.current()
    w, idx = op.operands
    res = op.results[0]
    k = rank_of(idx)
    check_range(op, idx, ctx.dim(w, 0), w, 0, negative=False)
    like = _dyn_like(ctx, res, [(idx, d) for d in range(k)] + [(w, 1)])
    init = empty(res.type, ctx.dynamic_dims(res.type, like, res))
    rank = k + 1

    def gather():
        maps = [affine_map(rank, list(range(k))), affine_map(rank, list(range(rank)))]
        g = linalg.GenericOp([res.type], [idx], [init], maps_attr(maps), iterators([PARALLEL] * rank))
        block = g.regions[0].blocks.append(i64(), element_type(res))
        with ir.InsertionPoint(block):
            row = _wrap_negative(_as_index(block.arguments[0]), ctx.dim(w, 0))
            col = linalg.IndexOp(k).result
            linalg.YieldOp([tensor.ExtractOp(w, [row, col]).result])
        return g.result

    return [gather_guarded([_indexed(ctx, w, 0)], init, gather)]


def _gather_along(ctx, x, idx, dim: int, res, init, maps) -> ir.Value:
    """x gathered along `dim` at the indices `idx` (read through `maps[0]`; negative indices
    wrapped), guarded for an empty indexed dim (index_checks.gather_guarded)."""
    rank = rank_of(x)

    def gather():
        g = linalg.GenericOp([res.type], [idx], [init], maps_attr(maps), iterators([PARALLEL] * rank))
        block = g.regions[0].blocks.append(i64(), element_type(res))
        with ir.InsertionPoint(block):
            sel = _wrap_negative(_as_index(block.arguments[0]), ctx.dim(x, dim))
            coords = [sel if d == dim else linalg.IndexOp(d).result for d in range(rank)]
            linalg.YieldOp([tensor.ExtractOp(x, coords).result])
        return g.result

    return gather_guarded([_indexed(ctx, x, dim)], init, gather)


def lower_index_select(op):
    ctx = ShapeContext.current()
    x, idx = op.operands
    dim = attr_dict(op)["dim"]
    res = op.results[0]
    rank = rank_of(x)
    # x[idx] (aten_to_edge.indexing.advanced_index) takes negative indices, torch.index_select does not
    check_range(op, idx, ctx.dim(x, dim), x, dim, negative="exir.negative_indices" in op.attributes)
    like = _dyn_like(ctx, res, [(idx, 0) if d == dim else (x, d) for d in range(rank)])
    init = empty(res.type, ctx.dynamic_dims(res.type, like, res))
    maps = [affine_map(rank, [dim]), affine_map(rank, list(range(rank)))]

    return [_gather_along(ctx, x, idx, dim, res, init, maps)]


def lower_gather(op):
    ctx = ShapeContext.current()
    x, idx = op.operands
    dim = attr_dict(op)["dim"]
    res = op.results[0]
    rank = rank_of(x)
    check_range(op, idx, ctx.dim(x, dim), x, dim, negative=False)
    like = _dyn_like(ctx, res, [(idx, d) for d in range(rank)])
    init = empty(res.type, ctx.dynamic_dims(res.type, like, res))
    maps = [affine_map(rank, list(range(rank))), affine_map(rank, list(range(rank)))]

    return [_gather_along(ctx, x, idx, dim, res, init, maps)]


def index_result_layout(rank: int, dims: list[int]) -> tuple[list[int], list[int]]:
    """x's dims that come before and after the broadcast index dims in x[i0, i1, ...] (NumPy's rule)."""
    rest = [d for d in range(rank) if d not in dims]
    if dims == list(range(dims[0], dims[0] + len(dims))):
        return [d for d in rest if d < dims[0]], [d for d in rest if d > dims[-1]]
    return [], rest


def lower_index(op):
    """edge.index: a gather over the result; each index tensor read where the result's B dims are."""
    ctx = ShapeContext.current()
    x, *indices = op.operands
    dims = list(ir.DenseI64ArrayAttr(op.attributes["dims"]))
    res = op.results[0]
    before, after = index_result_layout(rank_of(x), dims)
    b_rank = rank_of(indices[0])
    rank = len(before) + b_rank + len(after)
    if rank_of(res) != rank:
        raise Unsupported(f"edge.index of a rank-{rank_of(x)} tensor on dims {dims} by rank-{b_rank} indices "
                          f"has rank {rank}, not {rank_of(res)}")
    for k, d in enumerate(dims):
        check_range(op, indices[k], ctx.dim(x, d), x, d)
    like = [(x, d) for d in before] + [(indices[0], j) for j in range(b_rank)] + [(x, d) for d in after]
    init = empty(res.type, ctx.dynamic_dims(res.type, like, res))
    b_map = affine_map(rank, list(range(len(before), len(before) + b_rank)))
    maps = [b_map] * len(indices) + [affine_map(rank, list(range(rank)))]

    def gather():
        g = linalg.GenericOp([res.type], indices, [init], maps_attr(maps), iterators([PARALLEL] * rank))
        block = g.regions[0].blocks.append(*([i64()] * len(indices)), element_type(res))
        with ir.InsertionPoint(block):
            coords = []
            for d in range(rank_of(x)):
                if d in dims:
                    k = dims.index(d)
                    coords.append(_wrap_negative(_as_index(block.arguments[k]), ctx.dim(x, d)))
                elif d in before:
                    coords.append(linalg.IndexOp(before.index(d)).result)
                else:
                    coords.append(linalg.IndexOp(len(before) + b_rank + after.index(d)).result)
            linalg.YieldOp([tensor.ExtractOp(x, coords).result])
        return g.result

    return [gather_guarded([_indexed(ctx, x, d) for d in dims], init, gather)]


def populate_indexing_patterns(table: PatternTable) -> None:
    table.add("edge.embedding", lower_embedding, family=FAMILY)
    table.add("edge.index_select", lower_index_select, family=FAMILY)
    table.add("edge.gather", lower_gather, family=FAMILY)
    table.add("edge.index", lower_index, family=FAMILY)
