"""edge-to-backend: mm, bmm and addmm (bias) become backend.matmul (an activation epilogue may follow)."""

from __future__ import annotations

from ..conversion import PatternTable
from ..ir_utils import create1, str_attr

FAMILY = "contraction"


def fuse_mm(op):
    a, b = op.operands
    return [create1("backend.matmul", [a, b], op.results[0].type, {"activation": str_attr("none")})]


def fuse_addmm(op):
    bias, a, b = op.operands
    return [create1("backend.matmul", [a, b, bias], op.results[0].type, {"activation": str_attr("none")})]


def populate_contraction_patterns(table: PatternTable) -> None:
    table.add("edge.mm", fuse_mm, family=FAMILY)
    table.add("edge.bmm", fuse_mm, family=FAMILY)
    table.add("edge.addmm", fuse_addmm, family=FAMILY)
