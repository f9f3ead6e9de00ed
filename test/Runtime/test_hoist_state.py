"""Computations of read-only state run once (codegen/hoist_state.py): weights packed into panels by
the init function when the program binds its state, in the JIT (CompiledProgram) and the native
library (exir_create), against eager torch; across the register block, thread tile and thread
boundaries (rows 1, 3, 63, 64, 65, 1025 at 1, 2 and 3 threads), static and dynamic batch; buffers
the program mutates and user inputs are never hoisted; a weight changed in place after compiling
is seen by the next call."""

import pytest
import torch
from torch.export import Dim

import exir_mlir
from exir_mlir.abi import HOISTED_KIND
from exir_mlir.runtime import load

ROWS = (1, 3, 63, 64, 65, 1025)
TOL = dict(rtol=1e-4, atol=1e-4)


def _mlp():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(768, 768), torch.nn.ReLU(), torch.nn.Linear(768, 256)).eval()


class _Block(torch.nn.Module):
    """Transformer-like: attention projections and an MLP, with residuals and layer norms."""

    def __init__(self, dim=256, heads=4):
        super().__init__()
        self.norm1, self.norm2 = torch.nn.LayerNorm(dim), torch.nn.LayerNorm(dim)
        self.attn = torch.nn.MultiheadAttention(dim, heads, batch_first=True)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(dim, 4 * dim), torch.nn.GELU(), torch.nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))


def _hoisted(program) -> list[str]:
    """Names of the values the program's init function computes (empty: nothing was hoisted)."""
    return [s.name for s in program.signature.inputs if s.kind == HOISTED_KIND]


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_dynamic_batch_mlp_jit(threads):
    model = _mlp()
    ep = torch.export.export(model, (torch.randn(64, 768),), dynamic_shapes=({0: Dim("batch", min=1, max=2048)},))
    program = exir_mlir.compile(ep, num_threads=threads)
    # Both weights' panels are computed once (the biases are read as they are).
    assert program.signature.init.arguments == ["0.weight", "2.weight"]
    assert len(_hoisted(program)) == 2
    for rows in ROWS:
        x = torch.randn(rows, 768)
        with torch.no_grad():
            torch.testing.assert_close(program(x), model(x), **TOL)


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("rows", ROWS)
def test_static_batch_linear_jit(rows, threads):
    torch.manual_seed(rows)
    model = torch.nn.Sequential(torch.nn.Linear(768, 768), torch.nn.ReLU()).eval()
    x = torch.randn(rows, 768)
    program = exir_mlir.compile(torch.export.export(model, (x,)), num_threads=threads)
    # The weight's panels [768 / P, 768, P] (at one row, the bias broadcast to [1, 768] too).
    assert any(len(s.shape) == 3 for s in program.signature.inputs if s.kind == HOISTED_KIND)
    with torch.no_grad():
        torch.testing.assert_close(program(x), model(x), **TOL)
        x2 = torch.randn(rows, 768)
        torch.testing.assert_close(program(x2), model(x2), **TOL)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_transformer_like_stack_dynamic_batch_and_sequence(threads):
    torch.manual_seed(1)
    model = torch.nn.Sequential(_Block(), _Block()).eval()
    dims = ({0: Dim("batch", min=1, max=64), 1: Dim("seq", min=2, max=512)},)
    ep = torch.export.export(model, (torch.randn(2, 16, 256),), dynamic_shapes=dims)
    program = exir_mlir.compile(ep, num_threads=threads)
    assert _hoisted(program)
    for batch, seq in ((1, 3), (2, 63), (1, 65), (3, 64)):
        x = torch.randn(batch, seq, 256)
        with torch.no_grad():
            torch.testing.assert_close(program(x), model(x), **TOL)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_dynamic_batch_mlp_library(tmp_path, threads):
    model = _mlp()
    ep = torch.export.export(model, (torch.randn(64, 768),), dynamic_shapes=({0: Dim("batch", min=1, max=2048)},))
    weights = "external" if threads == 3 else "embedded"
    path = exir_mlir.export_library(ep, tmp_path / "mlp.so", num_threads=threads, weights=weights)
    first, second = load(path), load(path)  # each instance runs the init function in exir_create
    for rows in ROWS:
        x = torch.randn(rows, 768)
        with torch.no_grad():
            expected = model(x).numpy()
        for native in (first, second):
            torch.testing.assert_close(torch.from_numpy(native(x.numpy())[0]), torch.from_numpy(expected), **TOL)


