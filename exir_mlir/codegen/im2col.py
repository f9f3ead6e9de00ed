"""NC-first convolutions (1-d via conv1d.py, 2-d, 3-d, grouped 2-d) as an im2col copy plus a
contraction that tiles like a batch matmul.

Upstream's `convert_conv2d_to_img2col` indexes the flattened (c*kh*kw, oh*ow) column with
floordiv/mod per element, which stays scalar. Here the column is a (n, [g,] c, k_0.., o_0..)
tensor filled by a `linalg.copy` per kernel tap (k_0, ..) from the strided window
`x[:, [:,] :, k_0*d_0 :: s_0, ..]`, in a loop nest over the taps: plain copies that tile and
vectorize like elementwise ops;
reshaping the column to (n, [g,] c*prod(k), prod(o)) is free. Grouped convolutions
(`conv_2d_ngchw_gfchw`) keep the group as a batch dim of the contraction.

With static output sizes the column is stored as (n, [g,] c, k_0.., P + pad), P = prod(o), when
P elements span a multiple of 4 KiB: the contraction reads kc rows of the column at one column
offset per k step, and rows 2^j * 4 KiB apart all fall into the same L1 and L2 sets (8 ways),
so each k block was refetched from L3 (a 3x3x3 convolution over 16x32x32 outputs: P = 16384
floats, a 64 KiB row stride; over half of its contraction's time was that one load). One cache
line of padding per row spreads the rows over the sets.
"""

from __future__ import annotations

import math

from exir_mlir._mlir import arith, ir, linalg, scf, tensor
from exir_mlir.codegen.op_walk import rewrite_each

# named op -> (spatial rank, grouped)
CONVOLUTIONS = {
    "linalg.conv_2d_nchw_fchw": (2, False),
    "linalg.conv_3d_ncdhw_fcdhw": (3, False),
    "linalg.conv_2d_ngchw_gfchw": (2, True),
}


def _affine_dims(n: int) -> list[ir.AffineExpr]:
    return [ir.AffineDimExpr.get(i) for i in range(n)]


def _groups(groups: list[list[int]]) -> ir.ArrayAttr:
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, i) for i in g]) for g in groups])


def _attr(op: ir.Operation, name: str, rank: int) -> list[int]:
    if name not in op.attributes:
        return [1] * rank
    return [int(v) for v in ir.DenseIntElementsAttr(op.attributes[name])]


def _generic(result_type, inputs, init, maps, iterators, body) -> ir.Value:
    op = linalg.GenericOp(
        [result_type], inputs, [init],
        ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps]),
        ir.ArrayAttr.get([ir.Attribute.parse(f"#linalg.iterator_type<{it}>") for it in iterators]),
    )
    element_types = [ir.ShapedType(v.type).element_type for v in [*inputs, init]]
    block = op.regions[0].blocks.append(*element_types)
    with ir.InsertionPoint(block):
        linalg.YieldOp([body(*block.arguments)])
    return op.results[0]


# Row strides that are a multiple of this many bytes alias in the caches' sets (see above).
_ALIASING_STRIDE = 4096
_CACHE_LINE = 64


