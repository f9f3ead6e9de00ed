"""Small IR helpers shared by the lowerings: types, attributes, constants, generic op creation."""

from __future__ import annotations

from typing import Iterable, Sequence

from exir_mlir._mlir import arith, ir

DYNAMIC = ir.ShapedType.get_dynamic_size()


def isa(cls, obj) -> bool:
    """isinstance on MLIR types/attributes, downcasting generic ones first."""
    if hasattr(obj, "maybe_downcast"):
        obj = obj.maybe_downcast()
    return isinstance(obj, cls)


class Unsupported(Exception):
    """A pattern cannot lower this op; the message says why (reported at the op's location)."""


# --------------------------------------------------------------------------- types


def tensor_type(value_or_type) -> ir.RankedTensorType:
    t = value_or_type.type if isinstance(value_or_type, ir.Value) else value_or_type
    if not isa(ir.RankedTensorType, t):
        raise Unsupported(f"expected a ranked tensor, got {t}")
    return ir.RankedTensorType(t)


def element_type(value_or_type) -> ir.Type:
    return tensor_type(value_or_type).element_type


def shape_of(value_or_type) -> list[int]:
    return list(tensor_type(value_or_type).shape)


def rank_of(value_or_type) -> int:
    return tensor_type(value_or_type).rank


def ranked(shape: Sequence[int], elem: ir.Type) -> ir.RankedTensorType:
    return ir.RankedTensorType.get(list(shape), elem)


def with_element(value_or_type, elem: ir.Type) -> ir.RankedTensorType:
    return ranked(shape_of(value_or_type), elem)


def is_float(t: ir.Type) -> bool:
    return any(isa(c, t) for c in (ir.F16Type, ir.BF16Type, ir.F32Type, ir.F64Type))


def is_bool(t: ir.Type) -> bool:
    return isa(ir.IntegerType, t) and ir.IntegerType(t).width == 1


def is_integer(t: ir.Type) -> bool:
    """Integer but not bool."""
    return isa(ir.IntegerType, t) and ir.IntegerType(t).width != 1


def is_unsigned(t: ir.Type) -> bool:
    return isa(ir.IntegerType, t) and ir.IntegerType(t).is_unsigned


def is_complex(t: ir.Type) -> bool:
    return isa(ir.ComplexType, t)


def bitwidth(t: ir.Type) -> int:
    if isa(ir.IntegerType, t):
        return ir.IntegerType(t).width
    return {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}[str(t)]


def i1() -> ir.Type:
    return ir.IntegerType.get_signless(1)


def i64() -> ir.Type:
    return ir.IntegerType.get_signless(64)


def f32() -> ir.Type:
    return ir.F32Type.get()


def index() -> ir.Type:
    return ir.IndexType.get()


# --------------------------------------------------------------------------- attributes


def has_attr(op, name: str) -> bool:
    return name in op.attributes


def get_attr(op, name: str):
    return op.attributes[name] if name in op.attributes else None


def attr_value(attr):
    """Python value of a scalar/array/string/type attribute (None for None/absent)."""
    if attr is None or isa(ir.UnitAttr, attr):
        return None
    if isa(ir.BoolAttr, attr):
        return ir.BoolAttr(attr).value
    if isa(ir.IntegerAttr, attr):
        a = ir.IntegerAttr(attr)
        return bool(a.value) if is_bool(a.type) else a.value
    if isa(ir.FloatAttr, attr):
        return ir.FloatAttr(attr).value
    if isa(ir.StringAttr, attr):
        return ir.StringAttr(attr).value
    if isa(ir.TypeAttr, attr):
        return ir.TypeAttr(attr).value
    if isa(ir.DenseI64ArrayAttr, attr):
        return list(ir.DenseI64ArrayAttr(attr))
    if isa(ir.DenseI32ArrayAttr, attr):
        return list(ir.DenseI32ArrayAttr(attr))
    if isa(ir.DenseBoolArrayAttr, attr):
        return list(ir.DenseBoolArrayAttr(attr))
    if isa(ir.DenseF64ArrayAttr, attr):
        return list(ir.DenseF64ArrayAttr(attr))
    if isa(ir.ArrayAttr, attr):
        return [attr_value(a) for a in ir.ArrayAttr(attr)]
    return attr


def i64_attr(v: int) -> ir.Attribute:
    return ir.IntegerAttr.get(i64(), int(v))


def f64_attr(v: float) -> ir.Attribute:
    return ir.FloatAttr.get(ir.F64Type.get(), float(v))


def bool_attr(v: bool) -> ir.Attribute:
    return ir.BoolAttr.get(bool(v))


def str_attr(v: str) -> ir.Attribute:
    return ir.StringAttr.get(v)


