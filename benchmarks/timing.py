"""Interleaved timing of several implementations in one process, and a description of the machine."""

from __future__ import annotations

import os
import platform
import random
import statistics
import time
from typing import Callable


def interleaved_latencies(fns: dict[str, Callable[[], object]], *, repeats: int, warmup: int = 3,
                          min_seconds: float = 0.25, max_repeats: int = 5000) -> dict[str, float]:
    """Seconds per call of each function (a trimmed mean: see _trimmed_mean), timed round-robin so
    that load changes hit all alike.

    Each round runs the functions in a fresh order (a fixed-seed shuffle): a call timed right after
    another implementation's (its code and data out of the caches) is slower than one timed after a
    call of the same code path, so each function must follow every other about equally often. A
    rotated fixed order keeps each function's predecessor: the second of two exir-mlir builds of one
    small model always ran after the first and looked up to 1.5x faster (buffer_mutation's dynamic
    build "beat" its static one that way; in isolation they cost the same).

    Fast functions get more rounds: at least `min_seconds` of calls of the slowest one (at most
    `max_repeats` rounds), so that a 5 µs call is not judged from 20 noisy samples
    (at 20 rounds two builds of the same 6 µs program differed by up to 15% from run to run)."""
    slowest = 0.0
    for fn in fns.values():
        for _ in range(warmup):
            start = time.perf_counter()
            fn()
            elapsed = time.perf_counter() - start
        slowest = max(slowest, elapsed if warmup else 0.0)
    if slowest > 0:
        repeats = max(repeats, min(max_repeats, int(min_seconds / slowest)))
    samples: dict[str, list[float]] = {name: [] for name in fns}
    names = list(fns)
    order = random.Random(0)
    for _ in range(repeats):
        order.shuffle(names)
        for name in names:
            fn = fns[name]
            start = time.perf_counter()
            fn()
            samples[name].append(time.perf_counter() - start)
    return {name: _trimmed_mean(s) for name, s in samples.items()}


def _trimmed_mean(samples: list[float], trim: float = 0.1) -> float:
    """The mean of the middle 80% of the samples. Not the median: a call's time depends on what ran
    before it (a call after eager's torch.cond ran 10.7 µs, after another compiled call 5.3 µs), so a
    small model's samples have two modes, and the median of a 50/50 mixture falls anywhere in the gap
    between them (the same two builds of `cond` measured 0.76x and 1.33x in two runs). The trimmed
    mean weighs both modes as they occurred and drops the preempted outliers a loaded machine adds."""
    ordered = sorted(samples)
    cut = int(len(ordered) * trim)
    kept = ordered[cut:len(ordered) - cut] or ordered
    return statistics.fmean(kept)


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
