"""aten-to-edge patterns for functional updates (scatters, index_put, slice/select_scatter),
diagonal, border padding, pooling indices and group norm (decomposed)."""

from __future__ import annotations

from exir_mlir._mlir import ir

from .aten_args import AtenArgs
from .conversion import PatternTable
from .edge_builders import cast, full, normalize_dim, typed_scalar
from .ir_utils import (
    DYNAMIC,
    Unsupported,
    bool_attr,
    create,
    create1,
    element_type,
    f64_attr,
    i64,
    i64_array,
    i64_attr,
    is_float,
    rank_of,
    ranked,
    shape_of,
    str_attr,
)

FAMILY_UPDATE = "scatter-update"
FAMILY_PAD = "padding"


def _slice_scatter(x, src, rt, dim, start, step):
    attrs = {"dim": i64_attr(dim), "start": i64_attr(start), "step": i64_attr(step)}
    return create1("edge.slice_scatter", [x, cast(src, element_type(x))], rt, attrs)


def lower_slice_scatter(op):
    args = AtenArgs(op, ["self", "src", "start?", "end?", "step?"])
    x, src = args.tensor("self"), args.tensor("src")
    dim = normalize_dim(args.attr("dim", 0), rank_of(x))
    start, step = args.sym_int("start", 0), args.sym_int("step", 1)
    if isinstance(start, ir.Value) or isinstance(step, ir.Value) or step < 1:
        raise Unsupported("slice_scatter needs a static start and a positive static step")
    size = shape_of(x)[dim]
    if start < 0:
        if size == DYNAMIC:
            raise Unsupported("a negative start on a dynamic dim is not supported")
        start = max(start + size, 0)
    return [_slice_scatter(x, src, op.results[0].type, dim, start, step)]


def lower_select_scatter(op):
    args = AtenArgs(op, ["self", "src", "index?"])
    x, src = args.tensor("self"), args.tensor("src")
    dim = normalize_dim(args.attr("dim"), rank_of(x))
    idx = args.sym_int("index")
    if isinstance(idx, ir.Value):
        raise Unsupported("a symbolic select_scatter index is not supported yet")
    if idx < 0:
        if shape_of(x)[dim] == DYNAMIC:
            raise Unsupported("a negative index on a dynamic dim is not supported")
        idx += shape_of(x)[dim]
    shape = shape_of(src)
    shape.insert(dim, 1)
    if DYNAMIC in shape:
        raise Unsupported("select_scatter of a dynamic-shape source is not supported yet")
    src1 = create1("edge.view", [src], ranked(shape, element_type(src)))
    return [_slice_scatter(x, src1, op.results[0].type, dim, idx, 1)]


def lower_scatter(kind: str):
    def pattern(op):
        if kind == "value":
            args = AtenArgs(op, ["self", "index"])
            x, index = args.tensor("self"), args.tensor("index")
            src = full(args.attr("value"), ranked(shape_of(index), element_type(x)))
            reduce = "none"
        else:
            args = AtenArgs(op, ["self", "index", "src"])
            x, index, src = args.tensor("self"), args.tensor("index"), args.tensor("src")
            reduce = {"src": "none", "add": "sum"}.get(kind)
            if kind == "reduce":
                reduce = {"sum": "sum", "prod": "prod", "amax": "amax", "amin": "amin"}.get(args.attr("reduce"))
                if reduce is None:
                    raise Unsupported(f"scatter_reduce '{args.attr('reduce')}' is not supported yet")
                if not args.attr("include_self", True):
                    raise Unsupported("scatter_reduce with include_self=False is not supported yet")
        if DYNAMIC in shape_of(index) or DYNAMIC in shape_of(x):
            raise Unsupported("scatter with dynamic shapes is not supported yet")
        dim = normalize_dim(args.attr("dim"), rank_of(x)) if rank_of(x) else 0
        if rank_of(x) == 0:
            raise Unsupported("scatter into a 0-d tensor is not supported yet")
        attrs = {"dim": i64_attr(dim), "reduce": str_attr(reduce)}
        return [create1("edge.scatter", [x, cast(index, i64()), cast(src, element_type(x))],
                        op.results[0].type, attrs)]

    return pattern


