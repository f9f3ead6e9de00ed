"""to-linalg: softmax, layer norm and batch norm (edge and backend forms) as linalg.generic."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, math

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, Unsupported, attr_dict, element_type, is_float, rank_of, shape_of
from .builders import PARALLEL, REDUCTION, const_like, empty, fill, generic, keepdim, kept_dims, lowest, reduce
from .reduction import combine_add, combine_max, count_elements
from .shapes import ShapeContext

FAMILY = "normalization"


def softmax(ctx, x: ir.Value, dim: int, result_type: ir.Type, *, log: bool, safe: bool = False) -> ir.Value:
    rank = rank_of(x)
    elem = element_type(x)
    if not is_float(elem):
        raise Unsupported("softmax needs a float input")
    kept = kept_dims(rank, [dim])
    ident = list(range(rank))
    mx = reduce(ctx, x, [dim], lowest(elem), combine_max)
    init = empty(result_type, [ctx.dim(x, d) for d in range(rank) if shape_of(x)[d] == DYNAMIC])
    par = [PARALLEL] * rank
    shifted = generic([x, mx], [ident, kept], [init], [ident], par,
                      lambda v, m, _o: arith.SubFOp(v, m).result)[0]
    exps = generic([shifted], [ident], [init], [ident], par, lambda v, _o: math.ExpOp(v).result)[0]
    total = reduce(ctx, exps, [dim], 0.0, combine_add)
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
        dim = attr_dict(op)["dim"]
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
    n = count_elements(ctx, x, dims, elem)
    lead = list(range(len(kept)))
    mean = reduce(ctx, x, dims, 0.0, combine_add)
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
    a = attr_dict(op)
    out, mean, rstd = layer_norm(ctx, x, w, b, a["axis"], a["eps"], op.results[0].type)
    dims = list(range(a["axis"], rank_of(x)))
    return [out, keepdim(ctx, mean, op.results[1].type, dims), keepdim(ctx, rstd, op.results[2].type, dims)]


def lower_batch_norm_inference(op):
    ctx = ShapeContext.current()
    x, w, b, (mean, var) = _optional_pair(op)
    eps = const_like(attr_dict(op)["eps"], element_type(x))
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


def lower_backend_softmax(op):
    a = attr_dict(op)
    return [softmax(ShapeContext.current(), op.operands[0], a["dim"], op.results[0].type, log=bool(a["log"]))]


def lower_backend_layer_norm(op):
    x, w, b, _ = _optional_pair(op)
    a = attr_dict(op)
    out, _, _ = layer_norm(ShapeContext.current(), x, w, b, a["axis"], a["eps"], op.results[0].type)
    return [out]


def populate_normalization_patterns(table: PatternTable) -> None:
    table.add("edge.softmax", lower_softmax(False), family=FAMILY)
    table.add("edge.log_softmax", lower_softmax(True), family=FAMILY)
    table.add("edge.layer_norm", lower_layer_norm, family=FAMILY)
    table.add("edge.batch_norm_inference", lower_batch_norm_inference, family=FAMILY)
    table.add("backend.softmax", lower_backend_softmax, family=FAMILY)
    table.add("backend.layer_norm", lower_backend_layer_norm, family=FAMILY)
