"""Shape-and-thread sweep (a CI slice): contractions, convolutions and parallel reductions at
1, 2 and 3 worker threads on sizes across the tile and thread boundaries, against eager and
across thread counts. The whole sweep: `python test/Numerics/_gen_thread_sweep.py`
(docs/thread-sweep.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _rotation import rotation  # noqa: E402
from _thread_sweep import CASES, ROWS, THREAD_ATOL, THREADS, sweep  # noqa: E402

# Dynamic programs: one compile per thread count serves every size, so CI runs all of them.
# Static programs compile per size: CI takes one of the sizes of the original report that straddle
# 1024 and 2048, at the thread counts that split work; which one alternates with the case and the
# commit (_rotation.py), so each commit checks both sizes and each case checks both in 2 commits.
STATIC_SLICE_ROWS = (1152, 2049)
STATIC_SLICE_THREADS = (2, 3)


def static_rows(index: int, rotation: int) -> tuple[int]:
    return (STATIC_SLICE_ROWS[(index + rotation) % len(STATIC_SLICE_ROWS)],)


def _check(outcomes, spread):
    bad = [o for o in outcomes if not o.matches]
    assert not bad, "differs from eager: " + "; ".join(
        f"{o.case} {o.mode} threads={o.threads} rows={o.rows} max|err|={o.max_error:.3g} {o.error}" for o in bad[:8])
    uneven = {rows: s for rows, s in spread.items() if s > THREAD_ATOL}
    assert not uneven, f"outputs depend on the thread count (rows: max difference): {uneven}"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_dynamic_rows_all_threads(case):
    _check(*sweep(case, "dynamic", ROWS, THREADS))


@pytest.mark.parametrize("index", range(len(CASES)), ids=[c.name for c in CASES])
def test_static_rows_slice(index):
    _check(*sweep(CASES[index], "static", static_rows(index, rotation()), STATIC_SLICE_THREADS))


def test_static_slice_alternates_its_sizes():
    for index in range(len(CASES)):
        assert {static_rows(index, r)[0] for r in range(2)} == set(STATIC_SLICE_ROWS)
    assert {static_rows(index, 0)[0] for index in range(len(CASES))} == set(STATIC_SLICE_ROWS)
