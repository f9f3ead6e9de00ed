"""Random ops (issue 12 item 3) end to end: the compiled generator's bits against a reference
Philox4x32-10 (itself checked on Random123's known-answer vectors), each op's distribution against
bounds computed from the sample size (means and variances within 6 standard errors, a
Kolmogorov-Smirnov distance for uniform and normal, a chi-square for randint, bernoulli and dropout
rates), the seed rule (README, "Random ops": torch.manual_seed makes a call reproducible,
successive calls differ) and a dynamic batch. Bits cannot match eager's generator; distributions do.

False-failure rates: every bound is at 6 standard errors or at a significance of 1e-6.
"""

import math
import warnings

import pytest
import torch

import exir_mlir

warnings.filterwarnings("ignore", category=FutureWarning)

MASK32 = 0xFFFFFFFF


def philox4x32_10(counter, key):
    """Reference Philox4x32-10 on Python ints (Salmon et al., SC'11; Random123's philox.h)."""
    c, (k0, k1) = list(counter), key
    for r in range(10):
        p0, p1 = 0xD2511F53 * c[0], 0xCD9E8D57 * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k0, p1 & MASK32, (p0 >> 32) ^ c[3] ^ k1, p0 & MASK32]
        if r != 9:
            k0, k1 = (k0 + 0x9E3779B9) & MASK32, (k1 + 0xBB67AE85) & MASK32
    return c


def test_reference_philox_matches_random123_known_answers():
    assert philox4x32_10([0, 0, 0, 0], (0, 0)) == [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]
    assert philox4x32_10([MASK32] * 4, (MASK32, MASK32)) == [0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]
    assert philox4x32_10([0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344], (0xA4093822, 0x299F31D0)) == [
        0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1]


class RandomOps(torch.nn.Module):
    def forward(self, x, p):
        n = x.shape[0]
        return (
            torch.rand(n, 64),                                   # 0 uniform [0, 1), stream 0
            torch.randn_like(x),                                 # 1 standard normal
            x.bernoulli(0.3),                                    # 2
            torch.bernoulli(p),                                  # 3 per-element probabilities
            torch.nn.functional.dropout(x, 0.25, training=True),  # 4
            torch.normal(x, 2.0),                                # 5 mean x, std 2
            torch.empty_like(x).uniform_(-1.0, 2.0),             # 6
            torch.randint(3, 10, (n, 64)),                       # 7
            torch.rand(n, 64, dtype=torch.float64),              # 8
            torch.randn(n, 64, dtype=torch.float64),             # 9
        )


@pytest.fixture(scope="module")
def program():
    n = torch.export.Dim("n", max=4096)
    ep = torch.export.export(RandomOps(), (torch.randn(4, 64), torch.rand(4, 64)),
                             dynamic_shapes=({0: n}, {0: n}))
    return exir_mlir.compile(ep)


@pytest.fixture(scope="module")
def draws(program):
    torch.manual_seed(1234)
    x, p = torch.randn(2000, 64), torch.rand(2000, 64)
    return x, p, [o.double() for o in program(x, p)]


def _check_moments(v, mean, var, mu4):
    """Sample mean and variance within 6 standard errors (`mu4`: the fourth central moment)."""
    n = v.numel()
    assert abs(v.mean().item() - mean) < 6 * math.sqrt(var / n), v.mean().item()
    assert abs(v.var().item() - var) < 6 * math.sqrt((mu4 - var * var) / n), v.var().item()


def _ks_distance(v, cdf):
    s = torch.sort(v.flatten().double()).values
    n = s.numel()
    f = cdf(s)
    i = torch.arange(1, n + 1, dtype=torch.float64)
    return max((i / n - f).max().item(), (f - (i - 1) / n).max().item())


def _ks_bound(n):
    return math.sqrt(-math.log(1e-6 / 2) / (2 * n))  # P(D > bound) <= 1e-6 (Dvoretzky-Kiefer-Wolfowitz)


def test_uniform_and_normal_distributions(draws):
    _, _, out = draws
    for u in (out[0], out[8]):
        assert 0.0 <= u.min().item() and u.max().item() < 1.0
        _check_moments(u, 0.5, 1 / 12, 1 / 80)
        assert _ks_distance(u, lambda s: s) < _ks_bound(u.numel())
    for z in (out[1], out[9]):
        _check_moments(z, 0.0, 1.0, 3.0)
        assert _ks_distance(z, torch.special.ndtr) < _ks_bound(z.numel())
    # f64 is drawn with 53 bits, f32 with 24: f32 values collide (birthday bound), f64 ones do not.
    assert len(torch.unique(out[8])) > len(torch.unique(out[0]))


