"""Every core ATen op lowers or fails with a diagnostic naming it and its line; docs/op-status is current.

The f32 sweep runs a rotating half of the core ops (every other op, starting at the rotation of
test/Numerics/_rotation.py: consecutive commits check the two halves); EXIR_OP_STATUS_ALL=1 runs all of
them, as the generator (test/Lowering/_gen_op_status.py) does.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Numerics"))

from _op_sweep import samples, status_of  # noqa: E402
from _rotation import rotating_slice  # noqa: E402

from exir_mlir.tools.op_status import read_json, render_markdown  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs"
CORE = samples.core_overloads()
SLICES = 2
SELECTED = CORE if os.environ.get("EXIR_OP_STATUS_ALL") == "1" else rotating_slice(CORE, SLICES)


@pytest.fixture(scope="module")
def f32_results():
    return {r.overload: r for r in (status_of(op, "f32") for op in SELECTED)}


def test_every_core_op_lowers_or_names_itself(f32_results):
    """No crash and no anonymous failure: a stage that fails says which op and where."""
    bad = []
    for name, r in f32_results.items():
        if r.reached in ("no-sample", "import", "linalg"):
            continue
        # the diagnostic carries the user's line (file:line:col) and the op
        if ".py:" not in r.error or "cannot be lowered to" not in r.error:
            bad.append(f"{name}: {r.error!r}")
        if "internal error" in r.error:
            bad.append(f"{name}: a lowering pattern crashed: {r.error}")
    assert not bad, "\n".join(bad)


def test_most_core_ops_reach_linalg(f32_results):
    sampled = [r for r in f32_results.values() if r.reached not in ("no-sample", "import")]
    lowered = [r for r in sampled if r.reached == "linalg"]
    # a floor, not a target: it catches a regression that breaks a whole family
    assert len(lowered) >= 0.75 * len(sampled), f"{len(lowered)} of {len(sampled)} lower to linalg"


def test_doc_is_current_for_f32(f32_results):
    """docs/op-status.json (and the .md rendered from it) match what the lowering does now."""
    committed = {r.overload: r for r in read_json(DOCS / "op-status.json") if r.dtype == "f32"}
    stale = [f"{n}: doc says {committed[n].reached if n in committed else 'nothing'}, now {r.reached}"
             for n, r in f32_results.items() if n not in committed or committed[n].reached != r.reached]
    assert not stale, "regenerate with `python test/Lowering/_gen_op_status.py`:\n" + "\n".join(stale)
    assert (DOCS / "op-status.md").read_text() == render_markdown(read_json(DOCS / "op-status.json"))


def test_the_halves_cover_every_core_op():
    halves = [rotating_slice(CORE, SLICES, rotation=r) for r in range(SLICES)]
    assert sorted(map(str, (op for h in halves for op in h))) == sorted(map(str, CORE))
    assert all(len(h) >= len(CORE) // SLICES for h in halves)
