"""No allocation per call (exir_mlir/codegen/buffer_pool.py): the compiled code's temporaries
come from the pool it keeps, so a call at sizes seen before mallocs only its results.

- per call, the pool's malloc count grows by the number of results, once the sizes were seen
  (the first call mallocs its temporaries too: the test would see them again if they were not
  pooled);
- dynamic sizes that grow and shrink between calls in one process give eager's numbers;
- two Python threads calling at once (sharing the pool) each get their own right results;
- the kernel library of `cache_dir` has the same pool.
"""

from __future__ import annotations

import ctypes
import threading

import torch
from torch.export import Dim

import exir_mlir
import exir_mlir.compiler

TOLERANCE = dict(rtol=1e-4, atol=1e-5)


class Block(torch.nn.Module):
    """Two matmuls with a softmax between them: temporaries of dynamic size, more than 4 KiB
    (larger than promote-buffers-to-stack takes)."""

    def __init__(self) -> None:
        super().__init__()
        self.up = torch.nn.Linear(32, 96)
        self.down = torch.nn.Linear(96, 32)

    def forward(self, x):
        h = torch.softmax(self.up(x), dim=-1)
        return self.down(h) + x


def _program(num_threads: int = 1, **options):
    """One thread where mallocs are counted: with two, how many tile temporaries are live at once
    depends on how the threads interleave, so a later call may legitimately add one to the pool."""
    torch.manual_seed(0)
    module = Block().eval()
    x = torch.randn(48, 32)
    ep = torch.export.export(module, (x,), dynamic_shapes=({0: Dim("n", min=2, max=512)},))
    return module, exir_mlir.compile(ep, num_threads=num_threads, **options)


def _mallocs_per_call(program, x, calls: int = 3) -> tuple[int, list[int]]:
    executable = program.executable
    start = executable.pool_mallocs()
    program(x)  # sizes seen from here on
    first = executable.pool_mallocs() - start
    per_call = []
    for _ in range(calls):
        before = executable.pool_mallocs()
        program(x)
        per_call.append(executable.pool_mallocs() - before)
    return first, per_call


def test_a_call_at_known_sizes_mallocs_only_its_result():
    module, program = _program()
    outputs = len(program.signature.outputs)
    first, per_call = _mallocs_per_call(program, torch.randn(40, 32))
    # The first call at new sizes mallocs its temporaries as well as its result...
    assert first > outputs, (first, outputs)
    # ... later calls only the result (handed to torch, which frees it with the tensor).
    assert per_call == [outputs] * len(per_call), per_call


def test_sizes_changing_between_calls_give_eager_results():
    module, program = _program()
    for n in (40, 300, 3, 300, 129, 2, 40):
        x = torch.randn(n, 32)
        torch.testing.assert_close(program(x), module(x), **TOLERANCE)
    # Back at a size seen before: nothing but the result is malloc'ed.
    _, per_call = _mallocs_per_call(program, torch.randn(129, 32), calls=2)
    assert per_call == [1, 1], per_call


def test_two_threads_calling_at_once():
    module, program = _program(num_threads=2)  # two Python threads, each call on two OpenMP threads
    sizes = {0: (17, 200, 64), 1: (256, 5, 99)}
    inputs = {t: [torch.randn(n, 32) for n in ns] for t, ns in sizes.items()}
    expected = {t: [module(x) for x in xs] for t, xs in inputs.items()}
    failures: list[str] = []
    barrier = threading.Barrier(2)

    def work(t: int) -> None:
        barrier.wait()
        for _ in range(15):
            for x, want in zip(inputs[t], expected[t]):
                got = program(x)
                if not torch.allclose(got, want, **TOLERANCE):
                    failures.append(f"thread {t}, n={x.shape[0]}: max error {(got - want).abs().max().item()}")

    threads = [threading.Thread(target=work, args=(t,)) for t in sizes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures[:3]


def test_kernel_library_of_cache_dir_pools_too(tmp_path):
    exir_mlir.compiler.clear_memory_cache()  # not the JIT's code of the tests above: a kernel library
    module, program = _program(cache_dir=tmp_path)
    assert isinstance(program.executable.engine, ctypes.CDLL)
    assert program.executable.pool_mallocs() is not None  # the library exports the pool's count
    x = torch.randn(77, 32)
    _, per_call = _mallocs_per_call(program, x, calls=2)
    assert per_call == [1, 1], per_call
    torch.testing.assert_close(program(x), module(x), **TOLERANCE)
