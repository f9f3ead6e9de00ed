"""The aten-to-edge pass: exir ops -> edge ops with explicit dtypes, then the Edge contract check."""

from __future__ import annotations

import functools

from exir_mlir._mlir import ir
from exir_mlir.dialects import aten_fallback_overload, verify_module
from exir_mlir.passes import PassFailure, register_pass

from ..conversion import PatternTable, apply_patterns, report_illegal
from ..ir_utils import index, walk_ops
from .contraction import populate_contraction_patterns
from .convolution import populate_convolution_patterns
from .creation import populate_creation_patterns
from .decompose import populate_decomposition_patterns
from .elementwise import populate_elementwise_patterns
from .fft import populate_fft_patterns
from .indexing import populate_indexing_patterns
from .normalization import populate_normalization_patterns
from .pooling import populate_pooling_patterns
from .quantization import fold_quantized
from .random import add_rng_seed_arguments, populate_random_patterns
from .reduction import populate_reduction_patterns
from .selection import populate_selection_patterns
from .sort import populate_sort_patterns
from .symbolic import populate_symbolic_patterns, scalar_results_to_tensors
from .update import populate_update_patterns
from .upsample import populate_upsample_patterns
from .view import populate_view_patterns

STAGE = "edge"


@functools.cache
def edge_patterns() -> PatternTable:
    table = PatternTable()
    for populate in (populate_elementwise_patterns, populate_contraction_patterns,
                     populate_convolution_patterns, populate_pooling_patterns,
                     populate_reduction_patterns, populate_normalization_patterns,
                     populate_view_patterns, populate_creation_patterns,
                     populate_indexing_patterns, populate_symbolic_patterns,
                     populate_decomposition_patterns, populate_update_patterns,
                     populate_sort_patterns, populate_upsample_patterns, populate_fft_patterns,
                     populate_random_patterns, populate_selection_patterns):
        populate(table)
    return table


def _symint_args_to_index(module_op: ir.Operation) -> None:
    """SymInt function arguments become `index` (Edge has no exir types); attributes stay."""
    for op in walk_ops(module_op):
        if op.name != "func.func":
            continue
        ftype = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
        inputs = list(ftype.inputs)
        changed = False
        for i, t in enumerate(inputs):
            if str(t) == "!exir.symint":
                inputs[i] = index()
                changed = True
        if not changed:
            continue
        if len(op.regions[0].blocks):
            entry = op.regions[0].blocks[0]
            for i, arg in enumerate(entry.arguments):
                if str(arg.type) == "!exir.symint":
                    arg.set_type(index())
        op.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, list(ftype.results)))


def _fallback_calls(module_op: ir.Operation, reasons: dict) -> None:
    """Calls of ATen ops the dialect lacks must be gone (decomposed); report the rest by name."""
    failed = False
    used = set()
    for op in walk_ops(module_op):
        if op.name != "func.call":
            continue
        overload = aten_fallback_overload(op)
        if overload is None:
            continue
        why = reasons.get(op, "no decomposition")
        op.location.emit_error(f"'{overload}' cannot be lowered to edge: {why}")
        failed = True
        used.add(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)
    if failed:
        raise PassFailure(STAGE)
    # the private declarations of decomposed calls are dead now
    for op in [o.operation for o in module_op.regions[0].blocks[0].operations]:
        if op.name == "func.func" and "exir.aten_overload" in op.attributes:
            if ir.StringAttr(op.attributes["sym_name"]).value not in used:
                op.erase()


def _leftover_casts(module_op: ir.Operation) -> None:
    for op in walk_ops(module_op):
        if op.name == "builtin.unrealized_conversion_cast" and len(list(op.results[0].uses)):
            user = next(iter(op.results[0].uses)).owner
            user.location.emit_error(
                f"'{user.name}' uses a symbolic integer that cannot be expressed in edge")
            raise PassFailure(STAGE)


def run_aten_to_edge(module_op: ir.Operation) -> None:
    """Lower every exir op to edge; fail at the first op location that cannot be lowered."""
    with module_op.context, module_op.location:
        _symint_args_to_index(module_op)
        add_rng_seed_arguments(module_op)  # random ops: the rng_seed argument, one stream each
        scalar_results_to_tensors(module_op)
        # PT2E quantized programs: integer contractions and quantize/dequantize pairs first
        # (quantization.py), while the calls they match are still there.
        for failures in fold_quantized(module_op):
            report_illegal(module_op, [], STAGE, failures)
        reasons = apply_patterns(module_op, edge_patterns())
        # Both reports run before the pass fails, so that one run lists every op it cannot lower
        # (exir ops and ATen fallback calls alike): exir_mlir.check relies on that.
        try:
            report_illegal(module_op, ["exir"], STAGE, reasons)
        except PassFailure:
            try:
                _fallback_calls(module_op, reasons)
            except PassFailure:
                pass
            raise
        _fallback_calls(module_op, reasons)
        _leftover_casts(module_op)
        if verify_module(module_op, emit=True):  # the Edge contract (exir_mlir.dialects.edge_rules)
            raise PassFailure(STAGE)


register_pass(
    "aten-to-edge",
    run_aten_to_edge,
    description="Lower the exir (ATen) dialect to edge: explicit type promotion, typed scalars, "
    "i64 indices, index sizes; then verify the Edge contract",
)


@functools.cache
def _exir_op_by_overload() -> dict[str, str]:
    from exir_mlir.dialects import op_table

    return {op["aten"]: "exir." + op["name"] for op in op_table()["dialects"]["exir"]["ops"] if op.get("aten")}


def takes_overload(overload: str) -> bool:
    """Does aten-to-edge lower ATen overload "aten::foo.bar" (its exir op has a pattern, or its
    fallback call has a decomposition here)? Decomposition before import asks this."""
    from .decompose import DECOMPOSITIONS

    if overload in DECOMPOSITIONS:
        return True
    name = _exir_op_by_overload().get(overload)
    return name is not None and name in edge_patterns()
