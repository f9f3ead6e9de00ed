"""The heap buffers a failed run-time check's early exit frees (part of `exir-cpu-to-llvm`).

report_failed_asserts (exir_mlir.codegen.pipeline) turns each `cf.assert`, and each call of a
function of the module, into a point where the function may return at once because a check failed.
The buffers the function had allocated by then and would have freed (or returned) later are freed
on that exit, so that a failing call leaks nothing: a loop of failing calls would otherwise grow the
heap by every temporary and result allocated before the check.

Runs on the CFG (scf lowered to cf, memrefs not yet lowered). At an exit point P of a function,
the buffers freed are the results of the function's `memref.alloc`s A such that
- A dominates P (it ran on every path to P: the buffer exists), and
- no op that frees A or a view of it can run between A and P: no `memref.dealloc`/`realloc` of A
  or of a view of A (subview, cast, reinterpret_cast, reshape, the base buffer of its strided
  metadata) is before P in P's block or in a block from which P's block can be reached, and
- A does not escape where this analysis cannot follow it: passed on as a block argument (a loop's
  iter_args: ownership-based deallocation may free it through the argument), or to a function of
  the module that frees buffers it did not allocate itself.

Anything not proved freeable is left as before (a leak on the error path, never a double free).
A callee's own temporaries are freed by the callee's own exits; parallel loop bodies are
functions, and free their chunk's temporaries the same way.
"""

from __future__ import annotations

from exir_mlir._mlir import ir

# Ops whose memref result views (aliases) their memref operand 0.
VIEW_OPS = frozenset({
    "memref.subview", "memref.cast", "memref.reinterpret_cast", "memref.expand_shape", "memref.collapse_shape",
    "memref.view", "memref.transpose", "memref.extract_strided_metadata", "memref.assume_alignment",
    "memref.memory_space_cast",
})
FREEING_OPS = frozenset({"memref.dealloc", "memref.realloc", "bufferization.dealloc"})
BRANCH_OPS = frozenset({"cf.br", "cf.cond_br", "cf.switch"})


def _callee(op) -> str | None:
    if op.name != "func.call":
        return None
    return ir.FlatSymbolRefAttr(op.attributes["callee"]).value


def _root(value: ir.Value) -> ir.Value:
    """The buffer a view is of: follows VIEW_OPS' operand 0."""
    while True:
        owner = value.owner
        if isinstance(owner, ir.Block) or owner.name not in VIEW_OPS:
            return value
        value = owner.operands[0]


def functions_freeing_foreign_buffers(functions: dict[str, ir.Operation]) -> set[str]:
    """The functions that may free a buffer they did not allocate (an argument, or through a block
    argument), directly or through a function of the module they call."""
    freeing: set[str] = set()
    calls: dict[str, set[str]] = {}
    for name, func_op in functions.items():
        calls[name] = set()
        for block in func_op.regions[0].blocks:
            for op in block.operations:
                op = op.operation
                if op.name in FREEING_OPS:
                    for operand in op.operands:
                        root = _root(operand)
                        owner = root.owner
                        if isinstance(owner, ir.Block) or owner.name != "memref.alloc":
                            freeing.add(name)
                callee = _callee(op)
                if callee in functions:
                    calls[name].add(callee)
    changed = True
    while changed:
        changed = False
        for name, callees in calls.items():
            if name not in freeing and callees & freeing:
                freeing.add(name)
                changed = True
    return freeing


class ExitFrees:
    """For one function (its CFG as it is now): the buffers to free at each exit point."""

    def __init__(self, func_op: ir.Operation, foreign_freeing: set[str]) -> None:
        blocks = list(func_op.regions[0].blocks)
        self._blocks = blocks
        count = len(blocks)
        index = {}
        for k, block in enumerate(blocks):
            index[block] = k
        self._index = index
        successors = [[index[s] for s in block.successors] for block in blocks]
        self._successors = successors
        self._reached: dict[int, set[int]] = {}
        self._positions = {}
        for b, block in enumerate(blocks):
            for position, op in enumerate(block.operations):
                self._positions[op.operation] = (b, position)
        # Each alloc: (block, position, value, frees as (block, position), escapes).
        self._allocs = []
        for b, block in enumerate(blocks):
            for position, op in enumerate(block.operations):
                op = op.operation
                if op.name == "memref.alloc":
                    frees, escapes = self._follow(op.results[0], foreign_freeing)
                    self._allocs.append((b, position, op.results[0], frees, escapes))
        # Dominators (iterative; unreachable blocks dominate nothing and are dominated by all), of
        # a function that allocates.
        self._dom = None
        if not self._allocs:
            return
        predecessors = [[] for _ in range(count)]
        for b, succ in enumerate(successors):
            for s in succ:
                predecessors[s].append(b)
        everything = set(range(count))
        dom = [set(everything) for _ in range(count)]
        dom[0] = {0}
        changed = True
        while changed:
            changed = False
            for b in range(1, count):
                preds = [dom[p] for p in predecessors[b]]
                new = ({b} | set.intersection(*preds)) if preds else set(everything)
                if new != dom[b]:
                    dom[b], changed = new, True
        self._dom = dom

    def _position(self, op: ir.Operation) -> tuple[int, int]:
        return self._positions[op.operation]

    def _reach(self, start: int) -> set[int]:
        """The blocks reachable from block `start` by one edge or more (computed when asked)."""
        seen = self._reached.get(start)
        if seen is None:
            seen, stack = set(), list(self._successors[start])
            while stack:
                b = stack.pop()
                if b not in seen:
                    seen.add(b)
                    stack.extend(self._successors[b])
            self._reached[start] = seen
        return seen

    def _follow(self, value: ir.Value, foreign_freeing: set[str]):
        frees, escapes = [], False
        stack, seen = [value], []
        while stack:
            v = stack.pop()
            if any(v == s for s in seen):
                continue
            seen.append(v)
            for use in v.uses:
                owner = use.owner
                name = owner.name
                if name in VIEW_OPS and use.operand_number == 0:
                    stack.extend(r for r in owner.results if isinstance(r.type, ir.MemRefType))
                elif name in FREEING_OPS:
                    frees.append(self._position(owner.operation))
                elif name in BRANCH_OPS:
                    escapes = True
                elif _callee(owner) in foreign_freeing:
                    escapes = True
        return frees, escapes

    def buffers_live_at(self, point: ir.Operation) -> list[ir.Value]:
        """The allocations to free when the function exits at `point` (an op of the function)."""
        b, position = self._position(point)
        if b != 0 and b not in self._reach(0):
            return []  # never runs
        live = []
        for ab, apos, value, frees, escapes in self._allocs:
            if escapes:
                continue
            if not ((ab == b and apos < position) or (ab != b and ab in self._dom[b])):
                continue
            if any(fb == b and fpos < position or b in self._reach(fb) for fb, fpos in frees):
                continue
            live.append(value)
        return live[::-1]
