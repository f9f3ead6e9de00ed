"""aten-to-edge patterns for pooling: max, average and adaptive average pooling (1-d as 2-d)."""

from __future__ import annotations

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    create,
    create1,
    element_type,
    i64_array,
    i64_attr,
    rank_of,
    ranked,
    shape_of,
)
from .args import AtenArgs

FAMILY = "pooling"


def _pool_params(args, n: int):
    kernel = args.static_ints("kernel_size")
    stride = args.static_ints("stride", []) or kernel
    padding = args.static_ints("padding", [0])
    dilation = args.static_ints("dilation", [1])
    expand = lambda v: v * n if len(v) == 1 else v  # noqa: E731
    return expand(kernel), expand(stride), expand(padding), expand(dilation)


def lower_max_pool2d(op):
    args = AtenArgs(op, ["self"])
    if len(list(op.results[1].uses)):
        return lower_max_pool2d_with_indices(op)
    kernel, stride, padding, dilation = _pool_params(args, 2)
    if rank_of(op.operands[0]) != 4:
        raise Unsupported("max_pool2d needs an NCHW (rank-4) input")
    attrs = {"kernel_size": i64_array(kernel), "stride": i64_array(stride),
             "padding": i64_array(padding), "dilation": i64_array(dilation)}
    v = create1("edge.max_pool2d", [op.operands[0]], op.results[0].type, attrs)
    return [v, v]  # result #1 (indices) has no uses


def lower_max_pool2d_with_indices(op):
    """Used only when the indices are used (else lower_max_pool2d's values-only form runs)."""
    args = AtenArgs(op, ["self"])
    kernel, stride, padding, dilation = _pool_params(args, 2)
    attrs = {"kernel_size": i64_array(kernel), "stride": i64_array(stride),
             "padding": i64_array(padding), "dilation": i64_array(dilation)}
    new = create("edge.max_pool2d_with_indices", [op.operands[0]], [r.type for r in op.results], attrs)
    return list(new.results)


def lower_avg_pool2d(op):
    args = AtenArgs(op, ["self"])
    x = op.operands[0]
    kernel, stride, padding, _ = _pool_params(args, 2)
    divisor = args.attr("divisor_override")
    if divisor is None:
        if any(padding) and not args.attr("count_include_pad", True):
            raise Unsupported("avg_pool2d with padding and count_include_pad=False divides by a "
                              "per-window count; not supported yet")
        if args.attr("ceil_mode", False):
            out, inp = shape_of(op.results[0]), shape_of(x)
            for d in (2, 3):
                span = (out[d] - 1) * stride[d - 2] + kernel[d - 2]
                if DYNAMIC in (out[d], inp[d]) or span > inp[d] + 2 * padding[d - 2]:
                    raise Unsupported("avg_pool2d ceil_mode with partial windows is not supported")
        divisor = kernel[0] * kernel[1]
    attrs = {"kernel_size": i64_array(kernel), "stride": i64_array(stride),
             "padding": i64_array(padding), "divisor": i64_attr(divisor)}
    return [create1("edge.avg_pool2d", [x], op.results[0].type, attrs)]


def lower_avg_pool1d(op):
    """[N, C, L] pooled as [N, C, 1, L] with a [1, k] window."""
    args = AtenArgs(op, ["self"])
    x = args.tensor("self")
    s, o = shape_of(x), shape_of(op.results[0])
    if rank_of(x) != 3 or DYNAMIC in s + o:
        raise Unsupported("avg_pool1d needs a static [N, C, L] input")
    k = args.static_ints("kernel_size")[0]
    stride = (args.static_ints("stride", []) or [k])[0]
    pad = (args.static_ints("padding", [0]) or [0])[0]
    if pad and not args.attr("count_include_pad", True):
        raise Unsupported("avg_pool1d with padding and count_include_pad=False is not supported yet")
    if args.attr("ceil_mode", False) and (o[2] - 1) * stride + k > s[2] + 2 * pad:
        raise Unsupported("avg_pool1d ceil_mode with partial windows is not supported")
    elem = element_type(x)
    x4 = create1("edge.view", [x], ranked([s[0], s[1], 1, s[2]], elem))
    attrs = {"kernel_size": i64_array([1, k]), "stride": i64_array([1, stride]),
             "padding": i64_array([0, pad]), "divisor": i64_attr(k)}
    y = create1("edge.avg_pool2d", [x4], ranked([o[0], o[1], 1, o[2]], elem), attrs)
    return [create1("edge.view", [y], op.results[0].type)]


def lower_adaptive_avg_pool1d(op):
    """[N, C, L] -> [N, C, 1, L] -> adaptive 2-d pool to [N, C, 1, OL] -> [N, C, OL]."""
    x = op.operands[0]
    s, o = shape_of(x), shape_of(op.results[0])
    if rank_of(x) != 3 or DYNAMIC in s + o:
        raise Unsupported("adaptive_avg_pool1d needs a static [N, C, L] input")
    elem = element_type(x)
    x4 = create1("edge.view", [x], ranked([s[0], s[1], 1, s[2]], elem))
    t4 = ranked([o[0], o[1], 1, o[2]], elem)
    if s[2] % o[2] == 0:
        k = s[2] // o[2]
        attrs = {"kernel_size": i64_array([1, k]), "stride": i64_array([1, k]),
                 "padding": i64_array([0, 0]), "divisor": i64_attr(k)}
        y = create1("edge.avg_pool2d", [x4], t4, attrs)
    else:
        y = create1("edge.adaptive_avg_pool2d", [x4], t4)
    return [create1("edge.view", [y], op.results[0].type)]


def lower_adaptive_avg_pool2d(op):
    x = op.operands[0]
    inp, out = shape_of(x), shape_of(op.results[0])
    if rank_of(x) != 4:
        raise Unsupported("_adaptive_avg_pool2d needs an NCHW input")
    kernel = []
    for d in (2, 3):
        if DYNAMIC in (inp[d], out[d]):
            raise Unsupported("_adaptive_avg_pool2d needs static spatial dims")
        if inp[d] % out[d]:  # windows of different sizes
            return [create1("edge.adaptive_avg_pool2d", [x], op.results[0].type)]
        kernel.append(inp[d] // out[d])
    attrs = {"kernel_size": i64_array(kernel), "stride": i64_array(kernel),
             "padding": i64_array([0, 0]), "divisor": i64_attr(kernel[0] * kernel[1])}
    return [create1("edge.avg_pool2d", [x], op.results[0].type, attrs)]


def populate_pooling_patterns(table: PatternTable) -> None:
    table.add("exir.max_pool2d_with_indices", lower_max_pool2d, family=FAMILY)
    table.add("exir.avg_pool2d", lower_avg_pool2d, family=FAMILY)
    table.add("exir.priv_adaptive_avg_pool2d", lower_adaptive_avg_pool2d, family=FAMILY)
    table.add("exir.adaptive_avg_pool1d", lower_adaptive_avg_pool1d, family=FAMILY)
    table.add("exir.avg_pool1d", lower_avg_pool1d, family=FAMILY)
