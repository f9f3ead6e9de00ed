"""to-linalg patterns for contractions, convolution and pooling: linalg named ops."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor

from .conversion import PatternTable
from .ir_utils import attr_dict, DYNAMIC, Unsupported, attr_value, element_type, is_float, rank_of, ranked, shape_of
from .linalg_common import check_supported_element, const_like, elementwise, empty, fill, lowest
from .linalg_shapes import ShapeContext

FAMILY_MM = "contraction"
FAMILY_CONV = "convolution-pooling"


def _dims(ctx, result, like_pairs):
    """Dynamic dims of `result`: its symbolic shape, else (value, dim) pairs per result dim."""
    return ctx.dynamic_dims(result.type, list(like_pairs), result)


def broadcast_to(ctx, value: ir.Value, result_type: ir.Type, dyn) -> ir.Value:
    """`value` broadcast (torch rules) into a fresh tensor of `result_type`."""
    init = empty(result_type, dyn)
    return elementwise(ctx, [value], result_type, lambda x: x, init=init)


def matmul(ctx, a, b, result: ir.Value, bias: ir.Value | None = None) -> ir.Value:
    """linalg.matmul / batch_matmul accumulating into zeros or the broadcast bias."""
    rt = result.type
    for v in (a, b):
        check_supported_element(element_type(v))
    rank = rank_of(rt)
    if rank == 2:
        dyn = _dims(ctx, result, [(a, 0), (b, 1)])
    elif rank == 3:
        dyn = _dims(ctx, result, [(a, 0), (a, 1), (b, 2)])
    else:
        raise Unsupported(f"matmul of rank {rank} is not supported")
    if bias is not None:
        init = broadcast_to(ctx, bias, rt, dyn)
    else:
        init = fill(0, rt, dyn)
    named = linalg.matmul if rank == 2 else linalg.batch_matmul
    return named(a, b, outs=[init])


def lower_mm(op):
    return [matmul(ShapeContext.current(), op.operands[0], op.operands[1], op.results[0])]


def lower_addmm(op):
    bias, a, b = op.operands
    return [matmul(ShapeContext.current(), a, b, op.results[0], bias)]


def _pad(ctx, x, low, high, value) -> ir.Value:
    if not any(low) and not any(high):
        return x
    shape = shape_of(x)
    out_shape = [s if s == DYNAMIC else s + lo + hi for s, lo, hi in zip(shape, low, high)]
    rt = ranked(out_shape, element_type(x))
    pad = tensor.PadOp(rt, x, [], [], low, high)
    block = pad.regions[0].blocks.append(*[ir.IndexType.get()] * len(shape))
    with ir.InsertionPoint(block):
        tensor.YieldOp(value if isinstance(value, ir.Value) else const_like(value, element_type(x)))
    return pad.result


def conv2d(ctx, x, w, bias, result: ir.Value, stride, padding, dilation, groups) -> ir.Value:
    rt = result.type
    if rank_of(x) != 4:
        raise Unsupported("only 2-d convolution (NCHW input) is supported yet")
    if groups != 1:
        raise Unsupported("grouped convolution is not supported yet")
    elem = element_type(x)
    check_supported_element(elem)
    x = _pad(ctx, x, [0, 0, *padding], [0, 0, *padding], 0.0 if is_float(elem) else 0)
    dyn = _dims(ctx, result, [(x, 0), (w, 0), None, None])
    if bias is not None:
        init = broadcast_to(ctx, _channel_bias(bias, rt), rt, dyn)
    else:
        init = fill(0, rt, dyn)
    conv = linalg.conv_2d_nchw_fchw(x, w, outs=[init], strides=list(stride), dilations=list(dilation))
    return conv


def _channel_bias(bias, rt):
    """A [C] bias viewed as [C, 1, 1] so it broadcasts over NCHW."""
    c = shape_of(bias)[0]
    t = ranked([c, 1, 1], element_type(bias))
    from .linalg_common import reassociation

    return tensor.ExpandShapeOp(t, bias, reassociation([[0, 1, 2]]), [], [c, 1, 1]).result


def lower_convolution(op):
    operands = list(op.operands)
    x, w = operands[0], operands[1]
    bias = operands[2] if len(operands) > 2 else None
    a = attr_dict(op)
    return [conv2d(ShapeContext.current(), x, w, bias, op.results[0], a["stride"], a["padding"],
                   a["dilation"], a["groups"])]


def _pool_input(ctx, op, x, kernel, stride, padding, dilation, pad_value):
    out = shape_of(op.results[0])
    inp = shape_of(x)
    high = list(padding)
    for i, d in enumerate((2, 3)):
        if DYNAMIC in (out[d], inp[d]):
            continue
        need = (out[d] - 1) * stride[i] + (kernel[i] - 1) * dilation[i] + 1
        high[i] = max(padding[i], need - inp[d] - padding[i])  # ceil_mode windows
    return _pad(ctx, x, [0, 0, *padding], [0, 0, *high], pad_value)


def lower_max_pool2d(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    a = attr_dict(op)
    elem = element_type(x)
    check_supported_element(elem)
    neg = lowest(elem)
    x = _pool_input(ctx, op, x, a["kernel_size"], a["stride"], a["padding"], a["dilation"], neg)
    res = op.results[0]
    init = fill(neg, res.type, _dims(ctx, res, [(x, 0), (x, 1), None, None]))
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
    init = fill(0.0, res.type, _dims(ctx, res, [(x, 0), (x, 1), None, None]))
    window = tensor.EmptyOp(list(a["kernel_size"]), elem).result
    summed = linalg.pooling_nchw_sum(x, window, outs=[init], strides=a["stride"], dilations=[1, 1])
    divisor = const_like(float(a["divisor"]), elem)
    return [elementwise(ctx, [summed], res.type, lambda s: arith.DivFOp(s, divisor).result, source=res)]


def populate_contraction_patterns(table: PatternTable) -> None:
    table.add("edge.mm", lower_mm, family=FAMILY_MM)
    table.add("edge.bmm", lower_mm, family=FAMILY_MM)
    table.add("edge.addmm", lower_addmm, family=FAMILY_MM)


def populate_convolution_patterns(table: PatternTable) -> None:
    table.add("edge.convolution", lower_convolution, family=FAMILY_CONV)
    table.add("edge.max_pool2d", lower_max_pool2d, family=FAMILY_CONV)
    table.add("edge.avg_pool2d", lower_avg_pool2d, family=FAMILY_CONV)
