"""Decompositions of scans and histograms that have no torch._decomp entry (logcumsumexp, histc) -> core ATen.

- logcumsumexp(x, d)[i] = M_i + log(sum_{j <= i} exp(x_j - M_i)), M_i = max_{j <= i} x_j, as an n x n masked
  reduction along d (no cumulative-sum form is stable: a prefix far below the dim's maximum would underflow).
  Exact up to rounding for any range (+-inf and NaN as ATen's log-add-exp scan gives them), vectorizes, but
  quadratic in the length of the dim: slow for long dims.
- histc(x, bins, min, max) is ATen's histogram_histc: the range is [min, max] in the input dtype, or the data's
  [amin, amax] when min == max (widened by 1 on both sides when that is empty too); an element in range goes to
  bin trunc((x - lo) * bins / (hi - lo)) computed in the input dtype (ATen's LINEAR_INTERPOLATION, the same
  rounding), x == hi to the last bin; NaN and out-of-range elements are not counted (nor any when hi - lo overflows: ATen's edges are NaN). The counts are a one-hot
  sum over the elements (numel x bins compares, reduced: vectorizes; work grows with bins).
  Where eager refuses the input (a non-finite range from inf/NaN data, or min > max), the compiled program
  returns counts of what lies in the range instead of raising.
- bincount: a data-dependent output size, max(x) + 1 (at least minlength), taken from the data at run time (an
  unbacked size, as `.item()` gives), then the counts (or weight sums) by index_put with accumulate; a negative
  value is a run-time error, as in eager.
"""

from __future__ import annotations

import torch

aten = torch.ops.aten


def _arange(n, like: torch.Tensor) -> torch.Tensor:
    return aten.arange.start_step(0, n, 1, dtype=torch.int64, device=like.device)


def logcumsumexp(x: torch.Tensor, dim: int) -> torch.Tensor:
    if x.dim() == 0:
        return aten.clone.default(x)
    d = dim % x.dim()
    xt = aten.movedim.int(x, d, -1)  # [..., n]
    pos = _arange(xt.shape[-1], x)
    prefix = aten.le.Tensor(aten.unsqueeze.default(pos, 0), aten.unsqueeze.default(pos, 1))  # [i, j]: j <= i
    masked = aten.where.ScalarOther(prefix, aten.unsqueeze.default(xt, -2), float("-inf"))  # [..., i, j]
    top = aten.amax.default(masked, [-1], True)  # [..., i, 1]: M_i (NaN once a NaN is in the prefix)
    top = aten.where.ScalarSelf(aten.isinf.default(top), 0.0, top)  # +-inf: exp/log give +-inf themselves
    total = aten.sum.dim_IntList(aten.exp.default(aten.sub.Tensor(masked, top)), [-1], False)
    out = aten.add.Tensor(aten.log.default(total), aten.squeeze.dim(top, -1))
    return aten.movedim.int(out, -1, d)


def histc(x: torch.Tensor, bins: int = 100, min=0, max=0) -> torch.Tensor:
    dtype = x.dtype
    if not dtype.is_floating_point:
        raise RuntimeError(f"histc is only defined for floating-point tensors, not {dtype}")  # as eager refuses it
    flat = aten.view.default(x, [-1]) if x.dim() != 1 else x
    f64 = torch.float64
    if float(min) == float(max):
        # the data's range (ATen: aminmax as double), widened when empty; a 0-element input has lo == hi == min
        nonempty = aten.gt.Scalar(aten.sum.default(aten.ones_like.default(flat, dtype=torch.int64)), 0)
        def extreme(reduce, pad):  # one padding element: an empty input has an extreme (not used) too
            padded = aten.cat.default([flat, aten.full.default([1], pad, dtype=dtype, device=x.device)])
            return aten._to_copy.default(reduce(padded, [0]), dtype=f64)

        lo = aten.where.self(nonempty, extreme(aten.amin.default, float("inf")),
                             aten.full.default([], float(min), dtype=f64))
        hi = aten.where.self(nonempty, extreme(aten.amax.default, float("-inf")),
                             aten.full.default([], float(max), dtype=f64))
        empty = aten.eq.Tensor(lo, hi)
        lo = aten._to_copy.default(aten.where.self(empty, aten.sub.Scalar(lo, 1), lo), dtype=dtype)
        hi = aten._to_copy.default(aten.where.self(empty, aten.add.Scalar(hi, 1), hi), dtype=dtype)
    else:
        lo = aten.full.default([], float(min), dtype=dtype)
        hi = aten.full.default([], float(max), dtype=dtype)
    width = aten.sub.Tensor(hi, lo)
    in_range = aten.logical_and.default(aten.ge.Tensor(flat, lo), aten.le.Tensor(flat, hi))  # NaN: False
    # a range wider than the dtype's largest value: ATen's linspace edges are then NaN (inf step * 0) and
    # nothing is counted
    in_range = aten.logical_and.default(in_range, aten.logical_not.default(aten.isinf.default(width)))
    scaled = aten.div.Tensor(aten.mul.Scalar(aten.sub.Tensor(flat, lo), bins), width)
    safe = aten.where.self(in_range, scaled, aten.zeros_like.default(scaled))
    pos = aten.clamp.default(aten._to_copy.default(safe, dtype=torch.int64), 0, bins - 1)  # x == hi: last bin
    hits = aten.logical_and.default(aten.eq.Tensor(aten.unsqueeze.default(pos, 1),
                                                   aten.unsqueeze.default(_arange(bins, x), 0)),
                                    aten.unsqueeze.default(in_range, 1))  # [numel, bins]
    return aten.sum.dim_IntList(aten._to_copy.default(hits, dtype=dtype), [0], False)


def bincount(x: torch.Tensor, weights=None, minlength: int = 0) -> torch.Tensor:
    if x.dtype.is_floating_point or x.dtype.is_complex or x.dim() != 1:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")  # as eager refuses it
    x64 = aten._to_copy.default(x, dtype=torch.int64)
    # eager raises on a negative value; here a run-time check (index_put would wrap it around)
    lowest = aten.amin.default(aten.cat.default([x64, aten.zeros.default([1], dtype=torch.int64, device=x.device)]))
    aten._assert_async.msg(aten.ge.Scalar(lowest, 0), "bincount only supports 1-d non-negative integral inputs.")
    # the output size is data-dependent: max(x) + 1, at least minlength (padded with it: 0 for an empty x); one
    # unbacked symbol (export renames it to the op's own output size, which a sum or a max of symbols is not)
    bound = aten.full.default([1], minlength, dtype=torch.int64, device=x.device)
    size = aten._local_scalar_dense.default(aten.amax.default(aten.cat.default([aten.add.Scalar(x64, 1), bound])))
    torch._check(size >= 0)
    if weights is None:
        dtype, values = torch.int64, aten.ones_like.default(x64)
    else:
        dtype = weights.dtype if weights.dtype == torch.float32 else torch.float64  # eager's rule
        values = aten._to_copy.default(weights, dtype=dtype)
    out = aten.zeros.default([size], dtype=dtype, device=x.device)
    return aten.index_put.default(out, [x64], values, True)


def table() -> dict:
    """The decompositions, by OpOverload (own_table() in decompositions.py adds them)."""
    return {aten.logcumsumexp.default: logcumsumexp, aten.histc.default: histc, aten.bincount.default: bincount}
