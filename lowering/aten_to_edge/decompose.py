"""aten-to-edge decompositions of common non-core ATen ops, imported as fallback `func.call`s.

A program exported without `run_decompositions()` keeps ops such as `aten::linear`; the importer
turns each into a call of a private declaration (docs/ir-conventions.md). These patterns rewrite
the calls into edge ops, following torch's own decompositions (torch/_decomp/decompositions.py,
torch/_refs); a call with no decomposition is reported by name at its source line.
"""

from __future__ import annotations

import math as pymath

from exir_mlir._mlir import arith, ir
from exir_mlir.dialects import aten_fallback_overload

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    attr_value,
    bool_attr,
    create,
    create1,
    element_type,
    f64_attr,
    i1,
    i64,
    i64_array,
    i64_attr,
    index_constant,
    is_float,
    rank_of,
    ranked,
    segment_sizes,
    shape_of,
)
from .builders import cast, dim_index, full, normalize_dim, to_index, typed_scalar
from .convolution import FALLBACK_DECOMPOSITIONS as CONVOLUTION_FALLBACKS
from .indexing import advanced_index, advanced_index_put
from .normalization import (
    batch_norm_inference, batch_norm_training, eval_mode_saved_stats, running_stat, unbiased_factor,
)
from .pooling import FALLBACK_DECOMPOSITIONS as POOLING_FALLBACKS
from .fft import FALLBACK_DECOMPOSITIONS as FFT_FALLBACKS
from .quantization import FALLBACK_DECOMPOSITIONS as QUANTIZATION_FALLBACKS
from .random import FALLBACK_DECOMPOSITIONS as RANDOM_FALLBACKS
from .reduction import FALLBACK_DECOMPOSITIONS as REDUCTION_FALLBACKS
from .selection import FALLBACK_DECOMPOSITIONS as SELECTION_FALLBACKS
from .symbolic import FALLBACK_DECOMPOSITIONS as SYMBOLIC_FALLBACKS

FAMILY = "decompose"


class Call:
    """A fallback call's operands by schema name and its non-tensor arguments."""

    def __init__(self, op: ir.Operation):
        self.op = op
        names = attr_value(op.attributes["exir.operand_args"]) if "exir.operand_args" in op.attributes else []
        self.operands = dict(zip(names, op.operands))
        self.args = {}
        if "exir.args" in op.attributes:
            d = ir.DictAttr(op.attributes["exir.args"])
            for i in range(len(d)):
                named = d[i]
                self.args[named.name] = attr_value(named.attr)

    def t(self, name: str) -> ir.Value | None:
        return self.operands.get(name)

    def a(self, name: str, default=None):
        v = self.args.get(name, default)
        return default if v is None else v

    @property
    def result(self) -> ir.Value:
        return self.op.results[0]


def _view_to(x: ir.Value, rt: ir.Type, dyn: list[ir.Value] | None = None) -> ir.Value:
    if x.type == rt:
        return x
    return create1("edge.view", [x, *(dyn or [])], rt)


def _same_dynamic_dims(x: ir.Value, rt: ir.Type) -> list[ir.Value]:
    """Dynamic result dims read from the input's dims at the same positions (leading dims)."""
    out = []
    for d, s in enumerate(shape_of(rt)):
        if s == DYNAMIC:
            if d >= rank_of(x) or shape_of(x)[d] != DYNAMIC:
                raise Unsupported("cannot size a dynamic dim of the reshaped result")
            out.append(dim_index(x, d))
    return out


def _flatten_leading(x: ir.Value, keep: int) -> tuple[ir.Value, list]:
    """x viewed as [prod(leading dims), last `keep` dims...]; returns it and the leading dims."""
    shape = shape_of(x)
    lead = shape[: len(shape) - keep]
    if len(lead) == 1:
        return x, lead
    n, dyn = 1, None
    for d, s in enumerate(lead):
        if s == DYNAMIC:
            v = dim_index(x, d)
            dyn = v if dyn is None else arith.MulIOp(dyn, v).result
        else:
            n *= s
    if dyn is not None and n != 1:
        dyn = arith.MulIOp(dyn, index_constant(n)).result
    rt = ranked([DYNAMIC if dyn is not None else n, *shape[len(lead):]], element_type(x))
    return _view_to(x, rt, [dyn] if dyn is not None else []), lead


