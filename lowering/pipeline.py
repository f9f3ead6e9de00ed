"""`lower(module, to=...)`: run the lowering stages up to the named one, in place, with dumps and reproducers."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from exir_mlir._mlir import ir
from exir_mlir.errors import ExirUserError

# stage name -> the pipeline that produces it from the previous stage
STAGES = {
    "edge": "aten-to-edge",
    "backend": "edge-to-backend",
    "linalg": "to-linalg,canonicalize,cse",
}

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
    p = STAGES[stage]
    if stage == "backend" and not fusion:
        p = "edge-to-backend{no-fusion}"
    return f"builtin.module({p})"


def stages_to(to: str) -> list[str]:
    if to not in STAGES:
        raise ExirUserError(f"unknown stage '{to}': expected one of {', '.join(STAGES)}")
    names = list(STAGES)
    return names[: names.index(to) + 1]


def lower(module: ir.Module, *, to: str = "linalg", fusion: bool = True,
          dump_dir: str | Path | None = None) -> ir.Module:
    """Lower an imported exir module **in place** up to stage `to` ("edge", "backend", "linalg").

    Returns the same module. `dump_dir` receives the IR after each stage (`1-edge.mlir`, ...).
    A stage that fails raises ExirUserError listing each diagnostic at the user's source line,
    and an `exir-mlir-opt` command line that reproduces the failure on the saved input IR.
    """
    from exir_mlir.passes import build_pass_manager

    dump = Path(dump_dir) if dump_dir is not None else None
    if dump is not None:
        dump.mkdir(parents=True, exist_ok=True)
    for i, stage in enumerate(stages_to(to), start=1):
        pipeline = stage_pipeline(stage, fusion=fusion)
        before = module.operation.get_asm(enable_debug_info=True)
        pm = build_pass_manager(pipeline, module.context)
        try:
            pm.run(module.operation)
        except ir.MLIRError as e:
            lines = [f"{describe_location(d.location)}: {d.message}" for d in e.error_diagnostics] or [str(e)]
            repro_dir = dump if dump is not None else Path(tempfile.mkdtemp(prefix="exir-mlir-"))
            repro = repro_dir / f"{i}-{stage}.input.mlir"
            repro.write_text(before)
            raise ExirUserError(
                f"lowering to {stage} failed:\n  " + "\n  ".join(lines)
                + f"\nreproduce with: exir-mlir-opt {repro} --pass-pipeline='{pipeline}'"
            ) from None
        if dump is not None:
            (dump / f"{i}-{stage}.mlir").write_text(module.operation.get_asm(enable_debug_info=True))
    return module
