"""1-d NCW convolutions and pooling as their 2-d NCHW forms with H = 1, so that the 2-d fast paths
(im2col for convolutions, the kernel-tap rewrite for depthwise convolutions and pooling) apply:
`expand_shape` of the operands to a unit H dim, the 2-d named op, `collapse_shape` back (free)."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor
from exir_mlir.codegen.op_walk import rewrite_each

# 1-d op -> (2-d op, how its second operand (weight/window) gains the unit dim: index of the new dim)
_AS_2D = {
    "linalg.conv_1d_ncw_fcw": (linalg.conv_2d_nchw_fchw, 2),
    "linalg.depthwise_conv_1d_ncw_cw": (linalg.depthwise_conv_2d_nchw_chw, 1),
    "linalg.pooling_ncw_max": (linalg.pooling_nchw_max, 0),
    "linalg.pooling_ncw_sum": (linalg.pooling_nchw_sum, 0),
}


def _attr(op: ir.Operation, name: str) -> int:
    if name not in op.attributes:
        return 1
    return int(next(iter(ir.DenseIntElementsAttr(op.attributes[name]))))


def _unit_at(v: ir.Value, at: int) -> ir.Value:
    """`v` with a new unit dim before dim `at`."""
    t = ir.RankedTensorType(v.type)
    shape = list(t.shape)
    out = shape[:at] + [1] + shape[at:]
    dynamic = ir.ShapedType.get_dynamic_size()
    dyn = [tensor.dim(v, arith.constant(ir.IndexType.get(), d)) for d, s in enumerate(shape) if s == dynamic]
    return tensor.ExpandShapeOp(ir.RankedTensorType.get(out, t.element_type), v, _groups(_regroup(len(shape), at)),
                                dyn, out).result


def _groups(groups: list[list[int]]) -> ir.ArrayAttr:
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, x) for x in g]) for g in groups])


def _regroup(rank: int, at: int) -> list[list[int]]:
    """Reassociation of a rank-`rank` tensor into rank + 1 dims with a unit dim inserted at `at`."""
    groups = []
    for i in range(rank):
        if i == at:
            groups.append([i, i + 1])
        else:
            j = i if i < at else i + 1
            groups.append([j])
    return groups


def _rewrite(op: ir.Operation) -> None:
    build, weight_at = _AS_2D[op.name]
    x, w, init = op.operands
    x2, w2, init2 = _unit_at(x, 2), _unit_at(w, weight_at), _unit_at(init, 2)
    stride, dilation = _attr(op, "strides"), _attr(op, "dilations")
    r = build(x2, w2, outs=[init2], strides=[1, stride], dilations=[1, dilation])
    out = tensor.CollapseShapeOp(op.results[0].type, r, _groups(_regroup(3, 2))).result
    op.results[0].replace_all_uses_with(out)
    op.erase()


def one_d_as_two_d(module: ir.Operation) -> int:
    """Rewrite every 1-d NCW convolution / pooling named op as its 2-d form; returns how many."""
    return rewrite_each(module, lambda op: op.name in _AS_2D and bool(op.results), _rewrite)
