"""`lower(module, to=...)`: run the lowering stages up to the named one, in place, with dumps and reproducers."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from exir_mlir._mlir import ir
from exir_mlir.errors import ExirInternalError, ExirUserError, is_internal_error_message
from exir_mlir.passes import build_pass_manager
from exir_mlir.stages import LOWERING, LOWERING_WITHOUT_FUSION

# stage name -> the pipeline that produces it from the previous stage
STAGES = LOWERING

_FILE_LINE = re.compile(r'"([^"]+)":(\d+):(\d+)')
_QUOTED = re.compile(r'"([^"]*)"(:\d+:\d+)?')


def describe_location(loc: ir.Location) -> str:
    """`model.py:12:8 (node relu_1)` from an importer location (FusedLoc of a file line and names)."""
    text = str(loc)
    where = _FILE_LINE.search(text)
    names = [name for name, file_line in _QUOTED.findall(text) if not file_line and name]
    out = f"{where.group(1)}:{where.group(2)}:{where.group(3)}" if where else text
    if names:
        out += f" (node {names[0]})"
    return out


def stage_pipeline(stage: str, *, fusion: bool = True) -> str:
    if stage not in STAGES:
        raise ExirUserError(f"unknown stage '{stage}': expected one of {', '.join(STAGES)}")
    return f"builtin.module({(LOWERING if fusion else LOWERING_WITHOUT_FUSION)[stage]})"


def stages_to(to: str) -> list[str]:
    if to not in STAGES:
        raise ExirUserError(f"unknown stage '{to}': expected one of {', '.join(STAGES)}")
    names = list(STAGES)
    return names[: names.index(to) + 1]


def run_stage(module: ir.Module, stage: str, *, fusion: bool = True, number: int = 1,
              reproducer: bool = True, dump: Path | None = None) -> None:
    """Run the pipeline that makes `stage` from the stage before it, in place.

    On failure, raises ExirUserError (ExirInternalError when a diagnostic is an internal error: a
    lowering pattern raised) whose first line names the stage and whose next lines are the
    diagnostics at the user's source lines; with `reproducer`, the input IR is saved (in `dump`,
    else a new temporary folder) and a last line gives the `exir-mlir-opt` command that fails on it.
    """
    pipeline = stage_pipeline(stage, fusion=fusion)
    before = module.operation.get_asm(enable_debug_info=True) if reproducer else None
    pm = build_pass_manager(pipeline, module.context)
    try:
        pm.run(module.operation)
    except ir.MLIRError as e:
        lines = [f"{describe_location(d.location)}: {d.message}" for d in e.error_diagnostics] or [str(e)]
        internal = any(is_internal_error_message(d.message) for d in e.error_diagnostics)
        message = f"lowering to {stage} failed:\n  " + "\n  ".join(lines)
        if before is not None:
            repro = (dump if dump is not None else Path(tempfile.mkdtemp(prefix="exir-mlir-"))) \
                / f"{number}-{stage}.input.mlir"
            repro.write_text(before)
            message += f"\nreproduce with: exir-mlir-opt {repro} --pass-pipeline='{pipeline}'"
        raise (ExirInternalError if internal else ExirUserError)(message) from None


def lower(module: ir.Module, *, to: str = "linalg", fusion: bool = True,
          dump_dir: str | Path | None = None) -> ir.Module:
    """Lower an imported exir module **in place** up to stage `to` ("edge", "backend", "linalg").

    Returns the same module. `dump_dir` receives the IR after each stage (`1-edge.mlir`, ...).
    A stage that fails raises ExirUserError listing each diagnostic at the user's source line,
    and an `exir-mlir-opt` command line that reproduces the failure on the saved input IR;
    ExirInternalError instead when a diagnostic is an internal error (a lowering pattern raised).
    """
    dump = Path(dump_dir) if dump_dir is not None else None
    if dump is not None:
        dump.mkdir(parents=True, exist_ok=True)
    for i, stage in enumerate(stages_to(to), start=1):
        run_stage(module, stage, fusion=fusion, number=i, dump=dump)
        if dump is not None:
            (dump / f"{i}-{stage}.mlir").write_text(module.operation.get_asm(enable_debug_info=True))
    return module
