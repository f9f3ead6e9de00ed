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
    }


def base_table() -> dict[torch._ops.OpOverload, Callable]:
    """Entries run with torch's default table: ops the exir dialect declares but aten-to-edge cannot lower."""
    return {
        aten._cdist_forward.default: cdist_forward,
        aten._pdist_forward.default: pdist_forward,
    }
