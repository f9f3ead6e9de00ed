"""Buffer mutations written by the compiled code into the buffer itself: no allocation per call.

A buffer the program updates (`self.count.add_(1)`) is an argument of the entry function and its
new value a result (`exir.output_kind = "buffer_mutation"`). Bufferized as any result, the new
value was a heap allocation per call that the runtime then copied into the state and freed. When
the runtime binds the state itself (it is the program's own copy, writable: exir_mlir.compile,
exir_mlir.export_library), the new value is materialized in the argument instead:

- `mark_state_in_place` (tensors, before the CPU pipeline) lists the candidate (result,
  argument) pairs in the function's `exir.state_in_place` attribute.
- `materialize_state_in_place` (tensors, after tiling and `eliminate-empty-tensors`): the
  buffer's return operand becomes `bufferization.materialize_in_destination %new in %buffer`,
  and the buffer's argument `bufferization.writable`; one-shot bufferization then writes the
  value there (the new value's tiles go to a temporary, on the stack when small, then one copy
  into the buffer).
- `return_state_arguments` (buffers, after the deallocation pipeline): that pipeline hands the
  caller an owned copy of a returned argument (an `alloc` and a `copy` of the argument); for
  the listed results the argument itself is returned instead. The runtime sees a result whose
  memory is the state's and writes nothing back (exir_mlir.runtime.fastcall, library_runtime.c).

Not in place (the result stays a fresh allocation, as before) where that could not be right or
cannot be bufferized: the old value of the buffer (or a view of it) is returned or is another
mutation's new value (two buffers swapped: the first write would clobber what the second reads),
it flows through a region or a view the check does not follow, its type is not the result's, or
the module has run-time checks (`cf.assert`): a failed check returns with no mutation done, which
an early write into the state would break.
"""

from __future__ import annotations

from exir_mlir._mlir import ir
from exir_mlir.abi import Signature
from exir_mlir.codegen.op_walk import contains_op

STATE_IN_PLACE_ATTR = "exir.state_in_place"  # [result, argument, result, argument, ...]
MUTATION_KINDS = ("buffer_mutation",)

# Uses whose results never alias the used tensor for certain: linalg ops (an input is only read;
# an init may be written in place, but bufferization is free to copy it), insertions (the source
# is copied; the destination is an init) and reads of elements or sizes.
_NOT_ALIASING = ("tensor.extract", "tensor.dim", "tensor.insert", "tensor.insert_slice")


def _aliases(value: ir.Value) -> set | None:
    """The values that may share `value`'s memory after bufferization whatever it decides (views of
    it, by value), or None when one escapes where this check does not follow (a region, a
    terminator, an op it does not know)."""
    seen = {value}
    work = [value]
    while work:
        current = work.pop()
        for use in current.uses:
            owner = getattr(use.owner, "operation", use.owner)
            name = owner.name
            if name.startswith("linalg.") or name in _NOT_ALIASING:
                continue
            if name in ("func.return", "bufferization.materialize_in_destination"):
                continue  # judged by the caller
            if len(owner.regions) or not len(owner.results):
                return None
            for result in owner.results:
                if isinstance(result.type, ir.RankedTensorType) and result not in seen:
                    seen.add(result)
                    work.append(result)
    return seen


def mark_state_in_place(module: ir.Module, func_op: ir.Operation, signature: Signature) -> int:
    """Record on `func_op` (`exir.state_in_place`) the buffer mutations that may be written into
    their buffer's argument: a result of the buffer's own type, in a module without run-time
    checks. Returns how many; `materialize_state_in_place` decides after tiling."""
    if contains_op(module.operation, "cf.assert"):
        return 0
    ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
    arguments = {spec.name: spec.index for spec in signature.inputs if not spec.scalar}
    pairs = []
    for position, spec in enumerate(signature.outputs):
        if spec.kind not in MUTATION_KINDS or spec.name not in arguments or spec.scalar:
            continue
        index = arguments[spec.name]
        if isinstance(ftype.inputs[index], ir.RankedTensorType) and ftype.inputs[index] == ftype.results[position]:
            pairs += [position, index]
    if pairs:
        func_op.attributes[STATE_IN_PLACE_ATTR] = ir.DenseI64ArrayAttr.get(pairs)
    return len(pairs) // 2


