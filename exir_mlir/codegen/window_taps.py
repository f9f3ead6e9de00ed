"""Sliding-window linalg ops of any rank (3-d pooling generics, 3-d depthwise convolutions, grouped
N-d convolution generics with few taps) as one elementwise linalg.generic over the kernel taps.

The 2-d forms have their own rewrites (depthwise.py); this one reads the op's indexing maps
instead of its name, so it takes the linalg.generic that to-linalg builds for ranks without a
named op, in whatever form unit-dim folding left it. An input map result `o * s + k * d + c`
(o a parallel loop, k a reduction loop) is a sliding window: for one tap (a value of every
reduction loop) it reads the strided slice `x[.., c + k * d :: s, ..]`, sized like loop o. The
new generic runs over the parallel loops only; its body is the old body once per tap, in the
order of the reduction loops (the order linalg's semantics gives them), each taking the previous
tap's result as its accumulator. Every access is then a plain (projected permutation) map, so the
generic tiles and vectorizes like an elementwise op instead of running scalar window loops.

Applies only where the reduction loops have static bounds and at most MAX_TAPS points, the body
reads no loop index (linalg.index) and holds no regions, the op has one result, and some input
map result mixes a parallel and a reduction loop (a window: plain reductions are left alone).
"""

from __future__ import annotations

import itertools
import math

from exir_mlir._mlir import arith, ir, linalg, tensor
from exir_mlir.codegen.op_walk import rewrite_each

MAX_TAPS = 49

# Named window ops without a rewrite of their own (the 2-d ones are depthwise.py's).
NAMED = ("linalg.depthwise_conv_3d_ncdhw_cdhw",)


def _terms(expr: ir.AffineExpr) -> tuple[dict[int, int], int] | None:
    """A linear map result as ({dim: coefficient}, constant), None if it is not linear."""
    if isinstance(expr, ir.AffineDimExpr):
        return {expr.position: 1}, 0
    if isinstance(expr, ir.AffineConstantExpr):
        return {}, expr.value
    if isinstance(expr, ir.AffineMulExpr):
        lhs, rhs = expr.lhs, expr.rhs
        if isinstance(lhs, ir.AffineConstantExpr):
            lhs, rhs = rhs, lhs
        if isinstance(rhs, ir.AffineConstantExpr):
            inner = _terms(lhs)
            if inner is None:
                return None
            return {d: c * rhs.value for d, c in inner[0].items()}, inner[1] * rhs.value
        return None
    if isinstance(expr, ir.AffineAddExpr):
        a, b = _terms(expr.lhs), _terms(expr.rhs)
        if a is None or b is None:
            return None
        merged = dict(a[0])
        for d, c in b[0].items():
            merged[d] = merged.get(d, 0) + c
        return merged, a[1] + b[1]
    return None


def _body_ok(op: ir.Operation) -> bool:
    for inner in op.regions[0].blocks[0].operations:
        if inner.operation.name == "linalg.index" or len(inner.operation.regions):
            return False
    return True


class _Skip(Exception):
    pass


def _plan(op: ir.Operation):
    """Per input: list of (terms, const) per map result; the loop kinds and reduction bounds."""
    if len(op.results) != 1 or not _body_ok(op):
        raise _Skip
    maps = [m.value for m in linalg.get_indexing_maps(op.opview)]
    n_in = len(op.operands) - 1
    out_map = maps[-1]
    out_dims = []
    for e in out_map.results:
        if not isinstance(e, ir.AffineDimExpr):
            raise _Skip
        out_dims.append(e.position)
    n_loops = out_map.n_dims
    parallel = [d for d in range(n_loops) if d in out_dims]
    reduction = [d for d in range(n_loops) if d not in out_dims]
    if not reduction:
        raise _Skip
    # reduction loop bounds: from any input dim that is exactly that loop
    bounds: dict[int, int] = {}
    inputs = []
    window = False
    for value, amap in zip(list(op.operands)[:n_in], maps[:n_in]):
        shape = ir.RankedTensorType(value.type)
        rows = []
        for pos, e in enumerate(amap.results):
            t = _terms(e)
            if t is None:
                raise _Skip
            coeffs, _ = t
            par = [d for d in coeffs if d in parallel and coeffs[d]]
            red = [d for d in coeffs if d in reduction and coeffs[d]]
            if len(par) > 1 or any(coeffs[d] < 0 for d in coeffs):
                raise _Skip
            if par and red:
                window = True
            if red and not par and len(red) == 1 and coeffs[red[0]] == 1 and t[1] == 0 \
                    and not shape.is_dynamic_dim(pos):
                bounds[red[0]] = shape.get_dim_size(pos)
            rows.append(t)
        inputs.append(rows)
    if not window or any(d not in bounds for d in reduction):
        raise _Skip
    if math.prod(bounds[d] for d in reduction) > MAX_TAPS:
        raise _Skip
    return maps, inputs, out_dims, parallel, reduction, bounds


