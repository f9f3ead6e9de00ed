"""to-linalg: edge.convolution and backend.conv2d as linalg.conv_2d_nchw_fchw (+ bias, epilogue)."""

from __future__ import annotations

from exir_mlir._mlir import ir, linalg, tensor

from ..conversion import PatternTable
from ..ir_utils import Unsupported, attr_dict, element_type, is_float, rank_of, ranked, shape_of
from .builders import broadcast_to, check_supported_element, dims_like, fill, pad_tensor, reassociation
from .elementwise import activate
from .shapes import ShapeContext

FAMILY = "convolution"


def conv2d(ctx, x, w, bias, result: ir.Value, stride, padding, dilation, groups) -> ir.Value:
    rt = result.type
    if rank_of(x) != 4:
        raise Unsupported("only 2-d convolution (NCHW input) is supported yet")
    if groups != 1:
        raise Unsupported("grouped convolution is not supported yet")
    elem = element_type(x)
    check_supported_element(elem)
    x = pad_tensor(ctx, x, [0, 0, *padding], [0, 0, *padding], 0.0 if is_float(elem) else 0)
    dyn = dims_like(ctx, result, [(x, 0), (w, 0), None, None])
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
    return tensor.ExpandShapeOp(t, bias, reassociation([[0, 1, 2]]), [], [c, 1, 1]).result


def lower_convolution(op):
    operands = list(op.operands)
    x, w = operands[0], operands[1]
    bias = operands[2] if len(operands) > 2 else None
    a = attr_dict(op)
    return [conv2d(ShapeContext.current(), x, w, bias, op.results[0], a["stride"], a["padding"],
                   a["dilation"], a["groups"])]


def lower_backend_conv2d(op):
    ctx = ShapeContext.current()
    operands = list(op.operands)
    bias = operands[2] if len(operands) > 2 else None
    a = attr_dict(op)
    res = op.results[0]
    out = conv2d(ctx, operands[0], operands[1], bias, res, a["stride"], a["padding"], a["dilation"], a["groups"])
    return [activate(ctx, out, a["activation"], res)]


def populate_convolution_patterns(table: PatternTable) -> None:
    table.add("edge.convolution", lower_convolution, family=FAMILY)
    table.add("backend.conv2d", lower_backend_conv2d, family=FAMILY)
