"""Multi-dimensional `scf.forall` on buffers -> one-dimensional `scf.forall` over the linear index.

The parallel stage hands each thread one contiguous chunk of a single range of iterations
(parallel_gomp.py), so a nest of tile loops is first made one loop, each index recovered by
`affine.delinearize_index`. (Splitting a multi-dimensional iteration space is where MLIR 22's
`async-parallel-for` went wrong: its block-aligned dispatch kept the block count of another block
size, and the surplus blocks wrapped around and reran the whole nest concurrently with the
workers that owned it; see test/Codegen/upstream-async-parallel-for.mlir.)
"""

from __future__ import annotations

from exir_mlir._mlir import affine, arith, ir, scf
from exir_mlir.codegen.op_walk import collect_ops

_DYNAMIC = ir.ShapedType.get_dynamic_size()


def _mixed(static: ir.Attribute, dynamic: list[ir.Value]) -> list[int | ir.Value]:
    values, it = [], iter(dynamic)
    for v in ir.DenseI64ArrayAttr(static):
        values.append(next(it) if v == _DYNAMIC else v)
    return values


def _index(value: int | ir.Value) -> ir.Value:
    return arith.constant(ir.IndexType.get(), value) if isinstance(value, int) else value


def _trip_count(lb: int | ir.Value, ub: int | ir.Value, step: int | ir.Value) -> int | ir.Value:
    if all(isinstance(v, int) for v in (lb, ub, step)):
        return max(0, -(-(ub - lb) // step))
    span = ub if lb == 0 else arith.subi(_index(ub), _index(lb))
    trip = span if step == 1 else arith.ceildivsi(_index(span), _index(step))
    # An empty dim (ub < lb) must empty the product, not flip its sign.
    return arith.maxsi(_index(trip), _index(0))


def _last_tile_partial(iv: ir.Value) -> bool:
    """Whether a tile size in the body is `affine.min` of the induction variable `iv` (the tiling
    of a dim that the tile does not divide)."""
    return any(getattr(use.owner, "operation", use.owner).name == "affine.min" for use in iv.uses)


def linearize(forall: ir.OpView) -> ir.OpView:
    """Replaces `forall` (rank >= 2, no shared outputs) with a rank-1 forall; returns the new op."""
    op = forall.operation
    lbs = _mixed(op.attributes["staticLowerBound"], list(forall.dynamicLowerBound))
    ubs = _mixed(op.attributes["staticUpperBound"], list(forall.dynamicUpperBound))
    steps = _mixed(op.attributes["staticStep"], list(forall.dynamicStep))
    with ir.InsertionPoint(op), op.location:
        trips = [_trip_count(lb, ub, st) for lb, ub, st in zip(lbs, ubs, steps)]
        static_total = 1
        for trip in trips:
            if isinstance(trip, int):
                static_total *= trip
        total: int | ir.Value = static_total
        for trip in trips:
            if not isinstance(trip, int):
                total = trip if total == 1 else arith.muli(_index(total), trip)
        linear = scf.ForallOp([0], [total], [1])
        body = linear.body
        # Dims of a run-time trip count are linearized innermost: their last tile is the partial one
        # (a dynamic batch's rows, tiled as if the batch were 1024), and the threads' contiguous
        # chunks then split the static dims, each chunk getting its share of full and partial
        # tiles. Rows outermost, nn.Linear(768) at 200 rows on 2 threads gave one thread row tiles
        # 0-1 (128 rows) and the other 2-3 (72): 1.3x its static build.
        #
        # A static dim whose last tile is partial (its tile size an `affine.min` of its index: 65
        # rows in 64-row tiles) goes inside the other static dims for the same reason. Rows
        # outermost, a packed 65 x 768 x 768 matmul on 2 threads gave one thread the 64-row tile
        # of every panel and the other the 1-row tile: 0.56-0.59x the time with the rows inner
        # (nn.Linear + ReLU at 65 and 300 x 768 -> 3072: 0.59x, 0.90x; 200, 1000, 2048 rows and
        # 2048^3, whose tiles are full or many: 1.00-1.01x, interleaved in one process).
        partial = [isinstance(t, int) and _last_tile_partial(forall.body.arguments[d]) for d, t in enumerate(trips)]
        order = ([d for d, t in enumerate(trips) if isinstance(t, int) and not partial[d]]
                 + [d for d, t in enumerate(trips) if isinstance(t, int) and partial[d]]
                 + [d for d, t in enumerate(trips) if not isinstance(t, int)])
        with ir.InsertionPoint(body):
            linear_iv = body.arguments[0]
            static_basis = [trips[d] if isinstance(trips[d], int) else _DYNAMIC for d in order]
            dynamic_basis = [trips[d] for d in order if not isinstance(trips[d], int)]
            index_type = ir.IndexType.get()
            delin = affine.AffineDelinearizeIndexOp(
                [index_type] * len(trips), linear_iv, dynamic_basis, static_basis
            )
            ivs = []
            for position, (lb, step) in enumerate(zip(lbs, steps)):
                iv = delin.results[order.index(position)]
                if step != 1:
                    iv = arith.muli(iv, _index(step))
                if lb != 0:
                    iv = arith.addi(iv, _index(lb))
                ivs.append(iv)
            terminator = scf.InParallelOp()
    old_body = forall.body
    for old_iv, new_iv in zip(old_body.arguments, ivs):
        old_iv.replace_all_uses_with(new_iv)
    for inner in list(old_body.operations):
        if inner.operation.name == "scf.forall.in_parallel":
            continue
        inner.operation.move_before(terminator)
    op.erase()
    return linear


def linearize_foralls(module: ir.Operation) -> int:
    """`exir-cpu-linearize-forall`: every multi-dimensional forall on buffers becomes rank 1."""
    found = [op.opview for op in collect_ops(module, "scf.forall")]
    count = 0
    for forall in found:
        if forall.rank < 2:
            continue
        if len(forall.operation.results):
            raise ValueError("linearize_foralls runs after bufferization: this scf.forall still has shared_outs")
        with forall.operation.context:
            linearize(forall)
        count += 1
    return count

