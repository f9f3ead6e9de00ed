"""Own decompositions (torch ops -> core ATen) of non-core ops torch._decomp leaves or gets wrong for exir-mlir.

Reductions and scans (cummax/cummin, median/nanmedian/kthvalue/mode, max/min without dim), sort.stable, index updates
(index_reduce, put, scatter_reduce with include_self=False or 'mean'), searchsorted/bucketize, unfold with
symbolic sizes, nonzero_static, addbmm (linear algebra: decompositions_linalg.py). Each entry is written with
core ATen ops whose lowerings exist, for any (symbolic) size. Some are quadratic in the length of the dim
they work along (cummax/cummin, mode, searchsorted: an n x n or n x m comparison), which is correct and
vectorizes, but slow for long dims.

`own_table()` entries are tried like torch._decomp's for ops that survive the default table;
`base_table()` entries run with torch's default table, for core ops whose calls the lowering takes only in
part: they return NotImplemented for the calls it takes (the op stays as it is).
"""

from __future__ import annotations

from collections.abc import Callable

import torch
from torch.fx.experimental.symbolic_shapes import statically_known_true

aten = torch.ops.aten


def _lowest(dtype: torch.dtype):
    if dtype == torch.bool:
        return False
    if dtype.is_floating_point:
        return float("-inf")
    return torch.iinfo(dtype).min


def _highest(dtype: torch.dtype):
    if dtype == torch.bool:
        return True
    if dtype.is_floating_point:
        return float("inf")
    return torch.iinfo(dtype).max


def _dim(d: int, rank: int) -> int:
    return d % rank if rank else 0


def _arange(n, like: torch.Tensor) -> torch.Tensor:
    return aten.arange.start_step(0, n, 1, dtype=torch.int64, device=like.device)


def _count(n, like: torch.Tensor):
    """A size as an operand of tensor arithmetic: the int itself, or for a symbolic size a 0-d int64 tensor
    (scalar arguments of core ops must be constants for the importer)."""
    if isinstance(n, int):
        return n
    return aten.sum.default(aten.ones_like.default(_arange(n, like)))


def _add(t, n):
    return aten.add.Scalar(t, n) if isinstance(n, int) else aten.add.Tensor(t, n)


# ----------------------------------------------------------------------------------------- scans


def _cum_extreme(is_max: bool):
    """cummax/cummin: values[i] = max/min of x[..j..] for j <= i (NaN once seen), indices[i] = the last j <= i
    where x[j] is that value (torch's rule: a later equal value, or a later NaN, takes the index). Computed as
    an n x n masked reduction along the dim."""
    pick = aten.amax.default if is_max else aten.amin.default

    def fn(x, dim):
        if x.dim() == 0:
            return aten.clone.default(x), aten.zeros_like.default(x, dtype=torch.int64)
        d = _dim(dim, x.dim())
        xt = aten.movedim.int(x, d, -1)  # [..., n]
        n = xt.shape[-1]
        pos = _arange(n, x)
        mask = aten.le.Tensor(aten.unsqueeze.default(pos, 0), aten.unsqueeze.default(pos, 1))  # [i, j]: j <= i
        a = aten.unsqueeze.default(xt, -2)  # [..., 1(i), n(j)]
        filler = _lowest(x.dtype) if is_max else _highest(x.dtype)
        values = pick(aten.where.ScalarOther(mask, a, filler), [-1], False)  # [..., n(i)]
        v = aten.unsqueeze.default(values, -1)  # [..., n(i), 1]
        same = aten.eq.Tensor(a, v)
        if x.dtype.is_floating_point:
            same = aten.logical_or.default(same, aten.logical_and.default(aten.isnan.default(a),
                                                                           aten.isnan.default(v)))
        same = aten.logical_and.default(same, mask)
        idx = aten.amax.default(aten.where.ScalarOther(same, pos, -1), [-1], False)
        return aten.movedim.int(values, -1, d), aten.movedim.int(idx, -1, d)

    return fn


