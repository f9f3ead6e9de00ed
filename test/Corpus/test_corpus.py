"""The differential corpus in CI: a fixed-size rotating slice of docs/corpus.json's cases, run again, held to the record.

Each selected case is built, exported, compiled and compared with eager exactly as the generator does
(`_corpus_case.run_case`, in this process). The rules:
- a silent mismatch (runs, wrong values) fails, unless the case is listed in _corpus_known.py with its reason;
  a listed case is a strict xfail: once it matches (in 3 runs: some of these bugs read past a buffer, and
  what lies there can happen to be right), the test fails until it is removed from the list;
- a case recorded as `match` must still match (anything else is a regression);
- a case recorded as failing (compile-error, run-error) that still fails is an xfail with the recorded reason;
  one that now matches passes (regenerate the docs to record it);
- cases recorded as `crash` or `timeout` are not run (they would take pytest down), nor are cases that are
  not the compiler's (not-exportable, no-sample).

Selection: the runnable recorded cases, sorted, are dealt into ceil(N / SLICE_SIZE) interleaved slices
(slice k holds cases k, k + n, k + 2n, ...), so each slice spans the whole alphabet of ops and layers.
Slice k = ROTATION mod n, where ROTATION is $EXIR_CORPUS_ROTATION if set, else the number of commits of HEAD
(`git rev-list --count HEAD`: each commit runs the next slice), else the day number since 1970-01-01. Every
known mismatch runs in every slice. EXIR_CORPUS_ALL=1 runs every runnable case (the generator's job);
EXIR_CORPUS_CASES='glob,...' runs the recorded cases matching a glob (e.g. 'opinfo:sin|*').
SLICE_SIZE is chosen so that the slice takes about 2 minutes of one worker on a 2-core machine (80 cases: 88 slices
of the 7020 runnable cases at c535061, so every case runs within 88 commits).
"""

from __future__ import annotations

import fnmatch
import math
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _corpus_case import (  # noqa: E402
    COMPILE_ERROR, CRASH, HARNESS_ERROR, MATCH, MISMATCH, NO_SAMPLE, NOT_EXPORTABLE, ROOT, RUN_ERROR, TIMEOUT,
    run_case,
)
from _corpus_doc import REGENERATE, render_markdown  # noqa: E402
from _corpus_known import KNOWN_MISMATCHES  # noqa: E402
from _gen_corpus import CORPUS_JSON, CORPUS_MD, read_results  # noqa: E402

SLICE_SIZE = 80
KNOWN_RETRIES = 2  # a known mismatch that matches is run again (up to twice) before it counts as fixed
RECORDED = read_results()
NOT_RUN = {NOT_EXPORTABLE, NO_SAMPLE, HARNESS_ERROR, CRASH, TIMEOUT}


