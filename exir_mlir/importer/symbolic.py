"""Symbolic shapes: stable symbol names (s0, s1, ...), printed dim expressions, range constraints."""

from __future__ import annotations

from typing import Iterable

import sympy
import torch
from torch.utils._sympy.numbers import int_oo

from exir_mlir._mlir import ir

# torch 2.13 names backed symbols after a hash of their source (`s77`), which changes with
# unrelated edits to the model. The importer renames them s0, s1, ... in order of first
# appearance in the program's inputs, so the same model always prints the same IR.


def _free_symbols(val: object) -> list[sympy.Symbol]:
    """Free symbols of a node value, in dim order (deterministic: sorted by name within a dim)."""
    exprs: list[sympy.Expr] = []
    if isinstance(val, torch.Tensor):
        exprs = [d.node.expr for d in val.shape if isinstance(d, torch.SymInt)]
    elif isinstance(val, (torch.SymInt, torch.SymFloat, torch.SymBool)):
        exprs = [val.node.expr]
    elif isinstance(val, (list, tuple)):
        return [s for v in val for s in _free_symbols(v)]
    out: list[sympy.Symbol] = []
    for e in exprs:
        out.extend(sorted(e.free_symbols, key=lambda s: s.name))
    return out


def _strip_outer_parens(text: str) -> str:
    # sympy prints FloorDiv as "(s0//2)"; the outer pair says nothing on its own.
    while text.startswith("(") and text.endswith(")"):
        depth = 0
        for i, ch in enumerate(text):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0 and i != len(text) - 1:
                return text
        text = text[1:-1]
    return text


class SymbolNames:
    """Renames torch's shape symbols to s0, s1, ... (backed) and u0, u1, ... (unbacked, data-dependent)."""

    def __init__(self) -> None:
        self._renamed: dict[sympy.Symbol, sympy.Symbol] = {}
        self._counts = {"s": 0, "u": 0}

    def add_symbols(self, symbols: Iterable[sympy.Symbol]) -> None:
        for sym in symbols:
            if sym in self._renamed:
                continue
            # torch's unbacked symbols (from .item(), nonzero, ...) are u<N>; everything else is backed.
            prefix = "u" if sym.name.startswith("u") else "s"
            new_name = f"{prefix}{self._counts[prefix]}"
            self._counts[prefix] += 1
            self._renamed[sym] = sympy.Symbol(new_name, **sym.assumptions0)

    def add_value(self, val: object) -> None:
        self.add_symbols(_free_symbols(val))

    def rename(self, expr: sympy.Expr) -> sympy.Expr:
        self.add_symbols(sorted(expr.free_symbols, key=lambda s: s.name))
        return expr.xreplace(self._renamed)

    def format(self, expr: sympy.Expr | int) -> str:
        """The printed expression of a dim or SymInt: "4", "s0", "2*s0 + 1", "s0//2"."""
        if isinstance(expr, int):
            return str(expr)
        return _strip_outer_parens(str(self.rename(expr)))

    def format_sym(self, val: torch.SymInt | torch.SymFloat | torch.SymBool | int | float | bool) -> str:
        if isinstance(val, (torch.SymInt, torch.SymFloat, torch.SymBool)):
            return self.format(val.node.expr)
        return str(val)

    def dim_strings(self, shape: Iterable[int | torch.SymInt]) -> list[str]:
        return [self.format(d.node.expr) if isinstance(d, torch.SymInt) else str(int(d)) for d in shape]

    def torch_names(self) -> dict[str, str]:
        """exir name -> torch's name, for messages that have to match what torch printed."""
        return {new.name: old.name for old, new in self._renamed.items()}


def has_symbolic_dims(val: object) -> bool:
    return isinstance(val, torch.Tensor) and any(
        isinstance(d, torch.SymInt) and not d.node.expr.is_number for d in val.shape
    )


def shape_attr(names: SymbolNames, val: torch.Tensor) -> ir.ArrayAttr:
    """["s0", "4"]: one StringAttr per dim."""
    return ir.ArrayAttr.get([ir.StringAttr.get(s) for s in names.dim_strings(val.shape)])


def result_shapes_attr(names: SymbolNames, vals: list[object]) -> ir.ArrayAttr | None:
    """`exir.sym_shapes` of an op: one entry per result (empty array for non-tensors), or None
    when no result has a symbolic dim (the attribute is then omitted)."""
    if not any(has_symbolic_dims(v) for v in vals):
        return None
    entries = [shape_attr(names, v) if isinstance(v, torch.Tensor) else ir.ArrayAttr.get([]) for v in vals]
    return ir.ArrayAttr.get(entries)


def _bound(value: object) -> int | None:
    """An int bound of a ValueRanges end, or None when unbounded (int_oo / -int_oo / sympy oo)."""
    # torch's int_oo is not `is_infinite` in sympy's sense: compare with each infinity.
    if value in (int_oo, -int_oo, sympy.oo, -sympy.oo):
        return None
    return int(value)


def range_constraints_attr(names: SymbolNames, range_constraints: dict) -> ir.DictAttr:
    """{s0 = {min = 1 : i64, max = 1024 : i64}}: `max` absent when unbounded above. A symbol
    unbounded on both sides (an unbacked `.item()`) constrains nothing and is left out; one
    unbounded only below gets min = INT64_MIN (the contract always has a `min`)."""
    i64 = ir.IntegerType.get_signless(64)
    entries: dict[str, ir.Attribute] = {}
    for expr, value_range in range_constraints.items():
        bounds: dict[str, ir.Attribute] = {}
        lower, upper = _bound(value_range.lower), _bound(value_range.upper)
        if lower is None and upper is None:
            continue
        bounds["min"] = ir.IntegerAttr.get(i64, -(2**63) if lower is None else lower)
        if upper is not None:
            bounds["max"] = ir.IntegerAttr.get(i64, upper)
        entries[names.format(expr)] = ir.DictAttr.get(bounds)
    return ir.DictAttr.get(dict(sorted(entries.items())))


def dim_equalities(names: SymbolNames, inputs: list[tuple[str, object]]) -> list[list[str]]:
    """Groups of user-input dims that torch proved equal (same symbolic expression), as
    "x.size(0)" strings; only groups of two or more dims are returned."""
    groups: dict[str, list[str]] = {}
    for name, val in inputs:
        if not isinstance(val, torch.Tensor):
            continue
        for i, d in enumerate(val.shape):
            if isinstance(d, torch.SymInt) and not d.node.expr.is_number:
                groups.setdefault(names.format(d.node.expr), []).append(f"{name}.size({i})")
    return [dims for dims in groups.values() if len(dims) > 1]