# ----------------------------------------------------------------------------------- selections


def _max_min_all(is_max: bool):
    """max()/min() without dim: the extreme of all elements (NaN propagates, as amax/amin do)."""
    def fn(x):
        return (aten.amax.default if is_max else aten.amin.default)(x, [], False)
    return fn


def _sorted_along(x, d):
    return aten.sort.default(x, d, False)


def sort_stable(x, *, stable=None, dim=-1, descending=False):
    """sort.stable (`torch.sort(x, stable=True)`, argsort's too): exir-mlir's sort is always stable."""
    return aten.sort.default(x, dim, descending)


def kthvalue(x, k, dim=-1, keepdim=False):
    """The k-th smallest along dim (a stable sort, NaN last, as torch orders it): the last of the k
    smallest (topk, which for a small k costs O(k n), not a whole sort's O(n^2))."""
    if x.dim() == 0:
        return aten.clone.default(x), aten.zeros_like.default(x, dtype=torch.int64)
    d = _dim(dim, x.dim())
    values, indices = aten.topk.default(x, k, d, False, True)
    v, i = aten.select.int(values, d, k - 1), aten.select.int(indices, d, k - 1)
    if keepdim:
        v, i = aten.unsqueeze.default(v, d), aten.unsqueeze.default(i, d)
    return v, i


def _take(t, d, pos):
    """t gathered along d at pos (a tensor of t's shape with dim d of size 1)."""
    return aten.gather.default(t, d, pos)


def _median_dim(ignore_nan: bool):
    """median.dim / nanmedian.dim: the lower median along dim (element (n-1)//2 of the sorted values; NaN
    sorts last). median: any NaN makes the result NaN, at the index of the first NaN. nanmedian: the median
    of the non-NaN values (NaN when all are NaN)."""
    def fn(x, dim=-1, keepdim=False):
        if x.dim() == 0:
            return aten.clone.default(x), aten.zeros_like.default(x, dtype=torch.int64)
        d = _dim(dim, x.dim())
        values, indices = _sorted_along(x, d)
        # [.., 1, ..] int64 positions along d (a symbolic n is no constant for select)
        length = aten.sum.dim_IntList(aten.ones_like.default(x, dtype=torch.int64), [d], True)
        mid = aten.div.Tensor_mode(aten.sub.Scalar(length, 1), 2, rounding_mode="floor")
        pos = mid
        if x.dtype.is_floating_point:
            nans = aten.sum.dim_IntList(aten.isnan.default(x), [d], True, dtype=torch.int64)
            count = aten.sub.Tensor(length, nans)  # non-NaN values
            if ignore_nan:
                pos = aten.clamp_min.default(aten.div.Tensor_mode(aten.sub.Scalar(count, 1), 2,
                                                                  rounding_mode="floor"), 0)
            else:  # the first NaN sits at `count` in the stable order
                pos = aten.where.self(aten.gt.Scalar(nans, 0), count, mid)
        v, i = _take(values, d, pos), _take(indices, d, pos)
        if not keepdim:
            v, i = aten.squeeze.dims(v, [d]), aten.squeeze.dims(i, [d])
        return v, i

    return fn


def _median_all(ignore_nan: bool):
    dim_fn = _median_dim(ignore_nan)

    def fn(x):
        return dim_fn(aten.reshape.default(x, [-1]), 0, False)[0]

    return fn


