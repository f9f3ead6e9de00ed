"""`exir-cpu-plan-arena`: the temporaries of a function share one buffer per call.

After bufferization every temporary of a function is a `memref.alloc` / `memref.dealloc` pair,
each a take from the buffer pool (buffer_pool.py: a spin lock and a scan of its slots) and a give
back per call. MLIR has no static memory planner (`promote-buffers-to-stack` only moves small
fixed-size buffers onto the stack, `buffer-hoisting` moves allocations, nothing packs them), so
this pass does it:

- A candidate is a `memref.alloc` whose buffer is freed by one unconditional `memref.dealloc` in
  the alloc's own block (so it neither escapes as a result nor is freed on one path only:
  ownership-based deallocation frees a buffer that may be returned under an `scf.if`, never
  unconditionally), with the identity layout, the default memory space and an integer or float
  element type. The alloc is in the function's entry block (its only block: runs before scf is
  lowered), or nested in the single-block regions of `scf.if`, `scf.index_switch`, `scf.for`,
  `scf.while` and `scf.execute_region` ops there (a `cond` branch, a `while_loop` body): each
  run of such a block frees what it allocated before it ends, so one place in the arena serves
  every iteration. Nothing inside an op whose iterations may run at once (`scf.forall`, a parallel
  body is a function of its own by now) is a candidate.
- Its live range is, in the entry block's program order, from the alloc (or the op it is nested
  in) to the last op that uses it or anything derived from it: every memref result of an op
  using the buffer (views, an `arith.select` between buffers, an `scf.if` yielding a view) is
  followed in turn. The buffers nested in one op are all live over that op's position.
- Fixed-size buffers get constant offsets by first fit (lowest offset that overlaps no buffer
  whose live range overlaps theirs). Buffers of dynamic size follow in slots: a buffer joins the
  first slot none of whose buffers is live at the same time (preferring one holding a buffer of
  the same sizes), a slot is as large as its largest buffer at run time, and the slots' offsets
  are computed once, where the arena is allocated. A dynamic buffer is a candidate only when its
  sizes can be computed there: block arguments, values computed before the first candidate, or
  index arithmetic of those (`batch * seq`, repeated there: _SIZE_OPS), or `memref.dim` of an
  expand_shape, alloc or view made later (the size operand that op was made with: _dim_source);
  a data-dependent size (read from memory later, or computed inside the region it is nested in)
  keeps its own allocation.
- Every buffer is rounded up to a multiple of 64 bytes (at least 64: two buffers live at once
  never share an address, which the deallocation's pointer comparisons rely on) and the arena is
  allocated 64-byte aligned, so each buffer is 64-byte aligned.
- The arena is one `memref.alloc` (a pool take) at the first candidate, each candidate becomes a
  `memref.view` of it at its offset, their deallocs go, and one `memref.dealloc` of the arena
  follows the last op of the last live range. An early exit of a failed run-time check frees the
  arena like any other buffer (error_exit_frees.py follows memref.view).

Parallel loop bodies (parallel_gomp.py: a function run once per thread's chunk, called once from
the function the loop was in) do not allocate at all: their candidates are planned the same way
into one *slice* of bytes, and the caller allocates a scratch buffer of one slice per thread (the
team size it asks GOMP_parallel for: the compiled thread count, or `omp_get_max_threads()` for
the pool's size), right around the call, which is then one more temporary of the caller and
lands in the caller's arena. The body takes the scratch buffer and its slot as two more
arguments (the slot's marked THREAD_SLOT_ARGUMENT): its buffers are views at `slot * slice +
offset`. The launch passes the team size in the slot argument; dispatch_with_gomp asks
GOMP_parallel for that many threads (never more: the team's thread numbers are below it) and
hands each thread's task its thread number as the slot (0 when the launch runs the body itself).
A body whose sizes depend on its chunk bounds cannot be sized by the caller and keeps an arena
of its own per chunk (none seen from the pipeline: its tile buffers are fixed-size, hoisted out
of its loop by loop_buffers.py).

First, the two buffers bufferization allocates for an `scf.if` result written by both branches
become one (branch_buffers.py: only one branch runs).

So a call of fixed sizes makes one pool take for all its temporaries, at any thread count; each
call takes its own arena (the pool keeps it for the next call of the same sizes), so concurrent
calls (several Python threads, or a native library's instances on several threads) never share
one, and nothing is kept across calls but what the pool keeps anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from exir_mlir._mlir import arith, func, ir
from exir_mlir._mlir import memref as memref_d
from exir_mlir.codegen.branch_buffers import share_branch_buffers
from exir_mlir.codegen.op_walk import collect_ops
from exir_mlir.codegen.parallel_gomp import BODY_PREFIX, THREAD_SLOT_ARGUMENT, THREADS_ATTR

ALIGNMENT = 64
_FREEING_OPS = ("memref.dealloc", "memref.realloc", "bufferization.dealloc")
# An arena of a single buffer gains nothing: it would be the same one pool take. (A parallel
# body's slice of the caller's arena does gain with one: MIN_BODY_BUFFERS.)
MIN_BUFFERS = 2
MIN_BODY_BUFFERS = 1
# Region-holding ops whose (single-block) regions' temporaries are planned: each run of such a
# block is done before the next starts, never two at once.
_NESTED = frozenset({"scf.if", "scf.index_switch", "scf.for", "scf.while", "scf.execute_region"})
MAX_THREADS_FUNCTION = "omp_get_max_threads"


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


@dataclass
class _Plan:
    """A function's candidates and their layout."""

    block: ir.Block
    ops: list[ir.Operation]
    position: dict
    point: int  # where the sizes are computed (and the arena allocated): before ops[point]
    buffers: list[_Buffer]
    fixed_bytes: int
    slots: list[_Slot]
    resolve_dims: bool  # sizes read off later views (_dim_source) were used


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