def _rewrite(op: ir.Operation) -> None:
    maps, inputs, out_dims, parallel, reduction, bounds = _plan(op)
    n_in = len(op.operands) - 1
    operands = list(op.operands)
    init = operands[-1]
    ot = ir.RankedTensorType(init.type)
    dynamic = ir.ShapedType.get_dynamic_size()
    new_index = {d: i for i, d in enumerate(parallel)}  # old parallel loop -> new loop
    rank = len(parallel)

    def loop_size(d):  # a parallel loop's bound, from the output
        pos = out_dims.index(d)
        s = ot.shape[pos]
        if s != dynamic:
            return s
        return tensor.dim(init, arith.constant(ir.IndexType.get(), pos))

    sizes = {d: loop_size(d) for d in parallel}
    new_inputs, new_maps, roles = [], [], []  # roles: (input index, tap index or None)
    taps = list(itertools.product(*[range(bounds[d]) for d in reduction]))
    old_block = op.regions[0].blocks[0]
    for i, rows in enumerate(inputs):
        value = operands[i]
        if not list(old_block.arguments[i].uses):
            continue  # e.g. the window shape operand of a pooling op
        elem = ir.RankedTensorType(value.type).element_type
        uses_reduction = any(d in reduction for coeffs, _ in rows for d in coeffs if coeffs[d])
        if not uses_reduction:
            # Read as is: only plain loop dims (a stride or an offset would need a slice).
            if any(const or len(coeffs) != 1 or set(coeffs.values()) != {1} for coeffs, const in rows):
                raise _Skip
            dims = [ir.AffineDimExpr.get(new_index[d]) for coeffs, _ in rows for d in coeffs]
            new_inputs.append(value)
            new_maps.append(ir.AffineMap.get(rank, 0, dims))
            roles.append((i, None))
            continue
        for t, tap in enumerate(taps):
            at = dict(zip(reduction, tap))
            offsets, szs, strides, kept, kept_sizes = [], [], [], [], []
            for coeffs, const in rows:
                par = [d for d in coeffs if d in parallel and coeffs[d]]
                offsets.append(const + sum(c * at[d] for d, c in coeffs.items() if d in at))
                if par:
                    szs.append(sizes[par[0]])
                    strides.append(coeffs[par[0]])
                    kept.append(ir.AffineDimExpr.get(new_index[par[0]]))
                    kept_sizes.append(sizes[par[0]])
                else:
                    szs.append(1)
                    strides.append(1)
            static = [s if isinstance(s, int) else dynamic for s in szs]
            dyn = [s for s in szs if not isinstance(s, int)]
            slice_type = ir.RankedTensorType.get([s if isinstance(s, int) else dynamic for s in kept_sizes], elem)
            new_inputs.append(tensor.ExtractSliceOp(slice_type, value, [], dyn, [], offsets, static, strides).result)
            new_maps.append(ir.AffineMap.get(rank, 0, kept))
            roles.append((i, t))
    out_map = ir.AffineMap.get(rank, 0, [ir.AffineDimExpr.get(new_index[d]) for d in out_dims])
    new_maps.append(out_map)
    generic = linalg.GenericOp([ot], new_inputs, [init], ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in new_maps]),
                               ir.ArrayAttr.get([ir.Attribute.parse("#linalg.iterator_type<parallel>")] * rank))
    types = [ir.RankedTensorType(v.type).element_type for v in new_inputs] + [ot.element_type]
    block = generic.regions[0].blocks.append(*types)
    args = list(block.arguments)
    acc = args[-1]
    with ir.InsertionPoint(block):
        for t in range(len(taps)):
            mapping = {}
            for a, (i, tap) in zip(args[:-1], roles):
                if tap is None or tap == t:
                    mapping[old_block.arguments[i]] = a
            mapping[old_block.arguments[n_in]] = acc
            acc = _clone_body(old_block, mapping)
        linalg.YieldOp([acc])
    op.results[0].replace_all_uses_with(generic.results[0])
    op.erase()


def _clone_body(block: ir.Block, mapping: dict) -> ir.Value:
    """Clones the body's ops at the insertion point with block arguments replaced; returns what it yields."""
    values = dict(mapping)
    for inner in block.operations:
        inner = inner.operation
        if inner.name == "linalg.yield":
            return values.get(inner.operands[0], inner.operands[0])
        clone = inner.clone()
        for k, operand in enumerate(inner.operands):
            if operand in values:
                clone.operands[k] = values[operand]
        for old, new in zip(inner.results, clone.results):
            values[old] = new
    raise ValueError("body without linalg.yield")


def windows_to_taps(module: ir.Operation) -> int:
    """Rewrite every sliding-window linalg op the module description above allows; returns how many."""
    return rewrite_each(module, lambda op: (op.name in NAMED or op.name == "linalg.generic") and bool(op.results),
                        _rewrite, declines=(_Skip,))
