"""Step 3 of docs/gpu-cuda.md: render the device run's results (docs/gpu-cuda.json) as markdown.

    python test/GPU/cuda/render.py RESULTS.json [COMPILE_FAILURES.jsonl]

A compile failure whose program compiles with the current code (the fix came after the device
run) is listed as "compiles now; not run on a GPU" rather than as a failure.

Copies RESULTS.json (run_device.py's output on the GPU machine) and the bundle's compile failures
to docs/gpu-cuda.json, and writes docs/gpu-cuda.md from it. The figures come from one run on the
GPU named in the file; they are not re-measured by this script.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
OUT_JSON = ROOT / "docs" / "gpu-cuda.json"
OUT_MD = ROOT / "docs" / "gpu-cuda.md"
STEPS = ("python test/GPU/cuda/bundle.py OUT --models --ops  (here: compile, no GPU)",
         "python OUT/run_device.py --time MODEL ... --out results.json  (on the GPU machine, with OUT copied there)",
         "python test/GPU/cuda/render.py results.json OUT/compile_failures.jsonl")


def _us(v):
    return "-" if v is None else f"{v:.0f}"


def render(data: dict) -> str:
    results = data["results"]
    models = [r for r in results if r["kind"] == "model"]
    ops = [r for r in results if r["kind"] == "op"]
    failures = data.get("compile_failures", [])
    lines = [
        "# exir-mlir on a CUDA GPU: numerics and latency",
        "",
        "Generated (do not edit) by three steps: " + "; ".join(f"`{s}`" for s in STEPS) + ".",
        "",
        f"Device: **{data['device']}** (compute capability {data['capability'][0]}.{data['capability'][1]}), "
        f"torch {data['torch']}. Kernels compiled here for sm_90 (`target=\"cuda\"`: PTX assembled to cubin by "
        "ptxas), launched by exir_mlir.runtime.cuda through the CUDA driver API. Reference: the same "
        "ExportedProgram run by torch eager on the GPU (on the CPU where the program names the CPU device). "
        "Tolerances: f32 rtol 1e-4, atol 1e-5 (as docs/op-numerics.md); sort/topk compare shapes and dtypes only.",
        "",
        "## Shipped models",
        "",
        "| model | kernels | result | max abs diff | detail |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in sorted(models, key=lambda r: r["name"]):
        lines.append(f"| {r['name']} | {r.get('kernels', '-')} | {r['result']} | {r.get('max_abs_diff', 0):.2e} | "
                     f"{r.get('detail', '').replace('|', '/')[:140]} |")
    for f in failures:
        if f.get("kind") == "model":
            lines.append(f"| {f['name']} | - | not compiled for cuda | - | {f['error'].replace('|', '/')[:140]} |")
    counts = Counter(r["result"] for r in ops)
    lines += ["", "## The f32 op sweep", "",
              f"Every (op, f32) pair that matches eager on the CPU target (docs/op-numerics.json): "
              f"{len(ops) + sum(1 for f in failures if f.get('kind') in ('op', 'op-pending'))} pairs; run on the GPU: "
              f"{len(ops)} (" + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) + "); not compiled for "
              f"cuda: {sum(1 for f in failures if f.get('kind') == 'op')}; compile now but were not run on a GPU: "
              f"{sum(1 for f in failures if f.get('kind') == 'op-pending')} (listed below).", "",
              "| op | result | reference | detail |", "| --- | --- | --- | --- |"]
    for r in sorted(ops, key=lambda r: (r["result"] == "matches", r["name"])):
        lines.append(f"| `{r['name']}` | {r['result']} | {r.get('reference', '-')} | "
                     f"{r.get('detail', '').replace('|', '/')[:140]} |")
    for f in failures:
        if f.get("kind") in ("op", "op-pending"):
            what = "not compiled for cuda" if f["kind"] == "op" else "not run"
            lines.append(f"| `{f['name']}` | {what} | - | {f['error'].replace('|', '/')[:140]} |")
    timed = [r for r in models if "us_ours" in r]
    lines += ["", "## Latency", "",
              "Median wall time of one call in microseconds (100 calls after 20 warm-up calls). exir-mlir: host "
              "tensors in and out (inputs copied to the device and results back on every call, the host plan "
              "interpreted in Python, intermediate buffers from the stream-ordered allocator). torch eager and "
              "torch.compile (default mode) run the ExportedProgram's module (core ATen ops, as exir-mlir "
              "compiles them) on tensors already on the device, synchronized after the call; "
              "'eager + copies' moves the inputs to the device and the results back like exir-mlir does.", "",
              "GPU time: the kernels' own time per call (CUPTI, through torch.profiler), copies excluded.", "",
              "| model | kernel launches | exir-mlir | torch eager | torch eager + copies | torch.compile "
              "| GPU time exir-mlir | GPU time torch eager |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in sorted(timed, key=lambda r: r["name"]):
        lines.append(f"| {r['name']} | {r.get('launches_per_call', '-')} | {_us(r['us_ours'])} | {_us(r['us_eager'])} | "
                     f"{_us(r['us_eager_with_copies'])} | {_us(r.get('us_compile'))} | {_us(r.get('gpu_us_ours'))} | "
                     f"{_us(r.get('gpu_us_eager'))} |")
    return "\n".join(lines) + "\n"


def _compiles_now(overload: str) -> bool:
    """Whether the op's f32 sweep program compiles for cuda with the code as it is now."""
    sys.path.insert(0, str(ROOT / "test" / "Numerics"))
    sys.path.insert(0, str(ROOT / "test" / "Lowering"))
    import warnings

    import torch
    from _numerics_check import SAMPLE_SEED, core_ops_by_name
    from _op_sweep import program_for

    import exir_mlir

    torch.manual_seed(SAMPLE_SEED)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exir_mlir.compile(program_for(core_ops_by_name()[overload], torch.float32), target="cuda")
        except Exception:  # noqa: BLE001 - still fails: listed as a failure
            return False
    return True


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    data = json.loads(Path(argv[0]).read_text())
    failures = []
    if len(argv) > 1 and Path(argv[1]).exists():
        seen = {}
        for line in Path(argv[1]).read_text().splitlines():
            if line.strip():
                f = json.loads(line)
                f["error"] = f["error"].replace(str(ROOT) + "/", "").replace("/work/wt-gpu/", "")
                seen[f["name"]] = f
        failures = list(seen.values())
        for f in failures:
            if f.get("kind") == "op" and _compiles_now(f["name"]):
                f["error"] = "compiles now (fixed after the device run); not run on a GPU"
                f["kind"] = "op-pending"
    data["compile_failures"] = failures
    OUT_JSON.write_text(json.dumps(data, indent=1) + "\n")
    OUT_MD.write_text(render(data))
    print(f"wrote {OUT_MD}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
