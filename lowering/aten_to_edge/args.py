"""Read an exir op's ATen arguments (operands, static/dynamic SymInt pairs, attributes) by schema name."""

from __future__ import annotations

from typing import Sequence

from exir_mlir._mlir import ir

from ..ir_utils import DYNAMIC, Unsupported, attr_value


class AtenArgs:
    """The arguments of one exir op, following docs/ir-conventions.md.

    `groups` lists the op's operand groups in ODS order (schema order): a plain name is one
    operand, `name?` an optional one, `name*` a variadic one (Tensor[] or the dynamic entries
    of a SymInt[]).
    """

    def __init__(self, op: ir.Operation, groups: Sequence[str]):
        self.op = op
        self._groups: dict[str, list[ir.Value]] = {}
        operands = list(op.operands)
        names = [g.rstrip("?*") for g in groups]
        if "operandSegmentSizes" in op.attributes:
            sizes = attr_value(op.attributes["operandSegmentSizes"])
        else:
            flexible = [i for i, g in enumerate(groups) if g[-1] in "?*"]
            fixed = len(groups) - len(flexible)
            if len(flexible) > 1:
                raise Unsupported(f"'{op.name}' has several optional/variadic operand groups "
                                  "but no operandSegmentSizes")
            sizes = [1] * len(groups)
            if flexible:
                sizes[flexible[0]] = len(operands) - fixed
        if len(sizes) != len(groups) or sum(sizes) != len(operands):
            raise Unsupported(f"'{op.name}' has {len(operands)} operands, which do not match its "
                              f"schema groups {list(groups)}")
        pos = 0
        for name, size in zip(names, sizes):
            self._groups[name] = operands[pos:pos + size]
            pos += size

    # -- operands
    def tensor(self, name: str) -> ir.Value:
        vals = self._groups[name]
        if len(vals) != 1:
            raise Unsupported(f"operand '{name}' of '{self.op.name}' is missing")
        return vals[0]

    def optional(self, name: str) -> ir.Value | None:
        vals = self._groups.get(name, [])
        return vals[0] if vals else None

    def variadic(self, name: str) -> list[ir.Value]:
        return list(self._groups.get(name, []))

    # -- attributes
    def has(self, name: str) -> bool:
        return name in self.op.attributes

    def attr(self, name: str, default=None):
        if name in self.op.attributes:
            v = attr_value(self.op.attributes[name])
            return default if v is None else v
        return default

    def sym_list(self, name: str, default=None) -> list:
        """A SymInt[] argument: ints where static, SymInt Values where dynamic."""
        static = self.attr("static_" + name)
        if static is None:
            static = self.attr(name, default)
            if static is None:
                return default
            return list(static) if isinstance(static, list) else [static]
        dynamic = iter(self.variadic(name))
        out = []
        for s in static:
            out.append(next(dynamic) if s == DYNAMIC else s)
        return out

    def sym_int(self, name: str, default=None):
        """A SymInt argument: an int when static, its Value when dynamic, default when None."""
        if self.has("static_" + name):
            s = self.attr("static_" + name)
            if s == DYNAMIC:
                return self.tensor(name)
            return s
        dyn = self.optional(name) if name in self._groups else None
        if dyn is not None:
            return dyn
        return self.attr(name, default)

    def static_ints(self, name: str, default=None) -> list[int]:
        vals = self.sym_list(name, default)
        if vals is None:
            return None
        if any(isinstance(v, ir.Value) for v in vals):
            raise Unsupported(f"argument '{name}' must be static here")
        return [int(v) for v in vals]
