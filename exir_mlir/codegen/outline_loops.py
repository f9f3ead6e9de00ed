"""`exir-cpu-outline-loops`: each top-level loop nest of a function on buffers -> its own function.

Why (compile time, not run time): LLVM's loop passes ask ScalarEvolution whether a block's entry
is guarded by a condition, and it answers by walking the dominators back towards the function's
entry; with hundreds of loop nests one after another in one function (a U-Net's im2col taps,
pads and fills, or any model compiled for one thread, whose parallel loops stay in `main`), every
query walks past all the loops before it and `opt -O3` becomes quadratic in the model's size
(minutes for a U-Net). One function per loop nest keeps every function small.

Each outlined function is private and `noinline` (LLVM would inline a function called once right
back); the call costs a few nanoseconds per loop nest. The loop body is unchanged: values it uses
from outside become arguments (constants are rebuilt inside instead), so the code LLVM optimizes
per loop is the same, except that pointers that were distinct allocations in the caller are now
arguments (LLVM then versions a loop it vectorizes itself with a run-time overlap check, as it
already does in the outlined parallel bodies).

Identical functions then become one (MLIR's `duplicate-function-elimination`: same ops, types and
attributes, only the symbol differs; their calls call the one kept): the repeated blocks of a
network (a ResNet stage's two blocks, a U-Net's conv blocks at one size) give the same loop nests
and parallel bodies, and each copy was lowered to LLVM, translated and handed to LLVM on its own
(LLVM's MergeFunctions, codegen/machine_code.py, merged them only then). ResNet-18 on 64x64: 86
functions -> 61.
"""

from __future__ import annotations

from exir_mlir._mlir import func, ir, passmanager
from exir_mlir.codegen.op_walk import replace_operands
from exir_mlir.codegen.parallel_gomp import BODY_PREFIX, _is_rematerialized, _live_ins, _module_block

PREFIX = "__exir_loop_"
# Top-level ops that become loop nests at the LLVM level, when they have no results (on buffers).
_LOOPS = ("scf.for", "scf.while", "scf.if", "scf.forall", "scf.parallel")
# A function with fewer loop nests than this is left alone: nothing grows quadratically.
MIN_NESTS = 2


def _is_loop_nest(op: ir.Operation) -> bool:
    if len(op.results):
        return False
    if op.name in _LOOPS:
        return True
    # Structured ops on buffers left for convert-linalg-to-loops (strided copies, unvectorized tiles).
    return op.name.startswith("linalg.") and op.name not in ("linalg.yield", "linalg.index")


def _inside(op: ir.Operation, nest: ir.Operation) -> bool:
    while op is not None:
        if op == nest:
            return True
        op = op.parent
    return False


def _own_stack_buffer(value: ir.Value, nest: ir.Operation) -> bool:
    """A static stack buffer that only the nest uses (a temporary hoisted out of its loops,
    loop_buffers.py): the outlined function allocates it itself. Passed in as a pointer, it was no
    longer a stack slot of the function that uses it, which LLVM keeps in registers (a split
    reduction's partial sums, codegen/stack_vectors.py)."""
    owner = value.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.name != "memref.alloca" or len(owner.operands):
        return False
    return all(_inside(getattr(use.owner, "operation", use.owner), nest) for use in value.uses)


def _outline(op: ir.Operation, name: str, module_block: ir.Block, after: ir.Operation) -> ir.Operation:
    # The nest's own operands (loop bounds, a copy's buffers) first, then what its regions use.
    live_ins = list(dict.fromkeys([*op.operands, *_live_ins(op)]))
    own = [v for v in live_ins if _own_stack_buffer(v, op)]
    passed = [v for v in live_ins if not _is_rematerialized(v) and v not in own]
    with ir.InsertionPoint.after(after), op.location:
        outlined = func.FuncOp(name, ([v.type for v in passed], []), visibility="private")
        outlined.operation.attributes["passthrough"] = ir.ArrayAttr.get([ir.StringAttr.get("noinline")])
        entry = outlined.add_entry_block()
    mapping: dict[ir.Value, ir.Value] = dict(zip(passed, entry.arguments))
    with ir.InsertionPoint(entry), op.location:
        for value in live_ins:
            if value not in mapping:
                mapping[value] = value.owner.clone().results[0]
        ret = func.ReturnOp([])
    with ir.InsertionPoint(op), op.location:
        func.CallOp([], ir.FlatSymbolRefAttr.get(name), passed)
    op.move_before(ret)

    replace_operands(op, mapping)
    for value in own:
        value.owner.erase()
    return outlined.operation


def outline_loops(module: ir.Operation, *, min_nests: int = MIN_NESTS) -> int:
    """Outline the top-level loop nests of every function that has at least `min_nests` of them
    (after bufferization), then keep one of each set of identical private functions (these and
    the parallel bodies). Returns how many were outlined."""
    block = _module_block(module)
    count = 0
    for func_op in list(block.operations):
        op = func_op.operation
        if op.name != "func.func" or not op.regions[0].blocks:
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value
        if name.startswith((PREFIX, BODY_PREFIX)):
            continue
        nests = [inner.operation for inner in op.regions[0].blocks[0].operations
                 if _is_loop_nest(inner.operation)]
        if len(nests) < min_nests:
            continue
        after = op
        for nest in nests:
            after = _outline(nest, f"{PREFIX}{count}", block, after)
            count += 1
    passmanager.PassManager.parse("builtin.module(duplicate-function-elimination)",
                                  context=module.context).run(module)
    return count