def i64_array(v: Iterable[int]) -> ir.Attribute:
    return ir.DenseI64ArrayAttr.get([int(x) for x in v])


def segment_sizes(sizes: Sequence[int]) -> ir.Attribute:
    return ir.DenseI32ArrayAttr.get([int(x) for x in sizes])


# --------------------------------------------------------------------------- building


def create(name: str, operands: Sequence[ir.Value], results: Sequence[ir.Type],
           attributes: dict | None = None, regions: int = 0) -> ir.Operation:
    """A generic op (IRDL-loaded dialects have no Python builders) at the current insertion point."""
    return ir.Operation.create(name, results=list(results), operands=list(operands),
                               attributes=dict(attributes or {}), regions=regions)


def create1(name: str, operands: Sequence[ir.Value], result: ir.Type,
            attributes: dict | None = None) -> ir.Value:
    return create(name, operands, [result], attributes).result


def scalar_attr(value, elem: ir.Type) -> ir.Attribute:
    if is_float(elem):
        return ir.FloatAttr.get(elem, float(value))
    if is_bool(elem):
        return ir.IntegerAttr.get(elem, 1 if value else 0)
    if isa(ir.IntegerType, elem):
        return ir.IntegerAttr.get(elem, int(value))
    raise Unsupported(f"no constant of element type {elem}")


def splat(value, elem: ir.Type, shape: Sequence[int] = ()) -> ir.Value:
    """`arith.constant dense<value> : tensor<shape x elem>` (a typed scalar when shape is ())."""
    t = ranked(shape, elem)
    return arith.ConstantOp(t, ir.DenseElementsAttr.get_splat(t, scalar_attr(value, elem))).result


def scalar_constant(value, elem: ir.Type) -> ir.Value:
    """A plain (non-tensor) arith constant."""
    if isa(ir.IndexType, elem):
        return arith.ConstantOp(elem, ir.IntegerAttr.get(elem, int(value))).result
    return arith.ConstantOp(elem, scalar_attr(value, elem)).result


def index_constant(v: int) -> ir.Value:
    return scalar_constant(v, index())


def attr_names(op) -> list[str]:
    return [a if isinstance(a, str) else a.name for a in op.attributes]


def attr_dict(op) -> dict:
    """name -> Python value (attr_value) of every attribute of `op`."""
    return {name: attr_value(op.attributes[name]) for name in attr_names(op)}


def copy_exir_attrs(src: ir.Operation, dst: ir.Operation) -> None:
    """Carry the discardable `exir.*` facts (symbolic shapes) over to a replacement op."""
    if len(src.results) != len(dst.results):
        return
    for name in attr_names(src):
        if name.startswith("exir."):
            dst.attributes[name] = src.attributes[name]


def transfer_sym_shapes(old: ir.Operation, values) -> None:
    """Give each replacement value's producer the symbolic shape of the result it replaces
    (when the producer has one result and no facts of its own)."""
    if "exir.sym_shapes" not in attr_names(old):
        return
    per_result = list(ir.ArrayAttr(old.attributes["exir.sym_shapes"]))
    for i, v in enumerate(values):
        if i >= len(per_result) or not isinstance(v, ir.OpResult):
            continue
        owner = v.owner.operation if hasattr(v.owner, "operation") else v.owner
        if len(owner.results) == 1 and "exir.sym_shapes" not in attr_names(owner):
            owner.attributes["exir.sym_shapes"] = ir.ArrayAttr.get([per_result[i]])


def producer(value: ir.Value) -> ir.Operation | None:
    """The op that defines `value`, or None for a block argument."""
    owner = value.owner
    if isinstance(owner, ir.Block) or not hasattr(owner, "operation"):
        return None
    return owner.operation


def single_use(value: ir.Value) -> bool:
    return len(list(value.uses)) == 1


def splat_value(value: ir.Value):
    """The Python number of a splat arith.constant tensor, or None."""
    op = producer(value)
    if op is None or op.name != "arith.constant":
        return None
    attr = op.attributes["value"]
    if not isa(ir.DenseElementsAttr, attr) or not ir.DenseElementsAttr(attr).is_splat:
        return None
    v = ir.DenseElementsAttr(attr).get_splat_value()
    return ir.FloatAttr(v).value if isa(ir.FloatAttr, v) else ir.IntegerAttr(v).value


def op_label(op) -> str:
    """'exir.add_tensor' plus the node name when the location carries one."""
    return f"'{op.name}'"


def walk_ops(root) -> list[ir.Operation]:
    """All ops nested under `root` (pre-order), collected before any mutation."""
    found: list[ir.Operation] = []

    def visit(o):
        found.append(o.operation)  # an OpView's `.name` may be its symbol (func.func), not the op name
        return ir.WalkResult.ADVANCE

    root.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found[1:] if found and found[0] == root.operation else found
