"""edge-to-backend: recognise the decomposed scaled_dot_product_attention and form backend.sdpa."""

from __future__ import annotations

import math as pymath

from exir_mlir._mlir import ir, tensor

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    attr_dict,
    attr_names,
    attr_value,
    create1,
    element_type,
    f64_attr,
    producer,
    rank_of,
    ranked,
    shape_of,
    splat,
    splat_value,
    walk_ops,
)

FAMILY = "attention"

# torch.export decomposes F.scaled_dot_product_attention (math backend) into:
#   s = view(bmm(view(expand(q * c1)), view(expand(permute(k, [.., -1, -2]) * c2))))
#   s = s * c | s / c ; s = where(mask, -inf, s) | s + mask
#   p = softmax(s, -1) ; out = bmm(view(expand(p)), view(expand(v)))
# (the scalar factors c1, c2, c appear in some of these spots, depending on the torch version).


def _symbolic_dims(value: ir.Value) -> list[str] | None:
    """The importer's symbolic dims of `value` (its producer's `exir.sym_shapes`, or a function
    argument's `exir.sym_shape`), or None where it recorded none."""
    op = producer(value)
    if op is not None:
        if "exir.sym_shapes" not in attr_names(op):
            return None
        per_result = attr_value(op.attributes["exir.sym_shapes"])
        n = ir.OpResult(value).result_number
        return per_result[n] if n < len(per_result) and per_result[n] else None
    arg = ir.BlockArgument(value)
    func = arg.owner.owner
    if func is None or "arg_attrs" not in attr_names(func):
        return None
    attrs = ir.ArrayAttr(func.attributes["arg_attrs"])
    if arg.arg_number >= len(attrs):
        return None
    d = ir.DictAttr(attrs[arg.arg_number])
    return attr_value(d["exir.sym_shape"]) if "exir.sym_shape" in d else None


def _keeps_matrix_dims(view: ir.Operation) -> bool:
    """Does an edge.view keep the last two dims (the matrix a bmm multiplies) and only regroup the
    leading ones? Static dims must be equal, and a symbolic one must be the same symbolic
    expression on both sides; a view that reshapes the matrix dims (q of [B, 2, 8] viewed as
    [B, 4, 4]) is not skipped: the fusion would multiply the unviewed operand."""
    src, out = shape_of(view.operands[0]), shape_of(view.results[0])
    if len(src) < 2 or len(out) < 2:
        return False
    if DYNAMIC not in src[-2:] and DYNAMIC not in out[-2:]:
        return src[-2:] == out[-2:]
    src_sym, out_sym = _symbolic_dims(view.operands[0]), _symbolic_dims(view.results[0])
    if src_sym is None or out_sym is None or len(src_sym) != len(src) or len(out_sym) != len(out):
        return False
    return all((a == b) if DYNAMIC not in (a, b) else (sa == sb)
               for a, b, sa, sb in zip(src[-2:], out[-2:], src_sym[-2:], out_sym[-2:]))


def _through_views(value: ir.Value) -> ir.Value:
    """Skip edge.view and edge.expand that only add/remove leading batch structure."""
    while True:
        op = producer(value)
        if op is None or op.name not in ("edge.view", "edge.expand"):
            return value
        if op.name == "edge.expand" and shape_of(op.operands[0]) != shape_of(op.results[0]):
            return value
        if op.name == "edge.view" and not _keeps_matrix_dims(op):
            return value
        value = op.operands[0]


def _strip_scale(value: ir.Value) -> tuple[ir.Value, float]:
    """value = x * c or x / c with c a splat constant: (x, factor)."""
    factor = 1.0
    while True:
        op = producer(value)
        if op is None or op.name not in ("edge.mul", "edge.div"):
            return value, factor
        lhs, rhs = op.operands
        c = splat_value(rhs) if rank_of(rhs) == 0 else None
        if c is None:
            return value, factor
        factor = factor * c if op.name == "edge.mul" else factor / c
        value = lhs