def mode(x, dim=-1, keepdim=False):
    """The most frequent value along dim (the smallest of those equally frequent) and the index of its last
    occurrence: an n x n equality count."""
    if x.dim() == 0:
        return aten.clone.default(x), aten.zeros_like.default(x, dtype=torch.int64)
    d = _dim(dim, x.dim())
    xt = aten.movedim.int(x, d, -1)
    n = xt.shape[-1]
    eq = aten.eq.Tensor(aten.unsqueeze.default(xt, -1), aten.unsqueeze.default(xt, -2))  # [..., n, n]
    counts = aten.sum.dim_IntList(eq, [-1], False)  # [..., n]
    best = aten.amax.default(counts, [-1], True)
    values = aten.amin.default(aten.where.ScalarOther(aten.eq.Tensor(counts, best), xt, _highest(x.dtype)),
                               [-1], True)
    pos = _arange(n, x)
    idx = aten.amax.default(aten.where.ScalarOther(aten.eq.Tensor(xt, values), pos, -1), [-1], True)
    values, idx = aten.squeeze.dims(values, [-1]), aten.squeeze.dims(idx, [-1])
    if keepdim:
        values, idx = aten.unsqueeze.default(values, -1), aten.unsqueeze.default(idx, -1)
        return aten.movedim.int(values, -1, d), aten.movedim.int(idx, -1, d)
    return values, idx


# -------------------------------------------------------------------------------- searching


def _search(sorted_seq, values, right: bool, out_int32: bool):
    """The insertion points of values in the last dim of sorted_seq: the count of boundaries b with
    !(b >= v) (left) or !(b > v) (right), which is what torch's binary search finds (an n x m comparison)."""
    s = aten.unsqueeze.default(sorted_seq, -2)  # [..., 1, m]
    v = aten.unsqueeze.default(values, -1)  # [..., k, 1]
    before = aten.logical_not.default((aten.gt.Tensor if right else aten.ge.Tensor)(s, v))
    out = aten.sum.dim_IntList(before, [-1], False, dtype=torch.int64)
    return aten._to_copy.default(out, dtype=torch.int32) if out_int32 else out


def searchsorted(sorted_sequence, self, *, out_int32=False, right=False, side=None, sorter=None):
    right = right or side == "right"
    if statically_known_true(sorted_sequence.shape[-1] == 0) or statically_known_true(self.numel() == 0):
        # nothing to compare: all 0 (the CPU pipeline fails on the empty comparison)
        dtype = torch.int32 if out_int32 else torch.int64
        return aten.zeros.default(list(self.shape), dtype=dtype, device=self.device)
    if sorter is not None:
        sorted_sequence = aten.gather.default(sorted_sequence, -1, sorter)
    if sorted_sequence.dim() == 1 or self.dim() == 0:
        flat = aten.reshape.default(self, [-1])
        out = _search(sorted_sequence, flat, right, out_int32)
        return aten.reshape.default(out, list(self.shape))
    return _search(sorted_sequence, self, right, out_int32)


def searchsorted_scalar(sorted_sequence, self, *, out_int32=False, right=False, side=None, sorter=None):
    value = aten.scalar_tensor.default(self, dtype=sorted_sequence.dtype, device=sorted_sequence.device)
    return searchsorted(sorted_sequence, value, out_int32=out_int32, right=right, side=side, sorter=sorter)


def bucketize(self, boundaries, *, out_int32=False, right=False):
    return searchsorted(boundaries, self, out_int32=out_int32, right=right)


def bucketize_scalar(self, boundaries, *, out_int32=False, right=False):
    return searchsorted_scalar(boundaries, self, out_int32=out_int32, right=right)


# ---------------------------------------------------------------------------------- updates


def _reduced_identity(reduce: str, dtype: torch.dtype):
    return {"sum": 0, "mean": 0, "prod": 1, "amax": _lowest(dtype), "amin": _highest(dtype)}[reduce]


