"""to-linalg: arange as a linalg.generic over its index."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg

from ..conversion import PatternTable
from ..ir_utils import Unsupported, attr_dict, element_type, i64, is_float
from .builders import PARALLEL, affine_map, check_supported_element, const_like, empty, iterators, maps_attr
from .shapes import ShapeContext

FAMILY = "creation"


def lower_arange(op):
    ctx = ShapeContext.current()
    a = attr_dict(op)
    res = op.results[0]
    elem = element_type(res)
    check_supported_element(elem)
    init = empty(res.type, ctx.dynamic_dims(res.type, list(op.operands) or [None], res))
    maps = [affine_map(1, [0])]
    g = linalg.GenericOp([res.type], [], [init], maps_attr(maps), iterators([PARALLEL]))
    block = g.regions[0].blocks.append(elem)
    with ir.InsertionPoint(block):
        i = arith.IndexCastOp(i64(), linalg.IndexOp(0).result).result
        if is_float(elem):
            v = arith.AddFOp(const_like(a["start"], elem),
                             arith.MulFOp(arith.SIToFPOp(elem, i).result, const_like(a["step"], elem)).result).result
        else:
            start, step = a["start"], a["step"]
            if start != int(start) or step != int(step):
                raise Unsupported("an integer arange needs integer start and step")
            v = arith.AddIOp(const_like(int(start), i64()), arith.MulIOp(i, const_like(int(step), i64())).result).result
            if elem != i64():
                v = arith.TruncIOp(elem, v).result
        linalg.YieldOp([v])
    return [g.result]


def populate_creation_patterns(table: PatternTable) -> None:
    table.add("edge.arange", lower_arange, family=FAMILY)
