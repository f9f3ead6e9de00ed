"""Keeps contractions and convolutions out of elementwise fusion by outlining them around it.

`linalg-fuse-elementwise-ops` also propagates reshapes through any linalg op (turning a named
matmul into a generic) and then fuses elementwise producers into that generic: a layer-norm
feeding `x @ W^T` would be recomputed for every output column, and the contraction, now with
extra operands, would no longer tile like a matmul. The pass has no control option in the
bindings, so each such op moves into a private function for the duration of the pass (fusion
does not cross calls) and is inlined back afterwards.
"""

from __future__ import annotations

from exir_mlir._mlir import func, ir, linalg

PREFIX = "__exir_fusion_barrier_"


def _needs_barrier(op: ir.Operation) -> bool:
    if not op.name.startswith("linalg.") or op.name in ("linalg.generic", "linalg.fill", "linalg.yield",
                                                        "linalg.index", "linalg.map", "linalg.reduce"):
        return op.name == "linalg.generic" and linalg.isa_contraction_op(op.opview)
    return True  # named structured ops: matmul, batch_matmul, contract, conv_*, pooling_*


def outline(module: ir.Operation) -> int:
    """Move every contraction/convolution into its own private function; returns how many."""
    targets: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name != "func.func" and _needs_barrier(op) and op.results:
            targets.append(op)
            return ir.WalkResult.SKIP
        return ir.WalkResult.ADVANCE

    module.walk(visit)
    body = module.regions[0].blocks[0]
    for index, op in enumerate(targets):
        operands = list(op.operands)
        name = f"{PREFIX}{index}"
        with ir.InsertionPoint(body), op.location:
            callee = func.FuncOp(name, ([v.type for v in operands], [r.type for r in op.results]),
                                 visibility="private")
            entry = callee.add_entry_block()
            with ir.InsertionPoint(entry):
                clone = op.clone()
                for i, argument in enumerate(entry.arguments):
                    clone.operands[i] = argument
                func.ReturnOp(list(clone.results))
        with ir.InsertionPoint(op), op.location:
            call = func.CallOp([r.type for r in op.results], ir.FlatSymbolRefAttr.get(name), operands)
        for old, new in zip(op.results, call.results):
            old.replace_all_uses_with(new)
        op.erase()
    return len(targets)
