"""Every shipped model through a native library, checked in a fresh process without torch or MLIR.

For each model of exir_mlir.models: export_library, eager outputs of three calls saved as .npy
(buffer mutations carry over), then `python -I` with torch and mlir imports blocked loads the
library with exir_mlir.runtime.load and compares (|got - expected| <= 1e-4 + 1e-4 |expected|).
CI runs two models of this check (test/AOT/test_library.py); this runs them all.

Usage: python tools/aot_check_models.py [--models a,b] [--keep DIR]
"""

from __future__ import annotations

import argparse
import copy
import json
import subprocess
import sys
import tempfile
import textwrap
import warnings
from pathlib import Path

FRESH = textwrap.dedent("""
    import json, sys
    for blocked in ("torch", "mlir", "sympy"):
        sys.modules[blocked] = None
    import numpy as np, exir_mlir.runtime
    path, calls = json.loads(sys.argv[1])
    program = exir_mlir.runtime.load(path)
    worst = 0.0
    for call in calls:
        outputs = program(*[np.load(f) for f in call["inputs"]])
        for got, file in zip(outputs, call["expected"]):
            expected = np.load(file)
            assert got.shape == expected.shape and got.dtype == expected.dtype, (got.shape, expected.shape)
            worst = max(worst, float(np.max(np.abs(got - expected) / (1e-4 + 1e-4 * np.abs(expected)), initial=0)))
    print(worst)
""")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", help="comma-separated names (default: every shipped model)")
    parser.add_argument("--keep", help="write the libraries and .npy files here instead of a temporary folder")
    args = parser.parse_args(argv)
    warnings.filterwarnings("ignore", category=FutureWarning)
    import numpy as np
    import torch

    import exir_mlir
    from exir_mlir.models import MODELS, export_model

    names = args.models.split(",") if args.models else sorted(MODELS)
    root = Path(args.keep or tempfile.mkdtemp(prefix="aot-models-"))
    root.mkdir(parents=True, exist_ok=True)
    failures = 0
    for name in names:
        try:
            module, example, _ = MODELS[name]()
            eager = copy.deepcopy(module)
            path = exir_mlir.export_library(export_model(name), root / f"{name}.so")
            calls = []
            for call in range(3):
                with torch.no_grad():
                    expected = eager(*example)
                expected = list(expected) if isinstance(expected, (list, tuple)) else [expected]
                files = []
                for k, tensor in enumerate([*example, *expected]):
                    file = root / f"{name}.{call}.{k}.npy"
                    np.save(file, tensor.numpy())
                    files.append(str(file))
                calls.append({"inputs": files[:len(example)], "expected": files[len(example):]})
            run = subprocess.run([sys.executable, "-I", "-c", FRESH, json.dumps([str(path), calls])],
                                 capture_output=True, text=True, timeout=300)
            if run.returncode != 0:
                raise RuntimeError(run.stderr.strip().splitlines()[-1])
            worst = float(run.stdout.strip().splitlines()[-1])
            ok = worst <= 1.0
            failures += not ok
            print(f"{name:<20} {'ok' if ok else 'MISMATCH'}  worst error / tolerance {worst:.3f}  "
                  f"({path.stat().st_size / 1e6:.2f} MB)", flush=True)
        except Exception as exc:  # report every model
            failures += 1
            print(f"{name:<20} FAILED  {type(exc).__name__}: {exc}", flush=True)
    print(f"{len(names) - failures}/{len(names)} models reproduce eager from a fresh process without torch")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
