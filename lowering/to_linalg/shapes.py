"""Dynamic dims for to-linalg: one SSA index per shape symbol, `s0 + 1` as index arithmetic."""

from __future__ import annotations

import re

from exir_mlir._mlir import arith, ir, math, tensor

from ..ir_utils import DYNAMIC, Unsupported, attr_value, i64, index, index_constant, isa, shape_of, walk_ops

# `2*s1`, `s1 + 1`, `2*s1 - 1` as sympy prints them (spaces removed): scale, symbol, offset
_LINEAR_DIM = re.compile(r"(?:(\d+)\*)?([A-Za-z_]\w*)([+-]\d+)?")
_TOKEN = re.compile(r"\s*(?:(\d+\.\d*(?:e[-+]?\d+)?|\d+)|([A-Za-z_]\w*)|(//|\*\*|[-+*/%(),]))")


class ShapeContext:
    """Per-function facts: which SSA index holds each symbol (`s0`), built at the entry block.

    Symbols come from the `exir.sym_shape` argument attributes; a value's dims come from the
    `exir.sym_shapes` attribute its producer carries. Two dims with the same expression get
    the same SSA value, so nothing later has to check that they agree.
    """

    def __init__(self, func_op: ir.Operation):
        self.func = func_op
        self.entry = func_op.regions[0].blocks[0]
        # Shape ops go before this anchor at the top of the entry block, in creation order.
        ops = list(self.entry.operations)
        with ir.InsertionPoint(ops[0]) if ops else ir.InsertionPoint(self.entry), func_op.location:
            self.anchor = arith.ConstantOp(index(), ir.IntegerAttr.get(index(), 0)).operation
        self.symbols: dict[str, ir.Value] = {}
        self.exprs: dict[str, ir.Value] = {}
        self._sources: dict[str, tuple[ir.Value, int]] = {}
        # A symbol no argument dim names alone but one names as `k*s + c` (a derived dim, e.g. an
        # image exported with `2*Dim("h")`): the symbol is (dim - c) / k, exact because the call's
        # input checks hold the dim to that form.
        self._derived: dict[str, tuple[str, str | None, str | None]] = {}  # symbol -> (dim, scale, offset)
        self._expr_sources: dict[str, tuple[ir.Value, int]] = {}  # `2*s1` -> the argument dim it is
        self._lowered: dict[ir.Value, list[str]] = {}  # replacement value -> the replaced result's dims
        arg_attrs = func_op.attributes["arg_attrs"] if "arg_attrs" in func_op.attributes else None
        if arg_attrs is not None:
            for i, d in enumerate(ir.ArrayAttr(arg_attrs)):
                d = ir.DictAttr(d)
                if "exir.sym_shape" in d:
                    exprs = attr_value(d["exir.sym_shape"])
                    for dim, e in enumerate(exprs):
                        if re.fullmatch(r"[A-Za-z_]\w*", e):
                            self._sources.setdefault(e, (self.entry.arguments[i], dim))
                        elif m := _LINEAR_DIM.fullmatch(e.replace(" ", "")):
                            self._derived.setdefault(m.group(2), (e, m.group(1), m.group(3)))
                            self._expr_sources.setdefault(e.replace(" ", ""), (self.entry.arguments[i], dim))
                if "exir.sym_expr" in d and isa(ir.IndexType, self.entry.arguments[i].type):
                    e = attr_value(d["exir.sym_expr"])
                    if re.fullmatch(r"[A-Za-z_]\w*", e):
                        self.symbols.setdefault(e, self.entry.arguments[i])
        # Data-dependent symbols (`u0`: an `.item()` read as a size) are index values computed in
        # the body; expressions over them are built where they are used, not at the anchor.
        # Only a definition in the entry block that precedes every shape naming the symbol is used
        # (it then dominates every use); otherwise sizes come from the operands' dims.
        self._unbacked: dict[str, ir.Value] = {}
        named: set[str] = set()
        for op in self.entry.operations:
            if "exir.sym_expr" in op.attributes and len(op.results) == 1 and isa(ir.IndexType, op.results[0].type):
                e = attr_value(op.attributes["exir.sym_expr"])
                if re.fullmatch(r"[A-Za-z_]\w*", e) and e not in self._sources and e not in named:
                    self._unbacked.setdefault(e, op.results[0])
            for inner in [op, *walk_ops(op)]:
                if "exir.sym_shapes" in inner.attributes:
                    named.update(re.findall(r"[A-Za-z_]\w*", str(inner.attributes["exir.sym_shapes"])))

    _stack: list["ShapeContext"] = []

    @classmethod
    def current(cls) -> "ShapeContext":
        return cls._stack[-1]

    def __enter__(self) -> "ShapeContext":
        ShapeContext._stack.append(self)
        return self

    def __exit__(self, *exc) -> None:
        ShapeContext._stack.pop()
        if not list(self.anchor.results[0].uses):
            self.anchor.erase()

    # -- symbols and expressions
    def symbol(self, name: str) -> ir.Value:
        if name in self._unbacked and name not in self.symbols:
            return self._unbacked[name]
        if name not in self.symbols:
            if name in self._sources:
                arg, dim = self._sources[name]
                with ir.InsertionPoint(self.anchor), self.func.location:
                    self.symbols[name] = tensor.DimOp(arg, index_constant(dim)).result
            elif name in self._derived:
                dim_expr, scale, offset = self._derived[name]
                v = self.expr(dim_expr)
                with ir.InsertionPoint(self.anchor), self.func.location:
                    if offset is not None:
                        v = arith.SubIOp(v, index_constant(int(offset.replace("+", "")))).result
                    if scale is not None:
                        v = arith.DivSIOp(v, index_constant(int(scale))).result
                    self.symbols[name] = v
            else:
                raise Unsupported(f"shape symbol '{name}' is not a dim of any function argument")
        return self.symbols[name]

    def expr(self, text: str) -> ir.Value:
        text = text.strip()
        if any(t in self._unbacked for t in re.findall(r"[A-Za-z_]\w*", text)):
            # at the caller's insertion point: the symbol's value is defined in the body
            return _Parser(text, self).parse()
        if text not in self.exprs:
            with ir.InsertionPoint(self.anchor), self.func.location:
                if re.fullmatch(r"-?\d+", text):
                    self.exprs[text] = index_constant(int(text))
                elif (source := self._expr_sources.get(text.replace(" ", ""))) is not None:
                    self.exprs[text] = tensor.DimOp(source[0], index_constant(source[1])).result
                else:
                    self.exprs[text] = _Parser(text, self).parse()
        return self.exprs[text]

    # -- dims of values
    def value_exprs(self, value: ir.Value) -> list[str] | None:
        owner = value.owner
        if isinstance(owner, ir.Block) or not hasattr(owner, "attributes"):
            if isinstance(value, ir.BlockArgument) or isa(ir.BlockArgument, value):
                arg = ir.BlockArgument(value)
                if arg.owner == self.entry and "arg_attrs" in self.func.attributes:
                    d = ir.DictAttr(ir.ArrayAttr(self.func.attributes["arg_attrs"])[arg.arg_number])
                    if "exir.sym_shape" in d:
                        return attr_value(d["exir.sym_shape"])
            return None
        op = owner.operation if hasattr(owner, "operation") else owner
        if "exir.sym_shapes" in op.attributes:
            per_result = attr_value(op.attributes["exir.sym_shapes"])
            n = ir.OpResult(value).result_number
            if n < len(per_result) and per_result[n]:
                return per_result[n]
        return None

    def remember(self, op: ir.Operation, values: list[ir.Value]) -> None:
        """The symbolic dims of `op`'s results, for the values that replace them."""
        per_result = attr_value(op.attributes["exir.sym_shapes"])
        for value, exprs in zip(values, per_result):
            if exprs:
                self._lowered.setdefault(value, exprs)

    def symbolic_shape(self, value: ir.Value) -> list[str] | None:
        """The symbolic dims of `value`: its producer's facts, or those of the op it replaced."""
        exprs = self.value_exprs(value)
        return exprs if exprs is not None else self._lowered.get(value)

    def dim(self, value: ir.Value, d: int) -> ir.Value:
        """The index of dim `d` of `value` (a constant when static)."""
        s = shape_of(value)[d]
        if s != DYNAMIC:
            return index_constant(s)
        exprs = self.value_exprs(value)
        if exprs is not None and d < len(exprs):
            try:
                return self.expr(exprs[d])
            except Unsupported:
                pass
        return tensor.DimOp(value, index_constant(d)).result

    def dynamic_dims(self, value_or_type, like: list[ir.Value | None] | None = None,
                     value: ir.Value | None = None) -> list[ir.Value]:
        """Index values of the dynamic dims of a result, from the result's own symbolic shape
        (`value`), else from `like`: per dim an index Value, a (tensor, dim) pair (read only
        when needed), or None."""
        shape = shape_of(value_or_type)
        exprs = self.value_exprs(value) if value is not None else None
        out = []
        for d, s in enumerate(shape):
            if s != DYNAMIC:
                continue
            if exprs is not None and d < len(exprs):
                try:
                    out.append(self.expr(exprs[d]))
                    continue
                except Unsupported:
                    pass
            if like is None or like[d] is None:
                raise Unsupported(f"cannot tell the size of dynamic dim {d}")
            src = like[d]
            out.append(self.dim(*src) if isinstance(src, tuple) else src)
        return out


