"""Graph nodes -> ops: walks an FX graph (the program's or a control-flow branch's) in order."""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Callable

import torch
import torch.fx

from exir_mlir._mlir import ir
from exir_mlir.dialects import build_aten_call
from exir_mlir.importer.decompositions import NOT_DECOMPOSED, no_decomposition_reason
from exir_mlir.errors import ExirUserError
from exir_mlir.importer import ops
from exir_mlir.importer.locations import LocationBuilder, describe
from exir_mlir.importer.symbolic import SymbolNames, result_shapes_attr


@dataclass
class ImportState:
    """What every graph of one program shares while it is imported."""

    names: SymbolNames
    module: ir.Module
    locations: LocationBuilder = field(default_factory=LocationBuilder)
    # The function being imported: the declarations of ATen fallback calls go before it, in the
    # order they are needed (dialects/fallback.py is the representation).
    declarations_before: ir.Operation | None = None
    # Per non-core ATen overload left in the program: why it was not decomposed (compile's
    # decomposition step says; without it, what torch's tables say). On the call's declaration.
    decomposition_notes: dict[str, str] = field(default_factory=dict)

    def fallback_call(self, overload: str, operands: list[ir.Value], result_types: list[ir.Type],
                      operand_args: list[str], args: dict[str, ir.Attribute], loc: ir.Location) -> ir.Operation:
        """`func.call @"aten::foo.bar"(operands) {exir.args, exir.operand_args}` at the current point."""
        where = (ir.InsertionPoint(self.declarations_before) if self.declarations_before is not None
                 else ir.InsertionPoint.at_block_begin(self.module.body))
        call = build_aten_call(self.module, overload, operands, result_types, args=args,
                               operand_args=operand_args, loc=loc, declare_at=where,
                               declaration_loc=ir.Location.name(overload))
        note = self.decomposition_notes.get(overload)
        if note is None:
            note = no_decomposition_reason(overload)
        if note:
            decl = ir.SymbolTable(self.module.operation)[ir.FlatSymbolRefAttr(call.attributes["callee"]).value]
            decl.attributes[NOT_DECOMPOSED] = ir.StringAttr.get(note)
        return call


@dataclass(frozen=True)
class Submodule:
    """The value of a `get_attr` node naming a branch/body graph of a higher-order op."""

    graph_module: torch.fx.GraphModule
    name: str


# Higher-order ops with regions; control_flow.py registers its builders here (it imports this
# module, so the table is filled at import time of the package, not by a circular import).
HigherOrderBuilder = Callable[["GraphImporter", torch.fx.Node, ir.Location], ir.Operation]
HIGHER_ORDER_BUILDERS: dict[str, HigherOrderBuilder] = {}
# Higher-order ops whose body is imported in place (no op of their own): they return the values.
InlineBuilder = Callable[["GraphImporter", torch.fx.Node, ir.Location], list]
INLINED_HIGHER_ORDER_OPS: dict[str, InlineBuilder] = {}


# torch.export (training IR) asserts the dtype/device of tensors it converted with `.to()`. The
# exir types state the dtype statically, so the importer checks the assertion once, here, and
# emits nothing; a mismatch is an error, never dropped silently.
ASSERT_TENSOR_METADATA = torch.ops.aten._assert_tensor_metadata.default


def check_tensor_metadata(node: torch.fx.Node) -> None:
    """Checks an `_assert_tensor_metadata` node against its operand's static metadata."""
    tensor = node.args[0].meta.get("val") if isinstance(node.args[0], torch.fx.Node) else None
    dtype = node.kwargs.get("dtype", node.args[3] if len(node.args) > 3 else None)
    if not isinstance(tensor, torch.Tensor):
        raise ops.UnsupportedNode("_assert_tensor_metadata of a value without tensor metadata")
    if dtype is not None and dtype != tensor.dtype:
        raise ops.UnsupportedNode(f"asserts dtype {dtype} but the tensor is {tensor.dtype}")


# `torch._assert_async(t[, msg])` (and what the importer's decompositions make of torch.linalg's error
# checks, decompositions_linalg.linalg_error_checks_as_asserts; one_hot's decomposition emits it too): eager
# raises RuntimeError when the one element of `t` is zero. Imported as exir.priv_assert_scalar of
# `not any(t == 0)` (t's element as a SymBool), which aten-to-edge lowers to a run-time check.
ASSERT_ASYNC = (torch.ops.aten._assert_async.default, torch.ops.aten._assert_async.msg)
_ASSERT_ASYNC_MESSAGE = "Expected Tensor with single nonzero value, but got zero"


