"""One call of a dynamic-shape program at several thread counts, compared with eager and with itself.

Shared by test_dynamic_rows.py and test_dynamic_tiles.py, which sweep sizes across tile and thread
boundaries of the same kind of program."""

from __future__ import annotations

from typing import Callable

import torch


def check_across_threads(label: str, inputs: tuple, want, compiled: Callable[[int], Callable], threads_list,
                         *, rtol: float, atol: float, thread_atol: float, failures: list[str]) -> bool:
    """Runs `compiled(threads)(*inputs)` for each thread count; appends to `failures` every output
    that differs from `want` (eager) beyond rtol/atol, prefixed with `label`. Returns whether the
    outputs of different thread counts differ by more than `thread_atol` (empty outputs agree)."""
    outputs = []
    for threads in threads_list:
        got = compiled(threads)(*inputs)
        outputs.append(got)
        for i, (g, w) in enumerate(zip(got, want)):
            if g.shape != w.shape or not torch.allclose(g, w, rtol=rtol, atol=atol):
                err = (g - w).abs().max().item() if g.shape == w.shape else f"shape {tuple(g.shape)}"
                failures.append(f"{label} threads={threads} output {i}: max|err| {err}")
    return any((g - first).abs().max().item() > thread_atol
               for got in outputs[1:] for g, first in zip(got, outputs[0]) if g.numel())
