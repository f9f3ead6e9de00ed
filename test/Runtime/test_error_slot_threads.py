"""Each call has its own error slot, in the JIT program and in the ahead-of-time library: threads
calling at once, one always failing a check, one always passing, never see each other's outcome.

The calls release the GIL while the compiled code runs (ctypes), so the threads' compiled code
overlaps. The passing call is the slow one (a gather, then a 256x256 matmul) and the failing calls
stop at their gather's index check, so each failing call's report lands while a passing call is
running: a slot shared by the calls (the planted bug this guards: a `static` slot in `exir_run`, one
slot for every Frame of the call plan) makes the passing call return early with the other call's
message (its compiled code reads the slot after every call of its own functions) or makes a failing
call raise the other failing call's message. Two failing threads fail different checks (an
`index_select` index, a `gather` index), so "its own message" is tested, not just "an error".
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
def exported():
    x, w, i, j, bad_i, bad_j = _inputs()
    ep = torch.export.export(GatherThenMatmul(), (x, i, j, w))
    want = GatherThenMatmul()(x, i, j, w)
    cases = {"good": ((x, i, j, w), want), "bad_index_select": ((x, bad_i, j, w), None),
             "bad_gather": ((x, i, bad_j, w), None)}
    return ep, cases


def _check(outcomes):
    assert outcomes == {"good": ["ok"], "bad_index_select": ["index_select"], "bad_gather": ["gather"]}, outcomes


def test_jit_program_threads_see_only_their_own_failure(exported):
    ep, cases = exported
    program = exir_mlir.compile(ep)
    # The JIT's calls are cheaper, and a shared slot there is cleared at once by the failing call's
    # raise (exir_mlir.runtime.bounds): more calls. test_check_failures.py's
    # test_each_call_frame_has_its_own_error_slot catches a slot shared by frames deterministically.
    _check(_hammer({name: program for name in cases}, cases, iterations=400))


def test_library_instances_in_threads_see_only_their_own_failure(exported, tmp_path):
    ep, cases = exported
    path = exir_mlir.export_library(ep, tmp_path / "gather_matmul.so")
    # One library, one instance per thread (an instance serializes its own calls).
    first = runtime.load(path)
    instances = {name: first if k == 0 else first.clone() for k, name in enumerate(cases)}
    _check(_hammer({name: (lambda p: lambda *args: p(*args)[0])(p) for name, p in instances.items()}, cases,
                          iterations=150))
