"""Folds transposes that only feed a matmul into the matmul's indexing maps (no copy per call).

torch's `linear` exports as `permute(W)` + `addmm`: materializing W^T costs a full pass over the
weights on every call, while `linalg.matmul` can read W in place through a transposed indexing
map (and the dot-product strategy then runs along W's contiguous rows).
"""

from __future__ import annotations

from exir_mlir._mlir import ir, linalg
from exir_mlir.codegen.op_walk import collect_ops

_CONTRACTIONS = ("linalg.matmul", "linalg.batch_matmul")


def _permutation_copy(op: ir.Operation) -> ir.AffineMap | None:
    """For a generic that only permutes its single input (out[d] = in[P(d)]), the map P."""
    if op.name != "linalg.generic" or len(op.operands) != 2 or len(op.results) != 1:
        return None
    maps = [m.value for m in linalg.get_indexing_maps(op.opview)]
    if maps[1] != ir.AffineMap.get_identity(maps[1].n_dims) or not maps[0].is_permutation:
        return None
    iterators = [str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]
    if any("reduction" in it for it in iterators):
        return None
    block = op.regions[0].blocks[0]
    ops = list(block.operations)
    if len(ops) != 1 or ops[0].operation.name != "linalg.yield":
        return None
    yielded = ops[0].operation.operands[0]
    if not (isinstance(yielded, ir.BlockArgument) and yielded.arg_number == 0):
        return None
    return maps[0]


def fold_transposes_into_contractions(module: ir.Operation) -> int:
    """Rewrite matmul/batch_matmul operands produced by single-use permutation copies; returns how many."""
    contractions = collect_ops(module, _CONTRACTIONS)
    folded = 0
    for op in contractions:
        maps = [m.value for m in linalg.get_indexing_maps(op.opview)]
        changed = False
        for index in (0, 1):
            value = op.operands[index]
            if not isinstance(value, ir.OpResult):
                continue
            producer = value.owner.operation
            permutation = _permutation_copy(producer)
            if permutation is None or len(list(value.uses)) != 1:
                continue
            # in[j] = out[P_j] and out = M(loops): the operand's new map is M composed with P.
            consumer_exprs = list(maps[index].results)
            exprs = [consumer_exprs[e.position] for e in permutation.results]
            if op.name == "linalg.batch_matmul" and exprs[0] != consumer_exprs[0]:
                # batch_matmul's maps may transpose the two matrix dims only: its verifier rejects a
                # batch dim anywhere but first (bmm(x.transpose(0, 1), w), as nn.MultiheadAttention
                # and nn.LSTM export it). The copy stays.
                continue
            op.operands[index] = producer.operands[0]
            maps[index] = ir.AffineMap.get(maps[index].n_dims, maps[index].n_symbols, exprs)
            changed = True
            folded += 1
        if changed:
            op.attributes["indexing_maps"] = ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps])
    return folded
