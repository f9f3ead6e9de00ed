"""aten-to-edge patterns for functional updates: slice/select_scatter, scatter, scatter_reduce, index_put."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, tensor

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    bool_attr,
    create1,
    element_type,
    f64_attr,
    i64,
    i64_attr,
    index_constant,
    rank_of,
    ranked,
    shape_of,
    str_attr,
)
from .args import AtenArgs
from .builders import cast, dim_index, full, normalize_dim, to_index
from .indexing import advanced_index_put
from .view import _clamped

FAMILY = "update"


def _slice_scatter(x, src, rt, dim, start, step):
    attrs = {"dim": i64_attr(dim), "start": i64_attr(start), "step": i64_attr(step)}
    return create1("edge.slice_scatter", [x, cast(src, element_type(x))], rt, attrs)


def lower_slice_scatter(op):
    args = AtenArgs(op, ["self", "src", "start?", "end?", "step?"])
    x, src = args.tensor("self"), args.tensor("src")
    dim = normalize_dim(args.attr("dim", 0), rank_of(x))
    start, step = args.sym_int("start", 0), args.sym_int("step", 1)
    if isinstance(step, ir.Value) or step < 1:
        raise Unsupported("slice_scatter needs a positive static step")
    size = shape_of(x)[dim]
    if isinstance(start, ir.Value) or (start < 0 and size == DYNAMIC):
        return [_row_scatter(x, src, op.results[0].type, dim, start, step)]
    if start < 0:
        start = max(start + size, 0)
    return [_slice_scatter(x, src, op.results[0].type, dim, start, step)]


def _row_scatter(x, src, rt, dim: int, start, step: int) -> ir.Value:
    """slice_scatter whose start is known at run time only (symbolic, or negative on a dynamic
    dim): src's rows written to rows clamp(start) + step * arange(src.size(dim)) of x, an
    index_put along `dim` (edge.slice_scatter takes a static start)."""
    lo = _clamped(start, index_constant(0), dim_index(x, dim))
    n = shape_of(src)[dim]
    rows = create1("edge.arange", [dim_index(src, dim)] if n == DYNAMIC else [], ranked([n], i64()),
                   {"start": f64_attr(0), "step": f64_attr(step)})
    first = tensor.FromElementsOp(ranked([], i64()), [arith.IndexCastOp(i64(), lo).result]).result
    rows = create1("edge.add", [rows, first], ranked([n], i64()))
    attrs = {"dim": i64_attr(dim), "accumulate": bool_attr(False)}
    return create1("edge.index_put", [x, rows, cast(src, element_type(x))], rt, attrs)


def lower_select_scatter(op):
    args = AtenArgs(op, ["self", "src", "index?"])
    x, src = args.tensor("self"), args.tensor("src")
    dim = normalize_dim(args.attr("dim"), rank_of(x))
    idx = args.sym_int("index")
    shape = shape_of(src)
    shape.insert(dim, 1)
    src_dyn = [dim_index(src, d) for d, s in enumerate(shape_of(src)) if s == DYNAMIC]
    src1 = create1("edge.view", [src, *src_dyn], ranked(shape, element_type(src)))
    if isinstance(idx, ir.Value) or (idx < 0 and shape_of(x)[dim] == DYNAMIC):
        # known at run time only: an index_put of the one row (it takes -size..size-1 and checks
        # the range at run time, as torch does)
        i = arith.IndexCastOp(i64(), to_index(idx)).result
        row = tensor.FromElementsOp(ranked([1], i64()), [i]).result
        attrs = {"dim": i64_attr(dim), "accumulate": bool_attr(False)}
        return [create1("edge.index_put", [x, row, cast(src1, element_type(x))], op.results[0].type, attrs)]
    if idx < 0:
        idx += shape_of(x)[dim]
    return [_slice_scatter(x, src1, op.results[0].type, dim, idx, 1)]


def lower_scatter(kind: str):
    def pattern(op):
        if kind == "value":
            args = AtenArgs(op, ["self", "index"])
            x, index = args.tensor("self"), args.tensor("index")
            src = full(args.attr("value"), ranked(shape_of(index), element_type(x)),
                       [dim_index(index, d) for d in range(rank_of(index))])
            reduce = "none"
        else:
            args = AtenArgs(op, ["self", "index", "src"])
            x, index, src = args.tensor("self"), args.tensor("index"), args.tensor("src")
            reduce = {"src": "none", "add": "sum"}.get(kind)
            if kind == "reduce":
                reduce = {"sum": "sum", "prod": "prod", "amax": "amax", "amin": "amin"}.get(args.attr("reduce"))
                if reduce is None:
                    raise Unsupported(f"scatter_reduce '{args.attr('reduce')}' is not supported yet")
                if not args.attr("include_self", True):
                    raise Unsupported("scatter_reduce with include_self=False is not supported yet")
        dim = normalize_dim(args.attr("dim"), rank_of(x)) if rank_of(x) else 0
        if rank_of(x) == 0:
            raise Unsupported("scatter into a 0-d tensor is not supported yet")
        attrs = {"dim": i64_attr(dim), "reduce": str_attr(reduce)}
        return [create1("edge.scatter", [x, cast(index, i64()), cast(src, element_type(x))],
                        op.results[0].type, attrs)]

    return pattern


# The op the user wrote, where torch decomposed it to this one (importer/graph.py _mark_index_add).
USER_OP = "exir.target"


def lower_index_put(op):
    args = AtenArgs(op, ["self", "indices*", "values"])
    x, values = args.tensor("self"), args.tensor("values")
    indices = args.variadic("indices")
    present = args.attr("indices_present") or [True] * len(indices)
    accumulate = bool(args.attr("accumulate", False))
    if len(indices) != 1 or rank_of(indices[0]) != 1 or element_type(indices[0]) == ir.IntegerType.get_signless(1):
        # several index tensors, one of another rank, or a boolean mask (its nonzero coordinates):
        # through one row-major index
        it = iter(indices)
        return [advanced_index_put(x, [next(it) if p else None for p in present], values, accumulate,
                                   op.results[0].type)]
    dim = present.index(True)
    attrs = {"dim": i64_attr(dim), "accumulate": bool_attr(bool(args.attr("accumulate", False)))}
    if USER_OP in op.attributes:  # index_add's index_put (the importer marks it): [0, n) indices
        attrs[USER_OP] = op.attributes[USER_OP]
    return [create1("edge.index_put", [x, cast(indices[0], i64()), cast(values, element_type(x))],
                    op.results[0].type, attrs)]


def populate_update_patterns(table: PatternTable) -> None:
    table.add("exir.slice_scatter", lower_slice_scatter, family=FAMILY)
    table.add("exir.select_scatter", lower_select_scatter, family=FAMILY)
    table.add("exir.scatter_src", lower_scatter("src"), family=FAMILY)
    table.add("exir.scatter_value", lower_scatter("value"), family=FAMILY)
    table.add("exir.scatter_add", lower_scatter("add"), family=FAMILY)
    table.add("exir.scatter_reduce_two", lower_scatter("reduce"), family=FAMILY)
    table.add("exir.index_put", lower_index_put, family=FAMILY)
