"""The one mapping from a torch ATen op schema to an exir op: names, operands, attributes, results."""

# Used by the ODS generator (tools/gen_exir_ods.py) and by the importer, so both agree on how
# every schema argument becomes an operand or an attribute (docs/ir-conventions.md).
# Nothing here imports torch: schema objects are inspected through their own methods, and a
# type is recognised by its class name (torch._C.SymIntType, ...).

from __future__ import annotations

import enum
import functools
import importlib.util
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from exir_mlir.errors import ExirInternalError, ExirUserError

# ShapedType::kDynamic: a dynamic entry of a static_<name> attribute.
K_DYNAMIC = -(2**63)

PRIVATE_PREFIX = "priv_"
INPLACE_SUFFIX = "_inplace"

# ATen ops outside torch.Tag.core that torch.export graphs contain and that the exir dialect
# therefore has (generated from their schemas like the core ones).
EXPORT_EXTRA_OVERLOADS = (
    "aten::sym_constrain_range",
    "aten::sym_constrain_range_for_size",
    "aten::_assert_scalar",
)

# `Scalar` arguments that an export graph always fills with a symbolic value (a SymInt or
# SymBool produced by other nodes), so they are operands, not attributes.
SYMBOLIC_SCALAR_ARGS = {
    "aten::sym_constrain_range": {"size"},
    "aten::sym_constrain_range_for_size": {"size"},
    "aten::_assert_scalar": {"self"},
}

_IRDL_NAME = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


class UnsupportedSchemaError(ExirUserError):
    """A schema uses a type the exir dialect has no representation for."""


# --------------------------------------------------------------------------------------------
# Names
# --------------------------------------------------------------------------------------------


def split_overload_name(overload_name: str) -> tuple[str, str, str]:
    """`"aten::add.Tensor"` or `"aten.add.Tensor"` -> `("aten", "add", "Tensor")` ("default" if none)."""
    text = overload_name.strip()
    if "::" in text:
        namespace, _, rest = text.partition("::")
        packet, _, overload = rest.partition(".")
    else:
        parts = text.split(".")
        if len(parts) not in (2, 3):
            raise ValueError(f"not an ATen overload name: {overload_name!r} (expected 'aten::add.Tensor')")
        namespace, packet = parts[0], parts[1]
        overload = parts[2] if len(parts) == 3 else ""
    if not namespace or not packet:
        raise ValueError(f"not an ATen overload name: {overload_name!r} (expected 'aten::add.Tensor')")
    return namespace, packet, overload or "default"


def core_aten_overloads() -> list[Any]:
    """Every ATen OpOverload tagged torch.Tag.core (193 in torch 2.13), sorted by name.

    Enumerated from the dispatcher's registry: iterating `torch.ops.aten` yields only the
    packets something has touched already, so its answer depends on what was imported before.
    """
    import torch  # here, not at module level: exir-mlir-opt imports this module and not torch

    found = {}
    for full_name in torch._C._dispatch_get_all_op_names():
        if not full_name.startswith("aten::"):
            continue
        packet_name, _, overload = full_name.removeprefix("aten::").partition(".")
        try:
            op = getattr(getattr(torch.ops.aten, packet_name), overload or "default")
        except (AttributeError, RuntimeError):
            continue
        if torch.Tag.core in op.tags:
            found[str(op)] = op
    return [found[name] for name in sorted(found)]


def exir_op_name(overload_name: str) -> str:
    """exir op name of an ATen overload: `"aten::add.Tensor"` -> `"add_tensor"` (ir-conventions.md)."""
    namespace, packet, overload = split_overload_name(overload_name)
    if namespace != "aten":
        raise ValueError(f"{overload_name!r}: only 'aten' ops have exir op names")
    name = packet
    # IRDL names have no leading, trailing or double underscores.
    if name.endswith("_") and not name.endswith("__"):
        name = name[:-1] + INPLACE_SUFFIX
    if name.startswith("_"):
        name = PRIVATE_PREFIX + name[1:]
    if overload != "default":
        name += "_" + overload.lower()
    if not _IRDL_NAME.match(name):
        raise ValueError(f"{overload_name!r} maps to {name!r}, which is not a valid IRDL op name")
    return name


def aten_overload_of(op_name: str) -> str:
    """ATen overload of an exir op: `"add_tensor"` -> `"aten::add.Tensor"` (from the generated op table).

    Raises KeyError for an op that has no ATen overload (`exir.literal`, `exir.cond`, ...) or that
    the dialect does not have.
    """
    name = op_name.removeprefix("exir.")
    overload = _aten_overloads().get(name)
    if overload is None:
        raise KeyError(f"exir.{name} has no ATen overload (not an ATen op of the exir dialect)")
    return overload


