"""Builders for edge IR used by the aten-to-edge patterns: casts, typed scalars, index sizes."""

from __future__ import annotations

from typing import Sequence

from exir_mlir._mlir import arith, ir, tensor

from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    create1,
    element_type,
    index,
    index_constant,
    is_bool,
    is_float,
    isa,
    ranked,
    shape_of,
    splat,
    with_element,
)
from .promotion import SCALAR, Operand, result_type, scalar_element_type, tensor_operand

SYMINT_TYPES = ("!exir.symint", "!exir.symbool", "!exir.symfloat")


def cast(value: ir.Value, elem: ir.Type) -> ir.Value:
    """`edge.cast` to `elem`, or the value itself when it already has that element type."""
    if element_type(value) == elem:
        return value
    return create1("edge.cast", [value], with_element(value, elem))


def typed_scalar(value, elem: ir.Type) -> ir.Value:
    """A Python scalar as a 0-d tensor constant of `elem` (torch's wrapped-number rule)."""
    if isinstance(value, float) and not is_float(elem) and not is_bool(elem):
        if value != int(value):
            raise Unsupported(f"scalar {value} cannot be represented in {elem}")
    return splat(value, elem)


def _owner_op(value: ir.Value):
    owner = value.owner
    return owner.operation if hasattr(owner, "operation") else None


def is_wrapped_number(value: ir.Value) -> bool:
    """A Python number that torch wrapped into a 0-d tensor (the importer marks it)."""
    op = _owner_op(value) if isinstance(value, ir.Value) else None
    return op is not None and "exir.wrapped_number" in op.attributes


def wrapped_scalar(value: ir.Value):
    """The Python number of a constant wrapped number, or None."""
    op = _owner_op(value)
    if op is None or "exir.wrapped_number" not in op.attributes or "value" not in op.attributes:
        return None
    attr = op.attributes["value"]
    if not isa(ir.DenseElementsAttr, attr) or not ir.DenseElementsAttr(attr).is_splat:
        return None
    elem = element_type(value)
    v = ir.DenseElementsAttr(attr).get_splat_value()
    if is_bool(elem):
        return bool(ir.IntegerAttr(v).value)
    if isa(ir.IntegerType, elem):
        return int(ir.IntegerAttr(v).value)
    return float(ir.FloatAttr(v).value)


def _wrapped_kind(elem: ir.Type) -> ir.Type:
    # c10: a wrapped float participates as the default dtype (f32), ints as i64, bools as i1
    return ir.F32Type.get() if is_float(elem) else elem


def promoted(op, operands: Sequence) -> ir.Type:
    """torch.result_type of tensor Values (wrapped numbers count as scalars) and Python scalars."""
    parts = []
    for o in operands:
        if o is None:
            continue
        if isinstance(o, ir.Value):
            if is_wrapped_number(o):
                parts.append(Operand(SCALAR, _wrapped_kind(element_type(o))))
            else:
                parts.append(tensor_operand(o))
        else:
            parts.append(Operand(SCALAR, scalar_element_type(o)))
    return result_type(parts)


def as_tensor(value, elem: ir.Type) -> ir.Value:
    """A tensor Value cast to `elem`, or a Python scalar made a typed 0-d constant."""
    if isinstance(value, ir.Value):
        scalar = wrapped_scalar(value)
        if scalar is not None:
            return typed_scalar(scalar, elem)
        return cast(value, elem)
    return typed_scalar(value, elem)


# ----------------------------------------------------------------------------- SymInt -> index


def is_symbolic(value) -> bool:
    return isinstance(value, ir.Value) and str(value.type) in SYMINT_TYPES


