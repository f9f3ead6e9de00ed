"""aten-to-edge for random ops: `rand`, `randn`, `*_like`, `bernoulli`, `normal`, `uniform`,
`randint`, dropout in training mode. Each becomes one `edge.random` (uniform [0, 1) or standard
normal, from a counter-based generator: to-linalg's random.py) and elementwise edge ops.

Seed rule (README, "Random ops"): a function that draws random numbers takes one more argument,
a 0-d i64 tensor with `exir.input_kind = "rng_seed"`, appended by `add_rng_seed_arguments` before
the patterns run; the runtime fills it from torch's default generator at every call. Each random
op of the function gets its own `stream` (`exir.rng_stream`, numbered in program order), so two
ops never draw the same numbers. Bits cannot match eager's generator; distributions do.
`randperm` is still refused with what to do; `multinomial` arrives decomposed to rand/rand_like
(importer/decompositions_structural.py).
"""

from __future__ import annotations

from exir_mlir._mlir import ir
from exir_mlir.dialects import aten_fallback_overload

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    attr_dict,
    attr_value,
    create1,
    element_type,
    f32,
    i1,
    i64,
    i64_attr,
    is_float,
    rank_of,
    shape_of,
    str_attr,
    walk_ops,
    with_element,
)
from .builders import cast, dynamic_dims_like, dynamic_sizes, full, to_index, typed_scalar

FAMILY = "random"
RNG_SEED_KIND = "rng_seed"
RNG_SEED_NAME = "rng_seed"
STREAM_ATTR = "exir.rng_stream"


def _refuse(name: str):
    def pattern(op):
        raise Unsupported(f"'{name}' is not compiled by exir-mlir yet (rand, randn, bernoulli, normal, uniform, "
                          "randint and dropout are). What to do: draw the tensor with torch in eager and pass it "
                          "in as an input of the program")

    return pattern


def _refuse_call(name: str):
    refuse = _refuse(name)
    return lambda c: refuse(c.op)


# --- the seed argument and the streams ------------------------------------------------------------

def _draws(op) -> bool:
    if op.name in ("exir.rand", "exir.randn"):
        return True
    if op.name == "exir.native_dropout":
        a = attr_dict(op)
        return a.get("train") is not False and a.get("p", 0.0) != 0.0
    if op.name == "func.call":
        overload = aten_fallback_overload(op)
        if overload == "aten::dropout":
            args = _call_args(op)
            return bool(args.get("train")) and args.get("p", 0.0) != 0.0
        return overload in _LOWERED_CALLS
    return False


def _call_args(op) -> dict:
    """A fallback call's non-tensor arguments (as decompose.Call reads them)."""
    if "exir.args" not in op.attributes:
        return {}
    d = ir.DictAttr(op.attributes["exir.args"])
    return {d[i].name: attr_value(d[i].attr) for i in range(len(d))}


def add_rng_seed_arguments(module_op: ir.Operation) -> None:
    """Number the random ops of each function (`exir.rng_stream`) and give a function that has any
    its rng_seed argument (last, `tensor<i64>`), unless it has one already."""
    for fn in walk_ops(module_op):
        if fn.name != "func.func" or not len(fn.regions[0].blocks):
            continue
        stream = 0
        for op in walk_ops(fn):
            if op is not fn and _draws(op):
                op.attributes[STREAM_ATTR] = i64_attr(stream)
                stream += 1
        if stream and _seed_argument(fn) is None:
            _append_seed_argument(fn)


def _arg_attrs(fn) -> list:
    if "arg_attrs" not in fn.attributes:
        return []
    return list(ir.ArrayAttr(fn.attributes["arg_attrs"]))


def _seed_argument(fn) -> ir.Value | None:
    for i, attrs in enumerate(_arg_attrs(fn)):
        d = ir.DictAttr(attrs)
        if "exir.input_kind" in d and ir.StringAttr(d["exir.input_kind"]).value == RNG_SEED_KIND:
            return fn.regions[0].blocks[0].arguments[i]
    return None


def _append_seed_argument(fn) -> None:
    ftype = ir.FunctionType(ir.TypeAttr(fn.attributes["function_type"]).value)
    seed_type = ir.RankedTensorType.get([], i64())
    entry = fn.regions[0].blocks[0]
    entry.add_argument(seed_type, ir.Location.name(RNG_SEED_NAME))
    attrs = _arg_attrs(fn) or [ir.DictAttr.get({}) for _ in ftype.inputs]
    attrs.append(ir.DictAttr.get({"exir.input_kind": str_attr(RNG_SEED_KIND), "exir.name": str_attr(RNG_SEED_NAME)}))
    fn.attributes["arg_attrs"] = ir.ArrayAttr.get(attrs)
    fn.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get([*ftype.inputs, seed_type],
                                                                         list(ftype.results)))


