"""aten-to-edge patterns for indexing: embedding, index_select, gather, x[idx] (index.Tensor)."""

from __future__ import annotations

from exir_mlir._mlir import ir

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, Unsupported, create1, element_type, i64, i64_attr, rank_of, ranked, shape_of
from .args import AtenArgs
from .builders import cast, normalize_dim

FAMILY = "indexing"


def lower_embedding(op):
    args = AtenArgs(op, ["weight", "indices", "padding_idx?"])
    w, idx = args.tensor("weight"), args.tensor("indices")
    return [create1("edge.embedding", [w, cast(idx, i64())], op.results[0].type)]


def lower_index_select(op):
    args = AtenArgs(op, ["self", "index"])
    x, idx = args.tensor("self"), args.tensor("index")
    if rank_of(x) == 0:  # the only valid index is 0: the element itself
        return [create1("edge.view", [x], op.results[0].type)]
    dim = normalize_dim(args.attr("dim"), rank_of(x))
    return [create1("edge.index_select", [x, cast(idx, i64())], op.results[0].type, {"dim": i64_attr(dim)})]


def lower_gather(op):
    args = AtenArgs(op, ["self", "index"])
    x, idx = args.tensor("self"), args.tensor("index")
    if rank_of(x) == 0:
        return [create1("edge.view", [x], op.results[0].type)]
    dim = normalize_dim(args.attr("dim"), rank_of(x))
    return [create1("edge.gather", [x, cast(idx, i64())], op.results[0].type, {"dim": i64_attr(dim)})]


def lower_index_tensor(op):
    """x[..., idx] with one index tensor on one dim: index_select on the flattened index + view."""
    args = AtenArgs(op, ["self", "indices*"])
    x = args.tensor("self")
    present = args.attr("indices_present")
    indices = args.variadic("indices")
    if present is None:
        present = [True] * len(indices)
    if len(indices) != 1:
        raise Unsupported("advanced indexing with several index tensors is not supported yet")
    dim = present.index(True)
    idx = cast(indices[0], i64())
    if element_type(indices[0]) == ir.IntegerType.get_signless(1):
        raise Unsupported("boolean-mask indexing has a data-dependent shape")
    ishape = shape_of(idx)
    if DYNAMIC in ishape:
        raise Unsupported("a dynamic-shape index tensor is not supported yet")
    n = 1
    for s in ishape:
        n *= s
    flat = create1("edge.view", [idx], ranked([n], i64()))
    sel_shape = shape_of(x)
    if DYNAMIC in sel_shape:
        raise Unsupported("indexing a dynamic-shape tensor is not supported yet")
    sel_shape[dim] = n
    sel = create1("edge.index_select", [x, flat], ranked(sel_shape, element_type(x)), {"dim": i64_attr(dim)})
    return [create1("edge.view", [sel], op.results[0].type)]


def populate_indexing_patterns(table: PatternTable) -> None:
    table.add("exir.embedding", lower_embedding, family=FAMILY)
    table.add("exir.index_select", lower_index_select, family=FAMILY)
    table.add("exir.gather", lower_gather, family=FAMILY)
    table.add("exir.index_tensor", lower_index_tensor, family=FAMILY)
