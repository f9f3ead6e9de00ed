"""aten-to-edge patterns for elementwise ops: explicit torch type promotion, typed scalars."""

from __future__ import annotations

from exir_mlir._mlir import ir

from ..conversion import PatternTable
from ..ir_utils import (Unsupported, create1, element_type, i1, is_bool, is_complex, is_float, rank_of,
                        segment_sizes, with_element)
from .args import AtenArgs
from .builders import as_tensor, cast, dim_index, full, promoted, typed_scalar
from .promotion import int_to_float

FAMILY = "elementwise"

# exir unary op -> (edge op, promotion kind). "float": integers compute in f32 (INT_TO_FLOAT);
# "same": result dtype = input dtype; "round": identity on integers.
UNARY = {
    "abs": ("abs", "same"), "neg": ("neg", "same"), "relu": ("relu", "same"),
    "sign": ("sign", "same"), "bitwise_not": ("bitwise_not", "same"),
    "ceil": ("ceil", "round"), "floor": ("floor", "round"), "round": ("round", "round"),
    "trunc": ("trunc", "round"),
    **{n: (n, "float") for n in (
        "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "rsqrt", "reciprocal",
        "sin", "cos", "tan", "tanh", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh",
        "atanh", "erf", "sigmoid", "silu")},
}

# exir binary op -> (edge op, promotion kind). "default": operands and result in the promoted
# dtype; "true_div": like default but integers go to f32; "compare": operands promoted, i1
# result; "logical": operands become i1.
BINARY = {}
for _pkt, _edge, _kind in (
    ("add", "add", "default"), ("sub", "sub", "default"), ("mul", "mul", "default"),
    ("div", "div", "true_div"), ("remainder", "remainder", "default"), ("fmod", "fmod", "default"),
    ("bitwise_and", "bitwise_and", "default"), ("bitwise_or", "bitwise_or", "default"),
    ("bitwise_xor", "bitwise_xor", "default"),
    ("eq", "eq", "compare"), ("ne", "ne", "compare"), ("lt", "lt", "compare"),
    ("le", "le", "compare"), ("gt", "gt", "compare"), ("ge", "ge", "compare"),
):
    BINARY[f"{_pkt}_tensor"] = (_edge, _kind, "other")
    BINARY[f"{_pkt}_scalar"] = (_edge, _kind, "other")
for _name, _edge, _kind in (
    ("maximum", "maximum", "default"), ("minimum", "minimum", "default"),
    ("atan2", "atan2", "true_div"), ("logical_and", "logical_and", "logical"),
    ("logical_or", "logical_or", "logical"), ("logical_xor", "logical_xor", "logical"),
    ("pow_tensor_tensor", "pow", "default"),
):
    BINARY[_name] = (_edge, _kind, "other")
BINARY["pow_tensor_scalar"] = ("pow", "default", "exponent")


def _result_elem(op) -> ir.Type:
    return element_type(op.results[0])


def _check_promotion(op, computed: ir.Type, expected: ir.Type) -> None:
    if computed != expected and is_complex(computed):
        # e.g. abs of an FFT's complex result: a real result is right, complex is what is missing
        raise Unsupported(f"its operand is a complex tensor ({computed}); the lowering takes real tensors "
                          "only: exir_mlir.compile and `exir-mlir import --decompose` rewrite complex values "
                          "to real ones first")
    if computed != expected:
        raise Unsupported(f"torch promotes the operands to {computed} but the op's result is "
                          f"{expected}; the program is inconsistent")


def lower_unary(edge_name: str, kind: str):
    def pattern(op):
        x = op.operands[0]
        out = _result_elem(op)
        if kind == "float":
            _check_promotion(op, int_to_float(element_type(x)), out)
        elif kind == "round" and not is_float(element_type(x)):
            return [cast(x, out)]  # rounding an integer is the identity
        else:
            _check_promotion(op, element_type(x), out)
        return [create1(f"edge.{edge_name}", [cast(x, out)], op.results[0].type)]

    return pattern


