"""Export each core ATen overload from OpInfo samples per dtype, import it, lower it stage by stage."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Import"))
import _op_samples as samples  # noqa: E402  (the importer tests' OpInfo sample finder)

from exir_mlir import import_program  # noqa: E402
from exir_mlir._mlir import ir  # noqa: E402
from exir_mlir.tools.op_status import OpStatus, lower_stages  # noqa: E402

TORCH_DTYPES = {
    "f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
    "i32": torch.int32, "i64": torch.int64, "bool": torch.bool,
}


def program_for(op, dtype: torch.dtype, *, max_samples: int = 8):
    """An exported program calling `op` from a `dtype` OpInfo sample, or None."""
    for info in samples.candidate_opinfos(op)[:2]:
        if dtype not in info.dtypes:
            continue
        try:
            found = list(_first(info.sample_inputs("cpu", dtype, requires_grad=False), max_samples))
        except Exception:  # noqa: BLE001 - OpInfo sample generators fail for some dtypes
            continue
        for sample in [*found, *(samples._fitted(op, s) for s in found)]:
            try:
                op(sample.input, *sample.args, **sample.kwargs)
                ep = samples._export(op, sample)
            except Exception:  # noqa: BLE001 - the sample does not fit this overload
                continue
            if samples._contains(ep, op):
                return ep
        if found:
            try:
                ep = samples._export(info.op, found[0])
                if not samples._contains(ep, op):
                    ep = ep.run_decompositions()
            except Exception:  # noqa: BLE001
                continue
            if samples._contains(ep, op):
                return ep
    return None


def _first(it, n):
    for i, x in enumerate(it):
        if i == n:
            return
        yield x


def status_of(op, dtype_name: str) -> OpStatus:
    name = str(op._schema.name) + ("." + op._overloadname if op._overloadname != "default" else "")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ep = program_for(op, TORCH_DTYPES[dtype_name])
    if ep is None:
        return OpStatus(name, dtype_name, "no-sample")
    try:
        module = import_program(ep)
    except Exception as e:  # noqa: BLE001 - recorded, the importer has its own tests
        return OpStatus(name, dtype_name, "import", f"{type(e).__name__}: {str(e).splitlines()[0][:200]}")
    with module.context, ir.Location.unknown():
        reached, error, edge_ops = lower_stages(module)
    return OpStatus(name, dtype_name, reached, error[:300], edge_ops)


def sweep(dtypes, ops=None) -> list[OpStatus]:
    results = []
    for op in ops or samples.core_overloads():
        for d in dtypes:
            results.append(status_of(op, d))
    return results
