"""`read_gather_indices_in_body`: a gather's index input that is the same across the vector lanes is
read inside the op's body (`tensor.extract` at `linalg.index` coordinates) instead of through its
block argument, so that the gathered rows are read as contiguous vectors.

An embedding lookup (`weight[tokens[b, s], d]`), `index_select` along an outer dim and `x[idx]`
read whole rows of their source: the row comes from an index input that does not vary along the
innermost loop (the lanes), the column is the innermost loop itself. Upstream's vectorizer turns
such a `tensor.extract` into one contiguous `vector.transfer_read` when it can prove the row index
the same in every lane, but it gives up on any value computed from a block argument of the op
(`isLoopInvariantIdx`: "analysing block arguments ... just bail out") and emits a `vector.gather`
of every lane instead. Read with `tensor.extract` at the op's own loop indices, the row index is
loop-invariant in its eyes (the indices of unit tile dims are), and the row is one vector read.

The input stays an operand of the op (it gives the loops it indexes their sizes; its block
argument is left unused), so tiling, peeling and fusion see the same op. Only inputs whose every
use ends in the index of a `tensor.extract` are moved: a value that is also computed with stays a
block argument.

Measured (interleaved CPU time, 1 thread, against gathers kept scalar as before): bench_models'
embedding_mean (64x32 tokens of a 1000x64 table, averaged) 0.16x, as 16-lane vector.gathers it was
0.9x; the corpus's embedding_positions 0.64x, bert_embeddings_mask 0.71-0.74x,
interpolate_to_dynamic_size 0.65-0.80x (its gathers now vectorized at all: strategy.plan_op);
upsampling, padding, unet, indexing 0.99-1.02x.
"""

from __future__ import annotations

from exir_mlir._mlir import ir, linalg, tensor
from exir_mlir.codegen.op_walk import collect_ops, contains_op

# Ops through which an index value passes on its way to a tensor.extract (bounds wrapping and
# clamping, casts): any other use keeps the input a block argument.
_INDEX_ARITHMETIC = ("arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui", "arith.trunci",
                     "arith.addi", "arith.subi", "arith.muli", "arith.cmpi", "arith.select", "arith.remsi",
                     "arith.divsi", "arith.minsi", "arith.maxsi", "arith.andi", "arith.ori")


def _only_indexes(value: ir.Value) -> bool:
    """Whether every use of `value` (through index arithmetic) is an index of a tensor.extract."""
    for use in value.uses:
        user = use.owner
        if user.name == "tensor.extract":
            if use.operand_number == 0:  # the source tensor itself: not an index
                return False
            continue
        if user.name not in _INDEX_ARITHMETIC:
            return False
        if not all(_only_indexes(result) for result in user.results):
            return False
    return True


def _read_in_body(op: ir.Operation) -> int:
    """Moves the qualifying inputs of one linalg.generic into its body; returns how many."""
    maps = [m.value for m in linalg.get_indexing_maps(op.opview)]
    n_inputs = len(op.operands) - len(op.results)
    lanes = maps[0].n_dims - 1
    block = op.regions[0].blocks[0]
    moved = 0
    for position, (value, amap) in enumerate(zip(list(op.operands)[:n_inputs], maps)):
        if not isinstance(value.type, ir.RankedTensorType):
            continue
        results = list(amap.results)
        if not all(isinstance(e, ir.AffineDimExpr) for e in results):
            continue  # broadcast (constant) dims: no loop index to read them at
        if any(e.position == lanes for e in results):
            continue  # varies along the lanes: a gather either way
        argument = block.arguments[position]
        if not list(argument.uses) or not _only_indexes(argument):
            continue
        with ir.InsertionPoint.at_block_begin(block), op.location:
            coords = [linalg.IndexOp(e.position).result for e in results]
            read = tensor.ExtractOp(value, coords).result
        argument.replace_all_uses_with(read)
        moved += 1
    return moved


def read_gather_indices_in_body(module: ir.Operation) -> int:
    """The rewrite above on every linalg.generic that gathers (has a tensor.extract in its body).
    Returns how many inputs moved."""
    return sum(_read_in_body(op) for op in collect_ops(module, "linalg.generic")
               if contains_op(op, "tensor.extract"))
