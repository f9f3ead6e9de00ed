"""ATen ops the exir dialect lacks: a func.call of a private declaration named after the overload."""

from __future__ import annotations

from exir_mlir._mlir import func, ir

# docs/ir-conventions.md: `func.func private @"aten::foo.bar"(...) attributes
# {exir.aten_overload = "aten::foo.bar"}`, one declaration per distinct signature, called with
# `exir.args` (the non-tensor arguments) and `exir.operand_args` (what each operand fills).
ATEN_OVERLOAD = "exir.aten_overload"


class FallbackDeclarations:
    """Creates (once per overload and signature) the declarations the fallback calls go to."""

    def __init__(self, module: ir.Module):
        self._module = module
        self.insert_before: ir.Operation | None = None  # the importing function: calls follow their callees
        self._symbols: dict[tuple[str, str], str] = {}
        self._counts: dict[str, int] = {}

    def _declaration(self, overload: str, function_type: ir.FunctionType) -> str:
        key = (overload, str(function_type))
        symbol = self._symbols.get(key)
        if symbol is None:
            n = self._counts.get(overload, 0)
            self._counts[overload] = n + 1
            symbol = overload if n == 0 else f"{overload}${n}"
            # Declarations go before the function that calls them, in the order they are needed.
            where = (ir.InsertionPoint(self.insert_before) if self.insert_before is not None
                     else ir.InsertionPoint.at_block_begin(self._module.body))
            with where, ir.Location.name(overload):
                decl = func.FuncOp(symbol, function_type, visibility="private")
                decl.attributes[ATEN_OVERLOAD] = ir.StringAttr.get(overload)
            self._symbols[key] = symbol
        return symbol

    def call(
        self,
        overload: str,
        operands: list[ir.Value],
        result_types: list[ir.Type],
        operand_args: list[str],
        args: dict[str, ir.Attribute],
        loc: ir.Location,
    ) -> ir.Operation:
        """`func.call @"aten::foo.bar"(operands) {exir.args, exir.operand_args}` at the current point."""
        function_type = ir.FunctionType.get([v.type for v in operands], result_types)
        symbol = self._declaration(overload, function_type)
        call = func.CallOp(result_types, ir.FlatSymbolRefAttr.get(symbol), operands, loc=loc)
        call.attributes["exir.args"] = ir.DictAttr.get(args)
        call.attributes["exir.operand_args"] = ir.ArrayAttr.get([ir.StringAttr.get(a) for a in operand_args])
        return call.operation
