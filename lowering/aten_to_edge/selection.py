"""aten-to-edge patterns for data-dependent selection: nonzero, masked_select, unique, masked_scatter.

Their result sizes are known only when the program runs (torch.export's unbacked symbols `u0`):
`edge.nonzero` is the one primitive that computes such a size (to-linalg counts, then fills);
masked_select is x's elements at the nonzero positions of the mask, unique marks the first of
each run of equal elements of the sorted input and keeps those.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, tensor

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    bool_attr,
    create,
    create1,
    element_type,
    f64_attr,
    i64_array,
    i1,
    i64,
    i64_attr,
    index_constant,
    rank_of,
    ranked,
    shape_of,
    splat,
    str_attr,
)
from .builders import dim_index, normalize_dim, numel_index

FAMILY = "selection"


def nonzero(x: ir.Value) -> ir.Value:
    """tensor<?xRxi64>: the coordinates of x's nonzero elements."""
    return create1("edge.nonzero", [x], ranked([DYNAMIC, rank_of(x)], i64()))


def lower_nonzero(op):
    x = op.operands[0]
    if shape_of(op.results[0].type)[1:] != [rank_of(x)]:
        raise Unsupported(f"nonzero's result type {op.results[0].type} does not fit the input's rank")
    return [nonzero(x)]


def _flat(x: ir.Value) -> ir.Value:
    """x viewed as 1-d (one index operand when its size is dynamic); a 0-d x is one element."""
    shape = shape_of(x)
    if not shape:
        return create1("edge.view", [x], ranked([1], element_type(x)))
    if DYNAMIC not in shape:
        n = 1
        for s in shape:
            n *= s
        return x if len(shape) == 1 else create1("edge.view", [x], ranked([n], element_type(x)))
    if len(shape) == 1:
        return x
    return create1("edge.view", [x, numel_index(x)], ranked([DYNAMIC], element_type(x)))


def _broadcast(values: list[ir.Value]) -> list[ir.Value]:
    """torch broadcasting of tensors to one shape (edge.expand where a shape differs)."""
    rank = max(rank_of(v) for v in values)
    shape, sizes = [], []
    for d in range(rank):
        static, dynamic = 1, None
        for v in values:
            vd = d - (rank - rank_of(v))
            if vd < 0:
                continue
            s = shape_of(v)[vd]
            if s == DYNAMIC:
                # export proves a dynamic dim >= 2 (or specializes it): it is the broadcast size
                dynamic = dynamic or dim_index(v, vd)
            elif s != 1:
                static = s
        shape.append(DYNAMIC if dynamic is not None and static == 1 else static)
        sizes.append(dynamic if shape[-1] == DYNAMIC else None)
    out = []
    for v in values:
        if shape_of(v) == shape:
            out.append(v)
            continue
        dyn = [s for s in sizes if s is not None]
        out.append(create1("edge.expand", [v, *dyn], ranked(shape, element_type(v))))
    return out


def _rows(coords: ir.Value) -> ir.Value:
    """A tensor<?x1xi64> of nonzero coordinates as tensor<?xi64>."""
    n = tensor.DimOp(coords, index_constant(0)).result
    return create1("edge.view", [coords, n], ranked([DYNAMIC], i64()))


def masked_select(call):
    """x[mask] after broadcasting both: index_select of the flat x at the flat mask's nonzeros."""
    x, mask = _broadcast([call.t("self"), call.t("mask")])
    x, mask = _flat(x), _flat(mask)
    picked = _rows(nonzero(mask))
    rt = ranked([DYNAMIC], element_type(x))
    return [create1("edge.index_select", [x, picked], rt, {"dim": i64_attr(0)})]


def _slice(x: ir.Value, start: int, size: ir.Value) -> ir.Value:
    """x[start : start + size] of a 1-d x (size: an index Value)."""
    return create1("edge.slice", [x, size], ranked([DYNAMIC], element_type(x)),
                   {"dim": i64_attr(0), "start": i64_attr(start), "step": i64_attr(1)})


def _filled(value, elem: ir.Type, size: ir.Value) -> ir.Value:
    return create1("edge.expand", [splat(value, elem), size], ranked([DYNAMIC], elem))


def _as_dynamic(x: ir.Value) -> ir.Value:
    """A 1-d x as tensor<?x..>: the helpers below size everything with index Values."""
    if shape_of(x)[0] == DYNAMIC:
        return x
    return create1("tensor.cast", [x], ranked([DYNAMIC], element_type(x)))


