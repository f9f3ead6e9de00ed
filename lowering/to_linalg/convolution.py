"""to-linalg: N-d convolution (edge.convolution, edge.conv_transpose, backend.conv2d).

- ungrouped: linalg.conv_1d_ncw_fcw / conv_2d_nchw_fchw / conv_3d_ncdhw_fcdhw;
- depthwise (one input channel per group, as many outputs as inputs):
  linalg.depthwise_conv_1d_ncw_cw / depthwise_conv_2d_nchw_chw / depthwise_conv_3d_ncdhw_cdhw;
- other groups: linalg.conv_2d_ngchw_gfchw on (N, G, C/G, H, W) views (1-d: with H = 1), and a
  linalg.generic of the same form for 3-d (no named op);
- transposed: the input spread out by the stride (a strided tensor.insert_slice into zeros) and
  padded by dilation * (k - 1) - padding, convolved with the kernel flipped and its in/out channels
  swapped per group (a linalg.generic), stride 1;
- transposed with stride = kernel (no padding, dilation or groups: the up-sampling layer of U-Nets
  and 3-d segmentation networks): the windows do not overlap, so every output element is one dot
  product over the input channels: a contraction y[n, (f, a...), i...] = sum_c w[c, (f, a...)] *
  x[n, c, i...] (a matmul that tiles like any other) and an elementwise generic that interleaves
  y into out[n, f, i0 * k0 + a0, ...] and adds the bias. The spread form would multiply
  prod(stride) - 1 zeros for every product that counts.

Output sizes come from the result's symbolic shape, else from the window formula, so a dynamic
batch and dynamic spatial dims need nothing else.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    attr_dict,
    element_type,
    is_float,
    rank_of,
    ranked,
    shape_of,
)
from .builders import (
    PARALLEL,
    REDUCTION,
    broadcast_to,
    check_supported_element,
    fill,
    iterators,
    maps_attr,
    reassociation,
)
from .elementwise import activate
from .shapes import ShapeContext
from .windows import (
    add,
    as_value,
    conv_out_size,
    dynamic_of,
    exact_extent,
    maximum,
    mul,
    pad,
    result_sizes,
    sizes,
    static_of,
    sub,
)

FAMILY = "convolution"

_PLAIN = {1: linalg.conv_1d_ncw_fcw, 2: linalg.conv_2d_nchw_fchw, 3: linalg.conv_3d_ncdhw_fcdhw}
_DEPTHWISE = {1: linalg.depthwise_conv_1d_ncw_cw, 2: linalg.depthwise_conv_2d_nchw_chw,
              3: linalg.depthwise_conv_3d_ncdhw_cdhw}


def _zero(elem):
    return 0.0 if is_float(elem) else 0


def _expand(v: ir.Value, groups: list[list[int]], shape: list) -> ir.Value:
    """tensor.expand_shape of `v` to `shape` (ints or index Values)."""
    t = ranked(static_of(shape), element_type(v))
    return tensor.ExpandShapeOp(t, v, reassociation(groups), dynamic_of(shape), static_of(shape)).result


def _collapse(v: ir.Value, groups: list[list[int]]) -> ir.Value:
    s = shape_of(v)
    out = []
    for g in groups:
        dims = [s[i] for i in g]
        if DYNAMIC in dims:
            out.append(DYNAMIC)
        else:
            n = 1
            for d in dims:
                n *= d
            out.append(n)
    return tensor.CollapseShapeOp(ranked(out, element_type(v)), v, reassociation(groups)).result


def _init(ctx, res_type, out_sizes, bias, elem):
    if bias is None:
        return fill(_zero(elem), res_type, dynamic_of(out_sizes))
    n = rank_of(res_type) - 2
    b = _expand(bias, [list(range(n + 1))], [sizes(ctx, bias)[0]] + [1] * n)  # [C] as [C, 1, ...]
    return broadcast_to(ctx, b, res_type, dynamic_of(out_sizes))


def convolve(ctx, x, w, bias, res_type, out_sizes, stride, padding, dilation, groups) -> ir.Value:
    """The N-d grouped convolution of `x` (NC...) with `w` (F, C/groups, k...) into a tensor of
    `res_type` whose dims are `out_sizes`."""
    n = rank_of(x) - 2
    if n not in _PLAIN:
        raise Unsupported(f"convolution over {n} spatial dims is not supported (1-d, 2-d and 3-d are)")
    elem = element_type(x)
    check_supported_element(elem)
    ws = shape_of(w)
    x = pad(x, [0, 0, *padding], [0, 0, *padding], _zero(elem))
    init = _init(ctx, res_type, out_sizes, bias, elem)
    stride, dilation = list(stride), list(dilation)
    f, cg = ws[0], ws[1]
    if groups == 1:  # any size may be dynamic
        return _PLAIN[n](x, w, outs=[init], strides=stride, dilations=dilation)
    if DYNAMIC in (f, cg):
        raise Unsupported("a grouped convolution needs the weight's channel sizes static")
    if cg == 1 and f == groups:  # depthwise: weight [C, 1, k...] -> [C, k...]
        w2 = _collapse(w, [[0, 1]] + [[i] for i in range(2, n + 2)])
        return _DEPTHWISE[n](x, w2, outs=[init], strides=stride, dilations=dilation)
    # grouped: x [N, G, C/G, s...], w [G, F/G, C/G, k...], out [N, G, F/G, o...]
    wsz = sizes(ctx, w)
    if n != 2:  # a generic: cut x to what the windows read (see exact_extent)
        x = exact_extent(x, sizes(ctx, x), out_sizes, wsz[2:], stride, dilation)
    xs = sizes(ctx, x)
    spatial_groups = [[i + 1] for i in range(2, n + 2)]
    xg = _expand(x, [[0], [1, 2]] + spatial_groups, [xs[0], groups, cg, *xs[2:]])
    wg = _expand(w, [[0, 1]] + [[i + 1] for i in range(1, n + 2)], [groups, f // groups, cg, *wsz[2:]])
    og = _expand(init, [[0], [1, 2]] + spatial_groups, [out_sizes[0], groups, f // groups, *out_sizes[2:]])
    if n == 2:
        r = linalg.conv_2d_ngchw_gfchw(xg, wg, outs=[og], strides=stride, dilations=dilation)
    elif n == 1:
        # The 2-d named op with a unit H (codegen's im2col takes it; a generic would not).
        x2 = _expand(xg, [[0], [1], [2], [3, 4]], [xs[0], groups, cg, 1, xs[2]])
        w2 = _expand(wg, [[0], [1], [2], [3, 4]], [groups, f // groups, cg, 1, wsz[2]])
        o2 = _expand(og, [[0], [1], [2], [3, 4]], [out_sizes[0], groups, f // groups, 1, out_sizes[2]])
        r2 = linalg.conv_2d_ngchw_gfchw(x2, w2, outs=[o2], strides=[1, *stride], dilations=[1, *dilation])
        r = _collapse(r2, [[0], [1], [2], [3, 4]])
    else:
        r = _grouped_generic(xg, wg, og, stride, dilation)
    return _collapse(r, [[0], [1, 2]] + spatial_groups)


def _grouped_generic(xg, wg, og, stride, dilation) -> ir.Value:
    """conv_Nd_ngc..._gfc... as a linalg.generic: loops (n, g, f, o..., c, k...)."""
    n = len(stride)
    rank = 3 + n + 1 + n
    d = [ir.AffineDimExpr.get(i) for i in range(rank)]
    o, c, k = d[3:3 + n], d[3 + n], d[4 + n:]
    win = [o[i] * stride[i] + k[i] * dilation[i] for i in range(n)]
    x_map = ir.AffineMap.get(rank, 0, [d[0], d[1], c, *win])
    w_map = ir.AffineMap.get(rank, 0, [d[1], d[2], c, *k])
    o_map = ir.AffineMap.get(rank, 0, [d[0], d[1], d[2], *o])
    return _contract([xg, wg], [x_map, w_map, o_map], og, rank, 1 + n)


def _conv_result_sizes(ctx, res, x, w, stride, padding, dilation):
    xs = sizes(ctx, x)
    ws = sizes(ctx, w)
    ks = ws[2:]
    n = len(ks)
    computed = [xs[0], ws[0]] + [conv_out_size(xs[2 + i], ks[i], stride[i], padding[i], dilation[i])
                                          for i in range(n)]
    return result_sizes(ctx, res, computed)


def lower_convolution(op):
    ctx = ShapeContext.current()
    operands = list(op.operands)
    x, w = operands[0], operands[1]
    bias = operands[2] if len(operands) > 2 else None
    a = attr_dict(op)
    res = op.results[0]
    out = _conv_result_sizes(ctx, res, x, w, a["stride"], a["padding"], a["dilation"])
    return [convolve(ctx, x, w, bias, res.type, out, a["stride"], a["padding"], a["dilation"], a["groups"])]


def lower_backend_conv2d(op):
    ctx = ShapeContext.current()
    operands = list(op.operands)
    x, w = operands[0], operands[1]
    bias = operands[2] if len(operands) > 2 else None
    a = attr_dict(op)
    res = op.results[0]
    out = _conv_result_sizes(ctx, res, x, w, a["stride"], a["padding"], a["dilation"])
    conv = convolve(ctx, x, w, bias, res.type, out, a["stride"], a["padding"], a["dilation"], a["groups"])
    return [activate(ctx, conv, a["activation"], res)]


def _flipped_weight(ctx, w, groups):
    """[Cin, Cout/G, k...] -> [Cout, Cin/G, k...] with every kernel dim reversed."""
    ws = shape_of(w)
    n = len(ws) - 2
    cin, fg = ws[0], ws[1]
    if DYNAMIC in (cin, fg) and groups != 1:
        raise Unsupported("a grouped transposed convolution needs the weight's channel sizes static")
    wsz = sizes(ctx, w)
    ks = wsz[2:]
    cg = cin // groups if cin != DYNAMIC else wsz[0]
    w4 = _expand(w, [[0, 1]] + [[i + 1] for i in range(1, n + 2)], [groups, cg, wsz[1], *ks])
    rank = 3 + n
    d = [ir.AffineDimExpr.get(i) for i in range(rank)]
    out_map = ir.AffineMap.get_identity(rank)
    elem = element_type(w)
    out_sizes = [groups, wsz[1], cg, *ks]
    out_t = ranked(static_of(out_sizes), elem)
    init = tensor.EmptyOp(out_sizes, elem).result
    if all(isinstance(k, int) for k in ks):
        # output (g, f, c, k...) reads input (g, c, f, K-1-k...)
        in_map = ir.AffineMap.get(rank, 0, [d[0], d[2], d[1]] + [ir.AffineConstantExpr.get(ks[i] - 1) - d[3 + i]
                                                                for i in range(n)])
        g = linalg.GenericOp([out_t], [w4], [init], maps_attr([in_map, out_map]), iterators([PARALLEL] * rank))
        block = g.regions[0].blocks.append(elem, elem)
        with ir.InsertionPoint(block):
            linalg.YieldOp([block.arguments[0]])
    else:  # dynamic kernel sizes: K - 1 - k is no affine constant; read with tensor.extract
        g = linalg.GenericOp([out_t], [], [init], maps_attr([out_map]), iterators([PARALLEL] * rank))
        block = g.regions[0].blocks.append(elem)
        with ir.InsertionPoint(block):
            ids = [linalg.IndexOp(i).result for i in range(rank)]
            flipped = [arith.SubIOp(as_value(sub(ks[i], 1)), ids[3 + i]).result for i in range(n)]
            linalg.YieldOp([tensor.ExtractOp(w4, [ids[0], ids[2], ids[1], *flipped]).result])
    return _collapse(g.result, [[0, 1]] + [[i] for i in range(2, rank)])


def _contract(ins, maps, init, n_loops, reduction_loops) -> ir.Value:
    """A multiply-accumulate linalg.generic: init[...] += ins[0][...] * ins[1][...]."""
    elem = element_type(init)
    g = linalg.GenericOp([init.type], list(ins), [init], maps_attr(maps),
                         iterators([PARALLEL] * (n_loops - reduction_loops) + [REDUCTION] * reduction_loops))
    block = g.regions[0].blocks.append(elem, elem, elem)
    with ir.InsertionPoint(block):
        a, b, acc = block.arguments
        if is_float(elem):
            r = arith.AddFOp(acc, arith.MulFOp(a, b).result).result
        else:
            r = arith.AddIOp(acc, arith.MulIOp(a, b).result).result
        linalg.YieldOp([r])
    return g.result


def _non_overlapping_transpose(ctx, x, w, bias, res, stride, padding, out_pad, dilation, groups):
    """conv_transpose whose stride equals its (static) kernel, without padding, output padding,
    dilation or groups: a contraction over the input channels, then the interleave (see the module
    docstring). None when the op is not of that form."""
    ws = shape_of(w)
    n = len(ws) - 2
    ks = ws[2:]
    if groups != 1 or DYNAMIC in ws or list(stride) != list(ks) or any(padding) or any(out_pad) \
            or any(d != 1 for d in dilation) or rank_of(res.type) != n + 2:
        return None
    elem = element_type(x)
    f = ws[1]
    m = f
    for k in ks:
        m *= k
    xs = sizes(ctx, x)
    spatial = xs[2:]
    # y[n, m, i...] = sum_c w2[c, m] * x[n, c, i...]  (w2: w [Cin, F, k...] collapsed, contiguous)
    w2 = _collapse(w, [[0], list(range(1, n + 2))])
    y_sizes = [xs[0], m, *spatial]
    y0 = fill(_zero(elem), ranked(static_of(y_sizes), elem), dynamic_of(y_sizes))
    loops = 2 + n + 1  # n, m, i..., c
    d = [ir.AffineDimExpr.get(i) for i in range(loops)]
    nb, mm, sp, c = d[0], d[1], d[2:2 + n], d[2 + n]
    y = _contract([w2, x], [ir.AffineMap.get(loops, 0, [c, mm]), ir.AffineMap.get(loops, 0, [nb, c, *sp]),
                            ir.AffineMap.get(loops, 0, [nb, mm, *sp])], y0, loops, 1)
    # out viewed as [N, F, i0, a0, i1, a1, ...]; y as [N, F, a0.., i0..]
    y_full = _expand(y, [[0], list(range(1, n + 2))] + [[n + 2 + i] for i in range(n)],
                     [xs[0], f, *ks, *spatial])
    out_sizes = [xs[0], f] + [v for i in range(n) for v in (spatial[i], ks[i])]
    out_t = ranked(static_of(out_sizes), elem)
    loops = 2 + 2 * n
    d = [ir.AffineDimExpr.get(i) for i in range(loops)]
    i_e, a_e = [d[2 + 2 * i] for i in range(n)], [d[3 + 2 * i] for i in range(n)]
    ins, maps = [y_full], [ir.AffineMap.get(loops, 0, [d[0], d[1], *a_e, *i_e])]
    if bias is not None:
        ins.append(bias)
        maps.append(ir.AffineMap.get(loops, 0, [d[1]]))
    maps.append(ir.AffineMap.get_identity(loops))
    init = tensor.EmptyOp(out_sizes, elem).result
    g = linalg.GenericOp([out_t], ins, [init], maps_attr(maps), iterators([PARALLEL] * loops))
    block = g.regions[0].blocks.append(*([elem] * (len(ins) + 1)))
    with ir.InsertionPoint(block):
        v = block.arguments[0]
        if bias is not None:
            v = (arith.AddFOp if is_float(elem) else arith.AddIOp)(v, block.arguments[1]).result
        linalg.YieldOp([v])
    out = _collapse(g.result, [[0], [1]] + [[2 + 2 * i, 3 + 2 * i] for i in range(n)])
    if out.type != res.type:  # the result's own (static or symbolic) shape
        out = tensor.CastOp(res.type, out).result
    return out


def lower_conv_transpose(op):
    """out = conv(spread(x), flip(w)): the input with (stride - 1) zeros between elements and
    dilation * (k - 1) - padding zeros around (+ output_padding after), a stride-1 convolution.
    Where that amount is negative (padding beyond the kernel's extent) the convolution's result
    is cropped instead."""
    ctx = ShapeContext.current()
    operands = list(op.operands)
    x, w = operands[0], operands[1]
    bias = operands[2] if len(operands) > 2 else None
    a = attr_dict(op)
    stride, padding, out_pad, dilation, groups = (a["stride"], a["padding"], a["output_padding"], a["dilation"],
                                                  a["groups"])
    res = op.results[0]
    elem = element_type(x)
    check_supported_element(elem)
    fast = _non_overlapping_transpose(ctx, x, w, bias, res, stride, padding, out_pad, dilation, groups)
    if fast is not None:
        return [fast]
    wsz = sizes(ctx, w)
    n = len(wsz) - 2
    ks = wsz[2:]
    xs = sizes(ctx, x)
    extent = [add(mul(sub(ks[i], 1), dilation[i]), 0) for i in range(n)]  # d(k - 1)
    # Result: (I - 1) * s - 2p + d(k - 1) + output_padding + 1.
    computed = [xs[0], mul(wsz[1], groups)] + [
        add(sub(mul(sub(xs[2 + i], 1), stride[i]), 2 * padding[i]), add(extent[i], out_pad[i] + 1))
        for i in range(n)]
    out = result_sizes(ctx, res, computed)
    lo = [sub(extent[i], padding[i]) for i in range(n)]
    hi = [add(lo[i], out_pad[i]) for i in range(n)]
    lo_p, hi_p = [maximum(v, 0) for v in lo], [maximum(v, 0) for v in hi]
    crop_lo, crop_hi = [maximum(sub(0, v), 0) for v in lo], [maximum(sub(0, v), 0) for v in hi]
    spread = [add(add(mul(sub(xs[2 + i], 1), stride[i]), 1), add(lo_p[i], hi_p[i])) for i in range(n)]
    full = [xs[0], xs[1], *spread]
    zeros = fill(_zero(elem), ranked(static_of(full), elem), dynamic_of(full))
    offsets = [0, 0, *lo_p]
    xin = tensor.InsertSliceOp(x, zeros, dynamic_of(offsets), dynamic_of(xs), [], static_of(offsets),
                               static_of(xs), [1, 1, *stride]).result
    wf = _flipped_weight(ctx, w, groups)
    if all(isinstance(c, int) and c == 0 for c in crop_lo + crop_hi):
        return [convolve(ctx, xin, wf, bias, res.type, out, [1] * n, [0] * n, dilation, groups)]
    conv_out = [out[0], out[1]] + [add(out[2 + i], add(crop_lo[i], crop_hi[i])) for i in range(n)]
    conv_t = ranked(static_of(conv_out), elem)
    full_res = convolve(ctx, xin, wf, bias, conv_t, conv_out, [1] * n, [0] * n, dilation, groups)
    offsets = [0, 0, *crop_lo]
    return [tensor.ExtractSliceOp(res.type, full_res, dynamic_of(offsets), dynamic_of(out), [],
                                  static_of(offsets), static_of(out), [1] * (n + 2)).result]


def populate_convolution_patterns(table: PatternTable) -> None:
    table.add("edge.convolution", lower_convolution, family=FAMILY)
    table.add("edge.conv_transpose", lower_conv_transpose, family=FAMILY)
    table.add("backend.conv2d", lower_backend_conv2d, family=FAMILY)
