"""to-linalg: a stable sort (torch's order: NaN largest) as two linalg.generic passes, and its
first k positions (topk) as k selection passes."""

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
    empty,
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


def _key_before(v, i, w, j, descending: bool):
    """(v, i) strictly before (w, j) in the stable sort's order: v sorts before w, or they are
    equal and index i is smaller. A total order on (value, index) pairs: every position of a
    row has exactly one place in it."""
    tie = arith.AndIOp(_equal(v, w), arith.CmpIOp(arith.CmpIPredicate.slt, i, j).result).result
    return arith.OrIOp(_sorts_before(v, w, descending), tie).result


def lower_topk(op):
    """The first k positions of the stable sort, one selection pass each: pass p is a reduction
    over the sorted dim that keeps the (value, index) pair first in the sort's total order among
    those after pass p-1's pick (all of them for p = 0). O(k n) per row instead of the sort's
    O(n^2); each pick is written into position p of the results."""
    x = op.operands[0]
    a = attr_dict(op)
    dim, k, desc = a["dim"], a["k"], a["largest"]
    xs = shape_of(x)
    elem = element_type(x)
    check_supported_element(elem)
    rank = len(xs)
    vals_r, idx_r = op.results
    # the results' dynamic dims are x's, except dim, which is k (static)
    dyn = [tensor.DimOp(x, index_constant(d)).result for d, s in enumerate(xs) if s == DYNAMIC and d != dim]
    row_shape = [s for d, s in enumerate(xs) if d != dim]
    row_v_t, row_i_t = ranked(row_shape, elem), ranked(row_shape, i64())
    ident = list(range(rank))
    rows = [d for d in range(rank) if d != dim]
    vals = empty(vals_r.type, dyn)
    idxs = empty(idx_r.type, dyn)
    sizes = [1 if d == dim else s for d, s in enumerate(xs)]
    prev: list = []
    for p in range(k):
        init_v = fill(0 if not is_float(elem) else 0.0, row_v_t, dyn)
        init_i = fill(-1, row_i_t, dyn)  # -1: nothing picked yet
        g = linalg.GenericOp([row_v_t, row_i_t], [x, *prev], [init_v, init_i],
                             maps_attr([affine_map(rank, ident)] + [affine_map(rank, rows)] * (len(prev) + 2)),
                             iterators([REDUCTION if d == dim else PARALLEL for d in range(rank)]))
        block = g.regions[0].blocks.append(elem, *([elem, i64()] if prev else []), elem, i64())
        with ir.InsertionPoint(block):
            xj, *prev_pick, acc_v, acc_i = block.arguments
            j = arith.IndexCastOp(i64(), linalg.IndexOp(dim).result).result
            none_yet = arith.CmpIOp(arith.CmpIPredicate.slt, acc_i, const_like(0, i64())).result
            better = arith.OrIOp(none_yet, _key_before(xj, j, acc_v, acc_i, desc)).result
            if prev_pick:  # only what comes after the previous pick
                better = arith.AndIOp(_key_before(*prev_pick, xj, j, desc), better).result
            linalg.YieldOp([arith.SelectOp(better, xj, acc_v).result, arith.SelectOp(better, j, acc_i).result])
        prev = list(g.results)
        offsets = [p if d == dim else 0 for d in range(rank)]
        strides = [1] * rank
        vals = tensor.InsertSliceOp(prev[0], vals, [], dyn, [], offsets, sizes, strides).result
        idxs = tensor.InsertSliceOp(prev[1], idxs, [], dyn, [], offsets, sizes, strides).result
    return [vals, idxs]


def populate_sort_patterns(table: PatternTable) -> None:
    table.add("edge.sort", lower_sort, family=FAMILY)
    table.add("edge.topk", lower_topk, family=FAMILY)
