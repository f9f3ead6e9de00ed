"""`lower(module, to=...)`: run the lowering stages up to the named one, in place, with dumps and reproducers."""

from __future__ import annotations

import functools
import re
import time
from pathlib import Path

from exir_mlir._mlir import ir
from exir_mlir import errors
from exir_mlir.errors import ExirInternalError, ExirUserError, is_internal_error_message
from exir_mlir.passes import build_pass_manager
from exir_mlir.tempdirs import reproducer_path
from exir_mlir.stages import LOWERING, LOWERING_WITHOUT_FUSION, STEP_OF_LEVEL

# stage name -> the pipeline that produces it from the previous stage
STAGES = LOWERING

def describe_location(loc: ir.Location) -> str:
    """`model.py:12:8 (node relu_1)` from an importer location (FusedLoc of a file line and names)."""
    return errors.describe_location(loc)


def stage_pipeline(stage: str, *, fusion: bool = True) -> str:
    if stage not in STAGES:
        raise ExirUserError(f"unknown stage '{stage}': expected one of {', '.join(STAGES)}")
    return f"builtin.module({(LOWERING if fusion else LOWERING_WITHOUT_FUSION)[stage]})"


def stages_to(to: str) -> list[str]:
    if to not in STAGES:
        raise ExirUserError(f"unknown stage '{to}': expected one of {', '.join(STAGES)}")
    names = list(STAGES)
    return names[: names.index(to) + 1]


_DIALECT_OP = re.compile(r"'((?:exir|edge|backend)\.\w+)'")

NEXT_STEPS = ("what to do: exir-mlir does not support these constructs yet; `exir-mlir import --report` "
              "(exir_mlir.check) lists every one; rewrite those lines of the model, or report the op")


@functools.cache
def _user_op_names() -> dict[str, str]:
    """exir op -> what the user's program called: its ATen overload, or the Python operation on
    symbolic sizes (`exir.sym_ge` -> `operator.ge on symbolic sizes`)."""
    from exir_mlir.dialects import op_table

    table = op_table()["dialects"]
    names = {}
    for op in table["exir"]["ops"]:
        if op.get("aten"):
            names[f"exir.{op['name']}"] = op["aten"]
        elif op.get("target"):
            target = op["target"].replace("_operator.", "operator.")
            names[f"exir.{op['name']}"] = f"{target} on symbolic sizes"
    # An edge op made from one exir op of its name (`edge.adaptive_avg_pool2d` from
    # `exir.priv_adaptive_avg_pool2d`, i.e. aten::_adaptive_avg_pool2d) is named by that ATen op.
    for dialect in ("edge", "backend"):
        for op in table[dialect]["ops"]:
            for exir in (f"exir.{op['name']}", f"exir.priv_{op['name']}"):
                if exir in names and "::" in names[exir]:
                    names[f"{dialect}.{op['name']}"] = names[exir]
                    break
    return names


def user_message(message: str, loc: ir.Location | None = None) -> str:
    """A diagnostic with the exir ops it names replaced by what the user's program called: for an edge op, the
    ATen op in its location's metadata (errors.location_ops: an edge op is made from one node); else, and for
    backend ops (fused from several nodes, located at the last one), the op table's name."""
    names = _user_op_names()
    called = errors.location_ops(loc) if loc is not None else []

    def name(m: re.Match) -> str:
        op = m.group(1)
        if op.startswith("edge.") and len(called) == 1:
            return f"'{called[0]}'"
        return f"'{names.get(op, op)}'"

    return _DIALECT_OP.sub(name, message)


def run_stage(module: ir.Module, stage: str, *, fusion: bool = True, number: int = 1,
              reproducer: bool = True, dump: Path | None = None) -> None:
    """Run the pipeline that makes `stage` from the stage before it, in place.

    On failure, raises ExirUserError whose first line names the stage, whose next lines are the
    diagnostics at the user's source lines (exir ops named by the ATen op the program called),
    and whose last line says what to do. A diagnostic that is an internal error (a lowering
    pattern raised) makes it an ExirInternalError, whose input IR is kept as a reproducer file
    (tempdirs.reproducer_dir()) with the `exir-mlir-opt` command that fails on it. With `dump`
    (the user asked for the IR of each stage), a user error's input IR is saved there too.
    `error.detail` has the diagnostics as MLIR printed them, notes included (`--verbose`).
    """
    pipeline = stage_pipeline(stage, fusion=fusion)
    before = module.operation.get_asm(enable_debug_info=True) if reproducer else None
    pm = build_pass_manager(pipeline, module.context)
    try:
        pm.run(module.operation)
    except ir.MLIRError as e:
        internal = any(is_internal_error_message(d.message) for d in e.error_diagnostics)
        raw = [(f"{describe_location(d.location)}: {d.message}", d.location) for d in e.error_diagnostics]
        raw = raw or [(str(e), None)]
        # A user error names the op as the program called it; an internal error (a bug report,
        # with its reproducer) keeps the dialect op the pattern failed on.
        lines = [line if internal else user_message(line, loc) for line, loc in raw]
        message = f"lowering to {stage} failed:\n  " + "\n  ".join(lines)
        repro = None
        if before is not None and (internal or dump is not None):
            repro = dump / f"{number}-{stage}.input.mlir" if dump is not None else reproducer_path(stage)
            repro.write_text(before)
        command = f"exir-mlir-opt {repro} --pass-pipeline='{pipeline}'" if repro is not None else None
        if internal:
            message += f"\nreproducer: {command}"
        elif command is not None:
            message += f"\nreproduce with: {command}"
        if not internal:
            message += "\n" + NEXT_STEPS
        error = (ExirInternalError if internal else ExirUserError)(message)
        error.detail = f"lowering to {stage} failed:\n{e}"
        error.reproducer = repro
        error.diagnostics = lines  # one per failing construct: "file:line (node n): 'op' why"
        raise error from None


def lower(module: ir.Module, *, to: str = "linalg", fusion: bool = True,
          dump_dir: str | Path | None = None, timings: dict[str, float] | None = None) -> ir.Module:
    """Lower an imported exir module **in place** up to stage `to` ("edge", "backend", "linalg").

    Returns the same module. `dump_dir` receives the IR after each stage (`1-edge.mlir`, ...).
    A stage that fails raises ExirUserError listing each diagnostic at the user's source line
    (run_stage); ExirInternalError with a reproducer file when a diagnostic is an internal error
    (a lowering pattern raised). With `dump_dir`, the failing stage's input IR is saved there
    and the message gives the `exir-mlir-opt` command that reproduces the failure.
    `timings`, when given, receives the seconds of each stage's pipeline under its step's name
    (exir_mlir.stages.STEP_OF_LEVEL: "aten-to-edge", ...).
    """
    dump = Path(dump_dir) if dump_dir is not None else None
    if dump is not None:
        dump.mkdir(parents=True, exist_ok=True)
    for i, stage in enumerate(stages_to(to), start=1):
        start = time.perf_counter()
        run_stage(module, stage, fusion=fusion, number=i, dump=dump)
        if timings is not None:
            timings[STEP_OF_LEVEL[stage]] = time.perf_counter() - start
        if dump is not None:
            (dump / f"{i}-{stage}.mlir").write_text(module.operation.get_asm(enable_debug_info=True))
    return module
