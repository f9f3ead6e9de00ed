"""`exir-cpu-plan-arena`: the top-level temporaries of a function share one buffer per call.

After bufferization every temporary of a function is a `memref.alloc` / `memref.dealloc` pair,
each a take from the buffer pool (buffer_pool.py: a spin lock and a scan of its slots) and a give
back per call. MLIR has no static memory planner (`promote-buffers-to-stack` only moves small
fixed-size buffers onto the stack, `buffer-hoisting` moves allocations, nothing packs them), so
this pass does it for the temporaries of a function's top-level block:

- A candidate is a `memref.alloc` in the function's entry block (its only block: runs before
  scf is lowered) whose buffer is freed by one unconditional `memref.dealloc` in that block
  (so it neither escapes as a result nor is freed on one path only: ownership-based deallocation
  frees a buffer that may be returned under an `scf.if`, never unconditionally), with the
  identity layout, the default memory space and an integer or float element type. Allocations
  inside regions (scf.if branches, loop bodies, the parallel bodies outlined later, `cond` and
  `while_loop` bodies) stay as they are.
- Its live range is, in the block's program order, from the alloc to the last op that uses it
  or anything derived from it: every memref result of an op using the buffer (views, an
  `arith.select` between buffers, an `scf.if` yielding a view) is followed in turn.
- Fixed-size buffers get constant offsets by first fit (lowest offset that overlaps no buffer
  whose live range overlaps theirs). Buffers of dynamic size follow in slots: a buffer joins the
  first slot none of whose buffers is live at the same time (preferring one holding a buffer of
  the same sizes), a slot is as large as its largest buffer at run time, and the slots' offsets
  are computed once, where the arena is allocated. A dynamic buffer is a candidate only when its
  sizes can be computed there: block arguments, values computed before the first candidate, or
  index arithmetic of those (`batch * seq`, repeated there: _SIZE_OPS); a data-dependent size
  (read from memory later) keeps its own allocation.
- Every buffer is rounded up to a multiple of 64 bytes (at least 64: two buffers live at once
  never share an address, which the deallocation's pointer comparisons rely on) and the arena is
  allocated 64-byte aligned, so each buffer is 64-byte aligned.
- The arena is one `memref.alloc` (a pool take) at the first candidate, each candidate becomes a
  `memref.view` of it at its offset, their deallocs go, and one `memref.dealloc` of the arena
  follows the last op of the last live range. An early exit of a failed run-time check frees the
  arena like any other buffer (error_exit_frees.py follows memref.view).

Each call takes its own arena, so concurrent calls (several Python threads, or a native
library's callers) never share one; the pool keeps the arena for the next call of the same
sizes, so a call of fixed sizes makes one pool take for all these temporaries.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from exir_mlir._mlir import arith, ir
from exir_mlir._mlir import memref as memref_d
from exir_mlir.codegen.op_walk import collect_ops

ALIGNMENT = 64
_FREEING_OPS = ("memref.dealloc", "memref.realloc", "bufferization.dealloc")
# An arena of a single buffer gains nothing: it would be the same one pool take.
MIN_BUFFERS = 2


@dataclass
class _Buffer:
    alloc: ir.Operation
    dealloc: ir.Operation
    start: int
    end: int
    static_bytes: int  # product of the static dims times the element's bytes
    dynamic: list[ir.Value]  # the alloc's size operands (empty: a fixed size)
    offset: int = 0  # fixed-size buffers: bytes from the arena's start
    slot: int = -1  # dynamic buffers: their slot

    @property
    def key(self):
        return (self.static_bytes, tuple(self.dynamic))


@dataclass
class _Slot:
    members: list[_Buffer] = field(default_factory=list)


def _round_up(n: int) -> int:
    return max(ALIGNMENT, (n + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT)


def _element_bytes(element: ir.Type) -> int | None:
    if isinstance(element, (ir.IntegerType, ir.FloatType)):
        width = element.width
        return (width + 7) // 8  # i1 is a byte in memory (what the memref lowering indexes)
    return None


def _top_level(op: ir.Operation, block: ir.Block) -> ir.Operation | None:
    """The ancestor of `op` (itself included) that is in `block`."""
    while op is not None:
        if op.block == block:
            return op
        parent = op.parent
        op = parent.operation if parent is not None else None
    return None


def _candidate_dealloc(alloc: ir.Operation, block: ir.Block) -> ir.Operation | None:
    deallocs = []
    for use in alloc.results[0].uses:
        user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
        if user.name in _FREEING_OPS:
            deallocs.append(user)
    if len(deallocs) != 1 or deallocs[0].name != "memref.dealloc" or deallocs[0].block != block:
        return None
    memref_type = ir.MemRefType(alloc.results[0].type)
    layout = memref_type.layout
    if memref_type.memory_space is not None or not (
            isinstance(layout, ir.AffineMapAttr) and layout.value == ir.AffineMap.get_identity(memref_type.rank)):
        return None
    if _element_bytes(memref_type.element_type) is None:
        return None
    return deallocs[0]


def _live_end(alloc: ir.Operation, dealloc: ir.Operation, block: ir.Block, position: dict) -> int | None:
    """The position of the last top-level op that uses the buffer or a memref derived from it;
    None when something derived from it is freed too (a view's free would free the arena)."""
    end = position[alloc]
    pending = [alloc.results[0]]
    seen: set = set()
    while pending:
        value = pending.pop()
        for use in value.uses:
            user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
            if user == dealloc:
                continue
            if user.name in _FREEING_OPS:
                return None
            top = _top_level(user, block)
            end = max(end, position[top])
            for holder in {user, top}:
                for result in holder.results:
                    if isinstance(result.type, (ir.MemRefType, ir.UnrankedMemRefType)) and result not in seen:
                        seen.add(result)
                        pending.append(result)
    return end


# Index computations a dynamic size may be made of, repeated where the arena is allocated when
# the size is computed later in the block (a reshape's row count `batch * seq` next to its
# buffer). Nothing that can trap or read memory but `memref.dim` (of a buffer defined there).
_SIZE_OPS = frozenset({
    "arith.constant", "arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.maxui", "arith.minsi",
    "arith.minui", "arith.index_cast", "arith.index_castui", "arith.cmpi", "arith.select", "affine.apply",
    "affine.min", "affine.max", "memref.dim",
})


def _defining_op(value: ir.Value) -> ir.Operation | None:
    owner = value.owner
    if isinstance(owner, ir.Block):
        return None
    return owner.operation if hasattr(owner, "operation") else owner


def _dominates_point(value: ir.Value, block: ir.Block, point: int, position: dict) -> bool:
    """Whether `value` is defined before position `point` of `block` (or outside the function)."""
    op = _defining_op(value)
    if op is None:
        return value.owner == block
    top = _top_level(op, block)
    if top is None:
        return True  # defined outside the function's body
    return op == top and position[top] < point


def _computable_at(value: ir.Value, block: ir.Block, point: int, position: dict, depth: int = 0) -> bool:
    """Whether `value` is available at `point` or can be recomputed there from what is (_SIZE_OPS)."""
    if _dominates_point(value, block, point, position):
        return True
    op = _defining_op(value)
    if op is None or depth > 16 or op.name not in _SIZE_OPS or op.block != block or len(op.regions):
        return False
    return all(_computable_at(v, block, point, position, depth + 1) for v in op.operands)


def _recompute_at(value: ir.Value, block: ir.Block, point: int, position: dict, done: dict) -> ir.Value:
    """`value` at the current insertion point (before `point`): itself, or a copy of its computation."""
    if _dominates_point(value, block, point, position):
        return value
    if value not in done:
        op = _defining_op(value)
        operands = [_recompute_at(v, block, point, position, done) for v in op.operands]
        copy = op.clone()
        for i, operand in enumerate(operands):
            copy.operands[i] = operand
        for old, new in zip(op.results, copy.results):
            done[old] = new
    return done[value]


def _first_fit(buffers: list[_Buffer]) -> int:
    """Constant offsets for fixed-size buffers; returns the bytes they span."""
    placed: list[_Buffer] = []
    total = 0
    for buffer in buffers:
        size = _round_up(buffer.static_bytes)
        busy = sorted((b.offset, b.offset + _round_up(b.static_bytes)) for b in placed
                      if b.start <= buffer.end and buffer.start <= b.end)
        offset = 0
        for lo, hi in busy:
            if offset + size <= lo:
                break
            offset = max(offset, hi)
        buffer.offset = offset
        placed.append(buffer)
        total = max(total, offset + size)
    return total


def _assign_slots(buffers: list[_Buffer]) -> list[_Slot]:
    slots: list[_Slot] = []
    for buffer in buffers:
        free = [s for s in slots if all(m.end < buffer.start or buffer.end < m.start for m in s.members)]
        same = [s for s in free if any(m.key == buffer.key for m in s.members)]
        chosen = (same or free or [None])[0]
        if chosen is None:
            chosen = _Slot()
            slots.append(chosen)
        chosen.members.append(buffer)
        buffer.slot = slots.index(chosen)
    return slots


def plan_function(func_op: ir.Operation) -> int:
    """Plan one function's top-level temporaries into an arena; returns how many were planned."""
    if len(func_op.regions) == 0 or len(func_op.regions[0].blocks) != 1:
        return 0
    block = func_op.regions[0].blocks[0]
    ops = [op.operation for op in block.operations]
    position = {op: i for i, op in enumerate(ops)}
    buffers: list[_Buffer] = []
    point = None
    for op in ops:
        if op.name != "memref.alloc" or len(op.operands) != sum(
                ir.ShapedType.is_dynamic_size(d) for d in ir.MemRefType(op.results[0].type).shape):
            continue  # (an alloc with symbol operands: none from bufferization)
        dealloc = _candidate_dealloc(op, block)
        if dealloc is None:
            continue
        if point is None:
            point = position[op]
        dynamic = list(op.operands)
        if not all(_computable_at(v, block, point, position) for v in dynamic):
            continue
        memref_type = ir.MemRefType(op.results[0].type)
        static_bytes = _element_bytes(memref_type.element_type)
        for d in memref_type.shape:
            if not ir.ShapedType.is_dynamic_size(d):
                static_bytes *= d
        end = _live_end(op, dealloc, block, position)
        if end is None:
            continue
        buffers.append(_Buffer(op, dealloc, position[op], end, static_bytes, dynamic))
    if len(buffers) < MIN_BUFFERS:
        return 0
    fixed = [b for b in buffers if not b.dynamic]
    dynamic = [b for b in buffers if b.dynamic]
    fixed_bytes = _first_fit(fixed)
    slots = _assign_slots(dynamic)
    first = ops[point]
    index = ir.IndexType.get()
    i8 = ir.IntegerType.get_signless(8)
    last = ops[max(b.end for b in buffers)]
    with first.location:
        with ir.InsertionPoint(first):
            c = {}

            def const(n: int) -> ir.Value:
                if n not in c:
                    c[n] = arith.constant(index, n)
                return c[n]

            sizes: dict = {}

            def rounded_bytes(buffer: _Buffer) -> ir.Value:
                if buffer.key not in sizes:
                    sizes[buffer.key] = _rounded_bytes(buffer)
                return sizes[buffer.key]

            recomputed: dict = {}

            def _rounded_bytes(buffer: _Buffer) -> ir.Value:
                size = const(buffer.static_bytes)
                for v in buffer.dynamic:
                    size = arith.muli(size, _recompute_at(v, block, point, position, recomputed))
                # at least ALIGNMENT bytes, a multiple of ALIGNMENT
                size = arith.maxui(size, const(1))
                size = arith.addi(size, const(ALIGNMENT - 1))
                return arith.muli(arith.divui(size, const(ALIGNMENT)), const(ALIGNMENT))

            offsets: list[ir.Value] = []
            total: ir.Value | int = fixed_bytes
            for slot in slots:
                offsets.append(const(total) if isinstance(total, int) else total)
                size = None
                for key in dict.fromkeys(member.key for member in slot.members):
                    this = rounded_bytes(next(m for m in slot.members if m.key == key))
                    size = this if size is None else arith.maxui(size, this)
                total = arith.addi(const(total) if isinstance(total, int) else total, size)
            alignment = {"alignment": ir.IntegerAttr.get(ir.IntegerType.get_signless(64), ALIGNMENT)}
            if isinstance(total, int):
                arena_type = ir.MemRefType.get([total], i8)
                operands = []
            else:
                arena_type = ir.MemRefType.get([ir.ShapedType.get_dynamic_size()], i8)
                operands = [total]
            arena = ir.Operation.create(
                "memref.alloc", results=[arena_type], operands=operands,
                attributes={**alignment, "operandSegmentSizes": ir.DenseI32ArrayAttr.get([len(operands), 0])}).result
            if isinstance(total, int):
                # memref.view's source: a dynamically sized i8 buffer is accepted everywhere.
                arena = memref_d.cast(ir.MemRefType.get([ir.ShapedType.get_dynamic_size()], i8), arena)
            arena_dealloc = ir.Operation.create("memref.dealloc", operands=[arena_type_value(arena)])
        arena_dealloc.move_after(last)
    for buffer in buffers:
        alloc = buffer.alloc
        with ir.InsertionPoint(alloc), alloc.location:
            offset = offsets[buffer.slot] if buffer.dynamic else arith.constant(index, buffer.offset)
            view = memref_d.view(alloc.results[0].type, arena, offset, buffer.dynamic)
        alloc.results[0].replace_all_uses_with(view)
        buffer.dealloc.erase()
        alloc.erase()
    return len(buffers)


def arena_type_value(arena: ir.Value) -> ir.Value:
    """The allocated buffer under the arena's cast (what is freed)."""
    owner = arena.owner
    op = owner.operation if hasattr(owner, "operation") else owner
    return op.operands[0] if op.name == "memref.cast" else arena


def plan_arenas(module: ir.Operation) -> int:
    """`exir-cpu-plan-arena`: every function's top-level temporaries into one arena per call (see
    the module docstring). Returns how many allocations became views of an arena."""
    planned = 0
    for func_op in collect_ops(module, "func.func"):
        planned += plan_function(func_op)
    return planned
