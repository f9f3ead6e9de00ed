"""Op construction: every exir op the importer creates is built here, laid out by exir_mlir.schema."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import torch
import torch.fx

from exir_mlir import schema
from exir_mlir._mlir import ir, tensor
from exir_mlir.dialects import join_tensor_type, op_table
from exir_mlir.errors import ExirUserError
from exir_mlir.importer.literals import constant_attr, enum_name, f64_attr, i64_attr, tensor_attr
from exir_mlir.importer.types import SYMBOOL_TYPE, SYMFLOAT_TYPE, SYMINT_TYPE, element_type, type_of_value

# Hand-written exir ops (dialects/ExirOps.td) that the importer creates by name.
LITERAL = "exir.literal"
SYM_CONSTANT = "exir.sym_constant"
SYM_TO_TENSOR = "exir.sym_to_tensor"
WRAPPED_NUMBER = "exir.wrapped_number"
# On a fallback call of an op the dialect has: why the importer could not build that op.
FALLBACK_REASON = "exir.fallback_reason"

# torch wraps Python numbers passed as tensors with these dtypes (c10::scalar_to_tensor).
_WRAPPED_DTYPES = {bool: torch.bool, int: torch.int64, float: torch.float64}


class UnsupportedNode(ExirUserError):
    """A node the importer cannot translate; graph.py adds the node name and source line."""


def call_target_key(target: object) -> str:
    """The key of an FX call target in the op table's `target` column ("_operator.add",
    "torch.sym_max", "torch.ops.higher_order.cond")."""
    if isinstance(target, torch._ops.HigherOrderOperator):
        return f"torch.ops.higher_order.{target.name()}"
    module = getattr(target, "__module__", None) or type(target).__module__
    return f"{module}.{getattr(target, '__name__', repr(target))}"


@functools.cache
def _exir_ops() -> tuple[dict[str, str], dict[str, str]]:
    """(ATen overload -> exir op name, call target key -> exir op name) from the generated table."""
    ops = op_table()["dialects"]["exir"]["ops"]
    by_aten = {op["aten"]: "exir." + op["name"] for op in ops if op.get("aten")}
    by_target = {op["target"]: "exir." + op["name"] for op in ops if op.get("target")}
    return by_aten, by_target


def dialect_op_for_overload(overload: str) -> str | None:
    """"exir.add_tensor" for "aten::add.Tensor", or None when the dialect has no such op."""
    return _exir_ops()[0].get(overload)


# Call targets that compute what another target's op does: math.trunc(x) is int(x), toward zero
# (bicubic interpolate's dynamic scale).
_SAME_AS = {"math.trunc": "torch.sym_int"}


def dialect_op_for_target(target: object) -> str | None:
    """The hand-written exir op of a non-ATen call target (SymInt arithmetic, cond, ...)."""
    key = call_target_key(target)
    return _exir_ops()[1].get(_SAME_AS.get(key, key))


@functools.cache
def _spec(op: torch._ops.OpOverload) -> schema.ExirOpSpec | None:
    try:
        return schema.op_spec(op)
    except schema.UnsupportedSchemaError:
        return None


def create(
    name: str,
    operands: Sequence[ir.Value],
    result_types: Sequence[ir.Type],
    attributes: dict[str, ir.Attribute] | None = None,
    *,
    loc: ir.Location,
    regions: int = 0,
) -> ir.Operation:
    """ir.Operation.create at the current insertion point (the one generic constructor used)."""
    return ir.Operation.create(
        name,
        results=list(result_types),
        operands=list(operands),
        attributes=attributes or {},
        regions=regions,
        loc=loc,
    )


def bind_arguments(op: torch._ops.OpOverload, node: torch.fx.Node) -> list[tuple[Any, object]]:
    """(schema argument, value) in schema order, defaults filled in for omitted arguments."""
    bound = []
    args, kwargs = node.args, node.kwargs
    positional = 0
    for arg in op._schema.arguments:
        if not arg.kwarg_only and positional < len(args):
            value = args[positional]
            positional += 1
        elif arg.name in kwargs:
            value = kwargs[arg.name]
        elif arg.has_default_value():
            value = arg.default_value
        else:
            raise UnsupportedNode(f"{op}: argument '{arg.name}' is missing from the call")
        bound.append((arg, value))
    extra = set(kwargs) - {a.name for a in op._schema.arguments}
    if positional < len(args) or extra:
        raise UnsupportedNode(f"{op}: the call passes arguments its schema does not have")
    return bound


def result_types(val: object) -> list[ir.Type]:
    """Result types of an op from its node's `meta["val"]` (tuples and lists flatten in order)."""
    if isinstance(val, (list, tuple)):
        return [t for v in val for t in result_types(v)]
    if val is None:
        raise UnsupportedNode("an op result has no value metadata (meta['val'] is None)")
    return [type_of_value(val)]


