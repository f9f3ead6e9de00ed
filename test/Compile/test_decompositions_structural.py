"""compile() takes the structural non-core ops exir_mlir/importer/decompositions_structural.py decomposes:
distances (cdist, pdist), scatter.reduce, fractional max pooling with given samples (logcumsumexp and
histc, which decompositions_scan.py takes, ride along in the first program),
anti-aliased bilinear upsampling, and the random ones (multinomial, geometric of an integer dtype,
rrelu in training). Deterministic ops end to end against eager, with dynamic sizes checked at the export
size and at another one; random ops by their distribution (bounds at 6 standard errors) and support."""

from __future__ import annotations

import math
import warnings

import torch
from torch.export import Dim

import exir_mlir

warnings.filterwarnings("ignore", category=FutureWarning)
aten = torch.ops.aten


def _compile(fn, inputs, dynamic_shapes):
    class M(torch.nn.Module):
        def forward(self, *xs):
            return fn(*xs)

    ep = torch.export.export(M(), inputs, dynamic_shapes=(dynamic_shapes,), strict=False)
    return exir_mlir.compile(ep)


def _check(program, fn, *inputs_list, exact=False):
    for inputs in inputs_list:
        for got, want in zip(program(*inputs), fn(*inputs), strict=True):
            if exact:
                assert torch.equal(got, want)
            else:
                torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5, equal_nan=True)


def test_distances_scans_and_scatter():
    # cdist for p = 2 and 0 (batched, P != R), pdist for a general p (the pair order for N = 6 and 9: the
    # closed-form row of each pair), logcumsumexp with -inf/+inf/NaN, scatter.reduce 'multiply', histc over
    # a given range (inf/NaN and values outside not counted, the top edge in the last bin).
    def f(a, b, x, idx, src):
        return (torch.cdist(a, b), torch.cdist(a, b, p=0.0), torch.nn.functional.pdist(x, p=1.5),
                torch.logcumsumexp(x, 0), torch.scatter(x, 0, idx, src, reduce="multiply"),
                torch.histc(x, 7, -10.0, 15.0))

    def inputs(batch, p, r, n, seed):
        g = torch.Generator().manual_seed(seed)
        a, b = torch.randn(batch, p, 3, generator=g), torch.randn(batch, r, 3, generator=g)
        a[0, 0, 1] = b[0, 1, 1]  # a zero difference (p = 0 counts it out)
        x = torch.randn(n, 4, generator=g) * 10
        x[0, 1], x[1, 2], x[n - 1, 0], x[2, 3] = -math.inf, math.inf, math.nan, 15.0
        idx = torch.randint(0, n, (2, 4), generator=g)
        return a, b, x, idx, torch.randn(2, 4, generator=g)

    first = inputs(2, 5, 4, 6, 0)
    auto = {0: Dim.AUTO, 1: Dim.AUTO}
    program = _compile(f, first, ({0: Dim("B"), 1: Dim("P", max=25)}, {0: Dim("B"), 1: Dim("R", max=25)},
                                  auto, None, None))
    _check(program, f, first, inputs(3, 7, 2, 9, 1))


def test_fractional_max_pool_and_antialiased_upsample():
    # Window starts from the samples (2d: sample [0] is W, [1] H) and the index of each window's first max
    # (ties planted); _upsample_bilinear2d_aa down along H, up along W; dynamic H and W.
    def f(x, u2):
        return (*aten.fractional_max_pool2d(x, [2, 3], [4, 3], u2), aten._upsample_bilinear2d_aa(x, [3, 13], False))

    def inputs(h, w, seed):
        g = torch.Generator().manual_seed(seed)
        x = torch.randn(2, 3, h, w, generator=g)
        x[0, 0, :2, :2] = 5.0  # a tie inside one window
        return x, torch.rand(2, 3, 2, generator=g)

    first = inputs(7, 8, 0)
    program = _compile(f, first, ({2: Dim.AUTO, 3: Dim.AUTO}, None))
    _check(program, f, first, inputs(9, 11, 1))


def test_random_distributions():
    # multinomial with replacement: category frequencies; without: distinct draws, zero weights never drawn,
    # the first draw's frequencies; geometric of int64: mean 1/p, variance (1-p)/p^2; rrelu in training:
    # the negative part scaled by r uniform in [lower, upper) (mean and variance), the rest kept.
    weights = torch.tensor([[1.0, 0.0, 3.0, 6.0], [2.0, 2.0, 0.0, 4.0]])
    n = 4000

    def f(w, k, x):
        return (torch.multinomial(w, n, replacement=True), torch.multinomial(w, 3),
                k.geometric_(0.25), aten.rrelu_with_noise_functional(x, torch.empty_like(x), 0.1, 0.3, True))

    k, x = torch.zeros(3, n, dtype=torch.int64), -torch.rand(3, n) - 0.5
    x[:, :10] = 2.0
    program = _compile(f, (weights, k, x), (None, {0: Dim("B")}, {0: Dim("B")}))
    torch.manual_seed(0)
    with_r, without, geo, (out, noise) = program(weights, k, x)

    probs = weights / weights.sum(1, keepdim=True)
    counts = torch.stack([torch.bincount(row, minlength=4) for row in with_r]).double()
    assert torch.all(torch.abs(counts / n - probs) <= 6 * torch.sqrt(probs * (1 - probs) / n) + 1e-12)

    assert without.shape == (2, 3)
    for row, w in zip(without.tolist(), weights):
        assert len(set(row)) == 3 and all(w[i] > 0 for i in row)

    assert geo.dtype == torch.int64 and geo.shape == (3, n) and int(geo.min()) >= 1
    p, m = 0.25, geo.numel()
    mean, var = geo.double().mean().item(), geo.double().var().item()
    assert abs(mean - 1 / p) <= 6 * math.sqrt((1 - p) / p**2 / m)
    assert abs(var - (1 - p) / p**2) <= 6 * math.sqrt((2 - p) * (1 - p) * (p * p - 6 * p + 6) / p**4 / m)

    assert torch.equal(out[:, :10], x[:, :10]) and torch.all(noise[:, :10] == 1)
    r = noise[:, 10:].flatten().double()
    assert torch.allclose(out[:, 10:], x[:, 10:] * noise[:, 10:])
    assert float(r.min()) >= 0.1 and float(r.max()) < 0.3
    assert abs(r.mean().item() - 0.2) <= 6 * math.sqrt(0.2**2 / 12 / r.numel())
    assert abs(r.var().item() - 0.2**2 / 12) <= 6 * math.sqrt(0.2**4 / 180 / r.numel())
