"""to-linalg patterns for edge views and data movement: tensor reshapes/slices/pads, gathers, arange."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor

from .conversion import PatternTable
from .ir_utils import (
    DYNAMIC,
    Unsupported,
    attr_dict,
    element_type,
    i64,
    index,
    index_constant,
    is_float,
    rank_of,
    ranked,
    shape_of,
)
from .linalg_common import (
    PARALLEL,
    affine_map,
    check_supported_element,
    const_like,
    elementwise,
    empty,
    extract_scalar,
    iterators,
    maps_attr,
    reassociation,
    result_dims_from_operands,
)
from .linalg_shapes import ShapeContext

FAMILY_VIEW = "view-movement"
FAMILY_INDEX = "indexing"


def _reassociation_groups(src: list[int], dst: list[int]) -> list[list[int]] | None:
    """Groups of `src` dims (collapse) that map onto single `dst` dims, or None.

    Static dims are matched by product; a dynamic dim must stand alone on both sides.
    """
    groups, i = [], 0
    for d in dst:
        if i >= len(src):
            return None
        if d == DYNAMIC:
            if src[i] != DYNAMIC:
                return None
            groups.append([i])
            i += 1
            continue
        group, prod = [], 1
        while i < len(src) and src[i] != DYNAMIC and (prod < d or (prod == d and src[i] == 1 and not group)):
            prod *= src[i]
            group.append(i)
            i += 1
            if prod == d:
                break
        if prod != d or not group:
            return None
        groups.append(group)
    while i < len(src):  # trailing unit dims join the last group
        if src[i] != 1 or not groups:
            return None
        groups[-1].append(i)
        i += 1
    return groups


def _tail_groups(long: list[int], short: list[int]) -> list[list[int]] | None:
    """Groups of `long` dims per `short` dim when the trailing dims agree one to one and the
    leading rest of `long` folds into the first `short` dim ([?, 96] <-> [?, ?, 96])."""
    if not short or len(long) <= len(short):
        return None
    k = len(short) - 1
    if long[len(long) - k:] != short[1:] or DYNAMIC in short[1:]:
        return None
    head = list(range(len(long) - k))
    if short[0] != DYNAMIC:
        prod = 1
        for d in head:
            if long[d] == DYNAMIC:
                return None
            prod *= long[d]
        if prod != short[0]:
            return None
    return [head] + [[len(long) - k + i] for i in range(k)]


def reshape(ctx: ShapeContext, x: ir.Value, result: ir.Value, dyn_sizes: list[ir.Value]) -> ir.Value:
    rt = result.type
    src, dst = shape_of(x), shape_of(rt)
    if src == dst:
        return x
    if len(dst) < len(src):
        groups = _reassociation_groups(src, dst) or _tail_groups(src, dst)
        if groups is not None or not dst:
            return tensor.CollapseShapeOp(rt, x, reassociation(groups or [])).result
    else:
        groups = _reassociation_groups(dst, src) or _tail_groups(dst, src)
        if groups is not None or not src:
            return _expand(x, rt, groups or [], dyn_sizes)
    # general case: through 1-d (a value-semantics reshape of a contiguous tensor)
    n = 1
    for s in src:
        n = DYNAMIC if DYNAMIC in (s, n) else n * s
    flat_t = ranked([n], element_type(x))
    if len(src) > 1:
        flat = tensor.CollapseShapeOp(flat_t, x, reassociation([list(range(len(src)))])).result
    elif not src:
        flat = tensor.ExpandShapeOp(flat_t, x, reassociation([]), [], [1]).result
    if len(src) == 1:
        flat = x
    if not dst:
        return tensor.CollapseShapeOp(rt, flat, reassociation([])).result
    if len(dst) == 1:
        return flat
    return _expand(flat, rt, [list(range(len(dst)))], dyn_sizes)


def _expand(x: ir.Value, rt: ir.Type, groups: list[list[int]], dyn_sizes: list[ir.Value]) -> ir.Value:
    """tensor.expand_shape, or tensor.reshape when a group would hold several dynamic sizes
    (memref.expand_shape, where this bufferizes to, allows one dynamic size per group)."""
    dst = shape_of(rt)
    if all(sum(1 for d in g if dst[d] == DYNAMIC) <= 1 for g in groups):
        return tensor.ExpandShapeOp(rt, x, reassociation(groups), dyn_sizes, dst).result
    it = iter(dyn_sizes)
    sizes = [next(it) if s_ == DYNAMIC else index_constant(s_) for s_ in dst]
    shape = tensor.FromElementsOp(ranked([len(dst)], index()), sizes).result
    return tensor.ReshapeOp(rt, x, shape).result


def lower_view(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    res = op.results[0]
    given = list(op.operands[1:])
    dyn = ctx.dynamic_dims(res.type, _like_from(res.type, given), res)
    return [reshape(ctx, x, res, dyn)]


def _like_from(rt, given):
    it = iter(given)
    return [next(it) if s == DYNAMIC else None for s in shape_of(rt)]


def lower_expand(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    res = op.results[0]
    if shape_of(x) == shape_of(res):
        return [x]
    dyn = ctx.dynamic_dims(res.type, _like_from(res.type, list(op.operands[1:])), res)
    return [elementwise(ctx, [x], res.type, lambda v: v, init=empty(res.type, dyn))]


def lower_permute(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    perm = attr_dict(op)["dims"]
    res = op.results[0]
    like = [(x, p) for p in perm]
    init = empty(res.type, ctx.dynamic_dims(res.type, like, res))
    return [linalg.transpose(x, outs=[init], permutation=perm)]


def lower_slice(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    a = attr_dict(op)
    res = op.results[0]
    rank = rank_of(x)
    dyn = ctx.dynamic_dims(res.type, _like_from(res.type, list(op.operands[1:])), res)
    it = iter(dyn)
    sizes = [next(it) if s == DYNAMIC else s for s in shape_of(res)]
    offsets = [a["start"] if d == a["dim"] else 0 for d in range(rank)]
    strides = [a["step"] if d == a["dim"] else 1 for d in range(rank)]
    return [tensor.extract_slice(res.type, x, [], [v for v in sizes if isinstance(v, ir.Value)], [],
                                 offsets, [s if not isinstance(s, ir.Value) else DYNAMIC for s in sizes], strides)]


def lower_cat(op):
    ctx = ShapeContext.current()
    inputs = list(op.operands)
    dim = attr_dict(op)["dim"]
    res = op.results[0]
    rank = rank_of(res)
    like = [None] * rank
    for d in range(rank):
        if d == dim and shape_of(res)[d] == DYNAMIC:
            total = None
            for v in inputs:
                s = ctx.dim(v, d)
                total = s if total is None else arith.AddIOp(total, s).result
            like[d] = total
        else:
            dyn_src = [v for v in inputs if shape_of(v)[d] == DYNAMIC]
            like[d] = (dyn_src[0], d) if dyn_src else None
    out = empty(res.type, ctx.dynamic_dims(res.type, like, res))
    offset: int | ir.Value = 0  # static while every earlier input has a static size along `dim`
    for v in inputs:
        shape = shape_of(v)
        dyn_sizes = [ctx.dim(v, d) for d in range(rank) if shape[d] == DYNAMIC]
        dyn_offsets = [offset] if isinstance(offset, ir.Value) else []
        static_offsets = [(DYNAMIC if isinstance(offset, ir.Value) else offset) if d == dim else 0
                          for d in range(rank)]
        out = tensor.InsertSliceOp(v, out, dyn_offsets, dyn_sizes, [], static_offsets, shape,
                                   [1] * rank).result
        if shape[dim] != DYNAMIC and not isinstance(offset, ir.Value):
            offset += shape[dim]
        else:
            base = offset if isinstance(offset, ir.Value) else index_constant(offset)
            offset = arith.AddIOp(base, ctx.dim(v, dim)).result
    return [out]


def lower_pad(op):
    x, value = op.operands
    a = attr_dict(op)
    res = op.results[0]
    scalar = extract_scalar(value)
    pad = tensor.PadOp(res.type, x, [], [], a["low"], a["high"])
    block = pad.regions[0].blocks.append(*[index()] * rank_of(x))
    with ir.InsertionPoint(block):
        tensor.YieldOp(scalar)
    return [pad.result]


def _index_generic(ctx, res, inputs, input_maps, body):
    """A generic over the result's iteration space whose body reads with tensor.extract."""
    rank = rank_of(res)
    init = empty(res.type, ctx.dynamic_dims(res.type, [None] * rank, res) if DYNAMIC in shape_of(res) else [])
    maps = [affine_map(rank, m) for m in input_maps] + [affine_map(rank, list(range(rank)))]
    op = linalg.GenericOp([res.type], list(inputs), [init], maps_attr(maps), iterators([PARALLEL] * rank))
    block = op.regions[0].blocks.append(*[element_type(v) for v in inputs], element_type(res))
    with ir.InsertionPoint(block):
        linalg.YieldOp([body(*block.arguments[: len(inputs)])])
    return op.result


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


