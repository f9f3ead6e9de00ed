"""Calls that fail a run-time check, in the JIT program and in the ahead-of-time library.

Each call has its own error slot: threads calling at once, one always failing a check, one always
passing, never see each other's outcome.

The calls release the GIL while the compiled code runs (ctypes), so the threads' compiled code
overlaps. The passing call is the slow one (a gather, then a 256x256 matmul) and the failing calls
stop at their gather's index check, so each failing call's report lands while a passing call is
running: a slot shared by the calls (the planted bug this guards: a `static` slot in `exir_run`, one
slot for every Frame of the call plan) makes the passing call return early with the other call's
message (its compiled code reads the slot after every call of its own functions) or makes a failing
call raise the other failing call's message. Two failing threads fail different checks (an
`index_select` index, a `gather` index), so "its own message" is tested, not just "an error".

A failed call frees what it had allocated (exir_mlir.codegen.error_exit_frees): the failing gather
check comes after two 256x256 buffers were allocated (the index_select result and the matmul's);
a loop of failing calls mallocs nothing new (the buffer pool counts its mallocs), where each used
to leak both.
"""

import threading

import pytest
import torch

import exir_mlir
from exir_mlir import runtime
from exir_mlir.errors import IndexOutOfRangeError


class GatherThenMatmul(torch.nn.Module):
    def forward(self, x, i, j, w):
        return torch.index_select(x, 0, i) @ w + torch.gather(x, 0, j).sum()


N = 256


def _inputs():
    torch.manual_seed(0)
    x, w = torch.randn(N, N), torch.randn(N, N)
    i = torch.arange(N - 1, -1, -1)
    j = torch.tensor([[0, 3], [N - 1, 7]])
    bad_i = i.clone()
    bad_i[N // 2] = N  # index_select's index out of range
    bad_j = j.clone()
    bad_j[1, 1] = N + 5  # gather's index out of range
    return x, w, i, j, bad_i, bad_j


def _hammer(callers, cases, iterations):
    """Run each case `iterations` times in its own thread, all at once, through `callers[name]`;
    the set of outcomes of each case."""
    outcomes = {name: [] for name in cases}
    start = threading.Barrier(len(cases))

    def run(name, args, want):
        call = callers[name]
        start.wait()
        for _ in range(iterations):
            try:
                result = call(*args)
                outcomes[name].append("ok" if torch.allclose(result, want, rtol=1e-4, atol=1e-3) else "wrong")
            except IndexOutOfRangeError as error:
                message = str(error)
                outcomes[name].append("index_select" if "index_select" in message else
                                      "gather" if "gather" in message else f"error: {message[:80]}")
            except Exception as error:  # noqa: BLE001 - any other outcome is a failure of the test
                outcomes[name].append(f"{type(error).__name__}: {str(error)[:80]}")

    threads = [threading.Thread(target=run, args=(name, *case)) for name, case in cases.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(len(found) == iterations for found in outcomes.values()), "a thread stopped early"
    return {name: sorted(set(found)) for name, found in outcomes.items()}


@pytest.fixture(scope="module")
def compiled(exported, tmp_path_factory):
    ep, cases = exported
    path = exir_mlir.export_library(ep, tmp_path_factory.mktemp("failed_calls") / "gather_matmul.so")
    return exir_mlir.compile(ep), path


@pytest.fixture(scope="module")
def exported():
    x, w, i, j, bad_i, bad_j = _inputs()
    ep = torch.export.export(GatherThenMatmul(), (x, i, j, w))
    want = GatherThenMatmul()(x, i, j, w)
    cases = {"good": ((x, i, j, w), want), "bad_index_select": ((x, bad_i, j, w), None),
             "bad_gather": ((x, i, bad_j, w), None)}
    return ep, cases


def _check(outcomes):
    assert outcomes == {"good": ["ok"], "bad_index_select": ["index_select"], "bad_gather": ["gather"]}, outcomes


def test_jit_program_threads_see_only_their_own_failure(exported, compiled):
    _, cases = exported
    program, _ = compiled
    # The JIT's calls are cheaper, and a shared slot there is cleared at once by the failing call's
    # raise (exir_mlir.runtime.bounds): more calls. test_check_failures.py's
    # test_each_call_frame_has_its_own_error_slot catches a slot shared by frames deterministically.
    _check(_hammer({name: program for name in cases}, cases, iterations=400))


def test_library_instances_in_threads_see_only_their_own_failure(exported, compiled):
    _, cases = exported
    _, path = compiled
    # One library, one instance per thread (an instance serializes its own calls).
    first = runtime.load(path)
    instances = {name: first if k == 0 else first.clone() for k, name in enumerate(cases)}
    _check(_hammer({name: (lambda p: lambda *args: p(*args)[0])(p) for name, p in instances.items()}, cases,
                          iterations=150))


def _failing_calls_malloc_nothing(call, mallocs, cases, slack=0):
    call(*cases["good"][0])
    for name in ("bad_gather", "bad_index_select"):
        with pytest.raises(IndexOutOfRangeError):
            call(*cases[name][0])  # the pool now holds what one failing call frees
        before = mallocs()
        for _ in range(100):
            with pytest.raises(IndexOutOfRangeError, match=name.removeprefix("bad_")):
                call(*cases[name][0])
        assert mallocs() - before <= slack, f"{name}: 100 failing calls grew the count by {mallocs() - before}"


def test_failed_jit_calls_free_what_they_allocated(exported, compiled):
    _, cases = exported
    program, _ = compiled
    _failing_calls_malloc_nothing(program, program.executable.pool_mallocs, cases)


def _heap_bytes() -> int:
    """Bytes in use in this process's malloc heap (glibc mallinfo2: small blocks and mmap'ed ones)."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                         "fsmblks", "uordblks", "fordblks", "keepcost")]

    libc = ctypes.CDLL(None)
    libc.mallinfo2.restype = MallInfo2
    info = libc.mallinfo2()
    return info.uordblks + info.hblkhd


def test_failed_library_calls_free_what_they_allocated(exported, compiled):
    """The library keeps its buffer pool's count to itself: the process's heap is measured instead.
    Each failing call used to leak 512 KiB (two 256x256 f32 buffers): 50 MiB over the loop."""
    _, cases = exported
    program = runtime.load(compiled[1])
    _failing_calls_malloc_nothing(program, _heap_bytes, cases, slack=1 << 20)
