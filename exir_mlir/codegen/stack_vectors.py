"""`unmask_stack_vectors`: masked vector reads and writes of a small stack buffer -> whole reads and
writes with a select, so that LLVM keeps the buffer in registers.

A split reduction's partial sums (schedule.py: one vector of 64 f32 lanes per row) live in a tensor
that the full steps carry in registers; the peeled remainder step (a row length known only at run
time) updates a prefix of it, masked, and bufferization puts it on the stack. The masked write
became a masked store (AVX-512 `vmovaps {k}`), which the combine's loads right after cannot take
their data from before it reaches the cache, and a stack slot reached through masked intrinsics is
not one LLVM's SROA turns into registers: a row max over a dynamic sequence of 16 ran 5x slower
than its static build. Here, for a `memref.alloca` of a static shape, a masked `transfer_read` of
it (or of a view of it at constant offsets) becomes the read of the whole vector's place, then a
select of the padding where the mask is off; a masked `transfer_write` becomes a read of what is
there, a select of the new lanes where the mask is on, and a write of the whole vector. Both are
the same computation (the buffer is the thread's own, the accesses lie inside it); every access
then has a constant place and a full width.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, vector
from exir_mlir.codegen.op_walk import collect_ops


def _constant_index(value: ir.Value) -> int | None:
    owner = value.owner
    owner = getattr(owner, "operation", owner)
    if isinstance(owner, ir.Operation) and owner.name == "arith.constant":
        attr = owner.attributes["value"]
        if isinstance(attr, ir.IntegerAttr):
            return attr.value
    return None


def _place(base: ir.Value) -> tuple[ir.Value, list[int]] | None:
    """(the static-shape alloca under `base`, the offsets of `base` in it) when `base` is the
    alloca or a unit-stride view of it at constant offsets."""
    owner = getattr(base.owner, "operation", base.owner)
    if not isinstance(owner, ir.Operation):
        return None
    if owner.name == "memref.alloca":
        memref_type = ir.MemRefType(base.type)
        if not memref_type.has_static_shape or not _identity_layout(memref_type):
            return None
        return base, [0] * memref_type.rank
    if owner.name != "memref.subview":
        return None
    source = owner.operands[0]
    inner = _place(source)
    if inner is None:
        return None
    offsets = list(ir.DenseI64ArrayAttr(owner.attributes["static_offsets"]))
    strides = list(ir.DenseI64ArrayAttr(owner.attributes["static_strides"]))
    dynamic = ir.ShapedType.get_dynamic_stride_or_offset()
    if dynamic in offsets or any(s != 1 for s in strides) or len(offsets) != len(inner[1]):
        return None  # (a rank-reducing view would need its dropped dims: left alone)
    return inner[0], [a + b for a, b in zip(inner[1], offsets)]


def _identity_layout(memref_type: ir.MemRefType) -> bool:
    layout = memref_type.layout
    return isinstance(layout, ir.AffineMapAttr) and layout.value == ir.AffineMap.get_identity(memref_type.rank)


def _whole_access(op: ir.Operation, base: ir.Value, vector_type: ir.VectorType):
    """(alloca, constant indices in it) when `op` (a masked transfer on `base`) may read or write
    its vector's whole place in the alloca; else None."""
    place = _place(base)
    if place is None:
        return None
    alloca, offsets = place
    shape = ir.MemRefType(alloca.type).shape
    rank = len(shape)
    in_bounds = [ir.BoolAttr(b).value for b in ir.ArrayAttr(op.attributes["in_bounds"])]
    if not all(in_bounds):  # a lane outside the view is skipped there: the view's bounds matter
        return None
    permutation = ir.AffineMapAttr(op.attributes["permutation_map"]).value
    if permutation != ir.AffineMap.get_minor_identity(rank, vector_type.rank):
        return None
    n_indices = rank
    indices = [_constant_index(v) for v in list(op.operands)[_first_index(op):_first_index(op) + n_indices]]
    if None in indices:
        return None
    absolute = [o + i for o, i in zip(offsets, indices)]
    extent = [1] * (rank - vector_type.rank) + list(vector_type.shape)
    if any(a + e > s for a, e, s in zip(absolute, extent, shape)):
        return None
    return alloca, absolute


def _first_index(op: ir.Operation) -> int:
    # transfer_read(base, indices..., padding, mask?); transfer_write(value, base, indices..., mask?)
    return 1 if op.name == "vector.transfer_read" else 2


def _read_whole(alloca: ir.Value, indices: list[int], vector_type: ir.VectorType, padding: ir.Value) -> ir.Value:
    rank = ir.MemRefType(alloca.type).rank
    index = ir.IndexType.get()
    constants = [arith.constant(index, i) for i in indices]
    identity = ir.AffineMapAttr.get(ir.AffineMap.get_minor_identity(rank, vector_type.rank))
    in_bounds = ir.ArrayAttr.get([ir.BoolAttr.get(True)] * vector_type.rank)
    return vector.TransferReadOp(vector_type, alloca, constants, identity, padding, in_bounds).result


def _is_poison(value: ir.Value) -> bool:
    owner = getattr(value.owner, "operation", value.owner)
    return isinstance(owner, ir.Operation) and owner.name == "ub.poison"


def _rewrite_read(op: ir.Operation) -> bool:
    n = len(op.operands)
    base, padding, mask = op.operands[0], op.operands[n - 2], op.operands[n - 1]
    vector_type = ir.VectorType(op.results[0].type)
    access = _whole_access(op, base, vector_type)
    if access is None:
        return False
    with ir.InsertionPoint(op), op.location:
        whole = _read_whole(*access, vector_type, padding)
        if not _is_poison(padding):  # the lanes the mask leaves out read the padding
            whole = arith.select(mask, whole, vector.broadcast(vector_type, padding))
    op.results[0].replace_all_uses_with(whole)
    op.erase()
    return True


def _rewrite_write(op: ir.Operation) -> bool:
    n = len(op.operands)
    value, base, mask = op.operands[0], op.operands[1], op.operands[n - 1]
    vector_type = ir.VectorType(value.type)
    access = _whole_access(op, base, vector_type)
    if access is None:
        return False
    alloca, indices = access
    rank = ir.MemRefType(alloca.type).rank
    with ir.InsertionPoint(op), op.location:
        elem = vector_type.element_type
        padding = arith.constant(elem, 0.0 if isinstance(elem, ir.FloatType) else 0)  # (never read)
        there = _read_whole(alloca, indices, vector_type, padding)
        merged = arith.select(mask, value, there)
        constants = [arith.constant(ir.IndexType.get(), i) for i in indices]
        identity = ir.AffineMapAttr.get(ir.AffineMap.get_minor_identity(rank, vector_type.rank))
        in_bounds = ir.ArrayAttr.get([ir.BoolAttr.get(True)] * vector_type.rank)
        vector.TransferWriteOp(None, merged, alloca, constants, identity, in_bounds)
    op.erase()
    return True


def _masked_on_memref(op: ir.Operation) -> bool:
    if op.name not in ("vector.transfer_read", "vector.transfer_write"):
        return False
    segments = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    base = op.operands[0] if op.name == "vector.transfer_read" else op.operands[1]
    return segments[-1] == 1 and isinstance(base.type, ir.MemRefType)


def unmask_stack_vectors(module: ir.Operation) -> int:
    """Rewrites the masked transfers of static stack buffers (see the module docstring); returns
    how many."""
    done = 0
    for op in collect_ops(module, _masked_on_memref):
        done += _rewrite_read(op) if op.name == "vector.transfer_read" else _rewrite_write(op)
    return done