class _StatsAndLinear(torch.nn.Module):
    """A weight (hoisted), a buffer the program updates (never hoisted: each call reads the last
    call's value), and a buffer no call changes (read-only state: hoisted like a weight)."""

    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(256, 256)
        self.register_buffer("total", torch.zeros(256, 256))
        self.register_buffer("basis", torch.randn(256, 256))

    def forward(self, x):
        self.total.add_(self.linear.weight.t() * 0.5)
        return self.linear(x) + x @ self.total + x @ self.basis.t()


def test_mutated_buffer_is_not_hoisted():
    torch.manual_seed(2)
    eager = _StatsAndLinear().eval()
    ep = torch.export.export(_StatsAndLinear().eval(), (torch.randn(8, 256),),
                             dynamic_shapes=({0: Dim("batch", min=1, max=512)},))
    eager.load_state_dict(ep.state_dict)
    program = exir_mlir.compile(ep, num_threads=2)
    assert "total" not in program.signature.init.arguments
    assert "basis" in program.signature.init.arguments and "linear.weight" in program.signature.init.arguments
    for rows in (1, 65, 3):
        x = torch.randn(rows, 256)
        with torch.no_grad():
            torch.testing.assert_close(program(x), eager(x), **TOL)
    torch.testing.assert_close(program.state["total"], eager.total)


def test_mutated_buffer_library(tmp_path):
    torch.manual_seed(3)
    eager = _StatsAndLinear().eval()
    ep = torch.export.export(_StatsAndLinear().eval(), (torch.randn(8, 256),),
                             dynamic_shapes=({0: Dim("batch", min=1, max=512)},))
    eager.load_state_dict(ep.state_dict)
    native = load(exir_mlir.export_library(ep, tmp_path / "stats.so", num_threads=2))
    for rows in (1, 65, 3):
        x = torch.randn(rows, 256)
        with torch.no_grad():
            expected = eager(x)
        torch.testing.assert_close(torch.from_numpy(native(x.numpy())[0]), expected, **TOL)


def test_weight_changed_in_place_after_compiling():
    # The program shares the exported program's parameters (as ep.module() does): an in-place change
    # (an optimizer step, load_state_dict) is seen by the next call, whose init runs again.
    model = _mlp()
    ep = torch.export.export(model, (torch.randn(64, 768),), dynamic_shapes=({0: Dim("batch", min=1, max=2048)},))
    program = exir_mlir.compile(ep, num_threads=2)
    x = torch.randn(65, 768)
    torch.testing.assert_close(program(x), ep.module()(x).detach(), **TOL)
    with torch.no_grad():
        ep.state_dict["0.weight"].mul_(-2.0)
    torch.testing.assert_close(program(x), ep.module()(x).detach(), **TOL)
    with torch.no_grad():
        ep.state_dict["2.weight"].copy_(torch.randn(256, 768))
    torch.testing.assert_close(program(x), ep.module()(x).detach(), **TOL)


def test_cache_dir_keeps_the_init_function(tmp_path):
    # A later process loads the kernel library with its exir_packed_init and the signature's init.
    from exir_mlir import compiler

    model = _mlp()
    ep = torch.export.export(model, (torch.randn(64, 768),), dynamic_shapes=({0: Dim("batch", min=1, max=2048)},))
    compiler._MEMORY.clear()  # (another test of this process may have compiled the same program)
    exir_mlir.compile(ep, num_threads=2, cache_dir=tmp_path)
    compiler._MEMORY.clear()
    program = exir_mlir.compile(ep, num_threads=2, cache_dir=tmp_path)
    assert program.loaded_from_disk and len(_hoisted(program)) == 2
    x = torch.randn(65, 768)
    with torch.no_grad():
        torch.testing.assert_close(program(x), model(x), **TOL)
