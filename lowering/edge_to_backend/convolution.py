"""edge-to-backend: 2-d ungrouped convolution (with its bias) becomes backend.conv2d."""

from __future__ import annotations

from ..conversion import PatternTable
from ..ir_utils import attr_dict, create1, rank_of, str_attr

FAMILY = "convolution"


def fuse_convolution(op):
    attrs = attr_dict(op)
    if rank_of(op.operands[0]) != 4 or attrs["groups"] != 1:
        return None  # stays edge.convolution (lowered on its own)
    named = {n: op.attributes[n] for n in ("stride", "padding", "dilation", "groups")}
    named["activation"] = str_attr("none")
    return [create1("backend.conv2d", list(op.operands), op.results[0].type, named)]


def populate_convolution_patterns(table: PatternTable) -> None:
    table.add("edge.convolution", fuse_convolution, family=FAMILY)
