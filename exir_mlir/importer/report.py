"""Pre-flight report: everything in a program that import or the later stages do not support, at once."""

from __future__ import annotations

import operator
from dataclasses import dataclass, field

import torch
import torch.fx

from exir_mlir import schema
from exir_mlir.importer import ops
from exir_mlir.importer.graph import (
    ASSERT_ASYNC,
    ASSERT_TENSOR_METADATA,
    HIGHER_ORDER_BUILDERS,
    INLINED_HIGHER_ORDER_OPS,
)
from exir_mlir.importer.locations import describe
from exir_mlir.importer.signature import unsupported_input_reason, unsupported_output_reason
from exir_mlir.importer.types import is_supported_dtype, sparse_layout_message

# Severities, worst first. "error": import fails. "unsupported": imports, but aten-to-edge has no
# pattern for its op (checked by op name; a pattern may still reject some dtypes or arguments).
# "decomposable": the same, but torch's core-ATen decompositions rewrite it (`--decompose`).
ERROR, UNSUPPORTED, DECOMPOSABLE = "error", "unsupported", "decomposable"
_SEVERITY_ORDER = {ERROR: 0, UNSUPPORTED: 1, DECOMPOSABLE: 2}


@dataclass
class Finding:
    """One unsupported thing, with every place it occurs."""

    severity: str
    category: str  # "input kind", "output kind", "dtype", "op", "higher-order op", "call target"
    what: str
    reason: str
    places: list[str] = field(default_factory=list)  # "file:line (node name)"


@dataclass
class Report:
    findings: list[Finding]
    nodes: int

    @property
    def blocks_import(self) -> bool:
        return any(f.severity == ERROR for f in self.findings)

    @property
    def clean(self) -> bool:
        return not any(f.severity in (ERROR, UNSUPPORTED) for f in self.findings)

    def format(self, title: str) -> str:
        lines = [f"pre-flight report for {title}: {self.nodes} nodes"]
        if not self.findings:
            lines.append("  nothing unsupported: import and the later stages accept every construct")
            return "\n".join(lines)
        for f in sorted(self.findings, key=lambda f: (_SEVERITY_ORDER[f.severity], f.category, f.what)):
            count = f"{len(f.places)}x" if f.places else ""
            lines.append(f"  {f.severity:<12} {f.category:<15} {f.what} {count}".rstrip())
            lines.append(f"      {f.reason}")
            for place in f.places[:5]:
                lines.append(f"      at {place}")
            if len(f.places) > 5:
                lines.append(f"      ... and {len(f.places) - 5} more")
        blocking = sum(f.severity == ERROR for f in self.findings)
        later = sum(f.severity == UNSUPPORTED for f in self.findings)
        lines.append(f"summary: {blocking} blocking import, {later} unsupported by later stages, "
                     f"{len(self.findings) - blocking - later} decomposable")
        return "\n".join(lines)


class _Collector:
    def __init__(self) -> None:
        self.findings: dict[tuple[str, str, str], Finding] = {}
        self.nodes = 0

    def add(self, severity: str, category: str, what: str, reason: str, node: torch.fx.Node | None) -> None:
        key = (severity, category, what)
        finding = self.findings.setdefault(key, Finding(severity, category, what, reason))
        if node is not None and node.op == "placeholder":
            finding.places.append(f"the program's input '{node.name}'")
        elif node is not None:
            finding.places.append(f"{describe(node)} ({node.name})")


class _LaterStages:
    """What aten-to-edge has patterns for, by op name (None when the lowering is not there)."""

    def __init__(self) -> None:
        # Lazily: only the report needs the lowering, and importing it loads every pattern module.
        try:
            from exir_mlir.lowering.aten_to_edge import edge_patterns
            from exir_mlir.lowering.aten_to_edge.decompose import DECOMPOSITIONS
        except ImportError:
            self.patterns, self.decompositions = None, None
            return
        self.patterns = edge_patterns()
        self.decompositions = DECOMPOSITIONS

    def lowers(self, exir_op: str) -> bool:
        return self.patterns is None or exir_op in self.patterns

    def decomposes(self, overload: str) -> bool:
        return self.decompositions is not None and overload in self.decompositions


@dataclass
class _Context:
    decompositions: dict
    later: _LaterStages


def _check_dtypes(c: _Collector, node: torch.fx.Node) -> None:
    val = node.meta.get("val")
    vals = val if isinstance(val, (list, tuple)) else [val]
    for v in vals:
        if isinstance(v, torch.Tensor) and v.layout != torch.strided:
            c.add(ERROR, "layout", str(v.layout).removeprefix("torch."), sparse_layout_message(v.layout), node)
            continue
        if isinstance(v, torch.Tensor) and not is_supported_dtype(v.dtype):
            c.add(ERROR, "dtype", str(v.dtype).removeprefix("torch."),
                  "exir has no element type for this dtype; cast in the model before export", node)