def _unflatten_leading(y: ir.Value, rt: ir.Type, x: ir.Value) -> ir.Value:
    return _view_to(y, rt, _same_dynamic_dims(x, rt))


def _transpose_2d(w: ir.Value) -> ir.Value:
    s = shape_of(w)
    return create1("edge.permute", [w], ranked([s[1], s[0]], element_type(w)), {"dims": i64_array([1, 0])})


def linear(c: Call):
    x, w, b = c.t("input"), c.t("weight"), c.t("bias")
    wt = _transpose_2d(w)
    x2, _ = _flatten_leading(x, 1)
    out_shape = [shape_of(x2)[0], shape_of(w)[0]]
    rt2 = ranked(out_shape, element_type(x))
    y = create1("edge.addmm", [b, x2, wt], rt2) if b is not None else create1("edge.mm", [x2, wt], rt2)
    return [_unflatten_leading(y, c.result.type, x)]


def matmul(c: Call):
    a, b = c.t("self"), c.t("other")
    ra, rb = rank_of(a), rank_of(b)
    rt = c.result.type
    if ra == 2 and rb == 2:
        return [create1("edge.mm", [a, b], rt)]
    if ra >= 3 and rb == 2:
        a2, _ = _flatten_leading(a, 1)
        y = create1("edge.mm", [a2, b], ranked([shape_of(a2)[0], shape_of(b)[1]], element_type(a)))
        return [_unflatten_leading(y, rt, a)]
    if ra >= 3 and ra == rb and shape_of(a)[:-2] == shape_of(b)[:-2] and DYNAMIC not in shape_of(a)[:-2]:
        a3, _ = _flatten_leading(a, 2)
        b3, _ = _flatten_leading(b, 2)
        n = shape_of(a3)[0]
        y = create1("edge.bmm", [a3, b3], ranked([n, shape_of(a)[-2], shape_of(b)[-1]], element_type(a)))
        return [_view_to(y, rt)]
    raise Unsupported(f"matmul of ranks {ra} and {rb} with broadcast batch dims is not decomposed yet")


def transpose(c: Call):
    x = c.t("self")
    r = rank_of(x)
    if r < 2 and "dim0" not in c.args:
        return [x]
    d0, d1 = (normalize_dim(c.a("dim0", 0), r), normalize_dim(c.a("dim1", 1), r)) if r else (0, 0)
    perm = list(range(r))
    perm[d0], perm[d1] = perm[d1], perm[d0]
    return [create1("edge.permute", [x], c.result.type, {"dims": i64_array(perm)})]


def reshape(c: Call):
    x = c.t("self") if c.t("self") is not None else c.t("input")
    rt = c.result.type
    if DYNAMIC in shape_of(rt):
        return [_view_to(x, rt, _same_dynamic_dims(x, rt))]
    return [_view_to(x, rt)]


def identity(c: Call):
    x = c.t("self") if c.t("self") is not None else c.t("input")
    if c.a("train", False) and c.a("p", 0.0):
        raise Unsupported("dropout in training mode draws random numbers; export in eval mode")
    return [cast(x, element_type(c.result))]


def softmax(log: bool):
    def pattern(c: Call):
        x = c.t("self")
        out = element_type(c.result)
        dim = normalize_dim(c.a("dim"), rank_of(x))
        name = "edge.log_softmax" if log else "edge.softmax"
        return [create1(name, [cast(x, out)], c.result.type, {"dim": i64_attr(dim)})]

    return pattern


def batch_norm(c: Call):
    if c.a("training", False):
        raise Unsupported("batch_norm in training mode updates statistics; export in eval mode")
    x, w, b = c.t("input"), c.t("weight"), c.t("bias")
    m, v = c.t("running_mean"), c.t("running_var")
    if m is None or v is None:
        raise Unsupported("batch_norm without running statistics is not supported")
    attrs = {"eps": f64_attr(c.a("eps", 1e-5)),
             "operandSegmentSizes": segment_sizes([1, int(w is not None), int(b is not None), 1, 1])}
    return [create1("edge.batch_norm_inference", [t for t in (x, w, b, m, v) if t is not None],
                    c.result.type, attrs)]