def lower_flip(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    dims = attr_dict(op)["dims"]
    res = op.results[0]
    rank = rank_of(x)
    like = [(x, d) for d in range(rank)]
    init = empty(res.type, ctx.dynamic_dims(res.type, like, res))
    maps = [affine_map(rank, list(range(rank)))]
    g = linalg.GenericOp([res.type], [], [init], maps_attr(maps), iterators([PARALLEL] * rank))
    block = g.regions[0].blocks.append(element_type(res))
    with ir.InsertionPoint(block):
        coords = []
        for d in range(rank):
            i = linalg.IndexOp(d).result
            if d in dims:
                last = arith.SubIOp(ctx.dim(x, d), index_constant(1)).result
                i = arith.SubIOp(last, i).result
            coords.append(i)
        linalg.YieldOp([tensor.ExtractOp(x, coords).result])
    return [g.result]


def lower_arange(op):
    ctx = ShapeContext.current()
    a = attr_dict(op)
    res = op.results[0]
    elem = element_type(res)
    check_supported_element(elem)
    init = empty(res.type, ctx.dynamic_dims(res.type, list(op.operands) or [None], res))
    maps = [affine_map(1, [0])]
    g = linalg.GenericOp([res.type], [], [init], maps_attr(maps), iterators([PARALLEL]))
    block = g.regions[0].blocks.append(elem)
    with ir.InsertionPoint(block):
        i = arith.IndexCastOp(i64(), linalg.IndexOp(0).result).result
        if is_float(elem):
            v = arith.AddFOp(const_like(a["start"], elem),
                             arith.MulFOp(arith.SIToFPOp(elem, i).result, const_like(a["step"], elem)).result).result
        else:
            start, step = a["start"], a["step"]
            if start != int(start) or step != int(step):
                raise Unsupported("an integer arange needs integer start and step")
            v = arith.AddIOp(const_like(int(start), i64()), arith.MulIOp(i, const_like(int(step), i64())).result).result
            if elem != i64():
                v = arith.TruncIOp(elem, v).result
        linalg.YieldOp([v])
    return [g.result]


def populate_view_patterns(table: PatternTable) -> None:
    table.add("edge.view", lower_view, family=FAMILY_VIEW)
    table.add("edge.expand", lower_expand, family=FAMILY_VIEW)
    table.add("edge.permute", lower_permute, family=FAMILY_VIEW)
    table.add("edge.slice", lower_slice, family=FAMILY_VIEW)
    table.add("edge.cat", lower_cat, family=FAMILY_VIEW)
    table.add("edge.pad", lower_pad, family=FAMILY_VIEW)
    table.add("edge.flip", lower_flip, family=FAMILY_VIEW)


def populate_indexing_patterns(table: PatternTable) -> None:
    table.add("edge.embedding", lower_embedding, family=FAMILY_INDEX)
    table.add("edge.index_select", lower_index_select, family=FAMILY_INDEX)
    table.add("edge.gather", lower_gather, family=FAMILY_INDEX)
    table.add("edge.arange", lower_arange, family=FAMILY_INDEX)


__all__ = ["reshape", "result_dims_from_operands"]
