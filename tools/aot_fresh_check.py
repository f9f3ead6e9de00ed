"""A native library checked where it will be deployed: a fresh `python -I` without torch or MLIR.

`record_calls` runs a module eagerly a few times (buffer mutations carry over from call to call) and
saves inputs and outputs as .npy; `check_in_fresh_process` loads the library in a new interpreter with
`torch`, `mlir` and `sympy` imports blocked, replays the calls through `exir_mlir.runtime.load`, and
returns the worst |got - expected| / (atol + rtol |expected|) and any torch/MLIR module that got loaded.
Used by test/AOT/test_library.py (two models, in CI) and tools/aot_check_models.py (every model).
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import textwrap
from pathlib import Path

RTOL, ATOL = 1e-4, 1e-4

_FRESH_PROCESS = textwrap.dedent("""
    import json, sys
    # The deployment machine: no torch, no MLIR bindings (importing either fails).
    for blocked in ("torch", "mlir", "sympy"):
        sys.modules[blocked] = None
    import numpy as np
    import exir_mlir.runtime
    path, calls, rtol, atol = json.loads(sys.argv[1])
    program = exir_mlir.runtime.load(path)
    worst = 0.0
    for call in calls:
        outputs = program(*[np.load(f) for f in call["inputs"]])
        for got, file in zip(outputs, call["expected"]):
            expected = np.load(file)
            assert got.shape == expected.shape and got.dtype == expected.dtype, (got.shape, expected.shape)
            error = np.abs(got - expected) / (atol + rtol * np.abs(expected))
            worst = max(worst, float(np.max(error, initial=0)))
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("torch", "mlir") and sys.modules[m] is not None)
    print(json.dumps({"worst": worst, "loaded": loaded}))
""")


def record_calls(module, args: tuple, root: Path, name: str, calls: int = 3) -> list[dict]:
    """Eager outputs of `calls` successive calls of a copy of `module`, saved under root as .npy."""
    import numpy as np
    import torch

    eager = copy.deepcopy(module)
    recorded = []
    for call in range(calls):
        with torch.no_grad():
            expected = eager(*args)
        expected = list(expected) if isinstance(expected, (list, tuple)) else [expected]
        files = []
        for k, tensor in enumerate([*args, *expected]):
            file = Path(root) / f"{name}.{call}.{k}.npy"
            np.save(file, tensor.numpy())
            files.append(str(file))
        recorded.append({"inputs": files[:len(args)], "expected": files[len(args):]})
    return recorded


def check_in_fresh_process(path: Path, calls: list[dict], *, timeout: float = 300) -> dict:
    """{"worst": ratio (<= 1 passes), "loaded": torch/MLIR modules imported}; RuntimeError if it failed."""
    run = subprocess.run([sys.executable, "-I", "-c", _FRESH_PROCESS, json.dumps([str(path), calls, RTOL, ATOL])],
                         capture_output=True, text=True, timeout=timeout)
    if run.returncode != 0:
        raise RuntimeError(f"the fresh process failed: {run.stderr.strip()}")
    return json.loads(run.stdout.strip().splitlines()[-1])