def _binary_operands(op, other_name: str):
    args = AtenArgs(op, ["self"] + (["other"] if _is_tensor_operand(op, 1) else []))
    lhs = args.tensor("self")
    rhs = args.tensor("other") if len(op.operands) > 1 else args.attr(other_name)
    if rhs is None:
        raise Unsupported(f"missing operand '{other_name}'")
    alpha = args.attr("alpha", 1)
    return lhs, rhs, alpha


def _is_tensor_operand(op, i: int) -> bool:
    return len(op.operands) > i


def lower_binary(edge_name: str, kind: str, other_name: str, *, rounding: str | None = None):
    def pattern(op):
        lhs, rhs, alpha = _binary_operands(op, other_name)
        out = _result_elem(op)
        mode = rounding
        if "rounding_mode" in op.attributes:
            mode = AtenArgs(op, ["self", "other"] if len(op.operands) > 1 else ["self"]).attr("rounding_mode")
        if kind == "logical":
            lhs_b, rhs_b = as_tensor(_truthy(lhs), i1()), as_tensor(_truthy(rhs), i1())
            return [create1(f"edge.{edge_name}", [lhs_b, rhs_b], op.results[0].type)]
        compute = promoted(op, [lhs, rhs] + ([alpha] if alpha != 1 else []))
        if kind == "true_div" and mode is None:
            compute = int_to_float(compute)
        if kind == "compare":
            if not is_bool(out):
                raise Unsupported(f"a comparison must produce i1, not {out}")
        else:
            _check_promotion(op, compute, out)
        a, b = as_tensor(lhs, compute), as_tensor(rhs, compute)
        if alpha != 1:
            if edge_name not in ("add", "sub"):
                raise Unsupported("'alpha' is only defined for add and sub")
            b = create1("edge.mul", [b, typed_scalar(alpha, compute)], b.type)
        name = edge_name
        if edge_name == "div" and mode is not None:
            if mode not in ("floor", "trunc"):
                raise Unsupported(f"unknown rounding_mode '{mode}'")
            name = "floor_divide" if mode == "floor" else "trunc_divide"
        result_type = op.results[0].type
        return [create1(f"edge.{name}", [a, b], result_type)]

    return pattern


def _truthy(v):
    """A tensor as i1 (nonzero), or a Python scalar as bool."""
    if isinstance(v, ir.Value):
        return v
    return bool(v)


def lower_where(op):
    cond, a, b = op.operands
    out = _result_elem(op)
    _check_promotion(op, promoted(op, [a, b]), out)
    return [create1("edge.where", [as_tensor(cond, i1()), as_tensor(a, out), as_tensor(b, out)],
                    op.results[0].type)]


def lower_gelu(op):
    x = op.operands[0]
    approx = AtenArgs(op, ["self"]).attr("approximate", "none")
    if approx not in ("none", "tanh"):
        raise Unsupported(f"gelu approximate='{approx}' is not 'none' or 'tanh'")
    return [create1("edge.gelu", [x], op.results[0].type, {"approximate": ir.StringAttr.get(approx)})]


def lower_clamp(op):
    """clamp (Scalar bounds), clamp.Tensor, hardtanh: edge.clamp with typed bound tensors."""
    x = op.operands[0]
    out = _result_elem(op)
    if op.name == "exir.clamp_tensor":
        args = AtenArgs(op, ["self", "min?", "max?"])
        lo, hi = args.optional("min"), args.optional("max")
    elif op.name == "exir.hardtanh":
        args = AtenArgs(op, ["self"])
        lo, hi = args.attr("min_val", -1.0), args.attr("max_val", 1.0)
        if not is_float(out) and not is_bool(out):  # eager converts the bounds to the int dtype: toward zero
            lo, hi = int(lo), int(hi)
    else:
        args = AtenArgs(op, ["self"])
        lo, hi = args.attr("min"), args.attr("max")
    if op.name != "exir.hardtanh":  # hardtanh keeps the input dtype (its bounds are converted)
        _check_promotion(op, promoted(op, [x, lo, hi]), out)
    bounds = [as_tensor(v, out) for v in (lo, hi) if v is not None]
    sizes = [1, 1 if lo is not None else 0, 1 if hi is not None else 0]
    return [create1("edge.clamp", [cast(x, out), *bounds], op.results[0].type,
                    {"operandSegmentSizes": segment_sizes(sizes)})]


