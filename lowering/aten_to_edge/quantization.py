"""aten-to-edge for PT2E quantized programs: `quantized_decomposed::*` calls -> integer contractions
and edge arithmetic.

A program quantized with torchao's PT2E flow (`prepare_pt2e`/`convert_pt2e`) carries
quantize/dequantize pairs around every quantized op: `dequantize(quantize(x))` on activations,
`dequantize_per_channel(w_int8)` on weights, and the op itself in float between them. Two rewrites
run before the per-op patterns (`fold_quantized`):

1. integer contractions: a convolution, `mm` or `addmm` whose input is a per-tensor dequantize and
   whose weight is a per-tensor or per-channel dequantize computes
   `acc = conv(q_x - zp_x, q_w - zp_w)` on the integers and then `acc * (s_x * s_w[c]) + bias` in
   f32 (the requantization scale; the next `quantize` rounds it). The integers are held in f32
   (`accumulator_type`), not i32: every product of two 8-bit values is exact in f32, and so is
   every sum below 2^24 (up to 512 products of uint8 activations and symmetric int8 weights,
   |x - zp| <= 255 and |w| <= 128); a longer sum rounds no more than the reference's own f32
   convolution of the dequantized values does. i32 would be exact for any length, but x86 has no
   fused i32 multiply-add (vpmulld + vpaddd at a quarter of the FMA's rate): mobilenet_v2_int8
   ran 1.25x AOTInductor at 1 thread in i32, and the f32 tiles (register blocking, fused
   epilogues) are the ones the float convolutions already use.
2. quantize/dequantize pairs that remain (around add, pooling, ...): `dequantize(quantize(x))` is
   computed from the clamped, rounded float, without materializing the narrow integer tensor.

What is left is lowered by `FALLBACK_DECOMPOSITIONS` (called from decompose.py), the same
arithmetic as torch's reference kernels (torch/ao/quantization/fx/_decomposed.py):
quantize `clamp(round(x * (1 / s)) + zp, qmin, qmax).to(dtype)`, dequantize `(q - zp) * s`.
"""

from __future__ import annotations

from types import SimpleNamespace

from exir_mlir._mlir import ir
from exir_mlir.dialects import aten_fallback_overload

from ..conversion import PatternTable, apply_patterns
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    attr_value,
    create1,
    element_type,
    f32,
    i64_array,
    is_bool,
    is_integer,
    is_unsigned,
    rank_of,
    ranked,
    segment_sizes,
    shape_of,
    walk_ops,
    with_element,
)
from .args import AtenArgs
from .builders import cast, typed_scalar
from .convolution import convolution

FAMILY = "quantization"

NAMESPACE = "quantized_decomposed::"
QUANTIZE = (NAMESPACE + "quantize_per_tensor", NAMESPACE + "quantize_per_tensor.tensor")
DEQUANTIZE = (NAMESPACE + "dequantize_per_tensor", NAMESPACE + "dequantize_per_tensor.tensor")
QUANTIZE_CHANNEL = NAMESPACE + "quantize_per_channel"
DEQUANTIZE_CHANNEL = NAMESPACE + "dequantize_per_channel"


def accumulator_type() -> ir.Type:
    """The element type integer contractions compute in (the module docstring says why f32)."""
    return f32()


class QCall:
    """A `quantized_decomposed::*` fallback call: its operands by schema name and its arguments."""

    def __init__(self, op: ir.Operation):
        self.op = op.operation
        self.overload = aten_fallback_overload(self.op)
        names = attr_value(self.op.attributes["exir.operand_args"]) if "exir.operand_args" in self.op.attributes else []
        self.operands = dict(zip(names, self.op.operands))
        self.args = {}
        if "exir.args" in self.op.attributes:
            d = ir.DictAttr(self.op.attributes["exir.args"])
            for i in range(len(d)):
                self.args[d[i].name] = attr_value(d[i].attr)

    def t(self, name):
        return self.operands.get(name)

    def a(self, name, default=None):
        v = self.args.get(name)
        return default if v is None else v

    @property
    def result(self) -> ir.Value:
        return self.op.results[0]

    @staticmethod
    def of(value: ir.Value, overloads) -> QCall | None:
        """The call of one of `overloads` that produced `value`, or None."""
        owner = value.owner
        op = owner.operation if hasattr(owner, "operation") else None
        if op is None or op.name != "func.call":
            return None
        overload = aten_fallback_overload(op)
        return QCall(op) if overload in overloads else None