def _enclosing_function(op):
    """The func.func around op. A random op in a loop body is refused: its stream would repeat
    the same numbers at every iteration (the counter has no iteration number)."""
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        if parent.name in ("scf.while", "scf.for", "scf.forall"):
            raise Unsupported("a random op inside a loop (while_loop) is not supported: it would draw the same "
                              "numbers at every iteration. What to do: draw them before the loop and index them")
        parent = parent.parent
    return parent


def _draw(op, distribution: str, rt: ir.Type, dyn: list[ir.Value]) -> ir.Value:
    """`edge.random` of the result shape of `rt` in f32 or f64 (f64 only when rt is f64)."""
    fn = _enclosing_function(op)
    seed = _seed_argument(fn) if fn is not None else None
    if seed is None or STREAM_ATTR not in op.attributes:
        raise Unsupported("a random op outside a function with an rng_seed argument (aten-to-edge adds it)")
    elem = element_type(rt)
    gen = elem if str(elem) == "f64" else f32()
    attrs = {"distribution": str_attr(distribution), "stream": op.attributes[STREAM_ATTR]}
    return create1("edge.random", [seed, *dyn], with_element(rt, gen), attrs)


def _dims(rt: ir.Type, *sources) -> list[ir.Value]:
    """Dynamic dims of `rt` from the first source tensor that has them all."""
    if DYNAMIC not in shape_of(rt):
        return []
    for s in sources:
        if s is None or rank_of(s) > rank_of(rt):
            continue
        try:
            return dynamic_dims_like(rt, s)
        except Unsupported:
            continue
    raise Unsupported("cannot tell the size of the random tensor's dynamic dims")


def _float_like(rt: ir.Type, what: str) -> None:
    if not is_float(element_type(rt)):
        raise Unsupported(f"{what} of dtype {element_type(rt)}: only floating-point results are drawn")


# --- exir ops -------------------------------------------------------------------------------------

def _lower_rand(op, distribution: str):
    rt = op.results[0].type
    _float_like(rt, op.name.split(".", 1)[1])
    sizes = [to_index(v) if isinstance(v, ir.Value) else v for v in _sizes(op)]
    z = _draw(op, distribution, rt, dynamic_sizes(rt, sizes) if DYNAMIC in shape_of(rt) else [])
    return [cast(z, element_type(rt))]


def _sizes(op) -> list:
    """The `size` list of rand/randn: static entries from `static_size`, symbolic ones the operands."""
    static = attr_dict(op)["static_size"]
    operands = iter(op.operands)
    return [next(operands) if s == DYNAMIC else s for s in static]


def lower_native_dropout(op):
    """torch's decomposition: mask = rand_like(x) > p; out = mask * x / (1 - p)."""
    a = attr_dict(op)
    x = op.operands[0]
    p = float(a.get("p", 0.0))
    out_t, mask_t = op.results[0].type, op.results[1].type
    if a.get("train") is False or p == 0.0:
        ones = full(True, mask_t) if DYNAMIC not in shape_of(mask_t) else create1(
            "edge.expand", [typed_scalar(True, element_type(mask_t)), *dynamic_dims_like(mask_t, x)], mask_t)
        return [x, ones]
    kept, mask = _dropout(op, x, p, out_t)
    return [kept, cast(mask, element_type(mask_t))]


def _dropout(op, x: ir.Value, p: float, out_t: ir.Type) -> tuple[ir.Value, ir.Value]:
    _float_like(out_t, "dropout")
    elem = element_type(out_t)
    u = _draw(op, "uniform", out_t, _dims(out_t, x))
    mask = create1("edge.gt", [u, typed_scalar(p, element_type(u))], with_element(u, i1()))
    if p >= 1.0:
        kept = full(0.0, out_t) if DYNAMIC not in shape_of(out_t) else create1(
            "edge.expand", [typed_scalar(0.0, elem), *dynamic_dims_like(out_t, x)], out_t)
    else:
        scaled = create1("edge.mul", [x, typed_scalar(1.0 / (1.0 - p), elem)], out_t)
        kept = create1("edge.where", [mask, scaled, typed_scalar(0.0, elem)], out_t)
    return kept, mask


def _dropout_call(c):
    """aten::dropout in a program imported without decompositions: identity unless training."""
    x = c.t("input")
    p = float(c.a("p", 0.0))
    if not c.a("train", False) or p == 0.0:
        return [cast(x, element_type(c.result))]
    return [_dropout(c.op, x, p, c.result.type)[0]]


# --- fallback calls (non-core random ops) ---------------------------------------------------------

def _rand_like(c, distribution: str):
    rt = c.result.type
    _float_like(rt, c.op.name)
    z = _draw(c.op, distribution, rt, _dims(rt, c.t("self")))
    return [cast(z, element_type(rt))]


