"""Values an `scf.while` carries are computed into the loop's block argument (part of exir-cpu-tile).

torch's `while_loop` becomes an `scf.while` whose iteration values are tensors. Its body computes
each new value into a fresh `tensor.empty` (`torch.tanh(x @ w) + x` into one, `i + 1` into
another) and yields it. One-shot bufferization gives a yielded value that is not equivalent to the
loop's block argument a new buffer, and for an `scf.while` then also copies the carried values in
its "before" region (upstream's WhileOpInterface: both regions must yield equivalent buffers, or
it allocates): 4 pool takes per iteration in the while_loop model, none freed in the block that
allocated it, so the arena (arena.py) could not take them.

Here the op that computes a yielded value writes into the iteration's block argument instead of
its `tensor.empty`: a destination-passing rewrite that needs no proof, since an empty tensor's
contents are unspecified, so any tensor of its type may stand in for it (upstream's
`eliminate-empty-tensors` relies on the same). Whether the write then really goes into the carried
buffer is one-shot bufferization's decision, as for any destination: where the old value is read
after the write (the yield passes it on too, a later op reads it), its analysis writes into a new
buffer as before. Where nothing conflicts, the yields are equivalent to the block arguments and the
loop carries its buffers: the init is copied once (the user's input is not writable) and the loop
allocates nothing per iteration. The result is the same value in every case; only where it lives
changes.

Only where that helps and stays simple: the "before" region passes its block arguments to
`scf.condition` unchanged and in order (else upstream copies them there anyway), the value has a
static shape (an empty tensor's dynamic sizes need not be the block argument's), and its producer is
a linalg op in the loop body itself whose result's init is a `tensor.empty`.
"""

from __future__ import annotations

from exir_mlir._mlir import ir
from exir_mlir.codegen.op_walk import as_operation, collect_ops


def _condition_passes_arguments(before: ir.Block) -> bool:
    """Whether the "before" block's `scf.condition` forwards its block arguments as they are."""
    condition = as_operation(list(before.operations)[-1])
    args = list(condition.operands)[1:]
    return len(args) == len(before.arguments) and all(a == b for a, b in zip(args, before.arguments))


def _init_operand(producer: ir.Operation, result: ir.OpResult) -> int | None:
    """The operand index of the init tied to `result` of a linalg op (inits follow the inputs)."""
    if not producer.name.startswith("linalg.") or "operandSegmentSizes" not in producer.attributes:
        return None
    inputs, inits = list(ir.DenseI32ArrayAttr(producer.attributes["operandSegmentSizes"]))[:2]
    if inits != len(producer.results):
        return None
    return inputs + result.result_number


def carry_in_place(module: ir.Operation) -> int:
    """Each tensor an `scf.while` body yields, computed by a linalg op of the body into a
    `tensor.empty` of a static type, is computed into the body's block argument of the same
    position instead. Returns how many values were rewritten."""
    rewritten = 0
    for loop in collect_ops(module, "scf.while"):
        before, after = loop.regions[0].blocks[0], loop.regions[1].blocks[0]
        if not _condition_passes_arguments(before):
            continue
        body_ops = list(after.operations)
        yield_op = as_operation(body_ops[-1])
        if len(yield_op.operands) != len(after.arguments):
            continue
        for position, value in enumerate(yield_op.operands):
            argument = after.arguments[position]
            if (not isinstance(value.type, ir.RankedTensorType) or value.type != argument.type
                    or not ir.RankedTensorType(value.type).has_static_shape or not isinstance(value, ir.OpResult)):
                continue
            producer = as_operation(value.owner)
            if not any(as_operation(o) == producer for o in body_ops):
                continue  # defined outside the body (or nested in one of its regions)
            index = _init_operand(producer, ir.OpResult(value))
            if index is None:
                continue
            init = producer.operands[index]
            if init.type != argument.type or not isinstance(init, ir.OpResult) or as_operation(init.owner).name != "tensor.empty":
                continue
            producer.operands[index] = argument
            rewritten += 1
    return rewritten