def test_derived_distributions(draws):
    x, p, out = draws
    n = x.numel()
    x = x.double()
    rate = out[2].mean().item()
    assert set(torch.unique(out[2]).tolist()) <= {0.0, 1.0}
    assert abs(rate - 0.3) < 6 * math.sqrt(0.3 * 0.7 / n)
    # bernoulli(p): hits - p has mean 0 and variance mean(p (1 - p)).
    diff = out[3] - p.double()
    assert abs(diff.mean().item()) < 6 * math.sqrt((p * (1 - p)).double().mean().item() / n)
    # dropout(p=0.25): zeros at rate 0.25, kept values scaled by 1/0.75.
    kept = out[4] != 0
    assert abs(1 - kept.double().mean().item() - 0.25) < 6 * math.sqrt(0.25 * 0.75 / n)
    torch.testing.assert_close(out[4][kept], x[kept] / 0.75, rtol=1e-6, atol=1e-6)
    # normal(x, 2): (out - x) / 2 is standard normal.
    _check_moments((out[5] - x) / 2, 0.0, 1.0, 3.0)
    # uniform(-1, 2)
    u = out[6]
    assert -1.0 <= u.min().item() and u.max().item() < 2.0
    _check_moments(u, 0.5, 9 / 12, 81 / 80)
    # randint(3, 10): 7 equally likely values; chi-square (6 degrees of freedom) below its 1e-6 quantile.
    k = out[7]
    counts = torch.bincount(k.flatten().long() - 3, minlength=7)
    assert counts.numel() == 7 and k.min().item() >= 3 and k.max().item() <= 9
    expected = k.numel() / 7
    assert ((counts - expected) ** 2 / expected).sum().item() < 40.0


def test_streams_and_neighbours_are_uncorrelated(draws):
    _, _, out = draws
    u, w = out[0].flatten(), out[8].flatten()
    bound = 6 / math.sqrt(u.numel())
    for a, b in ((u, w), (u[:-1], u[1:]), (u[:-64], u[64:])):
        r = torch.corrcoef(torch.stack([a, b]))[0, 1].item()
        assert abs(r) < bound, r


def test_compiled_bits_are_philox(program):
    """rand's element i is (Philox(counter = (i, 0, stream 0, 0), key = seed) word 0 >> 8) * 2^-24,
    with the seed one draw from torch's generator (`random_()` on an int64 scalar)."""
    x, p = torch.randn(3, 64), torch.rand(3, 64)
    torch.manual_seed(7)
    seed = torch.zeros((), dtype=torch.int64).random_().item()
    torch.manual_seed(7)
    got = program(x, p)[0].flatten()
    key = (seed & MASK32, seed >> 32)
    for i in (0, 1, 2, 63, 64, 191):
        want = (philox4x32_10([i, 0, 0, 0], key)[0] >> 8) * 2.0 ** -24
        assert got[i].item() == want, i


def test_manual_seed_reproduces_and_calls_differ(program):
    x, p = torch.randn(5, 64), torch.rand(5, 64)
    torch.manual_seed(0)
    a = program(x, p)
    torch.manual_seed(0)
    b = program(x, p)
    c = program(x, p)
    for i, (u, v, w) in enumerate(zip(a, b, c)):
        assert torch.equal(u, v), i
        assert not torch.equal(v, w), i


def test_dynamic_batch_element_index_is_the_counter(program):
    """A smaller batch under the same seed draws the leading rows of a larger one (counter = linear
    index), with the shapes and dtypes eager gives."""
    x, p, x2, p2 = torch.randn(7, 64), torch.rand(7, 64), torch.randn(300, 64), torch.rand(300, 64)
    torch.manual_seed(3)
    small = program(x, p)
    torch.manual_seed(3)
    large = program(x2, p2)
    want = RandomOps()(torch.randn(7, 64), torch.rand(7, 64))
    for i, (s, w) in enumerate(zip(small, want)):
        assert s.shape == w.shape and s.dtype == w.dtype, (i, s.shape, s.dtype, w.dtype)
    for i in (0, 1, 7, 8, 9):  # inputs-independent outputs
        assert torch.equal(small[i], large[i][:7]), i
