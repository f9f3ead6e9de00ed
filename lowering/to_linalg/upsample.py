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
    # a scale the op leaves out depends on a dynamic size: computed once, before the loop nest
    runtime = {d: _runtime_scale(ctx, x, res, dyn, d, a["align_corners"])
               for d, name in ((2, "scale_h"), (3, "scale_w")) if name not in a}

    def src_coord(i, d, scale):
        def s():
            return runtime[d] if d in runtime else const_like(scale, f32)

        fi = arith.SIToFPOp(f32, arith.IndexCastOp(i64(), i).result).result
        if a["mode"] == "nearest":
            f = arith.MulFOp(fi, s()).result
        elif a["align_corners"]:
            f = arith.MulFOp(fi, s()).result
        else:  # half-pixel centers, clamped at 0
            f = arith.SubFOp(arith.MulFOp(arith.AddFOp(fi, const_like(0.5, f32)).result,
                                          s()).result, const_like(0.5, f32)).result
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
        fh, h0 = src_coord(oh, 2, a.get("scale_h"))
        fw, w0 = src_coord(ow, 3, a.get("scale_w"))
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


def _runtime_scale(ctx: ShapeContext, x: ir.Value, res: ir.Value, dyn: list[ir.Value], d: int,
                   align_corners: bool) -> ir.Value:
    """torch's output-to-input scale of spatial dim `d` from the sizes at run time, in f32 as eager
    computes it (area_pixel_compute_scale): with align_corners (in - 1) / (out - 1), 0 when out is
    1 (eager's guard: no division by zero); else in / out. `dyn`: the result's dynamic dims."""
    f32 = ir.F32Type.get()
    shape = shape_of(res)
    size_out = dyn[shape[:d].count(DYNAMIC)] if shape[d] == DYNAMIC else index_constant(shape[d])
    size_in = ctx.dim(x, d)

    def as_f32(i):
        return arith.SIToFPOp(f32, arith.IndexCastOp(i64(), i).result).result

    if not align_corners:
        return arith.DivFOp(as_f32(size_in), as_f32(size_out)).result
    one = index_constant(1)
    ratio = arith.DivFOp(as_f32(arith.SubIOp(size_in, one).result),
                         as_f32(arith.SubIOp(size_out, one).result)).result
    more_than_one = arith.CmpIOp(arith.CmpIPredicate.sgt, size_out, one).result
    return arith.SelectOp(more_than_one, ratio, const_like(0.0, f32)).result


def populate_upsample_patterns(table: PatternTable) -> None:
    table.add("edge.upsample2d", lower_upsample2d, family=FAMILY)
