"""Every reduction dim of a `vector.contract` indexes both of its operands (what its lowering needs).

`vector.contract` verifies with a reduction dim that only one operand uses: `sum_j a[m] * b[n, j]`,
e.g. after `reduction_to_contract` folded the broadcast of `a` along a unit tile of `j` (the
vectorized tile of `(x[:, None, :, None] * w[None]).sum((2, 3))`). Upstream's contraction lowerings
(outer product, dot, the generic unrolling) all assume every reduction dim is in both operands:
they unroll it on both sides and assert (`cast<VectorType>` of a scalar) when one side has none,
aborting the process. Broadcasting the operand that lacks the dim back over it (a new leading
dim, indexed by the reduction dim in its map) gives the same products and sums, in a form every
lowering takes.
"""

from __future__ import annotations

from exir_mlir._mlir import ir, vector
from exir_mlir.codegen.op_walk import collect_ops


def _reduction_dims(op: ir.Operation) -> list[int]:
    kinds = [str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]
    return [d for d, kind in enumerate(kinds) if "reduction" in kind]


def _used_dims(amap: ir.AffineMap) -> list[int]:
    return [e.position for e in amap.results if isinstance(e, ir.AffineDimExpr)]


def broadcast_one_sided_reductions(root: ir.Operation) -> int:
    """Rewrites every `vector.contract` under `root` whose lhs or rhs lacks a reduction dim.

    Returns the number of operands broadcast."""
    contracts = collect_ops(root, "vector.contract")
    rewritten = 0
    for op in contracts:
        maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
        reductions = _reduction_dims(op)
        new_maps = list(maps)
        for side in (0, 1):
            other = 1 - side
            missing = [d for d in reductions if d not in _used_dims(maps[side])]
            if not missing:
                continue
            other_dims = _used_dims(maps[other])
            if any(d not in other_dims for d in missing):
                continue  # in neither operand: the verifier rejects such a contraction
            other_shape = ir.VectorType(op.operands[other].type).shape
            sizes = [other_shape[other_dims.index(d)] for d in missing]
            value = op.operands[side]
            if isinstance(value.type, ir.VectorType):
                shape, elem = list(ir.VectorType(value.type).shape), ir.VectorType(value.type).element_type
            else:
                shape, elem = [], value.type
            # A masked contraction is the only op of its vector.mask region: the broadcast goes
            # before the mask (the operand is defined outside it).
            anchor = op.parent if op.parent is not None and op.parent.name == "vector.mask" else op
            with ir.InsertionPoint(anchor), op.location:
                wide = vector.broadcast(ir.VectorType.get(sizes + shape, elem), value)
            op.operands[side] = wide
            exprs = [ir.AffineDimExpr.get(d) for d in missing] + list(maps[side].results)
            new_maps[side] = ir.AffineMap.get(maps[side].n_dims, maps[side].n_symbols, exprs)
            rewritten += 1
        if new_maps != maps:
            op.attributes["indexing_maps"] = ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in new_maps])
    return rewritten
