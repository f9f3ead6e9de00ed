"""aten-to-edge patterns for views and data movement: view/reshape, permute, expand, slice, select, split, cat, pad, flip, repeat, copies, diagonal, as_strided."""

from __future__ import annotations

import math

from exir_mlir._mlir import arith, ir, tensor
from exir_mlir.errors import RUNTIME_CHECK_PREFIX, describe_location

from ..conversion import PatternTable
from ..ir_utils import (
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
    str_attr,
)
from .args import AtenArgs
from .builders import cast, dim_index, dynamic_dims_like, normalize_dim, numel_index, to_index, typed_scalar
from .indexing import NEGATIVE_INDICES
from .sort import leading_of_sort

FAMILY = "view"


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
    rt = op.results[0].type
    if isinstance(start, ir.Value) or (start < 0 and size == DYNAMIC):
        return [_gather_slice(x, rt, dim, start, end, step)]
    if start < 0:
        start = max(start + size, 0)
    if size != DYNAMIC:
        start = min(start, size)
    length = None
    if shape_of(rt)[dim] == DYNAMIC:
        if step != 1:
            return [_gather_slice(x, rt, dim, start, end, step)]
        if end is None or (isinstance(end, int) and end >= BIG):
            length = arith.SubIOp(dim_index(x, dim), index_constant(start)).result
        elif isinstance(end, ir.Value):
            # torch clamps the end to [0, size] (negative counts from the end): export proves
            # nothing about an unbacked end (`x[:t.item()]`), so clamp at run time.
            size_v = dim_index(x, dim)
            end_v = _clamped(end, size_v, size_v)
            length = arith.MaxSIOp(index_constant(0), arith.SubIOp(end_v, index_constant(start)).result).result
        else:
            return [_gather_slice(x, rt, dim, start, end, step)]
    elif (leading := leading_of_sort(x, rt, dim, start, step)) is not None:
        return [leading]
    return [_slice(x, rt, dim, start, length, step)]


def _clamped(value, default: ir.Value, size: ir.Value) -> ir.Value:
    """torch's slice bound: negative counts from the end, then clamped to [0, size]."""
    if value is None or (isinstance(value, int) and value >= BIG):
        return default
    v = to_index(value)
    neg = arith.CmpIOp(arith.CmpIPredicate.slt, v, index_constant(0)).result
    v = arith.SelectOp(neg, arith.AddIOp(v, size).result, v).result
    return arith.MaxSIOp(index_constant(0), arith.MinSIOp(v, size).result).result


def _gather_slice(x, rt, dim: int, start, end, step: int) -> ir.Value:
    """A slice whose start is only known at run time (symbolic, or negative on a dynamic dim), or
    whose length is max(0, ceil((end - start) / step)) of clamped run-time bounds: the rows
    start + step * arange(length), read by index_select (edge.slice takes a static start)."""
    size = dim_index(x, dim)
    lo = _clamped(start, index_constant(0), size)
    hi = _clamped(end, size, size)
    span = arith.SubIOp(hi, lo).result
    if step != 1:
        span = arith.FloorDivSIOp(arith.AddIOp(span, index_constant(step - 1)).result, index_constant(step)).result
    length = arith.MaxSIOp(index_constant(0), span).result
    n = shape_of(rt)[dim]
    rows = create1("edge.arange", [length] if n == DYNAMIC else [], ranked([n], i64()),
                   {"start": f64_attr(0), "step": f64_attr(step)})
    first = tensor.FromElementsOp(ranked([], i64()), [arith.IndexCastOp(i64(), lo).result]).result
    rows = create1("edge.add", [rows, first], ranked([n], i64()))
    return create1("edge.index_select", [x, rows], rt, {"dim": i64_attr(dim)})


