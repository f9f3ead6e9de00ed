"""Loop bounds that one-shot bufferization's analysis does not look through (part of exir-cpu-bufferize).

For each `tensor.insert_slice` the analysis looks for the matching `extract_slice` of its
destination (upstream `matchesInsertDestination`), and it proves two slices the same with
value-bounds analysis (`ValueBoundsConstraintSet::areEquivalentSlices`): before comparing, that
populates the whole backward slice of each offset and size -- a loop's induction variable brings
in the loop's bounds, their affine.apply ops, the bounds of the loops around them, ... -- and runs
Fourier-Motzkin elimination on the result. In the peeled remainders of a dynamic dim (a chain of
exact row blocks, each loop's bounds computed from the last's: schedule.py) that backward slice
grows with every level, and the analysis took 80% of a dynamic-batch nn.LSTM's bufferization.

The slices it pairs are written with the same SSA offsets and sizes (tiling creates the
extract_slice and the insert_slice of a tile from the same values), which value-bounds proves equal
without knowing anything about the loop bounds. So before the analysis each non-constant bound of
an `scf.for` is replaced by an identity `builtin.unrealized_conversion_cast` of it, which no
value-bounds interface looks through: the analysis stops there. One cast per value, so that two
loops bounded by the same value (a peeled loop's main part and remainder) still share it. The
canonicalization right after one-shot-bufferize folds the casts away (an identity cast folds to its
operand): nothing of them is left in the bufferized module. The bufferized IR of every benchmark
model, static and dynamic, and of ResNet-18, a GPT-2 block, nn.TransformerEncoder and nn.LSTM was
the same text with and without them.
"""

from __future__ import annotations

from exir_mlir._mlir import ir
from exir_mlir.codegen.op_walk import collect_ops

_CAST = "builtin.unrealized_conversion_cast"


def hide_loop_bounds(module: ir.Operation) -> int:
    """Each non-constant lower and upper bound of every scf.for in `module` replaced by an identity
    cast of it (one per value, right after its definition; a block argument is left as it is).
    Returns the number of casts."""
    casts: dict[ir.Value, ir.Value] = {}
    for loop in collect_ops(module, lambda op: op.name == "scf.for"):
        for i in (0, 1):  # lower bound, upper bound (the step is a constant tile size)
            bound = loop.operands[i]
            owner = bound.owner
            if isinstance(owner, ir.Block) or owner.name == "arith.constant":
                continue
            if bound not in casts:
                with ir.InsertionPoint.after(owner), owner.location:
                    casts[bound] = ir.Operation.create(_CAST, results=[bound.type], operands=[bound]).result
            loop.operands[i] = casts[bound]
    return len(casts)

