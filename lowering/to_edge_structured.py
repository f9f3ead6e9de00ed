"""aten-to-edge patterns for contractions, convolution, pooling, reductions and normalizations."""

from __future__ import annotations

from exir_mlir._mlir import ir

from .aten_args import AtenArgs
from .conversion import PatternTable
from .edge_builders import cast, normalize_dim, typed_scalar
from .ir_utils import (
    DYNAMIC,
    Unsupported,
    bool_attr,
    create,
    create1,
    element_type,
    f64_attr,
    i1,
    i64,
    i64_array,
    i64_attr,
    is_float,
    rank_of,
    ranked,
    segment_sizes,
    shape_of,
    with_element,
)

FAMILY_MM = "contraction"
FAMILY_CONV = "convolution-pooling"
FAMILY_RED = "reduction"
FAMILY_NORM = "normalization"


def _same_dtype(op, values, what="operands") -> ir.Type:
    elems = {str(element_type(v)) for v in values}
    if len(elems) != 1:
        raise Unsupported(f"{what} have different dtypes ({', '.join(sorted(elems))}); torch "
                          "requires one dtype here")
    return element_type(values[0])


def _unused(op, *results: int) -> None:
    for i in results:
        if len(list(op.results[i].uses)):
            raise Unsupported(f"result #{i} is used, and only result #0 is supported")


# ----------------------------------------------------------------------------- contractions


def lower_mm(edge_name: str):
    def pattern(op):
        a, b = op.operands
        _same_dtype(op, [a, b])
        return [create1(f"edge.{edge_name}", [a, b], op.results[0].type)]

    return pattern


def lower_addmm(op):
    args = AtenArgs(op, ["self", "mat1", "mat2"])
    bias, a, b = args.tensor("self"), args.tensor("mat1"), args.tensor("mat2")
    elem = _same_dtype(op, [bias, a, b])
    beta, alpha = args.attr("beta", 1), args.attr("alpha", 1)
    rt = op.results[0].type
    if beta == 1 and alpha == 1:
        return [create1("edge.addmm", [bias, a, b], rt)]
    prod = create1("edge.mm", [a, b], rt)
    if alpha != 1:
        prod = create1("edge.mul", [prod, typed_scalar(alpha, elem)], rt)
    if beta == 0:
        return [prod]
    if beta != 1:
        bias = create1("edge.mul", [bias, typed_scalar(beta, elem)], bias.type)
    return [create1("edge.add", [prod, bias], rt)]


# ----------------------------------------------------------------------------- conv and pooling


def lower_convolution(op):
    args = AtenArgs(op, ["input", "weight", "bias?", "stride*", "padding*", "dilation*",
                         "output_padding*", "groups?"])
    x, w, bias = args.tensor("input"), args.tensor("weight"), args.optional("bias")
    _same_dtype(op, [v for v in (x, w, bias) if v is not None])
    if args.attr("transposed", False):
        raise Unsupported("transposed convolution is not supported yet")
    groups = args.sym_int("groups", 1)
    if isinstance(groups, ir.Value):
        raise Unsupported("a symbolic 'groups' is not supported")
    attrs = {
        "stride": i64_array(args.static_ints("stride")),
        "padding": i64_array(args.static_ints("padding")),
        "dilation": i64_array(args.static_ints("dilation")),
        "groups": i64_attr(groups),
    }
    operands = [x, w] + ([bias] if bias is not None else [])
    return [create1("edge.convolution", operands, op.results[0].type, attrs)]


def _pool_params(args, n: int):
    kernel = args.static_ints("kernel_size")
    stride = args.static_ints("stride", []) or kernel
    padding = args.static_ints("padding", [0])
    dilation = args.static_ints("dilation", [1])
    expand = lambda v: v * n if len(v) == 1 else v  # noqa: E731
    return expand(kernel), expand(stride), expand(padding), expand(dilation)


def lower_max_pool2d(op):
    args = AtenArgs(op, ["self"])
    if len(list(op.results[1].uses)):
        from .to_edge_update import lower_max_pool2d_with_indices

        return lower_max_pool2d_with_indices(op)
    kernel, stride, padding, dilation = _pool_params(args, 2)
    if rank_of(op.operands[0]) != 4:
        raise Unsupported("max_pool2d needs an NCHW (rank-4) input")
    attrs = {"kernel_size": i64_array(kernel), "stride": i64_array(stride),
             "padding": i64_array(padding), "dilation": i64_array(dilation)}
    v = create1("edge.max_pool2d", [op.operands[0]], op.results[0].type, attrs)
    return [v, v]  # result #1 (indices) has no uses