def _nested_allocs(op: ir.Operation):
    """The `memref.alloc`s in the single-block regions of `op` and of the _NESTED ops in them."""
    for region in op.regions:
        blocks = list(region.blocks)
        if len(blocks) != 1:
            continue
        for inner in blocks[0].operations:
            inner = inner.operation
            if inner.name == "memref.alloc":
                yield inner
            elif inner.name in _NESTED:
                yield from _nested_allocs(inner)


def _candidate_dealloc(alloc: ir.Operation) -> ir.Operation | None:
    deallocs = []
    for use in alloc.results[0].uses:
        user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
        if user.name in _FREEING_OPS:
            deallocs.append(user)
    if len(deallocs) != 1 or deallocs[0].name != "memref.dealloc" or deallocs[0].block != alloc.block:
        return None
    memref_type = ir.MemRefType(alloc.results[0].type)
    layout = memref_type.layout
    if memref_type.memory_space is not None or not (
            isinstance(layout, ir.AffineMapAttr) and layout.value == ir.AffineMap.get_identity(memref_type.rank)):
        return None
    if _element_bytes(memref_type.element_type) is None:
        return None
    return deallocs[0]


def _is_terminator(op: ir.Operation, last_ops: dict) -> bool:
    """Whether `op` ends its block (every block of these dialects ends in its terminator);
    `last_ops` caches each block's last op."""
    block = op.block
    if block not in last_ops:
        last_ops[block] = list(block.operations)[-1].operation
    return last_ops[block] == op


