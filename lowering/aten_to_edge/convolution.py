"""aten-to-edge patterns for convolution (2-d, not transposed; static stride, padding, dilation)."""

from __future__ import annotations

from exir_mlir._mlir import ir

from ..conversion import PatternTable
from ..ir_utils import Unsupported, create1, i64_array, i64_attr
from .args import AtenArgs
from .builders import same_dtype

FAMILY = "convolution"


def lower_convolution(op):
    args = AtenArgs(op, ["input", "weight", "bias?", "stride*", "padding*", "dilation*",
                         "output_padding*", "groups?"])
    x, w, bias = args.tensor("input"), args.tensor("weight"), args.optional("bias")
    same_dtype([v for v in (x, w, bias) if v is not None])
    if args.attr("transposed", False):
        raise Unsupported("transposed convolution is not supported yet")
    groups = args.sym_int("groups", 1)
    if isinstance(groups, ir.Value):
        raise Unsupported("a symbolic 'groups' is not supported")
    attrs = {
        "stride": i64_array(args.static_ints("stride")),
        "padding": i64_array(args.static_ints("padding")),
        "dilation": i64_array(args.static_ints("dilation")),
        "groups": i64_attr(groups),
    }
    operands = [x, w] + ([bias] if bias is not None else [])
    return [create1("edge.convolution", operands, op.results[0].type, attrs)]


def populate_convolution_patterns(table: PatternTable) -> None:
    table.add("exir.convolution", lower_convolution, family=FAMILY)
