"""uint8 programs (issue 12 item 3) compile and match eager exactly: every pair of the values
0, 1, 127, 128, 200, 255 (both sides of the sign bit: 128..255 are negative as signed bytes, so
a signed comparison, division, max, sort or cast gets them wrong) through the ops whose lowering
reads unsignedness (lowering/to_linalg/unsigned.py), with a dynamic batch, run at two batch sizes;
uint8 inputs and outputs are torch.uint8 tensors. An op that has no uint8 lowering is a clear
error naming it.
"""

import warnings

import pytest
import torch
import torch.nn.functional as F

import exir_mlir
from exir_mlir.errors import ExirUserError

warnings.filterwarnings("ignore", category=FutureWarning)

VALUES = torch.tensor([0, 1, 127, 128, 200, 255], dtype=torch.uint8)


class Uint8Ops(torch.nn.Module):
    def forward(self, a, b, idx):
        d = b.clamp(min=1)
        return (
            a + b, a - b, a * b, -a, a + 100, a * 3,
            a < b, a >= b, a == b, a > 127, a <= 200,
            torch.maximum(a, b), torch.minimum(a, b), torch.clamp(a, 5, 200),
            torch.div(a, d, rounding_mode="floor"), torch.div(a, d, rounding_mode="trunc"), a % d, torch.fmod(a, d),
            a / d, a & b, a | b, a ^ b, ~a, a.abs(),
            a.float() * 0.5, (a.float() * 1.5).to(torch.uint8), (a.float() - 128.0).to(torch.uint8),
            a.to(torch.int16), a.to(torch.int8), a.to(torch.int64) - 100, (a.to(torch.int16) - 100).to(torch.uint8),
            a.to(torch.bool),
            a.sum(1), a.prod(1), a.cumsum(1), a.amax(1), a.amin(1), a.argmax(1), a.argmin(1),
            torch.cat([a, b], 1), torch.where(a > b, a, b), a[:, idx],
            a.any(1), a << (b % 10), a >> (b % 10),  # any is uint8 here; shifts by 8, 9 give 0
            torch.sort(a ^ b, 1)[0], torch.sort(a, 0, descending=True)[0],  # rows of a are one value
        )