def _live_end(alloc: ir.Operation, dealloc: ir.Operation, block: ir.Block, position: dict,
              last_ops: dict) -> int | None:
    """The position of the last top-level op that uses the buffer or a memref derived from it;
    None when something derived from it is freed too (a view's free would free the arena).

    Derived: the memref results of an op that uses one (views, casts, selects), and what a region
    passes on of one (a terminator's use: the region-holding op's results and its regions' block
    arguments). A nested use alone derives nothing outside its region: the unit-row choice's
    `scf.if` reads the attention's buffers in its branches, and counting the if's result (another
    buffer, freed by a `bufferization.dealloc`) as theirs kept a transformer's 10 temporaries out
    of the arena. `last_ops`: _is_terminator's cache, shared by the calls of one plan."""
    end = position[_top_level(alloc, block)]
    pending = [alloc.results[0]]
    seen: set = set()

    def derive(values) -> None:
        for value in values:
            if isinstance(value.type, (ir.MemRefType, ir.UnrankedMemRefType)) and value not in seen:
                seen.add(value)
                pending.append(value)

    while pending:
        value = pending.pop()
        for use in value.uses:
            user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
            if user == dealloc:
                continue
            if user.name in _FREEING_OPS:
                return None
            end = max(end, position[_top_level(user, block)])
            derive(user.results)
            holder = user.parent.operation if user.parent is not None else None
            if _is_terminator(user, last_ops) and holder is not None and holder.name != "func.func":
                derive(holder.results)
                derive(arg for region in holder.regions for b in region.blocks for arg in b.arguments)
    return end


# Index computations a dynamic size may be made of, repeated where the arena is allocated when
# the size is computed later in the block (a reshape's row count `batch * seq` next to its
# buffer), or in a parallel body's caller. Nothing that can trap or read memory but `memref.dim`
# (of a buffer defined there).
_SIZE_OPS = frozenset({
    "arith.constant", "arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.maxui", "arith.minsi",
    "arith.minui", "arith.andi", "arith.index_cast", "arith.index_castui", "arith.cmpi", "arith.select",
    "affine.apply", "affine.min", "affine.max", "memref.dim",
})
_MAX_DEPTH = 64


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


def _dynamic_operand(static_sizes, operands: list[ir.Value], dim: int) -> ir.Value | None:
    """The operand among `operands` (one per dynamic entry of `static_sizes`) that gives size `dim`."""
    if not 0 <= dim < len(static_sizes) or not ir.ShapedType.is_dynamic_size(static_sizes[dim]):
        return None
    k = sum(ir.ShapedType.is_dynamic_size(d) for d in static_sizes[:dim])
    return operands[k] if k < len(operands) else None


def _dim_source(value: ir.Value) -> ir.Value | None:
    """For `memref.dim %m, C` of a dynamic dim, the value the op that made %m took that size from:
    an `expand_shape`'s output_shape, an alloc's or a view's size operand (by those ops'
    definitions, the same number). A size read off a view made later in the block (the batch of
    an activation reshaped between layers) is then computable where the arena is allocated."""
    op = _defining_op(value)
    if op is None or op.name != "memref.dim" or _constant_index(op.operands[1]) is None:
        return None
    dim = _constant_index(op.operands[1])
    source = _defining_op(op.operands[0])
    if source is None:
        return None
    static = list(ir.MemRefType(op.operands[0].type).shape)
    if source.name == "memref.expand_shape":
        return _dynamic_operand(static, list(source.operands)[1:], dim)
    if source.name == "memref.alloc":
        if len(source.operands) != sum(ir.ShapedType.is_dynamic_size(d) for d in static):
            return None  # symbol operands
        return _dynamic_operand(static, list(source.operands), dim)
    if source.name == "memref.view":
        return _dynamic_operand(static, list(source.operands)[2:], dim)
    return None


def _computable_at(value: ir.Value, block: ir.Block, point: int, position: dict, resolve_dims: bool,
                   depth: int = 0) -> bool:
    """Whether `value` is available at `point` or can be recomputed there from what is (_SIZE_OPS;
    with `resolve_dims`, a `memref.dim` through _dim_source)."""
    if _dominates_point(value, block, point, position):
        return True
    source = _dim_source(value) if resolve_dims else None
    if source is not None and depth <= _MAX_DEPTH:
        return _computable_at(source, block, point, position, resolve_dims, depth + 1)
    op = _defining_op(value)
    if op is None or depth > _MAX_DEPTH or op.name not in _SIZE_OPS or op.block != block or len(op.regions):
        return False
    return all(_computable_at(v, block, point, position, resolve_dims, depth + 1) for v in op.operands)