def _leads_to_bmm(value: ir.Value) -> bool:
    op = producer(_through_views(_strip_scale(value)[0]))
    return op is not None and op.name == "edge.bmm"


def _splat(value: ir.Value):
    """The number of a splat constant, seen through edge.expand: with symbolic sizes torch's
    `full_like`/scalar operands stay an expand of a rank-0 constant to the dynamic shape (static
    shapes fold it into one splat constant)."""
    op = producer(value)
    while op is not None and op.name == "edge.expand":
        value = op.operands[0]
        op = producer(value)
    return splat_value(value)


def _is_neg_inf(value: ir.Value) -> bool:
    c = _splat(value)
    return c is not None and c == -pymath.inf


def _safe_softmax_input(value: ir.Value):
    """value = where(!any(!(s == -inf), dim, keepdim), 0, softmax(s, dim)): the softmax result,
    or None. (torch's _safe_softmax decomposition: fully masked rows give 0.)"""
    where = producer(value)
    if where is None or where.name != "edge.where" or _splat(where.operands[1]) != 0:
        return None
    sm = producer(where.operands[2])
    if sm is None or sm.name != "edge.softmax":
        return None
    chain = ["edge.logical_not", "edge.any", "edge.logical_not", "edge.eq"]
    op = producer(where.operands[0])
    for name in chain:
        if op is None or op.name != name:
            return None
        if name == "edge.eq":
            if op.operands[0] != sm.operands[0] or not _is_neg_inf(op.operands[1]):
                return None
            break
        op = producer(op.operands[0])
    return where.operands[2]


def _match(bmm2: ir.Operation):
    p3, v3 = bmm2.operands
    p = _through_views(p3)
    safe = _safe_softmax_input(p)
    if safe is not None:
        p = safe
    sm = producer(p)
    if sm is None or sm.name != "edge.softmax" or attr_dict(sm)["dim"] != rank_of(p) - 1:
        return None
    scores = sm.operands[0]
    mask_cond = mask_add = None
    op = producer(scores)
    if op is not None and op.name == "edge.where" and _is_neg_inf(op.operands[1]):
        mask_cond, scores = op.operands[0], op.operands[2]
    elif op is not None and op.name == "edge.add":
        a, b = op.operands
        scores, mask_add = (a, b) if _leads_to_bmm(a) else (b, a)
    scores, scale = _strip_scale(scores)
    bmm1 = producer(_through_views(scores))
    if bmm1 is None or bmm1.name != "edge.bmm":
        return None
    q, c1 = _strip_scale(_through_views(bmm1.operands[0]))
    kt, c2 = _strip_scale(_through_views(bmm1.operands[1]))
    perm = producer(kt)
    if perm is None or perm.name != "edge.permute":
        return None
    dims = attr_dict(perm)["dims"]
    n = len(dims)
    if dims != list(range(n - 2)) + [n - 1, n - 2]:
        return None
    k = perm.operands[0]
    v = _through_views(v3)
    return q, k, v, scale * c1 * c2, mask_cond, mask_add, safe is not None


def fuse_attention(op):
    found = _match(op)
    if found is None:
        return None
    q, k, v, scale, mask_cond, mask_add, safe = found
    if rank_of(q) != rank_of(k) or rank_of(q) != rank_of(v) or shape_of(q)[:-2] != shape_of(k)[:-2] \
            or shape_of(q)[:-2] != shape_of(v)[:-2]:
        return None
    res_t = op.results[0].type
    elem = element_type(q)
    dynamic = any(DYNAMIC in shape_of(t) for t in (q, k, v))
    if dynamic:
        return _fuse_dynamic(op, q, k, v, scale, mask_cond, mask_add, safe)
    n = shape_of(res_t)[0]

    def as3(t):
        s = shape_of(t)
        if len(s) == 3:
            return t
        return create1("edge.view", [t], ranked([n, *s[-2:]], elem))

    operands = [as3(q), as3(k), as3(v)]
    mask = None
    if mask_cond is not None:
        mask = create1("edge.where", [mask_cond, splat(-pymath.inf, elem), splat(0.0, elem)],
                       ranked(shape_of(mask_cond), elem))
    elif mask_add is not None:
        mask = mask_add
    if mask is not None:
        ms = shape_of(mask)
        if len(ms) > 2:
            if ms[:-2] != shape_of(q)[:-2]:
                return None
            mask = as3(mask)
        operands.append(mask)
    attrs = {"scale": f64_attr(scale), "is_causal": ir.BoolAttr.get(False)}
    if safe:
        attrs["safe_softmax"] = ir.BoolAttr.get(True)
    return [create1("backend.sdpa", operands, res_t, attrs)]


