"""Runs the whole test suite: lit (FileCheck tests) then pytest; exits non-zero if either fails.

Usage: python tools/run_tests.py [--lit-only | --pytest-only] [extra pytest args]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--lit-only", action="store_true")
    group.add_argument("--pytest-only", action="store_true")
    parser.add_argument("-j", "--workers", type=int, default=os.cpu_count() or 2,
                        help="lit workers, and pytest workers (pytest-xdist; 1 runs pytest in this process)")
    args, pytest_args = parser.parse_known_args(argv)

    results = {}
    if not args.pytest_only:
        start = time.monotonic()
        # lit has no `python -m lit`: run its console script from this interpreter's environment.
        lit_script = Path(sys.executable).parent / "lit"
        lit = subprocess.run([str(lit_script), "-sv", f"-j{args.workers}", str(REPO / "test")], cwd=REPO)
        results["lit"] = (lit.returncode, time.monotonic() - start)
    if not args.lit_only:
        start = time.monotonic()
        # Most of a test's time is single-threaded (import, lowering, LLVM), so one worker per core
        # halves the wall time. `loadfile` keeps a file's tests in one worker: module-scoped fixtures
        # (a compiled model shared by a file's tests) are built once, not once per worker. Files start
        # longest first (test/conftest.py), so that the two workers finish together.
        parallel = ["-n", str(args.workers), "--dist", "loadfile"] if args.workers > 1 else []
        pytest = subprocess.run([sys.executable, "-m", "pytest", "-q", *parallel, str(REPO / "test"), *pytest_args],
                                cwd=REPO)
        results["pytest"] = (pytest.returncode, time.monotonic() - start)

    for name, (code, seconds) in results.items():
        print(f"{name}: {'ok' if code == 0 else f'FAILED (exit {code})'} in {seconds:.0f} s")
    return 0 if all(code == 0 for code, _ in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
