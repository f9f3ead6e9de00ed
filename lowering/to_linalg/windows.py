"""Sliding-window geometry shared by convolution and pooling: output sizes, padding that covers
every window (ceil_mode), as index arithmetic that folds to constants where sizes are static."""

from __future__ import annotations

from typing import Sequence, Union

from exir_mlir._mlir import arith, ir, tensor

from ..ir_utils import DYNAMIC, element_type, index_constant, ranked, shape_of
from .builders import const_like

Size = Union[int, ir.Value]  # a Python int when static, else an index Value


def as_value(v: Size) -> ir.Value:
    return index_constant(v) if isinstance(v, int) else v


def add(a: Size, b: Size) -> Size:
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    if isinstance(b, int) and b == 0:
        return a
    return arith.AddIOp(as_value(a), as_value(b)).result


def sub(a: Size, b: Size) -> Size:
    if isinstance(a, int) and isinstance(b, int):
        return a - b
    return arith.SubIOp(as_value(a), as_value(b)).result


def mul(a: Size, b: Size) -> Size:
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    if isinstance(b, int) and b == 1:
        return a
    return arith.MulIOp(as_value(a), as_value(b)).result


def floordiv(a: Size, b: Size) -> Size:
    if isinstance(a, int) and isinstance(b, int):
        return a // b
    return arith.FloorDivSIOp(as_value(a), as_value(b)).result


def ceildiv(a: Size, b: Size) -> Size:
    if isinstance(a, int) and isinstance(b, int):
        return -(-a // b)
    return arith.CeilDivSIOp(as_value(a), as_value(b)).result


def maximum(a: Size, b: Size) -> Size:
    if isinstance(a, int) and isinstance(b, int):
        return max(a, b)
    return arith.MaxSIOp(as_value(a), as_value(b)).result


def minimum(a: Size, b: Size) -> Size:
    if isinstance(a, int) and isinstance(b, int):
        return min(a, b)
    return arith.MinSIOp(as_value(a), as_value(b)).result


def sizes(ctx, v: ir.Value) -> list[Size]:
    """Every dim of `v`: an int when static, else its index Value (symbolic shape or tensor.dim)."""
    return [s if s != DYNAMIC else ctx.dim(v, d) for d, s in enumerate(shape_of(v))]


def result_sizes(ctx, res: ir.Value, computed: Sequence[Size | None]) -> list[Size]:
    """The dims of result `res`: static ones, its symbolic shape, else `computed` per dim."""
    like = [None if c is None else as_value(c) for c in computed]
    dyn = iter(ctx.dynamic_dims(res.type, like, res))
    return [s if s != DYNAMIC else next(dyn) for s in shape_of(res)]


def dynamic_of(values: Sequence[Size]) -> list[ir.Value]:
    return [v for v in values if not isinstance(v, int)]


def static_of(values: Sequence[Size]) -> list[int]:
    return [v if isinstance(v, int) else DYNAMIC for v in values]


def conv_out_size(i: Size, k: Size, s: int, p: int, d: int) -> Size:
    """floor((I + 2p - d(k-1) - 1) / s) + 1."""
    return add(floordiv(sub(add(i, 2 * p), add(mul(sub(k, 1), d), 1)), s), 1)


def window_high_pad(i: Size, o: Size, k: int, s: int, p: int, d: int) -> Size:
    """Padding after the input so that all O windows fit: at least `p`, more for a ceil_mode window."""
    need = sub(add(mul(sub(o, 1), s), (k - 1) * d + 1), add(i, p))
    return maximum(need, p)


def pad(x: ir.Value, low: Sequence[int], high: Sequence[Size], value) -> ir.Value:
    """tensor.pad with static `low` and static or dynamic `high` amounts."""
    if not any(low) and all(isinstance(h, int) and h == 0 for h in high):
        return x
    shape = shape_of(x)
    out = [DYNAMIC if s == DYNAMIC or not isinstance(h, int) else s + lo + h
           for s, lo, h in zip(shape, low, high)]
    elem = element_type(x)
    op = tensor.PadOp(ranked(out, elem), x, [], dynamic_of(high), list(low), static_of(high))
    block = op.regions[0].blocks.append(*[ir.IndexType.get()] * len(shape))
    with ir.InsertionPoint(block):
        tensor.YieldOp(value if isinstance(value, ir.Value) else const_like(value, elem))
    return op.result


def window_maps(n_spatial: int, stride: Sequence[int], dilation: Sequence[int]):
    """Indexing maps of a pooling-like generic over (n, c, o_0.., k_0..): input, window, output."""
    rank = 2 + 2 * n_spatial
    d = [ir.AffineDimExpr.get(i) for i in range(rank)]
    win = [d[2 + i] * stride[i] + d[2 + n_spatial + i] * dilation[i] for i in range(n_spatial)]
    in_map = ir.AffineMap.get(rank, 0, [d[0], d[1], *win])
    window_map = ir.AffineMap.get(rank, 0, d[2 + n_spatial:])
    out_map = ir.AffineMap.get(rank, 0, d[:2 + n_spatial])
    return in_map, window_map, out_map


def exact_extent(x: ir.Value, x_sizes: Sequence[Size], out: Sequence[Size], kernel: Sequence[Size],
                 stride: Sequence[int], dilation: Sequence[int]) -> ir.Value:
    """`x` (N, C, spatial...) cut to the extent the windows read, (O - 1) * s + (k - 1) * d + 1 per
    spatial dim. A linalg.generic whose input is bigger than that is still right, but upstream's
    unit-dim folding turns a window map `o * s + k` with O = 1 into the plain dim `k` and then
    rejects the generic (the input's size is not the window's): cut, the two sizes agree."""
    n = len(kernel)
    sizes_ = list(x_sizes[:2]) + [add(mul(sub(out[2 + i], 1), stride[i]), add(mul(sub(kernel[i], 1), dilation[i]), 1))
                                  for i in range(n)]
    if static_of(sizes_) == shape_of(x) and DYNAMIC not in shape_of(x):
        return x
    t = ranked(static_of(sizes_), element_type(x))
    return tensor.ExtractSliceOp(t, x, [], dynamic_of(sizes_), [], [0] * (n + 2), static_of(sizes_),
                                 [1] * (n + 2)).result
