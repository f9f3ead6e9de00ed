"""Every shipped model through a native library, checked in a fresh process without torch or MLIR.

For each model of exir_mlir.models: export_library, eager outputs of three calls saved as .npy
(buffer mutations carry over), then `python -I` with torch and mlir imports blocked loads the
library with exir_mlir.runtime.load and compares (|got - expected| <= 1e-4 + 1e-4 |expected|).
CI runs two models of this check (test/AOT/test_library.py); this runs them all.

Usage: python tools/aot_check_models.py [--models a,b] [--keep DIR]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import warnings
from pathlib import Path

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", help="comma-separated names (default: every shipped model)")
    parser.add_argument("--keep", help="write the libraries and .npy files here instead of a temporary folder")
    args = parser.parse_args(argv)
    warnings.filterwarnings("ignore", category=FutureWarning)

    import exir_mlir
    from exir_mlir.models import MODELS, export_model
    from exir_mlir.tools.aot_fresh_check import check_in_fresh_process, record_calls

    names = args.models.split(",") if args.models else sorted(MODELS)
    root = Path(args.keep or tempfile.mkdtemp(prefix="aot-models-"))
    root.mkdir(parents=True, exist_ok=True)
    failures = 0
    for name in names:
        try:
            module, example, _ = MODELS[name]()
            path = exir_mlir.export_library(export_model(name), root / f"{name}.so")
            worst = check_in_fresh_process(path, record_calls(module, example, root, name))["worst"]
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
