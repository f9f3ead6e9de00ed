"""to-linalg: N-d (1-d, 2-d, 3-d) pooling.

Max and average pooling are linalg.pooling_ncw_* / pooling_nchw_* (a linalg.generic of the same
form for 3-d, which has no NC-first named op) over the input padded so that every window the
result shape asks for (ceil_mode) lies inside it. Average pooling then divides by a constant when
every window has the same divisor, else by each window's count (ceil_mode partial windows,
count_include_pad=False), computed from the output index. Max pooling with indices and adaptive
pooling are linalg.generic ops.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    attr_dict,
    element_type,
    i64,
    index_constant,
    is_bool,
    is_float,
    rank_of,
    shape_of,
)
from .builders import (
    PARALLEL,
    REDUCTION,
    check_supported_element,
    const_like,
    empty,
    fill,
    iterators,
    lowest,
    maps_attr,
    unsigned_operand,
)
from .shapes import ShapeContext
from .windows import (
    add,
    as_value,
    ceildiv,
    dynamic_of,
    exact_extent,
    pad,
    result_sizes,
    sizes,
    window_high_pad,
    window_maps,
)

FAMILY = "pooling"

_NAMED = {  # spatial rank -> (max, sum) named ops in NC-first layout
    1: (linalg.pooling_ncw_max, linalg.pooling_ncw_sum),
    2: (linalg.pooling_nchw_max, linalg.pooling_nchw_sum),
}


def _spatial_rank(op, x) -> int:
    n = rank_of(x) - 2
    if n not in (1, 2, 3):
        raise Unsupported(f"pooling needs an (N, C, spatial...) input with 1 to 3 spatial dims, got rank {rank_of(x)}")
    return n


def _out_sizes(ctx, res, x):
    """Result dims: N and C as the input's; spatial dims from the result's own (symbolic) shape,
    which carries ceil_mode."""
    xs = sizes(ctx, x)
    return result_sizes(ctx, res, [xs[0], xs[1]] + [None] * (rank_of(res) - 2))


def _padded_input(ctx, x, out, kernel, stride, padding, dilation, value):
    xs = sizes(ctx, x)
    n = len(kernel)
    high = [window_high_pad(xs[2 + i], out[2 + i], kernel[i], stride[i], padding[i], dilation[i]) for i in range(n)]
    return pad(x, [0, 0, *padding], [0, 0, *high], value)


def _window_reduce(ctx, x, out, window_shape, init, res_type, kind, stride, dilation, elem):
    """linalg pooling op (named where one exists) reducing `x` into `init`."""
    n = len(window_shape)
    window = tensor.EmptyOp(list(window_shape), elem).result
    if n in _NAMED and kind != "max_unsigned":  # the named max pools compare signed
        named = _NAMED[n][0 if kind == "max" else 1]
        return named(x, window, outs=[init], strides=list(stride), dilations=list(dilation))
    x = exact_extent(x, sizes(ctx, x), out, window_shape, stride, dilation)
    in_map, win_map, out_map = window_maps(n, stride, dilation)
    g = linalg.GenericOp([res_type], [x, window], [init], maps_attr([in_map, win_map, out_map]),
                         iterators([PARALLEL] * (2 + n) + [REDUCTION] * n))
    block = g.regions[0].blocks.append(elem, elem, elem)
    with ir.InsertionPoint(block):
        v, _w, acc = block.arguments
        if kind == "sum":
            r = arith.AddFOp(acc, v).result if is_float(elem) else arith.AddIOp(acc, v).result
        elif is_float(elem):
            r = arith.MaximumFOp(acc, v).result
        elif kind == "max_unsigned":
            r = arith.MaxUIOp(acc, v).result
        else:
            r = arith.MaxSIOp(acc, v).result
        linalg.YieldOp([r])
    return g.result


def lower_max_pool(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    n = _spatial_rank(op, x)
    a = attr_dict(op)
    elem = element_type(x)
    check_supported_element(elem)
    if is_bool(elem):
        raise Unsupported("max pooling of a bool tensor is not supported; cast it to an integer type first")
    res = op.results[0]
    out = _out_sizes(ctx, res, x)
    unsigned = unsigned_operand(0)  # uint8..uint64 (unsigned.py): unsigned max, 0 as its identity
    xp = _padded_input(ctx, x, out, a["kernel_size"], a["stride"], a["padding"], a["dilation"],
                       lowest(elem, unsigned))
    init = fill(lowest(elem, unsigned), res.type, dynamic_of(out))
    return [_window_reduce(ctx, xp, out, a["kernel_size"][:n], init, res.type,
                           "max_unsigned" if unsigned else "max", a["stride"], a["dilation"], elem)]


def _divisor(ctx, x, out, kernel, stride, padding, count_include_pad, override):
    """A constant divisor when every window has the same one, else None."""
    if override:
        return override
    xs = shape_of(x)
    uniform = True
    for i in range(len(kernel)):
        o, size = shape_of_out(out, i), xs[2 + i]
        if not count_include_pad and padding[i]:
            uniform = False
        elif DYNAMIC in (o, size) or (o - 1) * stride[i] + kernel[i] > size + 2 * padding[i]:
            uniform = False  # a last (ceil_mode) window may be partial
    if not uniform:
        return None
    total = 1
    for k in kernel:
        total *= k
    return total


def shape_of_out(out, i):
    v = out[2 + i]
    return v if isinstance(v, int) else DYNAMIC


def _window_count(ctx, x, kernel, stride, padding, count_include_pad) -> ir.Value:
    """Inside a generic over the output: the number of positions torch divides a window's sum by."""
    xs = sizes(ctx, x)
    count = index_constant(1)
    for i in range(len(kernel)):
        o = linalg.IndexOp(2 + i).result
        start = arith.SubIOp(arith.MulIOp(o, index_constant(stride[i])).result, index_constant(padding[i])).result
        end = arith.MinSIOp(arith.AddIOp(start, index_constant(kernel[i])).result,
                            as_value(add(xs[2 + i], padding[i]))).result
        if not count_include_pad:
            start = arith.MaxSIOp(start, index_constant(0)).result
            end = arith.MinSIOp(end, as_value(xs[2 + i])).result
        count = arith.MulIOp(count, arith.SubIOp(end, start).result).result
    return count