def to_index(value) -> ir.Value:
    """An index Value for a SymInt Value or a Python int.

    A SymInt that an earlier pattern already turned into an index is found through the
    `unrealized_conversion_cast` it left (MLIR's materialization idiom); the casts die once
    every user is converted.
    """
    if isinstance(value, int):
        return index_constant(value)
    if isa(ir.IndexType, value.type):
        return value
    owner = value.owner
    if isinstance(owner, ir.Operation) or hasattr(owner, "name"):
        owner_op = owner.operation if hasattr(owner, "operation") else owner
        if owner_op.name == "builtin.unrealized_conversion_cast" and len(owner_op.operands) == 1:
            src = owner_op.operands[0]
            if isa(ir.IndexType, src.type):
                return src
    if isa(ir.IntegerType, value.type):
        return arith.IndexCastOp(index(), value).result
    return ir.Operation.create("builtin.unrealized_conversion_cast", results=[index()],
                               operands=[value]).result


def from_index(idx: ir.Value, symint_type: ir.Type) -> ir.Value:
    """Wrap an index as the SymInt type that the remaining exir users still expect."""
    return ir.Operation.create("builtin.unrealized_conversion_cast", results=[symint_type],
                               operands=[idx]).result


def dim_index(value: ir.Value, dim: int) -> ir.Value:
    s = shape_of(value)[dim]
    if s != DYNAMIC:
        return index_constant(s)
    return tensor.DimOp(value, index_constant(dim)).result


def numel_index(value: ir.Value) -> ir.Value:
    total = None
    static = 1
    for d, s in enumerate(shape_of(value)):
        if s == DYNAMIC:
            v = dim_index(value, d)
            total = v if total is None else arith.MulIOp(total, v).result
        else:
            static *= s
    if total is None:
        return index_constant(static)
    if static != 1:
        total = arith.MulIOp(total, index_constant(static)).result
    return total


def dynamic_sizes(result_type: ir.Type, sizes: Sequence) -> list[ir.Value]:
    """The index operands of an edge op's dynamic result dims, from a torch size list.

    `sizes` are ints or SymInt Values, one per result dim (right-aligned when shorter).
    """
    shape = shape_of(result_type)
    offset = len(shape) - len(sizes)
    out = []
    for d, s in enumerate(shape):
        if s != DYNAMIC:
            continue
        given = sizes[d - offset] if d - offset >= 0 else None
        if not is_symbolic(given) and not (isinstance(given, ir.Value) and isa(ir.IndexType, given.type)):
            raise Unsupported(f"dynamic result dim {d} has no symbolic size (got {given!r})")
        out.append(to_index(given))
    return out


def dynamic_dims_like(result_type: ir.Type, source: ir.Value) -> list[ir.Value]:
    """Dynamic result dims taken from the same dims of `source` (same-shape ops)."""
    shape = shape_of(result_type)
    src = shape_of(source)
    out = []
    for d, s in enumerate(shape):
        if s == DYNAMIC:
            sd = d - (len(shape) - len(src))
            if sd < 0 or src[sd] != DYNAMIC:
                raise Unsupported(f"cannot tell the size of dynamic result dim {d}")
            out.append(dim_index(source, sd))
    return out


def full(value, result_type: ir.Type, sizes: Sequence | None = None) -> ir.Value:
    """A tensor of `result_type` filled with a Python scalar: a splat constant or edge.expand."""
    elem = element_type(result_type)
    shape = shape_of(result_type)
    if DYNAMIC not in shape:
        return splat(value, elem, shape)
    dyn = dynamic_sizes(result_type, sizes) if sizes is not None else None
    if dyn is None:
        raise Unsupported("a dynamic-shape fill needs its sizes")
    return create1("edge.expand", [typed_scalar(value, elem), *dyn], ranked(shape, elem))


def normalize_dim(dim: int, rank: int) -> int:
    r = max(rank, 1)
    if not -r <= dim < r:
        raise Unsupported(f"dim {dim} is out of range for rank {rank}")
    return dim % r


def same_dtype(values: Sequence[ir.Value], what: str = "operands") -> ir.Type:
    """The one element type of `values`; Unsupported when they differ (torch requires one here)."""
    elems = {str(element_type(v)) for v in values}
    if len(elems) != 1:
        raise Unsupported(f"{what} have different dtypes ({', '.join(sorted(elems))}); torch "
                          "requires one dtype here")
    return element_type(values[0])


def promoted_elem(op, *operands) -> ir.Type:
    return promoted(op, operands)
