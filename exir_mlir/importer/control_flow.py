"""torch.cond -> scf.if and torch.while_loop -> scf.while, their bodies imported recursively."""

from __future__ import annotations

import torch
import torch.fx

from exir_mlir._mlir import arith, ir, scf, tensor
from exir_mlir.importer import ops
from exir_mlir.importer.graph import HIGHER_ORDER_BUILDERS, INLINED_HIGHER_ORDER_OPS, GraphImporter, Submodule

# docs/ir-conventions.md: IRDL ops cannot hold operand lists of mixed types, so the higher-order
# ops use the upstream ops made for them. Branch and loop bodies use the values they close over
# directly (scf regions are not isolated from above).


def _operand_values(importer: GraphImporter, args: object, loc: ir.Location) -> list[ir.Value]:
    """Operands of a higher-order op: nodes keep their values, Python numbers become sym_constant."""
    if not isinstance(args, (list, tuple)):
        raise ops.UnsupportedNode(f"expected a tuple of operands, got {type(args).__name__}")
    values = ops.ValueSource(importer.value, loc)
    return [values.sym(a) for a in args]


def _import_body(
    importer: GraphImporter, sub: Submodule, bindings: list[ir.Value], loc: ir.Location
) -> list[ir.Value]:
    """Imports `sub`'s graph at the current insertion point with its placeholders bound to
    `bindings`; returns the values its output node gives."""
    placeholders = [n for n in sub.graph_module.graph.nodes if n.op == "placeholder"]
    if len(placeholders) != len(bindings):
        raise ops.UnsupportedNode(
            f"subgraph '{sub.name}' takes {len(placeholders)} inputs but the op passes {len(bindings)}"
        )
    inner = GraphImporter(importer.state, sub.graph_module, fallback_loc=loc)
    for node, value in zip(placeholders, bindings):
        inner.bind(node, value)
    return inner.output_values(inner.import_nodes(), loc)


def _predicate(value: ir.Value, what: str, loc: ir.Location) -> ir.Value:
    """An i1 from a 0-d bool tensor or a !exir.symbool (through exir.sym_to_tensor)."""
    if not isinstance(value.type.maybe_downcast(), ir.RankedTensorType):
        tensor_type = ir.RankedTensorType.get([], ir.IntegerType.get_signless(1))
        value = ops.create(ops.SYM_TO_TENSOR, [value], [tensor_type], loc=loc).result
    t = ir.RankedTensorType(value.type)
    if t.rank != 0 or t.element_type != ir.IntegerType.get_signless(1):
        raise ops.UnsupportedNode(f"{what} must be a 0-d bool tensor or a SymBool, got {t}")
    return tensor.ExtractOp(value, [], loc=loc).result


def _check_types(sub: Submodule, got: list[ir.Value], expected: list[ir.Type], what: str) -> None:
    types = [v.type for v in got]
    if types != expected:
        raise ops.UnsupportedNode(
            f"subgraph '{sub.name}' gives {', '.join(map(str, types)) or 'nothing'} but the {what} are "
            f"{', '.join(map(str, expected)) or 'nothing'}"
        )


def build_cond(importer: GraphImporter, node: torch.fx.Node, loc: ir.Location) -> ir.Operation:
    """scf.if on the predicate, each branch the imported subgraph ending in scf.yield."""
    if node.kwargs:
        raise ops.UnsupportedNode("cond called with keyword arguments")
    pred, true_arg, false_arg, operands = node.args
    true_sub, false_sub = importer.submodule(true_arg), importer.submodule(false_arg)
    if isinstance(pred, torch.fx.Node):
        condition = _predicate(importer.value(pred), "the cond predicate", loc)
    elif isinstance(pred, bool):
        condition = arith.ConstantOp(ir.IntegerType.get_signless(1), int(pred), loc=loc).result
    else:
        raise ops.UnsupportedNode(f"cond predicate {pred!r} is not a boolean")
    operand_values = _operand_values(importer, operands, loc)
    result_types = ops.result_types(node.meta.get("val"))
    if_op = scf.IfOp(condition, result_types, has_else=True, loc=loc)
    for block, sub in ((if_op.then_block, true_sub), (if_op.else_block, false_sub)):
        with ir.InsertionPoint(block), loc:
            results = _import_body(importer, sub, operand_values, loc)
            _check_types(sub, results, result_types, "cond results")
            scf.YieldOp(results, loc=loc)
    return if_op.operation


def build_while_loop(importer: GraphImporter, node: torch.fx.Node, loc: ir.Location) -> ir.Operation:
    """scf.while over the carried values: `before` runs cond_fn and ends in scf.condition,
    `after` runs body_fn and yields the next carried values."""
    if node.kwargs:
        raise ops.UnsupportedNode("while_loop called with keyword arguments")
    cond_arg, body_arg, carried, additional = node.args
    cond_sub, body_sub = importer.submodule(cond_arg), importer.submodule(body_arg)
    carried_values = _operand_values(importer, carried, loc)
    additional_values = _operand_values(importer, additional, loc)
    carried_types = [v.type for v in carried_values]
    result_types = ops.result_types(node.meta.get("val"))
    if result_types != carried_types:
        raise ops.UnsupportedNode(
            "while_loop results must have the types of the carried values: "
            f"{', '.join(map(str, result_types))} vs {', '.join(map(str, carried_types))} "
            "(a carried value whose shape changes per iteration is not supported)"
        )
    while_op = scf.WhileOp(result_types, carried_values, loc=loc)
    arg_locs = [loc] * len(carried_types)
    before = while_op.before.blocks.append(*carried_types, arg_locs=arg_locs)
    after = while_op.after.blocks.append(*carried_types, arg_locs=arg_locs)
    with ir.InsertionPoint(before), loc:
        predicate = _import_body(importer, cond_sub, [*before.arguments, *additional_values], loc)
        if len(predicate) != 1:
            raise ops.UnsupportedNode(f"while_loop cond '{cond_sub.name}' returns {len(predicate)} values, not 1")
        scf.ConditionOp(_predicate(predicate[0], "the while_loop condition", loc), list(before.arguments), loc=loc)
    with ir.InsertionPoint(after), loc:
        results = _import_body(importer, body_sub, [*after.arguments, *additional_values], loc)
        _check_types(body_sub, results, carried_types, "carried values")
        scf.YieldOp(results, loc=loc)
    return while_op.operation


def inline_set_grad_enabled(importer: GraphImporter, node: torch.fx.Node, loc: ir.Location) -> list[ir.Value]:
    """torch.no_grad()/enable_grad() blocks (`wrap_with_set_grad_enabled(enabled, body, *args)`):
    grad mode does not change forward values, so the body's nodes are imported in place."""
    _enabled, body_arg, *args = node.args
    values = ops.ValueSource(importer.value, loc)
    return _import_body(importer, importer.submodule(body_arg), [values.sym(a) for a in args], loc)


HIGHER_ORDER_BUILDERS["cond"] = build_cond
HIGHER_ORDER_BUILDERS["while_loop"] = build_while_loop
INLINED_HIGHER_ORDER_OPS["wrap_with_set_grad_enabled"] = inline_set_grad_enabled
