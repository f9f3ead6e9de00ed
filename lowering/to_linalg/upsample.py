"""to-linalg: nearest and bilinear 2-d upsampling as an index-computing linalg.generic."""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, tensor

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, Unsupported, attr_dict, element_type, i64, index, index_constant, is_float, shape_of
from .builders import const_like, gather_generic
from .shapes import ShapeContext

FAMILY = "upsample"


def lower_upsample2d(op):
    """A gather generic: nearest reads floor(i * scale); bilinear blends the four neighbours.
    Dynamic dims: N and C are x's (tensor.dim), H and W the result's symbolic shape; the clamps
    at the last row/column use x's size (index arithmetic)."""
    ctx = ShapeContext.current()
    x = op.operands[0]
    a = attr_dict(op)
    res = op.results[0]
    dyn = ctx.dynamic_dims(res.type, [(x, 0), (x, 1), None, None], res)
    elem = element_type(x)
    if not is_float(elem):
        raise Unsupported("upsample needs a float input")
    f32 = ir.F32Type.get()

    def src_coord(i, d, scale):
        fi = arith.SIToFPOp(f32, arith.IndexCastOp(i64(), i).result).result
        if a["mode"] == "nearest":
            f = arith.MulFOp(fi, const_like(scale, f32)).result
        elif a["align_corners"]:
            f = arith.MulFOp(fi, const_like(scale, f32)).result
        else:  # half-pixel centers, clamped at 0
            f = arith.SubFOp(arith.MulFOp(arith.AddFOp(fi, const_like(0.5, f32)).result,
                                          const_like(scale, f32)).result, const_like(0.5, f32)).result
            f = arith.MaximumFOp(f, const_like(0.0, f32)).result
        lo = arith.IndexCastOp(index(), arith.FPToSIOp(i64(), f).result).result
        lo = arith.MinSIOp(lo, last(d)).result
        return f, lo

    def last(d):  # the index of x's last row (d = 2) or column (d = 3)
        if shape_of(x)[d] != DYNAMIC:
            return index_constant(shape_of(x)[d] - 1)
        return arith.SubIOp(ctx.dim(x, d), index_constant(1)).result

    def body(ids):
        n, c, oh, ow = ids
        fh, h0 = src_coord(oh, 2, a["scale_h"])
        fw, w0 = src_coord(ow, 3, a["scale_w"])
        if a["mode"] == "nearest":
            return tensor.ExtractOp(x, [n, c, h0, w0]).result
        h1 = arith.MinSIOp(arith.AddIOp(h0, index_constant(1)).result, last(2)).result
        w1 = arith.MinSIOp(arith.AddIOp(w0, index_constant(1)).result, last(3)).result

        def frac(f, lo):
            base = arith.SIToFPOp(f32, arith.IndexCastOp(i64(), lo).result).result
            return arith.SubFOp(f, base).result

        lh, lw = frac(fh, h0), frac(fw, w0)
        one = const_like(1.0, f32)

        def at(h, w):
            v = tensor.ExtractOp(x, [n, c, h, w]).result
            return v if elem == f32 else arith.ExtFOp(f32, v).result

        top = arith.AddFOp(arith.MulFOp(at(h0, w0), arith.SubFOp(one, lw).result).result,
                           arith.MulFOp(at(h0, w1), lw).result).result
        bottom = arith.AddFOp(arith.MulFOp(at(h1, w0), arith.SubFOp(one, lw).result).result,
                              arith.MulFOp(at(h1, w1), lw).result).result
        v = arith.AddFOp(arith.MulFOp(top, arith.SubFOp(one, lh).result).result,
                         arith.MulFOp(bottom, lh).result).result
        return v if elem == f32 else arith.TruncFOp(elem, v).result

    return [gather_generic(res, body, dyn)]


def populate_upsample_patterns(table: PatternTable) -> None:
    table.add("edge.upsample2d", lower_upsample2d, family=FAMILY)
