"""to-linalg: backend.sdpa as scores, masked scaled softmax and a batch matmul over flattened batch dims."""

from __future__ import annotations

import math as pymath

from exir_mlir._mlir import arith, ir, linalg, tensor

from ..conversion import PatternTable
from ..ir_utils import DYNAMIC, Unsupported, attr_dict, element_type, is_float, rank_of, ranked, shape_of
from .builders import PARALLEL, REDUCTION, const_like, fill, generic, reassociation
from .normalization import softmax
from .shapes import ShapeContext

FAMILY = "attention"


def _to_3d(ctx, v: ir.Value) -> ir.Value:
    shape = shape_of(v)
    if len(shape) == 3:
        return v
    lead = shape[:-2]
    n = DYNAMIC if DYNAMIC in lead else pymath.prod(lead)
    t = ranked([n, *shape[-2:]], element_type(v))
    return tensor.CollapseShapeOp(t, v, reassociation([list(range(len(lead))), [len(lead)], [len(lead) + 1]])).result


def lower_sdpa(op):
    """softmax(q @ k^T * scale + mask [causal]) @ v over the flattened leading dims."""
    ctx = ShapeContext.current()
    operands = list(op.operands)
    q, k, v = operands[:3]
    mask = operands[3] if len(operands) > 3 else None
    a = attr_dict(op)
    res = op.results[0]
    elem = element_type(q)
    if not is_float(elem):
        raise Unsupported("sdpa needs float inputs")
    q3, k3, v3 = _to_3d(ctx, q), _to_3d(ctx, k), _to_3d(ctx, v)
    n, l, e = shape_of(q3)
    s = shape_of(k3)[1]
    scores_t = ranked([n, l, s], elem)
    # Symbolic sizes (a dynamic batch or sequence) come from the operands themselves.
    size_of = {"n": (q3, 0), "l": (q3, 1), "s": (k3, 1), "ev": (v3, 2)}

    def dyn(*names):
        return [ctx.dim(*size_of[x]) for x in names if shape_of(size_of[x][0])[size_of[x][1]] == DYNAMIC]

    scores = fill(0.0, scores_t, dyn("n", "l", "s"))
    # (n, l, s, e): q[n, l, e] * k[n, s, e] summed over e
    scores = generic([q3, k3], [[0, 1, 3], [0, 2, 3]], [scores], [[0, 1, 2]],
                     [PARALLEL, PARALLEL, PARALLEL, REDUCTION],
                     lambda x, y, acc: arith.AddFOp(acc, arith.MulFOp(x, y).result).result)[0]
    scale = const_like(a["scale"], elem)
    ins, maps = [scores], [[0, 1, 2]]
    if mask is not None:
        m = mask
        if rank_of(m) > 3:
            m = _to_3d(ctx, m) if shape_of(m)[:-2] == shape_of(q)[:-2] else None
            if m is None:
                raise Unsupported("an sdpa mask must be [L, S] or match the query's batch dims")
        ms = shape_of(m)
        ins.append(m)
        maps.append([d for d in range(3)][3 - len(ms):] if all(x != 1 for x in ms) else
                    [("const", 0) if x == 1 and full != 1 else d
                     for x, full, d in zip(ms, [n, l, s][3 - len(ms):], range(3 - len(ms), 3))])
    causal = bool(a["is_causal"])

    def body(sc, *rest):
        y = arith.MulFOp(sc, scale).result
        if mask is not None:
            y = arith.AddFOp(y, rest[0]).result
        if causal:
            i, j = linalg.IndexOp(1).result, linalg.IndexOp(2).result
            above = arith.CmpIOp(arith.CmpIPredicate.ugt, j, i).result
            y = arith.SelectOp(above, const_like(-pymath.inf, elem), y).result
        return y

    scaled = generic(ins, maps, [scores], [[0, 1, 2]], [PARALLEL] * 3, lambda *xs: body(*xs[:-1]))[0]
    probs = softmax(ctx, scaled, 2, scores_t, log=False, safe=bool(a.get("safe_softmax", False)))
    out_t = ranked([n, l, shape_of(v3)[2]], elem)
    out = linalg.batch_matmul(probs, v3, outs=[fill(0.0, out_t, dyn("n", "l", "ev"))])
    if rank_of(res) == 3:
        return [out]
    lead = rank_of(res) - 2
    sizes = [ctx.dim(q, d) for d in range(lead)] + [ctx.dim(q3, 1), ctx.dim(v3, 2)]
    static = [x if x != DYNAMIC else DYNAMIC for x in shape_of(res)]
    return [tensor.ExpandShapeOp(res.type, out, reassociation([list(range(lead)), [lead], [lead + 1]]),
                                 [v for v, x in zip(sizes, static) if x == DYNAMIC], static).result]


def populate_attention_patterns(table: PatternTable) -> None:
    table.add("backend.sdpa", lower_sdpa, family=FAMILY)
