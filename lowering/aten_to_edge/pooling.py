"""aten-to-edge patterns for pooling: max (with indices), average and adaptive (average and max)
pooling over 1 to 3 spatial dims, with or without the batch dim.

The result shape already says what `ceil_mode` asked for; the edge ops read it from there.
`max_pool1d`, `adaptive_max_pool2d/3d` and `max_pool2d/3d` reach here as fallback calls when
the program was not decomposed (see DECOMPOSITIONS in decompose.py).
"""

from __future__ import annotations

from exir_mlir._mlir import ir

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    attr_value,
    bool_attr,
    create,
    create1,
    element_type,
    i64_array,
    i64_attr,
    rank_of,
    ranked,
    shape_of,
)
from .args import AtenArgs
from .builders import dim_index

FAMILY = "pooling"


def _expand(v, n: int, what: str) -> list[int]:
    v = [int(i) for i in v]
    if len(v) == 1:
        return v * n
    if len(v) != n:
        raise Unsupported(f"{what} has {len(v)} values for {n} spatial dims")
    return v


def window_params(get, n: int):
    """kernel, stride (default: the kernel), padding, dilation for n spatial dims; `get(name, default)`."""
    kernel = _expand(get("kernel_size", None), n, "kernel_size")
    stride = _expand(get("stride", None) or kernel, n, "stride")
    padding = _expand(get("padding", None) or [0], n, "padding")
    dilation = _expand(get("dilation", None) or [1], n, "dilation")
    return kernel, stride, padding, dilation


class _Batched:
    """Pooling of an input without the batch dim ([C, spatial...]) as the batched form ([1, C, ...]).
    The new pooling op gets the symbolic shapes of the results it computes (with a leading "1")."""

    def __init__(self, op, x: ir.Value, n: int, what: str):
        r = rank_of(x)
        if r not in (n + 1, n + 2):
            raise Unsupported(f"{what} needs a (N, C, {n} spatial) or (C, {n} spatial) input, got rank {r}")
        self.op = op
        self.unbatched = r == n + 1
        self.x = self._add(x) if self.unbatched else x

    @staticmethod
    def _add(v: ir.Value) -> ir.Value:
        s = shape_of(v)
        dyn = [dim_index(v, d) for d, size in enumerate(s) if size == DYNAMIC]
        return create1("edge.view", [v, *dyn], ranked([1, *s], element_type(v)))

    def type(self, t: ir.Type) -> ir.Type:
        if not self.unbatched:
            return t
        return ranked([1, *shape_of(t)], element_type(t))

    def create(self, name: str, results, attrs=None) -> ir.Operation:
        new = create(name, [self.x], [self.type(r.type) for r in results], attrs)
        if "exir.sym_shapes" in self.op.attributes:
            per = attr_value(self.op.attributes["exir.sym_shapes"])[:len(results)]
            if self.unbatched:
                per = [["1", *e] for e in per]
            new.attributes["exir.sym_shapes"] = ir.ArrayAttr.get(
                [ir.ArrayAttr.get([ir.StringAttr.get(e) for e in r]) for r in per])
        return new

    def back(self, v: ir.Value, t: ir.Type) -> ir.Value:
        if not self.unbatched:
            return v
        dyn = [dim_index(v, d + 1) for d, size in enumerate(shape_of(t)) if size == DYNAMIC]
        return create1("edge.view", [v, *dyn], t)


def _values_used_only(op) -> bool:
    return len(op.results) < 2 or not len(list(op.results[1].uses))


def max_pool(op, x: ir.Value, n: int, get, what: str, with_indices: bool | None = None):
    """edge.max_pool (or _with_indices when the indices are used) for exir or fallback ops."""
    kernel, stride, padding, dilation = window_params(get, n)
    b = _Batched(op, x, n, what)
    attrs = {"kernel_size": i64_array(kernel), "stride": i64_array(stride),
             "padding": i64_array(padding), "dilation": i64_array(dilation)}
    results = list(op.results)
    if with_indices is None:
        with_indices = not _values_used_only(op)
    if not with_indices:
        v = b.back(b.create("edge.max_pool", results[:1], attrs).results[0], results[0].type)
        return [v] * len(results)  # a second result (indices) has no uses
    new = b.create("edge.max_pool_with_indices", results, attrs)
    return [b.back(v, r.type) for v, r in zip(new.results, results)]


def _exir_get(args: AtenArgs):
    def get(name, default):
        if name in ("kernel_size", "stride", "padding", "dilation"):
            return args.static_ints(name, default)
        return args.attr(name, default)
    return get


def lower_max_pool2d_with_indices(op):
    return max_pool(op, op.operands[0], 2, _exir_get(AtenArgs(op, ["self"])), "max_pool2d")


def lower_max_pool3d_with_indices(op):
    return max_pool(op, op.operands[0], 3, _exir_get(AtenArgs(op, ["self"])), "max_pool3d")


