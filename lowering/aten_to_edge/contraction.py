"""aten-to-edge patterns for contractions: mm, bmm, addmm (alpha/beta made explicit)."""

from __future__ import annotations

from ..conversion import PatternTable
from ..ir_utils import create1
from .args import AtenArgs
from .builders import same_dtype, typed_scalar

FAMILY = "contraction"


def lower_mm(edge_name: str):
    def pattern(op):
        a, b = op.operands
        same_dtype([a, b])
        return [create1(f"edge.{edge_name}", [a, b], op.results[0].type)]

    return pattern


def lower_addmm(op):
    args = AtenArgs(op, ["self", "mat1", "mat2"])
    bias, a, b = args.tensor("self"), args.tensor("mat1"), args.tensor("mat2")
    elem = same_dtype([bias, a, b])
    beta, alpha = args.attr("beta", 1), args.attr("alpha", 1)
    rt = op.results[0].type
    if beta == 1 and alpha == 1:
        return [create1("edge.addmm", [bias, a, b], rt)]
    prod = create1("edge.mm", [a, b], rt)
    if alpha != 1:
        prod = create1("edge.mul", [prod, typed_scalar(alpha, elem)], rt)
    if beta == 0:
        return [prod]
    if beta != 1:
        bias = create1("edge.mul", [bias, typed_scalar(beta, elem)], bias.type)
    return [create1("edge.add", [prod, bias], rt)]


def populate_contraction_patterns(table: PatternTable) -> None:
    table.add("exir.mm", lower_mm("mm"), family=FAMILY)
    table.add("exir.bmm", lower_mm("bmm"), family=FAMILY)
    table.add("exir.addmm", lower_addmm, family=FAMILY)
