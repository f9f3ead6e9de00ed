"""Build the bundle the CUDA device run needs (step 1 of 3 of docs/gpu-cuda.md's figures).

    python test/GPU/cuda/bundle.py OUT_DIR [--models] [--ops]

Compiles, on this machine (no GPU needed), every shipped model and every f32 op of the numerics
sweep that matches on the CPU target with `target="cuda"` (sm_90), and writes one case file per
program: the launch plan and kernel images, the calling convention, the state, the example inputs
and the ExportedProgram (saved, for torch's own CUDA reference on the device). The device needs no
MLIR: OUT_DIR also gets a copy of the MLIR-free runtime (exir_mlir/abi.py, errors.py, toolchain.py,
runtime/) and run_device.py. Step 2: run_device.py on the GPU machine; step 3: render.py.
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import sys
import traceback
import warnings
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE.parents[1] / "Numerics"))
sys.path.insert(0, str(HERE.parents[1] / "Lowering"))
warnings.filterwarnings("ignore")



def _case(kind: str, name: str, ep, args, kwargs, rtol: float, atol: float, values: bool = True) -> dict:
    import exir_mlir

    program = exir_mlir.compile(ep, target="cuda")
    executable = program.executable
    saved = io.BytesIO()
    torch.export.save(ep, saved)
    return {"kind": kind, "name": name, "plan": executable.module, "images": executable.engine.images,
            "signature": program.signature, "state": program.state, "pytree": program.pytree,
            "args": args, "kwargs": kwargs, "ep": saved.getvalue(), "rtol": rtol, "atol": atol, "values": values,
            "kernels": len(executable.module["kernels"])}


def copy_runtime(out: Path) -> None:
    pkg = out / "exir_mlir"
    if pkg.exists():
        shutil.rmtree(pkg)
    (pkg / "runtime").mkdir(parents=True)
    for f in ("abi.py", "errors.py", "toolchain.py"):
        shutil.copy(ROOT / "exir_mlir" / f, pkg / f)
    shutil.copytree(ROOT / "exir_mlir" / "runtime", pkg / "runtime", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(HERE / "run_device.py", out / "run_device.py")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--models", action="store_true")
    parser.add_argument("--ops", action="store_true")
    options = parser.parse_args(argv)
    out = Path(options.out)
    (out / "cases").mkdir(parents=True, exist_ok=True)
    copy_runtime(out)
    failures = out / "compile_failures.jsonl"
    todo = []
    if options.models:
        from exir_mlir.models import MODELS

        todo += [("model", n) for n in sorted(MODELS)]
    if options.ops:
        results = json.loads((ROOT / "docs" / "op-numerics.json").read_text())["results"]
        todo += [("op", r["overload"]) for r in results if r["dtype"] == "f32" and r["result"] == "matches"]
    for kind, name in todo:
        path = out / "cases" / (name.replace("::", "__").replace(".", "_") + ".pt")
        marker = out / "cases" / (path.name + ".started")
        if path.exists() or marker.exists():
            continue  # done, or crashed the process before (recorded by the retry loop)
        marker.write_text("")
        try:
            if kind == "model":
                from exir_mlir.models import MODELS

                module, args, dynamic_shapes = MODELS[name]()
                ep = torch.export.export(module, args, dynamic_shapes=dynamic_shapes)
                case = _case(kind, name, ep, args, {}, 1e-4, 1e-5)
            else:
                from _numerics_check import (
                    SAMPLE_SEED,
                    TIES_UNORDERED,
                    VALUES_UNSPECIFIED,
                    core_ops_by_name,
                )
                from _op_sweep import program_for

                torch.manual_seed(SAMPLE_SEED)
                ep = program_for(core_ops_by_name()[name], torch.float32)
                args, kwargs = ep.example_inputs
                case = _case(kind, name, ep, args, kwargs, 1e-4, 1e-5,
                             values=name not in VALUES_UNSPECIFIED and name not in TIES_UNORDERED)
            torch.save(case, path)
            print("ok", name, case["kernels"], "kernels", flush=True)
        except Exception as exc:  # noqa: BLE001 - recorded, the run goes on
            with failures.open("a") as f:
                f.write(json.dumps({"name": name, "kind": kind, "error": f"{type(exc).__name__}: {exc}"[:400]}) + "\n")
            print("FAIL", name, type(exc).__name__, str(exc)[:200], flush=True)
            traceback.print_exc(limit=2)
        marker.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
