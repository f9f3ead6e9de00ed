"""Builders for to-linalg: tensor.empty/fill, broadcasting linalg.generic, scalar arith/math."""

from __future__ import annotations

import math as pymath
import contextlib
from typing import Callable, Sequence

from exir_mlir._mlir import arith, ir, linalg, tensor

from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    bitwidth,
    element_type,
    is_bool,
    is_float,
    is_unsigned,
    isa,
    rank_of,
    ranked,
    scalar_constant,
    shape_of,
)
from .shapes import ShapeContext

PARALLEL = "parallel"
REDUCTION = "reduction"


def iterators(kinds: Sequence[str]) -> ir.ArrayAttr:
    return ir.ArrayAttr.get([ir.Attribute.parse(f"#linalg.iterator_type<{k}>") for k in kinds])


def affine_map(n_dims: int, results: Sequence) -> ir.AffineMap:
    """results: ints i (-> dim i) or ('const', c)."""
    exprs = []
    for r in results:
        if isinstance(r, tuple):
            exprs.append(ir.AffineConstantExpr.get(r[1]))
        else:
            if not 0 <= r < n_dims:  # MLIR asserts (aborts the process) on such a map
                raise Unsupported(f"internal: indexing map dim d{r} out of {n_dims} loops")
            exprs.append(ir.AffineDimExpr.get(r))
    return ir.AffineMap.get(n_dims, 0, exprs)


def maps_attr(maps: Sequence[ir.AffineMap]) -> ir.ArrayAttr:
    return ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps])


# uint8..uint64: to-linalg lowers an op on unsigned tensors as its signless twin (pass_.py,
# `lower_unsigned`); this records which operands/results of the op being lowered were unsigned,
# so that the scalar bodies pick unsigned arith ops (uitofp, cmpi ult, divui, maxui, ...).
_UNSIGNED: list = [frozenset(), frozenset()]


@contextlib.contextmanager
def unsigned_op(operands: frozenset, results: frozenset):
    saved = list(_UNSIGNED)
    _UNSIGNED[:] = [operands, results]
    try:
        yield
    finally:
        _UNSIGNED[:] = saved


def unsigned_operand(i: int = 0) -> bool:
    """Whether operand `i` of the op being lowered is an unsigned (uint8..uint64) tensor."""
    return i in _UNSIGNED[0]


def unsigned_result(i: int = 0) -> bool:
    return i in _UNSIGNED[1]


def check_supported_element(t: ir.Type) -> None:
    if is_unsigned(t):
        # ops on unsigned tensors reach the builders as their signless twins (unsigned.py): a uiN here is a bug
        raise Unsupported("internal: an unsigned (uiN) type reached a to-linalg builder; please report the op")
    if isa(ir.ComplexType, t):
        raise Unsupported("complex tensors are not lowered: exir_mlir.compile and `exir-mlir import "
                          "--decompose` rewrite complex values to real ones first")


def empty(result_type: ir.Type, dyn: Sequence[ir.Value]) -> ir.Value:
    return tensor.EmptyOp(_sizes(shape_of(result_type), dyn), element_type(result_type)).result


def _sizes(shape, dyn):
    it = iter(dyn)
    return [next(it) if s == DYNAMIC else s for s in shape]


def fill(value, result_type: ir.Type, dyn: Sequence[ir.Value]) -> ir.Value:
    init = empty(result_type, dyn)
    elem = element_type(result_type)
    c = value if isinstance(value, ir.Value) else scalar_constant(value, elem)
    return linalg.fill(c, outs=[init])


def broadcast_map(operand_shape: Sequence[int], result_shape: Sequence[int]) -> ir.AffineMap:
    """Torch broadcasting as an indexing map: right-aligned; a static 1 against a non-1 dim
    reads index 0. A dynamic dim is never a broadcast (export specializes 0/1 sizes)."""
    n, r = len(result_shape), len(operand_shape)
    if r > n:
        raise Unsupported(f"an operand of rank {r} does not broadcast to rank {n}")
    results = []
    for i, s in enumerate(operand_shape):
        d = n - r + i
        if s == 1 and result_shape[d] != 1:
            results.append(("const", 0))
        else:
            results.append(d)
    return affine_map(n, results)


def result_dims_from_operands(ctx: ShapeContext, result: ir.Value | ir.Type, operands: Sequence[ir.Value],
                              value: ir.Value | None = None) -> list[ir.Value]:
    """Dynamic dims of an elementwise result: its own symbolic shape, else an operand's dim
    (also where the shape names a symbol that is no function argument's dim, e.g. `u0`)."""
    shape = shape_of(result)
    like: list = [None] * len(shape)
    for d, s in enumerate(shape):
        if s != DYNAMIC:
            continue
        for v in operands:
            vs = shape_of(v)
            od = d - (len(shape) - len(vs))
            if od >= 0 and vs[od] == DYNAMIC:
                like[d] = (v, od)
                break
    return ctx.dynamic_dims(result, like, value)