def lower_leaky_relu(op):
    """leaky_relu(x, slope) = where(x > 0, x, x * slope)."""
    x = op.operands[0]
    slope = AtenArgs(op, ["self"]).attr("negative_slope", 0.01)
    elem = element_type(x)
    zero = typed_scalar(0, elem)
    pos = create1("edge.gt", [x, zero], with_element(x, i1()))
    scaled = create1("edge.mul", [x, typed_scalar(slope, elem)], x.type)
    return [create1("edge.where", [pos, x, scaled], op.results[0].type)]


def lower_elu(op):
    """elu(x, alpha, scale, input_scale) = scale * where(x > 0, x, alpha * (exp(x * input_scale) - 1))."""
    x = op.operands[0]
    args = AtenArgs(op, ["self"])
    alpha, scale, in_scale = args.attr("alpha", 1), args.attr("scale", 1), args.attr("input_scale", 1)
    elem = element_type(x)
    if not is_float(elem):
        raise Unsupported("elu needs a float input")
    pos = create1("edge.gt", [x, typed_scalar(0, elem)], with_element(x, i1()))
    scaled_in = create1("edge.mul", [x, typed_scalar(in_scale, elem)], x.type)
    neg = create1("edge.expm1", [scaled_in], x.type)
    neg = create1("edge.mul", [neg, typed_scalar(alpha, elem)], x.type)
    sel = create1("edge.where", [pos, x, neg], x.type)
    return [create1("edge.mul", [sel, typed_scalar(scale, elem)], op.results[0].type)]


def lower_predicate(edge_name: str):
    def pattern(op):
        x = op.operands[0]
        if edge_name == "logical_not":
            x = cast(x, i1())
        elif not is_float(element_type(x)):
            # isnan/isinf of an integer is all false
            return [full(False, op.results[0].type, [dim_index(x, d) for d in range(rank_of(x))])]
        return [create1(f"edge.{edge_name}", [x], op.results[0].type)]

    return pattern


def lower_pow_scalar(op):
    """pow.Scalar(Scalar self, Tensor exponent)."""
    base = AtenArgs(op, ["exponent"]).attr("self")
    exp = op.operands[0]
    out = _result_elem(op)
    _check_promotion(op, promoted(op, [base, exp]), out)
    return [create1("edge.pow", [typed_scalar(base, out), cast(exp, out)], op.results[0].type)]


def populate_elementwise_patterns(table: PatternTable) -> None:
    for name, (edge_name, kind) in UNARY.items():
        table.add(f"exir.{name}", lower_unary(edge_name, kind), family=FAMILY)
    for name, (edge_name, kind, other) in BINARY.items():
        table.add(f"exir.{name}", lower_binary(edge_name, kind, other), family=FAMILY)
    table.add("exir.div_tensor_mode", lower_binary("div", "true_div", "other"), family=FAMILY)
    table.add("exir.div_scalar_mode", lower_binary("div", "true_div", "other"), family=FAMILY)
    table.add("exir.pow_scalar", lower_pow_scalar, family=FAMILY)
    table.add("exir.where_self", lower_where, family=FAMILY)
    table.add("exir.gelu", lower_gelu, family=FAMILY)
    for name in ("clamp", "clamp_tensor", "hardtanh"):
        table.add(f"exir.{name}", lower_clamp, family=FAMILY)
    table.add("exir.leaky_relu", lower_leaky_relu, family=FAMILY)
    table.add("exir.elu", lower_elu, family=FAMILY)
    for name in ("logical_not", "isnan", "isinf"):
        table.add(f"exir.{name}", lower_predicate(name), family=FAMILY)
