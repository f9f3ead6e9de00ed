"""The to-linalg pass: edge and backend ops -> upstream linalg/tensor/arith/math/scf on tensors."""

from __future__ import annotations

import functools

from exir_mlir._mlir import ir
from exir_mlir.passes import register_pass

from ..conversion import PatternTable, convert_in_order, replacement_values
from ..ir_utils import attr_names, isa, ranked
from .attention import populate_attention_patterns
from .builders import convert_scalar, elementwise
from .contraction import populate_contraction_patterns
from .convolution import populate_convolution_patterns
from .creation import populate_creation_patterns
from .elementwise import populate_elementwise_patterns
from .indexing import populate_indexing_patterns
from .normalization import populate_normalization_patterns
from .pooling import populate_pooling_patterns
from .random import populate_random_patterns
from .reduction import populate_reduction_patterns
from .shapes import ShapeContext
from .selection import populate_selection_patterns
from .sort import populate_sort_patterns
from .unsigned import erase_signedness, lower_unsigned
from .update import populate_update_patterns
from .upsample import populate_upsample_patterns
from .view import populate_view_patterns

STAGE = "linalg"


# Ops that torch computes in f32 ("opmath") for f16/bf16 tensors: accumulations (matmul, conv,
# sums) and normalizations. Their f16/bf16 forms are lowered as the f32 op between casts, so
# results round once, like torch's, instead of at every accumulation step.
OPMATH_OPS = (
    "edge.mm", "edge.bmm", "edge.addmm", "edge.convolution", "edge.conv_transpose", "edge.avg_pool", "edge.sum",
    "edge.mean", "edge.prod", "edge.var", "edge.adaptive_avg_pool", "edge.cumsum", "edge.softmax", "edge.log_softmax",
    "edge.layer_norm", "edge.batch_norm_inference", "backend.matmul", "backend.conv2d",
    "backend.softmax", "backend.layer_norm", "backend.sdpa",
)


def _is_half(t: ir.Type) -> bool:
    return isa(ir.RankedTensorType, t) and str(ir.RankedTensorType(t).element_type) in ("f16", "bf16")


def opmath(pattern):
    """Lower an f16/bf16 op as its f32 twin: upcast the float operands, lower a clone with f32
    types through `pattern`, downcast the results."""

    def wrapped(op):
        if not any(_is_half(v.type) for v in list(op.operands) + list(op.results)):
            return pattern(op)
        ctx = ShapeContext.current()
        f32 = ir.F32Type.get()

        def up(v):
            if not _is_half(v.type):
                return v
            t = ir.RankedTensorType(v.type)
            return elementwise(ctx, [v], ranked(list(t.shape), f32), lambda x: convert_scalar(x, f32))

        result_types = [ranked(list(ir.RankedTensorType(r.type).shape), f32) if _is_half(r.type) else r.type
                        for r in op.results]
        attrs = {name: op.attributes[name] for name in attr_names(op)}
        twin = ir.Operation.create(op.name, results=result_types, operands=[up(v) for v in op.operands],
                                   attributes=attrs)
        values = replacement_values(pattern(twin))
        out = []
        for v, r in zip(values, op.results):
            if _is_half(r.type):
                elem = ir.RankedTensorType(r.type).element_type
                v = elementwise(ctx, [v], r.type, lambda x, e=elem: convert_scalar(x, e), source=r)
            out.append(v)
        twin.erase()
        return out

    return wrapped


@functools.cache
def linalg_patterns() -> PatternTable:
    table = PatternTable()
    for populate in (populate_elementwise_patterns, populate_contraction_patterns,
                     populate_convolution_patterns, populate_pooling_patterns,
                     populate_reduction_patterns, populate_normalization_patterns,
                     populate_view_patterns, populate_creation_patterns,
                     populate_indexing_patterns, populate_update_patterns,
                     populate_sort_patterns, populate_upsample_patterns,
                     populate_attention_patterns, populate_selection_patterns,
                     populate_random_patterns):
        populate(table)
    for name in OPMATH_OPS:
        table.patterns[name] = opmath(table.patterns[name])
    for name, pattern in table.patterns.items():
        table.patterns[name] = _remembering_shapes(lower_unsigned(name, pattern))
    return table


def _remembering_shapes(pattern):
    """Records the symbolic shapes of the op a pattern replaces for its replacement values
    (ShapeContext.symbolic_shape: a later reshape of them sees which dims it merges)."""
    @functools.wraps(pattern)
    def wrapped(op):
        replacement = pattern(op)
        if replacement is not None and "exir.sym_shapes" in attr_names(op):
            ShapeContext.current().remember(op, replacement_values(replacement))
        return replacement

    return wrapped


def _shape_scope(func_op: ir.Operation):
    if not len(func_op.regions) or not len(func_op.regions[0].blocks):
        return None
    return ShapeContext(func_op)


def run_to_linalg(module_op: ir.Operation) -> None:
    """Lower every edge and backend op; func signatures and exir.* attributes are kept."""
    with module_op.context, module_op.location:
        convert_in_order(module_op, linalg_patterns(), illegal_dialects=["edge", "backend", "exir"],
                         stage=STAGE, on_function=_shape_scope)
        erase_signedness(module_op)  # uint8 was lowered through signless twins (unsigned.py)


register_pass(
    "to-linalg",
    run_to_linalg,
    description="Lower edge and backend ops to linalg named/generic ops, tensor, arith, math and "
    "scf on tensors; dynamic dims come from the symbolic-shape facts (one SSA value per symbol)",
)
