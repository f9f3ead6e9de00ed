"""The fallback for ATen ops the exir dialect lacks: a func.call of a declaration naming the overload."""

# Representation (docs/ir-conventions.md): the module holds
#   func.func private @"aten::foo.bar"(types...) -> types... attributes {exir.aten_overload = "aten::foo.bar"}
# (one per distinct signature: @"aten::foo.bar$1", ... for others), and each use is
#   %r = func.call @"aten::foo.bar"(%x) {exir.args = {...}, exir.operand_args = ["self"]} : ...
# A call cannot be an IRDL op because its operands may have different types.

from __future__ import annotations

from typing import Mapping, Sequence

from exir_mlir._mlir import func, ir

ATEN_OVERLOAD = "exir.aten_overload"
ARGS = "exir.args"
OPERAND_ARGS = "exir.operand_args"


def _module_op(op: ir.Operation) -> ir.Operation:
    while op is not None and op.name != "builtin.module":
        op = op.parent
    if op is None:
        raise ValueError("the op is not inside a builtin.module")
    return op


def declare(module_op: ir.Operation, overload: str, fn_type: ir.FunctionType, *,
            ip: ir.InsertionPoint | None = None, loc: ir.Location | None = None) -> str:
    """Symbol of the declaration of `overload` with `fn_type`; a new one is created at `ip`
    (default: the end of the module) with location `loc` (default: unknown)."""
    body = module_op.regions[0].blocks[0]
    taken = set()
    for op in body.operations:
        if op.operation.name != "func.func":
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value
        taken.add(name)
        if (ATEN_OVERLOAD in op.attributes and ir.StringAttr(op.attributes[ATEN_OVERLOAD]).value == overload
                and ir.TypeAttr(op.attributes["function_type"]).value == fn_type):
            return name
    name, n = overload, 0
    while name in taken:
        n += 1
        name = f"{overload}${n}"
    with ip or ir.InsertionPoint(body), loc or ir.Location.unknown(module_op.context):
        decl = func.FuncOp(name, fn_type, visibility="private")
        decl.attributes[ATEN_OVERLOAD] = ir.StringAttr.get(overload)
    return name


def build_aten_call(
    module: ir.Module | ir.Operation,
    overload: str,
    operands: Sequence[ir.Value],
    result_types: Sequence[ir.Type],
    *,
    args: Mapping[str, ir.Attribute],
    operand_args: Sequence[str],
    loc: ir.Location | None = None,
    ip: ir.InsertionPoint | None = None,
    declare_at: ir.InsertionPoint | None = None,
    declaration_loc: ir.Location | None = None,
) -> ir.Operation:
    """Insert (at `ip` or the current insertion point) a fallback call of `overload` ("aten::foo.bar").

    `args` are the non-tensor arguments as attributes (absent = None), `operand_args` names, per
    operand, the schema argument it fills ("self", "tensors[1]"). The declaration it calls is
    made by `declare` (at `declare_at`, with `declaration_loc`) unless the module has it already.
    """
    if len(operand_args) != len(operands):
        raise ValueError(f"{overload}: {len(operands)} operands but {len(operand_args)} operand_args")
    module_op = module.operation
    fn_type = ir.FunctionType.get([v.type for v in operands], list(result_types), context=module_op.context)
    callee = declare(module_op, overload, fn_type, ip=declare_at, loc=declaration_loc)
    call = func.CallOp(list(result_types), ir.FlatSymbolRefAttr.get(callee, context=module_op.context),
                       list(operands), loc=loc, ip=ip)
    call.attributes[ARGS] = ir.DictAttr.get(dict(args), context=module_op.context)
    call.attributes[OPERAND_ARGS] = ir.ArrayAttr.get([ir.StringAttr.get(a, context=module_op.context)
                                                      for a in operand_args], context=module_op.context)
    return call.operation


def aten_fallback_overload(op: ir.Operation | ir.OpView) -> str | None:
    """The ATen overload a fallback `func.call` stands for, or None for any other op."""
    op = op.operation
    if op.name != "func.call":
        return None
    callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
    try:
        decl = ir.SymbolTable(_module_op(op))[callee]
    except KeyError:
        return None
    if ATEN_OVERLOAD not in decl.attributes:
        return None
    return ir.StringAttr(decl.attributes[ATEN_OVERLOAD]).value
