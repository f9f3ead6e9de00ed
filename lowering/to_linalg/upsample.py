"""to-linalg: nearest and bilinear 2-d upsampling as an index-computing linalg.generic.

An integer factor s (on both H and W; bilinear with half-pixel centers, align_corners=False) takes
a gather-free form instead: out[n, c, s*i + a, s*j + b] depends on (a, b) only through constant
weights, so it is a sum of shifted slices of x edge-replicated by one row and column (xp) with
per-phase weights, an elementwise generic over loops (n, c, i, a, b, j) that vectorizes along j:

  bilinear: sum over u, v in 0..2 of wh[a][u] * ww[b][v] * xp[n, c, i + u, j + v], where phase a's
            source coordinate i + t_a (t_a = (a + 0.5) / s - 0.5, clamped at 0 at the first row)
            blends rows floor(i + t_a) and the next, clamped at the last row (the replicated edge);
  nearest:  x[n, c, i, j].
The index-computing gather stays for other scales (its scalar loop computed two float-to-int
conversions and four gathers per output element: a few percent of a U-Net's time).
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, linalg, tensor

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, Unsupported, attr_dict, bitwidth, element_type, i64, index, index_constant, is_float, shape_of
from .builders import PARALLEL, const_like, gather_generic, iterators, maps_attr, reassociation, unsigned_operand
from .shapes import ShapeContext

FAMILY = "upsample"


def _integer_factor(scale: float, size_in: int, size_out: int) -> int | None:
    """s when `scale` (input / output coordinate) is 1 / s for an integer s >= 2 and the sizes
    agree (a dynamic size: the factor was given, so out = in * s)."""
    if scale <= 0:
        return None
    s = round(1.0 / scale)
    if s < 2 or abs(1.0 / s - scale) > 1e-12:
        return None
    if DYNAMIC not in (size_in, size_out) and size_out != size_in * s:
        return None
    return s


def _bilinear_weights(s: int) -> list[list[float]]:
    """w[a][u]: the weight of row i + u of the edge-replicated input for output row s*i + a."""
    table = []
    for a in range(s):
        t = (a + 0.5) / s - 0.5
        lo, frac = (0, t + 1.0) if t < 0 else (1, t)  # rows i - 1 / i of x = rows i / i + 1 of xp
        row = [0.0, 0.0, 0.0]
        row[lo] += 1.0 - frac
        row[lo + 1] += frac
        table.append(row)
    return table


def _replicate_edges(ctx, x):
    """x with its first and last row and column repeated once outside: (N, C, H + 2, W + 2)."""
    zero, one = index_constant(0), index_constant(1)
    for d in (2, 3):
        dims = [ctx.dim(x, i) for i in range(4)]
        shape = shape_of(x)
        sizes = [v if s == DYNAMIC else s for v, s in zip(dims, shape)]
        sizes[d] = arith.AddIOp(dims[d], index_constant(2)).result if shape[d] == DYNAMIC else shape[d] + 2
        y = tensor.empty(sizes, element_type(x))

        def put(y, src_offset, length, dst_offset):
            at = [zero] * 4
            at[d] = src_offset
            piece_sizes = list(dims)
            piece_sizes[d] = length
            to = [zero] * 4
            to[d] = dst_offset
            return _insert(_slice(x, at, piece_sizes), y, to, piece_sizes)

        y = put(y, zero, dims[d], one)  # x itself, one row/column in
        y = put(y, zero, one, zero)  # its first row/column before
        y = put(y, arith.SubIOp(dims[d], one).result, one, arith.AddIOp(dims[d], one).result)  # its last after
        x = y
    return x


def _mixed(values):
    """(static list with DYNAMIC placeholders, dynamic values) of index Values that may be constants."""
    static, dyn = [], []
    for v in values:
        c = _constant_index(v)
        if c is None:
            static.append(DYNAMIC_INDEX)
            dyn.append(v)
        else:
            static.append(c)
    return static, dyn


DYNAMIC_INDEX = ir.ShapedType.get_dynamic_stride_or_offset()


def _constant_index(v):
    """The value of an index constant, None for any other Value."""
    if not isinstance(v, ir.OpResult):
        return None
    op = v.owner.operation if hasattr(v.owner, "operation") else v.owner
    if op.name == "arith.constant":
        return ir.IntegerAttr(op.attributes["value"]).value
    return None


def _slice(x, offsets, sizes):
    so, do = _mixed(offsets)
    ss, ds = _mixed(sizes)
    ss = [DYNAMIC if s == DYNAMIC_INDEX else s for s in ss]
    t = ir.RankedTensorType.get(ss, element_type(x))
    return tensor.ExtractSliceOp(t, x, do, ds, [], so, ss, [1] * len(sizes)).result


def _insert(piece, dest, offsets, sizes):
    so, do = _mixed(offsets)
    ss, ds = _mixed(sizes)
    ss = [DYNAMIC if s == DYNAMIC_INDEX else s for s in ss]
    return tensor.InsertSliceOp(piece, dest, do, ds, [], so, ss, [1] * len(sizes)).result


def _integer_upsample(ctx, op, x, a, res, sh: int, sw: int) -> ir.Value:
    """The gather-free form of the module docstring for integer factors sh, sw."""
    elem = element_type(x)
    f32 = ir.F32Type.get()
    bilinear = a["mode"] != "nearest"
    dims = [ctx.dim(x, i) for i in range(4)]
    if bilinear:
        xp = _replicate_edges(ctx, x)
        shifts = [(u, v) for u in range(3) for v in range(3)]
        wh, ww = _bilinear_weights(sh), _bilinear_weights(sw)
        inputs = [_slice(xp, [index_constant(0), index_constant(0), index_constant(u), index_constant(v)], dims)
                  for u, v in shifts]
    else:
        inputs = [x]
    # loops (n, c, i, a, b, j); out viewed as (N, C, H, sh, W, sw)
    d = [ir.AffineDimExpr.get(i) for i in range(6)]
    in_map = ir.AffineMap.get(6, 0, [d[0], d[1], d[2], d[5]])
    out_map = ir.AffineMap.get(6, 0, [d[0], d[1], d[2], d[3], d[5], d[4]])
    shape = shape_of(x)
    out_shape = [shape[0], shape[1], shape[2], sh, shape[3], sw]
    out_dims = [dims[0], dims[1], dims[2], index_constant(sh), dims[3], index_constant(sw)]
    init = tensor.empty([v if s == DYNAMIC else s for v, s in zip(out_dims, out_shape)], elem)
    g = linalg.GenericOp([ir.RankedTensorType.get(out_shape, elem)], inputs, [init],
                         maps_attr([in_map] * len(inputs) + [out_map]), iterators([PARALLEL] * 6))
    block = g.regions[0].blocks.append(*([elem] * (len(inputs) + 1)))
    with ir.InsertionPoint(block):
        if not bilinear:
            linalg.YieldOp([block.arguments[0]])
        else:
            def weight(table, phase_dim, k):
                values = [row[k] for row in table]
                if len(set(values)) == 1:
                    return const_like(values[0], f32)
                phase = linalg.IndexOp(phase_dim).result
                w = const_like(values[-1], f32)
                for p in range(len(values) - 2, -1, -1):
                    is_p = arith.CmpIOp(arith.CmpIPredicate.eq, phase, index_constant(p)).result
                    w = arith.SelectOp(is_p, const_like(values[p], f32), w).result
                return w

            def wide(v):
                return v if elem == f32 else arith.ExtFOp(f32, v).result

            total = None
            for u in range(3):
                if all(row[u] == 0.0 for row in wh):
                    continue
                row_sum = None
                for v in range(3):
                    if all(row[v] == 0.0 for row in ww):
                        continue
                    term = arith.MulFOp(weight(ww, 4, v), wide(block.arguments[shifts.index((u, v))])).result
                    row_sum = term if row_sum is None else arith.AddFOp(row_sum, term).result
                term = arith.MulFOp(weight(wh, 3, u), row_sum).result
                total = term if total is None else arith.AddFOp(total, term).result
            linalg.YieldOp([total if elem == f32 else arith.TruncFOp(elem, total).result])
    groups = reassociation([[0], [1], [2, 3], [4, 5]])
    collapsed_shape = [shape[0], shape[1], DYNAMIC if shape[2] == DYNAMIC else shape[2] * sh,
                       DYNAMIC if shape[3] == DYNAMIC else shape[3] * sw]
    out = tensor.CollapseShapeOp(ir.RankedTensorType.get(collapsed_shape, elem), g.result, groups).result
    if out.type != res.type:
        out = tensor.CastOp(res.type, out).result
    return out


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
    if not is_float(elem) and a["mode"] != "nearest":
        # eager's uint8 bilinear kernel blends with fixed-point weights: neither rounding nor truncating
        # the float blend reproduces it (they differ by 1 on some pixels)
        dtype = f"uint{bitwidth(elem)}" if unsigned_operand(0) else str(elem)
        raise Unsupported(f"bilinear upsampling of an integer ({dtype}) tensor is not supported (eager's uint8 "
                          "kernel rounds with fixed-point weights that exir-mlir does not reproduce); interpolate "
                          "x.float() and cast the result back (e.g. .round().clamp(0, 255).to(torch.uint8))")
    f32 = ir.F32Type.get()
    if not a["align_corners"] and "scale_h" in a and "scale_w" in a:
        xs, rs = shape_of(x), shape_of(res)
        sh, sw = _integer_factor(a["scale_h"], xs[2], rs[2]), _integer_factor(a["scale_w"], xs[3], rs[3])
        if sh and sw:
            return [_integer_upsample(ctx, op, x, a, res, sh, sw)]
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