def rotation() -> int:
    if os.environ.get("EXIR_CORPUS_ROTATION"):
        return int(os.environ["EXIR_CORPUS_ROTATION"])
    try:
        out = subprocess.run(["git", "rev-list", "--count", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                             timeout=30)
        if out.returncode == 0:
            return int(out.stdout.strip())
    except (OSError, ValueError, subprocess.SubprocessError):
        pass
    return int(time.time() // 86400)


def slices(cases: list[str], size: int = SLICE_SIZE) -> list[list[str]]:
    n = max(1, math.ceil(len(cases) / size))
    return [cases[k::n] for k in range(n)]


def runnable() -> list[str]:
    return sorted(c for c, r in RECORDED.items() if r["outcome"] not in NOT_RUN)


def selected() -> list[str]:
    cases = runnable()
    if os.environ.get("EXIR_CORPUS_CASES"):
        globs = os.environ["EXIR_CORPUS_CASES"].split(",")
        return [c for c in cases if any(fnmatch.fnmatchcase(c, g) for g in globs)]
    if os.environ.get("EXIR_CORPUS_ALL") == "1":
        return cases
    parts = slices(cases)
    chosen = parts[rotation() % len(parts)] if cases else []
    return sorted(set(chosen) | (set(KNOWN_MISMATCHES) & set(cases)))


class SilentMismatch(AssertionError):
    """The compiled program returns values that differ from eager, without an error."""


class Regression(AssertionError):
    """A case recorded as matching no longer does."""


@pytest.mark.parametrize("case", selected())
def test_corpus_case(case):
    recorded = RECORDED[case]
    result = run_case(case)
    for _ in range(KNOWN_RETRIES if case in KNOWN_MISMATCHES else 0):
        if result.outcome == MISMATCH:
            break
        result = run_case(case)  # a read past a buffer returns whatever lies there: it can happen to be right
    if result.outcome == MISMATCH:
        if case in KNOWN_MISMATCHES:
            pytest.xfail(f"known silent mismatch ({KNOWN_MISMATCHES[case]}): {result.detail}")
        raise SilentMismatch(f"{case}: SILENT WRONG ANSWER: {result.detail}")
    if case in KNOWN_MISMATCHES:
        pytest.fail(f"{case} is listed in _corpus_known.py as a silent mismatch but is now {result.outcome}: "
                    f"remove it there and run {REGENERATE} --ops '<its name>'")
    if recorded["outcome"] == MATCH and result.outcome != MATCH:
        raise Regression(f"{case} matched eager ({CORPUS_JSON.name}) and is now {result.outcome}: "
                         f"{result.klass}: {result.detail}")
    if result.outcome != MATCH:
        pytest.xfail(f"{result.outcome} as recorded ({recorded['outcome']}, {recorded['klass']}): {result.detail[:200]}")


def test_every_recorded_mismatch_is_known():
    """The generator's full run found no silent mismatch that is not a listed, explained bug."""
    unknown = sorted(c for c, r in RECORDED.items() if r["outcome"] == MISMATCH and c not in KNOWN_MISMATCHES)
    assert not unknown, f"silent mismatches in {CORPUS_JSON.name} not listed in _corpus_known.py: {unknown}"


def test_known_mismatches_are_recorded():
    stale = sorted(c for c in KNOWN_MISMATCHES if RECORDED.get(c, {}).get("outcome") != MISMATCH)
    assert not stale, f"_corpus_known.py lists cases {CORPUS_JSON.name} does not record as mismatches: {stale}"


def test_doc_renders_from_its_json():
    assert CORPUS_MD.read_text() == render_markdown(RECORDED), f"docs/corpus.md is stale: run {REGENERATE} --render-only"


def test_slices_partition_the_runnable_cases():
    cases = runnable()
    parts = slices(cases)
    assert sorted(c for p in parts for c in p) == cases
    assert all(len(p) <= SLICE_SIZE for p in parts)


# ----------------------------------------------------------------------------- the harness can fail


class _Wrong:
    """A compiled program whose results are off by `delta` when `when(inputs)` holds."""

    def __init__(self, program, when, delta=1.0):
        self.program, self.when, self.delta = program, when, delta

    def __call__(self, *inputs):
        out = self.program(*inputs)
        return out + self.delta if self.when(inputs) else out


def test_harness_catches_a_wrong_answer():
    import exir_mlir

    result = run_case("opinfo:sin|f32|0|static", compile_fn=lambda ep: _Wrong(exir_mlir.compile(ep), lambda _: True))
    assert result.outcome == MISMATCH, result


def test_harness_catches_a_wrong_answer_at_the_second_size():
    """A dynamic program right on the sample but wrong at other sizes is a mismatch."""
    import exir_mlir

    case = "opinfo:sin|f32|0|dynamic"
    assert run_case(case).outcome == MATCH
    first = {}

    def compile_fn(ep):
        program = exir_mlir.compile(ep)
        return _Wrong(program, lambda inputs: first.setdefault("shape", inputs[0].shape) != inputs[0].shape)

    result = run_case(case, compile_fn=compile_fn)
    assert result.outcome == MISMATCH and result.detail.startswith("at sizes"), result


def test_harness_records_errors_not_raises():
    def broken(ep):
        raise RuntimeError("planted")

    result = run_case("opinfo:sin|f32|0|static", compile_fn=broken)
    assert result.outcome == COMPILE_ERROR and result.klass == "internal-error", result
    result = run_case("opinfo:sin|f32|0|static", compile_fn=lambda ep: lambda *a: 1 / 0)
    assert result.outcome == RUN_ERROR, result


def test_an_out_of_bounds_access_has_its_class():
    """`_gen_corpus.py --check-bounds`: what a bounds-checked build raises is class out-of-bounds."""
    from _corpus_case import classify_text

    line = "OutOfBoundsError: out-of-bounds memory access caught by the bounds-checked build: memref.load"
    assert classify_text(line) == "out-of-bounds"
    assert classify_text("ExirInternalError: CPU stage failed") == "internal-error"


def test_a_sparse_tensor_is_a_layout_failure():
    from _corpus_case import classify_text

    line = ("ExirUserError: f.py:3: node '_to_sparse' (aten._to_sparse.default): a tensor of layout "
            "torch.sparse_coo: exir-mlir compiles dense (torch.strided) tensors only; ...")
    assert classify_text(line) == "layout"


def test_a_failure_of_torchs_own_decompositions_is_not_ours():
    """compile's "core-ATen decompositions failed" is torch's (not-exportable) only where torch's own
    ep.run_decompositions() fails on the export too (resize_as_ on symbolic sizes: an internal assert);
    where it works, the failure came from exir-mlir's tables: a compile-error."""
    from exir_mlir.errors import ExirUserError

    result = run_case("opinfo:resize_as_|f32|0|dynamic")
    assert result.outcome == NOT_EXPORTABLE and result.klass == "run_decompositions", result
    assert "INTERNAL ASSERT" in result.detail, result

    def ours(ep):
        raise ExirUserError("torch's core-ATen decompositions (ep.run_decompositions()) failed on this program: planted")

    result = run_case("opinfo:sin|f32|0|static", compile_fn=ours)
    assert result.outcome == COMPILE_ERROR, result