# --- scale and zero point as edge values -------------------------------------------------------

def _per_tensor_scalar(c: QCall, name: str, elem: ir.Type) -> ir.Value:
    """`scale`/`zero_point` of a per-tensor call as a 0-d tensor of `elem` (a float/int argument,
    or a 1-element tensor operand in the `.tensor` overloads)."""
    if c.t(name) is not None:
        v = c.t(name)
        if rank_of(v) > 0:
            if any(s != 1 for s in shape_of(v)):
                raise Unsupported(f"'{c.overload}' needs a one-element {name}")
            v = create1("edge.view", [v], ranked([], element_type(v)))
        return cast(v, elem)
    value = c.a(name)
    if value is None:
        raise Unsupported(f"'{c.overload}' has no {name}")
    return typed_scalar(float(value) if elem == f32() else int(value), elem)


def _static_scale(c: QCall) -> float | None:
    return float(c.a("scale")) if c.t("scale") is None and c.a("scale") is not None else None


def _channel_view(v: ir.Value, axis: int, rank: int, elem: ir.Type) -> ir.Value:
    """A per-channel vector [C] as [1, .., C, .., 1] (C at `axis`), cast to `elem`."""
    if rank_of(v) != 1:
        raise Unsupported("per-channel scales and zero points must be 1-d")
    c = shape_of(v)[0]
    if c == DYNAMIC:
        raise Unsupported("per-channel scales need a static channel count")
    shape = [1] * rank
    shape[axis] = c
    return create1("edge.view", [cast(v, elem)], ranked(shape, elem))


def _axis(c: QCall, rank: int) -> int:
    axis = int(c.a("axis", 0))
    return axis + rank if axis < 0 else axis


def _clamped(c: QCall, value: ir.Value) -> ir.Value:
    lo, hi = typed_scalar(float(c.a("quant_min")), f32()), typed_scalar(float(c.a("quant_max")), f32())
    return create1("edge.clamp", [value, lo, hi], value.type, {"operandSegmentSizes": segment_sizes([1, 1, 1])})


def quantized_float(c: QCall) -> ir.Value:
    """clamp(round(x * (1 / s)) + zp, qmin, qmax) in f32: the quantized values, still float."""
    x = c.t("input")
    if element_type(x) != f32():
        x = cast(x, f32())  # torch's kernel takes f16/bf16 to f32 first
    ft = x.type
    if c.overload == QUANTIZE_CHANNEL:
        axis = _axis(c, rank_of(x))
        scales = _channel_view(c.t("scales"), axis, rank_of(x), f32())
        inv = create1("edge.div", [typed_scalar(1.0, f32()), scales], scales.type)  # 1.0 / scales, in f32
        zp = _channel_view(c.t("zero_points"), axis, rank_of(x), f32())
    else:
        s = _static_scale(c)
        if s is not None:
            inv = typed_scalar(1.0 / s, f32())  # Python's 1.0 / scale, then the f32 multiply
        else:
            inv = create1("edge.div", [typed_scalar(1.0, f32()), _per_tensor_scalar(c, "scale", f32())],
                          ranked([], f32()))
        zp = _per_tensor_scalar(c, "zero_point", f32())
    r = create1("edge.round", [create1("edge.mul", [x, inv], ft)], ft)
    return _clamped(c, create1("edge.add", [r, zp], ft))


