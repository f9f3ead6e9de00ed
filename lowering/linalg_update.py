"""to-linalg patterns for functional updates (scatter, index_put, slice_scatter), diagonal,
border padding and max pooling with indices."""

from __future__ import annotations

import math as pymath

from exir_mlir._mlir import arith, ir, linalg, scf, tensor

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
    isa,
    rank_of,
    shape_of,
)
from .linalg_common import (
    PARALLEL,
    REDUCTION,
    affine_map,
    check_supported_element,
    const_like,
    elementwise,
    empty,
    fill,
    iterators,
    lowest,
    maps_attr,
)
from .linalg_elementwise import BINARY
from .linalg_shapes import ShapeContext
from .linalg_structured import _pad

FAMILY_UPDATE = "scatter-update"
FAMILY_PAD = "padding"


def _static(v: ir.Value, what: str) -> list[int]:
    s = shape_of(v)
    if DYNAMIC in s:
        raise Unsupported(f"{what} with dynamic shapes is not supported yet")
    return s


def _wrap(i: ir.Value, n: int) -> ir.Value:
    neg = arith.CmpIOp(arith.CmpIPredicate.slt, i, index_constant(0)).result
    return arith.SelectOp(neg, arith.AddIOp(i, index_constant(n)).result, i).result


def _writable(x: ir.Value) -> ir.Value:
    """A destination that may be updated in place: a function argument (the caller's buffer
    after bufferization) is copied first, so an update never writes into an input."""
    if isinstance(x.owner, ir.Block) or isa(ir.BlockArgument, x):
        from mlir.dialects import bufferization

        # an explicit copy that canonicalization keeps (an identity linalg.generic folds away)
        return bufferization.AllocTensorOp(x.type, [], copy=x).result
    return x


def lower_slice_scatter(op):
    x, src = op.operands
    a = attr_dict(op)
    _static(src, "slice_scatter")
    rank = rank_of(x)
    offsets = [a["start"] if d == a["dim"] else 0 for d in range(rank)]
    strides = [a["step"] if d == a["dim"] else 1 for d in range(rank)]
    return [tensor.InsertSliceOp(src, _writable(x), [], [], [], offsets, shape_of(src), strides).result]


_COMBINE = {
    "sum": BINARY["add"],
    "prod": BINARY["mul"],
    "amax": BINARY["maximum"],
    "amin": BINARY["minimum"],
}


def _delinearize(k: ir.Value, shape: list[int]) -> list[ir.Value]:
    coords = []
    rest = k
    for s in reversed(shape):
        c = index_constant(s)
        coords.append(arith.RemUIOp(rest, c).result)
        rest = arith.DivUIOp(rest, c).result
    return list(reversed(coords))


def lower_scatter(op):
    """A sequential loop over the index elements: correct for duplicates with every reduction."""
    x, idx, src = op.operands
    a = attr_dict(op)
    dim, reduce = a["dim"], a["reduce"]
    xs, ishape = _static(x, "scatter"), _static(idx, "scatter")
    check_supported_element(element_type(x))
    n = 1
    for s in ishape:
        n *= s
    loop = scf.ForOp(index_constant(0), index_constant(n), index_constant(1), [_writable(x)])
    with ir.InsertionPoint(loop.body):
        coords = _delinearize(loop.induction_variable, ishape) if ishape else []
        target = arith.IndexCastOp(index(), tensor.ExtractOp(idx, coords).result).result
        target = _wrap(target, xs[dim])
        dest = [target if d == dim else c for d, c in enumerate(coords)]
        value = tensor.ExtractOp(src, coords).result
        acc = loop.inner_iter_args[0]
        if reduce != "none":
            value = _COMBINE[reduce](tensor.ExtractOp(acc, dest).result, value)
        scf.YieldOp([tensor.InsertOp(value, acc, dest).result])
    return [loop.results[0]]


