"""FFT ATen ops (`_fft_r2c`, `_fft_c2r`, `_fft_c2c`) -> real matmuls on torch.view_as_real's layout.

Each transformed dim is a discrete Fourier transform written as one matmul with a matrix of cosines
and sines built in the program from the (possibly symbolic) signal length N: O(N^2) work per dim
where an FFT does O(N log N), exact to rounding (the angle 2*pi*(j*k mod N)/N is reduced in
integers first, so it stays accurate for long signals). Complex values are real tensors with a
trailing dim of 2 (re, im), as torch.view_as_real lays them out; exir_mlir.importer.complex_to_real
turns the view_as_complex/view_as_real pairs these entries leave into nothing.

Normalization follows ATen's `fft_norm_mode`: 0 none, 1 1/sqrt(N) ("ortho"), 2 1/N, per dim.
"""

from __future__ import annotations

import math

import torch

aten = torch.ops.aten


def real_view(x: torch.Tensor) -> torch.Tensor:
    """A complex tensor as its real view [..., 2] (re, im)."""
    return aten.view_as_real.default(x)


def as_complex(r: torch.Tensor) -> torch.Tensor:
    """A real [..., 2] tensor as the complex one it lays out (contiguous first: view_as_complex
    needs unit stride in the last dim)."""
    return aten.view_as_complex.default(aten.clone.default(r, memory_format=torch.contiguous_format))


def _scaled(w: torch.Tensor, n, normalization: int) -> torch.Tensor:
    if normalization == 2:
        return w / n
    if normalization == 1:
        if isinstance(n, int):
            return w * (1.0 / math.sqrt(n))
        # 1/sqrt(N) of a symbolic N as a tensor (a SymFloat would not be lowered).
        return w * aten.rsqrt.default(aten.ones.default([], dtype=torch.float64) * n)
    return w


def _angles(rows, cols, n):
    """cos and sin of 2*pi*(j*k mod N)/N as [rows, cols] float64 matrices."""
    r = aten.arange.start_step(0, rows, dtype=torch.int64)
    c = aten.arange.start_step(0, cols, dtype=torch.int64)
    prod = aten.remainder.Scalar(aten.mul.Tensor(aten.unsqueeze.default(r, 1), aten.unsqueeze.default(c, 0)), n)
    theta = aten.mul.Tensor(aten._to_copy.default(prod, dtype=torch.float64), 2.0 * math.pi) / n
    return aten.cos.default(theta), aten.sin.default(theta)


def _move_apply(x: torch.Tensor, dim: int, w: torch.Tensor, in_width: int, out_shape: list) -> torch.Tensor:
    """x's dim `dim` (with `in_width` trailing component dims) moved last, flattened, times w,
    unflattened to out_shape components and moved back."""
    moved = aten.movedim.int(x, dim, x.dim() - 1 - in_width) if x.dim() - 1 - in_width != dim else x
    flat = moved.flatten(-1 - in_width) if in_width else moved
    out = aten.matmul.default(flat, w.to(x.dtype))
    if len(out_shape) > 1:
        out = out.unflatten(-1, out_shape)
    last = out.dim() - len(out_shape)
    return aten.movedim.int(out, last, dim) if last != dim else out


def c2c_dim(r: torch.Tensor, dim: int, normalization: int, forward: bool) -> torch.Tensor:
    """A DFT of the real view `r` ([..., 2]) along complex dim `dim`."""
    n = r.shape[dim]
    cos, sin = _angles(n, n, n)
    s = -sin if forward else sin  # exp(-+ i theta)
    # out[k] = sum_j x[j] (cos + i s): rows (j, re/im), columns (k, re/im).
    w = aten.stack.default([aten.stack.default([cos, s], -1), aten.stack.default([-s, cos], -1)], 1)
    w = _scaled(w.reshape(2 * n, 2 * n), n, normalization)
    return _move_apply(r, dim, w, 1, [n, 2])


def r2c_dim(x: torch.Tensor, dim: int, normalization: int, onesided: bool) -> torch.Tensor:
    """The forward DFT of real `x` along `dim`, as a real view; with `onesided` the first N//2+1 bins."""
    n = x.shape[dim]
    m = n // 2 + 1 if onesided else n
    cos, sin = _angles(n, m, n)
    w = _scaled(aten.stack.default([cos, -sin], -1).reshape(n, 2 * m), n, normalization)
    return _move_apply(x, dim, w, 0, [m, 2])


def c2r_dim(r: torch.Tensor, dim: int, normalization: int, n) -> torch.Tensor:
    """The inverse DFT along complex dim `dim` of the one-sided Hermitian spectrum in `r` (its first
    N//2+1 bins are used), a real signal of length `n`; like ATen, the imaginary parts of bin 0 and
    (even N) bin N/2 are ignored."""
    m = n // 2 + 1
    r = aten.slice.Tensor(r, dim, 0, m)
    cos, sin = _angles(m, n, n)
    k = aten.arange.start_step(0, m, dtype=torch.int64)
    single = aten.logical_or.default(aten.eq.Scalar(k, 0), aten.eq.Scalar(aten.mul.Tensor(k, 2), n))
    weight = aten.unsqueeze.default(aten.where.self(single, aten.ones.default([], dtype=torch.float64),
                                                    aten.full.default([], 2.0, dtype=torch.float64)), 1)
    w = aten.stack.default([weight * cos, -(weight * sin)], 1).reshape(2 * m, n)
    return _move_apply(r, dim, _scaled(w, n, normalization), 1, [n])


def _dims(dim, rank: int) -> list[int]:
    return [d % rank for d in dim]


def fft_r2c(x, dim, normalization, onesided):
    dims = _dims(dim, x.dim())
    r = r2c_dim(x, dims[-1], normalization, onesided)
    for d in dims[:-1]:
        r = c2c_dim(r, d, normalization, True)
    return as_complex(r)


def fft_c2c(x, dim, normalization, forward):
    dims = _dims(dim, x.dim())
    r = real_view(x)
    for d in dims:
        r = c2c_dim(r, d, normalization, forward)
    return as_complex(r)


def fft_c2r(x, dim, normalization, last_dim_size):
    dims = _dims(dim, x.dim())
    r = real_view(x)
    for d in dims[:-1]:
        r = c2c_dim(r, d, normalization, False)
    return c2r_dim(r, dims[-1], normalization, last_dim_size)


def fmod(a, b):
    """C's fmod of integers (the remainder of truncated division, with the dividend's sign): what
    torch.fft.fftshift's roll computes its indices with. Floats are left alone (a - trunc(a/b)*b
    would lose digits where a/b is large)."""
    floats = a.dtype.is_floating_point or a.dtype.is_complex or isinstance(b, float) or (
        isinstance(b, torch.Tensor) and (b.dtype.is_floating_point or b.dtype.is_complex))
    if floats or a.dtype == torch.bool:
        return NotImplemented
    return aten.sub.Tensor(a, aten.mul.Tensor(aten.div.Tensor_mode(a, b, rounding_mode="trunc"), b))


def fft_table() -> dict:
    return {
        aten._fft_r2c.default: fft_r2c,
        aten._fft_c2c.default: fft_c2c,
        aten._fft_c2r.default: fft_c2r,
    }