@dataclass
class ValueSource:
    """How op construction gets the IR value of an FX argument (graph.py supplies `lookup`)."""

    lookup: Callable[[torch.fx.Node], ir.Value]
    loc: ir.Location

    def tensor(self, value: object) -> ir.Value:
        """A tensor operand: a tensor node, a SymInt node (-> sym_to_tensor) or a Python number
        (-> a wrapped-number literal)."""
        if isinstance(value, torch.fx.Node):
            v = self.lookup(value)
            if isinstance(v.type.maybe_downcast(), ir.RankedTensorType):
                return v
            # A symbolic scalar: the IR type says which kind (meta["val"] may be a plain number).
            kind = {SYMINT_TYPE: int, SYMFLOAT_TYPE: float, SYMBOOL_TYPE: bool}.get(str(v.type))
            if kind is None:
                raise UnsupportedNode(f"node '{value.name}' is used as a tensor but is a {v.type}")
            # torch wraps a number in a Tensor position (c10::scalar_to_tensor): it promotes as one.
            ty = ir.RankedTensorType.get([], element_type(_WRAPPED_DTYPES[kind]))
            return create(SYM_TO_TENSOR, [v], [ty], {WRAPPED_NUMBER: ir.UnitAttr.get()}, loc=self.loc).result
        if isinstance(value, (bool, int, float)):
            return wrapped_number(value, self.loc)
        raise UnsupportedNode(f"{value!r} ({type(value).__name__}) cannot be a tensor operand")

    def sym(self, value: object) -> ir.Value:
        """A symbolic-scalar operand: a SymInt/SymFloat/SymBool node or a Python number (-> sym_constant)."""
        if isinstance(value, torch.fx.Node):
            return self.lookup(value)
        if isinstance(value, (bool, int, float)):
            return sym_constant(value, self.loc)
        raise UnsupportedNode(f"{value!r} ({type(value).__name__}) cannot be a symbolic-number operand")


def wrapped_number(value: bool | int | float, loc: ir.Location) -> ir.Value:
    """A Python number in a Tensor position: a 0-d literal marked `exir.wrapped_number`."""
    dtype = _WRAPPED_DTYPES[type(value)]
    attr = tensor_attr(torch.tensor(value, dtype=dtype), "scalar")
    op = create(LITERAL, [], [attr.type], {"value": attr, WRAPPED_NUMBER: ir.UnitAttr.get()}, loc=loc)
    return op.result


def sym_constant(value: bool | int | float, loc: ir.Location) -> ir.Value:
    attr = constant_attr(value)
    op = create(SYM_CONSTANT, [], [type_of_value(value)], {"value": attr}, loc=loc)
    return op.result


def literal(tensor: torch.Tensor, name: str, loc: ir.Location, *, weight: bool = False) -> ir.Value:
    """A tensor constant as `exir.literal`; a frozen weight (`weight`) is always a resource blob."""
    attr = tensor_attr(tensor, name, inline_small=not weight)
    return create(LITERAL, [], [attr.type], {"value": attr}, loc=loc).result


# ------------------------------------------------------------------------------------------
# ATen ops
# ------------------------------------------------------------------------------------------


class _NeedsGenericOp(Exception):
    """The named op cannot carry this call (e.g. a symbolic value where it wants an attribute)."""


def _is_symbolic(value: object) -> bool:
    if isinstance(value, torch.fx.Node):
        return True
    if isinstance(value, (list, tuple)):
        return any(_is_symbolic(v) for v in value)
    return False


def _as_list(value: object, length: int | None) -> list:
    # A bare int for `int[2]` means [v, v] (torch's argument parser expands it).
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value] * (length or 1)


def _attribute(spec: schema.ArgSpec, value: object) -> ir.Attribute | None:
    """The attribute of an ATTRIBUTE-kind argument, following the spec's attribute kind."""
    if value is None:
        return None
    if _is_symbolic(value):
        raise _NeedsGenericOp(f"argument '{spec.name}' is symbolic where exir.{{op}} takes an attribute")
    kind = spec.attr_kind
    K = schema.AttrKind
    if kind == K.I64:
        return i64_attr(value)
    if kind == K.F64:
        return f64_attr(value)
    if kind == K.BOOL:
        return ir.BoolAttr.get(bool(value))
    if kind == K.STR:
        return ir.StringAttr.get(value if isinstance(value, str) else enum_name(value))
    if kind == K.TYPED:
        return constant_attr(value)
    if kind == K.TYPE:
        return ir.TypeAttr.get(element_type(value))
    if kind == K.I64_ARRAY:
        return ir.DenseI64ArrayAttr.get([int(v) for v in _as_list(value, spec.length)])
    if kind == K.F64_ARRAY:
        return ir.DenseF64ArrayAttr.get([float(v) for v in _as_list(value, spec.length)])
    if kind == K.BOOL_ARRAY:
        return ir.DenseBoolArrayAttr.get([bool(v) for v in _as_list(value, spec.length)])
    raise _NeedsGenericOp(f"argument '{spec.name}' has no attribute form")