def _same_dims(a: list[int], b: list[int]) -> bool:
    """Equal where both are static; a symbolic dim only pairs with a symbolic one."""
    return len(a) == len(b) and all((x == DYNAMIC) == (y == DYNAMIC) and (x == DYNAMIC or x == y)
                                    for x, y in zip(a, b))


def _fuse_dynamic(op, q, k, v, scale, mask_cond, mask_add, safe):
    """backend.sdpa on symbolic shapes: q, k, v keep their own rank (the lowering flattens their
    leading dims with tensor.collapse_shape, which needs no size operands) and the result, of
    q's leading dims, is collapsed to the [N, L, Ev] the matched bmm returned. The last two dims
    of q, k and v must be those the bmms multiplied (the views only regrouped leading dims)."""
    res_t = op.results[0].type
    elem = element_type(q)
    v3 = op.operands[1]
    lead = shape_of(q)[:-2]
    if rank_of(res_t) != 3 or not _same_dims(shape_of(v)[-2:], shape_of(v3)[-2:]) \
            or not _same_dims(shape_of(q)[-1:], shape_of(k)[-1:]):
        return None
    out_shape = [*lead, shape_of(q)[-2], shape_of(v)[-1]]
    if not _same_dims(out_shape[-2:], shape_of(res_t)[-2:]):
        return None
    operands = [q, k, v]
    mask = None
    if mask_cond is not None:
        mask = create1("edge.where", [mask_cond, splat(-pymath.inf, elem), splat(0.0, elem)],
                       ranked(shape_of(mask_cond), elem))
        cond_op = producer(mask_cond)
        if cond_op is not None and "exir.sym_shapes" in attr_names(cond_op):  # its symbolic dims
            producer(mask).attributes["exir.sym_shapes"] = cond_op.attributes["exir.sym_shapes"]
    elif mask_add is not None:
        mask = mask_add
    if mask is not None:
        ms = shape_of(mask)
        if len(ms) > 2 and ms[:-2] != lead:
            return None
        operands.append(mask)
    attrs = {"scale": f64_attr(scale), "is_causal": ir.BoolAttr.get(False)}
    if safe:
        attrs["safe_softmax"] = ir.BoolAttr.get(True)
    out = create1("backend.sdpa", operands, ranked(out_shape, elem), attrs)
    if len(lead) == 1:
        return [out]
    groups = [list(range(len(lead))), [len(lead)], [len(lead) + 1]]
    return [tensor.CollapseShapeOp(res_t, out, ir.ArrayAttr.get(
        [ir.ArrayAttr.get([ir.IntegerAttr.get(ir.IntegerType.get_signless(64), d) for d in g]) for g in groups]
    )).result]


def erase_dead_edge_ops(root: ir.Operation) -> None:
    """Edge ops are pure: drop those a fusion left without uses, and the `tensor.dim`s of their
    results that only sized ops it removed (with symbolic shapes, an expand's sizes are such dims:
    left behind, they keep the unfused chain alive)."""
    # reverse program order: users go before their producers, so one pass clears a chain
    for op in reversed(walk_ops(root)):
        if (op.name.split(".")[0] in ("edge", "backend") or op.name == "tensor.dim") and not len(op.regions) and \
                len(op.results) and all(not list(r.uses) for r in op.results):
            op.erase()


def populate_attention_patterns(table: PatternTable) -> None:
    table.add("edge.bmm", fuse_attention, family=FAMILY)

