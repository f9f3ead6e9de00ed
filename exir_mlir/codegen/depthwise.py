"""NCHW depthwise convolutions and 2-d pooling as one elementwise linalg.generic over the kernel taps.

`linalg.depthwise_conv_2d_nchw_chw` has strided window maps (`oh * s + kh * d`), which the CPU
strategy keeps as scalar loops (the vectorizer would treat such accesses as contiguous). Here
out[n, c, oh, ow] = bias + sum over taps (kh, kw) of x[:, :, kh*dh :: sh, kw*dw :: sw][n, c, oh, ow]
* w[c, kh, kw]: each tap is a strided window (`tensor.extract_slice`, as im2col's copies) and a
per-channel weight column, all read through plain identity / projected maps, so the one generic
tiles and vectorizes like an elementwise op. `linalg.pooling_nchw_max/sum` likewise combine their
taps' windows with max / add. Kernels of at most MAX_TAPS taps are rewritten.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor
from exir_mlir.codegen.op_walk import rewrite_each

MAX_TAPS = 49  # 7x7


def _attr_pair(op: ir.Operation, name: str) -> tuple[int, int]:
    if name not in op.attributes:
        return (1, 1)
    values = [int(v) for v in ir.DenseIntElementsAttr(op.attributes[name])]
    return values[0], values[1]


def _rewrite(conv: ir.Operation) -> None:
    x, w, init = conv.operands
    xt, wt, ot = (ir.RankedTensorType(v.type) for v in (x, w, init))
    dynamic = ir.ShapedType.get_dynamic_size()
    n, c, oh, ow = ot.shape
    _, kh, kw = wt.shape
    if dynamic in (c, kh, kw) or xt.shape[1] == dynamic or kh * kw > MAX_TAPS:
        raise ValueError("dynamic channels or kernel, or a large kernel")
    sh, sw = _attr_pair(conv, "strides")
    dh, dw = _attr_pair(conv, "dilations")
    elem = xt.element_type

    def size(v, d, s):
        return tensor.dim(v, arith.constant(ir.IndexType.get(), d)) if s == dynamic else s

    dyn = [v for v in (size(init, 0, n), size(init, 2, oh), size(init, 3, ow)) if not isinstance(v, int)]
    window_type = ir.RankedTensorType.get([n, c, oh, ow], elem)
    column_type = ir.RankedTensorType.get([c], elem)
    windows, columns = [], []
    for i in range(kh):
        for j in range(kw):
            windows.append(tensor.ExtractSliceOp(window_type, x, [], dyn, [], [0, 0, i * dh, j * dw],
                                                 [n, c, oh, ow], [1, 1, sh, sw]).result)
            columns.append(tensor.ExtractSliceOp(column_type, w, [], [], [], [0, i, j], [c, 1, 1],
                                                 [1, 1, 1]).result)
    d = [ir.AffineDimExpr.get(k) for k in range(4)]
    ident = ir.AffineMap.get(4, 0, d)
    channel = ir.AffineMap.get(4, 0, [d[1]])
    taps = len(windows)
    maps = [ident] * taps + [channel] * taps + [ident]
    op = linalg.GenericOp([ot], windows + columns, [init], ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps]),
                          ir.ArrayAttr.get([ir.Attribute.parse("#linalg.iterator_type<parallel>")] * 4))
    block = op.regions[0].blocks.append(*([elem] * (2 * taps + 1)))
    is_float = isinstance(elem, ir.FloatType)
    mul, add = (arith.mulf, arith.addf) if is_float else (arith.muli, arith.addi)
    with ir.InsertionPoint(block):
        args = list(block.arguments)
        acc = args[-1]
        for t in range(taps):
            acc = add(acc, mul(args[t], args[taps + t]))
        linalg.YieldOp([acc])
    conv.results[0].replace_all_uses_with(op.results[0])
    conv.erase()


def _rewrite_pool(pool: ir.Operation) -> None:
    x, window, init = pool.operands
    ot = ir.RankedTensorType(init.type)
    kh, kw = ir.RankedTensorType(window.type).shape
    dynamic = ir.ShapedType.get_dynamic_size()
    if dynamic in (kh, kw) or kh * kw > MAX_TAPS:
        raise ValueError("dynamic or large window")
    n, c, oh, ow = ot.shape
    sh, sw = _attr_pair(pool, "strides")
    dh, dw = _attr_pair(pool, "dilations")
    elem = ot.element_type

    def size(v, d, s):
        return tensor.dim(v, arith.constant(ir.IndexType.get(), d)) if s == dynamic else s

    dyn = [v for v in (size(init, 0, n), size(init, 1, c), size(init, 2, oh), size(init, 3, ow))
           if not isinstance(v, int)]
    window_type = ir.RankedTensorType.get([n, c, oh, ow], elem)
    windows = [tensor.ExtractSliceOp(window_type, x, [], dyn, [], [0, 0, i * dh, j * dw], [n, c, oh, ow],
                                     [1, 1, sh, sw]).result for i in range(kh) for j in range(kw)]
    ident = ir.AffineMap.get_identity(4)
    op = linalg.GenericOp([ot], windows, [init], ir.ArrayAttr.get([ir.AffineMapAttr.get(ident)] * (len(windows) + 1)),
                          ir.ArrayAttr.get([ir.Attribute.parse("#linalg.iterator_type<parallel>")] * 4))
    block = op.regions[0].blocks.append(*([elem] * (len(windows) + 1)))
    is_float = isinstance(elem, ir.FloatType)
    if pool.name == "linalg.pooling_nchw_max":
        combine = arith.maximumf if is_float else arith.maxsi
    else:
        combine = arith.addf if is_float else arith.addi
    with ir.InsertionPoint(block):
        args = list(block.arguments)
        acc = args[-1]
        for t in range(len(windows)):
            acc = combine(acc, args[t])
        linalg.YieldOp([acc])
    pool.results[0].replace_all_uses_with(op.results[0])
    pool.erase()


_REWRITES = {
    "linalg.depthwise_conv_2d_nchw_chw": _rewrite,
    "linalg.pooling_nchw_max": _rewrite_pool,
    "linalg.pooling_nchw_sum": _rewrite_pool,
}


def depthwise_to_taps(module: ir.Operation) -> int:
    """Rewrite every linalg.depthwise_conv_2d_nchw_chw with static channels and kernel, and every
    linalg.pooling_nchw_max/sum with a static window (batch and spatial sizes may be dynamic);
    returns how many were rewritten."""
    # A declined op keeps its named form (scalar loops), which handles any size.
    return rewrite_each(module, lambda op: op.name in _REWRITES and bool(op.results),
                        lambda op: _REWRITES[op.name](op), declines=(ValueError,))
