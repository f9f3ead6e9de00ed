"""Step 2 of docs/gpu-cuda.md's figures: run on the GPU machine, beside the bundle (bundle.py).

    python run_device.py [--time MODEL ...] --out results.json

Needs torch (the CUDA reference and the tensors' type) and numpy; no MLIR: the exir_mlir package
here is the MLIR-free runtime copied by bundle.py, imported without its __init__ (which compiles).
For every case: our program (exir_mlir.runtime.cuda through the driver API, host tensors in and
out) against the ExportedProgram run by torch eager on the GPU, at the case's tolerances; for
the models named by --time, latency (median of timed calls after warm-up) of ours, of torch eager
on device-resident tensors, of torch eager counting the host<->device copies, and of
torch.compile (default mode) on device-resident tensors.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
import traceback
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
package = types.ModuleType("exir_mlir")
package.__path__ = [str(HERE / "exir_mlir")]
sys.modules["exir_mlir"] = package

import torch
from torch.utils import _pytree as pytree

from exir_mlir.runtime.cuda import driver as cu
from exir_mlir.runtime.cuda import load_cuda
from exir_mlir.runtime.program import CompiledProgram


def _clone(tree, device=None):
    return pytree.tree_map(lambda x: x.clone().to(device) if isinstance(x, torch.Tensor) and device else
                           (x.clone() if isinstance(x, torch.Tensor) else x), tree)


def _median_us(fn, *, warmup=20, repeat=100, sync=True):
    for _ in range(warmup):
        fn()
    if sync:
        torch.cuda.synchronize()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        if sync:
            torch.cuda.synchronize()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def _gpu_us(fn, calls=10):
    """GPU time of the kernels one call launches (CUPTI through torch.profiler sees every kernel of
    the process, ours too), in microseconds; memory copies and sets not counted."""
    from torch.profiler import ProfilerActivity, profile

    fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(calls):
            fn()
        torch.cuda.synchronize()
    total = 0.0
    for e in prof.key_averages():
        if "memcpy" in e.key.lower() or "memset" in e.key.lower():
            continue
        total += getattr(e, "device_time_total", 0.0) or getattr(e, "cuda_time_total", 0.0)
    return total / calls


def _f64_error(ep, args, kwargs, outputs) -> float:
    """The largest abs difference of `outputs` from the program run in float64 on the CPU."""
    module = ep.module().double() if hasattr(ep.module(), "double") else ep.module()
    to64 = lambda t: t.double() if isinstance(t, torch.Tensor) and t.is_floating_point() else t
    with torch.no_grad():
        ref = module(*pytree.tree_map(to64, _clone(args)), **pytree.tree_map(to64, _clone(kwargs)))
    worst = 0.0
    for a, e in zip(pytree.tree_leaves(outputs), pytree.tree_leaves(ref)):
        if isinstance(e, torch.Tensor) and e.is_floating_point():
            worst = max(worst, float((torch.as_tensor(a).cpu().double() - e).abs().max()))
    return worst


def run_case(case: dict, timed: bool) -> dict:
    program = CompiledProgram(load_cuda(case["plan"], case["images"], case["signature"]), state=case["state"],
                              reused=False, pytree=case["pytree"])
    args, kwargs = case["args"], case["kwargs"]
    result = {"name": case["name"], "kind": case["kind"], "kernels": case["kernels"]}
    try:
        ep = torch.export.load(io.BytesIO(case["ep"]))
        ep.module()
    except Exception as exc:  # noqa: BLE001 - torch cannot load the saved program: no reference
        program(*_clone(args), **_clone(kwargs))
        result.update(result="no-reference", detail=f"ran; torch.export.load of the saved program failed: {exc}"[:200])
        return result
    try:
        actual = program(*_clone(args), **_clone(kwargs))
    except Exception as exc:  # noqa: BLE001 - recorded
        result.update(result="run-error", detail=f"{type(exc).__name__}: {exc}"[:300])
        traceback.print_exc()
        return result
    module = ep.module().to("cuda")
    for key, value in list(vars(module).items()):  # lifted constants are plain attributes
        if isinstance(value, torch.Tensor):
            setattr(module, key, value.to("cuda"))
    result["reference"] = "torch eager CUDA"
    with torch.no_grad():
        try:
            expected = module(*_clone(args, "cuda"), **_clone(kwargs, "cuda"))
        except RuntimeError:  # a program that names the CPU device (aten::_to_copy): eager on the CPU
            module = ep.module()
            expected = module(*_clone(args), **_clone(kwargs))
            result["reference"] = "torch eager CPU"
    flat_a, flat_e = pytree.tree_leaves(actual), pytree.tree_leaves(expected)
    detail, worst = "", 0.0
    if len(flat_a) != len(flat_e):
        detail = f"{len(flat_a)} outputs, torch has {len(flat_e)}"
    for i, (a, e) in enumerate(zip(flat_a, flat_e)):
        if detail or not isinstance(e, torch.Tensor):
            continue
        e = e.cpu()
        a = torch.as_tensor(a)
        if a.shape != e.shape or a.dtype != e.dtype:
            detail = f"output {i}: {a.dtype} {tuple(a.shape)}, torch {e.dtype} {tuple(e.shape)}"
            continue
        if not case["values"]:
            continue
        if a.is_floating_point() and a.numel():
            worst = max(worst, float((a.double() - e.double()).abs().nan_to_num(0).max()))
        try:
            torch.testing.assert_close(a, e, rtol=case["rtol"], atol=case["atol"], equal_nan=True)
        except AssertionError as exc:
            detail = f"output {i}: " + " ".join(str(exc).split())[:300]
    result.update(result="differs" if detail else "matches", detail=detail, max_abs_diff=worst)
    if detail and case["values"]:
        try:  # which side is further from float64?
            result["ours_vs_f64"] = _f64_error(ep, args, kwargs, actual)
            result["torch_cuda_vs_f64"] = _f64_error(ep, args, kwargs, expected)
        except Exception as exc:  # noqa: BLE001
            result["f64_error"] = str(exc)[:200]
    if timed:
        cuda_args, cuda_kwargs = _clone(args, "cuda"), _clone(kwargs, "cuda")
        with torch.no_grad():
            result["us_ours"] = _median_us(lambda: program(*args, **kwargs), sync=False)
            result["us_eager"] = _median_us(lambda: module(*cuda_args, **cuda_kwargs))
            result["us_eager_with_copies"] = _median_us(
                lambda: pytree.tree_map(lambda t: t.cpu() if isinstance(t, torch.Tensor) else t,
                                        module(*_clone(args, "cuda"), **_clone(kwargs, "cuda"))))
            try:
                compiled = torch.compile(module)
                result["us_compile"] = _median_us(lambda: compiled(*cuda_args, **cuda_kwargs))
            except Exception as exc:  # noqa: BLE001
                result["us_compile"] = None
                result["compile_error"] = str(exc)[:200]
        try:
            result["gpu_us_ours"] = _gpu_us(lambda: program(*args, **kwargs))
            with torch.no_grad():
                result["gpu_us_eager"] = _gpu_us(lambda: module(*cuda_args, **cuda_kwargs))
        except Exception as exc:  # noqa: BLE001
            result["profile_error"] = str(exc)[:200]
        result["launches_per_call"] = sum(1 for op in case["plan"]["ops"] if op[0] == "launch")
    return result


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--time", nargs="*", default=[])
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--out", help="rewrite this JSON file after every case (else: stdout at the end)")
    options = parser.parse_args()
    # The reference in full f32: no TF32 in torch's convolutions and matmuls (cuDNN's default is TF32).
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cuda.matmul.allow_tf32 = False
    ctx = cu.context()
    out = {"device": ctx.name, "capability": list(ctx.capability), "torch": torch.__version__, "results": []}
    for path in sorted((HERE / "cases").glob("*.pt")):
        case = torch.load(path, weights_only=False)
        if options.only is not None and case["name"] not in options.only:
            continue
        try:
            r = run_case(case, case["name"] in options.time)
        except Exception as exc:  # noqa: BLE001
            traceback.print_exc()
            r = {"name": case["name"], "kind": case["kind"], "result": "harness-error", "detail": str(exc)[:300]}
        print(r["name"], r["result"], r.get("detail", "")[:120], file=sys.stderr, flush=True)
        out["results"].append(r)
        if options.out:
            Path(options.out).write_text(json.dumps(out, indent=1))
    if not options.out:
        json.dump(out, sys.stdout, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
