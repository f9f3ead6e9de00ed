"""Which slice of a big sweep this CI run checks: consecutive commits check consecutive slices.

The rotation is EXIR_NUMERICS_ROTATION if set, else the number of commits of HEAD (git rev-list --count),
else the day number (no git): so every pair runs at least once in any `slices` consecutive commits.
"""

from __future__ import annotations

import functools
import os
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def rotation() -> int:
    if "EXIR_NUMERICS_ROTATION" in os.environ:
        return int(os.environ["EXIR_NUMERICS_ROTATION"])
    try:
        out = subprocess.run(["git", "rev-list", "--count", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                             timeout=10)
        if out.returncode == 0 and out.stdout.strip().isdigit():
            return int(out.stdout.strip())
    except (OSError, subprocess.SubprocessError):
        pass
    return int(time.time() // 86400)


def rotating_slice(items: list, slices: int, *, rotation: int | None = None) -> list:
    """Every `slices`-th item, starting at the rotation (mod slices)."""
    r = (rotation if rotation is not None else globals()["rotation"]()) % slices
    return [x for i, x in enumerate(items) if i % slices == r]
