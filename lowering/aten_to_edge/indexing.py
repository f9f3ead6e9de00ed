"""aten-to-edge patterns for indexing: embedding, index_select, gather, x[idx] (index.Tensor)."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, tensor

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    create1,
    element_type,
    i1,
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
from .selection import nonzero

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


# A unit attribute on edge.index_select: its indices may be negative (it is torch's x[idx]).
NEGATIVE_INDICES = "exir.negative_indices"


def expand_bool_indices(indices: list) -> list:
    """torch's rule for a boolean mask among the indices: a mask of rank r indexes r dims, with the
    r columns of nonzero(mask) (tensor<?xi64>: u0 rows, known at run time) as integer indices."""
    out = []
    for v in indices:
        if v is None or element_type(v) != i1():
            out.append(v)
            continue
        coords = nonzero(v)  # tensor<?xRxi64>
        n = tensor.DimOp(coords, index_constant(0)).result
        for j in range(rank_of(v)):
            column = coords if rank_of(v) == 1 else create1(
                "edge.index_select", [coords, splat(j, i64(), [1])], ranked([DYNAMIC, 1], i64()), {"dim": i64_attr(1)})
            out.append(create1("edge.view", [column, n], ranked([DYNAMIC], i64())))
    return out


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
    if any(element_type(i) == i1() for i in given):
        return advanced_index(x, expand_bool_indices(indices), result_type)
    if len(given) == 1 and DYNAMIC not in shape_of(given[0]) + shape_of(x):
        dim = dims[0]
        idx = cast(given[0], i64())
        n = 1
        for size in shape_of(idx):
            n *= size
        flat = create1("edge.view", [idx], ranked([n], i64()))
        sel_shape = shape_of(x)
        sel_shape[dim] = n
        # x[idx] takes negative indices, torch.index_select does not (to_linalg/index_checks.py)
        sel = create1("edge.index_select", [x, flat], ranked(sel_shape, element_type(x)),
                      {"dim": i64_attr(dim), NEGATIVE_INDICES: ir.UnitAttr.get()})
        return create1("edge.view", [sel], result_type)
    broadcast = _broadcast_indices([cast(i, i64()) for i in given])
    return create1("edge.index", [x, *broadcast], result_type, {"dims": ir.DenseI64ArrayAttr.get(dims)})


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


def _broadcast_sizes(idx: list[ir.Value], b_shape: list[int]) -> list:
    """Per dim of the indices' broadcast shape: its static size, or the index Value of a dynamic
    one (tensor.dim of an index whose right-aligned dim is dynamic)."""
    nb = len(b_shape)
    out = []
    for j, s in enumerate(b_shape):
        if s != DYNAMIC:
            out.append(s)
            continue
        size = None
        for v in idx:
            k = j - (nb - rank_of(v))
            if k >= 0 and shape_of(v)[k] == DYNAMIC:
                size = dim_index(v, k)
                break
        if size is None:
            raise Unsupported("cannot tell the size of a dynamic dim of the broadcast indices")
        out.append(size)
    return out


def _broadcast_shape(idx: list[ir.Value]) -> list[int]:
    """The static broadcast shape of the indices (DYNAMIC where a dim is dynamic and not 1 elsewhere)."""
    nb = max(rank_of(v) for v in idx)
    out = []
    for j in range(nb):
        dims = [shape_of(v)[j - (nb - rank_of(v))] for v in idx if j - (nb - rank_of(v)) >= 0]
        static = {d for d in dims if d not in (1, DYNAMIC)}
        if len(static) > 1:
            raise Unsupported(f"index shapes {[shape_of(v) for v in idx]} do not broadcast")
        out.append(static.pop() if static else (DYNAMIC if DYNAMIC in dims else 1))
    return out


def _linear_index(x: ir.Value, idx: list[ir.Value], positions: list[int], b_shape: list[int],
                  b_dyn: list[ir.Value]) -> ir.Value:
    """((i0 * s1 + i1) * s2 + i2) ... over the indexed dims, each index wrapped into its dim's range
    (remainder by the dim size: torch takes -n..n-1) and broadcast to B."""
    b_type = ranked(b_shape, i64())
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
    return lin


def _indexed_dims_first(x: ir.Value, positions: list[int], rest: list[int]):
    """x with the indexed dims moved to the front and flattened into one: (value, rest shape, rest dynamic sizes)."""
    rank = rank_of(x)
    perm = positions + rest
    xp = x
    if perm != list(range(rank)):
        xp = create1("edge.permute", [x], ranked([shape_of(x)[d] for d in perm], element_type(x)),
                     {"dims": i64_array(perm)})
    rows_static = 1
    rows = 1
    for d in positions:
        rows_static = DYNAMIC if DYNAMIC in (rows_static, shape_of(x)[d]) else rows_static * shape_of(x)[d]
        rows = _mul(rows, dim_index(x, d) if shape_of(x)[d] == DYNAMIC else shape_of(x)[d])
    rest_shape = [shape_of(x)[d] for d in rest]
    rest_dyn = [dim_index(x, d) for d in rest if shape_of(x)[d] == DYNAMIC]
    flat_x = create1("edge.view", [xp, *([rows] if rows_static == DYNAMIC else []), *rest_dyn],
                     ranked([rows_static, *rest_shape], element_type(x)))
    return flat_x, rest_shape, rest_dyn



def _uncast(v: ir.Value) -> ir.Value:
    """The source of a tensor.cast (the value with its more static shape), else v."""
    owner = v.owner
    op = owner.operation if hasattr(owner, "operation") else None
    if op is not None and op.name == "tensor.cast":
        return op.operands[0]
    return v


def advanced_index_put(x: ir.Value, indices: list, values: ir.Value, accumulate: bool, rt: ir.Type) -> ir.Value:
    """torch's index_put(x, indices, values) for several integer index tensors (or one of any rank):
    the same row-major index as advanced_index into x's indexed dims moved to the front and
    flattened; the values, broadcast to what x[indices] would be and laid out B + the other dims,
    are written (or added) row by row by edge.index_put on dim 0; then x's layout is restored."""
    rank = rank_of(x)
    while indices and indices[-1] is None:
        indices.pop()
    positions = [d for d, v in enumerate(indices) if v is not None]
    if any(v is not None and element_type(v) == i1() for v in indices):
        indices = expand_bool_indices(indices)
        positions = [d for d, v in enumerate(indices) if v is not None]
    # The importer casts an exir op's index tensors to one type (an IRDL variadic group has one),
    # e.g. [?, 1] and [1, ?] both to [?, ?]: the broadcast needs their own shapes back, or a size-1
    # dim would be taken as the broadcast size (wrong values).
    idx = [cast(_uncast(v), i64()) for v in indices if v is not None]
    rest = [d for d in range(rank) if d not in positions]
    adjacent = positions == list(range(positions[0], positions[-1] + 1))
    b_shape = _broadcast_shape(idx)
    b_sizes = _broadcast_sizes(idx, b_shape)
    b_dyn = [v for v in b_sizes if isinstance(v, ir.Value)]
    nb = len(b_shape)
    lin = _linear_index(x, idx, positions, b_shape, b_dyn)
    flat_x, rest_shape, rest_dyn = _indexed_dims_first(x, positions, rest)
    elem = element_type(x)
    # The values broadcast to x[indices]'s shape, then laid out as B + rest.
    b_start = positions[0] if adjacent else 0
    rest_sizes = [dim_index(x, d) if shape_of(x)[d] == DYNAMIC else shape_of(x)[d] for d in rest]
    sel_shape = [*[shape_of(x)[d] for d in rest[:b_start]], *b_shape, *[shape_of(x)[d] for d in rest[b_start:]]]
    sel_sizes = [*rest_sizes[:b_start], *b_sizes, *rest_sizes[b_start:]]
    vals = cast(values, elem)
    if shape_of(vals) != sel_shape:
        vals = create1("edge.expand", [vals, *[v for v in sel_sizes if isinstance(v, ir.Value)]], ranked(sel_shape, elem))
    if b_start:
        order = [*range(b_start, b_start + nb), *range(b_start), *range(b_start + nb, len(sel_shape))]
        vals = create1("edge.permute", [vals], ranked([sel_shape[i] for i in order], elem), {"dims": i64_array(order)})
    n_static = 1
    n = 1
    for s_, v in zip(b_shape, b_sizes):
        n_static = DYNAMIC if DYNAMIC in (n_static, s_) else n_static * s_
        n = _mul(n, v)
    n_dyn = [n] if n_static == DYNAMIC else []
    flat_v = create1("edge.view", [vals, *n_dyn, *rest_dyn], ranked([n_static, *rest_shape], elem))
    flat_i = create1("edge.view", [lin, *n_dyn], ranked([n_static], i64()))
    written = create1("edge.index_put", [flat_x, flat_i, flat_v], flat_x.type,
                      {"dim": i64_attr(0), "accumulate": ir.BoolAttr.get(accumulate)})
    # Back to x's layout: unflatten the indexed dims, undo the permutation.
    perm = positions + rest
    permuted_shape = [shape_of(x)[d] for d in perm]
    permuted_dyn = [dim_index(x, d) for d in perm if shape_of(x)[d] == DYNAMIC]
    out = create1("edge.view", [written, *permuted_dyn], ranked(permuted_shape, elem))
    if perm != list(range(rank)):
        inverse = [perm.index(d) for d in range(rank)]
        out = create1("edge.permute", [out], rt, {"dims": i64_array(inverse)})
    return out


def _dyn_of(value: ir.Value, rt: ir.Type) -> list[ir.Value]:
    return [dim_index(value, d) for d, s in enumerate(shape_of(rt)) if s == DYNAMIC]


def populate_indexing_patterns(table: PatternTable) -> None:
    table.add("exir.embedding", lower_embedding, family=FAMILY)
    table.add("exir.index_select", lower_index_select, family=FAMILY)
    table.add("exir.gather", lower_gather, family=FAMILY)
    table.add("exir.index_tensor", lower_index_tensor, family=FAMILY)
