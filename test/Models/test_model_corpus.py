"""Models other people wrote (torchvision, Hugging Face transformers) and everyday programs, in CI: a rotating
slice of test/Models/_model_cases.py, each exported as users export it, compiled at 1 and 2 threads, run at
several sizes and compared with eager (_model_run.py), and held to its outcome:
- a case not listed in _models_known.py must match eager; a silent mismatch fails as such;
- a listed case must fail exactly as listed (outcome, and its error still says what the entry says): a case
  that now matches or fails another way fails the test until the entry (and docs/models.md) is updated; a
  listed silent mismatch is a strict xfail.

Selection: the cases are dealt into slices of about SLICE_SECONDS of recorded run time each (docs/models.json,
longest first onto the lightest slice); slice k = ROTATION mod n, where the rotation is the corpus's
(test/Numerics/_rotation.py: $EXIR_NUMERICS_ROTATION, else the number of commits of HEAD).
EXIR_MODELS_ALL=1 runs every case; EXIR_MODELS_CASES='glob|...' the matching ones. Cases recorded as crash or
timeout are not run (they would take pytest down); the generator (`python test/Models/_gen_models.py`) runs all.
"""

from __future__ import annotations

import fnmatch
import math
import os
import sys
from pathlib import Path

import pytest
import torch

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "Numerics"))

from _gen_models import MODELS_JSON, MODELS_MD, REGENERATE, read_results, render_markdown  # noqa: E402
from _model_cases import MODEL_CASES  # noqa: E402
from _model_run import CRASH, MATCH, MISMATCH, TIMEOUT, _as_accurate_as_eager, difference, run_model  # noqa: E402
from _models_known import KNOWN  # noqa: E402
from _rotation import rotation  # noqa: E402

# Recorded seconds per slice. A case takes about twice its recorded seconds in the suite (pytest -n 2 on 2 cores,
# lit done: at c535061 the two slices of 415 recorded seconds each ran in 910 s), so a slice of 50 recorded
# seconds (17 slices of 48-50, every case within 17 commits) takes about 110 s of one worker.
SLICE_SECONDS = 50.0
RECORDED = read_results()
NOT_RUN = {CRASH, TIMEOUT}


def slices(cases: list[str], seconds: dict[str, float], budget: float = SLICE_SECONDS) -> list[list[str]]:
    """The cases dealt into ceil(total / budget) slices, longest first onto the slice with the least time."""
    n = max(1, math.ceil(sum(seconds[c] for c in cases) / budget))
    parts: list[list[str]] = [[] for _ in range(n)]
    totals = [0.0] * n
    for c in sorted(cases, key=lambda c: (-seconds[c], c)):
        k = totals.index(min(totals))
        parts[k].append(c)
        totals[k] += seconds[c]
    return [sorted(p) for p in parts]


def runnable() -> list[str]:
    return sorted(c for c in MODEL_CASES if RECORDED.get(c, {}).get("outcome") not in NOT_RUN)


def _seconds() -> dict[str, float]:
    return {c: RECORDED.get(c, {}).get("seconds", 300.0) for c in MODEL_CASES}  # unrecorded: a typical case


def selected() -> list[str]:
    cases = runnable()
    if os.environ.get("EXIR_MODELS_CASES"):
        globs = os.environ["EXIR_MODELS_CASES"].split("|")
        return [c for c in cases if any(fnmatch.fnmatchcase(c, g) for g in globs)]
    if os.environ.get("EXIR_MODELS_ALL") == "1":
        return cases
    parts = slices(cases, _seconds())
    return parts[rotation() % len(parts)]


class SilentMismatch(AssertionError):
    """The compiled model returns values that differ from eager, without an error."""


@pytest.mark.parametrize("case", selected())
def test_model(case):
    result = run_model(case)
    known = KNOWN.get(case)
    where = f"{result.outcome}: {result.detail}"
    if known is None:
        if result.outcome == MISMATCH:
            raise SilentMismatch(f"{case}: SILENT WRONG ANSWER: {result.detail}")
        assert result.outcome == MATCH, f"{case} is not listed in _models_known.py and is {where}"
        return
    if result.outcome == known.outcome and known.says in result.detail:
        pytest.xfail(f"known {known.outcome} ({known.reason}): {result.detail[:300]}")
    pytest.fail(f"{case} is listed in _models_known.py as {known.outcome} saying {known.says!r} but is now "
                f"{where}: update the entry and run {REGENERATE} --only '{case}'")


def test_every_case_is_recorded_as_known():
    """Each case docs/models.json records as not matching is in _models_known.py with that outcome (a case the
    generator has not run yet is listed as such in docs/models.md and runs in its slice here like any other)."""
    unexplained = sorted(c for c, r in RECORDED.items() if r["outcome"] != MATCH and (
        c not in KNOWN or KNOWN[c].outcome != r["outcome"] or KNOWN[c].says not in r["detail"]))
    assert not unexplained, f"recorded failures not (or differently) listed in _models_known.py: {unexplained}"
    stale = sorted(c for c in KNOWN if RECORDED.get(c, {}).get("outcome") == MATCH or c not in MODEL_CASES)
    assert not stale, f"_models_known.py lists cases that match or do not exist: {stale}"


