"""to-linalg: `edge.random` as one parallel linalg.generic computing Philox4x32-10 per element.

Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11; the generator
of cuRAND and of torch's CUDA generator) is counter-based: element i's bits are a pure function of
(key, counter), so every element is computed independently (parallel, vectorizable, no state).
Key = the seed's low and high 32 bits; counter = (i mod 2^32, i div 2^32, stream, 0), i the
element's row-major linear index. Ten rounds of

    (hi0, lo0) = M0 * c0,  (hi1, lo1) = M1 * c2      (32 x 32 -> 64-bit products)
    c = (hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0),    k += (W0, W1) between rounds

give four 32-bit words x0..x3. Uniform [0, 1): f32 = (x0 >> 8) * 2^-24; f64 = ((x0:x1) >> 11) * 2^-53.
Normal: Box-Muller, sqrt(-2 log(1 - u1)) * cos(2 pi u2), u1 from x0 (x0:x1 for f64), u2 from x1
(x2:x3 for f64); in f32 the smallest 1 - u1 is 2^-24, so |z| <= 5.77.
"""

from __future__ import annotations

import math

from exir_mlir._mlir import arith, ir, linalg, math as mmath

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, Unsupported, attr_dict, element_type, i64, index, rank_of, shape_of
from .builders import PARALLEL, affine_map, const_like, empty, extract_scalar, iterators, maps_attr
from .shapes import ShapeContext

FAMILY = "random"

PHILOX_M0, PHILOX_M1 = 0xD2511F53, 0xCD9E8D57
PHILOX_W0, PHILOX_W1 = 0x9E3779B9, 0xBB67AE85
ROUNDS = 10


def _i32():
    return ir.IntegerType.get_signless(32)


def _c32(v: int) -> ir.Value:
    # i32 constants hold the unsigned word's bits (two's complement).
    return const_like(v - (1 << 32) if v >= 1 << 31 else v, _i32())


def _mulhilo(a: ir.Value, b: ir.Value) -> tuple[ir.Value, ir.Value]:
    """The low and high words of the 64-bit product of two unsigned 32-bit words. Widened to i64
    rather than arith.mului_extended, which the LLVM lowering takes on 1-d vectors only (the
    vectorized body has n-d ones); LLVM selects the widening multiply (pmuludq) either way."""
    p = arith.MulIOp(arith.ExtUIOp(i64(), a).result, arith.ExtUIOp(i64(), b).result).result
    return arith.TruncIOp(_i32(), p).result, arith.TruncIOp(_i32(), arith.ShRUIOp(p, const_like(32, i64())).result).result


def philox(c: list[ir.Value], k0: ir.Value, k1: ir.Value) -> list[ir.Value]:
    """Philox4x32-10 of the counter words `c` (four i32 values) under key (k0, k1)."""
    m0, m1, w0, w1 = _c32(PHILOX_M0), _c32(PHILOX_M1), _c32(PHILOX_W0), _c32(PHILOX_W1)
    for r in range(ROUNDS):
        lo0, hi0 = _mulhilo(m0, c[0])
        lo1, hi1 = _mulhilo(m1, c[2])
        c = [arith.XOrIOp(arith.XOrIOp(hi1, c[1]).result, k0).result, lo1,
             arith.XOrIOp(arith.XOrIOp(hi0, c[3]).result, k1).result, lo0]
        if r != ROUNDS - 1:
            k0, k1 = arith.AddIOp(k0, w0).result, arith.AddIOp(k1, w1).result
    return c


def _uniform(words: list[ir.Value], elem: ir.Type) -> ir.Value:
    """[0, 1) from one word (f32) or two (f64)."""
    if str(elem) == "f32":
        bits = arith.ShRUIOp(words[0], _c32(8)).result
        return arith.MulFOp(arith.UIToFPOp(elem, bits).result, const_like(2.0 ** -24, elem)).result
    wide = [arith.ExtUIOp(i64(), w).result for w in words[:2]]
    joined = arith.OrIOp(arith.ShLIOp(wide[0], const_like(32, i64())).result, wide[1]).result
    bits = arith.ShRUIOp(joined, const_like(11, i64())).result
    return arith.MulFOp(arith.UIToFPOp(elem, bits).result, const_like(2.0 ** -53, elem)).result


def _normal(words: list[ir.Value], elem: ir.Type) -> ir.Value:
    n = 1 if str(elem) == "f32" else 2
    u1 = arith.SubFOp(const_like(1.0, elem), _uniform(words[:n], elem)).result  # (0, 1]
    u2 = _uniform(words[n:2 * n], elem)
    radius = mmath.SqrtOp(arith.MulFOp(const_like(-2.0, elem), mmath.LogOp(u1).result).result).result
    angle = arith.MulFOp(const_like(2.0 * math.pi, elem), u2).result
    return arith.MulFOp(radius, mmath.CosOp(angle).result).result


def lower_random(op):
    ctx = ShapeContext.current()
    a = attr_dict(op)
    res = op.results[0]
    elem = element_type(res)
    if str(elem) not in ("f32", "f64"):
        raise Unsupported(f"edge.random draws f32 or f64, not {elem}")
    distribution = a["distribution"]
    if distribution not in ("uniform", "normal"):
        raise Unsupported(f"edge.random has no distribution {distribution!r}")
    seed = op.operands[0]
    given = iter(op.operands[1:])  # one index per dynamic result dim, in order
    dyn = ctx.dynamic_dims(res.type, [next(given, None) if s == DYNAMIC else None for s in shape_of(res)], res)
    init = empty(res.type, dyn)
    rank = rank_of(res)
    # Row-major strides of the result as index values (read inside the body: the region is not
    # isolated from above).
    sizes, it = [], iter(dyn)
    for s in shape_of(res):
        sizes.append(next(it) if s == DYNAMIC else const_like(s, index()))
    strides = [None] * rank
    stride = None
    for d in range(rank - 1, 0, -1):
        strides[d] = stride
        stride = sizes[d] if stride is None else arith.MulIOp(stride, sizes[d]).result
    if rank:
        strides[0] = stride
    s64 = extract_scalar(seed)
    k0 = arith.TruncIOp(_i32(), s64).result
    k1 = arith.TruncIOp(_i32(), arith.ShRUIOp(s64, const_like(32, i64())).result).result
    stream = _c32(int(a["stream"]) & 0xFFFFFFFF)
    g = linalg.GenericOp([res.type], [], [init], maps_attr([affine_map(rank, list(range(rank)))]),
                         iterators([PARALLEL] * rank))
    block = g.regions[0].blocks.append(elem)
    with ir.InsertionPoint(block):
        linear = None
        for d in range(rank):
            i = linalg.IndexOp(d).result
            term = i if strides[d] is None else arith.MulIOp(i, strides[d]).result
            linear = term if linear is None else arith.AddIOp(linear, term).result
        linear = arith.IndexCastUIOp(i64(), linear).result if linear is not None else const_like(0, i64())
        c0 = arith.TruncIOp(_i32(), linear).result
        c1 = arith.TruncIOp(_i32(), arith.ShRUIOp(linear, const_like(32, i64())).result).result
        words = philox([c0, c1, stream, _c32(0)], k0, k1)
        value = _uniform(words, elem) if distribution == "uniform" else _normal(words, elem)
        linalg.YieldOp([value])
    return [g.result]


def populate_random_patterns(table: PatternTable) -> None:
    table.add("edge.random", lower_random, family=FAMILY)
