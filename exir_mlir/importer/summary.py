"""summarize(module): a short text summary of an imported module (ops, inputs, symbols)."""

from __future__ import annotations

from collections import Counter

from exir_mlir._mlir import ir


def _op_key(op: ir.Operation) -> str:
    # Calls of the ATen fallback count per overload: they are what later stages must reject.
    if op.name == "func.call" and "exir.operand_args" in op.attributes:
        callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
        return f"func.call[{callee.split('$')[0]}]"
    return op.name


def _string(attrs: ir.DictAttr, name: str) -> str | None:
    return ir.StringAttr(attrs[name]).value if name in attrs else None


def summarize(module: ir.Module) -> str:
    """Op counts per op name (fallback calls by overload), inputs and outputs by kind, and the
    symbols with their ranges: what `exir-mlir demo` and `import --summary` print."""
    lines: list[str] = []
    root = module.operation
    constraints = root.attributes["exir.range_constraints"] if "exir.range_constraints" in root.attributes else None
    for fn in module.body.operations:
        fn = fn.operation
        if fn.name != "func.func" or "exir.aten_overload" in fn.attributes:
            continue
        name = ir.StringAttr(fn.attributes["sym_name"]).value
        arg_attrs = list(ir.ArrayAttr(fn.attributes["arg_attrs"])) if "arg_attrs" in fn.attributes else []
        res_attrs = list(ir.ArrayAttr(fn.attributes["res_attrs"])) if "res_attrs" in fn.attributes else []
        inputs = Counter(_string(ir.DictAttr(a), "exir.input_kind") or "?" for a in arg_attrs)
        outputs = Counter(_string(ir.DictAttr(a), "exir.output_kind") or "?" for a in res_attrs)
        lines.append(f"func @{name}")
        lines.append("  inputs:  " + (", ".join(f"{n} {k}" for k, n in sorted(inputs.items())) or "none"))
        lines.append("  outputs: " + (", ".join(f"{n} {k}" for k, n in sorted(outputs.items())) or "none"))
        counts: Counter[str] = Counter()

        def count(op):
            if op.name not in ("func.func", "func.return"):
                counts[_op_key(op)] += 1
            return ir.WalkResult.ADVANCE

        fn.walk(count)
        lines.append(f"  ops: {sum(counts.values())} ({len(counts)} kinds)")
        width = max((len(k) for k in counts), default=0)
        for key, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"    {key:<{width}}  {n}")
    if constraints is not None and len(ir.DictAttr(constraints)):
        lines.append("symbols:")
        d = ir.DictAttr(constraints)
        for i in range(len(d)):
            named = d[i]
            bounds = ir.DictAttr(named.attr)
            lo = ir.IntegerAttr(bounds["min"]).value if "min" in bounds else "-inf"
            hi = ir.IntegerAttr(bounds["max"]).value if "max" in bounds else "inf"
            lines.append(f"  {named.name} in [{lo}, {hi}]")
    else:
        lines.append("symbols: none (all shapes static)")
    if "exir.dim_equalities" in root.attributes:
        for group in ir.ArrayAttr(root.attributes["exir.dim_equalities"]):
            lines.append("  equal: " + " == ".join(ir.StringAttr(s).value for s in ir.ArrayAttr(group)))
    return "\n".join(lines)
