"""aten-to-edge patterns for views, data movement, creation and indexing ops."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir

from .aten_args import AtenArgs
from .conversion import PatternTable
from .edge_builders import (
    as_tensor,
    cast,
    dim_index,
    dynamic_dims_like,
    dynamic_sizes,
    from_index,
    full,
    normalize_dim,
    numel_index,
    to_index,
    typed_scalar,
)
from .ir_utils import (
    DYNAMIC,
    Unsupported,
    create1,
    element_type,
    f64_attr,
    i64,
    i64_array,
    i64_attr,
    index_constant,
    rank_of,
    ranked,
    shape_of,
    with_element,
)

FAMILY_VIEW = "view-movement"
FAMILY_CREATE = "creation"
FAMILY_INDEX = "indexing"
BIG = 2**62  # ends at or beyond this mean "to the end" (torch passes INT64_MAX)


def _identity(op):
    return [op.operands[0]]


def lower_view(op):
    args = AtenArgs(op, ["self", "size*"])
    x = args.tensor("self")
    rt = op.results[0].type
    sizes = args.sym_list("size")
    dyn = []
    shape = shape_of(rt)
    for d, s in enumerate(shape):
        if s != DYNAMIC:
            continue
        given = sizes[d]
        if isinstance(given, int) and given == -1:
            # the inferred dim: numel / product of the other sizes
            others = index_constant(1)
            for j, o in enumerate(sizes):
                if j != d:
                    others = arith.MulIOp(others, to_index(o)).result
            dyn.append(arith.DivUIOp(numel_index(x), others).result)
        else:
            dyn.append(to_index(given))
    return [create1("edge.view", [x, *dyn], rt)]


def lower_reshape_like(op):
    """squeeze/unsqueeze/flatten-like ops: the dynamic dims survive in order."""
    x = op.operands[0]
    rt = op.results[0].type
    src_dyn = [d for d, s in enumerate(shape_of(x)) if s == DYNAMIC]
    n_dyn = sum(1 for s in shape_of(rt) if s == DYNAMIC)
    if n_dyn != len(src_dyn):
        raise Unsupported("cannot match the dynamic dims of the result with the input's")
    return [create1("edge.view", [x, *[dim_index(x, d) for d in src_dyn]], rt)]


def lower_permute(op):
    x = op.operands[0]
    dims = [normalize_dim(d, rank_of(x)) for d in AtenArgs(op, ["self"]).attr("dims")]
    return [create1("edge.permute", [x], op.results[0].type, {"dims": i64_array(dims)})]


def lower_expand(op):
    args = AtenArgs(op, ["self", "size*"])
    x = args.tensor("self")
    rt = op.results[0].type
    sizes = args.sym_list("size")
    shape, src = shape_of(rt), shape_of(x)
    offset = len(shape) - len(src)
    dyn = []
    for d, s in enumerate(shape):
        if s != DYNAMIC:
            continue
        given = sizes[d]
        if isinstance(given, int) and given == -1:
            dyn.append(dim_index(x, d - offset))
        else:
            dyn.append(to_index(given))
    return [create1("edge.expand", [x, *dyn], rt)]


def _slice(x, rt, dim: int, start, length, step: int) -> ir.Value:
    dyn = []
    for d, s in enumerate(shape_of(rt)):
        if s == DYNAMIC:
            dyn.append(length if d == dim else dim_index(x, d))
    attrs = {"dim": i64_attr(dim), "start": i64_attr(start), "step": i64_attr(step)}
    return create1("edge.slice", [x, *dyn], rt, attrs)


def lower_slice(op):
    args = AtenArgs(op, ["self", "start?", "end?", "step?"])
    x = args.tensor("self")
    rank = rank_of(x)
    dim = normalize_dim(args.attr("dim", 0), rank)
    size = shape_of(x)[dim]
    start = args.sym_int("start", 0)
    end = args.sym_int("end", None)
    step = args.sym_int("step", 1)
    if isinstance(step, ir.Value) or step < 1:
        raise Unsupported("slice needs a static positive step")
    if isinstance(start, ir.Value):
        raise Unsupported("a symbolic slice start is not supported yet")
    if start < 0:
        if size == DYNAMIC:
            raise Unsupported("a negative start on a dynamic dim is not supported")
        start = max(start + size, 0)
    if size != DYNAMIC:
        start = min(start, size)
    rt = op.results[0].type
    length = None
    if shape_of(rt)[dim] == DYNAMIC:
        if step != 1:
            raise Unsupported("a dynamic-length slice needs step 1")
        if end is None or (isinstance(end, int) and end >= BIG):
            length = arith.SubIOp(dim_index(x, dim), index_constant(start)).result
        elif isinstance(end, ir.Value):
            length = arith.SubIOp(to_index(end), index_constant(start)).result
        else:
            raise Unsupported("cannot size this dynamic slice")
    return [_slice(x, rt, dim, start, length, step)]


def lower_select(op):
    args = AtenArgs(op, ["self", "index?"])
    x = args.tensor("self")
    dim = normalize_dim(args.attr("dim"), rank_of(x))
    idx = args.sym_int("index")
    if isinstance(idx, ir.Value):
        raise Unsupported("a symbolic select index is not supported yet")
    size = shape_of(x)[dim]
    if idx < 0:
        if size == DYNAMIC:
            raise Unsupported("a negative index on a dynamic dim is not supported")
        idx += size
    shape = shape_of(x)
    shape[dim] = 1
    sliced = _slice(x, ranked(shape, element_type(x)), dim, idx, None, 1)
    rt = op.results[0].type
    keep = [dim_index(x, d) for d, s in enumerate(shape_of(x)) if s == DYNAMIC and d != dim]
    return [create1("edge.view", [sliced, *keep], rt)]


def lower_split_with_sizes(op):
    args = AtenArgs(op, ["self", "split_sizes*"])
    x = args.tensor("self")
    dim = normalize_dim(args.attr("dim", 0), rank_of(x))
    sizes = args.static_ints("split_sizes")
    out, start = [], 0
    for size, res in zip(sizes, op.results):
        # the importer may type the pieces with a dynamic split dim (one type per variadic group)
        out.append(_slice(x, res.type, dim, start, index_constant(size), 1))
        start += size
    return out


def lower_cat(op):
    args = AtenArgs(op, ["tensors*"])
    tensors = args.variadic("tensors")
    rt = op.results[0].type
    out = element_type(rt)
    rank = rank_of(rt)
    # torch.cat skips legacy empty 1-d tensors and promotes the rest
    inputs = [cast(t, out) for t in tensors if not (rank_of(t) == 1 and shape_of(t) == [0] and rank != 1)]
    dim = normalize_dim(args.attr("dim", 0), rank)
    return [create1("edge.cat", inputs, rt, {"dim": i64_attr(dim)})]


def lower_constant_pad_nd(op):
    args = AtenArgs(op, ["self", "pad*"])
    x = args.tensor("self")
    pad = args.static_ints("pad")
    rank = rank_of(x)
    low, high = [0] * rank, [0] * rank
    for i in range(len(pad) // 2):
        d = rank - 1 - i
        low[d], high[d] = pad[2 * i], pad[2 * i + 1]
    if any(v < 0 for v in low + high):
        raise Unsupported("negative padding (cropping) is not supported yet")
    value = args.attr("value", 0)
    elem = element_type(x)
    return [create1("edge.pad", [x, typed_scalar(value, elem)], op.results[0].type,
                    {"low": i64_array(low), "high": i64_array(high)})]


def lower_flip(op):
    x = op.operands[0]
    dims = sorted({normalize_dim(d, rank_of(x)) for d in AtenArgs(op, ["self"]).attr("dims")})
    return [create1("edge.flip", [x], op.results[0].type, {"dims": i64_array(dims)})]


def lower_repeat(op):
    """repeat = unsqueeze each dim, expand by the repeat count, collapse (static shapes)."""
    args = AtenArgs(op, ["self", "repeats*"])
    x = args.tensor("self")
    reps = args.static_ints("repeats")
    src = [1] * (len(reps) - rank_of(x)) + shape_of(x)
    if DYNAMIC in src:
        raise Unsupported("repeat of a dynamic-shape tensor is not supported yet")
    elem = element_type(x)
    inter = [v for s in src for v in (1, s)]
    expanded = [v for r, s in zip(reps, src) for v in (r, s)]
    v = create1("edge.view", [x], ranked(inter, elem))
    v = create1("edge.expand", [v], ranked(expanded, elem))
    return [create1("edge.view", [v], op.results[0].type)]


def lower_to_copy(op):
    x = op.operands[0]
    return [cast(x, element_type(op.results[0]))]


def lower_copy(op):
    args = AtenArgs(op, ["self", "src"])
    dst, src = args.tensor("self"), args.tensor("src")
    src = cast(src, element_type(dst))
    if shape_of(src) == shape_of(dst):
        return [src]
    return [create1("edge.expand", [src, *dynamic_dims_like(dst.type, dst)], dst.type)]


# ----------------------------------------------------------------------------- creation


def lower_full(op):
    args = AtenArgs(op, ["size*"])
    return [full(args.attr("fill_value"), op.results[0].type, args.sym_list("size"))]


def lower_empty(op):
    args = AtenArgs(op, ["size*"])  # contents are undefined in torch; zeros are a valid choice
    return [full(0, op.results[0].type, args.sym_list("size"))]


def lower_empty_strided(op):
    args = AtenArgs(op, ["size*", "stride*"])
    return [full(0, op.results[0].type, args.sym_list("size"))]


def lower_full_like(op):
    x = op.operands[0]
    value = AtenArgs(op, ["self"]).attr("fill_value" if op.name == "exir.full_like" else "value")
    rt = op.results[0].type
    if DYNAMIC not in shape_of(rt):
        return [full(value, rt)]
    c = typed_scalar(value, element_type(rt))
    return [create1("edge.expand", [c, *dynamic_dims_like(rt, x)], rt)]


def lower_scalar_tensor(op):
    s = AtenArgs(op, []).attr("s")
    return [typed_scalar(s, element_type(op.results[0]))]


def lower_arange(op):
    args = AtenArgs(op, [])
    start, step = args.attr("start", 0), args.attr("step", 1)
    rt = op.results[0].type
    if DYNAMIC in shape_of(rt):
        raise Unsupported("arange with a symbolic end is not supported yet")
    return [create1("edge.arange", [], rt, {"start": f64_attr(start), "step": f64_attr(step)})]


# ----------------------------------------------------------------------------- indexing


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


def lower_dropout(op):
    args = AtenArgs(op, ["input"])
    if args.attr("train") is not False and args.attr("p", 0.0) != 0.0:
        raise Unsupported("dropout in training mode draws random numbers; export in eval mode")
    x = op.operands[0]
    mask = full(True, op.results[1].type) if DYNAMIC not in shape_of(op.results[1]) else None
    if mask is None:
        mask = create1("edge.expand", [typed_scalar(True, element_type(op.results[1])),
                                       *dynamic_dims_like(op.results[1].type, x)], op.results[1].type)
    return [x, mask]


# ----------------------------------------------------------------------------- SymInt queries


def lower_sym_size(op):
    x = op.operands[0]
    dim = normalize_dim(AtenArgs(op, ["self"]).attr("dim"), rank_of(x))
    return [from_index(dim_index(x, dim), op.results[0].type)]


def lower_sym_numel(op):
    return [from_index(numel_index(op.operands[0]), op.results[0].type)]


def populate_view_patterns(table: PatternTable) -> None:
    for name in ("alias", "clone", "lift_fresh_copy", "detach"):
        table.add(f"exir.{name}", _identity, family=FAMILY_VIEW)
    for name in ("view", "priv_unsafe_view", "reshape"):
        table.add(f"exir.{name}", lower_view, family=FAMILY_VIEW)
    for name in ("squeeze_dim", "squeeze_dims", "squeeze", "unsqueeze"):
        table.add(f"exir.{name}", lower_reshape_like, family=FAMILY_VIEW)
    table.add("exir.permute", lower_permute, family=FAMILY_VIEW)
    table.add("exir.expand", lower_expand, family=FAMILY_VIEW)
    table.add("exir.slice_tensor", lower_slice, family=FAMILY_VIEW)
    table.add("exir.select_int", lower_select, family=FAMILY_VIEW)
    table.add("exir.split_with_sizes", lower_split_with_sizes, family=FAMILY_VIEW)
    table.add("exir.cat", lower_cat, family=FAMILY_VIEW)
    table.add("exir.constant_pad_nd", lower_constant_pad_nd, family=FAMILY_VIEW)
    table.add("exir.flip", lower_flip, family=FAMILY_VIEW)
    table.add("exir.repeat", lower_repeat, family=FAMILY_VIEW)
    table.add("exir.priv_to_copy", lower_to_copy, family=FAMILY_VIEW)
    table.add("exir.copy", lower_copy, family=FAMILY_VIEW)
    table.add("exir.native_dropout", lower_dropout, family=FAMILY_VIEW)


def populate_creation_patterns(table: PatternTable) -> None:
    table.add("exir.full", lower_full, family=FAMILY_CREATE)
    table.add("exir.full_like", lower_full_like, family=FAMILY_CREATE)
    table.add("exir.fill_scalar", lower_full_like, family=FAMILY_CREATE)
    table.add("exir.scalar_tensor", lower_scalar_tensor, family=FAMILY_CREATE)
    table.add("exir.empty_memory_format", lower_empty, family=FAMILY_CREATE)
    table.add("exir.empty_strided", lower_empty_strided, family=FAMILY_CREATE)
    table.add("exir.arange_start_step", lower_arange, family=FAMILY_CREATE)


def populate_indexing_patterns(table: PatternTable) -> None:
    table.add("exir.embedding", lower_embedding, family=FAMILY_INDEX)
    table.add("exir.index_select", lower_index_select, family=FAMILY_INDEX)
    table.add("exir.gather", lower_gather, family=FAMILY_INDEX)
    table.add("exir.index_tensor", lower_index_tensor, family=FAMILY_INDEX)
    table.add("exir.sym_size_int", lower_sym_size, family=FAMILY_INDEX)
    table.add("exir.sym_numel", lower_sym_numel, family=FAMILY_INDEX)


__all__ = ["populate_view_patterns", "populate_creation_patterns", "populate_indexing_patterns",
           "as_tensor", "with_element"]