def unique(call):
    """torch.unique (aten::_unique2) of the flattened input, always sorted ascending (what torch
    documents for sorted=True; with sorted=False torch leaves the order unspecified).

    sort; mask = the first element of each run of equal values (i == 0 or s[i] != s[i-1]);
    values = s at the mask's nonzeros; group = cumsum(mask) - 1; inverse[perm[i]] = group[i];
    counts = a scatter-add of ones at group."""
    x = call.t("self")
    results = call.op.results
    flat = _as_dynamic(_flat(x))
    n = tensor.DimOp(flat, index_constant(0)).result
    sort = create("edge.sort", [flat], [flat.type, ranked([DYNAMIC], i64())],
                  {"dim": i64_attr(0), "descending": bool_attr(False)})
    values, perm = sort.results
    mask = _run_starts(values, n)
    starts = _rows(nonzero(mask))
    out = [_cast_to(create1("edge.index_select", [values, starts], values.type, {"dim": i64_attr(0)}), results[0].type)]
    u = tensor.DimOp(starts, index_constant(0)).result
    wants_inverse, wants_counts = bool(call.a("return_inverse", False)), bool(call.a("return_counts", False))
    group = _group(mask) if wants_inverse or wants_counts else None
    if wants_inverse:
        inverse = create1("edge.scatter", [_filled(0, i64(), n), perm, group], ranked([DYNAMIC], i64()),
                          {"dim": i64_attr(0), "reduce": str_attr("none")})
        shape = shape_of(results[1].type)
        dyn = [dim_index(x, d) for d, s in enumerate(shape) if s == DYNAMIC]
        out.append(create1("edge.view", [inverse, *dyn], results[1].type))
    else:
        out.append(_empty_result(results[1].type))
    out.append(_counts(group, u, n, results[2].type) if wants_counts else _empty_result(results[2].type))
    return out


def _run_starts(values: ir.Value, n: ir.Value) -> ir.Value:
    """i1 mask of the first element of each run of equal values: i == 0 or v[i] != v[i - 1]."""
    zero, one = index_constant(0), index_constant(1)
    # prev[i] = v[i - 1] (prev[0] = v[0]): sizes min(n, 1) and max(n - 1, 0) keep n = 0 empty
    head = _slice(values, 0, arith.MinSIOp(n, one).result)
    body = _slice(values, 0, arith.MaxSIOp(arith.SubIOp(n, one).result, zero).result)
    prev = create1("edge.cat", [head, body], values.type, {"dim": i64_attr(0)})
    bool_t = ranked([DYNAMIC], i1())
    differs = create1("edge.ne", [values, prev], bool_t)
    position = create1("edge.arange", [n], ranked([DYNAMIC], i64()), {"start": f64_attr(0.0), "step": f64_attr(1.0)})
    first = create1("edge.eq", [position, splat(0, i64())], bool_t)
    return create1("edge.logical_or", [differs, first], bool_t)


def _group(mask: ir.Value) -> ir.Value:
    """The run index of each element: cumsum(mask) - 1."""
    ones = create1("edge.cast", [mask], ranked([DYNAMIC], i64()))
    return create1("edge.sub", [create1("edge.cumsum", [ones], ones.type, {"dim": i64_attr(0)}), splat(1, i64())],
                   ones.type)


def _counts(group: ir.Value, u: ir.Value, n: ir.Value, rt: ir.Type) -> ir.Value:
    """Elements per run: a scatter-add of ones at each element's run index."""
    counts = create1("edge.scatter", [_filled(0, i64(), u), group, _filled(1, i64(), n)], ranked([DYNAMIC], i64()),
                     {"dim": i64_attr(0), "reduce": str_attr("sum")})
    return _cast_to(counts, rt)


def _rows_of(x: ir.Value, dim: int) -> tuple[ir.Value, ir.Value]:
    """x with `dim` moved to the front and the other dims flattened: tensor<?xMxT> (M static), and
    the number of rows (an index Value)."""
    rank = rank_of(x)
    shape = shape_of(x)
    rest = [s for d, s in enumerate(shape) if d != dim]
    if DYNAMIC in rest:
        raise Unsupported("unique along a dim needs the other dims static (the slices compared are rows "
                          "of a static width): export with them static")
    m = 1
    for s in rest:
        m *= s
    order = [dim, *[d for d in range(rank) if d != dim]]
    if order != list(range(rank)):
        x = create1("edge.permute", [x], ranked([shape[d] for d in order], element_type(x)), {"dims": i64_array(order)})
    n = dim_index(x, 0)
    rows_t = ranked([DYNAMIC, m], element_type(x))
    return (x if x.type == rows_t else create1("edge.view", [x, n], rows_t)), n


def _column(rows: ir.Value, k: int, n: ir.Value) -> ir.Value:
    col = create1("edge.index_select", [rows, splat(k, i64(), [1])], ranked([DYNAMIC, 1], element_type(rows)),
                  {"dim": i64_attr(1)})
    return create1("edge.view", [col, n], ranked([DYNAMIC], element_type(rows)))


