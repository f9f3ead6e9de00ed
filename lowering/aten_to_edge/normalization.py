"""aten-to-edge patterns for normalizations: softmax, layer norm, batch norm (eval and training), group norm."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, tensor

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    bitwidth,
    bool_attr,
    create,
    create1,
    element_type,
    f64_attr,
    i64,
    i64_array,
    i64_attr,
    index_constant,
    is_float,
    rank_of,
    ranked,
    scalar_constant,
    segment_sizes,
    shape_of,
    splat,
)
from .args import AtenArgs
from .builders import cast, dim_index, normalize_dim, numel_index, same_dtype, typed_scalar
from .view import _sym_dims

FAMILY = "normalization"


def _unused(op, *results: int) -> None:
    for i in results:
        if len(list(op.results[i].uses)):
            raise Unsupported(f"result #{i} is used, and only result #0 is supported")


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
    same_dtype([v for v in (x, w, b) if v is not None])
    normalized = args.sym_list("normalized_shape")
    axis = rank_of(x) - len(normalized)
    attrs = {"axis": i64_attr(axis), "eps": f64_attr(args.attr("eps", 1e-5)),
             "operandSegmentSizes": segment_sizes([1, int(w is not None), int(b is not None)])}
    operands = [v for v in (x, w, b) if v is not None]
    new = create("edge.layer_norm", operands, [r.type for r in op.results], attrs)
    return list(new.results)


def batch_norm_inference(x, w, b, mean, var, eps: float, rt: ir.Type) -> ir.Value:
    """Batch norm with the running statistics (eval mode)."""
    same_dtype([v for v in (x, w, b, mean, var) if v is not None])
    attrs = {"eps": f64_attr(eps),
             "operandSegmentSizes": segment_sizes([1, int(w is not None), int(b is not None), 1, 1])}
    operands = [v for v in (x, w, b, mean, var) if v is not None]
    return create1("edge.batch_norm_inference", operands, rt, attrs)


def eval_mode_saved_stats(op, unused: ir.Value, *results: int) -> list[ir.Value]:
    """save_mean / save_invstd of an eval-mode batch norm: empty tensors on CPU (torch computes
    no batch statistics); any other result type is refused where it is used (`unused` stands in)."""
    out = []
    for i in results:
        rt = op.results[i].type
        if shape_of(rt) == [0]:
            out.append(splat(0, element_type(rt), [0]))
        else:
            _unused(op, i)
            out.append(unused)
    return out


def lower_batch_norm_no_training(op):
    args = AtenArgs(op, ["input", "weight?", "bias?", "running_mean", "running_var"])
    x, w, b = args.tensor("input"), args.optional("weight"), args.optional("bias")
    mean, var = args.tensor("running_mean"), args.tensor("running_var")
    r = batch_norm_inference(x, w, b, mean, var, args.attr("eps", 1e-5), op.results[0].type)
    return [r, *eval_mode_saved_stats(op, r, 1, 2)]


def batch_norm_training(x, w, b, eps: float):
    """Batch statistics over every dim but the channel (1): (out, mean[C], invstd[C], var[C] biased,
    count). Any dim may be dynamic (the channel too: instance norm's N*C): views take tensor.dim
    sizes, and `count` (the elements per channel) is an int when static, else an index Value."""
    shape = shape_of(x)
    elem = element_type(x)
    if not is_float(elem) or len(shape) < 2:
        raise Unsupported("training-mode batch norm needs a float input of rank 2 or more")
    c = shape[1]
    c_dyn = [dim_index(x, 1)] if c == DYNAMIC else []
    dims = [d for d in range(len(shape)) if d != 1]
    if DYNAMIC in shape:
        count = numel_index(x)
        count = arith.DivUIOp(count, c_dyn[0] if c_dyn else index_constant(c)).result
    else:
        count = 1
        for d in dims:
            count *= shape[d]
    # f16/bf16: statistics and the affine in f32, rounded once (as eager's CPU kernel); in f16 the sum
    # of squares overflowed for inputs of 6e4 (ours 3, eager 514).
    acc = ir.F32Type.get() if bitwidth(elem) < 32 else elem
    xa = cast(x, acc)
    stat_t = ranked([1, c] + [1] * (len(shape) - 2), acc)
    red = {"dims": i64_array(dims), "keepdim": bool_attr(True)}
    mean = create1("edge.mean", [xa], stat_t, red)
    var = create1("edge.var", [xa], stat_t, {**red, "correction": f64_attr(0.0)})
    invstd = create1("edge.rsqrt", [create1("edge.add", [var, typed_scalar(eps, acc)], stat_t)], stat_t)
    y = create1("edge.mul", [create1("edge.sub", [xa, mean], xa.type), invstd], xa.type)
    per_channel = ranked([c] + [1] * (len(shape) - 2), acc)
    for p, name in ((w, "edge.mul"), (b, "edge.add")):
        if p is not None:
            p_dyn = [dim_index(p, 0)] if c == DYNAMIC else []
            y = create1(name, [y, create1("edge.view", [cast(p, acc), *p_dyn], per_channel)], xa.type)
    y = cast(y, elem)
    flat = ranked([c], elem)
    views = [create1("edge.view", [cast(t, elem), *c_dyn], flat) for t in (mean, invstd, var)]
    return y, views[0], views[1], views[2], count


def unbiased_factor(count, elem) -> ir.Value:
    """n / max(n - 1, 1) as a 0-d tensor of `elem` (Bessel's correction of a biased variance)."""
    if isinstance(count, int):
        return typed_scalar(count / max(count - 1, 1), elem)
    n = arith.IndexCastOp(i64(), count).result
    nm1 = arith.MaxSIOp(arith.SubIOp(n, scalar_constant(1, i64())).result, scalar_constant(1, i64())).result
    f64 = ir.F64Type.get()
    as_tensor = [create1("edge.cast", [tensor.FromElementsOp(ranked([], i64()), [v]).result], ranked([], f64))
                 for v in (n, nm1)]
    return cast(create1("edge.div", as_tensor, ranked([], f64)), elem)


def running_stat(old, batch, momentum: float, elem):
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
        return lower_batch_norm_no_training(op)  # running statistics, as in eval mode
    y, mean, invstd, _, _ = batch_norm_training(x, w, b, args.attr("eps", 1e-5))
    return [y, mean, invstd]


def lower_native_group_norm(op):
    """Group norm as view [N, G, rest] -> mean/var over `rest` -> normalize -> affine per channel.
    Dynamic dims: with a static C and x's symbolic dims known, the view is [N, G, C/G, *rest] (the
    statistics over dims 2..); otherwise `rest` is numel / (N * G) (index arithmetic)."""
    args = AtenArgs(op, ["input", "weight?", "bias?", "n?", "c?", "hxw?"])
    x, w, b = args.tensor("input"), args.optional("weight"), args.optional("bias")
    groups, eps = args.attr("group"), args.attr("eps", 1e-5)
    shape = shape_of(x)
    elem = element_type(x)
    if not is_float(elem) or len(shape) < 2:
        raise Unsupported("group_norm needs a float input of rank 2 or more")
    n, c = shape[0], shape[1]
    x_dyn = [dim_index(x, d) for d, s in enumerate(shape) if s == DYNAMIC]
    n_dyn = x_dyn[:1] if n == DYNAMIC else []
    # Statistics and normalization in f32 for f16/bf16 inputs, as eager's CPU kernel (a bf16 mean/var
    # accumulated in bf16 was off eager by 0.017 on an 18-element sample).
    acc = ir.F32Type.get() if bitwidth(elem) < 32 else elem
    xa = cast(x, acc)
    x_exprs = _sym_dims(x)
    if DYNAMIC in shape[2:] and c != DYNAMIC and x_exprs is not None and len(x_exprs) == len(shape):
        # [N, C, *rest] -> [N, G, C/G, *rest]: only the static channel dim splits, so to-linalg
        # sees (from the symbolic shapes) an expand_shape / collapse_shape, not a flatten
        g_shape = [n, groups, c // groups, *shape[2:]]
        g_exprs = [x_exprs[0], str(groups), str(c // groups), *x_exprs[2:]]
        xv = create1("edge.view", [xa, *x_dyn], ranked(g_shape, acc), {"exir.sym_shapes": _exprs_attr(g_exprs)})
        stat_dims = list(range(2, len(g_shape)))
        g_facts = {"exir.sym_shapes": _exprs_attr(g_exprs)}
    else:
        if DYNAMIC in shape[1:]:
            rest = DYNAMIC
            n_v = n_dyn[0] if n_dyn else index_constant(n)
            rest_dyn = [arith.DivUIOp(numel_index(x), arith.MulIOp(n_v, index_constant(groups)).result).result]
        else:
            rest = 1
            for s_ in shape[1:]:
                rest *= s_
            rest //= groups
            rest_dyn = []
        g_shape = [n, groups, rest]
        xv = create1("edge.view", [xa, *n_dyn, *rest_dyn], ranked(g_shape, acc))
        stat_dims = [2]
        g_facts = {}
    g_t = ranked(g_shape, acc)
    stat_t = ranked([n, groups] + [1] * len(stat_dims), acc)
    red = {"dims": i64_array(stat_dims), "keepdim": bool_attr(True)}
    mean = create1("edge.mean", [xv], stat_t, red)
    var = create1("edge.var", [xv], stat_t, {**red, "correction": f64_attr(0.0)})
    rstd = create1("edge.rsqrt", [create1("edge.add", [var, typed_scalar(eps, acc)], stat_t)], stat_t)
    y = create1("edge.mul", [create1("edge.sub", [xv, mean], g_t, g_facts), rstd], g_t, g_facts)
    back = {"exir.sym_shapes": _exprs_attr(x_exprs)} if x_exprs is not None and len(x_exprs) == len(shape) else {}
    y = cast(create1("edge.view", [y, *x_dyn], ranked(shape, acc), back), elem)
    mean, rstd = cast(mean, elem), cast(rstd, elem)
    affine_shape = [c] + [1] * (len(shape) - 2)
    for p, name in ((w, "edge.mul"), (b, "edge.add")):
        if p is not None:
            p_dyn = [dim_index(p, 0)] if c == DYNAMIC else []
            pv = create1("edge.view", [p, *p_dyn], ranked(affine_shape, elem))
            y = create1(name, [y, pv], x.type)
    flat = ranked([n, groups], elem)
    return [y, create1("edge.view", [mean, *n_dyn], flat), create1("edge.view", [rstd, *n_dyn], flat)]


def _exprs_attr(exprs: list[str]) -> ir.Attribute:
    """exir.sym_shapes of a one-result op whose dims are `exprs` ("s0", "2", "s1")."""
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.StringAttr.get(e) for e in exprs])])


def populate_normalization_patterns(table: PatternTable) -> None:
    table.add("exir.priv_softmax", lower_softmax("softmax"), family=FAMILY)
    table.add("exir.priv_log_softmax", lower_softmax("log_softmax"), family=FAMILY)
    table.add("exir.native_layer_norm", lower_native_layer_norm, family=FAMILY)
    table.add("exir.priv_native_batch_norm_legit_no_training", lower_batch_norm_no_training, family=FAMILY)
    table.add("exir.priv_native_batch_norm_legit", lower_batch_norm_legit, family=FAMILY)
    table.add("exir.priv_native_batch_norm_legit_no_stats", lower_batch_norm_legit, family=FAMILY)
    table.add("exir.native_group_norm", lower_native_group_norm, family=FAMILY)
