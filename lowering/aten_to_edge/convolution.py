"""aten-to-edge patterns for convolution: 1-d, 2-d and 3-d, grouped (depthwise), dilated, and
transposed (edge.conv_transpose); static stride, padding, dilation, groups.

`conv1d/2d/3d` and `conv_transpose1d/2d/3d` reach here as fallback calls when the program was
not decomposed (registered in decompose.DECOMPOSITIONS), with `padding='same'`/`'valid'` as
strings; `aten.convolution` always has integer padding.
"""

from __future__ import annotations

from exir_mlir._mlir import ir

from ..conversion import PatternTable
from ..ir_utils import Unsupported, create1, element_type, i64_array, i64_attr, rank_of, shape_of
from .args import AtenArgs
from .builders import same_dtype, typed_scalar

FAMILY = "convolution"


def _expand(v, n: int, what: str) -> list[int]:
    v = [int(i) for i in (v if isinstance(v, (list, tuple)) else [v])]
    if len(v) == 1:
        return v * n
    if len(v) != n:
        raise Unsupported(f"convolution '{what}' has {len(v)} values for {n} spatial dims")
    return v


def convolution(result: ir.Value, x, w, bias, *, stride, padding, dilation, groups, transposed=False,
                output_padding=(0,)) -> ir.Value:
    """edge.convolution / edge.conv_transpose; `padding` may be 'valid' or 'same' (not transposed)."""
    same_dtype([v for v in (x, w, bias) if v is not None])
    n = rank_of(w) - 2
    if n not in (1, 2, 3):
        raise Unsupported(f"convolution over {n} spatial dims is not supported (1-d, 2-d and 3-d are)")
    if rank_of(x) != n + 2:
        raise Unsupported(f"a {n}-d convolution needs an (N, C, {n} spatial) input here, got rank {rank_of(x)}")
    if isinstance(groups, ir.Value):
        raise Unsupported("a symbolic 'groups' is not supported")
    stride, dilation = _expand(stride, n, "stride"), _expand(dilation, n, "dilation")
    kernel = shape_of(w)[2:]
    if isinstance(padding, str):
        if transposed:
            raise Unsupported(f"padding='{padding}' is not defined for a transposed convolution")
        if padding == "valid":
            padding = [0] * n
        elif padding == "same":
            if any(s != 1 for s in stride):
                raise Unsupported("padding='same' needs stride 1 (torch rejects it too)")
            total = [d * (k - 1) for d, k in zip(dilation, kernel)]
            low = [t // 2 for t in total]
            if any(t % 2 for t in total):  # torch pads the extra element after (high side)
                x = _pad_high(x, [t - 2 * lo for t, lo in zip(total, low)])
            padding = low
        else:
            raise Unsupported(f"convolution padding='{padding}' is not supported ('same', 'valid' or ints are)")
    padding = _expand(padding, n, "padding")
    attrs = {"stride": i64_array(stride), "padding": i64_array(padding),
             "dilation": i64_array(dilation), "groups": i64_attr(int(groups))}
    operands = [x, w] + ([bias] if bias is not None else [])
    if transposed:
        attrs["output_padding"] = i64_array(_expand(output_padding or [0], n, "output_padding"))
        return create1("edge.conv_transpose", operands, result.type, attrs)
    return create1("edge.convolution", operands, result.type, attrs)


def _pad_high(x: ir.Value, extra: list[int]) -> ir.Value:
    """Zero padding of `extra` elements after each spatial dim (padding='same' with an odd total)."""
    s = shape_of(x)
    if any(v < 0 for v in s[2:]):
        raise Unsupported("padding='same' with an even kernel extent needs static spatial sizes here")
    n = len(extra)
    low, high = [0] * (2 + n), [0, 0, *extra]
    out = list(s[:2]) + [v + e for v, e in zip(s[2:], extra)]
    elem = element_type(x)
    return create1("edge.pad", [x, typed_scalar(0, elem)], ir.RankedTensorType.get(out, elem),
                   {"low": i64_array(low), "high": i64_array(high)})


def lower_convolution(op):
    args = AtenArgs(op, ["input", "weight", "bias?", "stride*", "padding*", "dilation*",
                         "output_padding*", "groups?"])
    return [convolution(op.results[0], args.tensor("input"), args.tensor("weight"), args.optional("bias"),
                        stride=args.static_ints("stride"), padding=args.static_ints("padding"),
                        dilation=args.static_ints("dilation"), groups=args.sym_int("groups", 1),
                        transposed=bool(args.attr("transposed", False)),
                        output_padding=args.static_ints("output_padding", [0]))]


def _fallback(transposed: bool):
    def fn(c):
        return [convolution(c.result, c.t("input"), c.t("weight"), c.t("bias"), stride=c.a("stride", [1]),
                            padding=c.a("padding", [0]), dilation=c.a("dilation", [1]),
                            groups=c.a("groups", 1), transposed=transposed,
                            output_padding=c.a("output_padding", [0]))]
    return fn


FALLBACK_DECOMPOSITIONS = {
    "aten::conv1d": _fallback(False),
    "aten::conv2d": _fallback(False),
    "aten::conv3d": _fallback(False),
    "aten::conv1d.padding": _fallback(False),
    "aten::conv2d.padding": _fallback(False),
    "aten::conv3d.padding": _fallback(False),
    "aten::conv_transpose1d": _fallback(True),
    "aten::conv_transpose2d.input": _fallback(True),
    "aten::conv_transpose3d.input": _fallback(True),
}


def populate_convolution_patterns(table: PatternTable) -> None:
    table.add("exir.convolution", lower_convolution, family=FAMILY)