def _row_starts(rows: ir.Value, n: ir.Value) -> ir.Value:
    """i1 mask of the first row of each run of equal rows: i == 0 or any(r[i] != r[i - 1])."""
    zero, one = index_constant(0), index_constant(1)
    m = shape_of(rows)[1]
    head = create1("edge.slice", [rows, arith.MinSIOp(n, one).result], rows.type,
                   {"dim": i64_attr(0), "start": i64_attr(0), "step": i64_attr(1)})
    body = create1("edge.slice", [rows, arith.MaxSIOp(arith.SubIOp(n, one).result, zero).result], rows.type,
                   {"dim": i64_attr(0), "start": i64_attr(0), "step": i64_attr(1)})
    prev = create1("edge.cat", [head, body], rows.type, {"dim": i64_attr(0)})
    differs = create1("edge.ne", [rows, prev], ranked([DYNAMIC, m], i1()))
    differs = create1("edge.any", [differs], ranked([DYNAMIC], i1()), {"dims": i64_array([1]), "keepdim": bool_attr(False)})
    position = create1("edge.arange", [n], ranked([DYNAMIC], i64()), {"start": f64_attr(0.0), "step": f64_attr(1.0)})
    first = create1("edge.eq", [position, splat(0, i64())], ranked([DYNAMIC], i1()))
    return create1("edge.logical_or", [differs, first], ranked([DYNAMIC], i1()))


def _unique_rows(call, x: ir.Value, dim: int, sort: bool):
    """unique / unique_consecutive along `dim`: the slices along dim compared as rows. Sorted
    (unique_dim) by stable sorts on each column from the last to the first (a lexicographic order,
    as torch's); then the first row of each run of equal rows is kept."""
    results = call.op.results
    dim = normalize_dim(dim, rank_of(x))
    rows, n = _rows_of(x, dim)
    m = shape_of(rows)[1]
    perm = None
    if sort:
        perm = create1("edge.arange", [n], ranked([DYNAMIC], i64()), {"start": f64_attr(0.0), "step": f64_attr(1.0)})
        for k in reversed(range(m)):
            key = create1("edge.index_select", [_column(rows, k, n), perm], ranked([DYNAMIC], element_type(rows)),
                          {"dim": i64_attr(0)})
            order = create("edge.sort", [key], [key.type, ranked([DYNAMIC], i64())],
                           {"dim": i64_attr(0), "descending": bool_attr(False)}).results[1]
            perm = create1("edge.index_select", [perm, order], perm.type, {"dim": i64_attr(0)})
        rows = create1("edge.index_select", [rows, perm], rows.type, {"dim": i64_attr(0)})
    mask = _row_starts(rows, n)
    starts = _rows(nonzero(mask))
    u = tensor.DimOp(starts, index_constant(0)).result
    picked = create1("edge.index_select", [rows, starts], rows.type, {"dim": i64_attr(0)})
    # back to x's layout: [u, other dims...], then dim moved back to its place
    others = [s for d, s in enumerate(shape_of(x)) if d != dim]
    if shape_of(picked) != [DYNAMIC, *others]:
        picked = create1("edge.view", [picked, u], ranked([DYNAMIC, *others], element_type(x)))
    rank = rank_of(x)
    back = [*range(1, dim + 1), 0, *range(dim + 1, rank)]
    if back != list(range(rank)):
        picked = create1("edge.permute", [picked], ranked([([DYNAMIC, *others])[i] for i in back], element_type(x)),
                         {"dims": i64_array(back)})
    out = [_cast_to(picked, results[0].type)]
    # unique_dim computes both whether asked or not (its results are then not empty)
    wants_inverse = bool(call.a("return_inverse", False)) or shape_of(results[1].type) != [0]
    wants_counts = bool(call.a("return_counts", False)) or shape_of(results[2].type) != [0]
    group = _group(mask) if wants_inverse or wants_counts else None
    if wants_inverse:
        inverse = group if perm is None else create1(
            "edge.scatter", [_filled(0, i64(), n), perm, group], ranked([DYNAMIC], i64()),
            {"dim": i64_attr(0), "reduce": str_attr("none")})
        out.append(_cast_to(inverse, results[1].type))
    else:
        out.append(_empty_result(results[1].type))
    out.append(_counts(group, u, n, results[2].type) if wants_counts else _empty_result(results[2].type))
    return out


def unique_dim(call):
    """torch.unique(x, dim=d) (aten::unique_dim): always sorted, as torch's."""
    return _unique_rows(call, call.t("self"), int(call.a("dim")), sort=True)