def _take_pairs(module: ir.Operation):
    """(function, [(result, argument), ...]) for each function with `exir.state_in_place`, the
    attribute dropped (a pass that keeps pairs sets it again)."""
    for op in module.regions[0].blocks[0].operations:
        op = op.operation
        if op.name != "func.func" or STATE_IN_PLACE_ATTR not in op.attributes:
            continue
        flat = list(ir.DenseI64ArrayAttr(op.attributes[STATE_IN_PLACE_ATTR]))
        del op.attributes[STATE_IN_PLACE_ATTR]
        yield op, list(zip(flat[0::2], flat[1::2]))


def materialize_state_in_place(module: ir.Operation) -> int:
    """Tensors, after `eliminate-empty-tensors` and before one-shot bufferization (which, when run
    after materializations, made producers write into the buffer early and then could not always
    resolve the conflicts): each recorded buffer mutation whose buffer's old value is not read
    after the writes becomes `materialize_in_destination` into the (now writable) argument; the
    attribute keeps the pairs materialized. Returns how many."""
    count = 0
    for op, pairs in _take_pairs(module):
        blocks = op.regions[0].blocks
        if len(blocks) != 1:
            continue
        block = blocks[0]
        ret = list(block.operations)[-1].operation
        if ret.name != "func.return":
            continue
        # Values that must keep a buffer's old contents after the writes (returned, or the new
        # value of another buffer: two buffers swapped): that buffer is not written in place.
        read_after = [ret.operands[i] for i in range(len(ret.operands))]
        chosen = []
        for position, index in pairs:
            aliases = _aliases(block.arguments[index])
            if aliases is not None and not any(value in aliases for value in read_after):
                chosen.append((position, index))
        if not chosen:
            continue
        attrs = list(ir.ArrayAttr(op.attributes["arg_attrs"])) if "arg_attrs" in op.attributes else None
        with ir.InsertionPoint(ret), ret.location:
            for position, index in chosen:
                argument = block.arguments[index]
                materialized = ir.Operation.create(
                    "bufferization.materialize_in_destination", results=[argument.type],
                    operands=[ret.operands[position], argument]).result
                ret.operands[position] = materialized
                if attrs is not None:
                    attrs[index] = ir.DictAttr.get({"bufferization.writable": ir.BoolAttr.get(True)})
        if attrs is not None:
            op.attributes["arg_attrs"] = ir.ArrayAttr.get(attrs)
        op.attributes[STATE_IN_PLACE_ATTR] = ir.DenseI64ArrayAttr.get([n for pair in chosen for n in pair])
        count += len(chosen)
    return count


def return_state_arguments(module: ir.Operation) -> int:
    """For each (result, argument) pair of a function's `exir.state_in_place`: a result that the
    deallocation pipeline made an owned copy of the argument returns the argument itself. Drops
    the attribute. Returns how many results now return their argument."""
    count = 0
    for op, pairs in _take_pairs(module):
        block = op.regions[0].blocks[0]
        for region_block in op.regions[0].blocks:
            terminator = list(region_block.operations)[-1].operation
            if terminator.name != "func.return":
                continue
            for position, index in pairs:
                argument = block.arguments[index]
                returned = terminator.operands[position]
                if returned == argument:
                    continue
                copy = _owned_copy_of(returned, argument)
                if copy is None:
                    continue
                terminator.operands[position] = argument
                alloc = returned.owner
                copy.erase()
                if not list(returned.uses):
                    alloc.erase()
                count += 1
    return count


def _owned_copy_of(value: ir.Value, argument: ir.Value) -> ir.Operation | None:
    """The `memref.copy argument -> value` when `value` is an `alloc` used only by that copy and
    by returns, else None."""
    owner = getattr(value.owner, "operation", value.owner)
    if not isinstance(owner, ir.Operation) or owner.name != "memref.alloc" or value.type != argument.type:
        return None
    copy = None
    for use in value.uses:
        user = getattr(use.owner, "operation", use.owner)
        if user.name == "memref.copy" and use.operand_number == 1 and user.operands[0] == argument and copy is None:
            copy = user
        elif user.name != "func.return":
            return None
    return copy
