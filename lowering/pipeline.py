"""`lower(module, to=...)`: run the lowering stages up to the named one, in place."""

from __future__ import annotations

from exir_mlir._mlir import ir
from exir_mlir.errors import ExirUserError

# stage name -> the pipeline that produces it from the previous stage
STAGES = {
    "edge": "aten-to-edge",
    "backend": "edge-to-backend",
    "linalg": "to-linalg,canonicalize,cse",
}


def pipeline_to(to: str, *, fusion: bool = True) -> list[str]:
    if to not in STAGES:
        raise ExirUserError(f"unknown stage '{to}': expected one of {', '.join(STAGES)}")
    names = list(STAGES)
    passes = []
    for stage in names[: names.index(to) + 1]:
        p = STAGES[stage]
        if stage == "backend" and not fusion:
            p += "{no-fusion}"
        passes.append(p)
    return passes


def lower(module: ir.Module, *, to: str = "linalg", fusion: bool = True) -> ir.Module:
    """Lower an imported exir module in place up to stage `to` ("edge", "backend", "linalg").

    Returns the same module. A stage that fails raises ExirUserError whose message carries the
    diagnostics (each at the user's source line).
    """
    from exir_mlir.passes import build_pass_manager

    pipeline = "builtin.module(" + ",".join(pipeline_to(to, fusion=fusion)) + ")"
    pm = build_pass_manager(pipeline, module.context)
    try:
        pm.run(module.operation)
    except ir.MLIRError as e:
        lines = [f"{d.location}: {d.message}" for d in e.error_diagnostics] or [str(e)]
        raise ExirUserError(f"lowering to {to} failed:\n  " + "\n  ".join(lines)) from None
    return module
