"""edge-to-backend: softmax, log_softmax and layer_norm (mean/rstd unused) become backend ops."""

from __future__ import annotations

from exir_mlir._mlir import ir

from ..conversion import PatternTable
from ..ir_utils import create1

FAMILY = "normalization"


def fuse_softmax(log: bool):
    def pattern(op):
        attrs = {"dim": op.attributes["dim"], "log": ir.BoolAttr.get(log)}
        return [create1("backend.softmax", [op.operands[0]], op.results[0].type, attrs)]

    return pattern


def fuse_layer_norm(op):
    if any(len(list(r.uses)) for r in op.results[1:]):
        return None  # mean/rstd are used: keep edge.layer_norm
    attrs = {n: op.attributes[n] for n in ("axis", "eps", "operandSegmentSizes")}
    out = create1("backend.layer_norm", list(op.operands), op.results[0].type, attrs)
    return [out, out, out]  # results #1 and #2 have no uses


def populate_normalization_patterns(table: PatternTable) -> None:
    table.add("edge.softmax", fuse_softmax(False), family=FAMILY)
    table.add("edge.log_softmax", fuse_softmax(True), family=FAMILY)
    table.add("edge.layer_norm", fuse_layer_norm, family=FAMILY)