def elementwise(ctx: ShapeContext, operands: Sequence[ir.Value], result_type: ir.Type,
                body: Callable[..., ir.Value], *, source: ir.Value | None = None,
                init: ir.Value | None = None) -> ir.Value:
    """linalg.generic over the result shape; `body(*operand_scalars)` returns the result scalar."""
    out_shape = shape_of(result_type)
    out_elem = element_type(result_type)
    for v in operands:
        check_supported_element(element_type(v))
    check_supported_element(out_elem)
    if init is None:
        init = empty(result_type, result_dims_from_operands(ctx, result_type, operands, source))
    n = len(out_shape)
    maps = [broadcast_map(shape_of(v), out_shape) for v in operands] + [affine_map(n, list(range(n)))]
    op = linalg.GenericOp([result_type], list(operands), [init], maps_attr(maps), iterators([PARALLEL] * n))
    block = op.regions[0].blocks.append(*[element_type(v) for v in operands], out_elem)
    with ir.InsertionPoint(block):
        r = body(*block.arguments[: len(operands)])
        linalg.YieldOp([r])
    return op.result


# ----------------------------------------------------------------------------- scalar helpers


def const_like(value, t: ir.Type) -> ir.Value:
    return scalar_constant(value, t)


def convert_scalar(v: ir.Value, to: ir.Type, *, src_unsigned: bool = False,
                   dst_unsigned: bool = False) -> ir.Value:
    """torch's element conversion (float->int truncates, ->bool is != 0, bool->number is 0/1).
    `src_unsigned`/`dst_unsigned`: the signless integer `v`/`to` stands for an unsigned type."""
    src = v.type
    if src == to:
        return v
    check_supported_element(to)
    if is_bool(to):
        if is_float(src):
            return arith.CmpFOp(arith.CmpFPredicate.UNE, v, const_like(0.0, src)).result
        return arith.CmpIOp(arith.CmpIPredicate.ne, v, const_like(0, src)).result
    if is_float(to):
        if is_float(src):
            if bitwidth(to) > bitwidth(src):
                return arith.ExtFOp(to, v).result
            if bitwidth(to) < bitwidth(src):
                return arith.TruncFOp(to, v).result
            return arith.TruncFOp(to, arith.ExtFOp(ir.F32Type.get(), v).result).result  # f16 <-> bf16
        if is_bool(src) or src_unsigned:
            return arith.UIToFPOp(to, v).result
        return arith.SIToFPOp(to, v).result
    # to integer
    if is_float(src):
        if dst_unsigned:
            return _float_to_unsigned(v, to)
        return arith.FPToSIOp(to, v).result
    if bitwidth(to) > bitwidth(src):
        return (arith.ExtUIOp(to, v) if is_bool(src) or src_unsigned else arith.ExtSIOp(to, v)).result
    return arith.TruncIOp(to, v).result


def _float_to_unsigned(v: ir.Value, to: ir.Type) -> ir.Value:
    """torch's (x86) float -> uintN, also outside [0, 2^N) where fptoui would be poison.
    uint8/uint16 go through int32 and keep the low bits (-1.0 -> 255, 300.0 -> 44 for uint8).
    uint32/uint64 use the x86 unsigned conversion: x >= 2^(N-1) ? fptosi(x - 2^(N-1)) ^ 2^(N-1)
    : fptosi(x) in N bits, where an out-of-range fptosi is x86's "integer indefinite" 2^(N-1)
    (so -1.0 -> 2^N - 1, 2^N + 5 -> 0, NaN -> 2^(N-1), as eager gives)."""
    width = bitwidth(to)
    if width <= 16:
        return arith.TruncIOp(to, arith.FPToSIOp(ir.IntegerType.get_signless(32), v).result).result
    if bitwidth(v.type) < 32:
        v = arith.ExtFOp(ir.F32Type.get(), v).result  # f16/bf16: exact in f32
    half = const_like(float(2 ** (width - 1)), v.type)
    high = arith.CmpFOp(arith.CmpFPredicate.OGE, v, half).result
    low_part = arith.FPToSIOp(to, v).result
    high_part = arith.XOrIOp(arith.FPToSIOp(to, arith.SubFOp(v, half).result).result,
                             const_like(-(2 ** (width - 1)), to)).result
    return arith.SelectOp(high, high_part, low_part).result


def fneg_inf(t: ir.Type) -> ir.Value:
    return const_like(-pymath.inf, t)


def lowest(t: ir.Type, unsigned: bool = False) -> ir.Value:
    """The identity of max: -inf for floats, the minimum integer otherwise."""
    if is_float(t):
        return const_like(-pymath.inf, t)
    if is_bool(t) or unsigned:
        return const_like(0, t)
    return const_like(-(2 ** (bitwidth(t) - 1)), t)


def highest(t: ir.Type, unsigned: bool = False) -> ir.Value:
    if is_float(t):
        return const_like(pymath.inf, t)
    if is_bool(t):
        return const_like(1, t)
    if unsigned:
        return const_like(-1, t)  # all ones: the largest unsigned value
    return const_like(2 ** (bitwidth(t) - 1) - 1, t)