def _check_functional(op: torch._ops.OpOverload) -> None:
    mutated = [a.name for a in op._schema.arguments if a.alias_info is not None and a.alias_info.is_write]
    if mutated:
        raise UnsupportedNode(
            f"{op} writes its argument(s) {', '.join(mutated)} in place, which the functional exir "
            "dialect cannot express and torch could not functionalize"
        )


# Ops that index their input's storage, not its values: what they read depends on the layout
# (strides, storage offset) the input has in eager PyTorch, which the functional IR does not carry.
_STORAGE_OPS = ("aten::as_strided", "aten::as_strided_copy", "aten::as_strided_scatter")


def _check_storage_view(op: torch._ops.OpOverload, node: torch.fx.Node) -> None:
    """as_strided reads its input's storage; the compiled code reads the input's values laid out
    contiguously. Both agree only when the input is contiguous in eager (and, with an explicit
    storage_offset, starts its storage): refuse anything else rather than read other values."""
    if schema.aten_overload_text(op) not in _STORAGE_OPS:
        return
    source = node.args[0] if node.args else node.kwargs.get("self")
    val = source.meta.get("val") if isinstance(source, torch.fx.Node) else None
    if not isinstance(val, torch.Tensor):
        return
    explicit_offset = (len(node.args) > 3 and node.args[3] is not None) or node.kwargs.get("storage_offset") is not None
    try:
        contiguous = bool(val.is_contiguous())
        offset = int(val.storage_offset())
    except Exception:  # a symbolic layout: cannot be proven to match
        contiguous, offset = False, -1
    if contiguous and (offset == 0 or not explicit_offset):
        _check_storage_extent(op, node, source, val)
        return
    what = (f"is a non-contiguous view (strides {tuple(val.stride())})" if not contiguous
            else f"starts at storage offset {offset} and the call gives an explicit storage_offset")
    raise UnsupportedNode(
        f"{op}: its input '{source.name}' {what}; as_strided indexes the input's storage in eager "
        "PyTorch, which the compiled program does not reproduce. Apply as_strided to a contiguous "
        "tensor (e.g. call .contiguous() on the view first) or express it with view ops")


def _check_storage_extent(op, node: torch.fx.Node, source: torch.fx.Node, val: torch.Tensor) -> None:
    """The elements as_strided reads must lie inside its input (eager may read the rest of the
    storage of a view, which the compiled program does not have)."""
    if schema.aten_overload_text(op) == "aten::as_strided_scatter":
        return
    args = list(node.args) + [None] * 4
    size = args[1] if args[1] is not None else node.kwargs.get("size")
    stride = args[2] if args[2] is not None else node.kwargs.get("stride")
    offset = args[3] if args[3] is not None else node.kwargs.get("storage_offset")
    values = [*(size or []), *(stride or []), offset or 0, val.numel()]
    if not all(isinstance(v, int) for v in values):
        return  # symbolic: the lowering refuses dynamic as_strided
    if any(s == 0 for s in size):
        return
    last = (offset or 0) + sum((n - 1) * st for n, st in zip(size, stride))
    if last >= val.numel() or (offset or 0) < 0:
        raise UnsupportedNode(
            f"{op}: it reads element {last} of its input '{source.name}', which has {val.numel()} "
            "elements: eager PyTorch reads past it into the storage the input is a view of, which "
            "the compiled program does not have. Apply as_strided to the tensor that owns the storage")


@dataclass
class Built:
    """What one node became: the op that computes it and the node's result values (the op's
    results, or tensor.casts of them back from a variadic group's join type)."""

    op: ir.Operation
    results: list[ir.Value]