def batch_norm_functional(c: Call):
    """_native_batch_norm_legit_functional: (out, save_mean, save_invstd, new running mean/var)."""
    x, w, b = c.t("input"), c.t("weight"), c.t("bias")
    rm, rv = c.t("running_mean"), c.t("running_var")
    if not c.a("training", False):  # eval mode: the running statistics, returned unchanged
        y = batch_norm_inference(x, w, b, rm, rv, c.a("eps", 1e-5), c.result.type)
        return [y, *eval_mode_saved_stats(c.op, y, 1, 2), rm, rv]
    elem = element_type(x)
    y, mean, invstd, var, count = batch_norm_training(x, w, b, c.a("eps", 1e-5))
    momentum = c.a("momentum", 0.1)
    unbiased = create1("edge.mul", [var, unbiased_factor(count, elem)], var.type)
    return [y, mean, invstd, running_stat(rm, mean, momentum, elem), running_stat(rv, unbiased, momentum, elem)]


def layer_norm(c: Call):
    x, w, b = c.t("input"), c.t("weight"), c.t("bias")
    axis = rank_of(x) - len(c.a("normalized_shape"))
    stats = ranked(shape_of(x)[:axis] + [1] * (rank_of(x) - axis), element_type(x))
    attrs = {"axis": i64_attr(axis), "eps": f64_attr(c.a("eps", 1e-5)),
             "operandSegmentSizes": segment_sizes([1, int(w is not None), int(b is not None)])}
    new = create("edge.layer_norm", [t for t in (x, w, b) if t is not None], [c.result.type, stats, stats], attrs)
    return [new.results[0]]


def fill_with(value):
    def pattern(c: Call):
        if DYNAMIC in shape_of(c.result):
            raise Unsupported("a dynamic-shape zeros/ones is not decomposed yet")
        return [full(value, c.result.type)]

    return pattern


def masked_fill(c: Call):
    x, mask = c.t("self"), c.t("mask")
    elem = element_type(c.result)
    value = c.t("value")
    fill = cast(value, elem) if value is not None else typed_scalar(c.a("value"), elem)
    return [create1("edge.where", [cast(mask, i1()), fill, cast(x, elem)], c.result.type)]


def split(c: Call):
    x = c.t("self")
    dim = normalize_dim(c.a("dim", 0), rank_of(x))
    out, start = [], 0
    for r in c.op.results:
        size = shape_of(r)[dim]
        if size == DYNAMIC:
            raise Unsupported("split of a dynamic dim is not decomposed yet")
        attrs = {"dim": i64_attr(dim), "start": i64_attr(start), "step": i64_attr(1)}
        out.append(create1("edge.slice", [x], r.type, attrs))
        start += size
    return out


def total(c: Call):
    x = c.t("self")
    out = element_type(c.result)
    attrs = {"dims": i64_array(range(rank_of(x))), "keepdim": bool_attr(False)}
    return [create1("edge.sum", [cast(x, out)], c.result.type, attrs)]


def triangle(lower: bool):
    """tril/triu: keep x where (col - row) <= diagonal (tril) or >= diagonal (triu), else 0."""

    def pattern(c: Call):
        x = c.t("self")
        s = shape_of(x)
        if rank_of(x) < 2 or DYNAMIC in s[-2:]:
            raise Unsupported("tril/triu needs static trailing dims")
        rows, cols = s[-2], s[-1]
        r = create1("edge.arange", [], ranked([rows], i64()), {"start": f64_attr(0), "step": f64_attr(1)})
        r = create1("edge.view", [r], ranked([rows, 1], i64()))
        k = create1("edge.arange", [], ranked([cols], i64()), {"start": f64_attr(0), "step": f64_attr(1)})
        diff = create1("edge.sub", [k, r], ranked([rows, cols], i64()))
        cmp = "edge.le" if lower else "edge.ge"
        keep = create1(cmp, [diff, typed_scalar(int(c.a("diagonal", 0)), i64())], ranked([rows, cols], i1()))
        zero = typed_scalar(0, element_type(x))
        return [create1("edge.where", [keep, x, zero], c.result.type)]

    return pattern


