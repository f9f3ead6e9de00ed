"""Packs B of a row-major `C = A B` into column panels, so that the register kernel reads it in order.

The outer-product kernel (strategy.plan_contraction) keeps an mr x nr block of C in registers and
steps along k, reading one nr-wide row piece of B per step: with B row-major [K, N], consecutive
steps are N elements apart. For a power-of-two N those rows fall in the same few L1 sets (4 KiB
apart: 8 ways for the 64 rows of a k block), on a different page each, and the hardware prefetcher
does not follow them: 1024^3 ran at 46% of the FMA peak, 2048^3 at 43%, where the same kernel on
512^3 ran at 64%.

Here B [K, N] is viewed as [K, N/P, P] (a free expand_shape, P = the kernel's nr) and copied once
per call into panels Bp [N/P, K, P] (`linalg.transpose` of the two outer dims: the inner P elements
stay contiguous, so the copy is whole vectors), and the matmul becomes the contraction
C[i, j, l] += A[i, k] * Bp[j, k, l] on C viewed as [M, N/P, P]. Each register block then reads
its B panel as one contiguous stream. The copy is K*N elements against M*N*K multiply-adds.
The contraction carries PACKED_MARK; strategy.plan_contraction gives it cache blocks sized for
the packed panels.

Only `linalg.matmul` with the default maps (not one whose transposed operand transpose_folding
folded in: that one takes the dot kernel), float operands of one type, static K and N with N a
multiple of P, B larger than L1, and a static M of at least _MIN_ROWS. The copy of B costs about
as much as a few rows of the product (768 x 768 f32: ~75 us, one thread), so for few rows it is a
loss: x @ W of a dynamic batch at 8 rows ran 1.4x slower packed, at 128 rows 0.88x, at 1024 0.81x.
A dynamic M is not packed, since nothing here knows how many rows a call will bring; packing it
needs a run-time choice between the two forms (not built).
The panels' reshape of C stands between the contraction and its consumer: a bias or activation
after such a matmul runs as its own pass over C (not fused into the register tiles).
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor
from exir_mlir.codegen.host import HostCPU
from exir_mlir.codegen.op_walk import rewrite_each

PACKED_MARK = "exir.packed_b"
_MIN_K = 16  # below, the k loop is too short for the panel copy to pay
_MIN_ROWS = 64  # below, the per-call copy of B costs more than the panels save (see above)


def _default_maps(op: ir.Operation) -> bool:
    if "indexing_maps" not in op.attributes:
        return True
    d = [ir.AffineDimExpr.get(i) for i in range(3)]
    want = [ir.AffineMap.get(3, 0, [d[0], d[2]]), ir.AffineMap.get(3, 0, [d[2], d[1]]),
            ir.AffineMap.get(3, 0, [d[0], d[1]])]
    return [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])] == want


def _in_forall(op: ir.Operation) -> bool:
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        if parent.name == "scf.forall":
            return True
        parent = parent.parent
    return False


def panel_width(host: HostCPU, elem: ir.Type) -> int:
    """P: the outer-product kernel's nr, two vectors of `elem`."""
    return 2 * host.lanes(ir.FloatType(elem).width)


def _rewrite(op: ir.Operation, host: HostCPU) -> None:
    if len(op.operands) != 3 or len(op.results) != 1 or not _default_maps(op) or _in_forall(op) \
            or "cast" in op.attributes:
        raise ValueError("not a plain matmul")
    a, b, init = op.operands
    at, bt, ct = (ir.RankedTensorType(v.type) for v in (a, b, init))
    elem = ct.element_type
    if not isinstance(elem, (ir.F32Type, ir.F64Type)) or at.element_type != elem or bt.element_type != elem:
        raise ValueError("not one float type")
    dynamic = ir.ShapedType.get_dynamic_size()
    k, n = bt.shape
    m = ct.shape[0]
    p = panel_width(host, elem)
    if dynamic in (k, n, m) or n % p or n < 2 * p or k < _MIN_K or m < _MIN_ROWS:
        raise ValueError("sizes the panels do not fit")
    if k * n * ir.FloatType(elem).width // 8 <= host.l1d_bytes:
        # B stays in L1 whole: no conflicts to avoid, and the unpacked matmul keeps its fused
        # epilogue (the panels' reshape of C stands between it and its consumer).
        raise ValueError("B fits in L1")
    j = n // p
    b3 = tensor.ExpandShapeOp(ir.RankedTensorType.get([k, j, p], elem), b, [[0], [1, 2]], [], [k, j, p]).result
    empty = tensor.EmptyOp([j, k, p], elem).result
    packed = linalg.TransposeOp([ir.RankedTensorType.get([j, k, p], elem)], b3, empty,
                                ir.DenseI64ArrayAttr.get([1, 0, 2]))
    packed.regions[0].blocks.append(elem, elem)
    with ir.InsertionPoint(packed.regions[0].blocks[0]):
        linalg.YieldOp([packed.regions[0].blocks[0].arguments[0]])
    c3_type = ir.RankedTensorType.get([m, j, p], elem)
    c3 = tensor.ExpandShapeOp(c3_type, init, [[0], [1, 2]], [], [m, j, p]).result
    i_, j_, l_, k_ = (ir.AffineDimExpr.get(x) for x in range(4))
    maps = [ir.AffineMap.get(4, 0, [i_, k_]), ir.AffineMap.get(4, 0, [j_, k_, l_]),
            ir.AffineMap.get(4, 0, [i_, j_, l_])]
    kinds = ["parallel"] * 3 + ["reduction"]
    gen = linalg.GenericOp([c3_type], [a, packed.results[0]], [c3],
                           ir.ArrayAttr.get([ir.AffineMapAttr.get(x) for x in maps]),
                           ir.ArrayAttr.get([ir.Attribute.parse(f"#linalg.iterator_type<{t}>") for t in kinds]))
    block = gen.regions[0].blocks.append(elem, elem, elem)
    with ir.InsertionPoint(block):
        x, y, acc = block.arguments
        linalg.YieldOp([arith.addf(acc, arith.mulf(x, y))])
    gen.operation.attributes[PACKED_MARK] = ir.UnitAttr.get()
    out = tensor.CollapseShapeOp(ct, gen.results[0], [[0], [1, 2]]).result
    op.results[0].replace_all_uses_with(out)
    op.erase()


def pack_matmul_b(module: ir.Operation, host: HostCPU) -> int:
    """Rewrites every `linalg.matmul` that qualifies (see the module's doc); returns how many."""
    return rewrite_each(module, "linalg.matmul", lambda op: _rewrite(op, host), declines=(ValueError,))