def scatter_reduce(self, dim, index, src, reduce, *, include_self=True):
    """scatter_reduce.two for what the lowering does not take itself: include_self=False (the positions
    scattered to start from the reduction's identity) and 'mean' (a sum divided by the count of values
    that went into each position, self included when include_self; integer means round down)."""
    if include_self and reduce != "mean":
        return NotImplemented
    base = self
    if not include_self:
        base = aten.scatter.value(self, dim, index, _reduced_identity(reduce, self.dtype))
    if reduce != "mean":
        return aten.scatter_reduce.two(base, dim, index, src, reduce, include_self=True)
    total = aten.scatter_reduce.two(base, dim, index, src, "sum", include_self=True)
    count = aten.full_like.default(self, 1 if include_self else 0)
    count = aten.scatter_reduce.two(count, dim, index, aten.ones_like.default(src, dtype=self.dtype), "sum",
                                    include_self=True)
    count = aten.where.ScalarSelf(aten.eq.Scalar(count, 0), 1, count)
    if self.dtype.is_floating_point:
        return aten.div.Tensor(total, count)
    return aten.div.Tensor_mode(total, count, rounding_mode="floor")


def index_reduce(self, dim, index, source, reduce, *, include_self=True):
    """index_reduce = scatter_reduce with the 1-d index spread along dim over source's shape."""
    if self.dim() == 0:
        out = index_reduce(aten.reshape.default(self, [1]), 0, index, aten.reshape.default(source, [-1]), reduce,
                           include_self=include_self)
        return aten.reshape.default(out, [])
    d = _dim(dim, self.dim())
    shape = [1] * source.dim()
    shape[d] = -1
    idx = aten.expand.default(aten.reshape.default(index, shape), list(source.shape))
    return aten.scatter_reduce.two(self, d, idx, source, reduce, include_self=include_self)


def put(self, index, source, accumulate=False):
    """put: index_put into the flattened self (negative indices count from the end)."""
    flat = aten.reshape.default(self, [-1])
    idx = aten.reshape.default(index, [-1])
    numel = _count(flat.shape[0], flat)
    idx = aten.where.self(aten.lt.Scalar(idx, 0), _add(idx, numel), idx)
    out = aten.index_put.default(flat, [idx], aten.reshape.default(source, [-1]), accumulate)
    return aten.reshape.default(out, list(self.shape))


def nonzero_static(self, *, size, fill_value=-1):
    """The first `size` rows of nonzero(self), padded with fill_value: a stable sort puts the nonzero
    positions first, in order; they are unravelled into coordinates."""
    rank = self.dim()
    if rank == 0:
        return aten.full.default([size, 0], fill_value, dtype=torch.int64, device=self.device)
    flat = aten.reshape.default(aten.ne.Scalar(self, 0), [-1])
    key = aten._to_copy.default(aten.logical_not.default(flat), dtype=torch.int64)
    order = aten.sort.default(key, 0, False)[1]  # nonzero positions first, in order
    count = aten.sum.default(flat, dtype=torch.int64)
    pad = aten.zeros.default([size], dtype=torch.int64, device=self.device)
    first = aten.slice.Tensor(aten.cat.default([order, pad]), 0, 0, size)
    coords = []
    rest = first
    for d in reversed(range(rank)):
        n = _count(self.shape[d], self)
        coords.append(aten.remainder.Scalar(rest, n) if isinstance(n, int) else aten.remainder.Tensor(rest, n))
        rest = aten.div.Tensor_mode(rest, n, rounding_mode="floor")
    coords = aten.stack.default(list(reversed(coords)), 1)  # [size, rank]
    valid = aten.unsqueeze.default(aten.lt.Tensor(_arange(size, self), count), 1)
    return aten.where.ScalarOther(valid, coords, fill_value)


def _mul(t, n):
    return aten.mul.Scalar(t, n) if isinstance(n, int) else aten.mul.Tensor(t, n)


