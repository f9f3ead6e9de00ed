"""The top-level temporaries of a call in one arena (exir_mlir/codegen/arena.py), end to end.

One program holds both kinds of network the arena is for: a stack of two transformer blocks and
an MLP after it (activations between layers, attention's intermediate tensors). Compared with
eager torch at sizes that change from call to call, grow past every size seen before (the arena
is sized per call) and cross the packed-matmul choice (128 rows), in the static and dynamic
builds, on 1, 2 and 3 threads, through the kernel library, MLIR's ExecutionEngine (the JIT) and
the native library (two instances on two threads). A call at fixed sizes asks the pool for its
output and one arena, not one buffer per temporary.

A small CNN's parallel loop bodies (a convolution's im2col blocks, one batch of images per thread)
put their tile buffers in their thread's slice of a scratch buffer in the caller's arena: checked
at batches that give the threads one image (the launch runs the body itself), fewer images than
threads, and uneven chunks, at 1, 2 and 3 threads, at the pool's size (0: the team size read at
run time, which torch.set_num_threads changes), and in a native library on two threads.
"""

from __future__ import annotations

import copy
import threading

import pytest
import torch
from torch.export import Dim

import exir_mlir
from exir_mlir import compiler, runtime
from exir_mlir.models.mlp import MLP
from exir_mlir.models.transformer import TransformerBlock
from exir_mlir.models.vision import SmallCNN

TOLERANCE = dict(rtol=2e-4, atol=2e-4)
# (batch, seq): rows = batch * seq from 2 to 650, not monotonic, the last the largest.
SIZES = ((1, 2), (2, 7), (4, 64), (3, 65), (1, 3), (2, 64), (5, 130))
FIXED = (4, 16)
# Images per call: the batch loop's chunks at 2 and 3 threads are 1 image, fewer than the threads,
# even and uneven (7 = 3 + 3 + 1), and the sizes shrink and grow.
BATCHES = (1, 2, 3, 4, 7, 5, 16)