def exir_ops_with_aten_overload() -> dict[str, str]:
    """Every exir op that corresponds to an ATen overload: op name -> `aten::pkt.overload`."""
    return dict(_aten_overloads())


@functools.cache
def _aten_overloads() -> dict[str, str]:
    # Located without importing exir_mlir.dialects (that would import the MLIR bindings).
    spec = importlib.util.find_spec("exir_mlir.dialects")
    if spec is None or not spec.submodule_search_locations:
        raise ExirInternalError("the package exir_mlir.dialects is not installed")
    table_path = Path(next(iter(spec.submodule_search_locations))) / "generated" / "ops.json"
    if not table_path.exists():
        raise ExirInternalError(f"{table_path} is missing: regenerate it with `python -m exir_mlir.tools.gen_dialects`")
    with open(table_path) as f:
        table = json.load(f)
    return {op["name"]: op["aten"] for op in table["dialects"]["exir"]["ops"] if op.get("aten")}


# --------------------------------------------------------------------------------------------
# Argument and result descriptions
# --------------------------------------------------------------------------------------------


class ArgKind(enum.Enum):
    """How one schema argument appears on the exir op."""

    TENSOR = "tensor"  # Tensor: operand
    OPTIONAL_TENSOR = "optional_tensor"  # Tensor?: Optional operand
    TENSOR_LIST = "tensor_list"  # Tensor[]: Variadic operand
    OPTIONAL_TENSOR_LIST = "optional_tensor_list"  # Tensor?[]: Variadic operand + <name>_present
    SYMINT = "symint"  # SymInt: static_<name> I64Attr + Optional<!exir.symint> <name>
    SYMINT_LIST = "symint_list"  # SymInt[]: static_<name> DenseI64ArrayAttr + Variadic<!exir.symint>
    SYM_SCALAR = "sym_scalar"  # Scalar always symbolic in export graphs: !exir.sym* operand
    ATTRIBUTE = "attribute"  # everything else: one attribute <name>


class AttrKind(enum.Enum):
    """Attribute kinds, named after their ODS constraint."""

    I64 = "I64Attr"
    F64 = "F64Attr"
    BOOL = "BoolAttr"
    STR = "StrAttr"
    TYPED = "TypedAttrInterface"  # Scalar: IntegerAttr i64 / FloatAttr f64 / BoolAttr
    TYPE = "TypeAttr"  # ScalarType: the element type
    I64_ARRAY = "DenseI64ArrayAttr"
    F64_ARRAY = "DenseF64ArrayAttr"
    BOOL_ARRAY = "DenseBoolArrayAttr"


class ResultKind(enum.Enum):
    TENSOR = "tensor"
    TENSOR_LIST = "tensor_list"  # Tensor[]: Variadic result
    SYMINT = "symint"  # int / SymInt: !exir.symint
    SYM_SCALAR = "sym_scalar"  # Scalar: !exir.symint / !exir.symfloat / !exir.symbool
    SYMBOOL = "symbool"  # bool / SymBool (e.g. sym_is_contiguous): !exir.symbool


# Schema types that become a StrAttr, with the meaning of their string.
ENUM_LIKE_TYPES = ("Layout", "Device", "MemoryFormat")


@dataclass(frozen=True)
class ArgSpec:
    """One schema argument and the exir operand and/or attribute that carry it."""

    name: str  # the schema's argument name (as the schema spells it)
    kind: ArgKind
    schema_type: str  # as the schema prints it, SymInt kept ("SymInt[]", "ScalarType?")
    # Operand / attribute names are the schema name lowercased (IRDL names are lowercase).
    operand: str | None = None  # operand name, if the argument has an operand part
    attr: str | None = None  # attribute name, if the argument has an attribute part
    attr_kind: AttrKind | None = None
    optional: bool = False  # T?: the attribute may be absent (None) / the operand may be absent
    present_attr: str | None = None  # OPTIONAL_TENSOR_LIST: DenseBoolArrayAttr of present entries
    enum_type: str | None = None  # "ScalarType", "Layout", "Device" or "MemoryFormat"
    length: int | None = None  # fixed list length (int[2]), if the schema gives one
    kwarg_only: bool = False
    mutable: bool = False  # Tensor(a!): the op writes this argument
    has_default: bool = False
    default: Any = None  # the schema's default value (Python), meaningful if has_default


@dataclass(frozen=True)
class ResultSpec:
    name: str
    kind: ResultKind
    schema_type: str


