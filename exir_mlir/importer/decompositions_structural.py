"""Own decompositions (torch ops -> core ATen) of structural non-core ops: distances (cdist, pdist),
fractional max pooling with given samples, anti-aliased bilinear upsampling, grid_sampler_3d, histograms
(histogram with bin edges, histogramdd; histc is in decompositions_scan.py), scatter.reduce, resize with static sizes, the
random ones torch draws with no core op (multinomial, geometric of an integer dtype, rrelu in training: on
rand/rand_like, which aten-to-edge lowers to edge.random), and nn.functional.linear_cross_entropy's chunked
custom ops.

Each is written with core ATen ops whose lowerings exist, for any (symbolic) size. Some are quadratic in a
length (pdist, histograms: a comparison per element and edge), correct
and vectorizable but slow for long dims.

`own_table()` entries are tried like torch._decomp's for ops that survive the default table;
`base_table()` entries run with torch's default table, for ops the exir dialect declares (so they
survive it) but aten-to-edge has no lowering for.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import torch

from exir_mlir.errors import ExirUserError
from exir_mlir.importer.locations import describe

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


def _aa_weights(in_size, out_size: int, align_corners: bool, scale, like: torch.Tensor):
    """The [out, in] matrix of ATen's anti-aliased bilinear weights along one dim (UpSampleKernel.cpp,
    _compute_index_ranges_weights with antialias): scale = in / out (1 / scale_factor when given; (in - 1) /
    (out - 1) with align_corners), support = max(scale, 1); output i takes inputs j in
    [trunc(center - support + 0.5), trunc(center + support + 0.5)) clipped to [0, in), center = scale * (i + 0.5),
    weighted by the triangle filter of (j - center + 0.5) / max(scale, 1), normalized to sum 1."""
    dtype = like.dtype
    n_in = _count(in_size, like)
    n_in_f = (aten._to_copy.default(n_in, dtype=dtype) if not isinstance(n_in, int)
              else aten.scalar_tensor.default(float(n_in), dtype=dtype, device=like.device))
    if align_corners:
        scale_t = (aten.div.Scalar(aten.sub.Scalar(n_in_f, 1), out_size - 1) if out_size > 1
                   else aten.mul.Scalar(n_in_f, 0.0))
    elif scale is not None and scale > 0:
        scale_t = aten.mul.Scalar(aten.ones_like.default(n_in_f), 1.0 / scale)
    else:
        scale_t = aten.div.Scalar(n_in_f, out_size)
    support = aten.clamp_min.default(scale_t, 1.0)  # interp_size / 2 * max(scale, 1), interp_size = 2
    invscale = aten.reciprocal.default(support)
    i = aten.unsqueeze.default(aten.arange.start_step(0, out_size, 1, dtype=dtype, device=like.device), 1)
    j = aten.unsqueeze.default(aten._to_copy.default(
        aten.arange.start_step(0, in_size, 1, dtype=torch.int64, device=like.device), dtype=dtype), 0)
    center = aten.mul.Tensor(aten.add.Scalar(i, 0.5), scale_t)  # [out, 1]
    lo = aten.clamp_min.default(aten.trunc.default(aten.add.Scalar(aten.sub.Tensor(center, support), 0.5)), 0.0)
    hi = aten.minimum.default(aten.trunc.default(aten.add.Scalar(aten.add.Tensor(center, support), 0.5)), n_in_f)
    t = aten.abs.default(aten.mul.Tensor(aten.add.Scalar(aten.sub.Tensor(j, center), 0.5), invscale))
    w = aten.clamp_min.default(aten.rsub.Scalar(t, 1.0), 0.0)
    inside = aten.logical_and.default(aten.ge.Tensor(j, lo), aten.lt.Tensor(j, hi))
    w = aten.where.self(inside, w, aten.zeros_like.default(w))
    total = aten.sum.dim_IntList(w, [1], True)
    return aten.div.Tensor(w, aten.where.self(aten.eq.Scalar(total, 0), aten.ones_like.default(total), total))


def upsample_bilinear2d_aa(x, output_size, align_corners, scales_h=None, scales_w=None):
    """_upsample_bilinear2d_aa: the separable anti-aliased weights as two matrices, applied along W then H."""
    if x.dim() != 4 or not x.dtype.is_floating_point:
        return NotImplemented
    oh, ow = output_size
    if not isinstance(oh, int) or not isinstance(ow, int):
        return NotImplemented
    wh = _aa_weights(x.shape[2], oh, align_corners, scales_h, x)  # [OH, H]
    ww = _aa_weights(x.shape[3], ow, align_corners, scales_w, x)  # [OW, W]
    out = aten.matmul.default(x, aten.t.default(ww))  # [N, C, H, OW]
    return aten.matmul.default(wh, out)  # [N, C, OH, OW]


def grid_sampler_3d(a, grid, interpolation_mode=0, padding_mode=0, align_corners=False):
    """grid_sampler_3d: torch._decomp's grid_sampler_2d (torch/_decomp/decompositions.py) with a third
    coordinate: trilinear (the 8 corners) or nearest (round half to even), zeros/border/reflection padding."""
    if interpolation_mode not in (0, 1) or a.dim() != 5 or not a.dtype.is_floating_point:
        return NotImplemented
    n, c, i_d, i_h, i_w = a.shape
    _, o_d, o_h, o_w, _ = grid.shape

    def unnormalize(coords, size):
        mul = (size * 0.5 - 0.5) if align_corners else (size * 0.5)
        return coords * mul + (size * 0.5 - 0.5)

    def reflect(coords, twice_low, twice_high):
        if twice_low == twice_high:
            return torch.zeros_like(coords)
        low, span = twice_low / 2, (twice_high - twice_low) / 2
        c2 = (coords - low).abs()
        extra = torch.fmod(c2, span)
        flips = (c2 / span).floor().to(dtype=torch.int8)
        return torch.where(flips & 1 == 0, extra + low, span + low - extra)

    def source_index(coords, size):
        coords = unnormalize(coords, size)
        if padding_mode == 1:
            return torch.clamp(coords, 0, size - 1)
        if padding_mode == 2:
            coords = reflect(coords, 0, 2 * (size - 1)) if align_corners else reflect(coords, -1, 2 * size - 1)
            return torch.clamp(coords, 0, size - 1)
        return coords

    n_idx = torch.arange(n, device=a.device).view(n, 1, 1, 1, 1)
    c_idx = torch.arange(c, device=a.device).view(1, c, 1, 1, 1)

    def summand(ix, iy, iz, w):
        inside = (0 <= ix) & (ix < i_w) & (0 <= iy) & (iy < i_h) & (0 <= iz) & (iz < i_d)
        ix, iy, iz, w = (torch.where(inside, t, 0).view(n, 1, o_d, o_h, o_w)
                         for t in (ix.to(torch.int64), iy.to(torch.int64), iz.to(torch.int64), w))
        return a[n_idx, c_idx, iz, iy, ix] * w

    ix = source_index(grid[..., 0], i_w)
    iy = source_index(grid[..., 1], i_h)
    iz = source_index(grid[..., 2], i_d)
    if interpolation_mode == 1:
        return summand(ix.round(), iy.round(), iz.round(), torch.ones_like(ix))
    x0, y0, z0 = ix.floor(), iy.floor(), iz.floor()
    out = None
    for dz in (0, 1):
        for dy in (0, 1):
            for dx in (0, 1):
                wx = (ix - x0) if dx else (x0 + 1 - ix)
                wy = (iy - y0) if dy else (y0 + 1 - iy)
                wz = (iz - z0) if dz else (z0 + 1 - iz)
                term = summand(x0 + dx, y0 + dy, z0 + dz, wx * wy * wz)
                out = term if out is None else out + term
    return out


def _bin_of(values, edges):
    """ATen's binary-search binning against increasing `edges` [B + 1]: the bin is the number of edges <= x,
    less one; x equal to the last edge is in the last bin; x outside [first, last] (and NaN) is in none.
    Returns (bin [n] int64, inside [n] bool)."""
    below = aten.le.Tensor(aten.unsqueeze.default(edges, 0), aten.unsqueeze.default(values, 1))  # [n, B + 1]
    pos = aten.sub.Scalar(aten.sum.dim_IntList(below, [1], False, dtype=torch.int64), 1)
    last = aten.select.int(edges, 0, -1)
    pos = aten.where.self(aten.eq.Tensor(values, last), aten.sub.Scalar(pos, 1), pos)
    inside = aten.logical_and.default(aten.ge.Tensor(values, aten.select.int(edges, 0, 0)),
                                      aten.le.Tensor(values, last))
    return aten.where.self(inside, pos, aten.zeros_like.default(pos)), inside


def _histogram_from_edges(points, edges, weight, density):
    """The D-dim histogram of `points` [n, D] over per-dim `edges` (ATen's histogramdd with bin tensors)."""
    flat_bin, inside = None, None
    sizes = []
    for d, e in enumerate(edges):
        pos, ok = _bin_of(aten.select.int(points, 1, d), e)
        sizes.append(e.shape[0] - 1)
        flat_bin = pos if flat_bin is None else aten.add.Tensor(_mul(flat_bin, _count(sizes[-1], points)), pos)
        inside = ok if inside is None else aten.logical_and.default(inside, ok)
    flat_bin = aten.where.self(inside, flat_bin, aten.zeros_like.default(flat_bin))
    add = aten._to_copy.default(inside, dtype=points.dtype)
    if weight is not None:
        add = aten.mul.Tensor(add, aten.reshape.default(weight, [-1]))
    total = 1
    for n in sizes:
        total = total * n
    hist = aten.index_put.default(aten.zeros.default([total], dtype=points.dtype, device=points.device),
                                  [flat_bin], add, True)
    hist = aten.reshape.default(hist, sizes)
    if density:
        hist = aten.div.Tensor(hist, aten.sum.default(hist))
        for d, e in enumerate(edges):
            width = aten.sub.Tensor(aten.slice.Tensor(e, 0, 1, e.shape[0]), aten.slice.Tensor(e, 0, 0, e.shape[0] - 1))
            shape = [1] * len(edges)
            shape[d] = -1
            hist = aten.div.Tensor(hist, aten.reshape.default(width, shape))
    return hist


def histogram_bins_tensor(x, bins, *, weight=None, density=False):
    if not x.dtype.is_floating_point:
        return NotImplemented
    points = aten.reshape.default(x, [-1, 1])
    return _histogram_from_edges(points, [bins], weight, density), aten.clone.default(bins)


def histogramdd_from_bin_tensors(x, bins, *, weight=None, density=False):
    if not x.dtype.is_floating_point:
        return NotImplemented
    points = aten.reshape.default(x, [-1, len(bins)])
    return _histogram_from_edges(points, list(bins), weight, density)


def _linspace_edges(lo, hi, bins: int, like):
    """bins + 1 edges from lo to hi (0-d tensors) as ATen's CPU linspace computes them: start + step * i in
    the first half, end - step * (steps - 1 - i) in the second."""
    steps = bins + 1
    step = aten.div.Scalar(aten.sub.Tensor(hi, lo), bins)
    i = aten.arange.start_step(0, steps, 1, dtype=like.dtype, device=like.device)
    first = aten.add.Tensor(lo, aten.mul.Tensor(step, i))
    second = aten.sub.Tensor(hi, aten.mul.Tensor(step, aten.rsub.Scalar(i, steps - 1)))
    half = aten.lt.Scalar(aten.arange.start_step(0, steps, 1, dtype=torch.int64, device=like.device), steps // 2)
    return aten.where.self(half, first, second)


def histogramdd_bin_edges(x, bins, *, range=None, weight=None, density=False):  # noqa: A002
    """_histogramdd_bin_edges: per dim, bins + 1 linspace edges over the given range or the data's (an empty
    range widened by 0.5 each way, as numpy)."""
    if not x.dtype.is_floating_point:
        return NotImplemented
    points = aten.reshape.default(x, [-1, len(bins)])
    edges = []
    for d, b in enumerate(bins):
        if range is not None:
            lo = aten.scalar_tensor.default(float(range[2 * d]), dtype=x.dtype, device=x.device)
            hi = aten.scalar_tensor.default(float(range[2 * d + 1]), dtype=x.dtype, device=x.device)
        else:
            col = aten.select.int(points, 1, d)
            lo, hi = aten.amin.default(col, [0], False), aten.amax.default(col, [0], False)
        same = aten.eq.Tensor(lo, hi)
        lo = aten.where.self(same, aten.sub.Scalar(lo, 0.5), lo)
        hi = aten.where.self(same, aten.add.Scalar(hi, 0.5), hi)
        edges.append(_linspace_edges(lo, hi, b, x))
    return edges


def histogramdd_from_bin_cts(x, bins, *, range=None, weight=None, density=False):  # noqa: A002
    """_histogramdd_from_bin_cts: binned against _histogramdd_bin_edges' edges (ATen's linear interpolation
    with local search lands in the same bin as the binary search)."""
    edges = histogramdd_bin_edges(x, bins, range=range, weight=weight, density=density)
    if edges is NotImplemented:
        return NotImplemented
    return histogramdd_from_bin_tensors(x, edges, weight=weight, density=density)


def resize(x, size, memory_format=None):
    """resize (resize_as_'s functional form): the elements kept in order, the new ones zeros (eager leaves
    them uninitialized) -- for sizes known at compile time."""
    new = 1
    for s_ in size:
        new = new * s_
    old = x.numel()
    flat = aten.reshape.default(x, [-1])
    if isinstance(new, int) and isinstance(old, int):
        if new <= old:
            return aten.reshape.default(aten.slice.Tensor(flat, 0, 0, new), list(size))
        pad = aten.zeros.default([new - old], dtype=x.dtype, device=x.device)
        return aten.reshape.default(aten.cat.default([flat, pad]), list(size))
    from torch.fx.experimental.symbolic_shapes import statically_known_true

    if statically_known_true(new == old):
        return aten.reshape.default(flat, list(size))
    return NotImplemented


# ------------------------------------------------------------------------------------------ losses


def _linear_cross_entropy(x, linear_weight, target, linear_bias, weight, reduction, ignore_index, label_smoothing):
    logits = torch.nn.functional.linear(x, linear_weight, linear_bias)
    return torch.nn.functional.cross_entropy(logits, target, weight=weight, ignore_index=ignore_index,
                                             reduction=reduction, label_smoothing=label_smoothing)


def linear_cross_entropy_chunked(x, linear_weight, target, linear_bias, weight, reduction, ignore_index,
                                 label_smoothing, batch_chunk_size, acc_policy, acc_dtype, allow_retain_graph,
                                 compute_input_grad, compute_linear_weight_grad, compute_linear_bias_grad):
    """torch_nn::_linear_cross_entropy_batch_chunked (nn.functional.linear_cross_entropy's chunked custom op)
    unchunked: cross_entropy of the linear layer's logits. Its precomputed gradients are not made (the op
    is refused where a forward asks for them); they come back empty, as the op returns them then."""
    if compute_input_grad or compute_linear_weight_grad or compute_linear_bias_grad:
        return NotImplemented
    loss = _linear_cross_entropy(x, linear_weight, target, linear_bias, weight, reduction, ignore_index,
                                 label_smoothing)
    return (loss, aten.empty.memory_format([0, 0], dtype=x.dtype, device=x.device),
            aten.empty.memory_format([0, 0], dtype=x.dtype, device=x.device),
            aten.empty.memory_format([0], dtype=x.dtype, device=x.device))


def linear_cross_entropy_chunked_none(x, linear_weight, target, linear_bias, weight, ignore_index,
                                      batch_chunk_size, acc_policy, acc_dtype):
    return _linear_cross_entropy(x, linear_weight, target, linear_bias, weight, "none", ignore_index, 0.0)


def _custom_ops() -> dict:
    try:
        import torch.nn.modules.linear_cross_entropy  # noqa: F401 - registers the torch_nn ops

        ops = torch.ops.torch_nn
        return {ops._linear_cross_entropy_batch_chunked.default: linear_cross_entropy_chunked,
                ops._linear_cross_entropy_batch_chunked_no_reduction.default: linear_cross_entropy_chunked_none}
    except (ImportError, AttributeError, RuntimeError):  # a torch without them
        return {}


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


def multinomial(probs, num_samples, replacement=False, *, generator=None):
    """multinomial from uniform draws: with replacement by the inverse CDF (the number of cumulative
    weights <= u * total); without, by the Gumbel top-k trick (the k largest log(w) - log(-log(u)) are a
    draw of k categories without replacement, in draw order)."""
    if generator is not None or probs.dim() not in (1, 2) or not probs.dtype.is_floating_point:
        return NotImplemented
    k = probs.shape[-1]
    if replacement:
        cdf = aten.cumsum.default(probs, -1)
        total = aten.slice.Tensor(cdf, -1, k - 1, k)  # [..., 1]
        u = aten.rand.default([*probs.shape[:-1], num_samples], dtype=probs.dtype, device=probs.device)
        u = aten.mul.Tensor(u, total)  # [..., S]
        below = aten.le.Tensor(aten.unsqueeze.default(cdf, -2), aten.unsqueeze.default(u, -1))  # [..., S, K]
        picked = aten.sum.dim_IntList(below, [-1], False, dtype=torch.int64)
        return aten.clamp_max.default(picked, k - 1) if isinstance(k, int) else aten.minimum.default(
            picked, aten.sub.Scalar(_count(k, probs), 1))
    u = aten.rand_like.default(probs)
    u = aten.clamp_min.default(u, torch.finfo(probs.dtype).tiny)
    gumbel = aten.neg.default(aten.log.default(aten.neg.default(aten.log.default(u))))
    keys = aten.add.Tensor(aten.log.default(probs), gumbel)  # log(0) = -inf: never drawn
    return aten.topk.default(keys, num_samples, -1, True, True)[1]


def rrelu_with_noise_functional(x, noise, lower=0.125, upper=1.0 / 3.0, training=False, generator=None):
    """rrelu_with_noise_functional: in training, x * r where x <= 0 with r uniform in [lower, upper) (the
    noise output is r there and 1 elsewhere); otherwise leaky_relu with slope (lower + upper) / 2 and the
    noise as it came."""
    if generator is not None or not x.dtype.is_floating_point:
        return NotImplemented
    if not training:
        return aten.leaky_relu.default(x, (lower + upper) / 2), aten.clone.default(noise)
    r = aten.add.Scalar(aten.mul.Scalar(aten.rand_like.default(x), upper - lower), lower)
    neg = aten.le.Scalar(x, 0)
    r = aten.where.self(neg, r, aten.ones_like.default(x))
    return aten.mul.Tensor(x, r), aten._to_copy.default(r, dtype=noise.dtype)


def scatter_reduce_legacy(x, dim, index, src, *, reduce):
    """scatter.reduce ('add' / 'multiply', the old spelling): scatter_reduce.two with the self values."""
    kinds = {"add": "sum", "multiply": "prod"}
    if reduce not in kinds:
        return NotImplemented
    return aten.scatter_reduce.two(x, dim, index, src, kinds[reduce], include_self=True)


def scatter_value_reduce_legacy(x, dim, index, value, *, reduce):
    src = aten.expand.default(aten.scalar_tensor.default(value, dtype=x.dtype, device=x.device), index.shape)
    return scatter_reduce_legacy(x, dim, index, src, reduce=reduce)


def own_table() -> dict[torch._ops.OpOverload, Callable]:
    """Entries for ops that survive torch's default table (tried like torch._decomp's, and win over them)."""
    return {
        **_custom_ops(),
        aten.geometric.default: geometric,
        aten.histogram.bins_tensor: histogram_bins_tensor,
        aten._histogramdd_from_bin_tensors.default: histogramdd_from_bin_tensors,
        aten.resize.default: resize,
        aten._histogramdd_bin_edges.default: histogramdd_bin_edges,
        aten._histogramdd_from_bin_cts.default: histogramdd_from_bin_cts,
        aten.grid_sampler_3d.default: grid_sampler_3d,
        aten._upsample_bilinear2d_aa.default: upsample_bilinear2d_aa,
        aten.multinomial.default: multinomial,
        aten.rrelu_with_noise_functional.default: rrelu_with_noise_functional,
        aten.scatter.reduce: scatter_reduce_legacy,
        aten.scatter.value_reduce: scatter_value_reduce_legacy,
        aten.fractional_max_pool2d.default: _fractional_max_pool(2),
        aten.fractional_max_pool3d.default: _fractional_max_pool(3),
    }


# Resampling ops whose eager uint8 kernel resamples separably (rows, then columns) with fixed-point
# weights, rounding and clamping between the passes: a float decomposition is off by one on some pixels.
_UINT8_RESAMPLING = {
    "upsample_bicubic2d": "bicubic upsampling", "_upsample_bicubic2d_aa": "anti-aliased bicubic upsampling",
    "_upsample_bilinear2d_aa": "anti-aliased bilinear upsampling",
}


def refuse_uint8_resampling(ep: torch.export.ExportedProgram, user_ops) -> None:
    """A clear error (the op, its line, what to do) for a uint8 resampling op of _UINT8_RESAMPLING that
    the user's table does not decompose, instead of results that differ from eager's."""
    for node in ep.graph.nodes:
        target = node.target
        if node.op != "call_function" or not isinstance(target, torch._ops.OpOverload) or target in user_ops:
            continue
        what = _UINT8_RESAMPLING.get(target._schema.name.removeprefix("aten::"))
        val = node.args[0].meta.get("val") if node.args and isinstance(node.args[0], torch.fx.Node) else None
        if what is not None and getattr(val, "dtype", None) == torch.uint8:
            raise ExirUserError(
                f"{describe(node)}: node '{node.name}' ({target}): {what} of a uint8 tensor is not supported: "
                "eager's uint8 kernel resamples with fixed-point weights that exir-mlir does not reproduce (results "
                "would differ by 1 on some pixels); interpolate x.float() and cast the result back (e.g. "
                ".round().clamp(0, 255).to(torch.uint8))")


def base_table() -> dict[torch._ops.OpOverload, Callable]:
    """Entries run with torch's default table: ops the exir dialect declares but aten-to-edge cannot lower."""
    return {
        aten._cdist_forward.default: cdist_forward,
        aten._pdist_forward.default: pdist_forward,
    }