def arange(c: Call):
    """arange with a symbolic end (a SymInt operand): the length is index arithmetic."""
    start, step = c.t("start"), c.t("step")
    if start is not None or step is not None:
        raise Unsupported("arange with a symbolic start or step is not supported yet")
    start, step = c.a("start", 0), c.a("step", 1)
    end = c.t("end")
    if end is None or not isinstance(start, int) or not isinstance(step, int) or step <= 0:
        raise Unsupported("arange needs integer start/step and a positive step here")
    n = arith.SubIOp(to_index(end), index_constant(start)).result
    if step != 1:  # ceil((end - start) / step)
        n = arith.CeilDivSIOp(n, index_constant(step)).result
    n = arith.MaxSIOp(n, index_constant(0)).result
    attrs = {"start": f64_attr(start), "step": f64_attr(step)}
    dyn = [n] if DYNAMIC in shape_of(c.result) else []
    return [create1("edge.arange", dyn, c.result.type, attrs)]


def silu(c: Call):
    return [create1("edge.silu", [c.t("self")], c.result.type)]


def sdpa(c: Call):
    """softmax(q @ k^T * scale [+ mask | causal]) @ v in edge ops (edge-to-backend re-fuses it)."""
    q, k, v, mask = c.t("query"), c.t("key"), c.t("value"), c.t("attn_mask")
    if c.a("dropout_p", 0.0):
        raise Unsupported("attention dropout draws random numbers; export with dropout_p=0")
    if c.a("enable_gqa", False):
        raise Unsupported("grouped-query attention (enable_gqa) is not decomposed yet")
    elem = element_type(q)
    if not is_float(elem) or DYNAMIC in shape_of(q) + shape_of(k) + shape_of(v):
        raise Unsupported("attention needs float inputs of static shape here")
    e = shape_of(q)[-1]
    scale = c.a("scale", None) or 1.0 / pymath.sqrt(e)
    q3, _ = _flatten_leading(q, 2)
    k3, _ = _flatten_leading(k, 2)
    v3, _ = _flatten_leading(v, 2)
    n, l_len, s_len = shape_of(q3)[0], shape_of(q3)[1], shape_of(k3)[1]
    kt = create1("edge.permute", [k3], ranked([n, e, s_len], elem), {"dims": i64_array([0, 2, 1])})
    st = ranked([n, l_len, s_len], elem)
    scores = create1("edge.bmm", [q3, kt], st)
    scores = create1("edge.mul", [scores, typed_scalar(scale, elem)], st)
    if mask is not None:
        if element_type(mask) == i1():
            scores = create1("edge.where", [mask, scores, typed_scalar(-pymath.inf, elem)], st)
        else:
            scores = create1("edge.add", [scores, cast(mask, elem)], st)
    if c.a("is_causal", False):
        r = create1("edge.arange", [], ranked([l_len], i64()), {"start": f64_attr(0), "step": f64_attr(1)})
        r = create1("edge.view", [r], ranked([l_len, 1], i64()))
        j = create1("edge.arange", [], ranked([s_len], i64()), {"start": f64_attr(0), "step": f64_attr(1)})
        above = create1("edge.gt", [j, r], ranked([l_len, s_len], i1()))
        scores = create1("edge.where", [above, typed_scalar(-pymath.inf, elem), scores], st)
    probs = create1("edge.softmax", [scores], st, {"dim": i64_attr(2)})
    out = create1("edge.bmm", [probs, v3], ranked([n, l_len, shape_of(v3)[2]], elem))
    return [_view_to(out, c.result.type)]


def index_put(c: Call):
    x, values = c.t("self"), c.t("values")
    names = [n for n in c.operands if n.startswith("indices[")]
    count = 1 + max((int(n[len("indices["):-1]) for n in names), default=-1)
    return [advanced_index_put(x, [c.t(f"indices[{i}]") for i in range(count)], values,
                               bool(c.a("accumulate", False)), c.result.type)]


