"""The to-linalg pass: edge and backend ops -> upstream linalg/tensor/arith/math/scf on tensors."""

from __future__ import annotations

from exir_mlir._mlir import ir
from exir_mlir.passes import register_pass

from .conversion import PatternTable, _values, convert_in_order
from .ir_utils import attr_names, isa, ranked
from .linalg_common import convert_scalar, elementwise
from .linalg_backend import populate_backend_patterns
from .linalg_elementwise import populate_elementwise_patterns
from .linalg_reduction import populate_normalization_patterns, populate_reduction_patterns
from .linalg_shape import populate_indexing_patterns, populate_view_patterns
from .linalg_shapes import ShapeContext
from .linalg_structured import populate_contraction_patterns, populate_convolution_patterns
from .linalg_update import populate_padding_patterns, populate_update_patterns

STAGE = "linalg"
_TABLE: PatternTable | None = None


# Ops that torch computes in f32 ("opmath") for f16/bf16 tensors: accumulations (matmul, conv,
# sums) and normalizations. Their f16/bf16 forms are lowered as the f32 op between casts, so
# results round once, like torch's, instead of at every accumulation step.
OPMATH_OPS = (
    "edge.mm", "edge.bmm", "edge.addmm", "edge.convolution", "edge.avg_pool2d", "edge.sum",
    "edge.mean", "edge.prod", "edge.var", "edge.adaptive_avg_pool2d", "edge.cumsum", "edge.softmax", "edge.log_softmax",
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
        values = _values(pattern(twin))
        out = []
        for v, r in zip(values, op.results):
            if _is_half(r.type):
                elem = ir.RankedTensorType(r.type).element_type
                v = elementwise(ctx, [v], r.type, lambda x, e=elem: convert_scalar(x, e), source=r)
            out.append(v)
        twin.erase()
        return out

    return wrapped


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
        for name in OPMATH_OPS:
            table.patterns[name] = opmath(table.patterns[name])
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