def lower_index_put(op):
    """Broadcast the values to the selected slices, then a loop writes (or adds) each slice."""
    ctx = ShapeContext.current()
    x, idx, values = op.operands
    a = attr_dict(op)
    dim = a["dim"]
    xs = _static(x, "index_put")
    length = _static(idx, "index_put")[0]
    elem = element_type(x)
    check_supported_element(elem)
    sel_shape = [length if d == dim else s for d, s in enumerate(xs)]
    from .ir_utils import ranked

    sel_t = ranked(sel_shape, elem)
    vals = elementwise(ctx, [values], sel_t, lambda v: v)
    piece_shape = [1 if d == dim else s for d, s in enumerate(xs)]
    piece_t = ranked(piece_shape, elem)
    rank = len(xs)
    loop = scf.ForOp(index_constant(0), index_constant(length), index_constant(1), [_writable(x)])
    with ir.InsertionPoint(loop.body):
        i = loop.induction_variable
        row = _wrap(arith.IndexCastOp(index(), tensor.ExtractOp(idx, [i]).result).result, xs[dim])
        offsets_i = [DYNAMIC if d == dim else 0 for d in range(rank)]
        piece = tensor.extract_slice(piece_t, vals, [i], [], [], offsets_i, piece_shape, [1] * rank)
        acc = loop.inner_iter_args[0]
        if a["accumulate"]:
            cur = tensor.extract_slice(piece_t, acc, [row], [], [], offsets_i, piece_shape, [1] * rank)
            ident = list(range(rank))
            piece = linalg.GenericOp([piece_t], [piece], [cur], maps_attr([affine_map(rank, ident)] * 2),
                                     iterators([PARALLEL] * rank))
            block = piece.regions[0].blocks.append(elem, elem)
            with ir.InsertionPoint(block):
                linalg.YieldOp([BINARY["add"](block.arguments[0], block.arguments[1])])
            piece = piece.result
        written = tensor.InsertSliceOp(piece, acc, [row], [], [], offsets_i, piece_shape, [1] * rank).result
        scf.YieldOp([written])
    return [loop.results[0]]


def _gather_generic(res, inputs_rank_coords):
    """A generic over the result whose body computes input coordinates and extracts."""
    rank = rank_of(res)
    init = empty(res.type, [])
    g = linalg.GenericOp([res.type], [], [init], maps_attr([affine_map(rank, list(range(rank)))]),
                         iterators([PARALLEL] * rank))
    block = g.regions[0].blocks.append(element_type(res))
    with ir.InsertionPoint(block):
        ids = [linalg.IndexOp(d).result for d in range(rank)]
        linalg.YieldOp([inputs_rank_coords(ids)])
    return g.result


def lower_diagonal(op):
    x = op.operands[0]
    a = attr_dict(op)
    _static(x, "diagonal")
    res = op.results[0]
    _static(res, "diagonal")
    d1, d2, off = a["dim1"], a["dim2"], a["offset"]
    kept = [d for d in range(rank_of(x)) if d not in (d1, d2)]

    def body(ids):
        i = ids[-1]
        coords = [None] * rank_of(x)
        for pos, d in enumerate(kept):
            coords[d] = ids[pos]
        coords[d1] = arith.AddIOp(i, index_constant(max(-off, 0))).result
        coords[d2] = arith.AddIOp(i, index_constant(max(off, 0))).result
        return tensor.ExtractOp(x, coords).result

    return [_gather_generic(res, body)]


def lower_border_pad(op):
    x = op.operands[0]
    a = attr_dict(op)
    xs = _static(x, "reflection/replication padding")
    res = op.results[0]
    low, mode = a["low"], a["mode"]

    def body(ids):
        coords = []
        for d, i in enumerate(ids):
            if not low[d] and not a["high"][d]:
                coords.append(i)
                continue
            n = xs[d]
            src = arith.SubIOp(i, index_constant(low[d])).result
            if mode == "reflect":
                neg = arith.CmpIOp(arith.CmpIPredicate.slt, src, index_constant(0)).result
                src = arith.SelectOp(neg, arith.SubIOp(index_constant(0), src).result, src).result
                over = arith.CmpIOp(arith.CmpIPredicate.sge, src, index_constant(n)).result
                mirrored = arith.SubIOp(index_constant(2 * (n - 1)), src).result
                src = arith.SelectOp(over, mirrored, src).result
            else:
                src = arith.MaxSIOp(src, index_constant(0)).result
                src = arith.MinSIOp(src, index_constant(n - 1)).result
            coords.append(src)
        return tensor.ExtractOp(x, coords).result

    return [_gather_generic(res, body)]


