"""to-linalg patterns for reductions, softmax and normalizations: reduction linalg.generics."""

from __future__ import annotations

from typing import Callable, Sequence

from exir_mlir._mlir import arith, ir, linalg, math, tensor

from .conversion import PatternTable
from .ir_utils import (
    attr_dict,
    DYNAMIC,
    Unsupported,
    attr_value,
    element_type,
    i64,
    is_bool,
    is_float,
    rank_of,
    ranked,
    shape_of,
)
from .linalg_common import (
    PARALLEL,
    REDUCTION,
    affine_map,
    check_supported_element,
    const_like,
    convert_scalar,
    empty,
    fill,
    highest,
    iterators,
    lowest,
    maps_attr,
    reassociation,
)
from .linalg_shapes import ShapeContext

FAMILY_RED = "reduction"
FAMILY_NORM = "normalization"


def generic(inputs: Sequence[ir.Value], input_maps, inits: Sequence[ir.Value], init_maps,
            kinds: Sequence[str], body: Callable) -> list[ir.Value]:
    n = len(kinds)
    maps = [affine_map(n, m) for m in list(input_maps) + list(init_maps)]
    op = linalg.GenericOp([v.type for v in inits], list(inputs), list(inits), maps_attr(maps), iterators(kinds))
    block = op.regions[0].blocks.append(*[element_type(v) for v in list(inputs) + list(inits)])
    with ir.InsertionPoint(block):
        results = body(*block.arguments)
        linalg.YieldOp(list(results) if isinstance(results, (list, tuple)) else [results])
    return list(op.results)


def _kept(rank, dims):
    return [d for d in range(rank) if d not in dims]


def reduce(ctx, x: ir.Value, dims: Sequence[int], init_value, combine: Callable, elem=None) -> ir.Value:
    """Reduce `x` over `dims` (the result drops them): combine(element, accumulator)."""
    rank = rank_of(x)
    kept = _kept(rank, dims)
    elem = elem or element_type(x)
    shape = shape_of(x)
    rt = ranked([shape[d] for d in kept], elem)
    dyn = [ctx.dim(x, d) for d in kept if shape[d] == DYNAMIC]
    init = fill(init_value, rt, dyn)
    kinds = [REDUCTION if d in dims else PARALLEL for d in range(rank)]
    return generic([x], [list(range(rank))], [init], [kept], kinds, lambda a, acc: combine(a, acc))[0]


def keepdim(ctx, reduced: ir.Value, result_type: ir.Type, dims: Sequence[int]) -> ir.Value:
    """Re-insert the reduced dims as size 1 (tensor.expand_shape)."""
    if shape_of(reduced) == shape_of(result_type):
        return reduced
    rank = rank_of(result_type)
    kept = _kept(rank, dims)
    groups: list[list[int]] = []
    if kept:
        for i, d in enumerate(kept):
            groups.append([d])
        for d in dims:  # each unit dim joins the group of the nearest kept dim before it
            before = [i for i, k in enumerate(kept) if k < d]
            groups[before[-1] if before else 0].append(d)
        groups = [sorted(g) for g in groups]
    shape = shape_of(result_type)
    dyn = [ctx.dim(reduced, i) for i, d in enumerate(kept) if shape[d] == DYNAMIC]
    static = list(shape)
    return tensor.ExpandShapeOp(result_type, reduced, reassociation(groups), dyn, static).result


def _count(ctx, x, dims, elem) -> ir.Value:
    n = None
    for d in dims:
        v = ctx.dim(x, d)
        n = v if n is None else arith.MulIOp(n, v).result
    n = n if n is not None else ctx.expr("1")
    return arith.SIToFPOp(elem, arith.IndexCastOp(i64(), n).result).result


def _add(a, b):
    if is_float(a.type):
        return arith.AddFOp(a, b).result
    return arith.OrIOp(a, b).result if is_bool(a.type) else arith.AddIOp(a, b).result


def _mul(a, b):
    if is_float(a.type):
        return arith.MulFOp(a, b).result
    return arith.AndIOp(a, b).result if is_bool(a.type) else arith.MulIOp(a, b).result


def _max(a, b):
    if is_float(a.type):
        return arith.MaximumFOp(a, b).result
    # i1 is signless: true is -1 as a signed number, so bools compare unsigned
    return (arith.MaxUIOp if is_bool(a.type) else arith.MaxSIOp)(a, b).result


def _min(a, b):
    if is_float(a.type):
        return arith.MinimumFOp(a, b).result
    return (arith.MinUIOp if is_bool(a.type) else arith.MinSIOp)(a, b).result