@dataclass(frozen=True)
class ExirOpSpec:
    """How one ATen overload is represented as an exir op."""

    op_name: str  # "add_tensor" (without the "exir." prefix)
    aten_overload: str  # "aten::add.Tensor"
    schema: str  # the full schema string
    args: tuple[ArgSpec, ...]
    results: tuple[ResultSpec, ...]
    operand_names: tuple[str, ...] = field(default=())  # operand groups in ODS order
    attr_sizes_operand_segments: bool = False  # more than one optional/variadic operand group

    @property
    def full_name(self) -> str:
        return "exir." + self.op_name

    def arg(self, name: str) -> ArgSpec:
        for arg in self.args:
            if arg.name == name:
                return arg
        raise KeyError(f"{self.aten_overload} has no argument {name!r}")


# --------------------------------------------------------------------------------------------
# Schema -> spec
# --------------------------------------------------------------------------------------------


def _type_class(t: Any) -> str:
    return type(t).__name__


def _type_str(t: Any) -> str:
    """Schema type as the schema prints it, keeping SymInt (torch's str() says `int`)."""
    cls = _type_class(t)
    if cls == "SymIntType":
        return "SymInt"
    if cls == "SymBoolType":
        return "SymBool"
    if cls == "OptionalType":
        return _type_str(t.getElementType()) + "?"
    if cls == "ListType":
        return _type_str(t.getElementType()) + "[]"
    if cls == "NumberType":
        return "Scalar"
    if cls == "StringType":
        return "str"
    return str(t)


def _unsupported(overload: str, arg_name: str, type_text: str) -> UnsupportedSchemaError:
    return UnsupportedSchemaError(
        f"{overload}: argument '{arg_name}' has schema type '{type_text}', which the exir dialect "
        "cannot represent; the importer falls back to a func.call of the ATen op"
    )


# Scalar schema type (after Optional/List are peeled) -> attribute kind.
_SCALAR_ATTR_KINDS = {
    "int": AttrKind.I64,
    "float": AttrKind.F64,
    "bool": AttrKind.BOOL,
    "str": AttrKind.STR,
    "Scalar": AttrKind.TYPED,
    "ScalarType": AttrKind.TYPE,
    "Layout": AttrKind.STR,
    "Device": AttrKind.STR,
    "MemoryFormat": AttrKind.STR,
}
_LIST_ATTR_KINDS = {"int": AttrKind.I64_ARRAY, "float": AttrKind.F64_ARRAY, "bool": AttrKind.BOOL_ARRAY}


def _arg_spec(overload: str, arg: Any) -> ArgSpec:
    # IRDL operand and attribute names are lowercase (native_group_norm has `N`, `C`, `HxW`).
    name = arg.name.lower()
    t = arg.real_type
    text = _type_str(t)
    common = dict(
        name=arg.name,
        schema_type=text,
        kwarg_only=bool(arg.kwarg_only),
        mutable=bool(arg.alias_info is not None and arg.alias_info.is_write),
        has_default=bool(arg.has_default_value()),
        default=arg.default_value if arg.has_default_value() else None,
    )
    optional = _type_class(t) == "OptionalType"
    inner = t.getElementType() if optional else t
    cls = _type_class(inner)

    if cls == "TensorType":
        kind = ArgKind.OPTIONAL_TENSOR if optional else ArgKind.TENSOR
        return ArgSpec(kind=kind, operand=name, optional=optional, **common)
    if cls == "SymIntType":
        return ArgSpec(kind=ArgKind.SYMINT, operand=name, attr="static_" + name, attr_kind=AttrKind.I64,
                       optional=optional, **common)
    if cls == "NumberType" and arg.name in SYMBOLIC_SCALAR_ARGS.get(overload.split(".")[0], ()):
        return ArgSpec(kind=ArgKind.SYM_SCALAR, operand=name, optional=optional, **common)
    if cls == "ListType":
        elem = inner.getElementType()
        elem_cls = _type_class(elem)
        length = getattr(arg, "N", None)
        if elem_cls == "TensorType" and not optional:
            return ArgSpec(kind=ArgKind.TENSOR_LIST, operand=name, **common)
        if elem_cls == "OptionalType" and _type_class(elem.getElementType()) == "TensorType" and not optional:
            return ArgSpec(kind=ArgKind.OPTIONAL_TENSOR_LIST, operand=name, present_attr=name + "_present",
                           attr_kind=AttrKind.BOOL_ARRAY, **common)
        if elem_cls == "SymIntType":
            return ArgSpec(kind=ArgKind.SYMINT_LIST, operand=name, attr="static_" + name,
                           attr_kind=AttrKind.I64_ARRAY, optional=optional, length=length, **common)
        elem_text = _type_str(elem)
        if elem_text in _LIST_ATTR_KINDS:
            return ArgSpec(kind=ArgKind.ATTRIBUTE, attr=name, attr_kind=_LIST_ATTR_KINDS[elem_text],
                           optional=optional, length=length, **common)
        raise _unsupported(overload, arg.name, text)
    inner_text = _type_str(inner)
    if inner_text in _SCALAR_ATTR_KINDS:
        enum_type = inner_text if inner_text in ("ScalarType",) + ENUM_LIKE_TYPES else None
        return ArgSpec(kind=ArgKind.ATTRIBUTE, attr=name, attr_kind=_SCALAR_ATTR_KINDS[inner_text],
                       optional=optional, enum_type=enum_type, **common)
    raise _unsupported(overload, arg.name, text)