def lower_avg_pool2d(op):
    args = AtenArgs(op, ["self"])
    x = op.operands[0]
    kernel, stride, padding, _ = _pool_params(args, 2)
    divisor = args.attr("divisor_override")
    if divisor is None:
        if any(padding) and not args.attr("count_include_pad", True):
            raise Unsupported("avg_pool2d with padding and count_include_pad=False divides by a "
                              "per-window count; not supported yet")
        if args.attr("ceil_mode", False):
            out, inp = shape_of(op.results[0]), shape_of(x)
            for d in (2, 3):
                span = (out[d] - 1) * stride[d - 2] + kernel[d - 2]
                if DYNAMIC in (out[d], inp[d]) or span > inp[d] + 2 * padding[d - 2]:
                    raise Unsupported("avg_pool2d ceil_mode with partial windows is not supported")
        divisor = kernel[0] * kernel[1]
    attrs = {"kernel_size": i64_array(kernel), "stride": i64_array(stride),
             "padding": i64_array(padding), "divisor": i64_attr(divisor)}
    return [create1("edge.avg_pool2d", [x], op.results[0].type, attrs)]


def lower_avg_pool1d(op):
    """[N, C, L] pooled as [N, C, 1, L] with a [1, k] window."""
    args = AtenArgs(op, ["self"])
    x = args.tensor("self")
    s, o = shape_of(x), shape_of(op.results[0])
    if rank_of(x) != 3 or DYNAMIC in s + o:
        raise Unsupported("avg_pool1d needs a static [N, C, L] input")
    k = args.static_ints("kernel_size")[0]
    stride = (args.static_ints("stride", []) or [k])[0]
    pad = (args.static_ints("padding", [0]) or [0])[0]
    if pad and not args.attr("count_include_pad", True):
        raise Unsupported("avg_pool1d with padding and count_include_pad=False is not supported yet")
    if args.attr("ceil_mode", False) and (o[2] - 1) * stride + k > s[2] + 2 * pad:
        raise Unsupported("avg_pool1d ceil_mode with partial windows is not supported")
    elem = element_type(x)
    x4 = create1("edge.view", [x], ranked([s[0], s[1], 1, s[2]], elem))
    attrs = {"kernel_size": i64_array([1, k]), "stride": i64_array([1, stride]),
             "padding": i64_array([0, pad]), "divisor": i64_attr(k)}
    y = create1("edge.avg_pool2d", [x4], ranked([o[0], o[1], 1, o[2]], elem), attrs)
    return [create1("edge.view", [y], op.results[0].type)]


def lower_adaptive_avg_pool1d(op):
    """[N, C, L] -> [N, C, 1, L] -> adaptive 2-d pool to [N, C, 1, OL] -> [N, C, OL]."""
    x = op.operands[0]
    s, o = shape_of(x), shape_of(op.results[0])
    if rank_of(x) != 3 or DYNAMIC in s + o:
        raise Unsupported("adaptive_avg_pool1d needs a static [N, C, L] input")
    elem = element_type(x)
    x4 = create1("edge.view", [x], ranked([s[0], s[1], 1, s[2]], elem))
    t4 = ranked([o[0], o[1], 1, o[2]], elem)
    if s[2] % o[2] == 0:
        k = s[2] // o[2]
        attrs = {"kernel_size": i64_array([1, k]), "stride": i64_array([1, k]),
                 "padding": i64_array([0, 0]), "divisor": i64_attr(k)}
        y = create1("edge.avg_pool2d", [x4], t4, attrs)
    else:
        y = create1("edge.adaptive_avg_pool2d", [x4], t4)
    return [create1("edge.view", [y], op.results[0].type)]


