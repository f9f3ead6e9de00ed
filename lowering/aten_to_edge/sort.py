"""aten-to-edge patterns for sorting: sort, and topk as edge.topk (a small static k) or a stable
sort and a slice."""

from __future__ import annotations

from exir_mlir._mlir import ir

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, bool_attr, create, create1, element_type, i64, i64_attr, rank_of, ranked, shape_of
from .args import AtenArgs
from .builders import dim_index, full, normalize_dim, to_index

FAMILY = "sort"
# Up to this k, topk is edge.topk: k selection passes over each row (O(k n), one linalg.generic each,
# so code grows with k); a larger or symbolic k sorts the whole row (O(n^2)) and slices.
TOPK_PASSES_MAX = 16


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
    """topk = the first k of a stable sort (descending for the largest): edge.topk for a small
    static k, else edge.sort and a slice."""
    args = AtenArgs(op, ["self", "k?"])
    x = args.tensor("self")
    k = args.sym_int("k")
    if rank_of(x) == 0:
        return [x, full(0, op.results[1].type)]
    dim = normalize_dim(args.attr("dim", -1), rank_of(x))
    shape = shape_of(x)
    largest = bool(args.attr("largest", True))
    if isinstance(k, int) and 0 < k <= TOPK_PASSES_MAX and all(shape_of(r)[dim] == k for r in op.results):
        new = create("edge.topk", [x], [r.type for r in op.results],
                     {"dim": i64_attr(dim), "k": i64_attr(k), "largest": bool_attr(largest)})
        return list(new.results)
    sorted_ = create("edge.sort", [x], [x.type, ranked(shape, i64())],
                     {"dim": i64_attr(dim), "descending": bool_attr(largest)})
    out = []
    for value, res in zip(sorted_.results, op.results):
        # the first k along dim (export guards k <= its size; a symbolic k is its index value),
        # the other dims as x's (tensor.dim)
        dyn = [(to_index(k) if isinstance(k, ir.Value) and d == dim else dim_index(x, d))
               for d, s in enumerate(shape_of(res)) if s == DYNAMIC]
        attrs = {"dim": i64_attr(dim), "start": i64_attr(0), "step": i64_attr(1)}
        out.append(create1("edge.slice", [value, *dyn], res.type, attrs))
    return out


def leading_of_sort(x: ir.Value, result_type: ir.Type, dim: int, start, step) -> ir.Value | None:
    """x[..., :k] along the dim an edge.sort of x sorted, for a small static k: the same values as
    edge.topk (the sort's first k, largest first when descending), which costs O(k n) where the
    sort costs O(n^2) (`torch.sort(x, descending=True)[1][:, :3]`). The sort itself stays for any
    other user; without one its linalg is dead code. None where this does not apply."""
    if not isinstance(x, ir.OpResult) or x.owner.name != "edge.sort":
        return None
    sort = x.owner.operation
    k = shape_of(result_type)[dim]
    a = sort.attributes
    if (start != 0 or step != 1 or ir.IntegerAttr(a["dim"]).value != dim or k == DYNAMIC
            or not 0 < k <= TOPK_PASSES_MAX):
        return None
    source = sort.operands[0]
    shape = [k if d == dim else s for d, s in enumerate(shape_of(source))]
    types = [ranked(shape, element_type(source)), ranked(shape, i64())]
    if types[x.result_number] != result_type:
        return None
    attrs = {"dim": i64_attr(dim), "k": i64_attr(k), "largest": a["descending"]}
    topk = None
    for use in source.uses:  # the other result's slice may have made it already
        o = use.owner.operation
        if (o.name == "edge.topk" and o.block == sort.block and o.is_before_in_block(sort)
                and all(o.attributes[n] == v for n, v in attrs.items())):
            topk = o
    if topk is None:
        with ir.InsertionPoint(sort):  # before the sort: it dominates every user of the sort
            topk = create("edge.topk", [source], types, attrs)
    return topk.results[x.result_number]


def populate_sort_patterns(table: PatternTable) -> None:
    table.add("exir.sort", lower_sort, family=FAMILY)
    table.add("exir.topk", lower_topk, family=FAMILY)