def dequantized(c: QCall, q: ir.Value, out: ir.Type) -> ir.Value:
    """(q - zp) * s as `out`'s element type; `q` holds the quantized values (any int or f32)."""
    rank = rank_of(q)
    ft = with_element(q, f32())
    if c.overload == DEQUANTIZE_CHANNEL:
        axis = _axis(c, rank)
        zps = c.t("zero_points")
        if zps is not None:
            wide = ir.IntegerType.get_signless(64) if element_type(q) != f32() else f32()
            q = create1("edge.sub", [cast(q, wide), _channel_view(zps, axis, rank, wide)], with_element(q, wide))
        y = create1("edge.mul", [cast(q, f32()), _channel_view(c.t("scales"), axis, rank, f32())], ft)
    else:
        d = create1("edge.sub", [cast(q, f32()), _per_tensor_scalar(c, "zero_point", f32())], ft)
        y = create1("edge.mul", [d, _per_tensor_scalar(c, "scale", f32())], ft)
    return cast(y, element_type(out))


# --- the fallback calls, one by one (called from decompose.py) ----------------------------------

def _quantize(c) -> list[ir.Value]:
    qc = QCall(c.op)
    return [cast(quantized_float(qc), element_type(c.result))]


def _dequantize(c) -> list[ir.Value]:
    qc = QCall(c.op)
    return [dequantized(qc, qc.t("input"), c.result.type)]


FALLBACK_DECOMPOSITIONS = {
    **{name: _quantize for name in (*QUANTIZE, QUANTIZE_CHANNEL)},
    **{name: _dequantize for name in (*DEQUANTIZE, DEQUANTIZE_CHANNEL)},
}


# --- 1. integer contractions -----------------------------------------------------------------------

def _same_params(q: QCall, dq: QCall) -> bool:
    keys = ("scale", "zero_point", "quant_min", "quant_max", "dtype")
    return all(q.a(k) == dq.a(k) for k in keys) and q.t("scale") is None and dq.t("scale") is None


def _integer_values(dq: QCall) -> ir.Value | None:
    """q - zp as accumulator_type values for a dequantize's input, or None when it cannot be formed
    exactly."""
    x = dq.t("input")
    q = QCall.of(x, QUANTIZE)
    if q is not None and dq.overload in DEQUANTIZE and _same_params(q, dq):
        # dequantize(quantize(x)): the clamped float holds integers in [qmin, qmax]
        qi = cast(quantized_float(q), accumulator_type())
    else:
        elem = element_type(x)
        if not is_integer(elem) or is_bool(elem):
            return None
        if is_unsigned(elem):
            return None  # a uint8 tensor from outside the program: the float path says what is missing
        qi = cast(x, accumulator_type())
    if dq.overload == DEQUANTIZE_CHANNEL:
        zps = dq.t("zero_points")
        if zps is None:
            return qi
        return create1("edge.sub", [qi, _channel_view(zps, _axis(dq, rank_of(qi)), rank_of(qi), accumulator_type())],
                       qi.type)
    if dq.t("zero_point") is not None:
        return None
    zp = int(dq.a("zero_point", 0))
    return qi if zp == 0 else create1("edge.sub", [qi, typed_scalar(float(zp), accumulator_type())], qi.type)


def _weight_scale(dw: QCall, axis_out: int, rank: int) -> ir.Value | None:
    """The weight's scale shaped to broadcast over the result (per channel along `axis_out`)."""
    if dw.overload == DEQUANTIZE_CHANNEL:
        return _channel_view(dw.t("scales"), axis_out, rank, f32())
    s = _static_scale(dw)
    return None if s is None else typed_scalar(s, f32())


def _requantize(acc: ir.Value, dx: QCall, dw: QCall, w_axis_out: int, bias, result: ir.Value) -> ir.Value:
    """acc (accumulator_type) * (s_x * s_w) + bias, in the result's float type."""
    rt = result.type
    ft = with_element(rt, f32())
    sx = _static_scale(dx)
    sw = _weight_scale(dw, w_axis_out, rank_of(rt))
    scale = create1("edge.mul", [sw, typed_scalar(sx, f32())], sw.type)
    y = create1("edge.mul", [cast(acc, f32()), scale], ft)
    if bias is not None:
        if rank_of(bias) == 1 and rank_of(rt) > 2:
            bias = _channel_view(bias, 1, rank_of(rt), f32())
        y = create1("edge.add", [y, cast(bias, f32())], ft)
    return cast(y, element_type(rt))