def _recompute_at(value: ir.Value, plan: _Plan, done: dict) -> ir.Value:
    """`value` at the current insertion point (before the plan's point): itself, or a copy of its
    computation."""
    block, point, position = plan.block, plan.point, plan.position
    if _dominates_point(value, block, point, position):
        return value
    source = _dim_source(value) if plan.resolve_dims else None
    if source is not None:
        return _recompute_at(source, plan, done)
    if value not in done:
        op = _defining_op(value)
        operands = [_recompute_at(v, plan, done) for v in op.operands]
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


def _collect(func_op: ir.Operation, *, min_buffers: int,
             size_ok: Callable[[ir.Value], bool] = lambda value: True) -> _Plan | None:
    """A function's candidates, laid out; None when there are fewer than `min_buffers`.
    `size_ok`: whether a dynamic size may be used (a parallel body: computable by its caller).

    Planned twice, without and with sizes read off later views (_dim_source), keeping the plan
    with more buffers (the first on a tie): the arena goes where the first candidate is, so a
    buffer that only the second way admits, nested in a region early in the block, could put it
    before sizes computed later that the first way's candidates need. So the rule never plans
    fewer buffers than before it (none of the benchmark models or test_arena's differ). The second
    way differs only in the dynamic sizes it admits: without a candidate of a dynamic size it is
    not planned (the first wins the tie)."""
    last_ops: dict = {}  # each block's last op, for _live_end (the IR does not change here)
    first, dynamic = _collect_once(func_op, size_ok, False, last_ops)
    plans = [first, _collect_once(func_op, size_ok, True, last_ops)[0]] if dynamic else [first]
    best = max(plans, key=lambda plan: -1 if plan is None else len(plan.buffers))
    return best if best is not None and len(best.buffers) >= min_buffers else None


def _collect_once(func_op: ir.Operation, size_ok: Callable[[ir.Value], bool], resolve_dims: bool,
                  last_ops: dict) -> tuple[_Plan | None, bool]:
    """The plan, and whether a candidate of a dynamic size was seen (where resolve_dims matters)."""
    if len(func_op.regions) == 0 or len(func_op.regions[0].blocks) != 1:
        return None, False
    block = func_op.regions[0].blocks[0]
    ops = [op.operation for op in block.operations]
    position = {op: i for i, op in enumerate(ops)}
    buffers: list[_Buffer] = []
    point = None
    saw_dynamic = False
    for op in ops:
        if op.name == "memref.alloc":
            allocs = [op]
        elif op.name in _NESTED:
            allocs = list(_nested_allocs(op))
        else:
            continue
        for alloc in allocs:
            memref_type = ir.MemRefType(alloc.results[0].type)
            if len(alloc.operands) != sum(ir.ShapedType.is_dynamic_size(d) for d in memref_type.shape):
                continue  # (an alloc with symbol operands: none from bufferization)
            dealloc = _candidate_dealloc(alloc)
            if dealloc is None:
                continue
            at = position[op] if point is None else point
            dynamic = list(alloc.operands)
            saw_dynamic = saw_dynamic or bool(dynamic)
            if not all(_computable_at(v, block, at, position, resolve_dims) and size_ok(v) for v in dynamic):
                continue
            static_bytes = _element_bytes(memref_type.element_type)
            for d in memref_type.shape:
                if not ir.ShapedType.is_dynamic_size(d):
                    static_bytes *= d
            end = _live_end(alloc, dealloc, block, position, last_ops)
            if end is None:
                continue
            point = at
            buffers.append(_Buffer(alloc, dealloc, position[op], end, static_bytes, dynamic))
    if not buffers:
        return None, saw_dynamic
    fixed_bytes = _first_fit([b for b in buffers if not b.dynamic])
    slots = _assign_slots([b for b in buffers if b.dynamic])
    return _Plan(block, ops, position, point, buffers, fixed_bytes, slots, resolve_dims), saw_dynamic