def diagonal_scatter(x, src, offset=0, dim1=0, dim2=1):
    """diagonal_scatter: src scattered into the flattened (dim1, dim2) plane of x, at k*C + k + offset
    (offset >= 0) or (k - offset)*C + k, for k along the diagonal (torch._decomp's form copies into a view)."""
    rank = x.dim()
    d1, d2 = _dim(dim1, rank), _dim(dim2, rank)
    order = [d for d in range(rank) if d not in (d1, d2)] + [d1, d2]
    xt = aten.permute.default(x, order)  # [..., R, C]
    rows, cols = xt.shape[-2], xt.shape[-1]
    k = _arange(src.shape[-1], x)
    c = _count(cols, x)
    pos = aten.add.Tensor(_mul(k, c), k)  # k * C + k
    pos = aten.add.Scalar(pos, offset) if offset >= 0 else _add(pos, _mul(c, -offset) if isinstance(c, int)
                                                                  else aten.mul.Scalar(c, -offset))
    flat = aten.reshape.default(xt, [*xt.shape[:-2], rows * cols])
    index = aten.expand.default(pos, list(src.shape))
    out = aten.scatter.src(flat, -1, index, aten._to_copy.default(src, dtype=x.dtype))
    out = aten.reshape.default(out, list(xt.shape))
    return aten.permute.default(out, [order.index(d) for d in range(rank)])


def as_strided_scatter(x, src, size, stride, storage_offset=None):
    """as_strided_scatter over a contiguous x: src scattered into x's flat storage at storage_offset +
    sum_d i_d * stride[d]. A non-contiguous x (its storage order is not its logical order) stays as it is."""
    if not x.is_contiguous():
        return NotImplemented
    pos = aten.full.default([1] * len(size), storage_offset or 0, dtype=torch.int64, device=x.device)
    for d, (n, st) in enumerate(zip(size, stride)):
        shape = [1] * len(size)
        shape[d] = -1
        pos = aten.add.Tensor(pos, aten.reshape.default(_mul(_arange(n, x), _count(st, x) if not isinstance(st, int)
                                                              else st), shape))
    flat = aten.reshape.default(x, [-1])
    index = aten.reshape.default(aten.expand.default(pos, list(size)), [-1])
    out = aten.scatter.src(flat, 0, index, aten.reshape.default(aten._to_copy.default(src, dtype=x.dtype), [-1]))
    return aten.reshape.default(out, list(x.shape))


def segment_reduce(data, reduce, *, lengths=None, indices=None, offsets=None, axis=0, unsafe=False, initial=None):
    """segment_reduce with 1-d lengths or offsets: the segment of each element along axis is the number of
    segment ends at or before it; a scatter_reduce into the segments. Empty segments get `initial`, else
    what torch gives them (0, 1, -inf, inf, NaN for sum, prod, max, min, mean)."""
    if indices is not None or (lengths is None) == (offsets is None):
        return NotImplemented
    bounds = lengths if lengths is not None else offsets
    if bounds.dim() != 1:
        return NotImplemented
    d = _dim(axis, data.dim())
    x = aten.movedim.int(data, d, 0)
    if lengths is not None:
        ends, segments = aten.cumsum.default(lengths, 0), lengths.shape[0]
    else:
        ends, segments = aten.slice.Tensor(offsets, 0, 1), offsets.shape[0] - 1
    n = x.shape[0]
    seg = aten.sum.dim_IntList(aten.le.Tensor(aten.unsqueeze.default(ends, 0),
                                              aten.unsqueeze.default(_arange(n, x), 1)), [1], False,
                               dtype=torch.int64)  # [n]
    index = aten.expand.default(aten.reshape.default(seg, [-1] + [1] * (x.dim() - 1)), list(x.shape))
    shape = [segments, *x.shape[1:]]
    kind = {"max": "amax", "min": "amin"}.get(reduce, reduce)
    empty_value = {"sum": 0, "prod": 1, "amax": _lowest(x.dtype), "amin": _highest(x.dtype),
                   "mean": float("nan")}[kind]
    if kind == "mean":
        base = aten.full.default(shape, 0 if initial is None else initial, dtype=x.dtype, device=x.device)
        total = aten.scatter_reduce.two(base, 0, index, x, "sum", include_self=True)
        count = aten.scatter_reduce.two(aten.zeros.default(shape, dtype=x.dtype, device=x.device), 0, index,
                                        aten.ones_like.default(x), "sum", include_self=True)
        empty = aten.eq.Scalar(count, 0)
        out = aten.where.ScalarSelf(empty, empty_value if initial is None else initial,
                                    aten.div.Tensor(total, aten.where.ScalarSelf(empty, 1, count)))
    else:
        base = aten.full.default(shape, empty_value if initial is None else initial, dtype=x.dtype,
                                 device=x.device)
        out = aten.scatter_reduce.two(base, 0, index, x, kind, include_self=initial is not None)
    return aten.movedim.int(out, 0, d)


def embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False,
                  per_sample_weights=None, include_last_offset=False, padding_idx=-1):
    """_embedding_bag(_forward_only) with 1-d indices and offsets: the bag of each index is the number of
    bag starts at or before it; rows are summed (index_put with accumulate), averaged, or maxed (a
    scatter_reduce; an empty bag gives 0) into the bags. The other results are what torch's CPU kernel
    returns: offset2bag (empty for 'sum'), bag_size (zeros for 'sum'), max_indices (the weight row of each
    bag's max per feature, the first position that has it; bag_size for 'mean'; zeros for 'sum')."""
    if indices.dim() != 1 or (padding_idx is not None and padding_idx >= 0):
        return NotImplemented
    bags = offsets.shape[0] - 1 if include_last_offset else offsets.shape[0]
    starts = aten.slice.Tensor(offsets, 0, 0, bags)
    n, dim = indices.shape[0], weight.shape[1]
    pos = _arange(n, weight)
    bag_of = aten.sub.Scalar(aten.sum.dim_IntList(aten.le.Tensor(aten.unsqueeze.default(starts, 0),
                                                                 aten.unsqueeze.default(pos, 1)), [1], False,
                                                  dtype=torch.int64), 1)  # [n]
    rows = aten.index_select.default(weight, 0, indices)  # [n, D]
    zeros_bd = aten.zeros.default([bags, dim], dtype=weight.dtype, device=weight.device)
    zeros_b = aten.zeros.default([bags], dtype=torch.int64, device=weight.device)
    if mode == 0:
        if per_sample_weights is not None:
            rows = aten.mul.Tensor(rows, aten.unsqueeze.default(per_sample_weights, 1))
        out = aten.index_put.default(zeros_bd, [bag_of], rows, True)
        return out, aten.zeros.default([0], dtype=torch.int64, device=weight.device), zeros_b, zeros_b
    count = aten.index_put.default(zeros_b, [bag_of], aten.ones_like.default(bag_of), True)  # [B]
    if mode == 1:
        total = aten.index_put.default(zeros_bd, [bag_of], rows, True)
        div = aten._to_copy.default(aten.clamp_min.default(count, 1), dtype=weight.dtype)
        return aten.div.Tensor(total, aten.unsqueeze.default(div, 1)), bag_of, count, count
    index = aten.expand.default(aten.unsqueeze.default(bag_of, 1), [n, dim])
    out = aten.scatter_reduce.two(zeros_bd, 0, index, rows, "amax", include_self=False)
    is_max = aten.eq.Tensor(rows, aten.gather.default(out, 0, index))
    never = torch.iinfo(torch.int64).max  # no position: an empty bag
    first = aten.where.ScalarOther(is_max, aten.expand.default(aten.unsqueeze.default(pos, 1), [n, dim]), never)
    first = aten.scatter_reduce.two(aten.full.default([bags, dim], never, dtype=torch.int64, device=weight.device),
                                    0, index, first, "amin", include_self=True)
    empty = aten.eq.Scalar(first, never)
    first = aten.where.ScalarSelf(empty, 0, first)
    padded = aten.cat.default([indices, aten.zeros.default([1], dtype=indices.dtype, device=weight.device)])
    picked = aten.reshape.default(aten.index_select.default(padded, 0, aten.reshape.default(first, [-1])),
                                  [bags, dim])
    max_indices = aten.where.ScalarSelf(empty, 0, picked)
    return out, bag_of, count, max_indices