def _dq_pair(x: ir.Value, w: ir.Value, w_axis: int):
    """(dequantize of x, dequantize of w) when both are quantized as the integer path needs."""
    dx = QCall.of(x, DEQUANTIZE)
    dw = QCall.of(w, (*DEQUANTIZE, DEQUANTIZE_CHANNEL))
    if dx is None or dw is None or _static_scale(dx) is None:
        return None
    if dw.overload == DEQUANTIZE_CHANNEL and _axis(dw, rank_of(w)) != w_axis:
        return None
    if dw.overload in DEQUANTIZE and _static_scale(dw) is None:
        return None
    return dx, dw


def integer_convolution(op):
    args = AtenArgs(op, ["input", "weight", "bias?", "stride*", "padding*", "dilation*",
                         "output_padding*", "groups?"])
    if args.attr("transposed", False):
        return None
    pair = _dq_pair(args.tensor("input"), args.tensor("weight"), 0)
    if pair is None:
        return None
    dx, dw = pair
    xi, wi = _integer_values(dx), _integer_values(dw)
    if xi is None or wi is None:
        return None
    res = op.results[0]
    acc = convolution(SimpleNamespace(type=with_element(res.type, accumulator_type())), xi, wi, None,
                      stride=args.static_ints("stride"), padding=args.static_ints("padding"),
                      dilation=args.static_ints("dilation"), groups=args.sym_int("groups", 1))
    return [_requantize(acc, dx, dw, 1, args.optional("bias"), res)]


def _rhs_weight(b: ir.Value):
    """The rhs of mm/addmm as (dequantized weight, permuted?): `w.t()` of a linear, or `w` itself."""
    owner = b.owner
    op = owner.operation if hasattr(owner, "operation") else None
    if op is not None and op.name == "exir.permute" and attr_value(op.attributes["dims"]) in ([1, 0], [-1, 0], [1, -2]):
        return op.operands[0], True
    return b, False


def integer_matmul(op):
    if op.name == "exir.addmm":
        args = AtenArgs(op, ["self", "mat1", "mat2"])
        if args.attr("beta", 1) != 1 or args.attr("alpha", 1) != 1:
            return None
        bias, a, b = args.tensor("self"), args.tensor("mat1"), args.tensor("mat2")
    else:
        bias, (a, b) = None, op.operands
    w, permuted = _rhs_weight(b)
    if rank_of(a) != 2 or rank_of(w) != 2:
        return None
    pair = _dq_pair(a, w, 0 if permuted else 1)
    if pair is None:
        return None
    dx, dw = pair
    xi, wi = _integer_values(dx), _integer_values(dw)
    if xi is None or wi is None:
        return None
    if permuted:
        s = shape_of(wi)
        wi = create1("edge.permute", [wi], ranked([s[1], s[0]], accumulator_type()), {"dims": i64_array([1, 0])})
    res = op.results[0]
    acc = create1("edge.mm", [xi, wi], with_element(res.type, accumulator_type()))
    return [_requantize(acc, dx, dw, 1, bias, res)]


# --- 2. dequantize(quantize(x)) pairs ------------------------------------------------------------

