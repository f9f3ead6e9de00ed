"""Op locations: the user's source line from `stack_trace`, fused with node name and module path."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

import torch
import torch.fx

from exir_mlir._mlir import ir

_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<func>\S+))?')
_TORCH_DIR = os.path.dirname(torch.__file__) + os.sep


@dataclass(frozen=True)
class SourceFrame:
    file: str
    line: int
    function: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


def _is_user_frame(file: str) -> bool:
    # Frames of generated code (`<eval_with_key>.3`) and of torch itself (nn.Linear.forward,
    # the export machinery) are not the user's source line; nn_module_stack names the module.
    return not file.startswith("<") and not file.startswith(_TORCH_DIR) and not file.startswith("torch/")


def user_frames(node: torch.fx.Node) -> list[SourceFrame]:
    """The user's frames of the node's `stack_trace`, outermost first (as Python prints them)."""
    trace = node.meta.get("stack_trace")
    if not trace:
        return []
    frames = []
    for line in trace.splitlines():
        m = _FRAME.match(line)
        if m and _is_user_frame(m["file"]):
            frames.append(SourceFrame(m["file"], int(m["line"]), m["func"] or "?"))
    return frames


def module_path(node: torch.fx.Node) -> str:
    """The qualified name of the innermost nn.Module the node came from ("" for the root)."""
    stack = node.meta.get("nn_module_stack") or {}
    for path, _type in reversed(list(stack.values())):
        # Paths are state_dict-style ("shortcut.0"); export's placeholder entries are not paths.
        if isinstance(path, str) and not path.startswith("_empty_nn_module_stack"):
            return path
    return ""


def describe(node: torch.fx.Node) -> str:
    """`file:line` of the user's innermost frame, for error messages ("<unknown>" without a trace)."""
    frames = user_frames(node)
    return str(frames[-1]) if frames else "<unknown source line>"


class LocationBuilder:
    """Builds (and caches file/callsite parts of) op locations in the current context."""

    def __init__(self) -> None:
        self._callsites: dict[tuple[SourceFrame, ...], ir.Location] = {}

    def _callsite(self, frames: tuple[SourceFrame, ...]) -> ir.Location:
        loc = self._callsites.get(frames)
        if loc is None:
            # MLIR's CallSiteLoc is callee-first: the innermost frame, then its callers.
            locs = [ir.Location.file(f.file, f.line, 0) for f in reversed(frames)]
            loc = locs[0] if len(locs) == 1 else ir.Location.callsite(locs[0], locs[1:])
            self._callsites[frames] = loc
        return loc

    def for_node(self, node: torch.fx.Node, fallback: ir.Location | None = None) -> ir.Location:
        """fused<"aten::op.overload">[callsite(user line at callers...), "node_name", "module.path"]; nodes without a user
        frame (subgraph nodes traced from generated code) take `fallback`'s source part."""
        frames = tuple(user_frames(node))
        parts: list[ir.Location] = []
        if frames:
            parts.append(self._callsite(frames))
        elif fallback is not None:
            parts.append(source_part(fallback))
        parts.append(ir.Location.name(node.name))
        path = module_path(node)
        if path:
            parts.append(ir.Location.name(path))
        # The ATen overload the node calls rides along as the location's metadata, so that a later stage's
        # error about the edge or backend op made from it names the op the user wrote (lowering/pipeline.py).
        target = node.target if node.op == "call_function" else None
        metadata = ir.StringAttr.get(target.name()) if isinstance(target, torch._ops.OpOverload) else None
        return ir.Location.fused(parts, metadata)


def source_part(loc: ir.Location) -> ir.Location:
    """The file/callsite part of a location built by LocationBuilder (or the location itself)."""
    if loc.is_a_fused():
        for part in loc.locations:
            if part.is_a_file() or part.is_a_callsite():
                return part
    return loc