def import_assert_async(t: ir.Value, message: str, loc: ir.Location) -> None:
    """The ops of `_assert_async(t, message)` at the current insertion point."""
    rt = ir.RankedTensorType(t.type)
    i1 = ir.IntegerType.get_signless(1)
    zero_mask = ir.RankedTensorType.get(rt.shape, i1)
    if rt.element_type == i1:
        zero = ir.Operation.create("exir.logical_not", results=[zero_mask], operands=[t], loc=loc)
    else:
        zero = ir.Operation.create("exir.eq_scalar", results=[zero_mask], operands=[t], loc=loc,
                                   attributes={"other": ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 0)})
    owner = _defining_op(t)
    if "exir.sym_shapes" in owner.attributes and hasattr(t, "result_number"):
        shapes = ir.ArrayAttr(owner.attributes["exir.sym_shapes"])
        if len(shapes) > t.result_number:
            zero.attributes["exir.sym_shapes"] = ir.ArrayAttr.get([shapes[t.result_number]])
    some = ir.Operation.create("exir.any", results=[ir.RankedTensorType.get([], i1)], operands=[zero.result],
                               loc=loc)
    symbool = ir.Type.parse("!exir.symbool")
    item = ir.Operation.create("exir.priv_local_scalar_dense", results=[symbool], operands=[some.result], loc=loc)
    ok = ir.Operation.create("exir.sym_not", results=[symbool], operands=[item.result], loc=loc)
    ir.Operation.create("exir.priv_assert_scalar", operands=[ok.result], loc=loc,
                        attributes={"assert_msg": ir.StringAttr.get(message)})


# torch decomposes index_add to index_put(accumulate=True), which takes negative indices where index_add
# refuses them: the index_put of such a node is marked with the op the user wrote (`exir.target`), which the
# index-range check (lowering/to_linalg/index_checks.py) names and whose range [0, n) it checks.
_INDEX_ADD = ("aten::index_add", "aten.index_add")


def _mark_index_add(node: torch.fx.Node, op: ir.Operation) -> None:
    origin = node.meta.get("original_aten")
    if op.name == "exir.index_put" and isinstance(origin, torch._ops.OpOverload) and \
            str(origin.name()).startswith(_INDEX_ADD):
        op.attributes["exir.target"] = ir.StringAttr.get(str(origin))


def _defining_op(value: ir.Value) -> ir.Operation:
    owner = value.owner
    return owner.operation if hasattr(owner, "operation") else owner


def node_error(node: torch.fx.Node, message: str) -> ExirUserError:
    """An error naming the user's source line, the node and its call target."""
    target = node.target if node.op != "call_function" else ops.call_target_key(node.target)
    if isinstance(node.target, torch._ops.OpOverload):
        target = str(node.target)
    return ExirUserError(f"{describe(node)}: node '{node.name}' ({target}): {message}")


