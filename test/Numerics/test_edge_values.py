"""Edge values (NaN, +-inf, -0.0, .5 ties, equal inputs, large magnitudes) for every claimed (op, dtype):
each pair's outcome per variant must be the one recorded in docs/edge-values.json (a change, better or
worse, fails until `python test/Numerics/_edge_values.py` regenerates the record and its diff is
committed). docs/edge-values.md lists what differs from eager: open bugs and known differences.

CI runs a rotating slice (1 pair in EXIR_EDGE_SLICES, by default 16, chosen by test/Numerics/_rotation.py:
consecutive commits run consecutive slices, so every pair runs once per 16 commits). EXIR_EDGE_ALL=1
runs every pair (tools/mutation_check.py does, filtered to the mutated op with -k).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _edge_values import EDGE_JSON, EDGE_MD, DIFFERS, MACHINE_DEPENDENT, MATCHES, REGENERATE, SKIPPED, check_edges, edge_inputs, read_edges, render_markdown  # noqa: E402
from _numerics_check import core_ops_by_name  # noqa: E402
from _rotation import rotating_slice  # noqa: E402

RECORDED = read_edges()
SLICES = int(os.environ.get("EXIR_EDGE_SLICES", "16"))
SELECTED = sorted(RECORDED) if os.environ.get("EXIR_EDGE_ALL") == "1" else rotating_slice(sorted(RECORDED), SLICES)


@pytest.fixture(scope="module")
def core_ops():
    return core_ops_by_name()


@pytest.mark.parametrize("overload,dtype", SELECTED, ids=[f"{o}-{d}" for o, d in SELECTED])
def test_edge_outcome_is_the_recorded_one(overload, dtype, core_ops):
    recorded = RECORDED[(overload, dtype)].results
    actual = check_edges(core_ops[overload], dtype).results
    def outcomes(v):  # (recorded, now) outcome names of variant v, None where it has none
        return (recorded.get(v) or [None])[0], (actual.get(v) or [None])[0]

    changed = {v: (recorded.get(v), actual.get(v)) for v in set(recorded) | set(actual)
               if outcomes(v)[0] != outcomes(v)[1]
               and not ((overload, dtype, v) in MACHINE_DEPENDENT and set(outcomes(v)) <= {MATCHES, DIFFERS})}
    assert not changed, (f"{overload} ({dtype}) edge-value outcome changed (variant: recorded -> now): {changed}; "
                         f"if intended, run {REGENERATE} --ops {overload} and commit the diff")


def test_record_covers_the_matching_pairs():
    from _edge_values import edge_pairs

    missing = sorted(set(edge_pairs()) - set(RECORDED))
    assert not missing, f"{EDGE_JSON.name} lacks {len(missing)} pairs ({missing[:3]}, ...): run {REGENERATE}"


def test_doc_renders_from_its_json():
    assert EDGE_MD.read_text() == render_markdown(RECORDED), f"docs/edge-values.md is stale: run {REGENERATE} --render-only"


def test_variants_hold_the_edge_values():
    """The inputs really hold NaN, +-inf, -0.0, exact .5 ties, equal inputs and large values."""
    import torch

    x, y = torch.zeros(4, 3), torch.zeros(4, 3)
    (sx, sy), _ = edge_inputs((x, y), {}, torch.float32, "specials")
    assert sx.isnan().any() and sx.isposinf().any() and sx.isneginf().any()
    assert ((sx == 0) & sx.signbit()).any(), "no -0.0"
    assert not torch.equal(sx.nan_to_num(), sy.nan_to_num()), "inputs in the same phase"
    (tx, ty), _ = edge_inputs((x, y), {}, torch.float32, "ties")
    assert torch.equal(tx, ty) and ((tx * 2) % 2 == 1).any() and (tx == 2.5).any()
    (big, _), _ = edge_inputs((x, y), {}, torch.float32, "large")
    assert big.abs().max() >= 1e30
    (h, _), _ = edge_inputs((x.half(), y.half()), {}, torch.float16, "large")
    assert h.isfinite().all() and h.abs().max() >= 6e4
    (i, _), _ = edge_inputs((torch.zeros(8, dtype=torch.int64), torch.zeros(8, dtype=torch.int64)), {}, torch.int64, "large")
    assert i.max() >= 2 ** 62 and i.min() <= -(2 ** 62)
    assert edge_inputs((torch.zeros(3, dtype=torch.int64),), {}, torch.float32, "specials") is None


def test_rotation_covers_every_pair():
    items = [(f"op{i}", "f32") for i in range(37)]
    seen = set()
    for r in range(SLICES):
        seen |= set(rotating_slice(items, SLICES, rotation=r))
    assert seen == set(items)
    assert SKIPPED == "skipped"
