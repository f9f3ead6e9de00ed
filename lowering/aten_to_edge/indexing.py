"""aten-to-edge patterns for indexing: embedding, index_select, gather, x[idx] (index.Tensor)."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, tensor

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    create1,
    element_type,
    i64,
    i64_array,
    i64_attr,
    index_constant,
    rank_of,
    ranked,
    shape_of,
    splat,
    with_element,
)
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


def lower_index_tensor(op):
    """x[..., idx, ...]: advanced indexing by one or several index tensors (see advanced_index)."""
    args = AtenArgs(op, ["self", "indices*"])
    x = args.tensor("self")
    present = args.attr("indices_present")
    indices = [_uncast(v) for v in args.variadic("indices")]
    if present is None:
        present = [True] * len(indices)
    it = iter(indices)
    return [advanced_index(x, [next(it) if p else None for p in present], op.results[0].type)]


def _uncast(value: ir.Value) -> ir.Value:
    """The value before the importer's tensor.cast to an operand group's join type (its own,
    more precise shape: the join type turns dims that differ between indices into `?`)."""
    owner = value.owner
    owner = owner.operation if hasattr(owner, "operation") else owner
    if getattr(owner, "name", None) == "tensor.cast":
        return owner.operands[0]
    return value


def _index_scalar(idx: ir.Value) -> ir.Value:
    """A 0-d i64 tensor holding an index value."""
    if isinstance(idx.owner, ir.Operation) or hasattr(idx.owner, "name"):
        owner = idx.owner.operation if hasattr(idx.owner, "operation") else idx.owner
        if owner.name == "arith.constant":
            return splat(ir.IntegerAttr(owner.attributes["value"]).value, i64())
    return tensor.FromElementsOp(ranked([], i64()), [arith.IndexCastOp(i64(), idx).result]).result


def _mul(a: ir.Value, b: ir.Value) -> ir.Value:
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    a = index_constant(a) if isinstance(a, int) else a
    b = index_constant(b) if isinstance(b, int) else b
    return arith.MulIOp(a, b).result


def advanced_index(x: ir.Value, indices: list, rt: ir.Type) -> ir.Value:
    """torch's x[indices] (index.Tensor) for integer index tensors at the positions that are not
    None: the indices broadcast to one shape B, each is wrapped into its dim's range (remainder by
    the dim size: torch takes -n..n-1), and they combine into one row-major index into x's indexed
    dims, moved to the front and flattened: an index_select of that, viewed to B + the other dims.
    When the indexed dims are adjacent torch puts B where they were, else in front (a permute).
    Dynamic sizes come from tensor.dim of x and of the indices. A gather: scalar loads."""
    rank = rank_of(x)
    while indices and indices[-1] is None:
        indices.pop()
    positions = [d for d, v in enumerate(indices) if v is not None]
    if not positions:
        return x if x.type == rt else create1("edge.view", [x, *_dyn_of(x, rt)], rt)
    for v in indices:
        if v is not None and element_type(v) == ir.IntegerType.get_signless(1):
            raise Unsupported("boolean-mask indexing has a data-dependent shape")
    if len(indices) > rank:
        raise Unsupported(f"{len(indices)} indices for a tensor of rank {rank}")
    idx = [cast(v, i64()) for v in indices if v is not None]
    rest = [d for d in range(rank) if d not in positions]
    adjacent = positions == list(range(positions[0], positions[-1] + 1))
    res_shape = shape_of(rt)
    nb = len(res_shape) - len(rest)
    b_start = positions[0] if adjacent else 0
    b_shape = res_shape[b_start:b_start + nb]
    # Runtime sizes of B's dims: per dim, from an index whose (right-aligned) dim is not 1.
    b_sizes = []
    for j, s in enumerate(b_shape):
        if s != DYNAMIC:
            b_sizes.append(s)
            continue
        size = None
        for v in idx:
            k = j - (nb - rank_of(v))
            if k >= 0 and shape_of(v)[k] == DYNAMIC:
                size = dim_index(v, k)
                break
        if size is None:
            raise Unsupported("cannot tell the size of a dynamic dim of the broadcast indices")
        b_sizes.append(size)
    b_type = ranked(b_shape, i64())
    b_dyn = [v for v in b_sizes if isinstance(v, ir.Value)]
    # One row-major index into the indexed dims: ((i0 * s1 + i1) * s2 + i2) ...
    lin = None
    for v, d in zip(idx, positions):
        size = dim_index(x, d)
        wrapped = create1("edge.remainder", [v, _index_scalar(size)], with_element(v, i64()))
        if tuple(shape_of(wrapped)) != tuple(b_shape):
            wrapped = create1("edge.expand", [wrapped, *b_dyn], b_type)
        if lin is None:
            lin = wrapped
        else:
            lin = create1("edge.add", [create1("edge.mul", [lin, _index_scalar(size)], b_type), wrapped], b_type)
    # x with the indexed dims in front, flattened into one.
    perm = positions + rest
    xp = x
    if perm != list(range(rank)):
        xp = create1("edge.permute", [x], ranked([shape_of(x)[d] for d in perm], element_type(x)),
                     {"dims": i64_array(perm)})
    rows_static = 1
    for d in positions:
        rows_static = DYNAMIC if DYNAMIC in (rows_static, shape_of(x)[d]) else rows_static * shape_of(x)[d]
    rows = 1
    for d in positions:
        rows = _mul(rows, dim_index(x, d) if shape_of(x)[d] == DYNAMIC else shape_of(x)[d])
    rest_shape = [shape_of(x)[d] for d in rest]
    rest_dyn = [dim_index(x, d) for d in rest if shape_of(x)[d] == DYNAMIC]
    flat_x = create1("edge.view", [xp, *([rows] if rows_static == DYNAMIC else []), *rest_dyn],
                     ranked([rows_static, *rest_shape], element_type(x)))
    n_static = 1
    for s in b_shape:
        n_static = DYNAMIC if DYNAMIC in (n_static, s) else n_static * s
    n = 1
    for s in b_sizes:
        n = _mul(n, s)
    flat_i = create1("edge.view", [lin, *([n] if n_static == DYNAMIC else [])], ranked([n_static], i64()))
    sel = create1("edge.index_select", [flat_x, flat_i], ranked([n_static, *rest_shape], element_type(x)),
                  {"dim": i64_attr(0)})
    out_shape = [*b_shape, *rest_shape]
    out = create1("edge.view", [sel, *b_dyn, *rest_dyn], ranked(out_shape, element_type(x)))
    if b_start:
        order = [nb + i for i in range(b_start)] + list(range(nb)) + [nb + i for i in range(b_start, len(rest))]
        out = create1("edge.permute", [out], rt, {"dims": i64_array(order)})
    return out if out.type == rt else create1("edge.view", [out, *_dyn_of(out, rt)], rt)


def _dyn_of(value: ir.Value, rt: ir.Type) -> list[ir.Value]:
    return [dim_index(value, d) for d, s in enumerate(shape_of(rt)) if s == DYNAMIC]


def populate_indexing_patterns(table: PatternTable) -> None:
    table.add("exir.embedding", lower_embedding, family=FAMILY)
    table.add("exir.index_select", lower_index_select, family=FAMILY)
    table.add("exir.gather", lower_gather, family=FAMILY)
    table.add("exir.index_tensor", lower_index_tensor, family=FAMILY)