def _check_overload(c: _Collector, ctx: _Context, node: torch.fx.Node) -> None:
    op = node.target
    text = schema.aten_overload_text(op)
    if op._schema.is_mutable:
        # Import functionalizes in-place ops; what remains is checked after that, not here.
        return
    name = ops.dialect_op_for_overload(text)
    if name is None or _spec_or_none(op) is None:
        if ctx.later.decomposes(text):
            return  # a fallback call that aten-to-edge decomposes itself
        if op in ctx.decompositions or _is_composite_implicit(op):
            c.add(DECOMPOSABLE, "op", text, "not an exir op and aten-to-edge has no decomposition; "
                  "torch's core-ATen decompositions rewrite it (import with --decompose)", node)
        else:
            c.add(UNSUPPORTED, "op", text, "not an exir op and neither torch nor aten-to-edge decomposes "
                  "it; it imports as a func.call of the ATen op, which aten-to-edge rejects", node)
        return
    if not ctx.later.lowers(name):
        c.add(UNSUPPORTED, "op", text, f"imports as {name}, which aten-to-edge has no pattern for", node)


def _is_composite_implicit(op: torch._ops.OpOverload) -> bool:
    # CompositeImplicitAutograd ops (reshape, linear, ...) decompose during run_decompositions
    # without being in the table.
    return torch._C._dispatch_has_kernel_for_dispatch_key(op.name(), "CompositeImplicitAutograd")


def _spec_or_none(op):
    try:
        return schema.op_spec(op)
    except schema.UnsupportedSchemaError:
        return None


def _scan_graph(c: _Collector, ctx: _Context, gm: torch.fx.GraphModule) -> None:
    for node in gm.graph.nodes:
        c.nodes += 1
        _check_dtypes(c, node)
        if node.op in ("placeholder", "output"):
            continue
        if node.op == "get_attr":
            sub = getattr(gm, str(node.target), None)
            if isinstance(sub, torch.fx.GraphModule):
                _scan_graph(c, ctx, sub)
            continue
        if node.op != "call_function":
            c.add(ERROR, "node kind", node.op, "not part of Export IR", node)
            continue
        target = node.target
        if target is operator.getitem or target is ASSERT_TENSOR_METADATA or target in ASSERT_ASYNC:
            continue  # imported by the importer itself (graph.py)
        if isinstance(target, torch._ops.OpOverload):
            _check_overload(c, ctx, node)
        elif isinstance(target, torch._ops.HigherOrderOperator):
            supported = {*HIGHER_ORDER_BUILDERS, *INLINED_HIGHER_ORDER_OPS}
            if target.name() not in supported:
                c.add(ERROR, "higher-order op", target.name(),
                      f"supported higher-order ops: {', '.join(sorted(supported))}", node)
        else:
            name = ops.dialect_op_for_target(target)
            if name is None:
                c.add(ERROR, "call target", ops.call_target_key(target), "no exir op for this call target", node)
            elif not ctx.later.lowers(name):
                c.add(UNSUPPORTED, "call target", ops.call_target_key(target),
                      f"imports as {name}, which aten-to-edge has no pattern for", node)


def preflight(ep: torch.export.ExportedProgram) -> Report:
    """Scans the whole program (subgraphs included) and lists every unsupported input kind,
    output kind, dtype, op, higher-order op and call target, each with its source locations."""
    c = _Collector()
    placeholders = [n for n in ep.graph.nodes if n.op == "placeholder"]
    for node, spec in zip(placeholders, ep.graph_signature.input_specs):
        reason = unsupported_input_reason(spec.kind)
        if reason:
            c.add(ERROR, "input kind", spec.kind.name.lower(), f"input '{node.name}' is {reason}", node)
    for spec in ep.graph_signature.output_specs:
        reason = unsupported_output_reason(spec.kind)
        if reason:
            c.add(ERROR, "output kind", spec.kind.name.lower(), f"output '{spec.arg.name}' is {reason}", None)
    for name, value in [*ep.state_dict.items(), *ep.constants.items()]:
        if isinstance(value, torch.Tensor) and not is_supported_dtype(value.dtype):
            c.add(ERROR, "dtype", str(value.dtype).removeprefix("torch."),
                  f"weight '{name}' has a dtype exir has no element type for", None)
    ctx = _Context(decompositions=torch.export.default_decompositions(), later=_LaterStages())
    _scan_graph(c, ctx, ep.graph_module)
    return Report(list(c.findings.values()), c.nodes)
