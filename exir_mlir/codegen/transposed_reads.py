"""Finds the elementwise ops that read an input transposed: the copy of `x.transpose(-1, -2)`,
attention's K^T materialized, a permute before a matmul, the copy of W [N, K] into panels.

Such an op writes its output along its innermost loop (the vectors' lanes) but reads an input
whose innermost dim is another loop: a vector along the lanes gathers elements a whole row apart.
LLVM scalarizes that gather (one load and insert per lane), and masked, as a dynamic size leaves
it, it became a branch per lane too (a K^T copy of a dynamic sequence, 64-lane masked gathers:
nn.MultiheadAttention's dynamic build ran 1.6x slower than its static one). strategy.plan_op
gives these ops square register blocks over the two loops instead (strategy.plan_transposed_blocks):
each block is read as rows contiguous in the input, transposed in registers (schedule.py lowers a
16 x 16 block of 32-bit elements with AVX-512's shuffle network), and written as rows contiguous
in the output.
"""

from __future__ import annotations

from exir_mlir._mlir import ir, linalg


def loop_dims(amap: ir.AffineMap) -> list[int] | None:
    """The loop dim of each result of a projected permutation (None for any other map)."""
    if not amap.is_projected_permutation:
        return None
    return [e.position for e in amap.results if isinstance(e, ir.AffineDimExpr)]


def transposed_read_dims(op: ir.OpView) -> tuple[int, int] | None:
    """(c, lanes) for an op whose loops are all parallel, whose one result is written in loop order
    (identity map), and one of whose inputs varies along the innermost loop (`lanes`) but is
    contiguous along another loop `c` (its innermost dim). None for any other op: a contiguous or
    broadcast read along the lanes is a plain vector already.

    With several such inputs, `c` is the first one's: the others are read by blocks over (c, lanes)
    too, a gather of columns only where their innermost dim is neither."""
    maps = [m.value for m in linalg.get_indexing_maps(op)]
    n_inits = len(op.results)
    if n_inits != 1 or not maps:
        return None
    out = maps[-1]
    n = out.n_dims
    if n < 2 or out != ir.AffineMap.get_identity(n):  # (an identity result map: every loop is parallel)
        return None
    lanes = n - 1
    operands = list(op.operation.operands)[:len(maps) - n_inits]
    for value, amap in zip(operands, maps):
        if not isinstance(value.type, ir.ShapedType):
            continue
        dims = loop_dims(amap)
        if dims is None:
            return None
        if not dims or lanes not in dims or dims[-1] == lanes:
            continue
        return dims[-1], lanes
    return None