def _pairs(rows: int):
    """a, b of shape (rows, 6): the first 6 rows hold every (a, b) pair of VALUES."""
    i = torch.arange(rows * 6)
    return VALUES[(i // 6) % 6].reshape(rows, 6), VALUES[i % 6].reshape(rows, 6)


def test_uint8_ops_match_eager_exactly():
    m = Uint8Ops()
    idx = torch.tensor([5, 0, 3])
    a, b = _pairs(6)
    n = torch.export.Dim("n", max=64)
    ep = torch.export.export(m, (a, b, idx), dynamic_shapes=({0: n}, {0: n}, None))
    program = exir_mlir.compile(ep)
    for rows in (6, 11):
        a, b = _pairs(rows)
        got, want = program(a, b, idx), m(a, b, idx)
        assert len(got) == len(want)
        for i, (g, w) in enumerate(zip(got, want)):
            assert g.dtype == w.dtype, (i, g.dtype, w.dtype)
            torch.testing.assert_close(g, w, rtol=0, atol=0, msg=f"output {i}")


class SignSensitive(torch.nn.Module):
    def forward(self, a, b):
        return a > b, torch.maximum(a, b), a // b.clamp(min=1), a.float(), a.argmax(0), a.amin(0), a.to(torch.int32)


def test_uint8_static_shapes_match_eager_exactly():
    """The same lowering with static shapes (no symbolic dims to carry through the casts)."""
    m = SignSensitive()
    a, b = _pairs(6)
    program = exir_mlir.compile(torch.export.export(m, (a, b)))
    for g, w in zip(program(a, b), m(a, b)):
        assert g.dtype == w.dtype
        torch.testing.assert_close(g, w, rtol=0, atol=0)


class Uint8MatmulPool(torch.nn.Module):
    def forward(self, a, b, img):
        pool = F.max_pool2d
        rows = torch.arange(a.shape[0]).flip(0)[:, None].expand(a.shape)  # a permutation: no duplicate
        return (a @ b.t(), torch.bmm(a[None], b.t()[None]), a @ b.t() + b[0],  # products wrap mod 256
                pool(img, 3, 2, padding=1), pool(img, 2),  # eager has no uint8 max_pool1d
                *pool(img, 3, 2, padding=1, return_indices=True),
                F.conv2d(img, img[:1, :, :3, :3], padding=1), F.conv1d(img[:, :, 0], img[:1, :, 0, :3], stride=2),
                F.interpolate(img, scale_factor=2), F.interpolate(img, size=(9, 5)),
                a ** 2, a ** b[0], b ** a[0],  # exponents 128..255 are not negative
                torch.zeros_like(a).scatter(0, rows, a), torch.ones_like(a).scatter_add(0, rows % 2, a),
                torch.full_like(a, 127).scatter_reduce(0, rows % 2, a, "amax"),  # 128..255 beat 127
                torch.full_like(a, 128).scatter_reduce(0, rows % 2, a, "amin", include_self=False),
                a + b[1, 4].item())  # .item() of a uint8 200 is 200, not -56


def test_uint8_matmul_pool_pow_scatter_match_eager_exactly():
    """matmul wraps around as eager's uint8 mm does (sign-agnostic); max pooling compares unsigned and
    pads with 0 (with indices too): a window of values below 128 next to the border would read a signed pad (-128,
    i.e. 128) as its max, and a window holding 200 and 100 would pick 100 compared signed; pow with
    an exponent of 128..255 (negative as a signed byte: ipowi would give 0); scatter and scatter_add
    (sign-agnostic); scatter_reduce amax/amin (compare unsigned); .item() (zero-extends); convolution
    (wraps like matmul, pads with 0) and nearest upsampling (data movement)."""
    m = Uint8MatmulPool()
    n = torch.export.Dim("n", max=64)
    gen = torch.Generator().manual_seed(0)

    def image(rows):  # the left half below 128, the right half 128..255
        low = torch.randint(0, 128, (rows, 2, 7, 4), dtype=torch.uint8, generator=gen)
        return torch.cat([low, low + 128], 3)

    a, b = _pairs(6)
    ep = torch.export.export(m, (a, b, image(2)), dynamic_shapes=({0: n}, None, {0: torch.export.Dim("m", max=8)}))
    program = exir_mlir.compile(ep)
    for rows, images in ((6, 2), (11, 3)):
        a, _ = _pairs(rows)
        img = image(images)
        for i, (g, w) in enumerate(zip(program(a, b, img), m(a, b, img), strict=True)):
            assert g.dtype == w.dtype, (i, g.dtype, w.dtype)
            torch.testing.assert_close(g, w, rtol=0, atol=0, msg=f"output {i}")


def test_uint8_op_without_lowering_is_a_clear_error():
    class Bilinear(torch.nn.Module):
        def forward(self, a):
            return F.interpolate(a, scale_factor=2, mode="bilinear")  # eager blends in fixed point

    ep = torch.export.export(Bilinear(), (torch.zeros(1, 1, 3, 3, dtype=torch.uint8),))
    # named as the user wrote it (the ATen overload), not as the edge op it became
    with pytest.raises(ExirUserError, match=r"node upsample_bilinear2d\): 'aten::upsample_bilinear2d.vec' cannot be "
                       r"lowered to linalg: bilinear upsampling of an integer \(uint8\) tensor is not supported .* interpolate "
                       r"x.float\(\) and cast the result back"):
        exir_mlir.compile(ep)


@pytest.mark.parametrize("mode, antialias, node", [("bicubic", False, "upsample_bicubic2d"),
                                                   ("bilinear", True, "_upsample_bilinear2d_aa")])
def test_uint8_fixed_point_resampling_is_a_clear_error(mode, antialias, node):
    """Eager resamples uint8 separably with fixed-point weights (off by one from any float blend): an error
    naming the op and the line before decomposition, not a silent mismatch."""
    class Resample(torch.nn.Module):
        def forward(self, a):
            return F.interpolate(a, scale_factor=2, mode=mode, antialias=antialias)

    ep = torch.export.export(Resample(), (torch.zeros(1, 1, 3, 3, dtype=torch.uint8),))
    with pytest.raises(ExirUserError, match=rf"test_uint8.py:\d+: node '{node}' .*upsampling of a uint8 tensor is not "
                       r"supported: eager's uint8 kernel resamples with fixed-point weights .* interpolate x.float\(\)"):
        exir_mlir.compile(ep)
