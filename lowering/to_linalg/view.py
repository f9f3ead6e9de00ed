"""to-linalg: views and data movement (reshape, expand, permute, slice, cat, pad, flip, diagonal, as_strided) as tensor ops or index-computing linalg.generic."""

from __future__ import annotations

import re

from exir_mlir._mlir import arith, ir, linalg, tensor

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, attr_dict, element_type, index, index_constant, rank_of, ranked, shape_of
from .builders import (
    PARALLEL,
    affine_map,
    elementwise,
    empty,
    extract_scalar,
    gather_generic,
    iterators,
    maps_attr,
    reassociation,
)
from .shapes import ShapeContext

FAMILY = "view"


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


def _product(expr: str) -> tuple[int, tuple[str, ...]]:
    """A symbolic size as coefficient x sorted factors (`4*s0` -> (4, ('s0',))); any other
    expression (`s0 + 1`, `s0//2`) is one opaque factor, equal only to itself."""
    text = expr.replace(" ", "")
    factors = text.split("*")
    if "**" in text or not all(re.fullmatch(r"\d+|[A-Za-z_]\w*", f) for f in factors):
        return 1, (text,)
    coefficient, names = 1, []
    for f in factors:
        if f.isdigit():
            coefficient *= int(f)
        else:
            names.append(f)
    return coefficient, tuple(sorted(names))


def _symbolic_groups(long: list[str], short: list[str]) -> list[list[int]] | None:
    """Groups of `long` dims whose symbolic product is each `short` dim ([s0, 4, s1, 64] ->
    [4*s0, s1, 64]: [[0, 1], [2], [3]]), or None."""
    longs, shorts = [_product(e) for e in long], [_product(e) for e in short]
    groups, i = [], 0
    for coefficient, names in shorts:
        group, prod = [], (1, ())
        while i < len(longs) and prod != (coefficient, names):
            c, n = longs[i]
            prod = (prod[0] * c, tuple(sorted(prod[1] + n)))
            group.append(i)
            i += 1
        if prod != (coefficient, names) or not group:
            return None
        groups.append(group)
    while i < len(longs):  # trailing unit dims join the last group
        if longs[i] != (1, ()) or not groups:
            return None
        groups[-1].append(i)
        i += 1
    return groups


def reshape(ctx: ShapeContext, x: ir.Value, result: ir.Value, dyn_sizes: list[ir.Value]) -> ir.Value:
    rt = result.type
    src, dst = shape_of(x), shape_of(rt)
    # With several dynamic dims on a side, sizes alone do not say which dims a reshape merges or
    # splits ([a, b] -> [b, a] has the same types as a no-op): only the symbolic shapes do. With at
    # most one, equal element counts pin it down.
    src_exprs, dst_exprs = ctx.symbolic_shape(x), ctx.symbolic_shape(result)
    symbolic = (src_exprs is not None and dst_exprs is not None and len(src_exprs) == len(src)
                and len(dst_exprs) == len(dst))
    by_sizes = src.count(DYNAMIC) <= 1 and dst.count(DYNAMIC) <= 1
    if 0 in dst:
        return empty(rt, dyn_sizes)  # no elements: nothing to move (0 x ? collapses to ?, not 0)
    if src == dst and (by_sizes or (symbolic and list(map(_product, src_exprs)) == list(map(_product, dst_exprs)))):
        return x
    if len(dst) < len(src):
        groups = ((_reassociation_groups(src, dst) if by_sizes else None) or _tail_groups(src, dst)
                  or (_symbolic_groups(src_exprs, dst_exprs) if symbolic else None))
        if groups is not None and any(sum(1 for d in g if src[d] == DYNAMIC) > 1 for g in groups):
            return _reshape(x, rt, dyn_sizes)
        if groups is not None or not dst:
            return tensor.CollapseShapeOp(rt, x, reassociation(groups or [])).result
    else:
        groups = ((_reassociation_groups(dst, src) if by_sizes else None) or _tail_groups(dst, src)
                  or (_symbolic_groups(dst_exprs, src_exprs) if symbolic else None))
        if groups is not None or not src:
            return _expand(x, rt, groups or [], dyn_sizes)
    # general case: through 1-d (a value-semantics reshape of a contiguous tensor)
    if src.count(DYNAMIC) > 1:
        return _reshape(x, rt, dyn_sizes)  # the 1-d collapse would merge several dynamic dims
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
        return flat if shape_of(flat) == dst else tensor.CastOp(rt, flat).result
    return _expand(flat, rt, [list(range(len(dst)))], dyn_sizes)


