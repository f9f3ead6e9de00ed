"""to-linalg: max/avg pooling as linalg.pooling_*, max pooling with indices and adaptive average pooling as linalg.generic."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, Unsupported, attr_dict, element_type, i64, index_constant, is_float, shape_of
from .builders import (
    PARALLEL,
    REDUCTION,
    check_supported_element,
    const_like,
    dims_like,
    elementwise,
    fill,
    iterators,
    lowest,
    maps_attr,
    pad_tensor,
    static_shape,
)
from .shapes import ShapeContext

FAMILY = "pooling"


def _pool_input(ctx, op, x, kernel, stride, padding, dilation, pad_value):
    out = shape_of(op.results[0])
    inp = shape_of(x)
    high = list(padding)
    for i, d in enumerate((2, 3)):
        if DYNAMIC in (out[d], inp[d]):
            continue
        need = (out[d] - 1) * stride[i] + (kernel[i] - 1) * dilation[i] + 1
        high[i] = max(padding[i], need - inp[d] - padding[i])  # ceil_mode windows
    return pad_tensor(ctx, x, [0, 0, *padding], [0, 0, *high], pad_value)


def lower_max_pool2d(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    a = attr_dict(op)
    elem = element_type(x)
    check_supported_element(elem)
    neg = lowest(elem)
    x = _pool_input(ctx, op, x, a["kernel_size"], a["stride"], a["padding"], a["dilation"], neg)
    res = op.results[0]
    init = fill(neg, res.type, dims_like(ctx, res, [(x, 0), (x, 1), None, None]))
    window = tensor.EmptyOp(list(a["kernel_size"]), elem).result
    return [linalg.pooling_nchw_max(x, window, outs=[init], strides=a["stride"], dilations=a["dilation"])]


def lower_avg_pool2d(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    a = attr_dict(op)
    elem = element_type(x)
    if not is_float(elem):
        raise Unsupported("avg_pool2d needs a float input")
    x = _pool_input(ctx, op, x, a["kernel_size"], a["stride"], a["padding"], [1, 1], 0.0)
    res = op.results[0]
    init = fill(0.0, res.type, dims_like(ctx, res, [(x, 0), (x, 1), None, None]))
    window = tensor.EmptyOp(list(a["kernel_size"]), elem).result
    summed = linalg.pooling_nchw_sum(x, window, outs=[init], strides=a["stride"], dilations=[1, 1])
    divisor = const_like(float(a["divisor"]), elem)
    return [elementwise(ctx, [summed], res.type, lambda s: arith.DivFOp(s, divisor).result, source=res)]


def lower_max_pool2d_with_indices(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    a = attr_dict(op)
    elem = element_type(x)
    check_supported_element(elem)
    xs = static_shape(x, "max_pool2d_with_indices")
    k, s, p, dl = a["kernel_size"], a["stride"], a["padding"], a["dilation"]
    values_r, indices_r = op.results
    out = static_shape(values_r, "max_pool2d_with_indices")
    high = [max(p[i], (out[2 + i] - 1) * s[i] + (k[i] - 1) * dl[i] + 1 - xs[2 + i] - p[i]) for i in range(2)]
    neg = lowest(elem)
    xp = pad_tensor(ctx, x, [0, 0, *p], [0, 0, *high], neg)
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


def lower_adaptive_avg_pool2d(op):
    """Windows [floor(o * I / O), ceil((o + 1) * I / O)): a reduction over the largest window
    size with the out-of-window steps masked, then a division by each window's size."""
    x = op.operands[0]
    xs = static_shape(x, "adaptive_avg_pool2d")
    res = op.results[0]
    out = static_shape(res, "adaptive_avg_pool2d")
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


def populate_pooling_patterns(table: PatternTable) -> None:
    table.add("edge.max_pool2d", lower_max_pool2d, family=FAMILY)
    table.add("edge.max_pool2d_with_indices", lower_max_pool2d_with_indices, family=FAMILY)
    table.add("edge.avg_pool2d", lower_avg_pool2d, family=FAMILY)
    table.add("edge.adaptive_avg_pool2d", lower_adaptive_avg_pool2d, family=FAMILY)
