"""Own decompositions (torch ops -> core ATen) of structural non-core ops: distances (cdist, pdist),
random draws of integer dtype (geometric), and the forms torch's own entries miss.

Each is written with core ATen ops whose lowerings exist, for any (symbolic) size.

`own_table()` entries are tried like torch._decomp's for ops that survive the default table;
`base_table()` entries run with torch's default table, for ops the exir dialect declares (so they
survive it) but aten-to-edge has no lowering for.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import torch

aten = torch.ops.aten


def _count(n, like: torch.Tensor):
    """A size as an operand of tensor arithmetic: the int itself, or for a symbolic size a 0-d int64
    tensor (scalar arguments of core ops must be constants for the importer)."""
    if isinstance(n, int):
        return n
    return aten.sum.default(aten.ones_like.default(aten.arange.start_step(0, n, 1, dtype=torch.int64,
                                                                          device=like.device)))


# ------------------------------------------------------------------------------------- distances


def _p_norm_last(diff: torch.Tensor, p: float) -> torch.Tensor:
    """The p-norm of `diff` over its last dim, as cdist/pdist define it (p = 0 counts nonzeros)."""
    a = aten.abs.default(diff)
    if p == 0:
        return aten.sum.dim_IntList(aten._to_copy.default(aten.ne.Scalar(a, 0), dtype=diff.dtype), [-1], False)
    if p == 1:
        return aten.sum.dim_IntList(a, [-1], False)
    if p == 2:
        return aten.sqrt.default(aten.sum.dim_IntList(aten.mul.Tensor(a, a), [-1], False))
    if p == float("inf"):
        return aten.amax.default(a, [-1], False)
    return aten.pow.Tensor_Scalar(aten.sum.dim_IntList(aten.pow.Tensor_Scalar(a, p), [-1], False), 1.0 / p)


def cdist_forward(x1, x2, p, compute_mode=None):
    """_cdist_forward: ||x1[..., i, :] - x2[..., j, :]||_p from the differences (torch's matmul form for
    p = 2 is faster but loses digits; the difference form is what eager's 'donot_use_mm' computes)."""
    if x1.dtype.is_complex or p < 0:
        return NotImplemented
    diff = aten.sub.Tensor(aten.unsqueeze.default(x1, -2), aten.unsqueeze.default(x2, -3))  # [..., P, R, M]
    return _p_norm_last(diff, p)


def pdist_forward(x, p=2.0):
    """_pdist_forward: the p-distances of the rows i < j of x [N, M], in row-major order of (i, j). Pair k's
    row i is found from k in closed form (the root of i * (2N - i - 1) / 2 = k, floored, corrected by one
    where f64 rounding lands beside it), j from what is left of k."""
    if x.dim() != 2 or x.dtype.is_complex or p < 0:
        return NotImplemented
    n = x.shape[0]
    k = aten.arange.start_step(0, n * (n - 1) // 2, 1, dtype=torch.int64, device=x.device)
    nt = _count(n, x)
    if isinstance(nt, int):
        nt = aten.scalar_tensor.default(nt, dtype=torch.int64, device=x.device)
    b = aten.sub.Scalar(aten.mul.Scalar(nt, 2), 1)  # 2N - 1, 0-d int64
    bf = aten._to_copy.default(b, dtype=torch.float64)
    kf = aten._to_copy.default(k, dtype=torch.float64)
    root = aten.sqrt.default(aten.clamp_min.default(aten.sub.Tensor(aten.mul.Tensor(bf, bf),
                                                                    aten.mul.Scalar(kf, 8.0)), 0.0))
    i = aten._to_copy.default(aten.floor.default(aten.div.Scalar(aten.sub.Tensor(bf, root), 2.0)),
                              dtype=torch.int64)

    def start(row):  # the first pair index of row `row`: row * (2N - 1 - row) / 2
        return aten.div.Tensor_mode(aten.mul.Tensor(row, aten.sub.Tensor(b, row)), 2, rounding_mode="floor")

    i = aten.where.self(aten.gt.Tensor(start(i), k), aten.sub.Scalar(i, 1), i)
    i = aten.where.self(aten.le.Tensor(start(aten.add.Scalar(i, 1)), k), aten.add.Scalar(i, 1), i)
    j = aten.add.Tensor(aten.sub.Tensor(k, start(i)), aten.add.Scalar(i, 1))
    diff = aten.sub.Tensor(aten.index_select.default(x, 0, i), aten.index_select.default(x, 0, j))
    return _p_norm_last(diff, p)


def _mul(t, n):
    return aten.mul.Scalar(t, n) if isinstance(n, int) else aten.mul.Tensor(t, n)


def _add(t, n):
    return aten.add.Scalar(t, n) if isinstance(n, int) else aten.add.Tensor(t, n)


# ---------------------------------------------------------------------------------------- pooling


def _fractional_max_pool(nd: int):
    """fractional_max_pool{2,3}d with given samples (ATen's CPU kernel, FractionalMaxPool{2,3}d.cpp): along
    each spatial dim the window starts are int((i + u) * alpha) - int(u * alpha), alpha = (in - k) / (out - 1)
    in the input's dtype, the last one in - k; u is the plane's sample for that dim (2d: [0] is W and [1] H;
    3d: [0] T, [1] H, [2] W). Each output is the max of its window, gathered from the flattened plane, and
    its index in the plane (the first position holding it)."""
    sample_of = {2: (1, 0), 3: (0, 1, 2)}[nd]

    def fn(x, kernel_size, output_size, random_samples):
        if x.dim() not in (nd + 1, nd + 2) or len(kernel_size) != nd or len(output_size) != nd:
            return NotImplemented
        batched = x.dim() == nd + 2
        if not batched:
            x = aten.unsqueeze.default(x, 0)
        sizes = [_count(s, x) for s in x.shape[2:]]
        outs, ks = list(output_size), list(kernel_size)
        flat = None  # [N, C, out_0..out_nd-1, k_0..k_nd-1]: each window element's index in the plane
        for d in range(nd):
            u = aten.unsqueeze.default(aten.select.int(random_samples, 2, sample_of[d]), -1)  # [N, C, 1]
            i = aten.arange.start_step(0, outs[d], 1, dtype=x.dtype, device=x.device)
            size_f = aten._to_copy.default(aten.scalar_tensor.default(sizes[d], dtype=torch.int64)
                                           if isinstance(sizes[d], int) else sizes[d], dtype=x.dtype)
            span = aten.sub.Scalar(size_f, ks[d])  # in - k, in the input's dtype
            if outs[d] > 1:
                alpha = aten.div.Scalar(span, outs[d] - 1)
                start = aten.sub.Tensor(
                    aten._to_copy.default(aten.mul.Tensor(aten.add.Tensor(i, u), alpha), dtype=torch.int64),
                    aten._to_copy.default(aten.mul.Tensor(u, alpha), dtype=torch.int64))  # [N, C, out]
                last = aten.eq.Scalar(aten.arange.start_step(0, outs[d], 1, dtype=torch.int64, device=x.device),
                                      outs[d] - 1)
                start = aten.where.self(last, aten._to_copy.default(span, dtype=torch.int64), start)
            else:
                start = aten.expand.default(aten._to_copy.default(span, dtype=torch.int64), [1])
                start = aten.unsqueeze.default(aten.unsqueeze.default(start, 0), 0)  # [1, 1, 1]
            pos = aten.add.Tensor(aten.unsqueeze.default(start, -1),
                                  aten.arange.start_step(0, ks[d], 1, dtype=torch.int64, device=x.device))
            # pos: [N, C, out_d, k_d] -> placed at out dim d and k dim d of the 2 * nd window dims.
            shape_pos = pos
            for e in range(nd):
                if e != d:
                    shape_pos = aten.unsqueeze.default(shape_pos, 2 + (e if e < d else e))
            # now dims: [N, C, (out dims with d in place)..., k_d]; insert k dims of the others after
            for e in range(nd):
                if e != d:
                    shape_pos = aten.unsqueeze.default(shape_pos, 2 + nd + e)
            flat = shape_pos if flat is None else _add(_mul(flat, sizes[d]), shape_pos)
        n, c = x.shape[0], x.shape[1]
        window = 1
        for k in ks:
            window *= k
        full = aten.expand.default(flat, [n, c, *outs, *ks])
        index = aten.reshape.default(full, [n, c, -1])
        values = aten.gather.default(aten.reshape.default(x, [n, c, -1]), 2, index)
        values = aten.reshape.default(values, [n, c, *outs, window])
        out, arg = aten.max.dim(values, -1, False)
        picked = aten.squeeze.dim(aten.gather.default(aten.reshape.default(full, [n, c, *outs, window]), -1,
                                                      aten.unsqueeze.default(arg, -1)), -1)
        if not batched:
            out, picked = aten.squeeze.dim(out, 0), aten.squeeze.dim(picked, 0)
        return out, picked

    return fn


# ------------------------------------------------------------------------------------------ scans


def logcumsumexp(x, dim):
    """logcumsumexp: out[i] = logsumexp of x[j], j <= i, along the dim, as an n x n masked logsumexp
    (quadratic in the dim's length, as decompositions_misc's cummax; exact where a running log-add-exp
    would round at every step). A row's max is subtracted first; an infinite max is not (-inf rows stay
    -inf, +inf stays +inf)."""
    if x.dtype.is_complex or not x.dtype.is_floating_point:
        return NotImplemented
    if x.dim() == 0:
        return aten.clone.default(x)
    d = dim % x.dim()
    xt = aten.movedim.int(x, d, -1)  # [..., n]
    n = xt.shape[-1]
    pos = aten.arange.start_step(0, n, 1, dtype=torch.int64, device=x.device)
    mask = aten.le.Tensor(aten.unsqueeze.default(pos, 0), aten.unsqueeze.default(pos, 1))  # [i, j]: j <= i
    masked = aten.where.self(mask, aten.unsqueeze.default(xt, -2),
                             aten.full.default([], float("-inf"), dtype=x.dtype, device=x.device))  # [..., i, j]
    top = aten.amax.default(masked, [-1], True)
    top = aten.where.self(aten.isinf.default(top), aten.zeros_like.default(top), top)
    total = aten.sum.dim_IntList(aten.exp.default(aten.sub.Tensor(masked, top)), [-1], False)
    out = aten.add.Tensor(aten.log.default(total), aten.squeeze.dim(top, -1))
    return aten.movedim.int(out, -1, d)


# ------------------------------------------------------------------------------------------ random


def geometric(x, p, *, generator=None):
    """geometric of any dtype: ceil(log(u) / log1p(-p)) with u uniform (0, 1] drawn in f32 (torch._decomp's
    draws rand_like of x's dtype, which an integer x cannot have), then cast to x's dtype."""
    if generator is not None:
        return NotImplemented
    draw = torch.float64 if x.dtype == torch.float64 else torch.float32
    u = aten.rand_like.default(x, dtype=draw)
    u = aten.rsub.Scalar(u, 1.0)  # (0, 1]: never log(0)
    out = aten.ceil.default(aten.div.Scalar(aten.log.default(u), math.log1p(-p)))
    return aten._to_copy.default(aten.clamp_min.default(out, 1.0), dtype=x.dtype)


def own_table() -> dict[torch._ops.OpOverload, Callable]:
    """Entries for ops that survive torch's default table (tried like torch._decomp's, and win over them)."""
    return {
        aten.geometric.default: geometric,
        aten.logcumsumexp.default: logcumsumexp,
        aten.fractional_max_pool2d.default: _fractional_max_pool(2),
        aten.fractional_max_pool3d.default: _fractional_max_pool(3),
    }


def base_table() -> dict[torch._ops.OpOverload, Callable]:
    """Entries run with torch's default table: ops the exir dialect declares but aten-to-edge cannot lower."""
    return {
        aten._cdist_forward.default: cdist_forward,
        aten._pdist_forward.default: pdist_forward,
    }
