"""Runs each core ATen overload's OpInfo program through exir_mlir.compile on CPU and compares with eager."""

from __future__ import annotations

import sys
import warnings
from dataclasses import dataclass
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "test" / "Lowering"))
sys.path.insert(0, str(ROOT / "test" / "Import"))

# The sweep's input dtypes.
DTYPES = ("f32", "f16", "bf16", "i32", "i64", "bool")

# (rtol, atol) by the dtype of each *output*: f32 is the default; f16/bf16 allow a couple
# of roundings (exir-mlir computes their intermediates in f32, torch rounds some of them to
# 16 bits); f64 (e.g. softmax of an int64 tensor) is near-exact; integers and bools are exact.
TOLERANCES = {
    torch.float64: (1e-7, 1e-7),
    torch.float32: (1e-4, 1e-5),
    torch.float16: (1e-2, 1e-2),
    torch.bfloat16: (2e-2, 2e-2),
}


@dataclass
class OpRun:
    """`result`: "matches" (runs, equal to eager within the dtype's tolerance), "differs",
    "compile" (exir_mlir.compile failed), "run" (the compiled program raised), or "not-lowered" /
    "no-sample" (copied from the lowering sweep: nothing to run)."""

    overload: str
    dtype: str
    result: str
    detail: str = ""


def overload_name(op) -> str:
    return str(op._schema.name) + ("." + op._overloadname if op._overloadname != "default" else "")


# Ops whose values are not defined (uninitialized memory) or random: only shapes and dtypes compare.
UNDEFINED_VALUES = {"aten::empty.memory_format", "aten::empty_strided", "aten::native_dropout", "aten::rand",
                    "aten::randn", "aten::randperm", "aten::bernoulli.p"}


def _compare(actual, expected, *, values: bool = True) -> str:
    flat_a = torch.utils._pytree.tree_leaves(actual)
    flat_e = torch.utils._pytree.tree_leaves(expected)
    if len(flat_a) != len(flat_e):
        return f"{len(flat_a)} outputs, eager has {len(flat_e)}"
    for a, e in zip(flat_a, flat_e):
        if not isinstance(e, torch.Tensor):
            continue
        rtol, atol = TOLERANCES.get(e.dtype, (0, 0))
        if not values:
            a = torch.as_tensor(a)
            if a.shape != e.shape or a.dtype != e.dtype:
                return f"shape/dtype {tuple(a.shape)} {a.dtype}, eager {tuple(e.shape)} {e.dtype}"
            continue
        try:
            torch.testing.assert_close(torch.as_tensor(a), e, rtol=rtol, atol=atol, equal_nan=True,
                                       check_dtype=True)
        except AssertionError as exc:
            return " ".join(str(exc).split())[:200]
    return ""


def run_op(op, dtype: str) -> OpRun:
    """Export `op` from a `dtype` OpInfo sample, compile it for the CPU, run it, compare with eager."""
    import exir_mlir
    from _op_sweep import TORCH_DTYPES, program_for

    name = overload_name(op)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ep = program_for(op, TORCH_DTYPES[dtype])
    if ep is None:
        return OpRun(name, dtype, "no-sample")
    args, kwargs = ep.example_inputs
    try:
        program = exir_mlir.compile(ep)
    except Exception as exc:  # noqa: BLE001 - recorded per op; the stages have their own tests
        return OpRun(name, dtype, "compile", f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:200]}")
    try:
        actual = program(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001
        return OpRun(name, dtype, "run", f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:200]}")
    with torch.no_grad():
        expected = ep.module()(*args, **kwargs)
    difference = _compare(actual, expected, values=name not in UNDEFINED_VALUES)
    return OpRun(name, dtype, "differs" if difference else "matches", difference)