def extract_scalar(value: ir.Value) -> ir.Value:
    """The element of a 0-d (or all-1) tensor."""
    idx = [scalar_constant(0, ir.IndexType.get())] * rank_of(value)
    return tensor.ExtractOp(value, idx).result


def ranked_like(value, shape) -> ir.RankedTensorType:
    return ranked(shape, element_type(value))


def reassociation(groups: Sequence[Sequence[int]]) -> ir.ArrayAttr:
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(ir.IntegerType.get_signless(64), i)
                                               for i in g]) for g in groups])


# ----------------------------------------------------------------------------- structured ops


def generic(inputs: Sequence[ir.Value], input_maps, inits: Sequence[ir.Value], init_maps,
            kinds: Sequence[str], body: Callable) -> list[ir.Value]:
    n = len(kinds)
    maps = [affine_map(n, m) for m in list(input_maps) + list(init_maps)]
    op = linalg.GenericOp([v.type for v in inits], list(inputs), list(inits), maps_attr(maps), iterators(kinds))
    block = op.regions[0].blocks.append(*[element_type(v) for v in list(inputs) + list(inits)])
    with ir.InsertionPoint(block):
        results = body(*block.arguments)
        linalg.YieldOp(list(results) if isinstance(results, (list, tuple)) else [results])
    return list(op.results)


def kept_dims(rank, dims):
    return [d for d in range(rank) if d not in dims]


def reduce(ctx, x: ir.Value, dims: Sequence[int], init_value, combine: Callable, elem=None) -> ir.Value:
    """Reduce `x` over `dims` (the result drops them): combine(element, accumulator)."""
    rank = rank_of(x)
    kept = kept_dims(rank, dims)
    elem = elem or element_type(x)
    shape = shape_of(x)
    rt = ranked([shape[d] for d in kept], elem)
    dyn = [ctx.dim(x, d) for d in kept if shape[d] == DYNAMIC]
    init = fill(init_value, rt, dyn)
    kinds = [REDUCTION if d in dims else PARALLEL for d in range(rank)]
    return generic([x], [list(range(rank))], [init], [kept], kinds, lambda a, acc: combine(a, acc))[0]


def keepdim(ctx, reduced: ir.Value, result_type: ir.Type, dims: Sequence[int]) -> ir.Value:
    """Re-insert the reduced dims as size 1 (tensor.expand_shape)."""
    if shape_of(reduced) == shape_of(result_type):
        return reduced
    rank = rank_of(result_type)
    kept = kept_dims(rank, dims)
    groups: list[list[int]] = []
    if kept:
        for i, d in enumerate(kept):
            groups.append([d])
        for d in dims:  # each unit dim joins the group of the nearest kept dim before it
            before = [i for i, k in enumerate(kept) if k < d]
            groups[before[-1] if before else 0].append(d)
        groups = [sorted(g) for g in groups]
    shape = shape_of(result_type)
    dyn = [ctx.dim(reduced, i) for i, d in enumerate(kept) if shape[d] == DYNAMIC]
    static = list(shape)
    return tensor.ExpandShapeOp(result_type, reduced, reassociation(groups), dyn, static).result


def dims_like(ctx, result, like_pairs):
    """Dynamic dims of `result`: its symbolic shape, else (value, dim) pairs per result dim."""
    return ctx.dynamic_dims(result.type, list(like_pairs), result)


def broadcast_to(ctx, value: ir.Value, result_type: ir.Type, dyn) -> ir.Value:
    """`value` broadcast (torch rules) into a fresh tensor of `result_type`."""
    init = empty(result_type, dyn)
    return elementwise(ctx, [value], result_type, lambda x: x, init=init)


def pad_tensor(ctx, x, low, high, value) -> ir.Value:
    if not any(low) and not any(high):
        return x
    shape = shape_of(x)
    out_shape = [s if s == DYNAMIC else s + lo + hi for s, lo, hi in zip(shape, low, high)]
    rt = ranked(out_shape, element_type(x))
    pad = tensor.PadOp(rt, x, [], [], low, high)
    block = pad.regions[0].blocks.append(*[ir.IndexType.get()] * len(shape))
    with ir.InsertionPoint(block):
        tensor.YieldOp(value if isinstance(value, ir.Value) else const_like(value, element_type(x)))
    return pad.result


def static_shape(v: ir.Value, what: str) -> list[int]:
    s = shape_of(v)
    if DYNAMIC in s:
        raise Unsupported(f"{what} with dynamic shapes is not supported yet")
    return s


def gather_generic(res, inputs_rank_coords, dyn: Sequence[ir.Value] = ()):
    """A generic over the result whose body computes input coordinates and extracts; `dyn`: the
    sizes of the result's dynamic dims."""
    rank = rank_of(res)
    init = empty(res.type, list(dyn))
    g = linalg.GenericOp([res.type], [], [init], maps_attr([affine_map(rank, list(range(rank)))]),
                         iterators([PARALLEL] * rank))
    block = g.regions[0].blocks.append(element_type(res))
    with ir.InsertionPoint(block):
        ids = [linalg.IndexOp(d).result for d in range(rank)]
        linalg.YieldOp([inputs_rank_coords(ids)])
    return g.result
