"""Shape-and-thread sweep: every CPU contraction/convolution/reduction strategy, compiled at 1, 2
and 3 worker threads, static and dynamic, run on sizes that straddle the tile and thread
boundaries, compared with eager PyTorch and across thread counts.

Why: a race in the parallel stage returned wrong values for `nn.Linear` on 1088..2112 rows at
2 threads while every test (all under 1024 rows, one thread count) passed. Sizes and threads are
inputs like any other.

Used by test_thread_sweep.py (a fixed slice in CI) and _gen_thread_sweep.py (everything, writes
docs/thread-sweep.md).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Callable

import torch
from torch.export import Dim, export

import exir_mlir

THREADS = (1, 2, 3)
# 1, primes, multiples of the thread/cache tiles (64) and of the register blocks (2, 4, 8) +- 1,
# just below/at/above 1024 and 2048, the sizes of the original report, up to 4096 rows.
ROWS = (1, 2, 3, 7, 31, 63, 64, 65, 127, 128, 129, 255, 257, 1023, 1024, 1025, 1088, 1152, 1536,
        1600, 2047, 2048, 2049, 2112, 3000, 4095, 4096)
MAX_ROWS = 4096
# f32 tolerances against eager: outputs are O(1..10), sums over at most 512 terms.
RTOL, ATOL = 1e-4, 1e-4
# Across thread counts only the split of the iteration space changes, never a reduction order
# of one output element, so compiled outputs at 1, 2 and 3 threads must agree to this.
THREAD_ATOL = 1e-5


@dataclasses.dataclass(frozen=True)
class Case:
    """A program whose leading dim (`rows`) is swept; `make_inputs(rows)` builds its inputs."""

    name: str
    strategy: str  # which CPU pipeline path it exercises (exir_mlir/codegen/strategy.py)
    module: Callable[[], torch.nn.Module]
    make_inputs: Callable[[int, torch.Generator], tuple[torch.Tensor, ...]]


class _MatMul(torch.nn.Module):
    def forward(self, a, b):
        return a @ b


class _LinearNoBias(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(96, 64) / 8)

    def forward(self, x):
        return x @ self.weight.t()


class _AddmmAct(torch.nn.Module):
    def __init__(self, act):
        super().__init__()
        self.linear = torch.nn.Linear(64, 80)
        self.act = act

    def forward(self, x):
        return self.act(self.linear(x))


class _Bmm(torch.nn.Module):
    def forward(self, a, b):
        return torch.bmm(a, b)


class _Reduce(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x)


def _randn(gen: torch.Generator, *shape: int) -> torch.Tensor:
    return torch.randn(*shape, generator=gen)


def _seeded(factory: Callable[[], torch.nn.Module]) -> Callable[[], torch.nn.Module]:
    def make() -> torch.nn.Module:
        torch.manual_seed(0)
        return factory().eval()
    return make


CASES: tuple[Case, ...] = (
    Case("matmul", "contraction (A @ B, outer-product register blocks)", _seeded(_MatMul),
         lambda r, g: (_randn(g, r, 64), _randn(g, 64, 96))),
    Case("linear", "dot (x @ W^T, k contiguous) with a bias-broadcast init",
         _seeded(lambda: torch.nn.Linear(64, 128)), lambda r, g: (_randn(g, r, 64),)),
    Case("x_wt", "dot (x @ W^T) with a zero-fill init", _seeded(_LinearNoBias),
         lambda r, g: (_randn(g, r, 64),)),
    Case("addmm_relu", "fused addmm + bias + relu", _seeded(lambda: _AddmmAct(torch.nn.ReLU())),
         lambda r, g: (_randn(g, r, 64),)),
    Case("addmm_gelu", "fused addmm + bias + gelu", _seeded(lambda: _AddmmAct(torch.nn.GELU())),
         lambda r, g: (_randn(g, r, 64),)),
    # Batched: the swept size is the matrix rows, the batch is 3 (a thread-tiled parallel dim).
    Case("bmm", "batched contraction", _seeded(_Bmm),
         lambda r, g: (_randn(g, 3, r, 32), _randn(g, 3, 32, 48))),
    # Convolutions: the swept size is the batch * 4 * 4 output pixels (im2col rows); the batch
    # is the dim marked dynamic.
    Case("conv2d", "convolution (im2col + contraction)",
         _seeded(lambda: torch.nn.Conv2d(8, 16, 3, padding=1)),
         lambda r, g: (_randn(g, max(1, r // 16), 8, 4, 4),)),
    Case("sum_rows", "parallel reduction over the contiguous dim (split accumulators)",
         _seeded(lambda: _Reduce(lambda x: x.sum(-1))), lambda r, g: (_randn(g, r, 300),)),
    Case("sum_cols", "reduction over the rows (the swept dim is reduced)",
         _seeded(lambda: _Reduce(lambda x: x.sum(0))), lambda r, g: (_randn(g, r, 96),)),
    Case("softmax", "softmax (row reductions + elementwise)", _seeded(lambda: torch.nn.Softmax(-1)),
         lambda r, g: (_randn(g, r, 130),)),
    Case("layer_norm", "layer norm (row mean/variance)", _seeded(lambda: torch.nn.LayerNorm(72)),
         lambda r, g: (_randn(g, r, 72),)),
)
CASES_BY_NAME = {c.name: c for c in CASES}


def _dynamic_shapes(case: Case, inputs: tuple[torch.Tensor, ...]):
    """The swept dim of the first input (and of every input that shares it) is dynamic."""
    rows = Dim("rows", min=1, max=MAX_ROWS)
    swept_dim = 1 if case.name == "bmm" else 0
    shapes = []
    for i, _ in enumerate(inputs):
        shapes.append({swept_dim: rows} if i == 0 else None)
    return tuple(shapes)


@dataclasses.dataclass
class Outcome:
    case: str
    mode: str  # "static" or "dynamic"
    threads: int
    rows: int
    max_error: float  # against eager
    matches: bool
    error: str = ""


def _max_error(got: torch.Tensor, want: torch.Tensor) -> float:
    if got.shape != want.shape:
        return math.inf
    return (got - want).abs().max().item() if got.numel() else 0.0


def compile_case(case: Case, mode: str, threads: int, rows: int):
    """Exports and compiles `case` (static at `rows`, or dynamic from a sample of 64 rows)."""
    model = case.module()
    gen = torch.Generator().manual_seed(rows)
    sample = case.make_inputs(rows if mode == "static" else 64, gen)
    dynamic = _dynamic_shapes(case, sample) if mode == "dynamic" else None
    ep = export(model, sample, dynamic_shapes=dynamic)
    return model, exir_mlir.compile(ep, num_threads=threads)


def run_case(case: Case, model, program, mode: str, threads: int, rows: int) -> tuple[Outcome, torch.Tensor | None]:
    gen = torch.Generator().manual_seed(1000 + rows)
    inputs = case.make_inputs(rows, gen)
    with torch.no_grad():
        want = model(*inputs)
    try:
        got = program(*inputs)
    except Exception as exc:  # recorded, the test reports it
        return Outcome(case.name, mode, threads, rows, math.inf, False, f"{type(exc).__name__}: {exc}"[:200]), None
    err = _max_error(got, want)
    ok = got.shape == want.shape and torch.allclose(got, want, rtol=RTOL, atol=ATOL)
    return Outcome(case.name, mode, threads, rows, err, ok), got


def sweep(case: Case, mode: str, rows_list, threads_list=THREADS):
    """Every (threads, rows) of one case and mode: outcomes, and the largest spread across threads."""
    outcomes: list[Outcome] = []
    outputs: dict[int, dict[int, torch.Tensor]] = {}
    programs = {}
    for threads in threads_list:
        for rows in rows_list:
            if mode == "dynamic":
                if threads not in programs:
                    programs[threads] = compile_case(case, mode, threads, rows)
                model, program = programs[threads]
            else:
                model, program = compile_case(case, mode, threads, rows)
            outcome, got = run_case(case, model, program, mode, threads, rows)
            outcomes.append(outcome)
            if got is not None:
                outputs.setdefault(rows, {})[threads] = got
    spread = {
        rows: max((_max_error(o, per_threads[min(per_threads)]) for o in per_threads.values()), default=0.0)
        for rows, per_threads in outputs.items()
    }
    return outcomes, spread
