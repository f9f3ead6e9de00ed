"""What a call allocates (issue 13: no allocation per call on the hot path for fixed sizes), counted
by the compiled code's own allocator (exir_mlir/codegen/buffer_pool.py): `pool_allocs()` counts
every heap allocation the code asks for, `pool_mallocs()` those its pool could not serve.

- a buffer mutation is written by the compiled code into the state (codegen/state_in_place.py): a
  call of a program that updates buffers allocates its user outputs only, static or dynamic, and
  the state matches eager's after every call;
- at sizes seen before, a call mallocs its user outputs only (temporaries come from the pool),
  for dense, convolutional and stateful programs, static and dynamic;
- the programs give eager's results at sizes alternating between calls, on 1, 2 and 3 threads.
"""

from __future__ import annotations

import copy

import pytest
import torch
from torch.export import Dim

import exir_mlir
from exir_mlir.models import MODELS
from exir_mlir.models.stateful import RunningStats
from exir_mlir.models.vision import SmallCNN

TOLERANCE = dict(rtol=1e-4, atol=1e-5)


class TwoLayers(torch.nn.Module):
    """Hidden activations larger than the stack takes (64 x 256 floats): heap temporaries."""

    def __init__(self) -> None:
        super().__init__()
        self.up = torch.nn.Linear(32, 256)
        self.down = torch.nn.Linear(256, 16)

    def forward(self, x):
        return self.down(torch.relu(self.up(x)))


def _compile(module, example, dynamic: bool, threads: int):
    dims = ({0: Dim("batch", min=1, max=1024)},) if dynamic else None
    ep = torch.export.export(copy.deepcopy(module), (example,), dynamic_shapes=dims)
    return exir_mlir.compile(ep, num_threads=threads)


def _user_outputs(program) -> int:
    return sum(o.kind == "user_output" for o in program.signature.outputs)


def _counts_per_call(program, x, calls: int = 3) -> tuple[list[int], list[int]]:
    executable = program.executable
    program(x)  # sizes seen from here on
    allocs, mallocs = [], []
    for _ in range(calls):
        a, m = executable.pool_allocs(), executable.pool_mallocs()
        program(x)
        allocs.append(executable.pool_allocs() - a)
        mallocs.append(executable.pool_mallocs() - m)
    return allocs, mallocs


@pytest.mark.parametrize("dynamic", [False, True])
def test_buffer_mutations_allocate_nothing(dynamic):
    torch.manual_seed(0)
    module = RunningStats(features=8).eval()
    eager = copy.deepcopy(module)
    program = _compile(module, torch.randn(4, 8), dynamic, threads=1)
    assert _user_outputs(program) == 1 and len(program.signature.outputs) == 3  # two buffers updated
    for n in ((4, 9, 2, 4) if dynamic else (4, 4, 4)):
        x = torch.randn(n, 8)
        torch.testing.assert_close(program(x), eager(x), **TOLERANCE)
        for name, buffer in eager.named_buffers():
            torch.testing.assert_close(program.state[name], buffer, rtol=1e-6, atol=1e-6)
    allocs, mallocs = _counts_per_call(program, torch.randn(4, 8))
    # The output, and nothing for the two buffers nor any temporary.
    assert allocs == [1, 1, 1], allocs
    assert mallocs == [1, 1, 1], mallocs
    assert program.state["calls"].item() == eager.calls.item() + 4


@pytest.mark.parametrize("name, dynamic", [("two_layers", False), ("two_layers", True), ("cnn", False),
                                           ("cnn", True)])
def test_calls_at_seen_sizes_malloc_their_outputs_only(name, dynamic):
    torch.manual_seed(0)
    module, shape = {"two_layers": (TwoLayers().eval(), (64, 32)), "cnn": (SmallCNN(3, 10).eval(), (8, 3, 16, 16))}[name]
    program = _compile(module, torch.randn(*shape), dynamic, threads=1)
    outputs = _user_outputs(program)
    sizes = (shape[0], 3, shape[0] + 5, shape[0]) if dynamic else (shape[0],) * 2
    for n in sizes:
        x = torch.randn(n, *shape[1:])
        torch.testing.assert_close(program(x), module(x), **TOLERANCE)
    allocs, mallocs = _counts_per_call(program, torch.randn(*shape))
    assert mallocs == [outputs] * 3, (mallocs, allocs)
    assert allocs[0] >= outputs and allocs == [allocs[0]] * 3, allocs


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_alternating_sizes_on_threads(threads):
    """Dynamic builds called at sizes alternating around tile boundaries: the pool's buffers are
    reused across sizes and across the threads of parallel loops, never shared by two at once."""
    torch.manual_seed(0)
    dense, stats = TwoLayers().eval(), RunningStats(features=8).eval()
    eager_stats = copy.deepcopy(stats)
    dense_program = _compile(dense, torch.randn(64, 32), True, threads)
    stats_program = _compile(stats, torch.randn(4, 8), True, threads)
    for n in (1, 63, 64, 65, 1023, 7, 1024, 64, 2):
        x = torch.randn(n, 32)
        torch.testing.assert_close(dense_program(x), dense(x), **TOLERANCE)
        y = torch.randn(n, 8)
        torch.testing.assert_close(stats_program(y), eager_stats(y), **TOLERANCE)
    torch.testing.assert_close(stats_program.state["running_mean"], eager_stats.running_mean, **TOLERANCE)
    assert stats_program.state["calls"].item() == 9