def build_aten(
    op: torch._ops.OpOverload,
    node: torch.fx.Node,
    values: ValueSource,
    loc: ir.Location,
    fallback: Callable[..., ir.Operation],
) -> Built:
    """The exir op of an ATen OpOverload call: the named op when the dialect has it and the call
    fits it, else `fallback` (the func.call of the ATen op: import never fails on an op name)."""
    _check_functional(op)
    _check_storage_view(op, node)
    # Ops that return nothing (export's _assert_tensor_metadata, ...) have no value metadata.
    types = result_types(node.meta.get("val")) if op._schema.returns else []
    bound = bind_arguments(op, node)
    name = dialect_op_for_overload(schema.aten_overload_text(op))
    spec = _spec(op) if name is not None else None
    why = None
    if spec is not None:
        block = ir.InsertionPoint.current.block
        created_before = len(block.operations)
        try:
            return _build_named(name, spec, bound, types, values, loc)
        except _NeedsGenericOp as e:
            why = str(e).replace("{op}", name.removeprefix("exir."))
            # Operands made for the named op (literals, casts) would be dead: remove them.
            for i in reversed(range(created_before, len(block.operations))):
                block.operations[i].erase()
            tensor_form = _tensor_overload(op)
            if tensor_form is not None:
                # foo.Scalar(x, <SymInt>) is foo.Tensor(x, <the SymInt as a wrapped number>).
                try:
                    return build_aten(tensor_form, node, values, loc, fallback)
                except UnsupportedNode:
                    for i in reversed(range(created_before, len(block.operations))):
                        block.operations[i].erase()
    operands, operand_args, args = generic_arguments(bound, values)
    call = fallback(schema.aten_overload_text(op), operands, types, operand_args, args, loc)
    if why is not None:
        # A core op the dialect has, in a call form its op cannot carry: the lowering's error says so.
        call.attributes[FALLBACK_REASON] = ir.StringAttr.get(f"the call cannot be {name}: {why}")
    return Built(call, list(call.results))


def _tensor_overload(op: torch._ops.OpOverload) -> torch._ops.OpOverload | None:
    """foo.Tensor for foo.Scalar (or foo.default, e.g. clamp) when the dialect has it and its
    arguments are the same by position and name (a symbolic Scalar is then passed as a
    wrapped-number tensor), else None."""
    if op._overloadname not in ("Scalar", "default"):
        return None
    other = getattr(op.overloadpacket, "Tensor", None)
    if other is None or dialect_op_for_overload(schema.aten_overload_text(other)) is None:
        return None
    mine, theirs = op._schema.arguments, other._schema.arguments
    if [(a.name, a.kwarg_only) for a in mine] != [(a.name, a.kwarg_only) for a in theirs]:
        return None
    return other


def _joined(tensors: list[ir.Value], loc: ir.Location) -> list[ir.Value]:
    """The values of a Tensor[] group cast to their join type (one IRDL type per group)."""
    if not tensors:
        return tensors
    try:
        join = join_tensor_type([v.type for v in tensors])
    except ExirUserError as e:
        raise _NeedsGenericOp(str(e)) from None  # mixed element types or ranks: only the fallback takes them
    return [v if v.type == join else tensor.CastOp(join, v, loc=loc).result for v in tensors]


def _build_named(
    name: str,
    spec: schema.ExirOpSpec,
    bound: list[tuple[Any, object]],
    types: list[ir.Type],
    values: ValueSource,
    loc: ir.Location,
) -> ir.Operation:
    K = schema.ArgKind
    groups: dict[str, list[ir.Value]] = {}
    attrs: dict[str, ir.Attribute] = {}
    # Attributes first: a symbolic value where an attribute is wanted sends the call to the
    # generic op before any operand op (sym_to_tensor, literal) has been created.
    for arg_spec, (_, value) in zip(spec.args, bound):
        if arg_spec.kind == K.ATTRIBUTE:
            attr = _attribute(arg_spec, value)
            if attr is not None:
                attrs[arg_spec.attr] = attr
    for arg_spec, (_, value) in zip(spec.args, bound):
        kind = arg_spec.kind
        if kind == K.TENSOR:
            groups[arg_spec.operand] = [values.tensor(value)]
        elif kind == K.OPTIONAL_TENSOR:
            groups[arg_spec.operand] = [] if value is None else [values.tensor(value)]
        elif kind == K.TENSOR_LIST:
            groups[arg_spec.operand] = _joined([values.tensor(v) for v in value], loc)
        elif kind == K.OPTIONAL_TENSOR_LIST:
            groups[arg_spec.operand] = _joined([values.tensor(v) for v in value if v is not None], loc)
            attrs[arg_spec.present_attr] = ir.DenseBoolArrayAttr.get([v is not None for v in value])
        elif kind == K.SYMINT:
            if value is None:
                groups[arg_spec.operand] = []
            elif isinstance(value, torch.fx.Node):
                attrs[arg_spec.attr] = i64_attr(schema.K_DYNAMIC)
                groups[arg_spec.operand] = [values.sym(value)]
            else:
                attrs[arg_spec.attr] = i64_attr(value)
                groups[arg_spec.operand] = []
        elif kind == K.SYMINT_LIST:
            if value is None:
                groups[arg_spec.operand] = []
                continue
            entries = _as_list(value, arg_spec.length)
            static = [schema.K_DYNAMIC if isinstance(v, torch.fx.Node) else int(v) for v in entries]
            attrs[arg_spec.attr] = ir.DenseI64ArrayAttr.get(static)
            groups[arg_spec.operand] = [values.sym(v) for v in entries if isinstance(v, torch.fx.Node)]
        elif kind == K.SYM_SCALAR:
            groups[arg_spec.operand] = [] if value is None else [values.sym(value)]
    operands = [v for group in spec.operand_names for v in groups[group]]
    if spec.attr_sizes_operand_segments:
        attrs["operandSegmentSizes"] = ir.DenseI32ArrayAttr.get([len(groups[g]) for g in spec.operand_names])
    op_types = _result_group_types(spec, types)
    op = create(name, operands, op_types, attrs, loc=loc)
    results = [r if r.type == t else tensor.CastOp(t, r, loc=loc).result for r, t in zip(op.results, types)]
    return Built(op, results)


