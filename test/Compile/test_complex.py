"""FFT and complex tensors (issue 12 item 3) compile and match eager torch.fft.

exir_mlir.importer.complex_to_real rewrites complex values to real ones (view_as_real's layout) and
each FFT to DFT matmuls; complex inputs and outputs cross the boundary as complex torch tensors.
One compile per program, called at several sizes: even, odd and prime lengths through one dynamic
length; every torch.fft normalization; 1-d to 3-d transforms; f32 and f64. Tolerances: a DFT as
a matmul sums N terms, so f32 gets 1e-4 relative to the output's scale, f64 1e-10.
"""

import warnings

import pytest
import torch

import exir_mlir
from exir_mlir.errors import ExirUserError

warnings.filterwarnings("ignore", category=FutureWarning)


def _close(got, want, tol):
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, want.dtype, got.shape, want.shape)
    scale = max(1.0, want.abs().max().item())
    torch.testing.assert_close(got, want, rtol=0, atol=tol * scale)


class Spectra(torch.nn.Module):
    """1-d transforms of a real signal along its (dynamic) last dim, every normalization."""

    def forward(self, x):
        y = torch.fft.rfft(x)  # backward: unscaled
        n = x.shape[-1]
        return (
            y,
            torch.fft.irfft(y, n=n),
            torch.fft.fft(x, norm="ortho"),
            torch.fft.ifft(torch.fft.fft(y * y), norm="forward").abs(),
            torch.fft.hfft(y[..., :3], n=n),
            torch.fft.ihfft(x, norm="ortho"),
            torch.angle(y),
        )


def test_1d_transforms_at_dynamic_lengths():
    torch.manual_seed(0)
    m = Spectra()
    b, n = torch.export.Dim("b"), torch.export.Dim("n", min=6, max=256)
    ep = torch.export.export(m, (torch.randn(4, 8),), dynamic_shapes=({0: b, 1: n},))
    program = exir_mlir.compile(ep)
    for shape in ((4, 8), (3, 11), (2, 13), (1, 64), (5, 10)):  # hfft's pad: export guards n // 2 != 3
        x = torch.randn(shape)
        got, want = program(x), m(x)
        assert len(got) == len(want)
        for i, (g, w) in enumerate(zip(got, want)):
            try:
                if i == 6:  # angle: a real bin's +-0 imaginary part gives +-pi, the same angle
                    g, w = torch.polar(torch.ones_like(g), g), torch.polar(torch.ones_like(w), w)
                _close(g, w, 1e-4)
            except AssertionError as e:
                raise AssertionError(f"output {i} at {shape}: {e}") from None


class MultiDimAndArithmetic(torch.nn.Module):
    """2-d and 3-d transforms in f64 (a complex input and output included), and complex arithmetic,
    casts and views in f32: one program, one compile."""

    def forward(self, x, z, a, b, r):
        c = a * b - a / (b + 1) + r.to(torch.complex64) * 2
        return (
            torch.fft.fft2(z, norm="ortho"),
            torch.fft.ifftn(z, dim=(0, 1)),
            torch.fft.rfftn(x, norm="forward"),
            torch.fft.irfftn(torch.fft.rfftn(x), s=x.shape),
            torch.fft.fftshift(torch.fft.fft2(x), dim=(-2, -1)),
            c, c.abs(), c.conj() * a, torch.real(c), torch.imag(c),
            torch.cat([a, b], 0), torch.nn.functional.pad(a, (1, 2)), c.sum(0), torch.view_as_real(c),
        )


def test_nd_transforms_f64_and_complex_arithmetic():
    torch.manual_seed(1)
    m = MultiDimAndArithmetic()
    args = (torch.randn(3, 5, 6, dtype=torch.float64), torch.randn(4, 7, dtype=torch.complex128),
            torch.randn(3, 4, dtype=torch.complex64), torch.randn(3, 4, dtype=torch.complex64), torch.randn(3, 4))
    program = exir_mlir.compile(torch.export.export(m, args))
    got, want = program(*args), m(*args)
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        try:
            _close(g, w, 1e-10 if w.dtype in (torch.float64, torch.complex128) else 1e-5)
        except AssertionError as e:
            raise AssertionError(f"output {i}: {e}") from None


def test_unsupported_complex_op_is_a_clear_error():
    class ComplexExp(torch.nn.Module):
        def forward(self, x):
            return torch.exp(torch.fft.fft(x))

    with pytest.raises(ExirUserError, match=r"test_complex\.py:\d+.*exp.*computes with complex numbers"):
        exir_mlir.compile(torch.export.export(ComplexExp(), (torch.randn(4, 8),)))