def _expand(x: ir.Value, rt: ir.Type, groups: list[list[int]], dyn_sizes: list[ir.Value]) -> ir.Value:
    """tensor.expand_shape, or tensor.reshape when a group would hold several dynamic sizes
    (memref.expand_shape, where this bufferizes to, allows one dynamic size per group)."""
    dst = shape_of(rt)
    if all(sum(1 for d in g if dst[d] == DYNAMIC) <= 1 for g in groups):
        return tensor.ExpandShapeOp(rt, x, reassociation(groups), dyn_sizes, dst).result
    return _reshape(x, rt, dyn_sizes)


def _reshape(x: ir.Value, rt: ir.Type, dyn_sizes: list[ir.Value]) -> ir.Value:
    """tensor.reshape to `rt`, for a merge or split of several dynamic dims in one group. Not a
    collapse_shape: linalg-fuse-elementwise-ops propagates a collapse through the generic that
    reads it by expanding the generic's other operands with the same groups, and an expand_shape
    with two dynamic sizes in one group aborts the memref lowering (ExpandStridedMetadata)."""
    dst = shape_of(rt)
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
    source = shape_of(x)[a["dim"]]
    if 0 in shape_of(res) or (source != DYNAMIC and a["start"] >= source):
        # an empty result: nothing to read (MLIR's extract_slice verifier rejects offset 0 in a
        # dim of static size 0, and a static offset past the end: split_with_sizes' last piece of
        # size 0, typed with a dynamic dim)
        return [empty(res.type, dyn)]
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
    if 0 in shape_of(res):
        return [out]  # empty: nothing to insert (see lower_slice)
    offset: int | ir.Value = 0  # static while every earlier input has a static size along `dim`
    for v in inputs:
        shape = shape_of(v)
        if shape[dim] == 0:
            continue  # contributes no rows
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


def lower_border_pad(op):
    """Reflection/replication padding as a gather over the result: each padded coordinate maps
    back into x (mirrored, or clamped to the edge). Sizes are index values: tensor.dim where x is
    dynamic; the result's dynamic dims are x's plus the static pad amounts."""
    ctx = ShapeContext.current()
    x = op.operands[0]
    a = attr_dict(op)
    res = op.results[0]
    low, high, mode = a["low"], a["high"], a["mode"]
    rank = rank_of(x)
    like = []
    for d in range(rank):
        grow = low[d] + high[d]
        like.append((x, d) if not grow else arith.AddIOp(ctx.dim(x, d), index_constant(grow)).result
                    if shape_of(res)[d] == DYNAMIC else None)
    dyn = ctx.dynamic_dims(res.type, like, res)

    def size(d, minus: int = 0, times: int = 1):  # times * (x.size(d) - minus), an index
        if shape_of(x)[d] != DYNAMIC:
            return index_constant(times * (shape_of(x)[d] - minus))
        v = ctx.dim(x, d)
        v = arith.SubIOp(v, index_constant(minus)).result if minus else v
        return arith.MulIOp(v, index_constant(times)).result if times != 1 else v

    def body(ids):
        coords = []
        for d, i in enumerate(ids):
            if not low[d] and not high[d]:
                coords.append(i)
                continue
            src = arith.SubIOp(i, index_constant(low[d])).result
            if mode == "reflect":
                neg = arith.CmpIOp(arith.CmpIPredicate.slt, src, index_constant(0)).result
                src = arith.SelectOp(neg, arith.SubIOp(index_constant(0), src).result, src).result
                over = arith.CmpIOp(arith.CmpIPredicate.sge, src, size(d)).result
                mirrored = arith.SubIOp(size(d, 1, 2), src).result
                src = arith.SelectOp(over, mirrored, src).result
                if shape_of(x)[d] == DYNAMIC:
                    # in bounds whatever the size (export guards pad < size; eager raises otherwise)
                    src = arith.MinSIOp(arith.MaxSIOp(src, index_constant(0)).result, size(d, 1)).result
            else:
                src = arith.MaxSIOp(src, index_constant(0)).result
                src = arith.MinSIOp(src, size(d, 1)).result
            coords.append(src)
        return tensor.ExtractOp(x, coords).result

    return [gather_generic(res, body, dyn)]


