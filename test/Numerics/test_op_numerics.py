"""Per-op numerics: each claimed core ATen (op, dtype) compiles, runs and matches eager, or is a strict xfail.

Claimed = lowers to linalg in docs/op-status.json. Expectations come from docs/op-numerics.json (written
by _gen_op_numerics.py, which runs the same `check` on every claimed pair): a pair recorded as matching
must match; any other recorded outcome is a strict xfail whose reason is the recorded error, so a fix
(XPASS) or a different failure fails the test. Pairs recorded as crashing the process are not run.

Selection (the sweep must fit ~2 minutes of one worker on a 2-core CI machine): one claimed pair per op,
its dtype chosen by rotation among the op's claimed dtypes (f32 first, then the others sorted; the
(op's index + the rotation of _rotation.py)-th: the commit count of HEAD unless EXIR_NUMERICS_ROTATION is
set), so each commit runs each op, about one op in six in f32. An op has at most 6 claimed dtypes, so every
claimed pair runs in any 6 consecutive commits' CI runs. EXIR_NUMERICS_ALL=1 runs every claimed pair;
the generator always does.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _gen_op_numerics import (  # noqa: E402
    NUMERICS_JSON, NUMERICS_MD, REGENERATE, claimed_pairs, read_results, render_markdown,
)
from _rotation import rotation  # noqa: E402
from _numerics_check import (  # noqa: E402
    COMPILE_BUG, CRASH, DIFFERS, MATCHES, NO_SAMPLE, REJECTED, RUN_ERROR, TIMEOUT, check, compare, core_ops_by_name,
)

CLAIMED = claimed_pairs()
RECORDED = read_results()


class Mismatch(AssertionError):
    """Runs, but the result differs from eager."""


class Rejected(AssertionError):
    """exir_mlir.compile raised ExirUserError naming the op."""


class CompileBug(AssertionError):
    """exir_mlir.compile raised something other than an ExirUserError naming the op."""


class RunError(AssertionError):
    """The compiled program raised when called."""


class NoSample(AssertionError):
    """No OpInfo sample of the dtype yields the op (yet op-status.json claims it)."""


_RAISES = {DIFFERS: Mismatch, REJECTED: Rejected, COMPILE_BUG: CompileBug, RUN_ERROR: RunError, NO_SAMPLE: NoSample}


def selected_pairs(claimed, *, everything: bool, rotation: int) -> list[tuple[str, str]]:
    if everything:
        return list(claimed)
    by_op: dict[str, list[str]] = {}
    for op, dtype in claimed:
        by_op.setdefault(op, []).append(dtype)
    chosen = []
    for i, op in enumerate(sorted(by_op)):
        dtypes = sorted(by_op[op], key=lambda d: (d != "f32", d))
        chosen.append((op, dtypes[(i + rotation) % len(dtypes)]))
    return chosen


SELECTED = selected_pairs(CLAIMED, everything=os.environ.get("EXIR_NUMERICS_ALL") == "1",
                          rotation=rotation())


def _param(pair):
    recorded = RECORDED.get(pair)
    expected = recorded.result if recorded else MATCHES  # a new claim must match
    marks = []
    if expected in (CRASH, TIMEOUT):
        marks = [pytest.mark.xfail(run=False, strict=True,
                                   reason=f"{expected}: {recorded.detail} (not run: it would take pytest down)")]
    elif expected != MATCHES:
        what = "BUG (not an ExirUserError naming the op): " if expected == COMPILE_BUG else ""
        marks = [pytest.mark.xfail(strict=True, raises=_RAISES[expected], reason=f"{expected}: {what}{recorded.detail}")]
    return pytest.param(*pair, marks=marks, id=f"{pair[0]}-{pair[1]}")


@pytest.fixture(scope="module")
def core_ops():
    return core_ops_by_name()


@pytest.mark.parametrize("overload,dtype", [_param(p) for p in SELECTED])
def test_op_runs_and_matches_eager(overload, dtype, core_ops, numerics_outcomes):
    outcome = check(core_ops[overload], dtype)
    numerics_outcomes.append(outcome)
    if outcome.result != MATCHES:
        raise _RAISES[outcome.result](f"{overload} ({dtype}) {outcome.result}: {outcome.detail}")


def test_compare_catches_differences():
    """The comparison can fail: values past the tolerance, dtype, shape and output count."""
    import torch

    x = torch.tensor([1.0, 2.0])
    assert compare(x, x.clone()) == ""
    assert compare(x * (1 + 2e-4), x) != ""
    assert compare(x.half() * (1 + 3e-3), x.half()) != ""
    assert compare(x.double() * (1 + 1e-6), x.double()) != ""
    assert compare(x.to(torch.int64) + 1, x.to(torch.int64)) != ""
    assert compare(x.to(torch.int32), x.to(torch.int64)) != ""
    assert compare(x.reshape(2, 1), x) != ""
    assert compare((x, x), (x,)) != ""
    assert compare(torch.tensor([float("nan")]), torch.tensor([float("nan")])) == ""


def test_low_precision_accuracy_check_can_fail():
    """An f16 result off eager passes only when it is as close to the f64 run as eager's."""
    import torch

    from _numerics_check import _less_accurate_than_eager

    class Sum(torch.nn.Module):
        def forward(self, x):
            return x.sum(0)

    x = torch.tensor([[1000.0, -1000.0], [0.3, 0.7], [0.01, 0.02]], dtype=torch.float16)
    ep = torch.export.export(Sum(), (x,))
    eager = Sum()(x)
    exact = x.double().sum(0).half()
    assert _less_accurate_than_eager(ep, (x,), {}, exact, eager, "differs") == ""
    assert _less_accurate_than_eager(ep, (x,), {}, eager + 4, eager, "differs") != ""


def test_doc_renders_from_its_json():
    assert NUMERICS_MD.read_text() == render_markdown(RECORDED), f"docs/op-numerics.md is stale: run {REGENERATE}"


def test_doc_covers_every_claimed_f32_pair():
    missing = [op for op, dtype in CLAIMED if dtype == "f32" and (op, dtype) not in RECORDED]
    assert not missing, (f"{NUMERICS_JSON.name} lacks {len(missing)} lowered f32 ops ({', '.join(missing[:5])}, ...): "
                         f"run {REGENERATE} --missing")


def test_rotation_runs_one_pair_per_op_and_every_claimed_pair_within_six_runs():
    ops = {op for op, _ in CLAIMED}
    seen = set()
    for r in range(6):
        chosen = selected_pairs(CLAIMED, everything=False, rotation=r)
        assert sorted(op for op, _ in chosen) == sorted(ops)
        seen |= set(chosen)
    assert seen == set(CLAIMED)
