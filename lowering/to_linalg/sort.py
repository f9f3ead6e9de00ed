"""to-linalg: a stable sort (torch's order: NaN largest) as two linalg.generic passes."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, attr_dict, element_type, i64, index_constant, is_float, ranked, shape_of
from .builders import (
    PARALLEL,
    REDUCTION,
    affine_map,
    check_supported_element,
    const_like,
    fill,
    iterators,
    maps_attr,
    unsigned_operand,
)

FAMILY = "sort"


def _sorts_before(a, b, descending: bool):
    """a strictly before b in torch's order (NaN is the largest value)."""
    if is_float(a.type):
        a_nan = arith.CmpFOp(arith.CmpFPredicate.UNO, a, a).result
        b_nan = arith.CmpFOp(arith.CmpFPredicate.UNO, b, b).result
        true = const_like(1, ir.IntegerType.get_signless(1))
        if descending:
            not_b = arith.XOrIOp(b_nan, true).result
            return arith.OrIOp(arith.AndIOp(a_nan, not_b).result,
                               arith.CmpFOp(arith.CmpFPredicate.OGT, a, b).result).result
        not_a = arith.XOrIOp(a_nan, true).result
        return arith.OrIOp(arith.AndIOp(not_a, b_nan).result,
                           arith.CmpFOp(arith.CmpFPredicate.OLT, a, b).result).result
    if a.type == ir.IntegerType.get_signless(1) or unsigned_operand(0):  # bool, uint8..uint64 (unsigned.py)
        pred = arith.CmpIPredicate.ugt if descending else arith.CmpIPredicate.ult
    else:
        pred = arith.CmpIPredicate.sgt if descending else arith.CmpIPredicate.slt
    return arith.CmpIOp(pred, a, b).result


def _equal(a, b):
    if is_float(a.type):
        both_nan = arith.AndIOp(arith.CmpFOp(arith.CmpFPredicate.UNO, a, a).result,
                                arith.CmpFOp(arith.CmpFPredicate.UNO, b, b).result).result
        return arith.OrIOp(arith.CmpFOp(arith.CmpFPredicate.OEQ, a, b).result, both_nan).result
    return arith.CmpIOp(arith.CmpIPredicate.eq, a, b).result


def lower_sort(op):
    """Stable sort in two O(n^2) generics: each element's rank (how many sort before it), then
    each output position picks the element of that rank."""
    x = op.operands[0]
    a = attr_dict(op)
    dim, desc = a["dim"], a["descending"]
    xs = shape_of(x)
    # Every result has x's shape: dynamic dims are x's own (tensor.dim).
    dyn = [tensor.DimOp(x, index_constant(d)).result for d, s in enumerate(xs) if s == DYNAMIC]
    elem = element_type(x)
    check_supported_element(elem)
    rank = len(xs)
    loops = rank + 1  # the extra loop walks the sorted dim a second time
    ident = list(range(rank))
    other = [rank if d == dim else d for d in range(rank)]
    rank_t = ranked(xs, i64())
    ranks = fill(0, rank_t, dyn)
    g = linalg.GenericOp([rank_t], [x, x], [ranks],
                         maps_attr([affine_map(loops, ident), affine_map(loops, other), affine_map(loops, ident)]),
                         iterators([PARALLEL] * rank + [REDUCTION]))
    block = g.regions[0].blocks.append(elem, elem, i64())
    with ir.InsertionPoint(block):
        xi, xj, acc = block.arguments
        i, j = linalg.IndexOp(dim).result, linalg.IndexOp(rank).result
        earlier = arith.CmpIOp(arith.CmpIPredicate.ult, j, i).result
        tie = arith.AndIOp(_equal(xj, xi), earlier).result
        before = arith.OrIOp(_sorts_before(xj, xi, desc), tie).result
        one = arith.ExtUIOp(i64(), before).result
        linalg.YieldOp([arith.AddIOp(acc, one).result])
    ranks = g.result
    vals_r, idx_r = op.results
    vals = fill(0 if not is_float(elem) else 0.0, vals_r.type, dyn)
    idxs = fill(0, idx_r.type, dyn)
    g2 = linalg.GenericOp([vals_r.type, idx_r.type], [ranks, x], [vals, idxs],
                          maps_attr([affine_map(loops, other), affine_map(loops, other),
                                     affine_map(loops, ident), affine_map(loops, ident)]),
                          iterators([PARALLEL] * rank + [REDUCTION]))
    block = g2.regions[0].blocks.append(i64(), elem, elem, i64())
    with ir.InsertionPoint(block):
        r_i, x_i, acc_v, acc_i = block.arguments
        pos = arith.IndexCastOp(i64(), linalg.IndexOp(dim).result).result
        src = arith.IndexCastOp(i64(), linalg.IndexOp(rank).result).result
        hit = arith.CmpIOp(arith.CmpIPredicate.eq, r_i, pos).result
        linalg.YieldOp([arith.SelectOp(hit, x_i, acc_v).result, arith.SelectOp(hit, src, acc_i).result])
    return list(g2.results)


def populate_sort_patterns(table: PatternTable) -> None:
    table.add("edge.sort", lower_sort, family=FAMILY)
