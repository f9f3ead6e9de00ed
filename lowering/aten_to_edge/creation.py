"""aten-to-edge patterns for tensor creation: literals, full/empty/full_like, scalar_tensor, arange."""

from __future__ import annotations

from exir_mlir._mlir import arith

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, Unsupported, copy_exir_attrs, create1, element_type, f64_attr, shape_of
from .args import AtenArgs
from .builders import dynamic_dims_like, full, typed_scalar

FAMILY = "creation"


def lower_literal(op):
    value = op.attributes["value"]
    const = arith.ConstantOp(op.results[0].type, value)
    copy_exir_attrs(op, const.operation)  # keeps exir.wrapped_number for type promotion
    return [const.result]


def lower_full(op):
    args = AtenArgs(op, ["size*"])
    return [full(args.attr("fill_value"), op.results[0].type, args.sym_list("size"))]


def lower_empty(op):
    args = AtenArgs(op, ["size*"])  # contents are undefined in torch; zeros are a valid choice
    return [full(0, op.results[0].type, args.sym_list("size"))]


def lower_empty_strided(op):
    args = AtenArgs(op, ["size*", "stride*"])
    return [full(0, op.results[0].type, args.sym_list("size"))]


def lower_full_like(op):
    x = op.operands[0]
    value = AtenArgs(op, ["self"]).attr("fill_value" if op.name == "exir.full_like" else "value")
    rt = op.results[0].type
    if DYNAMIC not in shape_of(rt):
        return [full(value, rt)]
    c = typed_scalar(value, element_type(rt))
    return [create1("edge.expand", [c, *dynamic_dims_like(rt, x)], rt)]


def lower_scalar_tensor(op):
    s = AtenArgs(op, []).attr("s")
    return [typed_scalar(s, element_type(op.results[0]))]


def lower_arange(op):
    args = AtenArgs(op, [])
    start, step = args.attr("start", 0), args.attr("step", 1)
    rt = op.results[0].type
    if DYNAMIC in shape_of(rt):
        raise Unsupported("arange with a symbolic end is not supported yet")
    return [create1("edge.arange", [], rt, {"start": f64_attr(start), "step": f64_attr(step)})]


def populate_creation_patterns(table: PatternTable) -> None:
    table.add("exir.literal", lower_literal, family=FAMILY)
    table.add("exir.full", lower_full, family=FAMILY)
    table.add("exir.full_like", lower_full_like, family=FAMILY)
    table.add("exir.fill_scalar", lower_full_like, family=FAMILY)
    table.add("exir.scalar_tensor", lower_scalar_tensor, family=FAMILY)
    table.add("exir.empty_memory_format", lower_empty, family=FAMILY)
    table.add("exir.empty_strided", lower_empty_strided, family=FAMILY)
    table.add("exir.arange_start_step", lower_arange, family=FAMILY)