class _Sizes:
    """Emits the size computations of a plan at the current insertion point; `value_of` gives a
    dynamic size (a value of the plan's function) there."""

    def __init__(self, value_of: Callable[[ir.Value], ir.Value]) -> None:
        self._value_of = value_of
        self._constants: dict[int, ir.Value] = {}
        self._bytes: dict = {}

    def const(self, n: int) -> ir.Value:
        if n not in self._constants:
            self._constants[n] = arith.constant(ir.IndexType.get(), n)
        return self._constants[n]

    def _rounded_bytes(self, buffer: _Buffer) -> ir.Value:
        if buffer.key not in self._bytes:
            size = self.const(buffer.static_bytes)
            for v in buffer.dynamic:
                size = arith.muli(size, self._value_of(v))
            # at least ALIGNMENT bytes, a multiple of ALIGNMENT (an `andi`: nothing that can trap,
            # so a parallel body's caller may compute it again wherever its arena is: _SIZE_OPS)
            size = arith.maxui(size, self.const(1))
            size = arith.addi(size, self.const(ALIGNMENT - 1))
            self._bytes[buffer.key] = arith.andi(size, self.const(-ALIGNMENT))
        return self._bytes[buffer.key]

    def layout(self, plan: _Plan) -> tuple[list[ir.Value], ir.Value | int]:
        """The offsets of the dynamic slots and the bytes of the whole (an int when fixed)."""
        offsets: list[ir.Value] = []
        total: ir.Value | int = plan.fixed_bytes
        for slot in plan.slots:
            offsets.append(self.const(total) if isinstance(total, int) else total)
            size = None
            for key in dict.fromkeys(member.key for member in slot.members):
                this = self._rounded_bytes(next(m for m in slot.members if m.key == key))
                size = this if size is None else arith.maxui(size, this)
            total = arith.addi(self.const(total) if isinstance(total, int) else total, size)
        return offsets, total

    def value(self, n: ir.Value | int) -> ir.Value:
        return self.const(n) if isinstance(n, int) else n


def _views_of(plan: _Plan, source: ir.Value, base: ir.Value | None, offsets: list[ir.Value]) -> None:
    """Each planned alloc -> a `memref.view` of `source` at `base` + its offset; its dealloc goes."""
    index = ir.IndexType.get()
    for buffer in plan.buffers:
        alloc = buffer.alloc
        with ir.InsertionPoint(alloc), alloc.location:
            offset = offsets[buffer.slot] if buffer.dynamic else arith.constant(index, buffer.offset)
            if base is not None:
                offset = arith.addi(base, offset)
            view = memref_d.view(alloc.results[0].type, source, offset, buffer.dynamic)
        alloc.results[0].replace_all_uses_with(view)
        buffer.dealloc.erase()
        alloc.erase()


def _allocate_bytes(total: ir.Value | int) -> tuple[ir.Value, ir.Value]:
    """A 64-byte aligned i8 buffer of `total` bytes at the insertion point: (what is freed, the
    buffer as a `memref<?xi8>`, what memref.view takes everywhere)."""
    i8 = ir.IntegerType.get_signless(8)
    dynamic = ir.MemRefType.get([ir.ShapedType.get_dynamic_size()], i8)
    alignment = {"alignment": ir.IntegerAttr.get(ir.IntegerType.get_signless(64), ALIGNMENT)}
    if isinstance(total, int):
        buffer_type, operands = ir.MemRefType.get([total], i8), []
    else:
        buffer_type, operands = dynamic, [total]
    allocated = ir.Operation.create(
        "memref.alloc", results=[buffer_type], operands=operands,
        attributes={**alignment, "operandSegmentSizes": ir.DenseI32ArrayAttr.get([len(operands), 0])}).result
    return allocated, (memref_d.cast(dynamic, allocated) if isinstance(total, int) else allocated)


def plan_function(func_op: ir.Operation) -> int:
    """Plan one function's temporaries into an arena per call; returns how many were planned."""
    plan = _collect(func_op, min_buffers=MIN_BUFFERS)
    if plan is None:
        return 0
    first = plan.ops[plan.point]
    last = plan.ops[max(b.end for b in plan.buffers)]
    recomputed: dict = {}
    with first.location, ir.InsertionPoint(first):
        sizes = _Sizes(lambda v: _recompute_at(v, plan, recomputed))
        offsets, total = sizes.layout(plan)
        allocated, arena = _allocate_bytes(total)
        arena_dealloc = ir.Operation.create("memref.dealloc", operands=[allocated])
    arena_dealloc.move_after(last)
    _views_of(plan, arena, None, offsets)
    return len(plan.buffers)


