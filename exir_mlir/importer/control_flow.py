"""Higher-order ops with regions: torch.cond and torch.while_loop, their bodies imported recursively."""

from __future__ import annotations

import torch
import torch.fx

from exir_mlir._mlir import ir
from exir_mlir.importer import ops
from exir_mlir.importer.graph import HIGHER_ORDER_BUILDERS, GraphImporter, Submodule


def _operand_values(importer: GraphImporter, args: object, loc: ir.Location) -> list[ir.Value]:
    """Operands of a higher-order op: tensor nodes stay tensors, SymInt nodes stay symbolic,
    Python numbers become sym_constant."""
    if not isinstance(args, (list, tuple)):
        raise ops.UnsupportedNode(f"expected a tuple of operands, got {type(args).__name__}")
    values = ops.ValueSource(importer.value, loc)
    return [values.sym(a) for a in args]


def _import_region(
    importer: GraphImporter,
    region: ir.Region,
    sub: Submodule,
    arg_types: list[ir.Type],
    loc: ir.Location,
) -> list[ir.Value]:
    """Imports `sub`'s graph into a new block of `region` whose arguments are `arg_types`;
    ends the block with vector.yield and returns the yielded values."""
    placeholders = [n for n in sub.graph_module.graph.nodes if n.op == "placeholder"]
    if len(placeholders) != len(arg_types):
        raise ops.UnsupportedNode(
            f"subgraph '{sub.name}' takes {len(placeholders)} inputs but the op passes {len(arg_types)}"
        )
    block = region.blocks.append(*arg_types, arg_locs=[loc] * len(arg_types))
    inner = GraphImporter(importer.state, sub.graph_module, fallback_loc=loc)
    for node, arg in zip(placeholders, block.arguments):
        inner.bind(node, arg)
    with ir.InsertionPoint(block), loc:
        returned = inner.import_nodes()
        yielded = inner.output_values(returned, loc)
        ops.create(ops.YIELD, yielded, [], loc=loc)
    return yielded


def _check_yield_types(sub: Submodule, yielded: list[ir.Value], expected: list[ir.Type], what: str) -> None:
    got = [v.type for v in yielded]
    if got != expected:
        raise ops.UnsupportedNode(
            f"subgraph '{sub.name}' yields {', '.join(map(str, got))} but the {what} are "
            f"{', '.join(map(str, expected))}"
        )


def build_cond(importer: GraphImporter, node: torch.fx.Node, loc: ir.Location) -> ir.Operation:
    """exir.cond(pred, operands...) with regions true_branch and false_branch."""
    if node.kwargs:
        raise ops.UnsupportedNode("cond called with keyword arguments")
    pred, true_arg, false_arg, operands = node.args
    true_sub, false_sub = importer.submodule(true_arg), importer.submodule(false_arg)
    values = ops.ValueSource(importer.value, loc)
    if isinstance(pred, torch.fx.Node):
        pred_value = importer.value(pred)
    elif isinstance(pred, bool):
        pred_value = values.tensor(pred)
    else:
        raise ops.UnsupportedNode(f"cond predicate {pred!r} is not a boolean")
    operand_values = _operand_values(importer, operands, loc)
    result_types = ops.result_types(node.meta.get("val"))
    op = ops.create("exir.cond", [pred_value, *operand_values], result_types, loc=loc, regions=2)
    arg_types = [v.type for v in operand_values]
    for region, sub in zip(op.regions, (true_sub, false_sub)):
        yielded = _import_region(importer, region, sub, arg_types, loc)
        _check_yield_types(sub, yielded, result_types, "cond results")
    return op


def build_while_loop(importer: GraphImporter, node: torch.fx.Node, loc: ir.Location) -> ir.Operation:
    """exir.while_loop(carried..., additional...) with regions cond and body."""
    if node.kwargs:
        raise ops.UnsupportedNode("while_loop called with keyword arguments")
    cond_arg, body_arg, carried, additional = node.args
    cond_sub, body_sub = importer.submodule(cond_arg), importer.submodule(body_arg)
    carried_values = _operand_values(importer, carried, loc)
    additional_values = _operand_values(importer, additional, loc)
    result_types = ops.result_types(node.meta.get("val"))
    carried_types = [v.type for v in carried_values]
    if result_types != carried_types:
        raise ops.UnsupportedNode(
            "while_loop results must have the types of the carried values: "
            f"{', '.join(map(str, result_types))} vs {', '.join(map(str, carried_types))} "
            "(a carried value whose shape changes per iteration is not supported)"
        )
    segments = ir.DenseI32ArrayAttr.get([len(carried_values), len(additional_values)])
    op = ops.create(
        "exir.while_loop",
        [*carried_values, *additional_values],
        result_types,
        {"operandSegmentSizes": segments},
        loc=loc,
        regions=2,
    )
    arg_types = carried_types + [v.type for v in additional_values]
    cond_region, body_region = op.regions
    predicate = _import_region(importer, cond_region, cond_sub, arg_types, loc)
    if len(predicate) != 1:
        raise ops.UnsupportedNode(f"while_loop cond '{cond_sub.name}' returns {len(predicate)} values, not 1")
    yielded = _import_region(importer, body_region, body_sub, arg_types, loc)
    _check_yield_types(body_sub, yielded, carried_types, "carried values")
    return op


HIGHER_ORDER_BUILDERS["cond"] = build_cond
HIGHER_ORDER_BUILDERS["while_loop"] = build_while_loop