class _Parser:
    """Recursive descent over sympy's printing of shape expressions (+, -, *, //, %, Max, Min), and
    the float forms a scale factor gives (`TruncToInt(1.7*ToFloat(s0))`, `/`): f64 arithmetic as
    Python does it, back to an index by truncation, floor or ceiling."""

    _TO_INT = ("TruncToInt", "FloorToInt", "CeilToInt", "floor", "ceiling")

    def __init__(self, text: str, ctx: ShapeContext):
        self.tokens = [m.group(m.lastindex) for m in _TOKEN.finditer(text)]
        if "".join(self.tokens).replace(" ", "") != text.replace(" ", ""):
            raise Unsupported(f"cannot read shape expression '{text}'")
        self.pos, self.ctx, self.text = 0, ctx, text

    def parse(self) -> ir.Value:
        v = self._sum()
        if self.pos != len(self.tokens) or not isa(ir.IndexType, v.type):
            raise Unsupported(f"cannot read shape expression '{self.text}'")
        return v

    def _peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def _take(self):
        t = self._peek()
        self.pos += 1
        return t

    @staticmethod
    def _f64(v: ir.Value) -> ir.Value:
        if isa(ir.IndexType, v.type):
            return arith.SIToFPOp(ir.F64Type.get(), arith.IndexCastOp(i64(), v).result).result
        return v

    def _binary(self, int_op, float_op, a: ir.Value, b: ir.Value) -> ir.Value:
        if isa(ir.IndexType, a.type) and isa(ir.IndexType, b.type):
            return int_op(a, b).result
        if float_op is None:
            raise Unsupported(f"cannot read shape expression '{self.text}'")
        return float_op(self._f64(a), self._f64(b)).result

    def _sum(self):
        v = self._product()
        while self._peek() in ("+", "-"):
            op = self._take()
            rhs = self._product()
            v = (self._binary(arith.AddIOp, arith.AddFOp, v, rhs) if op == "+"
                 else self._binary(arith.SubIOp, arith.SubFOp, v, rhs))
        return v

    def _product(self):
        v = self._atom()
        while self._peek() in ("*", "//", "%", "/"):
            op = self._take()
            rhs = self._atom()
            if op == "*":
                v = self._binary(arith.MulIOp, arith.MulFOp, v, rhs)
            elif op == "/":
                v = arith.DivFOp(self._f64(v), self._f64(rhs)).result
            elif op == "//":
                v = self._binary(arith.FloorDivSIOp, None, v, rhs)
            else:
                v = self._binary(arith.SubIOp, None, v,
                                 self._binary(arith.MulIOp, None, self._binary(arith.FloorDivSIOp, None, v, rhs), rhs))
        return v

    def _args(self) -> list[ir.Value]:
        self._take()
        args = [self._sum()]
        while self._peek() == ",":
            self._take()
            args.append(self._sum())
        if self._take() != ")":
            raise Unsupported(f"cannot read shape expression '{self.text}'")
        return args

    def _atom(self):
        t = self._take()
        if t is None:
            raise Unsupported(f"cannot read shape expression '{self.text}'")
        if t == "-":
            v = self._atom()
            return self._binary(arith.SubIOp, arith.SubFOp, index_constant(0) if isa(ir.IndexType, v.type)
                                else _f64_constant(0.0), v)
        if t == "(":
            v = self._sum()
            if self._take() != ")":
                raise Unsupported(f"cannot read shape expression '{self.text}'")
            return v
        if t.isdigit():
            return index_constant(int(t))
        if t[0].isdigit():
            return _f64_constant(float(t))
        if t in ("Max", "Min") and self._peek() == "(":
            args = self._args()
            v = args[0]
            for a in args[1:]:
                v = (self._binary(arith.MaxSIOp, arith.MaximumFOp, v, a) if t == "Max"
                     else self._binary(arith.MinSIOp, arith.MinimumFOp, v, a))
            return v
        if t == "ToFloat" and self._peek() == "(":
            (a,) = self._args()
            return self._f64(a)
        if t in self._TO_INT and self._peek() == "(":
            (a,) = self._args()
            if isa(ir.IndexType, a.type):
                return a
            if t in ("FloorToInt", "floor"):
                a = math.FloorOp(a).result
            elif t in ("CeilToInt", "ceiling"):
                a = math.CeilOp(a).result
            return arith.IndexCastOp(index(), arith.FPToSIOp(i64(), a).result).result
        return self.ctx.symbol(t)


def _f64_constant(value: float) -> ir.Value:
    f64 = ir.F64Type.get()
    return arith.ConstantOp(f64, ir.FloatAttr.get(f64, value)).result
