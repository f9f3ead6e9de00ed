"""torch's type promotion (torch.result_type, promote_types) on MLIR element types, without torch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from exir_mlir._mlir import ir

from ..ir_utils import Unsupported, bitwidth, is_bool, is_complex, is_float, is_unsigned, isa

# Operand kinds, by priority in torch.result_type: tensors with dims, 0-d tensors, Python scalars.
DIM, ZERO_DIM, SCALAR = "dim", "zero_dim", "scalar"


def _category(t: ir.Type) -> int:
    if is_bool(t):
        return 0
    if isa(ir.IntegerType, t):
        return 1
    if is_float(t):
        return 2
    if is_complex(t):
        return 3
    raise Unsupported(f"element type {t} has no torch dtype")


def promote_types(a: ir.Type | None, b: ir.Type | None) -> ir.Type | None:
    """torch.promote_types on element types (None = undefined)."""
    if a is None:
        return b
    if b is None or a == b:
        return a
    ca, cb = _category(a), _category(b)
    if ca <= 1 and cb <= 1 and any(is_unsigned(t) and bitwidth(t) > 8 for t in (a, b)):  # a != b here
        raise Unsupported(f"torch does not promote {a} with {b} (uint16/32/64 promote only with themselves "
                          "and floating types); cast one operand to the other's dtype in the model")
    if ca != cb:
        hi, lo = (a, b) if ca > cb else (b, a)
        if is_complex(hi) and is_float(lo) and bitwidth(lo) == 64:
            return ir.ComplexType.get(ir.F64Type.get())
        return hi
    if ca == 1:  # two integer types
        ua, ub = is_unsigned(a), is_unsigned(b)
        wa, wb = bitwidth(a), bitwidth(b)
        if ua != ub:  # uint8 with a signed type: the signed type, at least 16 bits
            signed, uw = (b, wa) if ua else (a, wb)
            sw = bitwidth(signed)
            return signed if sw > uw else ir.IntegerType.get_signless(max(16, 2 * uw))
        return a if wa >= wb else b
    if ca == 2:
        names = {str(a), str(b)}
        if names == {"f16", "bf16"}:
            return ir.F32Type.get()
        return a if bitwidth(a) >= bitwidth(b) else b
    # complex: the wider one
    return a if bitwidth(ir.ComplexType(a).element_type) >= bitwidth(ir.ComplexType(b).element_type) else b


def _combine_categories(higher: ir.Type | None, lower: ir.Type | None) -> ir.Type | None:
    # c10 combine_categories: a lower-priority operand only matters when its category is higher.
    if higher is None:
        return lower
    if lower is None:
        return higher
    if is_complex(higher):
        return higher
    if is_complex(lower):
        if is_float(higher):
            return ir.ComplexType.get(higher)
        return lower
    if is_float(higher):
        return higher
    if is_bool(higher) or is_float(lower):
        return promote_types(higher, lower)
    return higher


@dataclass(frozen=True)
class Operand:
    """One participant of a promotion: its kind (DIM, ZERO_DIM, SCALAR) and element type.

    A Python scalar's element type is what torch wraps it as: i1 for bool, i64 for int,
    f32 (the default dtype) for float. Use `scalar_element_type`.
    """

    kind: str
    elem: ir.Type


def scalar_element_type(value) -> ir.Type:
    if isinstance(value, bool):
        return ir.IntegerType.get_signless(1)
    if isinstance(value, int):
        return ir.IntegerType.get_signless(64)
    if isinstance(value, float):
        return ir.F32Type.get()  # torch's default dtype
    raise Unsupported(f"scalar {value!r} of type {type(value).__name__} is not a number")


def result_type(operands: Sequence[Operand]) -> ir.Type:
    """torch.result_type over tensors (dim or 0-d) and scalars."""
    state = {DIM: None, ZERO_DIM: None, SCALAR: None}
    for o in operands:
        state[o.kind] = promote_types(state[o.kind], o.elem)
    out = _combine_categories(state[DIM], _combine_categories(state[ZERO_DIM], state[SCALAR]))
    if out is None:
        raise Unsupported("type promotion of no operands")
    return out


def tensor_operand(value: ir.Value) -> Operand:
    t = ir.RankedTensorType(value.type)
    return Operand(ZERO_DIM if t.rank == 0 else DIM, t.element_type)


def int_to_float(elem: ir.Type) -> ir.Type:
    """ELEMENTWISE_TYPE_PROMOTION_KIND.INT_TO_FLOAT: bool and integers compute in f32."""
    return elem if (is_float(elem) or is_complex(elem)) else ir.F32Type.get()
