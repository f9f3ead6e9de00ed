"""torch.export bugs that stop programs users really export, worked around where it is provably safe.

`ExportedProgram.run_decompositions()` re-traces the graph with the decomposed ops' fake tensors. Some
decompositions return other strides than the op they replace: torch's `scaled_dot_product_attention`
decomposes to a contiguous (B, H, S, D) result where the CPU kernel returns a (B, S, H, D)-strided
one, and the `transpose(1, 2).view(B, S, H * D)` that Hugging Face's GPT-2 (and most attention code)
applies to it then fails: "Cannot view a tensor with shape ... and strides ... as a tensor with
shape ...". The program itself is fine: eager ran that view.

Our compiler has value semantics, so `view` and `reshape` compute the same values; they differ only
in aliasing, which matters when the view or its base is mutated in place afterwards. On that error,
and only then, the decompositions are re-run on a copy of the program in which the views whose
result no op mutates become reshapes (a view whose result is mutated is kept, so the retry fails as
before and the user sees torch's error).
"""

from __future__ import annotations

import copy

import torch


def _mutates_an_input(node: torch.fx.Node) -> bool:
    schema = getattr(node.target, "_schema", None)
    return schema is not None and any(arg.alias_info is not None and arg.alias_info.is_write
                                      for arg in schema.arguments)


def _views_as_reshapes(ep: torch.export.ExportedProgram) -> int:
    view, reshape = torch.ops.aten.view.default, torch.ops.aten.reshape.default
    changed = 0
    for node in ep.graph.nodes:
        if node.op == "call_function" and node.target is view and not any(_mutates_an_input(u) for u in node.users):
            node.target = reshape
            changed += 1
    if changed:
        ep.graph_module.recompile()
    return changed


def run_decompositions(ep: torch.export.ExportedProgram, table=None) -> torch.export.ExportedProgram:
    """`ep.run_decompositions(table)`, retried with views as reshapes when torch's re-trace rejects a view."""
    try:
        return ep.run_decompositions() if table is None else ep.run_decompositions(table)
    except (RuntimeError, ValueError) as exc:
        if "Cannot view a tensor with shape" not in str(exc):
            raise
        retry = copy.deepcopy(ep)
        if not _views_as_reshapes(retry):
            raise
        return retry.run_decompositions() if table is None else retry.run_decompositions(table)