def avg_pool(op, x: ir.Value, n: int, get, what: str):
    kernel, stride, padding, _ = window_params(get, n)
    b = _Batched(op, x, n, what)
    attrs = {"kernel_size": i64_array(kernel), "stride": i64_array(stride), "padding": i64_array(padding),
             "count_include_pad": bool_attr(bool(get("count_include_pad", True))),
             "divisor_override": i64_attr(int(get("divisor_override", None) or 0))}
    res = op.results[0]
    return [b.back(b.create("edge.avg_pool", [res], attrs).results[0], res.type)]


def lower_avg_pool(n: int, what: str):
    def pattern(op):
        return avg_pool(op, op.operands[0], n, _exir_get(AtenArgs(op, ["self"])), what)
    return pattern


def adaptive_pool(op, x: ir.Value, n: int, kind: str, what: str, with_indices: bool | None = None):
    """Adaptive pooling; a global one (every output size 1) is a mean / amax over the spatial dims,
    one whose output sizes divide the (static) input sizes a plain pooling."""
    b = _Batched(op, x, n, what)
    results = list(op.results)
    rt = b.type(results[0].type)
    inp, out = shape_of(b.x), shape_of(rt)
    if with_indices is None:
        with_indices = kind == "max" and not _values_used_only(op)
    spatial = list(range(2, 2 + n))
    if not with_indices and all(out[d] == 1 for d in spatial):
        reduce = "edge.mean" if kind == "avg" else "edge.amax"
        v = b.create(reduce, results[:1], {"dims": i64_array(spatial), "keepdim": bool_attr(True)}).results[0]
        return [b.back(v, results[0].type)] * len(results)
    if not with_indices and all(DYNAMIC not in (inp[d], out[d]) and inp[d] % out[d] == 0 for d in spatial):
        kernel = [inp[d] // out[d] for d in spatial]
        attrs = {"kernel_size": i64_array(kernel), "stride": i64_array(kernel), "padding": i64_array([0] * n)}
        if kind == "avg":
            attrs.update(count_include_pad=bool_attr(True), divisor_override=i64_attr(0))
            v = b.create("edge.avg_pool", results[:1], attrs).results[0]
        else:
            attrs["dilation"] = i64_array([1] * n)
            v = b.create("edge.max_pool", results[:1], attrs).results[0]
        return [b.back(v, results[0].type)] * len(results)
    if kind == "avg":
        return [b.back(b.create("edge.adaptive_avg_pool", results[:1]).results[0], results[0].type)]
    new = b.create("edge.adaptive_max_pool", results[:2])
    return [b.back(v, r.type) for v, r in zip(new.results, results)]


def lower_adaptive_avg(n: int, what: str):
    def pattern(op):
        return adaptive_pool(op, op.operands[0], n, "avg", what)
    return pattern


def populate_pooling_patterns(table: PatternTable) -> None:
    table.add("exir.max_pool2d_with_indices", lower_max_pool2d_with_indices, family=FAMILY)
    table.add("exir.max_pool3d_with_indices", lower_max_pool3d_with_indices, family=FAMILY)
    table.add("exir.avg_pool1d", lower_avg_pool(1, "avg_pool1d"), family=FAMILY)
    table.add("exir.avg_pool2d", lower_avg_pool(2, "avg_pool2d"), family=FAMILY)
    table.add("exir.avg_pool3d", lower_avg_pool(3, "avg_pool3d"), family=FAMILY)
    table.add("exir.adaptive_avg_pool1d", lower_adaptive_avg(1, "adaptive_avg_pool1d"), family=FAMILY)
    table.add("exir.priv_adaptive_avg_pool2d", lower_adaptive_avg(2, "_adaptive_avg_pool2d"), family=FAMILY)
    table.add("exir.priv_adaptive_avg_pool3d", lower_adaptive_avg(3, "_adaptive_avg_pool3d"), family=FAMILY)


# Fallback calls (ATen ops the exir dialect lacks), registered in decompose.DECOMPOSITIONS.
def _call_get(c):
    return lambda name, default: c.a(name, default)


def _fallback_max_pool(n: int, what: str, with_indices: bool | None = None):
    def fn(c):
        return max_pool(c.op, c.t("self"), n, _call_get(c), what, with_indices)
    return fn


def _fallback_adaptive(n: int, kind: str, what: str):
    def fn(c):
        return adaptive_pool(c.op, c.t("self"), n, kind, what)
    return fn


FALLBACK_DECOMPOSITIONS = {
    "aten::max_pool1d": _fallback_max_pool(1, "max_pool1d", False),
    "aten::max_pool2d": _fallback_max_pool(2, "max_pool2d", False),
    "aten::max_pool3d": _fallback_max_pool(3, "max_pool3d", False),
    "aten::max_pool1d_with_indices": _fallback_max_pool(1, "max_pool1d_with_indices"),
    "aten::adaptive_max_pool1d": _fallback_adaptive(1, "max", "adaptive_max_pool1d"),
    "aten::adaptive_max_pool2d": _fallback_adaptive(2, "max", "adaptive_max_pool2d"),
    "aten::adaptive_max_pool3d": _fallback_adaptive(3, "max", "adaptive_max_pool3d"),
    "aten::adaptive_avg_pool2d": _fallback_adaptive(2, "avg", "adaptive_avg_pool2d"),
    "aten::adaptive_avg_pool3d": _fallback_adaptive(3, "avg", "adaptive_avg_pool3d"),
}
