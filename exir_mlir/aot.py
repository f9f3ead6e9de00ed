"""`export_library(ep, "model.so")`: an ExportedProgram as a native shared library (ahead of time).

The library runs without Python, torch or MLIR: its C ABI is library_api.h (a header `model.h`
is written beside `model.so`), and `exir_mlir.runtime.load("model.so")` runs it from Python with
numpy only. See exir_mlir/codegen/library.py for how it is built.
"""

from __future__ import annotations

import ast
import time
from pathlib import Path

import torch

from exir_mlir import codegen, importer, lowering
from exir_mlir.codegen import library
from exir_mlir.errors import ExirUserError


def _raw_bytes(tensor: torch.Tensor) -> bytes:
    flat = tensor.detach().cpu().contiguous().reshape(-1)
    if flat.dtype == torch.bool:
        flat = flat.to(torch.uint8)
    return flat.view(torch.uint8).numpy().tobytes()


def _is_call_other_than_size(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and not (isinstance(node.func, ast.Attribute) and node.func.attr == "size")


def _guards_the_library_cannot_check(ep: torch.export.ExportedProgram) -> list[str]:
    """ep's shape guards other than equalities of linear size expressions, as the user reads them."""
    if not getattr(ep, "_guards_code", None):
        return []
    if ep.example_inputs is None:
        return list(ep._guards_code)
    unchecked = []
    for code, shown in importer.guards.guard_sources(ep):
        tree = ast.parse(code, mode="eval").body
        linear = not any(isinstance(node, ast.BoolOp) or _is_call_other_than_size(node) or (
            isinstance(node, ast.BinOp) and isinstance(node.op, (ast.FloorDiv, ast.Mod, ast.Pow, ast.Div)))
            for node in ast.walk(tree))
        equality = isinstance(tree, ast.Compare) and len(tree.ops) == 1 and isinstance(tree.ops[0], ast.Eq)
        if not (linear and equality):
            unchecked.append(shown)
    return unchecked


def _scalar_outputs(ep: torch.export.ExportedProgram) -> list[str]:
    """User outputs that are Python int/float/bool values (SymInt/SymFloat/SymBool), by node name."""
    output = next(n for n in ep.graph.nodes if n.op == "output")
    user = set(ep.graph_signature.user_outputs)
    return [str(a) for a in output.args[0]
            if isinstance(a, torch.fx.Node) and a.name in user and not isinstance(a.meta.get("val"), torch.Tensor)]


def export_library(
    ep: torch.export.ExportedProgram,
    output: str | Path,
    *,
    weights: str = "embedded",
    fusion: bool = True,
    num_threads: int = 0,
    name: str | None = None,
) -> Path:
    """Compile `ep` for this machine's CPU into the shared library `output` (a `.so`).

    `weights="embedded"` (default) puts parameters, buffers and constants into the library;
    `"external"` writes them to `<output>.weights`, which the library maps when an instance is
    created. `num_threads` (0: every core of this machine) is the thread count of parallel loops,
    fixed at compile time. The header is written to `<output stem>.h`. Returns the path.
    """
    if weights not in library.WEIGHTS_MODES:
        raise ExirUserError(f"weights must be one of {', '.join(library.WEIGHTS_MODES)}, got {weights!r}")
    output = Path(output)
    if output.suffix != ".so":
        raise ExirUserError(f"the output of `export_library` is a shared library: name it '*.so', got '{output}'")
    unchecked = _guards_the_library_cannot_check(ep)
    if unchecked:
        # The JIT checks these on every call (importer/guards.py); the C wrapper checks each dim's
        # range and the equalities of dims (`s0 + 1`), not conditions like `cols % 3 == 0` or
        # `a <= b`, and a library ignoring them would return wrong values for sizes breaking them.
        raise ExirUserError(
            f"the program carries shape conditions beyond its dims' ranges and equalities ({'; '.join(unchecked)}), "
            "which a native library cannot check yet: use exir_mlir.compile (the JIT checks them), or export "
            "with dynamic_shapes that do not need them (e.g. that dim static)")
    scalars = _scalar_outputs(ep)
    if scalars:
        # The library's C API returns tensors only; exir_mlir.compile returns these as Python scalars.
        raise ExirUserError(
            f"the program returns Python scalars ({', '.join(scalars)}: an int/float/bool such as x.size(0) * 2), "
            "which a native library cannot return yet: use exir_mlir.compile, or return a tensor "
            "(e.g. torch.tensor(value) or a 0-d tensor computed from the inputs)")
    start = time.perf_counter()
    decomposed = importer.decompose(ep, handled=lowering.takes_overload)
    module = importer.import_program(decomposed.ep, decomposition_notes=decomposed.reasons)
    decomposed = decomposed.ep
    lowering.lower(module, to="linalg", fusion=fusion)
    # Each instance's buffers are its own copies (library_runtime.c): mutations are written there.
    job = codegen.prepare(module, num_threads=num_threads, state_in_place=True)
    llvm = codegen.compile_to_llvm(job)
    state = {n: _raw_bytes(t) for n, t in decomposed.state_dict.items()}
    state.update({n: _raw_bytes(c) for n, c in decomposed.constants.items() if isinstance(c, torch.Tensor)})
    library.build_library(llvm, output, state=state, model_name=name or output.stem, weights=weights)
    export_library.last_seconds = time.perf_counter() - start
    return output