@pytest.mark.parametrize("threads", [1, 2])
def test_tile_temporaries_do_not_grow_with_the_batch(threads):
    """A convolution's im2col block is a fixed-size temporary per image of the batch, inside the
    parallel loop: allocated once per loop (per thread's chunk: exir_mlir/codegen/loop_buffers.py),
    the allocations a call asks for do not grow with the batch: per-image temporaries would add
    at least 28 from a batch of 4 to one of 32 (the schedule may tile one op otherwise at another
    batch: a temporary more or less)."""
    torch.manual_seed(0)
    module = SmallCNN(3, 10).eval()
    counts = {}
    for batch in (4, 32):
        program = _compile(module, torch.randn(batch, 3, 16, 16), False, threads)
        x = torch.randn(batch, 3, 16, 16)
        torch.testing.assert_close(program(x), module(x), **TOLERANCE)
        counts[batch], _ = _counts_per_call(program, x, calls=2)
    assert counts[32][0] <= counts[4][0] + 2 and counts[32] == [counts[32][0]] * 2, counts


@pytest.mark.parametrize("threads", [1, 2])
def test_dynamic_row_tiles_do_not_grow_with_the_rows(threads):
    """A matmul's row tiles of a dynamic batch (`affine.min(rows left, 64)` rows) use one buffer of
    64 rows per loop (exir_mlir/codegen/loop_buffers.py): a call on 1024 rows asks for as many
    allocations as one on 64 (16 row tiles allocated one each would add at least 15)."""
    torch.manual_seed(0)
    module = TwoLayers().eval()
    program = _compile(module, torch.randn(64, 32), True, threads)
    counts = {}
    for rows in (64, 1024):
        x = torch.randn(rows, 32)
        torch.testing.assert_close(program(x), module(x), **TOLERANCE)
        counts[rows], _ = _counts_per_call(program, x, calls=2)
    assert counts[1024][0] <= counts[64][0] + 2 and counts[1024] == [counts[1024][0]] * 2, counts


@pytest.mark.parametrize("threads", [1, 2])
def test_while_loop_carries_its_buffers(threads):
    """The while_loop model's body writes its new values into the buffers the loop carries
    (exir_mlir/codegen/carried_in_place.py): a call asks for its two results (the counter and x,
    each the loop's init copied once) whatever the iteration count; allocating the carried values
    per iteration took 4 more per iteration (14 at n = 3)."""
    module, (_, x), _ = MODELS["while_loop"]()
    eager = copy.deepcopy(module)
    ep = torch.export.export(copy.deepcopy(module), (torch.tensor(3), x))
    program = exir_mlir.compile(ep, num_threads=threads)
    assert len(program.signature.outputs) == 2
    for n in (0, 1, 3, 6):
        executable = program.executable
        program(torch.tensor(n), x)  # sizes seen from here on
        before = executable.pool_allocs()
        got = program(torch.tensor(n), x)
        assert executable.pool_allocs() - before == 2, (n, executable.pool_allocs() - before)
        want = eager(torch.tensor(n), x)
        assert got[0].item() == n
        torch.testing.assert_close(got[1], want[1], **TOLERANCE)


@pytest.mark.parametrize("threads", [1, 2])
def test_dynamic_cond_and_audio_cnn_take_their_output_and_one_arena(threads):
    """Two dynamic-batch builds that took more: cond's matmul branch (a parallel loop's row tiles
    and their peeled remainders) took 3 per call, the remainder's tile a heap buffer of a size
    computed in its loop and the whole 64-row tile copied to a second one; the remainder is now
    a 7-row stack buffer (codegen/bounded_temporaries.py follows the forall's empty output) and
    the copy is gone: the output only. The audio CNN took 5, three buffers whose batch is read
    off a reshaped view of another temporary; they are in the arena now (codegen/arena.py reads
    the size off the reshape): the output and one arena. The output is the one malloc (torch
    keeps it). At several batches (a remainder of 1 and of 7 rows, two tiles)."""
    from exir_mlir.models.control_flow import CondModel
    from exir_mlir.models.convnets import AudioCNN

    torch.manual_seed(0)
    cond = CondModel(8).eval()
    audio = AudioCNN(classes=10, width=16).eval()
    cond_program = _compile(cond, torch.randn(4, 8), True, threads)
    audio_program = _compile(audio, torch.randn(2, 1, 2000), True, threads)
    for batch in (65, 7, 130):
        x = torch.rand(batch, 8) + 0.05  # x.sum() > 0: the matmul branch
        torch.testing.assert_close(cond_program(x), cond(x), **TOLERANCE)
        allocs, mallocs = _counts_per_call(cond_program, x)
        assert allocs == [1] * 3 and mallocs == [1] * 3, (batch, allocs, mallocs)
    for batch in (3, 8):
        x = torch.randn(batch, 1, 2000)
        torch.testing.assert_close(audio_program(x), audio(x), **TOLERANCE)
        allocs, mallocs = _counts_per_call(audio_program, x)
        assert allocs == [2] * 3 and mallocs == [1] * 3, (batch, allocs, mallocs)