def lower_select(op):
    args = AtenArgs(op, ["self", "index?"])
    x = args.tensor("self")
    dim = normalize_dim(args.attr("dim"), rank_of(x))
    idx = args.sym_int("index")
    size = shape_of(x)[dim]
    rt = op.results[0].type
    if isinstance(idx, ir.Value) or (idx < 0 and size == DYNAMIC):
        # known at run time only: index_select of the one row (it takes -size..size-1 and checks
        # the range at run time, as torch does), then the dim dropped
        return [create1("edge.view", [_select_row(x, dim, idx), *_dyn_dims_but(x, dim)], rt)]
    if idx < 0:
        idx += size
    shape = shape_of(x)
    shape[dim] = 1
    sliced = _slice(x, ranked(shape, element_type(x)), dim, idx, None, 1)
    return [create1("edge.view", [sliced, *_dyn_dims_but(x, dim)], rt)]


def _dyn_dims_but(x, dim: int) -> list[ir.Value]:
    return [dim_index(x, d) for d, s in enumerate(shape_of(x)) if s == DYNAMIC and d != dim]


def _select_row(x, dim: int, idx) -> ir.Value:
    """x's row `idx` along `dim` (kept as a size-1 dim) for an index known at run time only."""
    i = arith.IndexCastOp(i64(), to_index(idx)).result
    row = tensor.FromElementsOp(ranked([1], i64()), [i]).result
    shape = shape_of(x)
    shape[dim] = 1
    return create1("edge.index_select", [x, row], ranked(shape, element_type(x)),
                   {"dim": i64_attr(dim), NEGATIVE_INDICES: ir.UnitAttr.get()})