# -------------------------------------------------------------------------------------- views


def unfold(x, dimension, size, step):
    """unfold: the windows gathered with index_select along the dim (torch._decomp's as_strided form needs
    the strides, which a symbolic size leaves symbolic) and the window dim moved last."""
    if x.dim() == 0:
        return aten.reshape.default(x, [1])
    d = _dim(dimension, x.dim())
    n = x.shape[d]
    windows = (n - size) // step + 1
    starts = aten.mul.Scalar(_arange(windows, x), step)
    idx = aten.add.Tensor(aten.unsqueeze.default(starts, 1), aten.unsqueeze.default(_arange(size, x), 0))
    picked = aten.index_select.default(x, d, aten.reshape.default(idx, [-1]))
    shape = list(x.shape)
    shape[d:d + 1] = [windows, size]
    return aten.movedim.int(aten.reshape.default(picked, shape), d + 1, -1)


def unfold_copy(x, dimension, size, step):
    return aten.clone.default(unfold(x, dimension, size, step))


# ------------------------------------------------------------------------------------ linalg-ish


def addbmm(self, batch1, batch2, *, beta=1, alpha=1):
    """beta * self + alpha * sum_b batch1[b] @ batch2[b] (beta == 0 ignores self, NaN included).

    The batch sum keeps bmm's dtype: a plain sum of uint8/int8/int16 would promote to int64, while eager's
    addbmm returns the input dtype (wrapping, which the sum modulo 2^bits reproduces)."""
    products = aten.bmm.default(batch1, batch2)
    out = aten.sum.dim_IntList(products, [0], False, dtype=products.dtype)
    if alpha != 1:
        out = aten.mul.Scalar(out, alpha)
    if beta == 0:
        return out  # (n, p), the shape self broadcasts to
    return aten.add.Tensor(out, self if beta == 1 else aten.mul.Scalar(self, beta))


def own_table() -> dict[torch._ops.OpOverload, Callable]:
    """Entries for ops that survive torch's default table (tried like torch._decomp's, and win over them)."""
    return {
        aten.cummax.default: _cum_extreme(True),
        aten.cummin.default: _cum_extreme(False),
        aten.max.default: _max_min_all(True),
        aten.min.default: _max_min_all(False),
        aten.kthvalue.default: kthvalue,
        aten.sort.stable: sort_stable,
        aten.median.dim: _median_dim(False),
        aten.nanmedian.dim: _median_dim(True),
        aten.median.default: _median_all(False),
        aten.nanmedian.default: _median_all(True),
        aten.mode.default: mode,
        aten.searchsorted.Tensor: searchsorted,
        aten.searchsorted.Scalar: searchsorted_scalar,
        aten.bucketize.Tensor: bucketize,
        aten.bucketize.Scalar: bucketize_scalar,
        aten.index_reduce.default: index_reduce,
        aten.put.default: put,
        aten.nonzero_static.default: nonzero_static,
        aten.unfold.default: unfold,
        aten.unfold_copy.default: unfold_copy,
        aten.addbmm.default: addbmm,
        aten.diagonal_scatter.default: diagonal_scatter,
        aten.as_strided_scatter.default: as_strided_scatter,
        aten.segment_reduce.default: segment_reduce,
        aten._embedding_bag_forward_only.default: embedding_bag,
        aten._embedding_bag.default: embedding_bag,
    }


def base_table() -> dict[torch._ops.OpOverload, Callable]:
    """Entries run with torch's default table: core ops whose other calls the lowering takes as they are."""
    return {aten.scatter_reduce.two: scatter_reduce}