def fake_quantize(op):
    """dequantize(quantize(x)) with the same parameters: (clamped float - zp) * s."""
    dq = QCall.of(op.results[0], (*DEQUANTIZE, DEQUANTIZE_CHANNEL)) if len(op.results) == 1 else None
    if dq is None:
        return None
    q = QCall.of(dq.t("input"), (*QUANTIZE, QUANTIZE_CHANNEL))
    if q is None:
        return None
    if dq.overload in DEQUANTIZE:
        if q.overload not in QUANTIZE or not _same_params(q, dq):
            return None
    else:
        if q.overload != QUANTIZE_CHANNEL or q.t("scales") != dq.t("scales") or \
                q.t("zero_points") != dq.t("zero_points") or _axis(q, 0) != _axis(dq, 0) or \
                any(q.a(k) != dq.a(k) for k in ("quant_min", "quant_max", "dtype")):
            return None
    return [dequantized(dq, quantized_float(q), dq.result.type)]


def integer_fallback(op):
    """`aten::linear` and `aten::conv{1,2,3}d` calls of a program that was not decomposed."""
    overload = aten_fallback_overload(op)
    if overload not in ("aten::linear", "aten::conv1d", "aten::conv2d", "aten::conv3d"):
        return None
    c = QCall(op)
    x, w, bias = c.t("input"), c.t("weight"), c.t("bias")
    pair = _dq_pair(x, w, 0)
    if pair is None or (overload == "aten::linear" and rank_of(x) != 2):
        return None
    dx, dw = pair
    xi, wi = _integer_values(dx), _integer_values(dw)
    if xi is None or wi is None:
        return None
    res = c.result
    if overload == "aten::linear":
        s = shape_of(wi)
        wt = create1("edge.permute", [wi], ranked([s[1], s[0]], accumulator_type()), {"dims": i64_array([1, 0])})
        acc = create1("edge.mm", [xi, wt], with_element(res.type, accumulator_type()))
    else:
        padding = c.a("padding", [0])
        if isinstance(padding, str):
            return None
        acc = convolution(SimpleNamespace(type=with_element(res.type, accumulator_type())), xi, wi, None,
                          stride=c.a("stride", [1]), padding=padding, dilation=c.a("dilation", [1]),
                          groups=c.a("groups", 1))
    return [_requantize(acc, dx, dw, 1, bias, res)]


def _contraction_patterns() -> PatternTable:
    table = PatternTable()
    table.add("func.call", integer_fallback, family=FAMILY)
    table.add("exir.convolution", integer_convolution, family=FAMILY)
    table.add("exir.mm", integer_matmul, family=FAMILY)
    table.add("exir.addmm", integer_matmul, family=FAMILY)
    return table


def _pair_patterns() -> PatternTable:
    table = PatternTable()
    table.add("func.call", fake_quantize, family=FAMILY)
    return table


def _erase_dead_calls(module_op: ir.Operation) -> None:
    """quantize/dequantize calls (and weight permutes) the rewrites left without users."""
    names = (*QUANTIZE, *DEQUANTIZE, QUANTIZE_CHANNEL, DEQUANTIZE_CHANNEL)
    changed = True
    while changed:
        changed = False
        for op in reversed(walk_ops(module_op)):
            if any(len(list(r.uses)) for r in op.results) or not len(op.results):
                continue
            if (op.name == "func.call" and aten_fallback_overload(op) in names) or op.name == "exir.permute":
                op.erase()
                changed = True


def has_quantized_calls(module_op: ir.Operation) -> bool:
    """Does the module declare a `quantized_decomposed::*` fallback (a look at its top level only)?"""
    for op in module_op.regions[0].blocks[0].operations:
        op = op.operation
        if op.name == "func.func" and "exir.aten_overload" in op.attributes and \
                ir.StringAttr(op.attributes["exir.aten_overload"]).value.startswith(NAMESPACE):
            return True
    return False


def fold_quantized(module_op: ir.Operation):
    """Rewrites 1 and 2 of this module's docstring; returns the drivers' failures (internal
    errors only: these patterns never refuse, they leave the float path to the per-op patterns)."""
    if not has_quantized_calls(module_op):
        return []
    failures = [apply_patterns(module_op, _contraction_patterns())]
    _erase_dead_calls(module_op)
    failures.append(apply_patterns(module_op, _pair_patterns()))
    _erase_dead_calls(module_op)
    return failures
