"""A failed run-time check stops the compiled code before anything uses the failed value, and is
reported to the call that failed, and only to it.

- Early exit (exir_mlir.codegen.pipeline.report_failed_asserts): after a failed `torch._check` on
  an `.item()` value, the allocation of that size never happens (the buffer pool's malloc count
  does not move) and the call raises RuntimeCheckError; a negative size never reaches the heap.
- One error slot per call (exir_mlir.runtime.bounds): two threads calling one program, one with
  bad indices and one with good, each see only their own outcome.
- Indexed dims of size 0 (lowering/to_linalg/index_checks.py gather_guarded, trips_unless_empty):
  gathers and scatters into an empty dim raise IndexOutOfRangeError, and even with the checks
  dropped (what the CUDA build does) a bounds-checked build sees no access outside a buffer.
"""

import threading

import pytest
import torch

import exir_mlir
from exir_mlir import lowering
from exir_mlir.codegen.pipeline import drop_failed_assert_reports
from exir_mlir.compiler import compile_linalg
from exir_mlir.errors import IndexOutOfRangeError, RuntimeCheckError


class Zeros(torch.nn.Module):
    def forward(self, x, t):
        n = t.item()
        torch._check(n >= 0)
        torch._check(n <= 1000)
        return x.new_zeros(n), x * 2


def test_failed_item_check_stops_before_the_allocation():
    x = torch.randn(4)
    program = exir_mlir.compile(torch.export.export(Zeros(), (x, torch.tensor(3))))
    for got, want in zip(program(x, torch.tensor(5)), Zeros()(x, torch.tensor(5))):
        torch.testing.assert_close(got, want)
    mallocs = program.executable.pool_mallocs()
    # 10**7 floats (40 MB) fit no pooled buffer: an allocation of that size would be a malloc.
    for n, condition in ((10**7, "u0 <= 1000"), (-3, "u0 >= 0"), (-(10**9), "u0 >= 0")):
        with pytest.raises(RuntimeCheckError, match=f"the condition {condition} is false"):
            program(x, torch.tensor(n))
        assert program.executable.pool_mallocs() == mallocs, f"n={n}: the failed size reached an allocation"
    torch.testing.assert_close(program(x, torch.tensor(2))[0], torch.zeros(2))


class Select(torch.nn.Module):
    def forward(self, x, i):
        return torch.index_select(x, 0, i) * 2


@pytest.fixture(scope="module")
def select():
    x = torch.randn(512, 64)
    good = torch.arange(0, 512, 2)
    bad = good.clone()
    bad[-1] = 512
    return exir_mlir.compile(torch.export.export(Select(), (x, good))), x, good, bad


def test_each_call_frame_has_its_own_error_slot(select):
    """Deterministic: two calls in flight at once (two frames of the call plan, run one after the
    other without reading back in between); only the bad call's slot is set."""
    program, x, good, bad = select
    plan = program._call_plan()
    first, second = plan.new_frame(), plan.new_frame()
    assert plan.bind((x, bad), None, first.words, first.scalars) is not None
    assert plan.bind((x, good), None, second.words, second.scalars) is not None
    program._function(first.packed)
    program._function(second.packed)
    assert first.error.value, "the failed call's own slot was not set"
    assert not second.error.value, "the good call saw the other call's failure"
    outputs = program._collect_words(plan, second.words, ())
    torch.testing.assert_close(outputs[0], Select()(x, good))


def test_concurrent_calls_report_only_their_own_failure(select):
    """End to end, through the threads' own call paths. Under the GIL a shared slot is rarely seen
    by the wrong call (the window is between a native return and the read of the slot), so this
    test alone does not catch one reliably: test_each_call_frame_has_its_own_error_slot does."""
    program, x, good, bad = select
    want = Select()(x, good)
    outcomes = {"good": [], "bad": []}
    start = threading.Barrier(2)

    def run(name, index):
        start.wait()
        for _ in range(200):
            try:
                result = program(x, index)
                outcomes[name].append("ok" if torch.equal(result, want) else "wrong")
            except IndexOutOfRangeError:
                outcomes[name].append("error")

    threads = [threading.Thread(target=run, args=args) for args in (("good", good), ("bad", bad))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert set(outcomes["good"]) == {"ok"}, f"good calls: {sorted(set(outcomes['good']))}"
    assert set(outcomes["bad"]) == {"error"}, f"bad calls: {sorted(set(outcomes['bad']))}"


class EmptyDim(torch.nn.Module):
    """Every gather and scatter family into dim 0 of x, which the calls below make empty."""

    def forward(self, x, i, j):
        return (torch.index_select(x, 0, i), x[i], torch.gather(x, 0, j),
                torch.zeros_like(x).scatter(0, j, torch.ones(j.shape)),
                x.index_put((i,), torch.ones(i.shape[0], x.shape[1])))


def _empty_dim_export():
    x, i, j = torch.randn(5, 3), torch.tensor([4, 0, 2]), torch.tensor([[1, 0, 4], [3, 3, 0]])
    rows = torch.export.Dim("rows", min=0, max=64)
    return torch.export.export(EmptyDim(), (x, i, j), dynamic_shapes=({0: rows}, None, None)), (x, i, j)


def test_empty_indexed_dim_raises_in_a_bounds_checked_build():
    ep, args = _empty_dim_export()
    program = exir_mlir.compile(ep, check_bounds=True)
    for got, want in zip(program(*args), EmptyDim()(*args)):
        torch.testing.assert_close(got, want)
    _, i, j = args
    with pytest.raises(IndexOutOfRangeError, match="index_select"):
        program(torch.randn(0, 3), i, j)


def test_empty_indexed_dim_is_never_accessed_even_without_the_checks():
    """With a dim of size 0 no clamped index is inside x: the gathers must not read and the scatters
    must not write, whether or not the check stops the call first. A bounds-checked build of the
    program with its index checks dropped (drop_failed_assert_reports, as the CUDA build does, but
    keeping the empty-dim guards, which the CUDA host cannot run) sees no such access."""
    ep, args = _empty_dim_export()
    module = exir_mlir.import_program(ep.run_decompositions())
    with module.context:
        lowering.lower(module, to="linalg")
        assert drop_failed_assert_reports(module.operation, keep_empty_dim_guards=True) >= 5
        program = compile_linalg(module, check_bounds=True)
    _, i, j = args
    outputs = program(torch.randn(0, 3), i, j)  # OutOfBoundsError if any op touched x's empty dim
    assert [tuple(o.shape) for o in outputs] == [(3, 3), (3, 3), (2, 3), (0, 3), (0, 3)]
    for o in outputs[:3]:
        assert not o.any()  # what the guarded gathers give where torch raises