def _row_padding(p: int | None, elem: ir.Type) -> int:
    """Elements of padding after each column row of `p` elements (0: none needed)."""
    if p is None or not isinstance(elem, (ir.FloatType, ir.IntegerType)):
        return 0
    width = elem.width
    if width % 8 or (p * width // 8) % _ALIASING_STRIDE:
        return 0
    return _CACHE_LINE * 8 // width


def _rewrite(conv: ir.Operation) -> None:
    rank, grouped = CONVOLUTIONS[conv.name]
    x, w, init = conv.operands
    xt, wt, ot = (ir.RankedTensorType(v.type) for v in (x, w, init))
    lead = 2 if grouped else 1  # dims before the channel dim in x: (n) or (n, g)
    xs, ws, os_ = list(xt.shape), list(wt.shape), list(ot.shape)
    c = xs[lead]
    f = ws[lead - 1]  # (f, c, k..) or (g, f, c, k..)
    g = ws[0] if grouped else None
    kernel = ws[lead + 1:]
    out_spatial = os_[lead + 1:]
    strides, dilations = _attr(conv, "strides", rank), _attr(conv, "dilations", rank)
    elem = xt.element_type
    dynamic = ir.ShapedType.get_dynamic_size()
    if any(d == dynamic for d in [c, f, *kernel] + ([g] if grouped else [])):
        raise ValueError("dynamic channel/kernel sizes")

    def size(v, d, s):  # a static size, else its tensor.dim
        return tensor.dim(v, arith.constant(ir.IndexType.get(), d)) if s == dynamic else s

    batch = size(x, 0, xs[0])
    out_v = [size(init, lead + 1 + i, s) for i, s in enumerate(out_spatial)]
    dyn_window = [v for v in (batch, *out_v) if not isinstance(v, int)]
    lead_shape = [xs[0]] + ([g] if grouped else [])
    lead_vals = [batch] + ([g] if grouped else [])

    col_shape = [*lead_shape, c, *kernel, *out_spatial]
    spatial_static = dynamic not in out_spatial
    p = math.prod(out_spatial) if spatial_static else None
    pad = _row_padding(p, elem)
    if pad:
        col = tensor.empty([*lead_vals, c, *kernel, p + pad], elem)
    else:
        col = tensor.empty([*lead_vals, c, *kernel, *out_v], elem)
    window_shape = [*lead_shape, c, *out_spatial]
    window_type = ir.RankedTensorType.get(window_shape, elem)
    ones = [1] * rank
    index = ir.IndexType.get()
    window_offsets = [0] * (lead + 1) + [dynamic if k > 1 else 0 for k in kernel]
    col_offsets = [0] * (lead + 1) + [dynamic if k > 1 else 0 for k in kernel] + [0] * rank
    col_sizes = [*lead_shape, c, *ones, *out_spatial]

    def copy_tap(col: ir.Value, tap: list[ir.Value]) -> ir.Value:
        # The kernel dims' offsets (tap * dilation in x, tap in the column) are loop indices.
        # `tap` holds the indices of the kernel dims larger than 1 only (the others are 0).
        looped = [d for k, d in zip(kernel, dilations) if k > 1]
        starts = [arith.muli(t, arith.constant(index, d)) if d != 1 else t for t, d in zip(tap, looped)]
        window = tensor.ExtractSliceOp(window_type, x, starts, dyn_window, [], window_offsets, window_shape,
                                       [1] * (lead + 1) + strides).result
        slot = tensor.ExtractSliceOp(window_type, col, tap, dyn_window, [], col_offsets, col_sizes,
                                     [1] * len(col_shape)).result
        if pad:
            # The tap's row segment [0, P) of the padded column, viewed as the window's shape.
            flat_type = ir.RankedTensorType.get([*lead_shape, c, p], elem)
            flat_offsets = [0] * (lead + 1) + col_offsets[lead + 1:lead + 1 + rank] + [0]
            flat_sizes = [*lead_shape, c, *ones, p]
            dyn_batch = [batch] if not isinstance(batch, int) else []
            flat = tensor.ExtractSliceOp(flat_type, col, tap, dyn_batch, [], flat_offsets, flat_sizes,
                                         [1] * (len(flat_sizes))).result
            spatial_group = [list(range(lead + 1, lead + 1 + rank))]
            groups = _groups([[i] for i in range(lead + 1)] + spatial_group)
            slot = tensor.ExpandShapeOp(window_type, flat, groups, dyn_batch,
                                        ir.DenseI64ArrayAttr.get(window_shape)).result
            copied = linalg.copy(window, outs=[slot])
            back = tensor.collapse_shape(flat_type, copied, groups)
            return tensor.InsertSliceOp(back, col, tap, dyn_batch, [], flat_offsets, flat_sizes,
                                        [1] * len(flat_sizes)).result
        copied = linalg.copy(window, outs=[slot])
        return tensor.InsertSliceOp(copied, col, tap, dyn_window, [], col_offsets, col_sizes,
                                    [1] * len(col_shape)).result

    # Compile time: one copy in a loop nest over the kernel taps (scf.for, one loop per kernel dim
    # larger than 1), not one copy per tap: each copy tiles, vectorizes and is outlined into
    # code of its own, so 27 taps of a 3x3x3 kernel were 27 times the code of one (and LLVM's
    # time with it). The copies, their tiles and vectors are the same.
    def nest(level: int, col: ir.Value, tap: list[ir.Value]) -> ir.Value:
        if level == rank:
            return copy_tap(col, tap)
        if kernel[level] == 1:
            return nest(level + 1, col, tap)
        loop = scf.ForOp(arith.constant(index, 0), arith.constant(index, kernel[level]),
                         arith.constant(index, 1), [col])
        with ir.InsertionPoint(loop.body):
            scf.YieldOp([nest(level + 1, loop.inner_iter_args[0], [*tap, loop.induction_variable])])
        return loop.results[0]

    col = nest(0, col, [])
    if not pad:
        assert col.type == ir.RankedTensorType.get(col_shape, elem)
    k = c * math.prod(kernel)
    nl = len(lead_shape)  # lead dims of col / out: n [, g]
    # weight (f, c, k..) -> (f, K); grouped (g, f, c, k..) -> (g, f, K)
    w_lead = [[i] for i in range(lead)]
    w2 = tensor.collapse_shape(ir.RankedTensorType.get([*([g] if grouped else []), f, k], elem), w,
                               _groups(w_lead + [list(range(lead, lead + 1 + rank))]))
    is_float = isinstance(elem, ir.FloatType)
    mul, add = (arith.mulf, arith.addf) if is_float else (arith.muli, arith.addi)
    col_lead = [[i] for i in range(nl)]
    k_group = list(range(nl, nl + 1 + rank))
    # Loops: lead (n [, g]), f, p (one collapsed dim when static, else the output's spatial dims), k.
    np_ = 1 if spatial_static else rank
    nd = nl + 1 + np_ + 1
    e = _affine_dims(nd)
    lead_e, f_e, p_e, k_e = e[:nl], e[nl], e[nl + 1:nl + 1 + np_], e[-1]
    w_map = ir.AffineMap.get(nd, 0, [*lead_e[1:], f_e, k_e])
    col_map = ir.AffineMap.get(nd, 0, [*lead_e, k_e, *p_e])
    out_map = ir.AffineMap.get(nd, 0, [*lead_e, f_e, *p_e])
    iterators = ["parallel"] * (nd - 1) + ["reduction"]
    if spatial_static:
        if pad:
            # (.., c, k.., P + pad) -> (.., K, P + pad), then its rows' first P columns.
            padded = tensor.collapse_shape(ir.RankedTensorType.get([*lead_shape, k, p + pad], elem), col,
                                           _groups(col_lead + [k_group] + [[nl + 1 + rank]]))
            dyn_batch = [batch] if not isinstance(batch, int) else []
            col2 = tensor.ExtractSliceOp(ir.RankedTensorType.get([*lead_shape, k, p], elem), padded, [], dyn_batch,
                                         [], [0] * (nl + 2), [*lead_shape, k, p], [1] * (nl + 2)).result
        else:
            p_group = [list(range(nl + 1 + rank, nl + 1 + 2 * rank))]
            col2 = tensor.collapse_shape(ir.RankedTensorType.get([*lead_shape, k, p], elem), col,
                                         _groups(col_lead + [k_group] + p_group))
        out_groups = [[i] for i in range(nl + 1)] + [list(range(nl + 1, nl + 1 + rank))]
        init2 = tensor.collapse_shape(ir.RankedTensorType.get([*lead_shape, f, p], elem), init, _groups(out_groups))
        product = _generic(init2.type, [w2, col2], init2, [w_map, col_map, out_map], iterators,
                           lambda a, b, acc: add(acc, mul(a, b)))
        dyn_batch = [batch] if not isinstance(batch, int) else []
        result = tensor.expand_shape(ot, product, _groups(out_groups), dyn_batch,
                                     ir.DenseI64ArrayAttr.get(os_))
    else:
        # Dynamic spatial sizes: the output's spatial dims stay separate (a collapsed dynamic
        # oh*ow could not be expanded back: at most one dynamic size per reassociation group).
        spatial = [[i] for i in range(nl + 1 + rank, nl + 1 + 2 * rank)]
        col2 = tensor.collapse_shape(ir.RankedTensorType.get([*lead_shape, k, *out_spatial], elem), col,
                                     _groups(col_lead + [k_group] + spatial))
        result = _generic(ot, [w2, col2], init, [w_map, col_map, out_map], iterators,
                          lambda a, b, acc: add(acc, mul(a, b)))
    conv.results[0].replace_all_uses_with(result)
    conv.erase()


def convolutions_to_im2col(module: ir.Operation) -> int:
    """Rewrite every NC-first 2-d / 3-d / grouped 2-d linalg convolution with static channels and
    kernel (batch and spatial sizes may be dynamic); returns how many were rewritten."""
    # A declined convolution is left to the generic path (scalar loops), which handles any size.
    return rewrite_each(module, lambda op: op.name in CONVOLUTIONS and bool(op.results), _rewrite,
                        declines=(ValueError,))
