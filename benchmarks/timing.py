"""Interleaved timing of several implementations in one process, and a description of the machine."""

from __future__ import annotations

import os
import platform
import statistics
import time
from typing import Callable


def interleaved_medians(fns: dict[str, Callable[[], object]], *, repeats: int, warmup: int = 3) -> dict[str, float]:
    """Median seconds per call of each function, timed round-robin so that load changes hit all alike.

    Each round starts one function later than the last: a call timed right after another
    implementation's (its code and data out of the caches) is slower than one timed after a call of
    the same code path, so every function takes each place in the round equally often (a fixed
    order made the second of two exir-mlir builds of one small model look 1.5x faster)."""
    for fn in fns.values():
        for _ in range(warmup):
            fn()
    samples: dict[str, list[float]] = {name: [] for name in fns}
    names = list(fns)
    for round_ in range(repeats):
        start_at = round_ % len(names) if names else 0
        for name in names[start_at:] + names[:start_at]:
            fn = fns[name]
            start = time.perf_counter()
            fn()
            samples[name].append(time.perf_counter() - start)
    return {name: statistics.median(s) for name, s in samples.items()}


def machine_description() -> str:
    """CPU model, cores, load, torch and MLIR versions: what a reader needs to compare numbers."""
    import torch

    from exir_mlir.codegen.host import detect_host

    model = platform.processor() or "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    host = detect_host()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    from importlib.metadata import version

    return (
        f"{model}, {host.cores} cores available, {host.vector_bits}-bit vectors, "
        f"L1d {host.l1d_bytes // 1024} KiB, L2 {host.l2_bytes // 1024} KiB; "
        f"load average {load:.1f} at start; torch {torch.__version__}, MLIR bindings {version('xtc-mlir-python-bindings')}"
    )