def lower_index_put(op):
    args = AtenArgs(op, ["self", "indices*", "values"])
    x, values = args.tensor("self"), args.tensor("values")
    indices = args.variadic("indices")
    present = args.attr("indices_present") or [True] * len(indices)
    if len(indices) != 1 or rank_of(indices[0]) != 1:
        raise Unsupported("index_put is supported with one 1-d index tensor (x[..., idx] = v) only")
    if element_type(indices[0]) == ir.IntegerType.get_signless(1):
        raise Unsupported("index_put with a boolean mask has a data-dependent shape")
    dim = present.index(True)
    attrs = {"dim": i64_attr(dim), "accumulate": bool_attr(bool(args.attr("accumulate", False)))}
    return [create1("edge.index_put", [x, cast(indices[0], i64()), cast(values, element_type(x))],
                    op.results[0].type, attrs)]


def lower_diagonal(op):
    args = AtenArgs(op, ["self"])
    x = args.tensor("self")
    r = rank_of(x)
    d1, d2 = normalize_dim(args.attr("dim1", 0), r), normalize_dim(args.attr("dim2", 1), r)
    if d1 == d2:
        raise Unsupported("diagonal needs two different dims")
    attrs = {"offset": i64_attr(args.attr("offset", 0)), "dim1": i64_attr(d1), "dim2": i64_attr(d2)}
    return [create1("edge.diagonal", [x], op.results[0].type, attrs)]