class StackThenMLP(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.blocks = torch.nn.Sequential(TransformerBlock(dim=32, heads=4), TransformerBlock(dim=32, heads=4))
        self.mlp = MLP(32, 128, 16)

    def forward(self, x):
        return self.mlp(self.blocks(x))


@pytest.fixture(scope="module")
def model():
    torch.manual_seed(0)
    return StackThenMLP().eval()


def _export(module, dynamic: bool):
    dims = ({0: Dim("batch", min=1, max=8), 1: Dim("seq", min=2, max=256)},) if dynamic else None
    return torch.export.export(copy.deepcopy(module), (torch.randn(*FIXED, 32),), dynamic_shapes=dims)


def _allocs_per_call(program, x) -> int:
    executable = program.executable
    program(x)
    before = executable.pool_allocs()
    program(x)
    program(x)
    return (executable.pool_allocs() - before) // 2


def _check(program, module, sizes):
    with torch.no_grad():
        for batch, seq in sizes:
            x = torch.randn(batch, seq, 32)
            torch.testing.assert_close(program(x), module(x), **TOLERANCE, msg=lambda m: f"{batch}x{seq}: {m}")


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_dynamic_sizes_change_and_grow(model, threads):
    program = exir_mlir.compile(_export(model, True), num_threads=threads)
    _check(program, model, SIZES)
    # The output and the arena: nothing else. Each attention's unit-row choice (codegen/unit_rows.py:
    # rows == 1 or not) writes its result into one buffer in both branches (the one-row branch
    # inserts into the other's destination), which the arena plans like any other; with a buffer per
    # branch (the if's results, freed through it) it was 7 here, and with the buffers the choice
    # reads kept out of the arena (arena._live_end counting the if's result as theirs) 12. One pool
    # take per temporary would be 30 or more.
    assert _allocs_per_call(program, torch.randn(*FIXED, 32)) <= 2
    _check(program, model, reversed(SIZES))


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_one_row_sequences(model, threads):
    """A sequence of one row (a decoding step): every column tile of the attention's scores is a
    peeled remainder, whose copy of the scores' init one-shot bufferization makes; that copy is on
    the stack (bounded_temporaries.bound_remainder_buffers). As a heap buffer it was 18 pool takes
    per call at batch 2, 26 at batch 3."""
    dims = ({0: Dim("batch", min=1, max=8), 1: Dim("seq", min=1, max=256)},)
    ep = torch.export.export(copy.deepcopy(model), (torch.randn(*FIXED, 32),), dynamic_shapes=dims)
    program = exir_mlir.compile(ep, num_threads=threads)
    _check(program, model, ((2, 1), (3, 1), (1, 1), (4, 17)))
    for batch in (2, 3):
        assert _allocs_per_call(program, torch.randn(batch, 1, 32)) <= 2


def test_static_build(model):
    program = exir_mlir.compile(_export(model, False), num_threads=2)
    _check(program, model, [FIXED] * 3)
    assert _allocs_per_call(program, torch.randn(*FIXED, 32)) <= 3


def test_jit(model, monkeypatch):
    """MLIR's ExecutionEngine (no C compiler to link a kernel library)."""
    monkeypatch.setattr(compiler, "_can_link", lambda: False)
    compiler.clear_memory_cache()  # not the kernel library another test compiled from the same program
    program = exir_mlir.compile(_export(model, True), num_threads=2)
    assert type(program.executable.engine).__name__ == "ExecutionEngine"
    _check(program, model, SIZES)


def test_native_library_two_instances_on_two_threads(model, tmp_path):
    path = exir_mlir.export_library(_export(model, True), tmp_path / "stack.so", num_threads=2)
    first = runtime.load(path)
    second = first.clone()
    errors: list[str] = []

    def work(program, sizes):
        try:
            with torch.no_grad():
                for _ in range(3):
                    for batch, seq in sizes:
                        x = torch.randn(batch, seq, 32)
                        got = program(x)[0]
                        if not torch.allclose(got, model(x), **TOLERANCE):
                            errors.append(f"{batch}x{seq}: max|err| {(got - model(x)).abs().max().item()}")
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(repr(exc))

    workers = [threading.Thread(target=work, args=(first, SIZES)),
               threading.Thread(target=work, args=(second, tuple(reversed(SIZES))))]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert not errors, errors


@pytest.fixture(scope="module")
def convnet():
    torch.manual_seed(0)
    return SmallCNN(3, 10).eval()


def _export_convnet(module):
    dims = ({0: Dim("batch", min=1, max=32)},)
    return torch.export.export(copy.deepcopy(module), (torch.randn(4, 3, 16, 16),), dynamic_shapes=dims)


def _check_batches(program, module, batches):
    with torch.no_grad():
        for batch in batches:
            x = torch.randn(batch, 3, 16, 16)
            torch.testing.assert_close(program(x), module(x), **TOLERANCE, msg=lambda m: f"batch {batch}: {m}")


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_parallel_bodies_in_thread_slices(convnet, threads):
    program = exir_mlir.compile(_export_convnet(convnet), num_threads=threads)
    _check_batches(program, convnet, BATCHES)
    # The output and the caller's arena (each body's scratch is in it): before, one arena per
    # thread's chunk of each convolution's loop.
    assert _allocs_per_call(program, torch.randn(8, 3, 16, 16)) <= 2


def test_thread_slices_at_the_pools_size(convnet):
    """Compiled for the pool's size: the team each launch asks for is read at run time."""
    program = exir_mlir.compile(_export_convnet(convnet), num_threads=0)
    before = torch.get_num_threads()
    try:
        for threads in (3, 1, 2):
            torch.set_num_threads(threads)
            _check_batches(program, convnet, BATCHES)
    finally:
        torch.set_num_threads(before)


def test_thread_slices_in_native_library(convnet, tmp_path):
    path = exir_mlir.export_library(_export_convnet(convnet), tmp_path / "cnn.so", num_threads=2)
    first = runtime.load(path)
    second = first.clone()
    errors: list[str] = []

    def work(program, batches):
        try:
            with torch.no_grad():
                for _ in range(3):
                    for batch in batches:
                        x = torch.randn(batch, 3, 16, 16)
                        got = program(x)[0]
                        if not torch.allclose(got, convnet(x), **TOLERANCE):
                            errors.append(f"batch {batch}: max|err| {(got - convnet(x)).abs().max().item()}")
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(repr(exc))

    workers = [threading.Thread(target=work, args=(first, BATCHES)),
               threading.Thread(target=work, args=(second, tuple(reversed(BATCHES))))]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert not errors, errors


_FIXED_AND_DYNAMIC = """
func.func private @use(memref<10xf32>, memref<1024xf32>)
func.func @fixed_sizes() {
  %a = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
  call @use(%a, %b) : (memref<10xf32>, memref<1024xf32>) -> ()
  memref.dealloc %a : memref<10xf32>
  memref.dealloc %b : memref<1024xf32>
  return
}
func.func private @use_dyn(memref<?x256xf32>, memref<?x64xf32>)
func.func @dynamic_sizes(%n: index, %m: index) {
  %x = memref.alloc(%n) {alignment = 64 : i64} : memref<?x256xf32>
  %y = memref.alloc(%m) {alignment = 64 : i64} : memref<?x64xf32>
  call @use_dyn(%x, %y) : (memref<?x256xf32>, memref<?x64xf32>) -> ()
  memref.dealloc %x : memref<?x256xf32>
  memref.dealloc %y : memref<?x64xf32>
  return
}
"""


def test_a_function_without_dynamic_sizes_is_planned_once(monkeypatch):
    """Compile time: the plan's second way (sizes read off later views) differs from the first only
    in the dynamic sizes it admits, so a function whose candidates all have fixed sizes is planned
    once; one with a dynamic size twice. (That the second way is still taken where it plans more:
    test/Codegen/plan-arena.mlir @size_of_a_later_reshape.)"""
    from exir_mlir._mlir import ir
    from exir_mlir.codegen import arena

    planned = []
    real = arena._collect_once

    def spy(func_op, size_ok, resolve_dims, last_ops):
        planned.append((ir.StringAttr(func_op.attributes["sym_name"]).value, resolve_dims))
        return real(func_op, size_ok, resolve_dims, last_ops)

    monkeypatch.setattr(arena, "_collect_once", spy)
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(_FIXED_AND_DYNAMIC)
        assert arena.plan_arenas(module.operation) == 4
    with_bodies = sorted(p for p in planned if p[0] in ("fixed_sizes", "dynamic_sizes"))
    assert with_bodies == [("dynamic_sizes", False), ("dynamic_sizes", True), ("fixed_sizes", False)]
