"""aten-to-edge patterns for indexing: embedding, index_select, gather, x[idx] (index.Tensor)."""

from __future__ import annotations

from exir_mlir._mlir import ir

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, Unsupported, create1, element_type, i64, i64_attr, rank_of, ranked, shape_of
from .args import AtenArgs
from .builders import cast, dim_index, normalize_dim

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


def _before_join(value: ir.Value) -> ir.Value:
    """The value a variadic operand had before the importer cast it to its group's join type."""
    owner = value.owner
    op = owner.operation if hasattr(owner, "operation") else owner
    if isinstance(op, ir.Operation) and op.name == "tensor.cast":
        return op.operands[0]
    return value


def _broadcast_indices(indices: list[ir.Value]) -> list[ir.Value]:
    """The index tensors expanded to their common (torch-broadcast) shape, as edge.index takes them."""
    rank = max(rank_of(i) for i in indices)
    shapes = [[1] * (rank - rank_of(i)) + shape_of(i) for i in indices]
    common: list[int] = []
    dynamic_sources: list[tuple[ir.Value, int]] = []
    for d in range(rank):
        dims = [shape[d] for shape in shapes]
        if DYNAMIC in dims:
            # torch guarded the broadcast at export: every non-1 size here is this one.
            k = dims.index(DYNAMIC)
            common.append(DYNAMIC)
            dynamic_sources.append((indices[k], d - (rank - rank_of(indices[k]))))
        else:
            common.append(max(dims))
    out = []
    for idx, shape in zip(indices, shapes):
        if rank_of(idx) == rank and shape == common:
            out.append(idx)
            continue
        sizes = [dim_index(v, dim) for v, dim in dynamic_sources]
        out.append(create1("edge.expand", [idx, *sizes], ranked(common, i64())))
    return out


def lower_index_tensor(op):
    """x[i0, :, i2, ...] (index.Tensor): see advanced_index."""
    args = AtenArgs(op, ["self", "indices*"])
    indices = [_before_join(i) for i in args.variadic("indices")]
    present = args.attr("indices_present") or [True] * len(indices)
    it = iter(indices)
    return [advanced_index(args.tensor("self"), [next(it) if p else None for p in present], op.results[0].type)]


def advanced_index(x: ir.Value, indices: list, result_type: ir.Type) -> ir.Value:
    """torch's x[indices] for integer index tensors at the positions that are not None.

    One static index on a static tensor: index_select of the flattened index + view (copies whole
    slices). Anything else: edge.index, one gather over the result (no copy of x, whatever its size).
    """
    indices = list(indices)
    while indices and indices[-1] is None:
        indices.pop()
    dims = [d for d, v in enumerate(indices) if v is not None]
    given = [v for v in indices if v is not None]
    if not given:
        raise Unsupported("indexing without an index tensor")
    if len(indices) > rank_of(x):
        raise Unsupported(f"{len(indices)} indices for a tensor of rank {rank_of(x)}")
    if any(element_type(i) == ir.IntegerType.get_signless(1) for i in given):
        raise Unsupported("boolean-mask indexing has a data-dependent shape (its size is the number of "
                          "True values); use torch.where(mask, x, other) to keep the shape")
    if len(given) == 1 and DYNAMIC not in shape_of(given[0]) + shape_of(x):
        dim = dims[0]
        idx = cast(given[0], i64())
        n = 1
        for size in shape_of(idx):
            n *= size
        flat = create1("edge.view", [idx], ranked([n], i64()))
        sel_shape = shape_of(x)
        sel_shape[dim] = n
        sel = create1("edge.index_select", [x, flat], ranked(sel_shape, element_type(x)), {"dim": i64_attr(dim)})
        return create1("edge.view", [sel], result_type)
    broadcast = _broadcast_indices([cast(i, i64()) for i in given])
    return create1("edge.index", [x, *broadcast], result_type, {"dims": ir.DenseI64ArrayAttr.get(dims)})


def populate_indexing_patterns(table: PatternTable) -> None:
    table.add("exir.embedding", lower_embedding, family=FAMILY)
    table.add("exir.index_select", lower_index_select, family=FAMILY)
    table.add("exir.gather", lower_gather, family=FAMILY)
    table.add("exir.index_tensor", lower_index_tensor, family=FAMILY)