def _body_argument_of_call(value: ir.Value, body_block: ir.Block) -> int | None:
    """Which argument of the body `value` is (None: not one, or the chunk bounds lo/hi, which the
    caller does not know per chunk)."""
    if isinstance(value.owner, ir.Block) and value.owner == body_block:
        number = ir.BlockArgument(value).arg_number
        return number if number >= 2 else None
    return None


def _caller_can_compute(value: ir.Value, body_block: ir.Block, depth: int = 0) -> bool:
    """Whether the body's `value` is computable in its caller from the call's operands (_SIZE_OPS)."""
    if isinstance(value.owner, ir.Block):
        return _body_argument_of_call(value, body_block) is not None
    op = _defining_op(value)
    if depth > _MAX_DEPTH or op.name not in _SIZE_OPS or op.block != body_block or len(op.regions):
        return False
    return all(_caller_can_compute(v, body_block, depth + 1) for v in op.operands)


def _in_caller(value: ir.Value, body_block: ir.Block, call: ir.Operation, done: dict) -> ir.Value:
    """The body's `value` computed at the caller's insertion point (before the call)."""
    if isinstance(value.owner, ir.Block):
        return call.operands[_body_argument_of_call(value, body_block)]
    if value not in done:
        op = _defining_op(value)
        operands = [_in_caller(v, body_block, call, done) for v in op.operands]
        copy = op.clone()
        for i, operand in enumerate(operands):
            copy.operands[i] = operand
        for old, new in zip(op.results, copy.results):
            done[old] = new
    return done[value]


def _append_arguments(func_op: ir.Operation, types: list[ir.Type],
                      attributes: list[ir.DictAttr]) -> list[ir.Value]:
    entry = func_op.regions[0].blocks[0]
    ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
    values = [entry.add_argument(t, func_op.location) for t in types]
    func_op.attributes["function_type"] = ir.TypeAttr.get(
        ir.FunctionType.get([*ftype.inputs, *types], list(ftype.results)))
    n = len(ftype.inputs)
    attrs = (list(ir.ArrayAttr(func_op.attributes["arg_attrs"])) if "arg_attrs" in func_op.attributes
             else [ir.DictAttr.get({}) for _ in range(n)])
    func_op.attributes["arg_attrs"] = ir.ArrayAttr.get([*attrs, *attributes])
    return values


class _TeamSizes:
    """The team size each caller asks GOMP_parallel for (an index value at the insertion point):
    the compiled thread count, or `omp_get_max_threads()` (the pool's size, what asking for 0
    threads gives), called once at the start of the caller so that every size computed from it is
    computable wherever the caller's arena is."""

    def __init__(self, module: ir.Operation, threads: int) -> None:
        self._module_block = module.regions[0].blocks[0]
        self._threads = threads
        self._per_caller: dict = {}
        self._declared = False

    def at(self, caller: ir.Operation) -> ir.Value:
        index = ir.IndexType.get()
        if self._threads > 0:
            return arith.constant(index, self._threads)
        if caller not in self._per_caller:
            self._declare()
            entry = caller.regions[0].blocks[0]
            with ir.InsertionPoint.at_block_begin(entry), caller.location:
                count = func.CallOp([ir.IntegerType.get_signless(32)], ir.FlatSymbolRefAttr.get(MAX_THREADS_FUNCTION),
                                    []).result
                self._per_caller[caller] = arith.index_cast(index, count)
        return self._per_caller[caller]

    def _declare(self) -> None:
        if self._declared:
            return
        self._declared = True
        for op in self._module_block.operations:
            if op.operation.name == "func.func" and ir.StringAttr(
                    op.operation.attributes["sym_name"]).value == MAX_THREADS_FUNCTION:
                return
        with ir.InsertionPoint.at_block_begin(self._module_block), ir.Location.unknown():
            func.FuncOp(MAX_THREADS_FUNCTION, ([], [ir.IntegerType.get_signless(32)]), visibility="private")


