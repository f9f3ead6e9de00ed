"""to-linalg: functional updates (slice_scatter, scatter, index_put) as scf loops on a writable copy."""

from __future__ import annotations

from exir_mlir._mlir import arith, bufferization, ir, linalg, scf, tensor

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, attr_dict, element_type, index, index_constant, isa, rank_of, ranked, shape_of
from .builders import PARALLEL, affine_map, check_supported_element, elementwise, empty, iterators, maps_attr
from .elementwise import BINARY
from .index_checks import check_range, clamped, trips_unless_empty
from .shapes import ShapeContext

FAMILY = "update"


def _wrap(i: ir.Value, n) -> ir.Value:
    """torch accepts -n..n-1: a negative index counts from the end (`n`: an int or an index Value);
    an index outside that range becomes 0 (check_range makes such a call an error)."""
    neg = arith.CmpIOp(arith.CmpIPredicate.slt, i, index_constant(0)).result
    size = index_constant(n) if isinstance(n, int) else n
    return clamped(arith.SelectOp(neg, arith.AddIOp(i, size).result, i).result, size)


def _sizes(ctx: ShapeContext, value: ir.Value, shape: list[int]) -> tuple[list[ir.Value], list[int]]:
    """(dynamic size Values, static sizes with DYNAMIC) of a slice of `value` with `shape`."""
    dyn = [ctx.dim(value, d) for d, s in enumerate(shape) if s == DYNAMIC]
    return dyn, list(shape)


def _writable(x: ir.Value) -> ir.Value:
    """A destination that may be updated in place: a function argument (the caller's buffer
    after bufferization) is copied first, so an update never writes into an input."""
    if isinstance(x.owner, ir.Block) or isa(ir.BlockArgument, x):
        # an explicit copy that canonicalization keeps (an identity linalg.generic folds away)
        return bufferization.AllocTensorOp(x.type, [], copy=x).result
    return x


def lower_slice_scatter(op):
    ctx = ShapeContext.current()
    x, src = op.operands
    a = attr_dict(op)
    rank = rank_of(x)
    if 0 in shape_of(src) or 0 in shape_of(x):
        # nothing written (insert_slice's verifier rejects offset 0 in a dim of static size 0)
        return [x]
    offsets = [a["start"] if d == a["dim"] else 0 for d in range(rank)]
    strides = [a["step"] if d == a["dim"] else 1 for d in range(rank)]
    dyn, sizes = _sizes(ctx, src, shape_of(src))  # src's own dims (tensor.dim where dynamic)
    return [tensor.InsertSliceOp(src, _writable(x), [], dyn, [], offsets, sizes, strides).result]


_COMBINE = {
    "sum": BINARY["add"],
    "prod": BINARY["mul"],
    "amax": BINARY["maximum"],
    "amin": BINARY["minimum"],
}


def _delinearize(k: ir.Value, shape: list) -> list[ir.Value]:
    coords = []
    rest = k
    for s in reversed(shape):
        c = index_constant(s) if isinstance(s, int) else s
        coords.append(arith.RemUIOp(rest, c).result)
        rest = arith.DivUIOp(rest, c).result
    return list(reversed(coords))


def lower_scatter(op):
    """A sequential loop over the index elements: correct for duplicates with every reduction."""
    ctx = ShapeContext.current()
    x, idx, src = op.operands
    a = attr_dict(op)
    dim, reduce = a["dim"], a["reduce"]
    check_supported_element(element_type(x))
    # The index's dims (tensor.dim where dynamic): the loop runs over its elements.
    ishape = [ctx.dim(idx, d) if s == DYNAMIC else s for d, s in enumerate(shape_of(idx))]
    n = index_constant(1)
    for s in ishape:
        n = arith.MulIOp(n, index_constant(s) if isinstance(s, int) else s).result
    size = ctx.dim(x, dim)
    check_range(op, idx, size, x, dim, negative=False)
    n = trips_unless_empty(n, size, shape_of(x)[dim])  # a destination dim of size 0: nothing written
    loop = scf.ForOp(index_constant(0), n, index_constant(1), [_writable(x)])
    with ir.InsertionPoint(loop.body):
        coords = _delinearize(loop.induction_variable, ishape) if ishape else []
        target = arith.IndexCastOp(index(), tensor.ExtractOp(idx, coords).result).result
        target = _wrap(target, size)
        dest = [target if d == dim else c for d, c in enumerate(coords)]
        value = tensor.ExtractOp(src, coords).result
        acc = loop.inner_iter_args[0]
        if reduce != "none":
            value = _COMBINE[reduce](tensor.ExtractOp(acc, dest).result, value)
        scf.YieldOp([tensor.InsertOp(value, acc, dest).result])
    return [loop.results[0]]


