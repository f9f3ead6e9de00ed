"""Loads the generated IRDL of the exir, edge and backend dialects into an MLIR context."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from exir_mlir._mlir import ir, irdl
from exir_mlir.errors import ExirInternalError

# Load order matters: edge and backend refer to exir's types (!exir.symint) by name.
DIALECTS = ("exir", "edge", "backend")

_REGENERATE = "python -m exir_mlir.tools.gen_dialects"


def generated_dir() -> Path:
    """dialects/generated: the IRDL, Python op classes and op table made from the .td files."""
    return Path(__file__).resolve().parent / "generated"


def op_table_path() -> Path:
    return generated_dir() / "ops.json"


@functools.cache
def op_table() -> dict:
    """The generated description of every op (operands, attributes, results, ATen overload)."""
    path = op_table_path()
    if not path.exists():
        raise ExirInternalError(f"{path} is missing: regenerate it with `{_REGENERATE}`")
    with open(path) as f:
        return json.load(f)


@functools.cache
def _irdl_text(dialect: str) -> str:
    path = generated_dir() / f"{dialect}.irdl.mlir"
    if not path.exists():
        raise ExirInternalError(f"{path} is missing: regenerate it with `{_REGENERATE}`")
    return path.read_text()


@functools.cache
def _combined_irdl() -> str:
    # One module for the three dialects: IRDL resolves a type of another dialect
    # (`irdl.parametric @exir::@symint<>` inside edge) only within one symbol table.
    return "\n".join(_irdl_text(d) for d in DIALECTS)


@functools.cache
def _sentinel_op() -> str:
    """An op whose registration tells whether the dialects are loaded (they load together)."""
    return f"exir.{op_table()['dialects']['exir']['ops'][0]['name']}"


def load_dialects(context: ir.Context | None = None) -> None:
    """Load exir, edge and backend into `context` (default: the current one). Idempotent.

    Loading a dialect twice into one context aborts the process inside MLIR, so the three are
    loaded together, and only when their ops are not registered yet.
    """
    context = context or ir.Context.current
    if context.is_registered_operation(_sentinel_op()):
        return
    module = ir.Module.parse(_combined_irdl(), context=context)
    irdl.load_dialects(module)