def plan_thread_slices(body: ir.Operation, call: ir.Operation, team_sizes: _TeamSizes) -> int:
    """A parallel body's temporaries -> views of its thread's slice of a scratch buffer that its
    caller allocates around the `call` (see the module docstring). Returns how many."""
    body_block = body.regions[0].blocks[0] if len(body.regions[0].blocks) == 1 else None
    if body_block is None:
        return 0
    plan = _collect(body, min_buffers=MIN_BODY_BUFFERS, size_ok=lambda v: _caller_can_compute(v, body_block))
    if plan is None:
        return 0
    index = ir.IndexType.get()
    i8 = ir.IntegerType.get_signless(8)
    scratch, slot = _append_arguments(
        body, [ir.MemRefType.get([ir.ShapedType.get_dynamic_size()], i8), index],
        [ir.DictAttr.get({}), ir.DictAttr.get({THREAD_SLOT_ARGUMENT: ir.UnitAttr.get()})])
    first = plan.ops[plan.point]
    recomputed: dict = {}
    with first.location, ir.InsertionPoint(first):
        sizes = _Sizes(lambda v: _recompute_at(v, plan, recomputed))
        offsets, slice_bytes = sizes.layout(plan)
        base = arith.muli(slot, sizes.value(slice_bytes))
    _views_of(plan, scratch, base, offsets)

    caller = call.parent
    while caller.name != "func.func":
        caller = caller.parent
    done: dict = {}
    with call.location, ir.InsertionPoint(call):
        threads = team_sizes.at(caller)
        caller_sizes = _Sizes(lambda v: _in_caller(v, body_block, call, done))
        _, caller_slice = caller_sizes.layout(plan)
        constant_threads = _constant_index(threads)
        if isinstance(caller_slice, int) and constant_threads is not None:
            total = caller_slice * constant_threads
        else:
            total = arith.muli(threads, caller_sizes.value(caller_slice))
        allocated, buffer = _allocate_bytes(total)
        callee = ir.FlatSymbolRefAttr(call.attributes["callee"])
        new_call = func.CallOp([], callee, [*call.operands, buffer, threads])
        freed = ir.Operation.create("memref.dealloc", operands=[allocated])
    freed.move_after(new_call.operation)
    call.erase()
    return len(plan.buffers)


def _constant_index(value: ir.Value) -> int | None:
    op = _defining_op(value)
    if op is not None and op.name == "arith.constant":
        return ir.IntegerAttr(op.attributes["value"]).value
    return None


def _calls_by_callee(functions: list[ir.Operation]) -> dict[str, list[ir.Operation]]:
    calls: dict[str, list[ir.Operation]] = {}
    for func_op in functions:
        for call in collect_ops(func_op, "func.call"):
            calls.setdefault(ir.FlatSymbolRefAttr(call.attributes["callee"]).value, []).append(call)
    return calls


def plan_arenas(module: ir.Operation) -> int:
    """`exir-cpu-plan-arena`: every function's temporaries into one arena per call, each parallel
    body's into its thread's slice of a scratch buffer in its caller's arena (see the module
    docstring), after the two branches' buffers of an `scf.if` result became one where they can
    (branch_buffers.py). Returns how many allocations became views."""
    share_branch_buffers(module)
    functions = collect_ops(module, "func.func")
    planned = 0
    if THREADS_ATTR in module.attributes:
        team_sizes = _TeamSizes(module, ir.IntegerAttr(module.attributes[THREADS_ATTR]).value)
        calls = _calls_by_callee(functions)
        for func_op in functions:
            name = ir.StringAttr(func_op.attributes["sym_name"]).value
            if name.startswith(BODY_PREFIX) and len(calls.get(name, [])) == 1:
                planned += plan_thread_slices(func_op, calls[name][0], team_sizes)
    for func_op in functions:
        planned += plan_function(func_op)
    return planned
