"""`bound_tile_temporaries`: a temporary tile of a size known only at run time but bounded by a
constant (a peeled remainder's) -> a slice of a static temporary of that bound (part of
exir-cpu-bufferize, before the analysis).

In the remainder of a dynamic dim (schedule._peeled: the rows a vector tile leaves over), a
contraction and its fused epilogue are cut into blocks separately, so the contraction's tile
result is a tensor between the two: a slice of the empty tensor that also initializes the result,
which one-shot bufferization cannot write in place (the result is written there too). It became a
heap buffer of the remainder's size for every remainder tile: q·kᵀ of an attention decoding one
token (a dynamic sequence of 1: every tile a remainder) took a buffer from the pool and gave it
back 64 times per call, and ran 7x slower than its static build. Yet the size is at most the vector
tile less one: the peel made the loop's lower bound `(ub floordiv c) * c`, so `ub - iv` is at most
`ub mod c`. Such a slice of an empty tensor (whose contents are undefined anyway) is replaced by
the same slice of a new empty tensor of the bound's static shape: bufferization gives it a static
buffer, `promote-buffers-to-stack` puts it on the stack (at most STACK_BYTES) and
loop_buffers.hoist_loop_buffers takes it out of its loops. The slice may also be of an
`scf.forall`'s shared output whose init is an empty tensor (the body argument is the init's value):
a parallel loop's row tile and its peeled remainder (cond's matmul branch with a dynamic batch
took a heap buffer per call for the remainder, and a copy of the whole 64-row tile because the
remainder read the tile's init after the full blocks had written it).

A remainder tile can also become a heap buffer in bufferization itself: where the contraction of
a remainder takes its init from a tensor that is read again (the filled scores of attention over a
dynamic sequence, which the epilogue reads), one-shot bufferization copies the init into a new
buffer of the remainder's size, `memref.alloc(%size)`, inside the parallel loop's body, where the
arena (arena.py) cannot plan it (its size changes per iteration). `bound_remainder_buffers` runs
right after the analysis: such an alloc whose dynamic sizes all have constant bounds (at most
STACK_BYTES in all) becomes a static byte buffer of the bound and a `memref.view` of it with the
same sizes and type (the view of a byte buffer is contiguous, row-major: the alloc's own layout),
which promote-buffers-to-stack and hoist_loop_buffers then treat as above.

The bound of a size is found by writing it as an affine expression of its loop induction variables
and other values (through affine.apply and constants), putting in each induction variable that it
depends on with coefficient -1 its loop's lower bound (a size `ub - iv` is largest at the first
iteration), and reading a constant off what is left: a constant, or `x mod c` (at most c - 1).
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, memref, tensor
from exir_mlir.codegen.op_walk import collect_ops

# The largest temporary made static here: promote-buffers-to-stack's limit in pipeline.BUFFERIZE.
STACK_BYTES = 4096
_DYNAMIC = ir.ShapedType.get_dynamic_size()


def _owner(value: ir.Value):
    owner = value.owner
    return owner if isinstance(owner, ir.Block) else getattr(owner, "operation", owner)


def _loop_of(value: ir.Value) -> ir.Operation | None:
    """The scf.for whose induction variable `value` is."""
    owner = _owner(value)
    if not isinstance(owner, ir.Block) or ir.BlockArgument(value).arg_number != 0:
        return None
    loop = owner.owner
    return loop if loop is not None and loop.name == "scf.for" else None


class _Affine:
    """Index values as affine expressions over symbols, one symbol per leaf value."""

    def __init__(self) -> None:
        self.leaves: list[ir.Value] = []

    def symbol(self, value: ir.Value) -> ir.AffineExpr:
        for i, leaf in enumerate(self.leaves):
            if leaf == value:
                return ir.AffineSymbolExpr.get(i)
        self.leaves.append(value)
        return ir.AffineSymbolExpr.get(len(self.leaves) - 1)

    def of(self, value: ir.Value, depth: int = 0) -> ir.AffineExpr:
        owner = _owner(value)
        if depth < 16 and isinstance(owner, ir.Operation):
            if owner.name == "arith.constant" and isinstance(owner.attributes["value"], ir.IntegerAttr):
                return ir.AffineConstantExpr.get(ir.IntegerAttr(owner.attributes["value"]).value)
            if owner.name == "affine.apply":
                amap = ir.AffineMapAttr(owner.attributes["map"]).value
                operands = [self.of(v, depth + 1) for v in owner.operands]
                return _substitute(amap.results[0], operands, amap.n_dims)
        return self.symbol(value)


def _substitute(expr: ir.AffineExpr, operands: list, n_dims: int) -> ir.AffineExpr:
    """`expr` (of a map with n_dims dims) with its dims and symbols replaced by `operands`
    (dims first), rebuilt so that MLIR simplifies it (`x - (x floordiv c) * c` -> `x mod c`)."""
    if isinstance(expr, ir.AffineDimExpr):
        return operands[expr.position]
    if isinstance(expr, ir.AffineSymbolExpr):
        return operands[n_dims + expr.position]
    if isinstance(expr, ir.AffineConstantExpr):
        return expr
    for kind, build in ((ir.AffineAddExpr, lambda a, b: a + b), (ir.AffineMulExpr, lambda a, b: a * b),
                        (ir.AffineModExpr, ir.AffineModExpr.get),
                        (ir.AffineFloorDivExpr, ir.AffineFloorDivExpr.get),
                        (ir.AffineCeilDivExpr, ir.AffineCeilDivExpr.get)):
        if isinstance(expr, kind):
            binary = expr
            return build(_substitute(binary.lhs, operands, n_dims), _substitute(binary.rhs, operands, n_dims))
    raise ValueError(f"unexpected affine expression {expr}")


def _terms(expr: ir.AffineExpr) -> list[ir.AffineExpr]:
    if isinstance(expr, ir.AffineAddExpr):
        return _terms(expr.lhs) + _terms(expr.rhs)
    return [expr]


def _mentions(expr: ir.AffineExpr, position: int) -> bool:
    if isinstance(expr, ir.AffineSymbolExpr):
        return expr.position == position
    if isinstance(expr, ir.AffineBinaryExpr):
        return _mentions(expr.lhs, position) or _mentions(expr.rhs, position)
    return False


def _negated(term: ir.AffineExpr, position: int) -> bool:
    """Whether `term` is `-1 * symbol(position)`."""
    return isinstance(term, ir.AffineMulExpr) \
        and isinstance(term.lhs, ir.AffineSymbolExpr) and term.lhs.position == position \
        and isinstance(term.rhs, ir.AffineConstantExpr) and term.rhs.value == -1


def constant_upper_bound(value: ir.Value) -> int | None:
    """A constant that `value` (an index) never exceeds, proved as the module docstring says, or
    None."""
    affine = _Affine()
    expr = affine.of(value)
    for _ in range(16):
        if isinstance(expr, ir.AffineConstantExpr):
            return expr.value
        if isinstance(expr, ir.AffineModExpr):
            divisor = expr.rhs
            if isinstance(divisor, ir.AffineConstantExpr) and divisor.value > 0:
                return divisor.value - 1
            return None
        # An induction variable that the expression subtracts (and uses nowhere else): its lower bound.
        terms = _terms(expr)
        for position, leaf in enumerate(affine.leaves):
            loop = _loop_of(leaf)
            if loop is None:
                continue
            negated = [t for t in terms if _negated(t, position)]
            if len(negated) != 1 or any(_mentions(t, position) for t in terms if not _negated(t, position)):
                continue
            lower = affine.of(loop.operands[0])
            rebuilt = ir.AffineConstantExpr.get(0)
            for term in terms:
                rebuilt = rebuilt + (lower * -1 if _negated(term, position) else term)
            expr = ir.AffineExpr.simplify_affine_expr(rebuilt, 0, len(affine.leaves)).maybe_downcast()
            break
        else:
            return None
    return None


def _forall_init(value: ir.Value) -> ir.Value | None:
    """The init of the `scf.forall` shared output whose body argument `value` is, else None. In
    the body, that argument is the init's value (the forall writes its outputs only in its
    terminator, `tensor.parallel_insert_slice`), so a slice of it has the init's contents."""
    owner = _owner(value)
    if not isinstance(owner, ir.Block):
        return None
    forall = owner.owner
    if forall is None or forall.name != "scf.forall":
        return None
    view = getattr(forall, "operation", forall).opview
    number = ir.BlockArgument(value).arg_number - view.rank
    outputs = list(view.outputs)
    return outputs[number] if 0 <= number < len(outputs) else None