def test_doc_renders_from_its_json():
    import json

    assert MODELS_MD.read_text() == render_markdown(json.loads(MODELS_JSON.read_text())), \
        f"docs/models.md is stale: run {REGENERATE} --render-only"


def test_slices_partition_the_cases():
    cases = runnable()
    parts = slices(cases, _seconds())
    assert sorted(c for p in parts for c in p) == cases
    assert len(parts) == max(1, math.ceil(sum(_seconds()[c] for c in cases) / SLICE_SECONDS))


# ----------------------------------------------------------------------------- the harness can fail


class _Wrong:
    """A compiled program whose float results are scaled by `factor` when `when(num_threads, call)` holds."""

    def __init__(self, program, num_threads, when, factor):
        self.program, self.num_threads, self.when, self.factor, self.calls = program, num_threads, when, factor, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        out = self.program(*args, **kwargs)
        return out * self.factor if self.when(self.num_threads, self.calls) else out


def _wrongly(when, factor=1.01):
    import exir_mlir

    return lambda ep, num_threads: _Wrong(exir_mlir.compile(ep, num_threads=num_threads), num_threads, when, factor)


def test_harness_catches_a_wrong_answer_at_one_size_and_thread_count():
    """A model right everywhere but at its third size at 2 threads is a mismatch, and says where."""
    case = "everyday:einsum"
    assert run_model(case).outcome == MATCH
    result = run_model(case, compile_fn=_wrongly(lambda threads, call: threads == 2 and call == 3))
    assert result.outcome == MISMATCH and result.detail.startswith("threads 2, sizes b=5,t=13"), result


def test_harness_holds_the_tolerance():
    """An error 3x the case's rtol is caught; one a tenth of it is not (the tolerance is the case's)."""
    rtol, atol = MODEL_CASES["everyday:einsum"].tolerance
    caught = run_model("everyday:einsum", threads=(1,), compile_fn=_wrongly(lambda *_: True, 1 + 3 * rtol))
    assert caught.outcome == MISMATCH, caught
    let_pass = run_model("everyday:einsum", threads=(1,), compile_fn=_wrongly(lambda *_: True, 1 + rtol / 10))
    assert let_pass.outcome == MATCH, let_pass


def test_difference_compares_structure_dtype_and_values():
    e = (torch.ones(2, 3), torch.arange(3))
    assert difference((torch.ones(2, 3), torch.arange(3)), e, 1e-4, 1e-4)[0] == ""
    assert "outputs" in difference((torch.ones(2, 3),), e, 1e-4, 1e-4)[0]
    assert "int32" in difference((torch.ones(2, 3), torch.arange(3, dtype=torch.int32)), e, 1e-4, 1e-4)[0]
    assert "values differ" in difference((torch.ones(2, 3), torch.tensor([0, 1, 3])), e, 1e-4, 1e-4)[0]
    assert "values differ" in difference((torch.full((2, 3), float("nan")), torch.arange(3)), e, 1e-4, 1e-4)[0]


def test_difference_scales_atol_with_the_output():
    """atol is relative to the output's largest magnitude: an output near 1e-18 is held to 1e-22, not 1e-4."""
    tiny = torch.tensor([1e-18, -2e-18, 0.0])
    assert "values differ" in difference(tiny * 1.5, tiny, 1e-3, 1e-4)[0]
    assert difference(tiny + 1e-23, tiny, 1e-3, 1e-4)[0] == ""
    big = torch.tensor([1e9, 3.0])
    assert difference(big + torch.tensor([0.0, 1e4]), big, 1e-3, 1e-4)[0] == ""
    assert "values differ" in difference(big + torch.tensor([0.0, 1e6]), big, 1e-3, 1e-4)[0]


def test_f64_reference_accepts_only_eagers_own_error():
    """Outside the tolerance, an output is accepted when no farther from the f64 reference than twice eager's
    own largest error (plus atol): not when farther, nor when NaN where the reference is not, nor an integer
    output that differs."""
    ref = torch.tensor([1e9, -3e8, 5.0], dtype=torch.float64)
    eager_error = 200.0
    f64 = ([ref], [eager_error])
    assert _as_accurate_as_eager([ref.float() + 300.0], f64, 1e-9)
    assert not _as_accurate_as_eager([ref.float() + torch.tensor([0.0, 0.0, 500.0])], f64, 1e-9)
    assert not _as_accurate_as_eager([torch.tensor([1e9, float("nan"), 5.0])], f64, 1e-4)
    ints = ([torch.tensor([1, 2])], [None])
    assert _as_accurate_as_eager([torch.tensor([1, 2])], ints, 0.0)
    assert not _as_accurate_as_eager([torch.tensor([1, 3])], ints, 0.0)