def _bernoulli_tensor(c):
    """bernoulli(p): 1 where u < p (p a tensor of probabilities, the result's shape)."""
    p = c.t("self")
    rt = c.result.type
    pe = element_type(p)
    if not is_float(pe):
        raise Unsupported("bernoulli of an integer tensor: pass probabilities as floats")
    u = _draw(c.op, "uniform", with_element(rt, pe), _dims(rt, p))
    hit = create1("edge.lt", [cast(u, pe), p], with_element(rt, i1()))
    return [cast(hit, element_type(rt))]


def _bernoulli_p(c):
    rt = c.result.type
    u = _draw(c.op, "uniform", rt if is_float(element_type(rt)) else with_element(rt, f32()), _dims(rt, c.t("self")))
    hit = create1("edge.lt", [u, typed_scalar(float(c.a("p", 0.5)), element_type(u))], with_element(rt, i1()))
    return [cast(hit, element_type(rt))]


def _normal(c):
    """mean + std * z, z standard normal of the result's shape (mean, std: tensors or floats)."""
    rt = c.result.type
    _float_like(rt, "normal")
    elem = element_type(rt)
    mean, std = c.t("mean"), c.t("std")
    if c.op.name == "func.call" and aten_fallback_overload(c.op) == "aten::normal_functional":
        mean, std = None, None
    z = cast(_draw(c.op, "normal", rt, _dims(rt, mean, std, c.t("self"))), elem)
    s = cast(std, elem) if std is not None else typed_scalar(float(c.a("std", 1.0)), elem)
    m = cast(mean, elem) if mean is not None else typed_scalar(float(c.a("mean", 0.0)), elem)
    return [create1("edge.add", [create1("edge.mul", [z, s], rt), m], rt)]


def _uniform(c):
    rt = c.result.type
    _float_like(rt, "uniform")
    elem = element_type(rt)
    lo, hi = float(c.a("from", 0.0)), float(c.a("to", 1.0))
    u = cast(_draw(c.op, "uniform", rt, _dims(rt, c.t("self"))), elem)
    return [create1("edge.add", [create1("edge.mul", [u, typed_scalar(hi - lo, elem)], rt), typed_scalar(lo, elem)], rt)]


def _randint(c):
    """low + floor(u * (high - low)) with u uniform in f64 (53 bits: no visible bias below 2^32)."""
    rt = c.result.type
    low, high = int(c.a("low", 0)), int(c.a("high"))
    if high <= low:
        raise Unsupported(f"randint needs low < high (got low={low}, high={high})")
    if high - low > 2 ** 32:
        raise Unsupported("randint over a range wider than 2^32 is not supported")
    f = with_element(rt, ir.F64Type.get())
    if DYNAMIC in shape_of(rt):
        if c.t("self") is not None:
            dyn = _dims(rt, c.t("self"))
        else:
            symbolic = iter(v for k, v in c.operands.items() if k.startswith("size["))
            static = c.a("size")
            dyn = dynamic_sizes(rt, [to_index(next(symbolic)) if s == DYNAMIC else s for s in static])
    else:
        dyn = []
    u = _draw(c.op, "uniform", f, dyn)
    v = create1("edge.floor", [create1("edge.mul", [u, typed_scalar(float(high - low), ir.F64Type.get())], f)], f)
    if low:
        v = create1("edge.add", [v, typed_scalar(float(low), ir.F64Type.get())], f)
    return [cast(v, element_type(rt))]


_LOWERED = {
    "aten::dropout": _dropout_call,
    "aten::rand_like": lambda c: _rand_like(c, "uniform"),
    "aten::randn_like": lambda c: _rand_like(c, "normal"),
    "aten::bernoulli": _bernoulli_tensor,
    "aten::bernoulli.p": _bernoulli_p,
    "aten::normal.Tensor_float": _normal,
    "aten::normal.float_Tensor": _normal,
    "aten::normal.Tensor_Tensor": _normal,
    "aten::normal.float_float": _normal,
    "aten::normal_functional": _normal,
    "aten::uniform": _uniform,
    "aten::randint": _randint,
    "aten::randint.low": _randint,
    "aten::randint_like": _randint,
    "aten::randint_like.low_dtype": _randint,
}
_LOWERED_CALLS = frozenset(_LOWERED)
_REFUSED_CALLS = ("aten::randperm",)

FALLBACK_DECOMPOSITIONS = {**_LOWERED, **{name: _refuse_call(name) for name in _REFUSED_CALLS}}


def populate_random_patterns(table: PatternTable) -> None:
    table.add("exir.rand", lambda op: _lower_rand(op, "uniform"), family=FAMILY)
    table.add("exir.randn", lambda op: _lower_rand(op, "normal"), family=FAMILY)
    table.add("exir.randperm", _refuse("aten::randperm"), family=FAMILY)
    table.add("exir.native_dropout", lower_native_dropout, family=FAMILY)
