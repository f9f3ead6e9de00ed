"""`exir-cpu-deinterleave-reads`: a vector read of every s-th element as one contiguous load and a shuffle.

A window tap of a strided pooling or convolution (`max_pool1d(3, stride=2)` reads x[2i], x[2i+1],
x[2i+2]) vectorizes to a `vector.transfer_read` of a view whose innermost stride is 2. MLIR lowers
such a read to one scalar load and one insert per lane, and LLVM then assembles the vector through
the stack: audio_cnn's stride-2 max and average pools spent 20% of the model's time there (64
`vmovss` loads and stores per vector and a store-forwarding stall on the reload). The lanes of the
read are s apart in memory and everything between them belongs to the same buffer, so the read is
one contiguous load of s*(n-1)+1 elements starting at the first lane's address and a shuffle that
keeps every s-th one (LLVM: a few `vpermt2ps`). A read with a constant mask (the leftover of a
row: its first m lanes) loads s*(m-1)+1 elements and selects the padding into the rest.

Only strides up to MAX_STRIDE are rewritten (a larger one would load MAX_STRIDE times more data than
it keeps: a column of a matrix stays a gather). Runs in exir-cpu-to-llvm once vectors are 1-D
(after lower_vectors) and before the transfers are lowered.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, memref, vector
from exir_mlir.codegen.op_walk import rewrite_each

MAX_STRIDE = 4


class _Declined(Exception):
    pass


def _constant_prefix_mask(mask: ir.Value, lanes: int) -> int:
    """How many leading lanes a constant mask enables (a mask of a true prefix, else declined)."""
    owner = mask.owner
    if not isinstance(owner, ir.Operation) and hasattr(owner, "operation"):
        owner = owner.operation
    if not isinstance(owner, ir.Operation) or owner.name != "arith.constant":
        raise _Declined
    attr = owner.attributes["value"]
    if not isinstance(attr, ir.DenseIntElementsAttr):
        raise _Declined
    bits = [bool(b) for b in attr] if not attr.is_splat else [bool(attr.get_splat_value().value)] * lanes
    enabled = sum(bits)
    if enabled == 0 or any(bits[enabled:]):
        raise _Declined
    return enabled


def _stride_of_read(read) -> tuple[int, int, int]:
    """(stride, lanes, enabled lanes) of a transfer_read this pass rewrites; declines the others."""
    source_type = ir.MemRefType(read.base.type)
    vector_type = ir.VectorType(read.result.type)
    if vector_type.rank != 1 or vector_type.is_dynamic_dim(0) or vector_type.scalable:
        raise _Declined
    element = source_type.element_type
    if isinstance(element, ir.IntegerType) and element.width == 1:
        raise _Declined  # bools are bytes in memory; vectors of i1 are bit-packed
    rank = source_type.rank
    minor_identity = ir.AffineMap.get(rank, 0, [ir.AffineDimExpr.get(rank - 1)])
    if ir.AffineMapAttr(read.attributes["permutation_map"]).value != minor_identity:
        raise _Declined
    if [bool(ir.BoolAttr(b).value) for b in ir.ArrayAttr(read.attributes["in_bounds"])] != [True]:
        raise _Declined
    strides, _ = source_type.get_strides_and_offset()
    stride = strides[-1]
    if source_type.is_dynamic_stride_or_offset(stride) or not 2 <= stride <= MAX_STRIDE:
        raise _Declined
    lanes = vector_type.shape[0]
    enabled = lanes if read.mask is None else _constant_prefix_mask(read.mask, lanes)
    return stride, lanes, enabled


def _rewrite(op: ir.Operation) -> None:
    read = op.opview
    stride, lanes, enabled = _stride_of_read(read)
    source_type = ir.MemRefType(read.base.type)
    element = source_type.element_type
    index = ir.IndexType.get()
    meta = memref.ExtractStridedMetadataOp(read.base)
    # The first lane's element offset in the base buffer: offset + sum(index * stride).
    first = meta.offset
    for i, idx in enumerate(read.indices):
        first = arith.addi(first, arith.muli(idx, meta.strides[i]))
    span = stride * (enabled - 1) + 1
    dynamic = ir.ShapedType.get_dynamic_stride_or_offset()
    span_type = ir.MemRefType.get([span], element, layout=ir.StridedLayoutAttr.get(dynamic, [1]))
    span_view = memref.ReinterpretCastOp(span_type, meta.base_buffer, [first], [], [],
                                         [dynamic], [span], [1]).result
    zero = arith.constant(index, 0)
    wide = vector.load(ir.VectorType.get([span], element), span_view, [zero])
    kept = [stride * lane for lane in range(enabled)] + [0] * (lanes - enabled)
    result = vector.shuffle(wide, wide, kept)
    if enabled < lanes:
        padding = vector.broadcast(read.result.type, read.padding)
        result = arith.select(read.mask, result, padding)
    read.result.replace_all_uses_with(result)
    op.erase()


def deinterleave_strided_reads(module: ir.Operation) -> int:
    """Rewrites every 1-D in-bounds `vector.transfer_read` of a view with a static innermost stride
    2..MAX_STRIDE (unmasked or with a constant prefix mask); returns how many."""
    return rewrite_each(module, "vector.transfer_read", _rewrite, declines=(_Declined,))