def _result_group_types(spec: schema.ExirOpSpec, types: list[ir.Type]) -> list[ir.Type]:
    """Result types of the op: a Tensor[] result group has its join type (cast back after)."""
    variadic = [i for i, r in enumerate(spec.results) if r.kind == schema.ResultKind.TENSOR_LIST]
    if not variadic:
        return types
    start = variadic[0]
    count = len(types) - (len(spec.results) - 1)
    group = types[start:start + count]
    if not group:
        return types
    try:
        join = join_tensor_type(group)
    except ExirUserError as e:
        raise _NeedsGenericOp(f"results: {e}") from None
    return [*types[:start], *([join] * count), *types[start + count:]]


def generic_arguments(
    bound: list[tuple[Any, object]], values: ValueSource
) -> tuple[list[ir.Value], list[str], dict[str, ir.Attribute]]:
    """The operands, the schema argument each fills ("self", "tensors[1]") and the other
    arguments as attributes, for a call of an ATen op the dialect has no op for."""
    operands: list[ir.Value] = []
    operand_args: list[str] = []
    args: dict[str, ir.Attribute] = {}
    for arg, value in bound:
        type_class = type(arg.real_type).__name__
        inner = arg.real_type.getElementType() if type_class == "OptionalType" else arg.real_type
        is_tensor = type(inner).__name__ == "TensorType"
        is_list = type(inner).__name__ == "ListType"
        if is_list and isinstance(value, (list, tuple)):
            elem_is_tensor = "Tensor" in str(inner.getElementType())
            static = []
            for i, v in enumerate(value):
                if isinstance(v, torch.fx.Node) or (elem_is_tensor and v is not None):
                    operands.append(values.tensor(v) if elem_is_tensor else values.sym(v))
                    operand_args.append(f"{arg.name}[{i}]")
                    static.append(schema.K_DYNAMIC if not elem_is_tensor else None)
                else:
                    static.append(v)
            if not elem_is_tensor:
                attr = constant_attr(static)
                if attr is not None:
                    args[arg.name] = attr
            continue
        if isinstance(value, torch.fx.Node) or (is_tensor and value is not None):
            operands.append(values.tensor(value) if is_tensor else values.sym(value))
            operand_args.append(arg.name)
            continue
        attr = constant_attr(value)
        if attr is not None:
            args[arg.name] = attr
    return operands, operand_args, args


# ------------------------------------------------------------------------------------------
# Symbolic-number ops (operator.add on SymInts, torch.sym_max, ...)
# ------------------------------------------------------------------------------------------


def build_sym(target: object, node: torch.fx.Node, values: ValueSource, loc: ir.Location) -> Built:
    """The hand-written exir op of a SymInt/SymFloat/SymBool call target (`_operator.add`, ...)."""
    name = dialect_op_for_target(target)
    if name is None:
        raise UnsupportedNode(
            f"call target {call_target_key(target)} has no exir op (symbolic-number operations "
            "supported: those of `exir-mlir ops --dialect exir` with a target)"
        )
    if node.kwargs:
        raise UnsupportedNode(f"{call_target_key(target)} called with keyword arguments")
    operands = [values.sym(a) for a in node.args]
    op = create(name, operands, result_types(node.meta.get("val")), loc=loc)
    return Built(op, list(op.results))