def lower_avg_pool(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    n = _spatial_rank(op, x)
    a = attr_dict(op)
    elem = element_type(x)
    check_supported_element(elem)
    if is_bool(elem):
        raise Unsupported("average pooling of a bool tensor is not supported; cast it to a float type first")
    kernel, stride, padding = a["kernel_size"], a["stride"], a["padding"]
    res = op.results[0]
    out = _out_sizes(ctx, res, x)
    xp = _padded_input(ctx, x, out, kernel, stride, padding, [1] * n, 0.0 if is_float(elem) else 0)
    init = fill(0.0 if is_float(elem) else 0, res.type, dynamic_of(out))
    summed = _window_reduce(ctx, xp, out, kernel, init, res.type, "sum", stride, [1] * n, elem)
    divisor = _divisor(ctx, x, out, kernel, stride, padding, a["count_include_pad"], a["divisor_override"])
    rank = rank_of(res)
    ident = ir.AffineMap.get_identity(rank)
    g = linalg.GenericOp([res.type], [summed], [empty(res.type, dynamic_of(out))], maps_attr([ident, ident]),
                         iterators([PARALLEL] * rank))
    block = g.regions[0].blocks.append(elem, elem)
    with ir.InsertionPoint(block):
        s = block.arguments[0]
        if divisor is not None:
            dv = const_like(float(divisor) if is_float(elem) else divisor, elem)
        else:
            count = _window_count(ctx, x, kernel, stride, padding, a["count_include_pad"])
            # (never 0 for a window the result asks for; max(.., 1) keeps masked vector lanes from
            # dividing an integer by 0)
            count = arith.MaxSIOp(count, index_constant(1)).result
            dv = arith.IndexCastOp(elem if not is_float(elem) else i64(), count).result
            if is_float(elem):
                dv = arith.SIToFPOp(elem, dv).result
        q = arith.DivFOp(s, dv).result if is_float(elem) else arith.DivSIOp(s, dv).result
        linalg.YieldOp([q])
    return [g.result]


def _flat_index(coords, in_sizes):
    """Row-major flat index over the spatial dims, as i64."""
    flat = coords[0]
    for c, size in zip(coords[1:], in_sizes[1:]):
        flat = arith.AddIOp(arith.MulIOp(flat, as_value(size)).result, c).result
    return arith.IndexCastOp(i64(), flat).result


def _argmax_body(elem, v, acc_v, acc_i, inside, flat, unsigned: bool = False):
    """torch's rule: the first maximum wins, a NaN beats everything (the last NaN wins);
    only positions inside the input count (acc_i < 0: none seen yet); `unsigned`: the signless
    integers stand for uint8..uint64."""
    if is_float(elem):
        better = arith.CmpFOp(arith.CmpFPredicate.OGT, v, acc_v).result
        better = arith.OrIOp(better, arith.CmpFOp(arith.CmpFPredicate.UNO, v, v).result).result
    else:
        better = arith.CmpIOp(arith.CmpIPredicate.ugt if unsigned else arith.CmpIPredicate.sgt, v, acc_v).result
    first = arith.CmpIOp(arith.CmpIPredicate.eq, acc_i, arith.ConstantOp(i64(), -1).result).result
    take = arith.AndIOp(arith.OrIOp(better, first).result, inside).result
    linalg.YieldOp([arith.SelectOp(take, v, acc_v).result, arith.SelectOp(take, flat, acc_i).result])


def lower_max_pool_with_indices(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    n = _spatial_rank(op, x)
    a = attr_dict(op)
    elem = element_type(x)
    check_supported_element(elem)
    k, s, p, dl = a["kernel_size"], a["stride"], a["padding"], a["dilation"]
    values_r, indices_r = op.results
    unsigned = unsigned_operand(0)  # uint8..uint64 (unsigned.py): unsigned compare, 0 as the identity
    out = _out_sizes(ctx, values_r, x)
    xs = sizes(ctx, x)
    xp = _padded_input(ctx, x, out, k, s, p, dl, lowest(elem, unsigned))
    xp = exact_extent(xp, sizes(ctx, xp), out, k, s, dl)
    in_map, win_map, out_map = window_maps(n, s, dl)
    window = tensor.EmptyOp(list(k), elem).result
    vals = fill(lowest(elem, unsigned), values_r.type, dynamic_of(out))
    idxs = fill(-1, indices_r.type, dynamic_of(out))
    g = linalg.GenericOp([values_r.type, indices_r.type], [xp, window], [vals, idxs],
                         maps_attr([in_map, win_map, out_map, out_map]),
                         iterators([PARALLEL] * (2 + n) + [REDUCTION] * n))
    block = g.regions[0].blocks.append(elem, elem, elem, i64())
    with ir.InsertionPoint(block):
        v, _w, acc_v, acc_i = block.arguments
        coords, inside = [], None
        for i in range(n):
            o, kk = linalg.IndexOp(2 + i).result, linalg.IndexOp(2 + n + i).result
            c = arith.SubIOp(arith.AddIOp(arith.MulIOp(o, index_constant(s[i])).result,
                                          arith.MulIOp(kk, index_constant(dl[i])).result).result,
                             index_constant(p[i])).result
            ok = arith.AndIOp(arith.CmpIOp(arith.CmpIPredicate.sge, c, index_constant(0)).result,
                              arith.CmpIOp(arith.CmpIPredicate.slt, c, as_value(xs[2 + i])).result).result
            inside = ok if inside is None else arith.AndIOp(inside, ok).result
            coords.append(c)
        _argmax_body(elem, v, acc_v, acc_i, inside, _flat_index(coords, xs[2:]), unsigned)
    return list(g.results)


def _adaptive_windows(ctx, x, res):
    """Per spatial dim: input size, output size, and the largest window (static when both are)."""
    xs, out = sizes(ctx, x), _out_sizes(ctx, res, x)
    n = rank_of(x) - 2
    kmax = [add(ceildiv(xs[2 + i], out[2 + i]), 1) for i in range(n)]
    return xs, out, kmax


def _adaptive_generic(ctx, x, results, inits, xs, out, kmax, body):
    """A generic over (n, c, o..., k...) whose body reads x at the window start + k (clamped)
    and passes (value, inside, coords) to `body`."""
    n = rank_of(x) - 2
    rank = 2 + 2 * n
    elem = element_type(x)
    window = tensor.EmptyOp(list(kmax), elem).result
    d = [ir.AffineDimExpr.get(i) for i in range(rank)]
    maps = [ir.AffineMap.get(rank, 0, d[2 + n:])] + [ir.AffineMap.get(rank, 0, d[:2 + n])] * len(inits)
    g = linalg.GenericOp([r.type for r in results], [window], inits, maps_attr(maps),
                         iterators([PARALLEL] * (2 + n) + [REDUCTION] * n))
    block = g.regions[0].blocks.append(elem, *[element_type(r) for r in results])
    with ir.InsertionPoint(block):
        ids = [linalg.IndexOp(i).result for i in range(rank)]
        coords, clamped, inside, count = [], [], None, index_constant(1)
        for i in range(n):
            size, o_size = as_value(xs[2 + i]), as_value(out[2 + i])
            o = ids[2 + i]
            start = arith.FloorDivSIOp(arith.MulIOp(o, size).result, o_size).result
            stop = arith.CeilDivSIOp(arith.MulIOp(arith.AddIOp(o, index_constant(1)).result, size).result,
                                     o_size).result
            c = arith.AddIOp(start, ids[2 + n + i]).result
            ok = arith.CmpIOp(arith.CmpIPredicate.slt, c, stop).result
            inside = ok if inside is None else arith.AndIOp(inside, ok).result
            coords.append(c)
            clamped.append(arith.MinSIOp(c, arith.SubIOp(size, index_constant(1)).result).result)
            count = arith.MulIOp(count, arith.SubIOp(stop, start).result).result
        v = tensor.ExtractOp(x, [ids[0], ids[1], *clamped]).result
        body(block.arguments[1:], v, inside, coords, count)
    return list(g.results)


def lower_adaptive_avg_pool(op):
    """Windows [floor(o * I / O), ceil((o + 1) * I / O)): a reduction over the largest window
    with the out-of-window steps masked; each step adds value / window size."""
    ctx = ShapeContext.current()
    x = op.operands[0]
    _spatial_rank(op, x)
    res = op.results[0]
    elem = element_type(x)
    if not is_float(elem):
        raise Unsupported("adaptive average pooling needs a float input")
    xs, out, kmax = _adaptive_windows(ctx, x, res)
    init = fill(0.0, res.type, dynamic_of(out))

    def body(accs, v, inside, coords, count):
        v = arith.SelectOp(inside, v, const_like(0.0, elem)).result
        countf = arith.SIToFPOp(elem, arith.IndexCastOp(i64(), count).result).result
        linalg.YieldOp([arith.AddFOp(accs[0], arith.DivFOp(v, countf).result).result])

    return _adaptive_generic(ctx, x, [res], [init], xs, out, kmax, body)


def lower_adaptive_max_pool(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    _spatial_rank(op, x)
    values_r, indices_r = op.results
    elem = element_type(x)
    check_supported_element(elem)
    xs, out, kmax = _adaptive_windows(ctx, x, values_r)
    vals = fill(lowest(elem), values_r.type, dynamic_of(out))
    idxs = fill(-1, indices_r.type, dynamic_of(out))

    def body(accs, v, inside, coords, count):
        _argmax_body(elem, v, accs[0], accs[1], inside, _flat_index(coords, xs[2:]))

    return _adaptive_generic(ctx, x, [values_r, indices_r], [vals, idxs], xs, out, kmax, body)


def populate_pooling_patterns(table: PatternTable) -> None:
    table.add("edge.max_pool", lower_max_pool, family=FAMILY)
    table.add("edge.max_pool_with_indices", lower_max_pool_with_indices, family=FAMILY)
    table.add("edge.avg_pool", lower_avg_pool, family=FAMILY)
    table.add("edge.adaptive_avg_pool", lower_adaptive_avg_pool, family=FAMILY)
    table.add("edge.adaptive_max_pool", lower_adaptive_max_pool, family=FAMILY)