class GraphImporter:
    """Imports the nodes of one FX graph into the current insertion point."""

    def __init__(
        self,
        state: ImportState,
        graph_module: torch.fx.GraphModule,
        *,
        fallback_loc: ir.Location | None = None,
    ):
        self.state = state
        self.graph_module = graph_module
        self.fallback_loc = fallback_loc
        self.values: dict[torch.fx.Node, object] = {}

    # -- values -----------------------------------------------------------------------------
    def value(self, node: torch.fx.Node) -> ir.Value:
        """The single IR value of a node (a multi-result node must go through getitem)."""
        v = self.values.get(node)
        if isinstance(v, ir.Value):
            return v
        if v is None:
            raise ops.UnsupportedNode(f"node '{node.name}' is used before it has a value")
        raise ops.UnsupportedNode(f"node '{node.name}' has several results; select one with getitem")

    def bind(self, node: torch.fx.Node, value: object) -> None:
        self.values[node] = value

    def location(self, node: torch.fx.Node) -> ir.Location:
        return self.state.locations.for_node(node, self.fallback_loc)

    # -- nodes ------------------------------------------------------------------------------
    def import_nodes(self) -> list[object]:
        """Imports every non-placeholder node (placeholders must be bound); returns the values
        (Nodes or constants) that the output node returns."""
        for node in self.graph_module.graph.nodes:
            if node.op == "placeholder":
                # Unused placeholders (inputs export specialized) may have no value.
                if node not in self.values and node.users:
                    raise node_error(node, "placeholder has no value (internal: not bound by the caller)")
                continue
            if node.op == "output":
                return list(node.args[0]) if isinstance(node.args[0], (list, tuple)) else [node.args[0]]
            try:
                self._import_node(node)
            except ops.UnsupportedNode as e:
                raise node_error(node, str(e)) from None
            except ExirUserError as e:
                if str(e).startswith(describe(node)):
                    raise
                raise node_error(node, str(e)) from None
        raise ExirUserError("the graph has no output node")

    def output_values(self, returned: list[object], loc: ir.Location) -> list[ir.Value]:
        """IR values of what an output node returns (Python numbers become sym_constant)."""
        out = []
        for r in returned:
            if isinstance(r, torch.fx.Node):
                out.append(self.value(r))
            elif isinstance(r, (bool, int, float)):
                with loc:
                    out.append(ops.sym_constant(r, loc))
            else:
                raise ExirUserError(f"the graph returns {r!r}, which is not a tensor or a number")
        return out

    def _import_node(self, node: torch.fx.Node) -> None:
        if node.op == "get_attr":
            self._import_get_attr(node)
            return
        if node.op != "call_function":
            raise ops.UnsupportedNode(f"'{node.op}' nodes are not part of Export IR")
        target = node.target
        if target is operator.getitem:
            self._import_getitem(node)
            return
        if target is ASSERT_TENSOR_METADATA:
            check_tensor_metadata(node)
            self.bind(node, None)
            return
        loc = self.location(node)
        if target in ASSERT_ASYNC:
            message = node.args[1] if len(node.args) > 1 else node.kwargs.get("assert_msg", _ASSERT_ASYNC_MESSAGE)
            with loc:
                import_assert_async(self.value(node.args[0]), str(message), loc)
            self.bind(node, None)
            return
        if isinstance(target, torch._ops.HigherOrderOperator) and target.name() in INLINED_HIGHER_ORDER_OPS:
            with loc:
                results = INLINED_HIGHER_ORDER_OPS[target.name()](self, node, loc)
            val = node.meta.get("val")
            self.bind(node, list(results) if isinstance(val, (list, tuple)) else results[0])
            return
        with loc:
            values = ops.ValueSource(self.value, loc)
            if isinstance(target, torch._ops.OpOverload):
                built = ops.build_aten(target, node, values, loc, self.state.fallback_call)
            elif isinstance(target, torch._ops.HigherOrderOperator):
                builder = HIGHER_ORDER_BUILDERS.get(target.name())
                if builder is None:
                    supported = ", ".join(sorted([*HIGHER_ORDER_BUILDERS, *INLINED_HIGHER_ORDER_OPS]))
                    raise ops.UnsupportedNode(
                        f"higher-order op '{target.name()}' is not supported (supported: {supported})"
                    )
                op = builder(self, node, loc)
                built = ops.Built(op, list(op.results))
            elif isinstance(target, torch._ops.OpOverloadPacket):
                raise ops.UnsupportedNode("calls of an op packet (no overload chosen) are not Export IR")
            else:
                built = ops.build_sym(target, node, values, loc)
        val = node.meta.get("val")
        self._annotate(built, val)
        _mark_index_add(node, built.op)
        if isinstance(val, (list, tuple)):
            self.bind(node, built.results)
        elif val is None and not built.results:
            self.bind(node, None)
        else:
            if len(built.results) != 1:
                raise ops.UnsupportedNode(f"expected one result, the op has {len(built.results)}")
            self.bind(node, built.results[0])

    def _annotate(self, built: ops.Built, val: object) -> None:
        """exir.sym_shapes (symbolic result dims) and exir.sym_expr (symbolic scalar results) on
        the op that defines each value (a tensor.cast back from a join type has its own)."""
        vals = list(val) if isinstance(val, (list, tuple)) else [val]
        if len(vals) != len(built.results):
            return
        names = self.state.names
        if all(_defining_op(r) == built.op for r in built.results):
            targets = [(built.op, vals)]
        else:
            targets = [(_defining_op(r), [v]) for r, v in zip(built.results, vals) if _defining_op(r) != built.op]
        for op, op_vals in targets:
            shapes = result_shapes_attr(names, op_vals)
            if shapes is not None:
                op.attributes["exir.sym_shapes"] = shapes
        if len(vals) == 1 and isinstance(vals[0], (torch.SymInt, torch.SymFloat, torch.SymBool)):
            _defining_op(built.results[0]).attributes["exir.sym_expr"] = ir.StringAttr.get(
                names.format_sym(vals[0])
            )

    def _import_getitem(self, node: torch.fx.Node) -> None:
        source, index = node.args
        values = self.values.get(source)
        if not isinstance(values, list):
            raise ops.UnsupportedNode(f"getitem on '{source.name}', which does not have several results")
        if not isinstance(index, int) or not -len(values) <= index < len(values):
            raise ops.UnsupportedNode(f"getitem index {index!r} out of range for {len(values)} results")
        self.bind(node, values[index])

    def _import_get_attr(self, node: torch.fx.Node) -> None:
        owner = self.graph_module
        obj = owner
        for part in str(node.target).split("."):
            obj = getattr(obj, part)
        if isinstance(obj, torch.fx.GraphModule):
            self.bind(node, Submodule(obj, str(node.target)))
        elif isinstance(obj, torch.Tensor):
            loc = self.location(node)
            with loc:
                self.bind(node, ops.literal(obj, str(node.target), loc))
        else:
            raise ops.UnsupportedNode(f"get_attr of a {type(obj).__name__} is not supported")

    def submodule(self, arg: object) -> Submodule:
        """The branch/body graph an argument of a higher-order op names."""
        value = self.values.get(arg) if isinstance(arg, torch.fx.Node) else None
        if not isinstance(value, Submodule):
            raise ops.UnsupportedNode(f"expected a get_attr of a subgraph, got {arg!r}")
        return value