def lower_split_with_sizes(op):
    args = AtenArgs(op, ["self", "split_sizes*"])
    x = args.tensor("self")
    dim = normalize_dim(args.attr("dim", 0), rank_of(x))
    sizes = args.sym_list("split_sizes")
    out, start = [], 0
    for size, res in zip(sizes, op.results):
        # the importer may type the pieces with a dynamic split dim (one type per variadic group)
        length = index_constant(size) if isinstance(size, int) else to_index(size)
        if isinstance(start, int):
            out.append(_slice(x, res.type, dim, start, length, 1))
        else:  # a start known at run time only: the rows start + arange(size), a gather
            out.append(_gather_slice(x, res.type, dim, start, arith.AddIOp(start, length).result, 1))
        if isinstance(start, int) and isinstance(size, int):
            start += size
        else:
            start = arith.AddIOp(to_index(start), length).result
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
    pad = args.sym_list("pad")
    rank = rank_of(x)
    if len(pad) % 2 or len(pad) // 2 > rank:
        raise Unsupported(f"constant_pad_nd takes pairs of pad amounts for at most {rank} dims")
    low, high = [0] * rank, [0] * rank
    for i in range(len(pad) // 2):
        d = rank - 1 - i
        low[d], high[d] = pad[2 * i], pad[2 * i + 1]
    value = typed_scalar(args.attr("value", 0), element_type(x))
    rt = op.results[0].type
    # dims whose amounts are static and >= 0 pad with edge.pad; a symbolic amount (its sign is
    # known at run time only) or a negative one (cropping) goes through _pad_dim
    general = [d for d in range(rank) if not all(isinstance(v, int) and v >= 0 for v in (low[d], high[d]))]
    plain_low = [0 if d in general else low[d] for d in range(rank)]
    plain_high = [0 if d in general else high[d] for d in range(rank)]
    if not general:
        return [create1("edge.pad", [x, value], rt, {"low": i64_array(low), "high": i64_array(high)})]
    if any(plain_low) or any(plain_high):
        shape = shape_of(x)
        mid = [s if s == DYNAMIC else s + lo + hi for s, lo, hi in zip(shape, plain_low, plain_high)]
        mid_t = ranked(mid, element_type(x))
        x = create1("edge.pad", [x, value], mid_t,
                    {"low": i64_array(plain_low), "high": i64_array(plain_high)})
    for d in general:
        x = _pad_dim(x, d, low[d], high[d], value, shape_of(rt)[d])
    return [x]


def _pad_dim(x, dim: int, low, high, value, out_size: int) -> ir.Value:
    """constant_pad_nd along one dim whose amounts may be symbolic or negative: the fill pieces
    max(low, 0) and max(high, 0) long catenated around x, then the rows max(-low, 0) ...
    + size + low + high of that (torch crops where an amount is negative)."""
    elem = element_type(x)
    shape = shape_of(x)
    sizes = [s if s != DYNAMIC else dim_index(x, d) for d, s in enumerate(shape)]

    def amount(v):
        return v if isinstance(v, int) else to_index(v)

    def grown(v):  # max(v, 0): a Python int when static
        if isinstance(v, int):
            return max(v, 0)
        return arith.MaxSIOp(amount(v), index_constant(0)).result

    # the pieces of one edge.cat share one type (IRDL binds a variadic group to one type): the
    # padded dim is dynamic in each
    cat_shape = list(shape)
    cat_shape[dim] = DYNAMIC
    cat_t = ranked(cat_shape, elem)
    pieces = []
    for v in (grown(low), None, grown(high)):
        if isinstance(v, int) and v == 0:
            continue
        along = dim_index(x, dim) if v is None else (index_constant(v) if isinstance(v, int) else v)
        dyn = [along if d == dim else s for d, s in enumerate(sizes) if d == dim or isinstance(s, ir.Value)]
        if v is None:
            pieces.append(x if shape[dim] == DYNAMIC else create1("edge.view", [x, *dyn], cat_t))
        else:
            pieces.append(create1("edge.expand", [value, *dyn], cat_t))
    joined = create1("edge.cat", pieces, cat_t, {"dim": i64_attr(dim)}) if len(pieces) > 1 else pieces[0]
    if isinstance(low, int) and low >= 0 and isinstance(high, int) and high >= 0:
        return joined
    # what is left: size + low + high rows (torch requires it >= 0), from max(-low, 0)
    length = arith.AddIOp(arith.AddIOp(dim_index(x, dim), amount(low) if not isinstance(low, int)
                                       else index_constant(low)).result,
                          amount(high) if not isinstance(high, int) else index_constant(high)).result
    length = arith.MaxSIOp(length, index_constant(0)).result  # never a negative extent
    out_shape = list(shape)
    out_shape[dim] = out_size
    out_t = ranked(out_shape, elem)
    if isinstance(low, int):
        start = max(-low, 0)  # a static start: edge.slice
        dyn = [length if d == dim else dim_index(joined, d) for d, s in enumerate(out_shape) if s == DYNAMIC]
        return create1("edge.slice", [joined, *dyn], out_t,
                       {"dim": i64_attr(dim), "start": i64_attr(start), "step": i64_attr(1)})
    start = arith.MaxSIOp(arith.SubIOp(index_constant(0), amount(low)).result, index_constant(0)).result
    return _gather_slice(joined, out_t, dim, start, arith.AddIOp(start, length).result, 1)


def lower_border_pad(mode: str):
    def pattern(op):
        args = AtenArgs(op, ["self", "padding*"])
        x = args.tensor("self")
        pad = args.static_ints("padding")
        rank = rank_of(x)
        low, high = [0] * rank, [0] * rank
        for i in range(len(pad) // 2):
            d = rank - 1 - i
            low[d], high[d] = pad[2 * i], pad[2 * i + 1]
            if mode == "reflect" and shape_of(x)[d] != DYNAMIC and max(low[d], high[d]) >= shape_of(x)[d]:
                raise Unsupported("reflection padding must be smaller than the padded dim")
        if any(v < 0 for v in low + high):
            raise Unsupported("negative padding is not supported yet")
        attrs = {"low": i64_array(low), "high": i64_array(high), "mode": str_attr(mode)}
        return [create1("edge.border_pad", [x], op.results[0].type, attrs)]

    return pattern


def lower_flip(op):
    x = op.operands[0]
    dims = sorted({normalize_dim(d, rank_of(x)) for d in AtenArgs(op, ["self"]).attr("dims")})
    return [create1("edge.flip", [x], op.results[0].type, {"dims": i64_array(dims)})]


def lower_repeat(op):
    """repeat = unsqueeze each dim, expand by the repeat count, collapse (static shapes)."""
    args = AtenArgs(op, ["self", "repeats*"])
    x = args.tensor("self")
    # Repeat counts: ints, or index Values where symbolic (e.g. the batch size).
    reps = [r if isinstance(r, int) else to_index(r) for r in args.sym_list("repeats")]
    lead = len(reps) - rank_of(x)
    src = [1] * lead + shape_of(x)
    # x's dims: ints where static, tensor.dim where dynamic.
    sizes = [s if s != DYNAMIC else dim_index(x, d - lead) for d, s in enumerate(src)]
    x_dyn = [v for v in sizes if isinstance(v, ir.Value)]
    elem = element_type(x)
    inter = [v for s in src for v in (1, s)]
    expanded = [v for r, s in zip(reps, src) for v in (r if isinstance(r, int) else DYNAMIC, s)]
    exp_dyn = [v for r, s in zip(reps, sizes) for v in (r, s) if isinstance(v, ir.Value)]
    v = create1("edge.view", [x, *x_dyn], ranked(inter, elem))
    v = create1("edge.expand", [v, *exp_dyn], ranked(expanded, elem))
    rt = op.results[0].type
    out_dyn = []
    for d, (r, s) in enumerate(zip(reps, sizes)):
        if shape_of(rt)[d] == DYNAMIC:
            if isinstance(r, int) and isinstance(s, int):
                raise Unsupported(f"cannot tell the size of dynamic result dim {d} of repeat")
            if isinstance(r, int) and r == 1:
                out_dyn.append(s)
            else:
                r_v = index_constant(r) if isinstance(r, int) else r
                s_v = index_constant(s) if isinstance(s, int) else s
                out_dyn.append(arith.MulIOp(s_v, r_v).result)
    return [create1("edge.view", [v, *out_dyn], rt)]


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


def lower_diagonal(op):
    args = AtenArgs(op, ["self"])
    x = args.tensor("self")
    r = rank_of(x)
    d1, d2 = normalize_dim(args.attr("dim1", 0), r), normalize_dim(args.attr("dim2", 1), r)
    if d1 == d2:
        raise Unsupported("diagonal needs two different dims")
    attrs = {"offset": i64_attr(args.attr("offset", 0)), "dim1": i64_attr(d1), "dim2": i64_attr(d2)}
    return [create1("edge.diagonal", [x], op.results[0].type, attrs)]


def _sym_dims(value: ir.Value) -> list[str] | None:
    """The importer's symbolic dims of `value` ("s0", "4", "s0 + 1"), or None when not recorded."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        func = owner.owner
        if func is None or "arg_attrs" not in func.attributes:
            return None
        attrs = ir.DictAttr(ir.ArrayAttr(func.attributes["arg_attrs"])[value.arg_number])
        return [ir.StringAttr(a).value for a in ir.ArrayAttr(attrs["exir.sym_shape"])] \
            if "exir.sym_shape" in attrs else None
    owner = owner.operation if hasattr(owner, "operation") else owner
    if "exir.sym_shapes" not in owner.attributes:
        return None
    entry = ir.ArrayAttr(ir.ArrayAttr(owner.attributes["exir.sym_shapes"])[value.result_number])
    return [ir.StringAttr(a).value for a in entry] or None


def _min_numel(x: ir.Value, op) -> int | None:
    """The fewest elements a dynamic-shape `x` can have, from the program's range constraints
    (each dynamic dim a plain symbol with a `min`), or None when that cannot be told."""
    names = _sym_dims(x)
    module = op.parent
    while module is not None and module.name != "builtin.module":
        module = module.parent
    if names is None or module is None or "exir.range_constraints" not in module.attributes:
        return None
    ranges = ir.DictAttr(module.attributes["exir.range_constraints"])
    total = 1
    for s, name in zip(shape_of(x), names):
        if s != DYNAMIC:
            total *= s
        elif name in ranges and "min" in ir.DictAttr(ranges[name]):
            total *= max(ir.IntegerAttr(ir.DictAttr(ranges[name])["min"]).value, 0)
        else:
            return None
    return total


def _restrides_in_place(op, x: ir.Value, size: list, stride: list[int], offset) -> bool:
    """Whether as_strided(x, size, stride, offset) is x itself: the same sizes (a symbolic one the same
    symbol as x's), offset 0, and each dim of more than one element strided as x's contiguous layout
    strides it (a dim of one element adds nothing to any address, whatever its stride). torch's
    decomposition of adaptive_avg_pool2d on a permuted input (torchvision's Swin V2 head) ends in one, to
    give eager's output strides, with the batch size symbolic."""
    if offset != 0 or len(size) != len(stride) or len(size) != len(shape_of(x)):
        return False
    names, result_names = _sym_dims(x), _sym_dims(op.results[0])
    if names is None or result_names is None or names != result_names:
        return False
    dims = shape_of(x)
    for k, n in enumerate(dims):
        if isinstance(size[k], int) and size[k] != n:
            return False
        if n == 1:
            continue
        later = dims[k + 1:]
        if DYNAMIC in later or stride[k] != math.prod(later):
            return False
    return True


def lower_as_strided(op):
    args = AtenArgs(op, ["self", "size*", "stride*", "storage_offset?"])
    x = args.tensor("self")
    stride = args.static_ints("stride")
    offset = args.sym_int("storage_offset", 0) or 0
    symbolic_size = args.sym_list("size")
    if any(isinstance(v, ir.Value) for v in symbolic_size) and _restrides_in_place(op, x, symbolic_size, stride, offset):
        return [x]
    size = args.static_ints("size")
    if isinstance(offset, ir.Value) or DYNAMIC in shape_of(op.results[0]):
        raise Unsupported("as_strided with a symbolic size, stride or storage_offset is not supported; "
                          "give it static sizes")
    if DYNAMIC in shape_of(x) and 0 not in size:
        # The compiled code reads x's elements laid out contiguously; eager raises when the storage
        # is too small. Where export's ranges allow an x too small for the last read, the call checks
        # x's size (a run-time check: the call raises, as eager does, and reads nothing).
        last = offset + sum((n - 1) * st for n, st in zip(size, stride))
        fewest = _min_numel(x, op)
        if fewest is None or last >= fewest:
            ok = arith.CmpIOp(arith.CmpIPredicate.sgt, numel_index(x), index_constant(last)).result
            message = (f"{RUNTIME_CHECK_PREFIX}as_strided at {describe_location(op.location)} reads element "
                       f"{last} of its input, which has fewer elements at this call (eager raises too)")
            ir.Operation.create("cf.assert", operands=[ok], attributes={"msg": ir.StringAttr.get(message)})
    attrs = {"stride": i64_array(stride), "storage_offset": i64_attr(offset)}
    return [create1("edge.as_strided", [x], op.results[0].type, attrs)]


def populate_view_patterns(table: PatternTable) -> None:
    for name in ("alias", "clone", "lift_fresh_copy", "detach"):
        table.add(f"exir.{name}", _identity, family=FAMILY)
    for name in ("view", "priv_unsafe_view", "reshape"):
        table.add(f"exir.{name}", lower_view, family=FAMILY)
    for name in ("squeeze_dim", "squeeze_dims", "squeeze", "unsqueeze"):
        table.add(f"exir.{name}", lower_reshape_like, family=FAMILY)
    table.add("exir.permute", lower_permute, family=FAMILY)
    table.add("exir.expand", lower_expand, family=FAMILY)
    table.add("exir.slice_tensor", lower_slice, family=FAMILY)
    table.add("exir.select_int", lower_select, family=FAMILY)
    table.add("exir.split_with_sizes", lower_split_with_sizes, family=FAMILY)
    table.add("exir.cat", lower_cat, family=FAMILY)
    table.add("exir.constant_pad_nd", lower_constant_pad_nd, family=FAMILY)
    for n in ("1d", "2d", "3d"):
        table.add(f"exir.reflection_pad{n}", lower_border_pad("reflect"), family=FAMILY)
    for n in ("2d", "3d"):
        table.add(f"exir.replication_pad{n}", lower_border_pad("replicate"), family=FAMILY)
    table.add("exir.flip", lower_flip, family=FAMILY)
    table.add("exir.repeat", lower_repeat, family=FAMILY)
    table.add("exir.priv_to_copy", lower_to_copy, family=FAMILY)
    table.add("exir.copy", lower_copy, family=FAMILY)
    table.add("exir.diagonal", lower_diagonal, family=FAMILY)
    table.add("exir.as_strided", lower_as_strided, family=FAMILY)
