"""`share_branch_buffers` (part of `exir-cpu-plan-arena`): the two branches' buffers of one
`scf.if` result become one buffer.

When both branches of an `scf.if` write a result into a fresh tensor (`cond`'s two subgraphs, the
packed matmul's run-time choice of codegen/pack_matmul.py), one-shot bufferization allocates one
buffer per branch before the `scf.if`, each written in its own branch only, and the result is an
`arith.select` of the two on the same condition:

    %a = memref.alloc(%n) : T
    %b = memref.alloc(%n) : T
    %r = arith.select %c, %a, %b : T
    scf.if %c { ... writes %a ... } else { ... writes %b ... }

Only one branch runs, so only one of the two is ever written: a call allocated both (one pool
take too many when %r is the program's output, twice the bytes when it is a temporary). Both are
replaced by %a when nothing else reads them: %a is used only in the then-branch (and %b only in
the else-branch) besides the select, the pointer reads of the deallocation's checks, and frees
that are either
- each the only op of an `scf.if` on `pointer(x) != pointer(%r)` (ownership-based deallocation
  freeing the one not chosen; with %b = %a = %r neither runs, and %r is freed, or returned, as
  before), or
- one unconditional `memref.dealloc` of each in the same block (a temporary: %b's goes).
Anything else is left as it is.
"""

from __future__ import annotations

from exir_mlir._mlir import ir
from exir_mlir.codegen.op_walk import as_operation, collect_ops


def _defining(value: ir.Value) -> ir.Operation | None:
    return None if isinstance(value.owner, ir.Block) else as_operation(value.owner)


def _in_region(op: ir.Operation, region: ir.Region) -> bool:
    """Whether `op` is (nested) in `region`."""
    current = op
    while current is not None and current.name != "func.func":
        block = current.block
        if block is None:
            return False
        if block.region == region:
            return True
        parent = current.parent
        current = as_operation(parent) if parent is not None else None
    return False


def _guarded_free(dealloc: ir.Operation, freed: ir.Value, result: ir.Value) -> bool:
    """`dealloc` is the only op of an `scf.if` on `pointer(freed) != pointer(result)`."""
    holder = dealloc.parent
    if holder is None or holder.name != "scf.if" or dealloc.block.region != holder.regions[0]:
        return False
    ops = [as_operation(o) for o in dealloc.block.operations]
    if [o.name for o in ops] != ["memref.dealloc", "scf.yield"]:
        return False
    check = _defining(holder.operands[0])
    if check is None or check.name != "arith.cmpi" or ir.IntegerAttr(check.attributes["predicate"]).value != 1:
        return False  # 1: ne
    pointers = [_defining(v) for v in check.operands]
    if any(p is None or p.name != "memref.extract_aligned_pointer_as_index" for p in pointers):
        return False
    return {pointers[0].operands[0], pointers[1].operands[0]} == {freed, result} and freed != result


def _uses_confined(buffer: ir.Value, select: ir.Operation, operand: int, region: ir.Region,
                   result: ir.Value) -> list[ir.Operation] | None:
    """The frees of `buffer` when every other use is the select's `operand`, inside `region`, or a
    pointer read of a check; None when something else uses it."""
    frees = []
    for use in buffer.uses:
        user = as_operation(use.owner)
        if user == select:
            if use.operand_number != operand:
                return None
        elif user.name == "memref.dealloc":
            frees.append(user)
        elif user.name == "memref.extract_aligned_pointer_as_index":
            for pointer_use in user.results[0].uses:
                if as_operation(pointer_use.owner).name != "arith.cmpi":
                    return None
        elif not _in_region(user, region):
            return None
    return frees


def _share(select: ir.Operation) -> bool:
    a, b = select.operands[1], select.operands[2]
    alloc_a, alloc_b = _defining(a), _defining(b)
    if (alloc_a is None or alloc_b is None or alloc_a == alloc_b or alloc_a.name != "memref.alloc"
            or alloc_b.name != "memref.alloc" or a.type != b.type or alloc_a.block != select.block
            or alloc_b.block != select.block or list(alloc_a.operands) != list(alloc_b.operands)):
        return False
    branch = None  # the first scf.if on the condition after the select
    after = False
    for op in select.block.operations:
        op = as_operation(op)
        if op == select:
            after = True
        elif after and op.name == "scf.if" and op.operands[0] == select.operands[0]:
            branch = op if len(op.regions[1].blocks) else None
            break
    if branch is None:
        return False
    result = select.results[0]
    frees_a = _uses_confined(a, select, 1, branch.regions[0], result)
    frees_b = _uses_confined(b, select, 2, branch.regions[1], result)
    if frees_a is None or frees_b is None:
        return False
    if all(_guarded_free(f, a, result) for f in frees_a) and all(_guarded_free(f, b, result) for f in frees_b):
        drop = []
    elif (len(frees_a) == 1 and len(frees_b) == 1 and frees_a[0].block == select.block
          and frees_b[0].block == select.block):
        drop = frees_b
    else:
        return False
    for free in drop:
        free.erase()
    b.replace_all_uses_with(a)
    alloc_b.erase()
    return True


def share_branch_buffers(module: ir.Operation) -> int:
    """Every pair of branch buffers selected on an `scf.if`'s condition that can be one (see the
    module docstring) -> one. Returns how many buffers went."""
    return sum(_share(select) for select in collect_ops(module, "arith.select")
               if isinstance(select.results[0].type, ir.MemRefType))