def lower_max_pool2d_with_indices(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    a = attr_dict(op)
    elem = element_type(x)
    check_supported_element(elem)
    xs = _static(x, "max_pool2d_with_indices")
    k, s, p, dl = a["kernel_size"], a["stride"], a["padding"], a["dilation"]
    values_r, indices_r = op.results
    out = _static(values_r, "max_pool2d_with_indices")
    high = [max(p[i], (out[2 + i] - 1) * s[i] + (k[i] - 1) * dl[i] + 1 - xs[2 + i] - p[i]) for i in range(2)]
    neg = lowest(elem)
    xp = _pad(ctx, x, [0, 0, *p], [0, 0, *high], neg)
    d = [ir.AffineDimExpr.get(i) for i in range(6)]
    win = [ir.AffineAddExpr.get(ir.AffineMulExpr.get(d[2 + i], ir.AffineConstantExpr.get(s[i])),
                                ir.AffineMulExpr.get(d[4 + i], ir.AffineConstantExpr.get(dl[i]))) for i in range(2)]
    in_map = ir.AffineMap.get(6, 0, [d[0], d[1], win[0], win[1]])
    out_map = ir.AffineMap.get(6, 0, [d[0], d[1], d[2], d[3]])
    window = tensor.EmptyOp(list(k), elem).result
    win_map = ir.AffineMap.get(6, 0, [d[4], d[5]])
    vals = fill(neg, values_r.type, [])
    idxs = fill(0, indices_r.type, [])
    g = linalg.GenericOp([values_r.type, indices_r.type], [xp, window], [vals, idxs],
                         maps_attr([in_map, win_map, out_map, out_map]),
                         iterators([PARALLEL] * 4 + [REDUCTION] * 2))
    block = g.regions[0].blocks.append(elem, elem, elem, i64())
    with ir.InsertionPoint(block):
        v, _w, acc_v, acc_i = block.arguments
        ids = [linalg.IndexOp(i).result for i in range(6)]
        h = arith.SubIOp(arith.AddIOp(arith.MulIOp(ids[2], index_constant(s[0])).result,
                                      arith.MulIOp(ids[4], index_constant(dl[0])).result).result,
                         index_constant(p[0])).result
        w = arith.SubIOp(arith.AddIOp(arith.MulIOp(ids[3], index_constant(s[1])).result,
                                      arith.MulIOp(ids[5], index_constant(dl[1])).result).result,
                         index_constant(p[1])).result
        flat = arith.AddIOp(arith.MulIOp(h, index_constant(xs[3])).result, w).result
        flat = arith.IndexCastOp(i64(), flat).result
        if is_float(elem):
            better = arith.CmpFOp(arith.CmpFPredicate.OGT, v, acc_v).result
            nan = arith.CmpFOp(arith.CmpFPredicate.UNO, v, v).result
            better = arith.OrIOp(better, nan).result
        else:
            better = arith.CmpIOp(arith.CmpIPredicate.sgt, v, acc_v).result
        linalg.YieldOp([arith.SelectOp(better, v, acc_v).result, arith.SelectOp(better, flat, acc_i).result])
    return list(g.results)


def lower_as_strided(op):
    from .ir_utils import ranked
    from .linalg_common import reassociation

    x = op.operands[0]
    a = attr_dict(op)
    xs = _static(x, "as_strided")
    res = op.results[0]
    n = 1
    for s_ in xs:
        n *= s_
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

    return [_gather_generic(res, body)]


def _sorts_before(a, b, descending: bool):
    """a strictly before b in torch's order (NaN is the largest value)."""
    if is_float(a.type):
        a_nan = arith.CmpFOp(arith.CmpFPredicate.UNO, a, a).result
        b_nan = arith.CmpFOp(arith.CmpFPredicate.UNO, b, b).result
        true = const_like(1, ir.IntegerType.get_signless(1))
        if descending:
            not_b = arith.XOrIOp(b_nan, true).result
            return arith.OrIOp(arith.AndIOp(a_nan, not_b).result,
                               arith.CmpFOp(arith.CmpFPredicate.OGT, a, b).result).result
        not_a = arith.XOrIOp(a_nan, true).result
        return arith.OrIOp(arith.AndIOp(not_a, b_nan).result,
                           arith.CmpFOp(arith.CmpFPredicate.OLT, a, b).result).result
    if a.type == ir.IntegerType.get_signless(1):
        pred = arith.CmpIPredicate.ugt if descending else arith.CmpIPredicate.ult
    else:
        pred = arith.CmpIPredicate.sgt if descending else arith.CmpIPredicate.slt
    return arith.CmpIOp(pred, a, b).result


def _equal(a, b):
    if is_float(a.type):
        both_nan = arith.AndIOp(arith.CmpFOp(arith.CmpFPredicate.UNO, a, a).result,
                                arith.CmpFOp(arith.CmpFPredicate.UNO, b, b).result).result
        return arith.OrIOp(arith.CmpFOp(arith.CmpFPredicate.OEQ, a, b).result, both_nan).result
    return arith.CmpIOp(arith.CmpIPredicate.eq, a, b).result


def lower_sort(op):
    """Stable sort in two O(n^2) generics: each element's rank (how many sort before it), then
    each output position picks the element of that rank."""
    x = op.operands[0]
    a = attr_dict(op)
    dim, desc = a["dim"], a["descending"]
    xs = _static(x, "sort")
    elem = element_type(x)
    check_supported_element(elem)
    rank = len(xs)
    loops = rank + 1  # the extra loop walks the sorted dim a second time
    ident = list(range(rank))
    other = [rank if d == dim else d for d in range(rank)]
    from .ir_utils import ranked

    rank_t = ranked(xs, i64())
    ranks = fill(0, rank_t, [])
    g = linalg.GenericOp([rank_t], [x, x], [ranks],
                         maps_attr([affine_map(loops, ident), affine_map(loops, other), affine_map(loops, ident)]),
                         iterators([PARALLEL] * rank + [REDUCTION]))
    block = g.regions[0].blocks.append(elem, elem, i64())
    with ir.InsertionPoint(block):
        xi, xj, acc = block.arguments
        i, j = linalg.IndexOp(dim).result, linalg.IndexOp(rank).result
        earlier = arith.CmpIOp(arith.CmpIPredicate.ult, j, i).result
        tie = arith.AndIOp(_equal(xj, xi), earlier).result
        before = arith.OrIOp(_sorts_before(xj, xi, desc), tie).result
        one = arith.ExtUIOp(i64(), before).result
        linalg.YieldOp([arith.AddIOp(acc, one).result])
    ranks = g.result
    vals_r, idx_r = op.results
    vals = fill(0 if not is_float(elem) else 0.0, vals_r.type, [])
    idxs = fill(0, idx_r.type, [])
    g2 = linalg.GenericOp([vals_r.type, idx_r.type], [ranks, x], [vals, idxs],
                          maps_attr([affine_map(loops, other), affine_map(loops, other),
                                     affine_map(loops, ident), affine_map(loops, ident)]),
                          iterators([PARALLEL] * rank + [REDUCTION]))
    block = g2.regions[0].blocks.append(i64(), elem, elem, i64())
    with ir.InsertionPoint(block):
        r_i, x_i, acc_v, acc_i = block.arguments
        pos = arith.IndexCastOp(i64(), linalg.IndexOp(dim).result).result
        src = arith.IndexCastOp(i64(), linalg.IndexOp(rank).result).result
        hit = arith.CmpIOp(arith.CmpIPredicate.eq, r_i, pos).result
        linalg.YieldOp([arith.SelectOp(hit, x_i, acc_v).result, arith.SelectOp(hit, src, acc_i).result])
    return list(g2.results)


def populate_update_patterns(table: PatternTable) -> None:
    table.add("edge.as_strided", lower_as_strided, family=FAMILY_UPDATE)
    table.add("edge.sort", lower_sort, family=FAMILY_UPDATE)
    table.add("edge.slice_scatter", lower_slice_scatter, family=FAMILY_UPDATE)
    table.add("edge.scatter", lower_scatter, family=FAMILY_UPDATE)
    table.add("edge.index_put", lower_index_put, family=FAMILY_UPDATE)
    table.add("edge.diagonal", lower_diagonal, family=FAMILY_UPDATE)
    table.add("edge.max_pool2d_with_indices", lower_max_pool2d_with_indices, family=FAMILY_UPDATE)


def lower_upsample2d(op):
    """A gather generic: nearest reads floor(i * scale); bilinear blends the four neighbours."""
    x = op.operands[0]
    a = attr_dict(op)
    xs = _static(x, "upsample")
    res = op.results[0]
    elem = element_type(x)
    if not is_float(elem):
        raise Unsupported("upsample needs a float input")
    f32 = ir.F32Type.get()

    def src_coord(i, d, scale):
        fi = arith.SIToFPOp(f32, arith.IndexCastOp(i64(), i).result).result
        if a["mode"] == "nearest":
            f = arith.MulFOp(fi, const_like(scale, f32)).result
        elif a["align_corners"]:
            f = arith.MulFOp(fi, const_like(scale, f32)).result
        else:  # half-pixel centers, clamped at 0
            f = arith.SubFOp(arith.MulFOp(arith.AddFOp(fi, const_like(0.5, f32)).result,
                                          const_like(scale, f32)).result, const_like(0.5, f32)).result
            f = arith.MaximumFOp(f, const_like(0.0, f32)).result
        lo = arith.IndexCastOp(index(), arith.FPToSIOp(i64(), f).result).result
        lo = arith.MinSIOp(lo, index_constant(xs[d] - 1)).result
        return f, lo

    def body(ids):
        n, c, oh, ow = ids
        fh, h0 = src_coord(oh, 2, a["scale_h"])
        fw, w0 = src_coord(ow, 3, a["scale_w"])
        if a["mode"] == "nearest":
            return tensor.ExtractOp(x, [n, c, h0, w0]).result
        h1 = arith.MinSIOp(arith.AddIOp(h0, index_constant(1)).result, index_constant(xs[2] - 1)).result
        w1 = arith.MinSIOp(arith.AddIOp(w0, index_constant(1)).result, index_constant(xs[3] - 1)).result

        def frac(f, lo):
            base = arith.SIToFPOp(f32, arith.IndexCastOp(i64(), lo).result).result
            return arith.SubFOp(f, base).result

        lh, lw = frac(fh, h0), frac(fw, w0)
        one = const_like(1.0, f32)

        def at(h, w):
            v = tensor.ExtractOp(x, [n, c, h, w]).result
            return v if elem == f32 else arith.ExtFOp(f32, v).result

        top = arith.AddFOp(arith.MulFOp(at(h0, w0), arith.SubFOp(one, lw).result).result,
                           arith.MulFOp(at(h0, w1), lw).result).result
        bottom = arith.AddFOp(arith.MulFOp(at(h1, w0), arith.SubFOp(one, lw).result).result,
                              arith.MulFOp(at(h1, w1), lw).result).result
        v = arith.AddFOp(arith.MulFOp(top, arith.SubFOp(one, lh).result).result,
                         arith.MulFOp(bottom, lh).result).result
        return v if elem == f32 else arith.TruncFOp(elem, v).result

    return [_gather_generic(res, body)]


def lower_adaptive_avg_pool2d(op):
    """Windows [floor(o * I / O), ceil((o + 1) * I / O)): a reduction over the largest window
    size with the out-of-window steps masked, then a division by each window's size."""
    x = op.operands[0]
    xs = _static(x, "adaptive_avg_pool2d")
    res = op.results[0]
    out = _static(res, "adaptive_avg_pool2d")
    elem = element_type(x)
    if not is_float(elem):
        raise Unsupported("adaptive_avg_pool2d needs a float input")
    kmax = [-(-xs[d] // out[d]) + 1 for d in (2, 3)]
    window = tensor.EmptyOp(kmax, elem).result
    init = fill(0.0, res.type, [])
    d = [ir.AffineDimExpr.get(i) for i in range(6)]
    maps = [ir.AffineMap.get(6, 0, [d[4], d[5]]), ir.AffineMap.get(6, 0, d[:4])]
    g = linalg.GenericOp([res.type], [window], [init], maps_attr(maps),
                         iterators([PARALLEL] * 4 + [REDUCTION] * 2))
    block = g.regions[0].blocks.append(elem, elem)

    def bounds(o, i):
        start = arith.FloorDivSIOp(arith.MulIOp(o, index_constant(xs[i])).result, index_constant(out[i])).result
        stop = arith.CeilDivSIOp(arith.MulIOp(arith.AddIOp(o, index_constant(1)).result,
                                              index_constant(xs[i])).result, index_constant(out[i])).result
        return start, stop

    with ir.InsertionPoint(block):
        _, acc = block.arguments
        n, c, oh, ow, kh, kw = (linalg.IndexOp(i).result for i in range(6))
        hs, he = bounds(oh, 2)
        ws, we = bounds(ow, 3)
        h, w = arith.AddIOp(hs, kh).result, arith.AddIOp(ws, kw).result
        inside = arith.AndIOp(arith.CmpIOp(arith.CmpIPredicate.slt, h, he).result,
                              arith.CmpIOp(arith.CmpIPredicate.slt, w, we).result).result
        hc = arith.MinSIOp(h, index_constant(xs[2] - 1)).result
        wc = arith.MinSIOp(w, index_constant(xs[3] - 1)).result
        v = tensor.ExtractOp(x, [n, c, hc, wc]).result
        v = arith.SelectOp(inside, v, const_like(0.0, elem)).result
        count = arith.MulIOp(arith.SubIOp(he, hs).result, arith.SubIOp(we, ws).result).result
        countf = arith.SIToFPOp(elem, arith.IndexCastOp(i64(), count).result).result
        linalg.YieldOp([arith.AddFOp(acc, arith.DivFOp(v, countf).result).result])
    return [g.result]


def populate_padding_patterns(table: PatternTable) -> None:
    table.add("edge.adaptive_avg_pool2d", lower_adaptive_avg_pool2d, family=FAMILY_PAD)
    table.add("edge.upsample2d", lower_upsample2d, family=FAMILY_PAD)
    table.add("edge.border_pad", lower_border_pad, family=FAMILY_PAD)


__all__ = ["populate_update_patterns", "populate_padding_patterns", "const_like", "pymath"]
