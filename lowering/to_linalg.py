"""The to-linalg pass: edge and backend ops -> upstream linalg/tensor/arith/math/scf on tensors."""

from __future__ import annotations

from exir_mlir._mlir import ir
from exir_mlir.passes import register_pass

from .conversion import PatternTable, convert_in_order
from .linalg_backend import populate_backend_patterns
from .linalg_elementwise import populate_elementwise_patterns
from .linalg_reduction import populate_normalization_patterns, populate_reduction_patterns
from .linalg_shape import populate_indexing_patterns, populate_view_patterns
from .linalg_shapes import ShapeContext
from .linalg_structured import populate_contraction_patterns, populate_convolution_patterns
from .linalg_update import populate_padding_patterns, populate_update_patterns

STAGE = "linalg"
_TABLE: PatternTable | None = None


def linalg_patterns() -> PatternTable:
    global _TABLE
    if _TABLE is None:
        table = PatternTable()
        for populate in (populate_elementwise_patterns, populate_contraction_patterns,
                         populate_convolution_patterns, populate_reduction_patterns,
                         populate_normalization_patterns, populate_view_patterns,
                         populate_indexing_patterns,
                         populate_backend_patterns, populate_update_patterns,
                         populate_padding_patterns):
            populate(table)
        _TABLE = table
    return _TABLE


def _shape_scope(func_op: ir.Operation):
    if not len(func_op.regions) or not len(func_op.regions[0].blocks):
        return None
    return ShapeContext(func_op)


def run_to_linalg(module_op: ir.Operation) -> None:
    """Lower every edge and backend op; func signatures and exir.* attributes are kept."""
    with module_op.context, module_op.location:
        convert_in_order(module_op, linalg_patterns(), illegal_dialects=["edge", "backend", "exir"],
                         stage=STAGE, on_function=_shape_scope)


register_pass(
    "to-linalg",
    run_to_linalg,
    description="Lower edge and backend ops to linalg named/generic ops, tensor, arith, math and "
    "scf on tensors; dynamic dims come from the symbolic-shape facts (one SSA value per symbol)",
)