def _rooted_at_empty(value: ir.Value) -> bool:
    """Whether `value` is a tensor.empty or a slice (of a slice ...) of one, or of an `scf.forall`
    shared output initialized by one: contents undefined. (The peeled remainder of a row tile
    that a parallel loop made: the tile is a slice of the forall's output, whose init is empty.)"""
    for _ in range(64):
        owner = _owner(value)
        if isinstance(owner, ir.Operation) and owner.name == "tensor.extract_slice":
            value = owner.operands[0]
            continue
        init = _forall_init(value)
        if init is None:
            return isinstance(owner, ir.Operation) and owner.name == "tensor.empty"
        value = init
    return False


def bound_tile_temporaries(module: ir.Operation) -> int:
    """Replaces each slice of an empty tensor whose dynamic sizes all have constant bounds, at most
    STACK_BYTES in all, by the same slice of a new static empty tensor. Returns how many."""
    replaced = 0
    for op in collect_ops(module, "tensor.extract_slice"):
        slice_op = op.opview
        static_sizes = list(slice_op.static_sizes)
        if _DYNAMIC not in static_sizes or not _rooted_at_empty(op.operands[0]):
            continue
        dynamic_sizes = list(slice_op.sizes)
        next_dynamic = iter(dynamic_sizes)
        bounds = []
        for size in static_sizes:
            bound = size if size != _DYNAMIC else constant_upper_bound(next(next_dynamic))
            if bound is None or bound <= 0:
                break
            bounds.append(bound)
        else:
            elem = ir.RankedTensorType(op.results[0].type).element_type
            width = elem.width if isinstance(elem, (ir.FloatType, ir.IntegerType)) else 64
            count = 1
            for b in bounds:
                count *= b
            if count * max(width, 8) // 8 > STACK_BYTES:
                continue
            # A slice at offset 0 with unit strides of the bound's shape, of the same sizes: the
            # result's type (rank-reduced or not) is the old slice's.
            with ir.InsertionPoint(op), op.location:
                empty = tensor.EmptyOp(bounds, elem).result
                new = tensor.ExtractSliceOp(op.results[0].type, empty, [], dynamic_sizes, [],
                                            [0] * len(bounds), static_sizes, [1] * len(bounds)).result
            op.results[0].replace_all_uses_with(new)
            op.erase()
            replaced += 1
    return replaced


