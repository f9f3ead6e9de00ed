"""NCHW convolutions as a 6-D im2col copy plus a contraction that tiles like a batch matmul.

Upstream's `convert_conv2d_to_img2col` indexes the flattened (c*kh*kw, oh*ow) column with
floordiv/mod per element, which stays scalar. Here the column is a (n, c, kh, kw, oh, ow) tensor
filled by one `linalg.copy` per kernel tap (kh, kw) from the strided window
`x[:, :, kh*dh :: sh, kw*dw :: sw]`: plain copies that tile and vectorize like elementwise ops;
reshaping the column to (n, c*kh*kw, oh*ow) is free.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor


def _affine_dims(n: int) -> list[ir.AffineExpr]:
    return [ir.AffineDimExpr.get(i) for i in range(n)]


def _groups(groups: list[list[int]]) -> ir.ArrayAttr:
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, i) for i in g]) for g in groups])


def _attr_pair(op: ir.Operation, name: str) -> tuple[int, int]:
    if name not in op.attributes:
        return (1, 1)
    values = [int(v) for v in ir.DenseIntElementsAttr(op.attributes[name])]
    return values[0], values[1]


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


def _rewrite(conv: ir.Operation) -> None:
    x, w, init = conv.operands
    xt, wt, ot = (ir.RankedTensorType(v.type) for v in (x, w, init))
    n, c, _, _ = xt.shape
    f, _, kh, kw = wt.shape
    _, _, oh, ow = ot.shape
    sh, sw = _attr_pair(conv, "strides")
    dh, dw = _attr_pair(conv, "dilations")
    elem = xt.element_type
    dynamic = ir.ShapedType.get_dynamic_size()
    if any(d == dynamic for d in (c, kh, kw, f)):
        raise ValueError("dynamic channel/kernel sizes")

    def size(v, d, s):  # a static size, else its tensor.dim
        return tensor.dim(v, arith.constant(ir.IndexType.get(), d)) if s == dynamic else s

    batch, oh_v, ow_v = size(x, 0, n), size(init, 2, oh), size(init, 3, ow)
    dyn = [v for v in (batch, oh_v, ow_v) if not isinstance(v, int)]

    col_type = ir.RankedTensorType.get([n, c, kh, kw, oh, ow], elem)
    col = tensor.empty([batch, c, kh, kw, oh_v, ow_v], elem)
    window_type = ir.RankedTensorType.get([n, c, oh, ow], elem)
    for i in range(kh):
        for j in range(kw):
            window = tensor.ExtractSliceOp(window_type, x, [], dyn, [], [0, 0, i * dh, j * dw], [n, c, oh, ow],
                                           [1, 1, sh, sw]).result
            tap = tensor.ExtractSliceOp(window_type, col, [], dyn, [], [0, 0, i, j, 0, 0],
                                        [n, c, 1, 1, oh, ow], [1] * 6).result
            copied = linalg.copy(window, outs=[tap])
            col = tensor.InsertSliceOp(copied, col, [], dyn, [], [0, 0, i, j, 0, 0], [n, c, 1, 1, oh, ow],
                                       [1] * 6).result
    assert col.type == col_type
    k = c * kh * kw
    w2 = tensor.collapse_shape(ir.RankedTensorType.get([f, k], elem), w, _groups([[0], [1, 2, 3]]))
    is_float = isinstance(elem, ir.FloatType)
    mul, add = (arith.mulf, arith.addf) if is_float else (arith.muli, arith.addi)
    if dynamic in (oh, ow):
        # Dynamic spatial sizes: (oh, ow) stay two dims (a collapsed dynamic oh*ow could not be
        # expanded back: at most one dynamic size per reassociation group).
        col2 = tensor.collapse_shape(ir.RankedTensorType.get([n, k, oh, ow], elem), col,
                                     _groups([[0], [1, 2, 3], [4], [5]]))
        e = _affine_dims(5)  # n, f, oh, ow, k
        maps = [ir.AffineMap.get(5, 0, [e[1], e[4]]), ir.AffineMap.get(5, 0, [e[0], e[4], e[2], e[3]]),
                ir.AffineMap.get(5, 0, [e[0], e[1], e[2], e[3]])]
        result = _generic(ot, [w2, col2], init, maps, ["parallel"] * 4 + ["reduction"],
                          lambda a, b, acc: add(acc, mul(a, b)))
    else:
        p = oh * ow
        col2 = tensor.collapse_shape(ir.RankedTensorType.get([n, k, p], elem), col,
                                     _groups([[0], [1, 2, 3], [4, 5]]))
        init2 = tensor.collapse_shape(ir.RankedTensorType.get([n, f, p], elem), init, _groups([[0], [1], [2, 3]]))
        e = _affine_dims(4)  # n, f, p, k
        maps = [ir.AffineMap.get(4, 0, [e[1], e[3]]), ir.AffineMap.get(4, 0, [e[0], e[3], e[2]]),
                ir.AffineMap.get(4, 0, [e[0], e[1], e[2]])]
        product = _generic(init2.type, [w2, col2], init2, maps, ["parallel", "parallel", "parallel", "reduction"],
                           lambda a, b, acc: add(acc, mul(a, b)))
        result = tensor.expand_shape(ot, product, _groups([[0], [1], [2, 3]]), dyn,
                                     ir.DenseI64ArrayAttr.get([n, f, oh, ow]))
    conv.results[0].replace_all_uses_with(result)
    conv.erase()


def convolutions_to_im2col(module: ir.Operation) -> int:
    """Rewrite every linalg.conv_2d_nchw_fchw with static channels and kernel (batch and spatial
    sizes may be dynamic); returns how many were rewritten."""
    convs: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "linalg.conv_2d_nchw_fchw" and op.results:
            convs.append(op)
        return ir.WalkResult.ADVANCE

    module.walk(visit)
    done = 0
    for conv in convs:
        try:
            with ir.InsertionPoint(conv), conv.location:
                _rewrite(conv)
            done += 1
        except ValueError:
            continue  # left to the generic path (scalar loops), which handles any size
    return done
