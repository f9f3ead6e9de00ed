"""while_loop programs whose carried values are written in place (codegen/carried_in_place.py),
compiled and compared with eager PyTorch.

The body's last op computes each new value into the loop's block argument; one-shot bufferization
then writes it into the carried buffer where nothing reads the old value afterwards, and into a new
buffer where something does. These programs put both sides through it, at 0, 1 and 3 iterations
(0: the loop's result is its init, a copy of the user's input, which must stay unchanged), on 1
and 2 threads:
- `tanh(x @ w) + x` (the while_loop benchmark model) and `x @ w + x`: the matmul reads all of x
  before the elementwise op overwrites it; at 64 x 128 the matmul is tiled (and split over the
  threads), each tile reading whole rows of x;
- `x.t() @ w + x`: each output tile reads columns of x that other tiles overwrite;
- a swap, `(x, y) -> (x + y, x)`: the old x is yielded after the new one is computed;
- `(x, y) -> (tanh(x), tanh(x) + x + y)`: the old x is read by the op that computes y, after
  the op that computes the new x.
Planted bugs: the ops after the new value's producer reading the carried buffer as written (an
in-place write regardless of those reads) failed the read-after case; after bufferization, the
copy of the carried buffer that the loop body writes into replaced by the carried buffer itself
(the tiled matmul's panels written into x while other panels still read it) failed
`x @ w + x` at 64 x 128 (75% of the elements wrong) and `x.t() @ w + x`.
"""

import warnings

import pytest
import torch
from torch._higher_order_ops.while_loop import while_loop

import exir_mlir

warnings.filterwarnings("ignore", category=FutureWarning)
warnings.filterwarnings("ignore", category=UserWarning)

TOLERANCE = dict(rtol=1e-4, atol=1e-5)
ITERATIONS = (0, 1, 3)
THREADS = (1, 2)


class _OneCarried(torch.nn.Module):
    """x <- body(x, w), n times."""

    def __init__(self, body, features: int):
        super().__init__()
        self.body = body
        self.w = torch.nn.Parameter(torch.randn(features, features) / features ** 0.5)

    def forward(self, n, x):
        w = self.w
        body = self.body

        def cond_fn(i, x):
            return i < n

        def body_fn(i, x):
            return i + 1, body(x, w)

        return while_loop(cond_fn, body_fn, (torch.zeros((), dtype=torch.int64), x))


class _TwoCarried(torch.nn.Module):
    """(x, y) <- body(x, y), n times."""

    def __init__(self, body):
        super().__init__()
        self.body = body

    def forward(self, n, x, y):
        body = self.body

        def cond_fn(i, x, y):
            return i < n

        def body_fn(i, x, y):
            return (i + 1, *body(x, y))

        return while_loop(cond_fn, body_fn, (torch.zeros((), dtype=torch.int64), x, y))


def _tanh_residual(x, w):
    return torch.tanh(x @ w) + x


def _matmul_residual(x, w):
    return x @ w + x


def _transposed_residual(x, w):
    return x.t() @ w + x


def _swap(x, y):
    return x + y, x.clone()  # (while_loop does not take a yielded input as it is)


def _read_after(x, y):
    return torch.tanh(x), torch.tanh(x) + x + y


CASES = {
    "tanh_residual_4x8": (lambda: _OneCarried(_tanh_residual, 8), [(4, 8)]),
    "matmul_residual_4x8": (lambda: _OneCarried(_matmul_residual, 8), [(4, 8)]),
    "matmul_residual_64x128": (lambda: _OneCarried(_matmul_residual, 128), [(64, 128)]),
    "transposed_residual_64x64": (lambda: _OneCarried(_transposed_residual, 64), [(64, 64)]),
    "swap_4x8": (lambda: _TwoCarried(_swap), [(4, 8), (4, 8)]),
    "read_after_16x32": (lambda: _TwoCarried(_read_after), [(16, 32), (16, 32)]),
}


@pytest.fixture(scope="module")
def compiled():
    cache = {}

    def get(case, threads):
        if (case, threads) not in cache:
            torch.manual_seed(0)
            make, shapes = CASES[case]
            module = make().eval()
            example = (torch.tensor(2), *(torch.randn(s) for s in shapes))
            ep = torch.export.export(module, example)
            cache[case, threads] = module, shapes, exir_mlir.compile(ep, num_threads=threads)
        return cache[case, threads]

    return get


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("case", list(CASES))
def test_carried_values_match_eager(compiled, case, threads):
    module, shapes, program = compiled(case, threads)
    torch.manual_seed(1)
    for n in ITERATIONS:
        inputs = [torch.randn(s) for s in shapes]
        kept = [t.clone() for t in inputs]
        got = program(torch.tensor(n), *inputs)
        want = module(torch.tensor(n), *kept)
        assert got[0].item() == n
        for g, w in zip(got[1:], want[1:]):
            torch.testing.assert_close(g, w, **TOLERANCE)
        for t, k in zip(inputs, kept):  # the loop's init is a copy: the caller's tensors are unchanged
            assert torch.equal(t, k)