def _element_bytes(elem: ir.Type) -> int | None:
    if isinstance(elem, (ir.FloatType, ir.IntegerType)) and elem.width % 8 == 0:
        return elem.width // 8
    return None


# Ops whose result is a view of their first operand (the same buffer).
_VIEWS = ("memref.subview", "memref.cast", "memref.expand_shape", "memref.collapse_shape",
          "memref.reinterpret_cast", "memref.view", "memref.transpose")


def _stays_in_block(buffer: ir.Value) -> bool:
    """Whether no view of `buffer` leaves the block that made it: no region terminator (a loop's
    yield, a branch's result, a return) and no op of another kind that could keep it (a call, a
    select) takes one. Such a buffer may become one stack buffer for every iteration of the loops
    around it (hoist_loop_buffers); one that an iteration passes on must stay its own."""
    pending, seen = [buffer], 0
    while pending and seen < 256:
        value = pending.pop()
        seen += 1
        for use in value.uses:
            user = getattr(use.owner, "operation", use.owner)
            if user.name in _VIEWS:
                pending.extend(user.results)
            elif (user.name in ("scf.yield", "scf.condition", "func.return", "func.call", "arith.select",
                                "scf.forall.in_parallel", "tensor.parallel_insert_slice",
                                "bufferization.to_tensor")
                  or user.name.startswith(("cf.", "llvm."))):
                return False
    return not pending


def bound_remainder_buffers(module: ir.Operation) -> int:
    """After one-shot bufferization: each `memref.alloc` with dynamic sizes that all have constant
    bounds, at most STACK_BYTES in all, and that its block keeps (_stays_in_block) -> a static byte
    buffer of the bounds and a `memref.view` of it of the alloc's sizes and type. Returns how many."""
    replaced = 0
    for op in collect_ops(module, "memref.alloc"):
        memref_type = ir.MemRefType(op.results[0].type)
        shape = list(memref_type.shape)
        elem_bytes = _element_bytes(memref_type.element_type)
        if (_DYNAMIC not in shape or elem_bytes is None or len(op.operands) != shape.count(_DYNAMIC)
                or not (isinstance(memref_type.layout, ir.AffineMapAttr)
                        and memref_type.layout.value == ir.AffineMap.get_identity(memref_type.rank))
                or memref_type.memory_space is not None or not _stays_in_block(op.results[0])):
            continue
        sizes = list(op.operands)
        next_size = iter(sizes)
        count = 1
        for size in shape:
            bound = size if size != _DYNAMIC else constant_upper_bound(next(next_size))
            if bound is None or bound <= 0:
                break
            count *= bound
        else:
            if count * elem_bytes > STACK_BYTES:
                continue
            alignment = op.attributes["alignment"] if "alignment" in op.attributes else \
                ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 64)
            with ir.InsertionPoint(op), op.location:
                raw_type = ir.MemRefType.get([count * elem_bytes], ir.IntegerType.get_signless(8))
                raw = memref.AllocOp(raw_type, [], [], alignment=alignment).result
                zero = arith.constant(ir.IndexType.get(), 0)
                view = memref.ViewOp(memref_type, raw, zero, sizes).result
            op.results[0].replace_all_uses_with(view)
            op.erase()
            replaced += 1
    return replaced