def index_tensor(c: Call):
    x = c.t("self")
    names = [n for n in c.operands if n.startswith("indices[")]
    count = 1 + max((int(n[len("indices["):-1]) for n in names), default=-1)
    return [advanced_index(x, [c.t(f"indices[{i}]") for i in range(count)], c.result.type)]


DECOMPOSITIONS = {
    "aten::linear": linear,
    "aten::matmul": matmul,
    "aten::t": transpose,
    "aten::transpose.int": transpose,
    "aten::reshape": reshape,
    "aten::flatten.using_ints": reshape,
    "aten::view_as": reshape,
    "aten::contiguous": identity,
    "aten::lift_fresh_copy": identity,
    "aten::detach": identity,
    "aten::dropout": identity,
    "aten::to.dtype": identity,
    "aten::type_as": identity,
    "aten::softmax.int": softmax(False),
    "aten::log_softmax.int": softmax(True),
    "aten::batch_norm": batch_norm,
    "aten::_native_batch_norm_legit_functional": batch_norm_functional,
    "aten::layer_norm": layer_norm,
    "aten::zeros": fill_with(0),
    "aten::ones": fill_with(1),
    "aten::masked_fill.Scalar": masked_fill,
    "aten::masked_fill.Tensor": masked_fill,
    "aten::split.Tensor": split,
    "aten::sum": total,
    "aten::tril": triangle(True),
    "aten::triu": triangle(False),
    "aten::silu": silu,
    "aten::arange.start_step": arange,
    "aten::arange.start": arange,
    "aten::arange": arange,
    "aten::scaled_dot_product_attention": sdpa,
    # A core op: the importer calls it when its indices have different ranks or dtypes (an exir
    # operand group has one type); the same lowering as exir.index_tensor.
    "aten::index.Tensor": index_tensor,
    "aten::index_put": index_put,
    **CONVOLUTION_FALLBACKS,
    **POOLING_FALLBACKS,
    **QUANTIZATION_FALLBACKS,
    **FFT_FALLBACKS,
    **RANDOM_FALLBACKS,
    **REDUCTION_FALLBACKS,
    **SELECTION_FALLBACKS,
    **SYMBOLIC_FALLBACKS,
}


def decompose_call(op):
    """The `func.call` pattern: decompose a fallback call, or leave any other call alone."""
    overload = aten_fallback_overload(op)
    if overload is None:
        return None
    fn = DECOMPOSITIONS.get(overload)
    if fn is None:
        raise Unsupported(_no_lowering_message(op, overload))
    return fn(Call(op))


# Set by the importer (exir_mlir/importer): on a fallback call of an op the exir dialect has, why
# the call could not be that op; on the declaration of a non-core op, why it was not decomposed.
FALLBACK_REASON = "exir.fallback_reason"
NOT_DECOMPOSED = "exir.not_decomposed"


def _no_lowering_message(op, overload: str) -> str:
    """The truth about a fallback call aten-to-edge cannot rewrite: which op, why, what to do."""
    if FALLBACK_REASON in op.attributes:
        why = ir.StringAttr(op.attributes[FALLBACK_REASON]).value
        return (f"'{overload}' is a core ATen op, but the importer could not build its exir op for this "
                f"call ({why}); this is a gap in exir-mlir, not in the program: please report it")
    decl = ir.SymbolTable(_module_of(op))[
        ir.FlatSymbolRefAttr(op.attributes["callee"]).value]
    note = ir.StringAttr(decl.attributes[NOT_DECOMPOSED]).value if NOT_DECOMPOSED in decl.attributes else ""
    text = f"'{overload}' is not a core ATen op and exir-mlir has no lowering for it"
    if note:
        text += f"; {note}"
    return (text + ". What to do: write it with core ATen ops in the model, or pass a decomposition "
            f"of it to exir_mlir.compile(ep, decompositions={{torch.ops.{_python_name(overload)}: fn}})")


def _module_of(op):
    op = op.operation
    while op.name != "builtin.module":
        op = op.parent
    return op


def _python_name(overload: str) -> str:
    namespace, _, rest = overload.partition("::")
    name, _, variant = rest.partition(".")
    return f"{namespace}.{name}.{variant or 'default'}"


def populate_decomposition_patterns(table: PatternTable) -> None:
    table.add("func.call", decompose_call, family=FAMILY)