def lower_diagonal(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    a = attr_dict(op)
    res = op.results[0]
    d1, d2, off = a["dim1"], a["dim2"], a["offset"]
    kept = [d for d in range(rank_of(x)) if d not in (d1, d2)]
    like: list = [(x, d) for d in kept]
    if shape_of(res)[-1] == DYNAMIC:
        # max(0, min(size(d1) - max(-off, 0), size(d2) - max(off, 0)))
        along1 = arith.SubIOp(ctx.dim(x, d1), index_constant(max(-off, 0))).result
        along2 = arith.SubIOp(ctx.dim(x, d2), index_constant(max(off, 0))).result
        like.append(arith.MaxSIOp(index_constant(0), arith.MinSIOp(along1, along2).result).result)
    else:
        like.append(None)
    dyn = ctx.dynamic_dims(res.type, like, res)

    def body(ids):
        i = ids[-1]
        coords = [None] * rank_of(x)
        for pos, d in enumerate(kept):
            coords[d] = ids[pos]
        coords[d1] = arith.AddIOp(i, index_constant(max(-off, 0))).result
        coords[d2] = arith.AddIOp(i, index_constant(max(off, 0))).result
        return tensor.ExtractOp(x, coords).result

    return [gather_generic(res, body, dyn)]


def lower_as_strided(op):
    x = op.operands[0]
    a = attr_dict(op)
    xs = shape_of(x)  # a dynamic x: aten-to-edge proved every read lies inside it
    res = op.results[0]
    n = 1
    for s_ in xs:
        n = DYNAMIC if DYNAMIC in (n, s_) else n * s_
    flat_t = ranked([n], element_type(x))
    if len(xs) > 1:
        flat = tensor.CollapseShapeOp(flat_t, x, reassociation([list(range(len(xs)))])).result
    elif not xs:
        flat = tensor.ExpandShapeOp(flat_t, x, reassociation([]), [], [1]).result
    else:
        flat = x

    def body(ids):
        pos = index_constant(a["storage_offset"])
        for i, st in zip(ids, a["stride"]):
            pos = arith.AddIOp(pos, arith.MulIOp(i, index_constant(st)).result).result
        return tensor.ExtractOp(flat, [pos]).result

    return [gather_generic(res, body)]


def populate_view_patterns(table: PatternTable) -> None:
    table.add("edge.view", lower_view, family=FAMILY)
    table.add("edge.expand", lower_expand, family=FAMILY)
    table.add("edge.permute", lower_permute, family=FAMILY)
    table.add("edge.slice", lower_slice, family=FAMILY)
    table.add("edge.cat", lower_cat, family=FAMILY)
    table.add("edge.pad", lower_pad, family=FAMILY)
    table.add("edge.border_pad", lower_border_pad, family=FAMILY)
    table.add("edge.flip", lower_flip, family=FAMILY)
    table.add("edge.diagonal", lower_diagonal, family=FAMILY)
    table.add("edge.as_strided", lower_as_strided, family=FAMILY)