def _result_specs(overload: str, returns: list[Any]) -> tuple[ResultSpec, ...]:
    names = [r.name.lower() for r in returns]
    if not (all(names) and len(set(names)) == len(names)):
        names = ["result"] if len(returns) == 1 else [f"result{i}" for i in range(len(returns))]
    specs = []
    for name, ret in zip(names, returns):
        t = ret.real_type
        cls = _type_class(t)
        text = _type_str(t)
        if cls == "TensorType":
            kind = ResultKind.TENSOR
        elif cls == "ListType" and _type_class(t.getElementType()) == "TensorType":
            kind = ResultKind.TENSOR_LIST
        elif cls in ("SymIntType", "IntType"):
            kind = ResultKind.SYMINT
        elif cls == "NumberType":
            kind = ResultKind.SYM_SCALAR
        elif cls in ("SymBoolType", "BoolType"):
            kind = ResultKind.SYMBOOL
        else:
            raise UnsupportedSchemaError(
                f"{overload}: result '{name}' has schema type '{text}', which the exir dialect cannot "
                "represent; the importer falls back to a func.call of the ATen op"
            )
        specs.append(ResultSpec(name=name, kind=kind, schema_type=text))
    if sum(s.kind == ResultKind.TENSOR_LIST for s in specs) > 1:
        raise UnsupportedSchemaError(f"{overload}: more than one Tensor[] result")
    return tuple(specs)


_VARIABLE_OPERAND_KINDS = (ArgKind.OPTIONAL_TENSOR, ArgKind.TENSOR_LIST, ArgKind.OPTIONAL_TENSOR_LIST,
                           ArgKind.SYMINT, ArgKind.SYMINT_LIST)


def op_spec_from_schema(schema: Any) -> ExirOpSpec:
    """ExirOpSpec of a torch FunctionSchema (`op._schema`)."""
    overload = schema.name + ("." + schema.overload_name if schema.overload_name else "")
    args = tuple(_arg_spec(overload, a) for a in schema.arguments)
    results = _result_specs(overload, list(schema.returns))
    operands = [a for a in args if a.operand is not None]
    variable = [a for a in operands if a.kind in _VARIABLE_OPERAND_KINDS or a.optional]
    taken: set[str] = set()
    for a in args:
        for n in (a.operand, a.attr, a.present_attr):
            if n is None:
                continue
            if n in taken or n in ("operandSegmentSizes", "resultSegmentSizes"):
                raise UnsupportedSchemaError(f"{overload}: name {n!r} is used twice by the exir op")
            taken.add(n)
    return ExirOpSpec(
        op_name=exir_op_name(overload),
        aten_overload=overload,
        schema=str(schema),
        args=args,
        results=results,
        operand_names=tuple(a.operand for a in operands),
        attr_sizes_operand_segments=len(variable) > 1,
    )


def op_spec(op: Any) -> ExirOpSpec:
    """ExirOpSpec of a `torch._ops.OpOverload` (e.g. `torch.ops.aten.add.Tensor`).

    Raises UnsupportedSchemaError naming the argument and its type for a schema type the
    dialect cannot represent.
    """
    schema = getattr(op, "_schema", None)
    if schema is None:
        raise TypeError(f"op_spec expects a torch OpOverload, got {type(op).__name__}: {op!r}")
    return op_spec_from_schema(schema)


def aten_overload_text(op: Any) -> str:
    """`torch.ops.aten.add.Tensor` -> `"aten::add.Tensor"`; `torch.ops.aten.relu.default` -> `"aten::relu"`."""
    schema = op._schema
    return schema.name + ("." + schema.overload_name if schema.overload_name else "")


__all__ = [
    "K_DYNAMIC",
    "EXPORT_EXTRA_OVERLOADS",
    "SYMBOLIC_SCALAR_ARGS",
    "UnsupportedSchemaError",
    "ArgKind",
    "AttrKind",
    "ResultKind",
    "ArgSpec",
    "ResultSpec",
    "ExirOpSpec",
    "split_overload_name",
    "exir_op_name",
    "aten_overload_of",
    "exir_ops_with_aten_overload",
    "op_spec",
    "op_spec_from_schema",
    "aten_overload_text",
]
