"""Per-op lowering status: run the stages on one program, and render the op x stage x dtype table."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from exir_mlir._mlir import ir
from exir_mlir.errors import ExirError
from exir_mlir.lowering.ir_utils import walk_ops
from exir_mlir.lowering.pipeline import STAGES, run_stage

DTYPES = ("f32", "f16", "bf16", "i32", "i64", "bool")
REGENERATE = "python test/Lowering/_gen_op_status.py"


@dataclass
class OpStatus:
    """How far one core ATen overload got for one dtype.

    `reached`: "no-sample" (no OpInfo sample yields a program calling it), "import" (the
    importer failed), "exir" (imported, aten-to-edge failed), "edge", "backend", "linalg"
    (the last stage that succeeded; "linalg" = fully lowered and verified).
    """

    overload: str
    dtype: str
    reached: str
    error: str = ""
    edge_ops: list[str] = field(default_factory=list)


def lower_stages(module: ir.Module) -> tuple[str, str, list[str]]:
    """Run the stages one at a time: (last stage reached, first error, edge ops seen)."""
    reached, edge_ops = "exir", []
    for stage in STAGES:
        try:
            run_stage(module, stage, reproducer=False)
        except ExirError as e:
            return reached, str(e).splitlines()[1].strip() if "\n" in str(e) else str(e), edge_ops
        if stage == "edge":
            edge_ops = sorted({op.name for op in _ops(module) if op.name.startswith("edge.")})
        reached = stage
    module.operation.verify()
    return reached, "", edge_ops


def _ops(module: ir.Module) -> list[ir.Operation]:
    return walk_ops(module.operation)


# ----------------------------------------------------------------------------- rendering

_SYMBOL = {"linalg": "linalg", "backend": "backend ✗", "edge": "edge ✗", "exir": "exir ✗",
           "import": "import ✗", "no-sample": "—"}


def write_json(results: list[OpStatus], path: Path) -> None:
    data = {"generated_by": REGENERATE, "results": [asdict(r) for r in results]}
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def read_json(path: Path) -> list[OpStatus]:
    return [OpStatus(**r) for r in json.loads(path.read_text())["results"]]


def render_markdown(results: list[OpStatus]) -> str:
    by_op: dict[str, dict[str, OpStatus]] = {}
    for r in results:
        by_op.setdefault(r.overload, {})[r.dtype] = r
    dtypes = [d for d in DTYPES if any(d in row for row in by_op.values())]
    counts = {d: sum(1 for row in by_op.values() if row.get(d) and row[d].reached == "linalg") for d in dtypes}
    sampled = {d: sum(1 for row in by_op.values() if row.get(d) and row[d].reached != "no-sample") for d in dtypes}
    lines = [
        "<!-- GENERATED FILE, DO NOT EDIT. Regenerate with: " + REGENERATE + " -->",
        "# Core ATen op status by stage and dtype",
        "",
        "Each core ATen overload (`torch.Tag.core`) is exported from a torch OpInfo sample of each",
        "dtype, imported, and lowered stage by stage (`aten-to-edge`, `edge-to-backend`,",
        "`to-linalg`). A cell shows how far it got: `linalg` = lowered to upstream linalg and",
        "verified; `exir ✗` / `edge ✗` / `backend ✗` = that stage's output was the last good one",
        "(the next stage failed with the diagnostic listed below the table); `import ✗` = the",
        "importer failed; `—` = no OpInfo sample of that dtype produces the op.",
        "Numerics are checked by the CPU tests, not here.",
        "",
        "| dtype | " + " | ".join(dtypes) + " |",
        "| --- | " + " | ".join("---" for _ in dtypes) + " |",
        "| lowered to linalg / sampled | " + " | ".join(f"{counts[d]} / {sampled[d]}" for d in dtypes) + " |",
        "",
        "| op | " + " | ".join(dtypes) + " | edge ops |",
        "| --- | " + " | ".join("---" for _ in dtypes) + " | --- |",
    ]
    errors = []
    for op in sorted(by_op):
        row = by_op[op]
        cells = []
        for d in dtypes:
            r = row.get(d)
            cells.append(_SYMBOL[r.reached] if r else "")
            if r and r.error and r.reached != "no-sample":
                errors.append(f"- `{op}` ({d}): {r.error}")
        edge = sorted({e for r in row.values() for e in r.edge_ops})
        lines.append(f"| `{op}` | " + " | ".join(cells) + " | " + ", ".join(f"`{e}`" for e in edge) + " |")
    lines += ["", "## Failures", "", *errors, ""]
    return "\n".join(lines)