def lower_border_pad(mode: str):
    def pattern(op):
        args = AtenArgs(op, ["self", "padding*"])
        x = args.tensor("self")
        pad = args.static_ints("padding")
        rank = rank_of(x)
        low, high = [0] * rank, [0] * rank
        for i in range(len(pad) // 2):
            d = rank - 1 - i
            low[d], high[d] = pad[2 * i], pad[2 * i + 1]
            if mode == "reflect" and shape_of(x)[d] != DYNAMIC and max(low[d], high[d]) >= shape_of(x)[d]:
                raise Unsupported("reflection padding must be smaller than the padded dim")
        if any(v < 0 for v in low + high):
            raise Unsupported("negative padding is not supported yet")
        attrs = {"low": i64_array(low), "high": i64_array(high), "mode": str_attr(mode)}
        return [create1("edge.border_pad", [x], op.results[0].type, attrs)]

    return pattern


def lower_max_pool2d_with_indices(op):
    """Used only when the indices are used (else to_edge_structured's values-only form runs)."""
    from .to_edge_structured import _pool_params

    args = AtenArgs(op, ["self"])
    kernel, stride, padding, dilation = _pool_params(args, 2)
    attrs = {"kernel_size": i64_array(kernel), "stride": i64_array(stride),
             "padding": i64_array(padding), "dilation": i64_array(dilation)}
    new = create("edge.max_pool2d_with_indices", [op.operands[0]], [r.type for r in op.results], attrs)
    return list(new.results)


def lower_native_group_norm(op):
    """Group norm as view [N, G, rest] -> mean/var over `rest` -> normalize -> affine per channel."""
    args = AtenArgs(op, ["input", "weight?", "bias?", "n?", "c?", "hxw?"])
    x, w, b = args.tensor("input"), args.optional("weight"), args.optional("bias")
    groups, eps = args.attr("group"), args.attr("eps", 1e-5)
    shape = shape_of(x)
    elem = element_type(x)
    if DYNAMIC in shape or not is_float(elem) or len(shape) < 2:
        raise Unsupported("group_norm needs a float input of static shape")
    n, c = shape[0], shape[1]
    rest = 1
    for s in shape[1:]:
        rest *= s
    rest //= groups
    g3 = ranked([n, groups, rest], elem)
    xv = create1("edge.view", [x], g3)
    stat_t = ranked([n, groups, 1], elem)
    red = {"dims": i64_array([2]), "keepdim": bool_attr(True)}
    mean = create1("edge.mean", [xv], stat_t, red)
    var = create1("edge.var", [xv], stat_t, {**red, "correction": f64_attr(0.0)})
    rstd = create1("edge.rsqrt", [create1("edge.add", [var, typed_scalar(eps, elem)], stat_t)], stat_t)
    y = create1("edge.mul", [create1("edge.sub", [xv, mean], g3), rstd], g3)
    y = create1("edge.view", [y], x.type)
    affine_shape = [c] + [1] * (len(shape) - 2)
    for p, name in ((w, "edge.mul"), (b, "edge.add")):
        if p is not None:
            pv = create1("edge.view", [p], ranked(affine_shape, elem))
            y = create1(name, [y, pv], x.type)
    flat = ranked([n, groups], elem)
    return [y, create1("edge.view", [mean], flat), create1("edge.view", [rstd], flat)]


def lower_as_strided(op):
    args = AtenArgs(op, ["self", "size*", "stride*", "storage_offset?"])
    x = args.tensor("self")
    stride = args.static_ints("stride")
    args.static_ints("size")
    offset = args.sym_int("storage_offset", 0) or 0
    if isinstance(offset, ir.Value) or DYNAMIC in shape_of(x) + shape_of(op.results[0]):
        raise Unsupported("as_strided with dynamic shapes or offset is not supported")
    attrs = {"stride": i64_array(stride), "storage_offset": i64_attr(offset)}
    return [create1("edge.as_strided", [x], op.results[0].type, attrs)]


def lower_sort(op):
    args = AtenArgs(op, ["self"])
    x = args.tensor("self")
    if rank_of(x) == 0:
        return [x, full(0, op.results[1].type)]
    dim = normalize_dim(args.attr("dim", -1), rank_of(x))
    attrs = {"dim": i64_attr(dim), "descending": bool_attr(bool(args.attr("descending", False)))}
    new = create("edge.sort", [x], [r.type for r in op.results], attrs)
    return list(new.results)


def lower_topk(op):
    """topk = a stable sort (descending for the largest) and the first k of each."""
    args = AtenArgs(op, ["self", "k?"])
    x = args.tensor("self")
    k = args.sym_int("k")
    if isinstance(k, ir.Value):
        raise Unsupported("a symbolic k is not supported yet")
    if rank_of(x) == 0:
        return [x, full(0, op.results[1].type)]
    dim = normalize_dim(args.attr("dim", -1), rank_of(x))
    shape = shape_of(x)
    if shape[dim] == DYNAMIC:
        raise Unsupported("topk along a dynamic dim is not supported yet")
    sorted_ = create("edge.sort", [x], [x.type, ranked(shape, i64())],
                     {"dim": i64_attr(dim), "descending": bool_attr(bool(args.attr("largest", True)))})
    out = []
    for value, res in zip(sorted_.results, op.results):
        attrs = {"dim": i64_attr(dim), "start": i64_attr(0), "step": i64_attr(1)}
        out.append(create1("edge.slice", [value], res.type, attrs))
    return out


def batch_norm_training(x, w, b, eps: float):
    """Batch statistics over every dim but the channel (1): (out, mean[C], invstd[C], var[C] biased, count)."""
    shape = shape_of(x)
    elem = element_type(x)
    if DYNAMIC in shape or not is_float(elem) or len(shape) < 2:
        raise Unsupported("training-mode batch norm needs a float input of static shape")
    c = shape[1]
    dims = [d for d in range(len(shape)) if d != 1]
    count = 1
    for d in dims:
        count *= shape[d]
    stat_t = ranked([1, c] + [1] * (len(shape) - 2), elem)
    red = {"dims": i64_array(dims), "keepdim": bool_attr(True)}
    mean = create1("edge.mean", [x], stat_t, red)
    var = create1("edge.var", [x], stat_t, {**red, "correction": f64_attr(0.0)})
    invstd = create1("edge.rsqrt", [create1("edge.add", [var, typed_scalar(eps, elem)], stat_t)], stat_t)
    y = create1("edge.mul", [create1("edge.sub", [x, mean], x.type), invstd], x.type)
    per_channel = ranked([c] + [1] * (len(shape) - 2), elem)
    for p, name in ((w, "edge.mul"), (b, "edge.add")):
        if p is not None:
            y = create1(name, [y, create1("edge.view", [p], per_channel)], x.type)
    flat = ranked([c], elem)
    views = [create1("edge.view", [t], flat) for t in (mean, invstd, var)]
    return y, views[0], views[1], views[2], count


def _running(old, batch, momentum: float, elem):
    """(1 - momentum) * old + momentum * batch"""
    kept = create1("edge.mul", [old, typed_scalar(1.0 - momentum, elem)], old.type)
    new = create1("edge.mul", [batch, typed_scalar(momentum, elem)], old.type)
    return create1("edge.add", [kept, new], old.type)


def lower_batch_norm_legit(op):
    """_native_batch_norm_legit (training, or no_stats): batch statistics; the running statistics
    of the stats variant are read-only here (functionalized graphs use the _functional call)."""
    no_stats = op.name.endswith("no_stats")
    groups = ["input", "weight?", "bias?"] + ([] if no_stats else ["running_mean", "running_var"])
    args = AtenArgs(op, groups)
    x, w, b = args.tensor("input"), args.optional("weight"), args.optional("bias")
    if not args.attr("training", True):
        if no_stats:
            raise Unsupported("batch norm without statistics must be in training mode")
        from .to_edge_structured import lower_batch_norm_no_training

        return lower_batch_norm_no_training(op)  # running statistics, as in eval mode
    y, mean, invstd, _, _ = batch_norm_training(x, w, b, args.attr("eps", 1e-5))
    return [y, mean, invstd]


def populate_update_patterns(table: PatternTable) -> None:
    table.add("exir.priv_native_batch_norm_legit", lower_batch_norm_legit, family=FAMILY_UPDATE)
    table.add("exir.priv_native_batch_norm_legit_no_stats", lower_batch_norm_legit, family=FAMILY_UPDATE)
    table.add("exir.as_strided", lower_as_strided, family=FAMILY_UPDATE)
    table.add("exir.sort", lower_sort, family=FAMILY_UPDATE)
    table.add("exir.topk", lower_topk, family=FAMILY_UPDATE)
    table.add("exir.slice_scatter", lower_slice_scatter, family=FAMILY_UPDATE)
    table.add("exir.select_scatter", lower_select_scatter, family=FAMILY_UPDATE)
    table.add("exir.scatter_src", lower_scatter("src"), family=FAMILY_UPDATE)
    table.add("exir.scatter_value", lower_scatter("value"), family=FAMILY_UPDATE)
    table.add("exir.scatter_add", lower_scatter("add"), family=FAMILY_UPDATE)
    table.add("exir.scatter_reduce_two", lower_scatter("reduce"), family=FAMILY_UPDATE)
    table.add("exir.index_put", lower_index_put, family=FAMILY_UPDATE)
    table.add("exir.diagonal", lower_diagonal, family=FAMILY_UPDATE)
    table.add("exir.native_group_norm", lower_native_group_norm, family=FAMILY_UPDATE)


def lower_upsample(mode: str):
    def pattern(op):
        args = AtenArgs(op, ["input", "output_size*"])
        x = args.tensor("input")
        ins, outs = shape_of(x), shape_of(op.results[0])
        if rank_of(x) != 4 or DYNAMIC in ins[2:] + outs[2:]:
            raise Unsupported(f"upsample ({mode}) needs an NCHW input with static spatial dims")
        factors = args.attr("scale_factors")
        align = bool(args.attr("align_corners", False))
        scales = []
        for i, d in enumerate((2, 3)):
            if align:
                scales.append((ins[d] - 1) / (outs[d] - 1) if outs[d] > 1 else 0.0)
            elif factors:
                scales.append(1.0 / factors[i])
            else:
                scales.append(ins[d] / outs[d])
        attrs = {"mode": str_attr(mode), "align_corners": bool_attr(align),
                 "scale_h": f64_attr(scales[0]), "scale_w": f64_attr(scales[1])}
        return [create1("edge.upsample2d", [x], op.results[0].type, attrs)]

    return pattern


def populate_padding_patterns(table: PatternTable) -> None:
    table.add("exir.upsample_nearest2d_vec", lower_upsample("nearest"), family=FAMILY_PAD)
    table.add("exir.upsample_bilinear2d_vec", lower_upsample("bilinear"), family=FAMILY_PAD)
    for n in ("1d", "2d", "3d"):
        table.add(f"exir.reflection_pad{n}", lower_border_pad("reflect"), family=FAMILY_PAD)
    for n in ("2d", "3d"):
        table.add(f"exir.replication_pad{n}", lower_border_pad("replicate"), family=FAMILY_PAD)


__all__ = ["populate_update_patterns", "populate_padding_patterns"]
