"""to-linalg: data-dependent selection (edge.nonzero) in two phases, count then fill.

The result's first dim is known only at run time (an unbacked symbol `u0`): a reduction counts
the nonzero elements, `tensor.empty` of that size is the result, and a sequential scf.for over
the input writes each nonzero element's coordinates at the next row. After bufferization the
entry function returns that buffer, whose descriptor carries the size: the runtime reads it
from there (runtime/memref.tensor_from_descriptor), as for every dynamic result. The fill is
scalar (one element per iteration, like scatter): compaction has no plain vector form here.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, scf, tensor

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, element_type, i1, i64, index, index_constant, rank_of, shape_of
from .builders import check_supported_element, convert_scalar, empty, reduce
from .shapes import ShapeContext

FAMILY = "selection"


def _delinearize(linear: ir.Value, sizes: list[ir.Value]) -> list[ir.Value]:
    """Row-major coordinates of a linear index (sizes: index Values, outermost first)."""
    coords, rest = [], linear
    for size in reversed(sizes[1:]):
        coords.append(arith.RemUIOp(rest, size).result)
        rest = arith.DivUIOp(rest, size).result
    coords.append(rest)
    return list(reversed(coords))


def lower_nonzero(op):
    ctx = ShapeContext.current()
    x = op.operands[0]
    elem = element_type(x)
    check_supported_element(elem)
    rank = rank_of(x)
    res_type = op.results[0].type

    def is_nonzero(v):
        return convert_scalar(v, i1()) if elem != i1() else v

    # Phase 1: count.
    count = reduce(ctx, x, list(range(rank)), 0,
                   lambda a, acc: arith.AddIOp(acc, arith.ExtUIOp(i64(), is_nonzero(a)).result).result,
                   elem=i64())
    n = arith.IndexCastOp(index(), tensor.ExtractOp(count, []).result).result
    out = empty(res_type, [n])  # tensor<?xRxi64>: R is static

    # Phase 2: fill, in row-major order of the input.
    sizes = [ctx.dim(x, d) if s == DYNAMIC else index_constant(s) for d, s in enumerate(shape_of(x))]
    one = index_constant(1)
    total = sizes[0] if sizes else one
    for s in sizes[1:]:
        total = arith.MulIOp(total, s).result
    loop = scf.ForOp(index_constant(0), total, one, [out, index_constant(0)])
    with ir.InsertionPoint(loop.body):
        acc, row = loop.inner_iter_args
        coords = _delinearize(loop.induction_variable, sizes) if rank else []
        hit = is_nonzero(tensor.ExtractOp(x, coords).result)
        branch = scf.IfOp(hit, [acc.type, index()], has_else=True)
        with ir.InsertionPoint(branch.then_block):
            written = acc
            for d, c in enumerate(coords):
                written = tensor.InsertOp(arith.IndexCastOp(i64(), c).result, written, [row, index_constant(d)]).result
            scf.YieldOp([written, arith.AddIOp(row, one).result])
        with ir.InsertionPoint(branch.else_block):
            scf.YieldOp([acc, row])
        scf.YieldOp(list(branch.results))
    return [loop.results[0]]


def populate_selection_patterns(table: PatternTable) -> None:
    table.add("edge.nonzero", lower_nonzero, family=FAMILY)
