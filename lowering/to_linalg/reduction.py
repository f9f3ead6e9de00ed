"""to-linalg: reductions (sum, mean, prod, amax/amin, any, var, argmax/argmin, cumsum, hash_tensor) as
linalg.generic."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, scf, tensor

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    attr_dict,
    element_type,
    i64,
    index_constant,
    is_bool,
    is_float,
    rank_of,
    ranked,
    shape_of,
)
from .builders import (
    PARALLEL,
    REDUCTION,
    check_supported_element,
    const_like,
    empty,
    fill,
    generic,
    highest,
    keepdim,
    kept_dims,
    lowest,
    reduce,
    unsigned_operand,
)
from .shapes import ShapeContext

FAMILY = "reduction"


def count_elements(ctx, x, dims, elem) -> ir.Value:
    n = None
    for d in dims:
        v = ctx.dim(x, d)
        n = v if n is None else arith.MulIOp(n, v).result
    n = n if n is not None else ctx.expr("1")
    return arith.SIToFPOp(elem, arith.IndexCastOp(i64(), n).result).result


def combine_add(a, b):
    if is_float(a.type):
        return arith.AddFOp(a, b).result
    return arith.OrIOp(a, b).result if is_bool(a.type) else arith.AddIOp(a, b).result


def combine_mul(a, b):
    if is_float(a.type):
        return arith.MulFOp(a, b).result
    return arith.AndIOp(a, b).result if is_bool(a.type) else arith.MulIOp(a, b).result


def combine_max(a, b):
    if is_float(a.type):
        return arith.MaximumFOp(a, b).result
    # i1 is signless: true is -1 as a signed number, so bools compare unsigned (and uint8 does)
    return (arith.MaxUIOp if is_bool(a.type) or unsigned_operand(0) else arith.MaxSIOp)(a, b).result


def combine_min(a, b):
    if is_float(a.type):
        return arith.MinimumFOp(a, b).result
    return (arith.MinUIOp if is_bool(a.type) or unsigned_operand(0) else arith.MinSIOp)(a, b).result


def lower_reduce(kind: str):
    def pattern(op):
        ctx = ShapeContext.current()
        x = op.operands[0]
        a = attr_dict(op)
        dims, elem = a["dims"], element_type(x)
        check_supported_element(elem)
        if kind in ("sum", "mean"):
            r = reduce(ctx, x, dims, 0, combine_add)
        elif kind == "prod":
            r = reduce(ctx, x, dims, 1, combine_mul)
        elif kind == "amax":
            r = reduce(ctx, x, dims, lowest(elem, unsigned_operand(0)), combine_max)
        elif kind == "amin":
            r = reduce(ctx, x, dims, highest(elem, unsigned_operand(0)), combine_min)
        elif kind == "any":
            r = reduce(ctx, x, dims, 0, lambda v, acc: arith.OrIOp(v, acc).result)
        if kind == "mean":
            n = count_elements(ctx, x, dims, elem)
            r = generic([r], [list(range(rank_of(r)))], [r], [list(range(rank_of(r)))],
                        [PARALLEL] * rank_of(r), lambda v, _o: arith.DivFOp(v, n).result)[0]
        return [keepdim(ctx, r, op.results[0].type, dims)]

    return pattern


def lower_hash_tensor(op):
    """edge.hash_tensor: xor of each element's 64 bits (an f64 bitcast to i64). Lowered as the
    signless twin (unsigned.py): the ui64 result and a ui64 input are i64 here."""
    ctx = ShapeContext.current()
    x = op.operands[0]
    dims = attr_dict(op)["dims"]

    def combine(v, acc):
        bits = arith.BitcastOp(i64(), v).result if is_float(v.type) else v
        return arith.XOrIOp(bits, acc).result

    r = reduce(ctx, x, dims, 0, combine, elem=i64())
    return [keepdim(ctx, r, op.results[0].type, dims)]


def lower_var(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    a = attr_dict(op)
    dims, elem = a["dims"], element_type(x)
    rank = rank_of(x)
    kept = kept_dims(rank, dims)
    n = count_elements(ctx, x, dims, elem)
    mean = reduce(ctx, x, dims, 0.0, combine_add)
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
        a = attr_dict(op)
        dim, elem = a["dim"], element_type(x)
        check_supported_element(elem)
        rank = rank_of(x)
        kept = kept_dims(rank, [dim])
        shape = shape_of(x)
        dyn = [ctx.dim(x, d) for d in kept if shape[d] == DYNAMIC]
        uns = unsigned_operand(0)
        vals = fill(lowest(elem, uns) if is_max else highest(elem, uns), ranked([shape[d] for d in kept], elem), dyn)
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
                if is_bool(elem) or uns:
                    pred = arith.CmpIPredicate.ugt if is_max else arith.CmpIPredicate.ult
                else:
                    pred = arith.CmpIPredicate.sgt if is_max else arith.CmpIPredicate.slt
                better = arith.CmpIOp(pred, v, acc_v).result
            return [arith.SelectOp(better, v, acc_v).result, arith.SelectOp(better, i, acc_i).result]

        _, idx = generic([x], [list(range(rank))], [vals, idxs], [kept, kept], kinds, body)
        return [keepdim(ctx, idx, op.results[0].type, [dim])]

    return pattern


def lower_cumsum(op):
    """Inclusive scan along `dim` as an scf.for over slices: acc += x[i]; out[i] = acc."""
    ctx = ShapeContext.current()
    x = op.operands[0]
    dim = attr_dict(op)["dim"]
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
                         lambda v, a: combine_add(v, a))[0]
        written = tensor.InsertSliceOp(summed, out_i, [i], slice_dyn, [], offsets, slice_shape,
                                       [1] * rank).result
        scf.YieldOp([written, summed])
    return [loop.results[0]]


def populate_reduction_patterns(table: PatternTable) -> None:
    table.add("edge.cumsum", lower_cumsum, family=FAMILY)
    for kind in ("sum", "mean", "prod", "amax", "amin", "any"):
        table.add(f"edge.{kind}", lower_reduce(kind), family=FAMILY)
    table.add("edge.var", lower_var, family=FAMILY)
    table.add("edge.hash_tensor", lower_hash_tensor, family=FAMILY)
    table.add("edge.argmax", lower_arg_reduce(True), family=FAMILY)
    table.add("edge.argmin", lower_arg_reduce(False), family=FAMILY)