def unique_consecutive(call):
    """torch.unique_consecutive: of the flattened input, unique without the sort, so the inverse
    is the run index itself; along a dim, of the slices along it."""
    if call.a("dim") is not None:
        return _unique_rows(call, call.t("self"), int(call.a("dim")), sort=False)
    x = call.t("self")
    results = call.op.results
    flat = _as_dynamic(_flat(x))
    n = tensor.DimOp(flat, index_constant(0)).result
    mask = _run_starts(flat, n)
    starts = _rows(nonzero(mask))
    out = [_cast_to(create1("edge.index_select", [flat, starts], flat.type, {"dim": i64_attr(0)}), results[0].type)]
    u = tensor.DimOp(starts, index_constant(0)).result
    wants_inverse, wants_counts = bool(call.a("return_inverse", False)), bool(call.a("return_counts", False))
    group = _group(mask) if wants_inverse or wants_counts else None
    if wants_inverse:
        shape = shape_of(results[1].type)
        dyn = [dim_index(x, d) for d, s in enumerate(shape) if s == DYNAMIC]
        out.append(create1("edge.view", [group, *dyn], results[1].type))
    else:
        out.append(_empty_result(results[1].type))
    out.append(_counts(group, u, n, results[2].type) if wants_counts else _empty_result(results[2].type))
    return out


def nonzero_static(call):
    """nonzero padded with `fill_value` rows (or cut) to `size` rows: the first `size` rows of
    cat(nonzero(x), fill rows)."""
    x = call.t("self")
    rt = call.op.results[0].type
    size = int(call.a("size"))
    if size == 0 or rank_of(x) == 0:
        return [splat(0, i64(), shape_of(rt))]  # no elements: the shape says it all
    coords = nonzero(x)
    # an edge.cat's operands have one type (IRDL binds a variadic group to one type)
    fill = create1("tensor.cast", [splat(int(call.a("fill_value", -1)), i64(), [size, rank_of(x)])], coords.type)
    both = create1("edge.cat", [coords, fill], coords.type, {"dim": i64_attr(0)})
    return [create1("edge.slice", [both], rt, {"dim": i64_attr(0), "start": i64_attr(0), "step": i64_attr(1)})]


def lower_masked_scatter(op):
    """masked_scatter(self, mask, source): the flat result's i-th element is source's flat element
    cumsum(mask)[i] - 1 where mask holds, else self's (after broadcasting self and mask). source
    gets one padding element so the gather stays in bounds where no element is taken from it
    (and where the mask holds more often than source has elements, which torch refuses)."""
    x, mask = _broadcast([op.operands[0], op.operands[1]])
    rt = op.results[0].type
    if shape_of(x) != shape_of(rt):
        raise Unsupported(f"masked_scatter's result type {rt} does not fit its broadcast operands")
    elem = element_type(x)
    flat = _flat(x)
    flat_x, flat_mask = _as_dynamic(flat), _as_dynamic(_flat(mask))
    source = _as_dynamic(_flat(op.operands[2]))
    padded = create1("edge.cat", [source, _as_dynamic(splat(0, elem, [1]))], source.type, {"dim": i64_attr(0)})
    # torch raises when the mask holds more often than source has elements; here those elements
    # take the padding (0) rather than read past source.
    n_source = arith.IndexCastOp(i64(), numel_index(source)).result
    last = tensor.FromElementsOp(ranked([], i64()), [n_source]).result
    taken = create1("edge.minimum", [create1("edge.maximum", [_group(flat_mask), splat(0, i64())], ranked([DYNAMIC], i64())),
                                     last], ranked([DYNAMIC], i64()))
    picked = create1("edge.index_select", [padded, taken], flat_x.type, {"dim": i64_attr(0)})
    out = _cast_to(create1("edge.where", [flat_mask, picked, flat_x], flat_x.type), flat.type)
    dyn = [dim_index(x, d) for d, s in enumerate(shape_of(rt)) if s == DYNAMIC]
    return [create1("edge.view", [out, *dyn], rt)]


def _cast_to(x: ir.Value, rt: ir.Type) -> ir.Value:
    return x if x.type == rt else create1("tensor.cast", [x], rt)


def _empty_result(rt: ir.Type) -> ir.Value:
    if shape_of(rt) != [0]:
        raise Unsupported(f"an unrequested unique result of type {rt} (torch returns an empty one)")
    return splat(0, element_type(rt), [0])


FALLBACK_DECOMPOSITIONS = {
    "aten::masked_select": masked_select,
    "aten::_unique2": unique,
    "aten::unique_consecutive": unique_consecutive,
    "aten::unique_dim": unique_dim,
    "aten::nonzero_static": nonzero_static,
}


def populate_selection_patterns(table: PatternTable) -> None:
    table.add("exir.nonzero", lower_nonzero, family=FAMILY)
    table.add("exir.masked_scatter", lower_masked_scatter, family=FAMILY)
