"""The edge-to-backend pass: fuse edge op patterns into backend ops; `no-fusion` skips it."""

from __future__ import annotations

import functools

from exir_mlir._mlir import ir
from exir_mlir.passes import PassOption, register_pass

from ..conversion import PatternTable, convert_in_order
from .activation import populate_activation_patterns
from .attention import erase_dead_edge_ops, populate_attention_patterns
from .contraction import populate_contraction_patterns
from .convolution import populate_convolution_patterns
from .normalization import populate_normalization_patterns

STAGE = "backend"


@functools.cache
def backend_patterns() -> PatternTable:
    table = PatternTable()
    for populate in (populate_contraction_patterns, populate_convolution_patterns,
                     populate_activation_patterns, populate_normalization_patterns):
        populate(table)
    return table


@functools.cache
def attention_patterns() -> PatternTable:
    # a table of its own, applied first: it must see the bmm/softmax chain before those ops
    # become backend ops
    table = PatternTable()
    populate_attention_patterns(table)
    return table


def run_edge_to_backend(module_op: ir.Operation, *, no_fusion: bool = False) -> None:
    """Form backend ops where a pattern matches; everything else stays edge."""
    if no_fusion:
        return
    with module_op.context, module_op.location:
        convert_in_order(module_op, attention_patterns(), illegal_dialects=[], stage=STAGE, keep_sym_shapes=True)
        erase_dead_edge_ops(module_op)
        convert_in_order(module_op, backend_patterns(), illegal_dialects=["exir"], stage=STAGE,
                         keep_sym_shapes=True)


register_pass(
    "edge-to-backend",
    run_edge_to_backend,
    description="Fuse edge ops into backend ops: matmul/addmm/conv + bias + relu/gelu/silu, softmax, "
    "layer_norm, and the decomposed scaled-dot-product-attention pattern",
    options={"no-fusion": PassOption(bool, False, "leave the module in edge (no backend ops)")},
)