def lower_adaptive_avg_pool2d(op):
    x = op.operands[0]
    inp, out = shape_of(x), shape_of(op.results[0])
    if rank_of(x) != 4:
        raise Unsupported("_adaptive_avg_pool2d needs an NCHW input")
    kernel = []
    for d in (2, 3):
        if DYNAMIC in (inp[d], out[d]):
            raise Unsupported("_adaptive_avg_pool2d needs static spatial dims")
        if inp[d] % out[d]:  # windows of different sizes
            return [create1("edge.adaptive_avg_pool2d", [x], op.results[0].type)]
        kernel.append(inp[d] // out[d])
    attrs = {"kernel_size": i64_array(kernel), "stride": i64_array(kernel),
             "padding": i64_array([0, 0]), "divisor": i64_attr(kernel[0] * kernel[1])}
    return [create1("edge.avg_pool2d", [x], op.results[0].type, attrs)]


# ----------------------------------------------------------------------------- reductions


def _reduce_dims(args, rank: int, name: str = "dim") -> list[int]:
    if rank == 0:
        return []  # torch lets dim 0 / -1 name the single element of a 0-d tensor
    dims = args.attr(name)
    if dims is None or dims == []:
        return list(range(rank))
    if isinstance(dims, int):
        dims = [dims]
    return sorted({normalize_dim(d, rank) for d in dims})


def lower_reduce(edge_name: str, *, dims_arg: str | None = "dim"):
    def pattern(op):
        args = AtenArgs(op, ["self"])
        x = args.tensor("self")
        rank = rank_of(x)
        dims = _reduce_dims(args, rank, dims_arg) if dims_arg else list(range(rank))
        keepdim = bool(args.attr("keepdim", False))
        out = element_type(op.results[0])
        if edge_name == "any":
            x = cast(x, i1())
        elif edge_name == "mean" and not is_float(out):
            raise Unsupported(f"mean of {element_type(x)} needs a float dtype (pass dtype=)")
        else:
            x = cast(x, out)  # dtype= or the int -> i64 accumulation rule, made explicit
        attrs = {"dims": i64_array(dims), "keepdim": bool_attr(keepdim)}
        return [create1(f"edge.{edge_name}", [x], op.results[0].type, attrs)]

    return pattern


def lower_var(op):
    args = AtenArgs(op, ["self"])
    x = args.tensor("self")
    dims = _reduce_dims(args, rank_of(x))
    if op.name == "exir.var_dim":
        correction = 1.0 if args.attr("unbiased", True) else 0.0
    else:
        correction = float(args.attr("correction", 1.0))
    out = element_type(op.results[0])
    if not is_float(out):
        raise Unsupported("var needs a float input")
    attrs = {"dims": i64_array(dims), "keepdim": bool_attr(bool(args.attr("keepdim", False))),
             "correction": f64_attr(correction)}
    return [create1("edge.var", [cast(x, out)], op.results[0].type, attrs)]


def lower_arg_reduce(edge_name: str):
    def pattern(op):
        args = AtenArgs(op, ["self"])
        x = args.tensor("self")
        dim = args.attr("dim")
        keepdim = bool(args.attr("keepdim", False))
        if dim is None:  # over the flattened input
            n = 1
            for s in shape_of(x):
                n = DYNAMIC if (s == DYNAMIC or n == DYNAMIC) else n * s
            if n == DYNAMIC:
                raise Unsupported(f"{edge_name} without dim of a dynamic-shape input")
            x = create1("edge.view", [x], ranked([n], element_type(x)))
            dim, keepdim = 0, False
            if rank_of(op.results[0]) != 0:
                raise Unsupported(f"{edge_name} with keepdim and no dim is not supported")
            r = create1(f"edge.{edge_name}", [x], op.results[0].type,
                        {"dim": i64_attr(0), "keepdim": bool_attr(False)})
            return [r]
        if rank_of(x) == 0:
            from .edge_builders import full

            return [full(0, op.results[0].type)]
        attrs = {"dim": i64_attr(normalize_dim(dim, rank_of(x))), "keepdim": bool_attr(keepdim)}
        return [create1(f"edge.{edge_name}", [x], op.results[0].type, attrs)]

    return pattern


def lower_max_min_dim(value_op: str, index_op: str):
    def pattern(op):
        args = AtenArgs(op, ["self"])
        x = args.tensor("self")
        if rank_of(x) == 0:
            from .edge_builders import full

            return [x, full(0, op.results[1].type)]
        dim = normalize_dim(args.attr("dim"), rank_of(x))
        keepdim = bool(args.attr("keepdim", False))
        values = create1(f"edge.{value_op}", [x], op.results[0].type,
                         {"dims": i64_array([dim]), "keepdim": bool_attr(keepdim)})
        indices = create1(f"edge.{index_op}", [x], op.results[1].type,
                          {"dim": i64_attr(dim), "keepdim": bool_attr(keepdim)})
        return [values, indices]

    return pattern


def lower_cumsum(op):
    args = AtenArgs(op, ["self"])
    x = args.tensor("self")
    out = element_type(op.results[0])
    if rank_of(x) == 0:
        return [cast(x, out)]
    dim = normalize_dim(args.attr("dim"), rank_of(x))
    return [create1("edge.cumsum", [cast(x, out)], op.results[0].type, {"dim": i64_attr(dim)})]


# ----------------------------------------------------------------------------- normalization


def lower_softmax(edge_name: str):
    def pattern(op):
        args = AtenArgs(op, ["self"])
        x = args.tensor("self")
        out = element_type(op.results[0])
        if not is_float(out):
            raise Unsupported(f"{edge_name} needs a float input")
        dim = normalize_dim(args.attr("dim"), rank_of(x))
        return [create1(f"edge.{edge_name}", [cast(x, out)], op.results[0].type, {"dim": i64_attr(dim)})]

    return pattern


def lower_native_layer_norm(op):
    args = AtenArgs(op, ["input", "normalized_shape*", "weight?", "bias?"])
    x, w, b = args.tensor("input"), args.optional("weight"), args.optional("bias")
    _same_dtype(op, [v for v in (x, w, b) if v is not None])
    normalized = args.sym_list("normalized_shape")
    axis = rank_of(x) - len(normalized)
    attrs = {"axis": i64_attr(axis), "eps": f64_attr(args.attr("eps", 1e-5)),
             "operandSegmentSizes": segment_sizes([1, int(w is not None), int(b is not None)])}
    operands = [v for v in (x, w, b) if v is not None]
    new = create("edge.layer_norm", operands, [r.type for r in op.results], attrs)
    return list(new.results)


def lower_batch_norm_no_training(op):
    args = AtenArgs(op, ["input", "weight?", "bias?", "running_mean", "running_var"])
    _unused(op, 1, 2)
    x, w, b = args.tensor("input"), args.optional("weight"), args.optional("bias")
    mean, var = args.tensor("running_mean"), args.tensor("running_var")
    _same_dtype(op, [v for v in (x, w, b, mean, var) if v is not None])
    attrs = {"eps": f64_attr(args.attr("eps", 1e-5)),
             "operandSegmentSizes": segment_sizes([1, int(w is not None), int(b is not None), 1, 1])}
    operands = [v for v in (x, w, b, mean, var) if v is not None]
    r = create1("edge.batch_norm_inference", operands, op.results[0].type, attrs)
    return [r, r, r]  # results #1 and #2 have no uses


def populate_contraction_patterns(table: PatternTable) -> None:
    table.add("exir.mm", lower_mm("mm"), family=FAMILY_MM)
    table.add("exir.bmm", lower_mm("bmm"), family=FAMILY_MM)
    table.add("exir.addmm", lower_addmm, family=FAMILY_MM)


def populate_convolution_patterns(table: PatternTable) -> None:
    table.add("exir.convolution", lower_convolution, family=FAMILY_CONV)
    table.add("exir.max_pool2d_with_indices", lower_max_pool2d, family=FAMILY_CONV)
    table.add("exir.avg_pool2d", lower_avg_pool2d, family=FAMILY_CONV)
    table.add("exir.priv_adaptive_avg_pool2d", lower_adaptive_avg_pool2d, family=FAMILY_CONV)
    table.add("exir.adaptive_avg_pool1d", lower_adaptive_avg_pool1d, family=FAMILY_CONV)
    table.add("exir.avg_pool1d", lower_avg_pool1d, family=FAMILY_CONV)


def populate_reduction_patterns(table: PatternTable) -> None:
    table.add("exir.sum_dim_intlist", lower_reduce("sum"), family=FAMILY_RED)
    table.add("exir.mean_dim", lower_reduce("mean"), family=FAMILY_RED)
    table.add("exir.mean", lower_reduce("mean", dims_arg=None), family=FAMILY_RED)
    table.add("exir.prod", lower_reduce("prod", dims_arg=None), family=FAMILY_RED)
    table.add("exir.prod_dim_int", lower_reduce("prod"), family=FAMILY_RED)
    table.add("exir.amax", lower_reduce("amax"), family=FAMILY_RED)
    table.add("exir.amin", lower_reduce("amin"), family=FAMILY_RED)
    table.add("exir.any", lower_reduce("any", dims_arg=None), family=FAMILY_RED)
    table.add("exir.any_dim", lower_reduce("any"), family=FAMILY_RED)
    table.add("exir.any_dims", lower_reduce("any"), family=FAMILY_RED)
    table.add("exir.var_correction", lower_var, family=FAMILY_RED)
    table.add("exir.var_dim", lower_var, family=FAMILY_RED)
    table.add("exir.argmax", lower_arg_reduce("argmax"), family=FAMILY_RED)
    table.add("exir.argmin", lower_arg_reduce("argmin"), family=FAMILY_RED)
    table.add("exir.max_dim", lower_max_min_dim("amax", "argmax"), family=FAMILY_RED)
    table.add("exir.min_dim", lower_max_min_dim("amin", "argmin"), family=FAMILY_RED)
    table.add("exir.cumsum", lower_cumsum, family=FAMILY_RED)


def populate_normalization_patterns(table: PatternTable) -> None:
    table.add("exir.priv_softmax", lower_softmax("softmax"), family=FAMILY_NORM)
    table.add("exir.priv_log_softmax", lower_softmax("log_softmax"), family=FAMILY_NORM)
    table.add("exir.native_layer_norm", lower_native_layer_norm, family=FAMILY_NORM)
    table.add("exir.priv_native_batch_norm_legit_no_training", lower_batch_norm_no_training,
              family=FAMILY_NORM)


__all__ = ["populate_contraction_patterns", "populate_convolution_patterns",
           "populate_reduction_patterns", "populate_normalization_patterns", "i64"]