def _attrs(op):
    return attr_dict(op)


def lower_reduce(kind: str):
    def pattern(op):
        ctx = ShapeContext.current()
        x = op.operands[0]
        a = _attrs(op)
        dims, elem = a["dims"], element_type(x)
        check_supported_element(elem)
        if kind in ("sum", "mean"):
            r = reduce(ctx, x, dims, 0, _add)
        elif kind == "prod":
            r = reduce(ctx, x, dims, 1, _mul)
        elif kind == "amax":
            r = reduce(ctx, x, dims, lowest(elem), _max)
        elif kind == "amin":
            r = reduce(ctx, x, dims, highest(elem), _min)
        elif kind == "any":
            r = reduce(ctx, x, dims, 0, lambda v, acc: arith.OrIOp(v, acc).result)
        if kind == "mean":
            n = _count(ctx, x, dims, elem)
            r = generic([r], [list(range(rank_of(r)))], [r], [list(range(rank_of(r)))],
                        [PARALLEL] * rank_of(r), lambda v, _o: arith.DivFOp(v, n).result)[0]
        return [keepdim(ctx, r, op.results[0].type, dims)]

    return pattern


def lower_var(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    a = _attrs(op)
    dims, elem = a["dims"], element_type(x)
    rank = rank_of(x)
    kept = _kept(rank, dims)
    n = _count(ctx, x, dims, elem)
    mean = reduce(ctx, x, dims, 0.0, _add)
    mean = generic([mean], [list(range(len(kept)))], [mean], [list(range(len(kept)))],
                   [PARALLEL] * len(kept), lambda v, _o: arith.DivFOp(v, n).result)[0]
    init = fill(0.0, mean.type, [ctx.dim(x, d) for d in kept if shape_of(x)[d] == DYNAMIC])
    kinds = [REDUCTION if d in dims else PARALLEL for d in range(rank)]

    def sq(v, m, acc):
        diff = arith.SubFOp(v, m).result
        return arith.AddFOp(acc, arith.MulFOp(diff, diff).result).result

    ss = generic([x, mean], [list(range(rank)), kept], [init], [kept], kinds, sq)[0]
    denom = arith.SubFOp(n, const_like(float(a["correction"]), elem)).result
    zero = const_like(0.0, elem)
    denom = arith.MaximumFOp(denom, zero).result  # torch: N - correction <= 0 gives inf/nan
    var = generic([ss], [list(range(len(kept)))], [ss], [list(range(len(kept)))],
                  [PARALLEL] * len(kept), lambda v, _o: arith.DivFOp(v, denom).result)[0]
    return [keepdim(ctx, var, op.results[0].type, dims)]


def lower_arg_reduce(is_max: bool):
    def pattern(op):
        ctx = ShapeContext.current()
        x = op.operands[0]
        a = _attrs(op)
        dim, elem = a["dim"], element_type(x)
        check_supported_element(elem)
        rank = rank_of(x)
        kept = _kept(rank, [dim])
        shape = shape_of(x)
        dyn = [ctx.dim(x, d) for d in kept if shape[d] == DYNAMIC]
        vals = fill(lowest(elem) if is_max else highest(elem), ranked([shape[d] for d in kept], elem), dyn)
        idxs = fill(0, ranked([shape[d] for d in kept], i64()), dyn)
        kinds = [REDUCTION if d == dim else PARALLEL for d in range(rank)]

        def body(v, acc_v, acc_i):
            i = arith.IndexCastOp(i64(), linalg.IndexOp(dim).result).result
            if is_float(elem):
                pred = arith.CmpFPredicate.OGT if is_max else arith.CmpFPredicate.OLT
                better = arith.CmpFOp(pred, v, acc_v).result
                nan = arith.CmpFOp(arith.CmpFPredicate.UNO, v, v).result
                acc_nan = arith.CmpFOp(arith.CmpFPredicate.UNO, acc_v, acc_v).result
                # torch: NaN wins (first NaN), and nothing beats a NaN already taken
                better = arith.AndIOp(arith.OrIOp(better, nan).result,
                                      arith.XOrIOp(acc_nan, const_like(1, acc_nan.type)).result).result
            else:
                if is_bool(elem):
                    pred = arith.CmpIPredicate.ugt if is_max else arith.CmpIPredicate.ult
                else:
                    pred = arith.CmpIPredicate.sgt if is_max else arith.CmpIPredicate.slt
                better = arith.CmpIOp(pred, v, acc_v).result
            return [arith.SelectOp(better, v, acc_v).result, arith.SelectOp(better, i, acc_i).result]

        _, idx = generic([x], [list(range(rank))], [vals, idxs], [kept, kept], kinds, body)
        return [keepdim(ctx, idx, op.results[0].type, [dim])]

    return pattern


def softmax(ctx, x: ir.Value, dim: int, result_type: ir.Type, *, log: bool, safe: bool = False) -> ir.Value:
    rank = rank_of(x)
    elem = element_type(x)
    if not is_float(elem):
        raise Unsupported("softmax needs a float input")
    kept = _kept(rank, [dim])
    ident = list(range(rank))
    mx = reduce(ctx, x, [dim], lowest(elem), _max)
    init = empty(result_type, [ctx.dim(x, d) for d in range(rank) if shape_of(x)[d] == DYNAMIC])
    par = [PARALLEL] * rank
    shifted = generic([x, mx], [ident, kept], [init], [ident], par,
                      lambda v, m, _o: arith.SubFOp(v, m).result)[0]
    exps = generic([shifted], [ident], [init], [ident], par, lambda v, _o: math.ExpOp(v).result)[0]
    total = reduce(ctx, exps, [dim], 0.0, _add)
    if log:
        return generic([shifted, total], [ident, kept], [init], [ident], par,
                       lambda s, t, _o: arith.SubFOp(s, math.LogOp(t).result).result)[0]
    if safe:  # a row of all -inf gives 0, not NaN (torch's _safe_softmax)
        def safe_div(e, t, m, _o):
            empty_row = arith.CmpFOp(arith.CmpFPredicate.OEQ, m, lowest(elem)).result
            return arith.SelectOp(empty_row, const_like(0.0, elem), arith.DivFOp(e, t).result).result

        return generic([exps, total, mx], [ident, kept, kept], [init], [ident], par, safe_div)[0]
    return generic([exps, total], [ident, kept], [init], [ident], par,
                   lambda e, t, _o: arith.DivFOp(e, t).result)[0]


def lower_softmax(log: bool):
    def pattern(op):
        dim = _attrs(op)["dim"]
        return [softmax(ShapeContext.current(), op.operands[0], dim, op.results[0].type, log=log)]

    return pattern


def layer_norm(ctx, x, weight, bias, axis: int, eps: float, result_type):
    """(out, mean, rstd) with mean/rstd in the reduced shape (leading dims only)."""
    rank = rank_of(x)
    elem = element_type(x)
    if not is_float(elem):
        raise Unsupported("layer_norm needs a float input")
    dims = list(range(axis, rank))
    kept = list(range(axis))
    ident = list(range(rank))
    n = _count(ctx, x, dims, elem)
    lead = list(range(len(kept)))
    mean = reduce(ctx, x, dims, 0.0, _add)
    mean = generic([mean], [lead], [mean], [lead], [PARALLEL] * len(kept),
                   lambda v, _o: arith.DivFOp(v, n).result)[0]
    init = fill(0.0, mean.type, [ctx.dim(x, d) for d in kept if shape_of(x)[d] == DYNAMIC])
    kinds = [REDUCTION if d in dims else PARALLEL for d in range(rank)]

    def sq(v, m, acc):
        diff = arith.SubFOp(v, m).result
        return arith.AddFOp(acc, arith.MulFOp(diff, diff).result).result

    ss = generic([x, mean], [ident, kept], [init], [kept], kinds, sq)[0]
    eps_c = const_like(eps, elem)
    rstd = generic([ss], [lead], [ss], [lead], [PARALLEL] * len(kept),
                   lambda v, _o: math.RsqrtOp(arith.AddFOp(arith.DivFOp(v, n).result, eps_c).result).result)[0]
    ins, maps = [x, mean, rstd], [ident, kept, kept]
    for p in (weight, bias):
        if p is not None:
            ins.append(p)
            maps.append(list(range(rank - rank_of(p), rank)))
    out_init = empty(result_type, [ctx.dim(x, d) for d in range(rank) if shape_of(x)[d] == DYNAMIC])

    def norm(v, m, r, *rest):
        y = arith.MulFOp(arith.SubFOp(v, m).result, r).result
        it = iter(rest[:-1])
        if weight is not None:
            y = arith.MulFOp(y, next(it)).result
        if bias is not None:
            y = arith.AddFOp(y, next(it)).result
        return y

    out = generic(ins, maps, [out_init], [ident], [PARALLEL] * rank, norm)[0]
    return out, mean, rstd


def _optional_pair(op, segment_index_weight=1):
    sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    operands = list(op.operands)
    x = operands[0]
    pos = 1
    w = b = None
    if sizes[1]:
        w = operands[pos]
        pos += 1
    if sizes[2]:
        b = operands[pos]
        pos += 1
    return x, w, b, operands[pos:]


def lower_layer_norm(op):
    ctx = ShapeContext.current()
    x, w, b, _ = _optional_pair(op)
    a = _attrs(op)
    out, mean, rstd = layer_norm(ctx, x, w, b, a["axis"], a["eps"], op.results[0].type)
    dims = list(range(a["axis"], rank_of(x)))
    return [out, keepdim(ctx, mean, op.results[1].type, dims), keepdim(ctx, rstd, op.results[2].type, dims)]


def lower_batch_norm_inference(op):
    ctx = ShapeContext.current()
    x, w, b, (mean, var) = _optional_pair(op)
    eps = const_like(_attrs(op)["eps"], element_type(x))
    rank = rank_of(x)
    ident = list(range(rank))
    ins, maps = [x, mean, var], [ident, [1], [1]]
    for p in (w, b):
        if p is not None:
            ins.append(p)
            maps.append([1])
    init = empty(op.results[0].type, [ctx.dim(x, d) for d in range(rank) if shape_of(x)[d] == DYNAMIC])

    def body(v, m, s, *rest):
        y = arith.MulFOp(arith.SubFOp(v, m).result, math.RsqrtOp(arith.AddFOp(s, eps).result).result).result
        it = iter(rest[:-1])
        if w is not None:
            y = arith.MulFOp(y, next(it)).result
        if b is not None:
            y = arith.AddFOp(y, next(it)).result
        return y

    return generic(ins, maps, [init], [ident], [PARALLEL] * rank, body)


def lower_cumsum(op):
    """Inclusive scan along `dim` as an scf.for over slices: acc += x[i]; out[i] = acc."""
    from exir_mlir._mlir import scf

    from .ir_utils import index_constant

    ctx = ShapeContext.current()
    x = op.operands[0]
    dim = _attrs(op)["dim"]
    res = op.results[0]
    elem = element_type(x)
    check_supported_element(elem)
    rank = rank_of(x)
    shape = shape_of(x)
    dyn = [ctx.dim(x, d) for d in range(rank) if shape[d] == DYNAMIC]
    out = empty(res.type, dyn)
    slice_shape = [1 if d == dim else s for d, s in enumerate(shape)]
    slice_t = ranked(slice_shape, elem)
    slice_dyn = [ctx.dim(x, d) for d in range(rank) if slice_shape[d] == DYNAMIC]
    acc = fill(0, slice_t, slice_dyn)
    loop = scf.ForOp(index_constant(0), ctx.dim(x, dim), index_constant(1), [out, acc])
    with ir.InsertionPoint(loop.body):
        i = loop.induction_variable
        out_i, acc_i = loop.inner_iter_args
        offsets = [DYNAMIC if d == dim else 0 for d in range(rank)]
        piece = tensor.extract_slice(slice_t, x, [i], slice_dyn, [], offsets, slice_shape, [1] * rank)
        ident = list(range(rank))
        summed = generic([piece], [ident], [acc_i], [ident], [PARALLEL] * rank,
                         lambda v, a: _add(v, a))[0]
        written = tensor.InsertSliceOp(summed, out_i, [i], slice_dyn, [], offsets, slice_shape,
                                       [1] * rank).result
        scf.YieldOp([written, summed])
    return [loop.results[0]]


def populate_reduction_patterns(table: PatternTable) -> None:
    table.add("edge.cumsum", lower_cumsum, family=FAMILY_RED)
    for kind in ("sum", "mean", "prod", "amax", "amin", "any"):
        table.add(f"edge.{kind}", lower_reduce(kind), family=FAMILY_RED)
    table.add("edge.var", lower_var, family=FAMILY_RED)
    table.add("edge.argmax", lower_arg_reduce(True), family=FAMILY_RED)
    table.add("edge.argmin", lower_arg_reduce(False), family=FAMILY_RED)


def populate_normalization_patterns(table: PatternTable) -> None:
    table.add("edge.softmax", lower_softmax(False), family=FAMILY_NORM)
    table.add("edge.log_softmax", lower_softmax(True), family=FAMILY_NORM)
    table.add("edge.layer_norm", lower_layer_norm, family=FAMILY_NORM)
    table.add("edge.batch_norm_inference", lower_batch_norm_inference, family=FAMILY_NORM)


__all__ = ["convert_scalar", "generic", "reduce", "keepdim", "softmax", "layer_norm"]