def lower_index_put(op):
    """Broadcast the values to the selected slices, then a loop writes (or adds) each slice."""
    ctx = ShapeContext.current()
    x, idx, values = op.operands
    a = attr_dict(op)
    dim = a["dim"]
    xs = shape_of(x)
    if any(s == 0 for d, s in enumerate(xs) if d != dim):
        # every selected slice is empty: nothing written (extract/insert_slice's verifiers reject
        # an offset in a dim of static size 0)
        return [x]
    length = shape_of(idx)[0]
    # Sizes known at run time only come from tensor.dim of x and of the index.
    x_dims = [ctx.dim(x, d) for d in range(len(xs))]
    n_rows = ctx.dim(idx, 0)
    # index_put takes [-n, n); torch's index_add (decomposed to index_put, marked with exir.target) [0, n)
    from_index_add = "exir.target" in op.attributes and "index_add" in ir.StringAttr(op.attributes["exir.target"]).value
    check_range(op, idx, x_dims[dim], x, dim, negative=not from_index_add)
    elem = element_type(x)
    check_supported_element(elem)
    sel_shape = [length if d == dim else s for d, s in enumerate(xs)]
    sel_t = ranked(sel_shape, elem)
    sel_dyn = [(n_rows if d == dim else x_dims[d]) for d, s in enumerate(sel_shape) if s == DYNAMIC]
    vals = elementwise(ctx, [values], sel_t, lambda v: v, init=empty(sel_t, sel_dyn))
    piece_shape = [1 if d == dim else s for d, s in enumerate(xs)]
    piece_dyn = [x_dims[d] for d, s in enumerate(piece_shape) if s == DYNAMIC]
    piece_t = ranked(piece_shape, elem)
    rank = len(xs)
    n_rows = trips_unless_empty(n_rows, x_dims[dim], xs[dim])  # a destination dim of size 0: nothing written
    loop = scf.ForOp(index_constant(0), n_rows, index_constant(1), [_writable(x)])
    with ir.InsertionPoint(loop.body):
        i = loop.induction_variable
        row = _wrap(arith.IndexCastOp(index(), tensor.ExtractOp(idx, [i]).result).result, x_dims[dim])
        offsets_i = [DYNAMIC if d == dim else 0 for d in range(rank)]
        piece = tensor.extract_slice(piece_t, vals, [i], piece_dyn, [], offsets_i, piece_shape, [1] * rank)
        acc = loop.inner_iter_args[0]
        if a["accumulate"]:
            cur = tensor.extract_slice(piece_t, acc, [row], piece_dyn, [], offsets_i, piece_shape, [1] * rank)
            ident = list(range(rank))
            piece = linalg.GenericOp([piece_t], [piece], [cur], maps_attr([affine_map(rank, ident)] * 2),
                                     iterators([PARALLEL] * rank))
            block = piece.regions[0].blocks.append(elem, elem)
            with ir.InsertionPoint(block):
                linalg.YieldOp([BINARY["add"](block.arguments[0], block.arguments[1])])
            piece = piece.result
        written = tensor.InsertSliceOp(piece, acc, [row], piece_dyn, [], offsets_i, piece_shape, [1] * rank).result
        scf.YieldOp([written])
    return [loop.results[0]]


def populate_update_patterns(table: PatternTable) -> None:
    table.add("edge.slice_scatter", lower_slice_scatter, family=FAMILY)
    table.add("edge.scatter", lower_scatter, family=FAMILY)
    table.add("edge.index_put", lower_index_put, family=FAMILY)
