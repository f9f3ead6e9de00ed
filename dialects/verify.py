"""Verification of exir/edge/backend ops that IRDL cannot express, driven by the generated op table."""

# IRDL checks operand/result/attribute *kinds* (tensor vs !exir.symint, integer vs float
# attribute, required attributes, segment sizes). What it cannot check lives here:
# - element types named by the ODS constraint (TensorOf<[F32, F64]>, I64Attr's width,
#   DenseI64ArrayAttr vs DenseBoolArrayAttr), and optional attributes (IRDL attributes are all
#   required, so OptionalAttr is left out of the IRDL and checked here);
# - the standard ODS type-agreement traits (SameOperandsAndResultElementType,
#   AllElementTypesMatch<[...]>, ...), which is how the edge contract "operand dtypes agree with
#   the promotion result" is written in EdgeOps.td;
# - per-op Python rules registered with `register_verifier`.
# Every diagnostic names the op and the operand, result or attribute, at the op's location.

from __future__ import annotations

from typing import Callable, Iterable

from exir_mlir._mlir import ir
from exir_mlir.dialects import edge_rules, exir_rules
from exir_mlir.dialects.fallback import ATEN_OVERLOAD
from exir_mlir.dialects.loader import DIALECTS, op_table

# A rule gets the operation and the op's table entry and returns error messages (without the
# "'dialect.op' op " prefix, which is added).
Rule = Callable[[ir.Operation, dict], Iterable[str]]

# The rules each dialect's contract adds (exir_rules.py, edge_rules.py), then any registered later.
_RULES: dict[str, list[Rule]] = {}
for _name, _rule in (*exir_rules.rules(), *edge_rules.rules()):
    _RULES.setdefault(_name, []).append(_rule)


def register_verifier(op_name: str, rule: Rule) -> Rule:
    """Add a Python rule for `op_name` (e.g. "edge.add"); rules run after the table-driven checks."""
    _RULES.setdefault(op_name, []).append(rule)
    return rule


def unregister_verifier(op_name: str, rule: Rule) -> None:
    """Remove a rule added with `register_verifier`."""
    _RULES.get(op_name, []).remove(rule)


def _ops_by_full_name() -> dict[str, dict]:
    cached = getattr(_ops_by_full_name, "_cache", None)
    if cached is None:
        cached = {}
        table = op_table()
        for dialect in DIALECTS:
            for op in table["dialects"][dialect]["ops"]:
                cached[f"{dialect}.{op['name']}"] = op
        _ops_by_full_name._cache = cached  # type: ignore[attr-defined]
    return cached


# ------------------------------------------------------------------------------------------
# Grouping operands/results by their ODS names
# ------------------------------------------------------------------------------------------


def _segments(values, specs: list[dict], sizes_attr: ir.Attribute | None, what: str) -> dict[str, list]:
    """Values of each named operand/result group. Raises ValueError if the counts cannot fit."""
    values = list(values)
    # As IRDL does: the sizes attribute counts only when more than one group is optional/variadic.
    if sum(s["variadicity"] != "single" for s in specs) <= 1:
        sizes_attr = None
    if sizes_attr is not None:
        sizes = list(ir.DenseI32ArrayAttr(sizes_attr))
        if len(sizes) != len(specs) or sum(sizes) != len(values):
            raise ValueError(f"{what}SegmentSizes {sizes} does not match the {len(values)} {what}s")
    else:
        n_variable = sum(s["variadicity"] != "single" for s in specs)
        if n_variable > 1:
            raise ValueError(f"'{what}SegmentSizes' attribute is expected but not provided")
        rest = len(values) - (len(specs) - n_variable)
        if rest < 0 or (n_variable == 0 and rest != 0) or (rest > 1 and any(s["variadicity"] == "optional" for s in specs)):
            raise ValueError(f"expected {len(specs)} {what} group(s), got {len(values)} {what}s")
        sizes = [1 if s["variadicity"] == "single" else rest for s in specs]
    out, pos = {}, 0
    for spec, size in zip(specs, sizes):
        out[spec["name"]] = values[pos:pos + size]
        pos += size
    return out


def _element_type(t: ir.Type) -> ir.Type | None:
    t = t.maybe_downcast() if hasattr(t, "maybe_downcast") else t
    if isinstance(t, ir.ShapedType):
        return t.element_type
    return None


def _shape(t: ir.Type):
    t = t.maybe_downcast()
    if isinstance(t, ir.RankedTensorType):
        return list(t.shape)
    return None


# ------------------------------------------------------------------------------------------
# Attribute kinds
# ------------------------------------------------------------------------------------------


def _attributes(op: ir.Operation) -> dict[str, ir.Attribute]:
    return {name: op.attributes[name] for name in op.attributes}


def _is_resource(a: ir.Attribute) -> bool:
    try:
        ir.DenseResourceElementsAttr(a)  # maybe_downcast does not produce this class
    except ValueError:
        return False
    return True


def _is_int_attr(a, width: int | None) -> bool:
    if isinstance(a, ir.BoolAttr) or not isinstance(a, ir.IntegerAttr):
        return False
    return width is None or ir.IntegerType(a.type).width == width


def _is_float_attr(a, width: int | None) -> bool:
    if not isinstance(a, ir.FloatAttr):
        return False
    return width is None or ir.FloatType(a.type).width == width


_ATTR_CHECKS: dict[str, tuple[Callable[[ir.Attribute], bool], str]] = {
    "I64Attr": (lambda a: _is_int_attr(a, 64), "a 64-bit integer attribute (e.g. `1 : i64`)"),
    "I32Attr": (lambda a: _is_int_attr(a, 32), "a 32-bit integer attribute (e.g. `1 : i32`)"),
    "SI64Attr": (lambda a: _is_int_attr(a, 64), "a 64-bit integer attribute"),
    "F64Attr": (lambda a: _is_float_attr(a, 64), "a 64-bit float attribute (e.g. `1.0 : f64`)"),
    "F32Attr": (lambda a: _is_float_attr(a, 32), "a 32-bit float attribute (e.g. `1.0 : f32`)"),
    "BoolAttr": (lambda a: isinstance(a, ir.BoolAttr), "a bool attribute (`true`/`false`)"),
    "UnitAttr": (lambda a: isinstance(a, ir.UnitAttr), "a unit attribute"),
    "StrAttr": (lambda a: isinstance(a, ir.StringAttr), "a string attribute"),
    "TypeAttr": (lambda a: isinstance(a, ir.TypeAttr), "a type attribute (e.g. `f32`)"),
    "TypedAttrInterface": (
        lambda a: isinstance(a, ir.BoolAttr) or _is_int_attr(a, 64) or _is_float_attr(a, 64),
        "a scalar attribute: `1 : i64`, `1.0 : f64` or `true`",
    ),
    "DenseI64ArrayAttr": (lambda a: isinstance(a, ir.DenseI64ArrayAttr), "an `array<i64: ...>` attribute"),
    "DenseI32ArrayAttr": (lambda a: isinstance(a, ir.DenseI32ArrayAttr), "an `array<i32: ...>` attribute"),
    "DenseF64ArrayAttr": (lambda a: isinstance(a, ir.DenseF64ArrayAttr), "an `array<f64: ...>` attribute"),
    "DenseBoolArrayAttr": (lambda a: isinstance(a, ir.DenseBoolArrayAttr), "an `array<i1: ...>` attribute"),
    "ArrayAttr": (lambda a: isinstance(a, ir.ArrayAttr), "an array attribute"),
    "DictionaryAttr": (lambda a: isinstance(a, ir.DictAttr), "a dictionary attribute"),
    "ElementsAttr": (lambda a: isinstance(a, ir.DenseElementsAttr) or _is_resource(a),
                     "a dense elements attribute"),
}


def _check_attributes(op: ir.Operation, spec: dict) -> list[str]:
    errors = []
    present = _attributes(op)
    for attr in spec["attributes"]:
        value = present.get(attr["name"])
        if value is None:
            if not attr["optional"]:
                errors.append(f"attribute '{attr['name']}' ({attr['kind']}) is required but missing")
            continue
        check = _ATTR_CHECKS.get(attr["kind"])
        if check is not None and not check[0](value.maybe_downcast()):
            errors.append(f"attribute '{attr['name']}' must be {check[1]}, got `{value}`")
    return errors


# ------------------------------------------------------------------------------------------
# Types and traits
# ------------------------------------------------------------------------------------------


def _matches(t: ir.Type, expr) -> bool:
    """Whether `t` satisfies the IRDL expression recorded in the op table (see gen_irdl.py)."""
    kind = expr[0]
    if kind == "any":
        return True
    if kind == "any_of":
        return any(_matches(t, e) for e in expr[1])
    if kind == "is":
        return str(t) == expr[1]
    if kind == "parametric":  # "@exir::@symint" -> !exir.symint
        dialect, name = expr[1].lstrip("@").split("::@")
        return str(t) == f"!{dialect}.{name}"
    if kind == "base":
        base = {"!builtin.tensor": ir.RankedTensorType, "!builtin.unranked_tensor": ir.UnrankedTensorType,
                "!builtin.integer": ir.IntegerType, "!builtin.complex": ir.ComplexType}.get(expr[1])
        return base is None or isinstance(t.maybe_downcast(), base)
    return True


_ELEMENT_FAMILIES = {
    "*float": lambda e: isinstance(e, ir.FloatType),
    "*integer": lambda e: isinstance(e, ir.IntegerType),
    "*signless-integer": lambda e: isinstance(e, ir.IntegerType) and e.is_signless,
    "*complex": lambda e: isinstance(e, ir.ComplexType),
}


def _element_allowed(elem: ir.Type, allowed: list[str]) -> bool:
    elem = elem.maybe_downcast()
    return any(_ELEMENT_FAMILIES[a](elem) if a in _ELEMENT_FAMILIES else str(elem) == a for a in allowed)


def _check_values(groups: dict[str, list], specs: list[dict], what: str) -> list[str]:
    """Kinds (what IRDL checks, here with names), element types and ranks of operands/results."""
    errors = []
    for spec in specs:
        allowed, ranks = spec.get("element_types"), spec.get("ranks")
        for i, value in enumerate(groups.get(spec["name"], [])):
            where = f"{what} '{spec['name']}'" + (f" #{i}" if spec["variadicity"] == "variadic" else "")
            if "irdl" in spec and not _matches(value.type, spec["irdl"]):
                errors.append(f"{where} must be {spec['constraint']}, got {value.type}")
                continue
            elem = _element_type(value.type)
            if allowed and elem is not None and not _element_allowed(elem, allowed):
                errors.append(f"{where} has element type {elem}, expected one of {', '.join(allowed)}")
            shape = _shape(value.type)
            if ranks is not None and shape is not None and len(shape) not in ranks:
                errors.append(f"{where} has rank {len(shape)}, expected {' or '.join(map(str, ranks))}")
    return errors


def _named_types(operands: dict[str, list], results: dict[str, list]) -> dict[str, list[ir.Type]]:
    named: dict[str, list[ir.Type]] = {}
    for groups in (operands, results):
        for name, values in groups.items():
            named[name] = [v.type for v in values]
    return named


def _agree(label: str, pairs: list[tuple[str, ir.Type]], key, what: str) -> list[str]:
    seen = [(n, key(t)) for n, t in pairs]
    seen = [(n, k) for n, k in seen if k is not None]
    if len({str(k) for _, k in seen}) > 1:
        listing = ", ".join(f"'{n}' has {k}" for n, k in seen)
        return [f"{label}: {what} must agree, but {listing}"]
    return []


def _check_present_masks(attrs: dict[str, ir.Attribute], operands: dict[str, list]) -> list[str]:
    """`Tensor?[]` arguments: `<name>_present` has one `true` per operand of group `<name>`."""
    errors = []
    for name, values in operands.items():
        mask = attrs.get(name + "_present")
        if mask is None or not isinstance(mask.maybe_downcast(), ir.DenseBoolArrayAttr):
            continue
        present = sum(bool(b) for b in ir.DenseBoolArrayAttr(mask))
        if present != len(values):
            errors.append(f"attribute '{name}_present' marks {present} entries present, but operand group "
                          f"'{name}' has {len(values)} values")
    return errors


def _check_traits(op: ir.Operation, spec: dict, operands: dict[str, list], results: dict[str, list]) -> list[str]:
    errors = []
    operand_pairs = [(n, v.type) for n, vs in operands.items() for v in vs]
    result_pairs = [(n, v.type) for n, vs in results.items() for v in vs]
    named = _named_types(operands, results)
    for trait in spec.get("traits", []):
        name, args = trait["name"], trait.get("values", [])
        if name == "SameOperandsElementType":
            errors += _agree(name, operand_pairs, _element_type, "operand element types")
        elif name == "SameOperandsAndResultElementType":
            errors += _agree(name, operand_pairs + result_pairs, _element_type, "operand and result element types")
        elif name == "SameTypeOperands":
            errors += _agree(name, operand_pairs, lambda t: t, "operand types")
        elif name == "SameOperandsAndResultType":
            errors += _agree(name, operand_pairs + result_pairs, lambda t: t, "operand and result types")
        elif name == "SameOperandsShape":
            errors += _agree(name, operand_pairs, _shape, "operand shapes")
        elif name == "SameOperandsAndResultShape":
            errors += _agree(name, operand_pairs + result_pairs, _shape, "operand and result shapes")
        elif name in ("AllElementTypesMatch", "AllTypesMatch", "AllShapesMatch"):
            key, what = {"AllElementTypesMatch": (_element_type, "element types"),
                         "AllTypesMatch": (lambda t: t, "types"), "AllShapesMatch": (_shape, "shapes")}[name]
            pairs = [(n, t) for n in args for t in named.get(n, [])]
            errors += _agree(f"{name}<{', '.join(args)}>", pairs, key, what)
    return errors


# ------------------------------------------------------------------------------------------
# Symbolic-shape attributes (docs/ir-conventions.md, "Symbolic shapes")
# ------------------------------------------------------------------------------------------

SYM_SHAPES = "exir.sym_shapes"
SYM_SHAPE = "exir.sym_shape"
RANGE_CONSTRAINTS = "exir.range_constraints"


def _check_dims(dims: ir.Attribute, t: ir.Type, what: str) -> list[str]:
    """`dims` is an array of strings naming the dims of `t`: static dims as their number."""
    dims = dims.maybe_downcast()
    # After bufferization (codegen) the named values are memrefs; their dims keep their names.
    buffer = t.maybe_downcast()
    shape = list(buffer.shape) if isinstance(buffer, ir.MemRefType) else _shape(t)
    if not isinstance(dims, ir.ArrayAttr) or not all(isinstance(d.maybe_downcast(), ir.StringAttr) for d in dims):
        return [f"{what} must be an array of strings, one per dim, got `{dims}`"]
    if shape is None:
        return [] if len(dims) == 0 else [f"{what} names dims of a value of type {t}, which has none"]
    names = [ir.StringAttr(d).value for d in dims]
    if len(names) != len(shape):
        return [f"{what} has {len(names)} dims but the type {t} has rank {len(shape)}"]
    errors = []
    for i, (name, size) in enumerate(zip(names, shape)):
        if ir.ShapedType.is_dynamic_size(size):
            if name.lstrip("-").isdigit():
                errors.append(f"{what}: dim {i} is `?` in the type but named by the number {name}")
        elif name != str(size):
            errors.append(f"{what}: dim {i} is {size} in the type but named `{name}`")
    return errors


def _check_sym_shapes(op: ir.Operation) -> list[str]:
    if SYM_SHAPES not in op.attributes:
        return []
    value = op.attributes[SYM_SHAPES].maybe_downcast()
    results = list(op.results)
    if not isinstance(value, ir.ArrayAttr) or len(value) != len(results):
        return [f"'{SYM_SHAPES}' must be an array with one entry per result ({len(results)}), got `{value}`"]
    errors = []
    for i, (dims, result) in enumerate(zip(value, results)):
        errors += _check_dims(dims, result.type, f"'{SYM_SHAPES}' entry {i}")
    return errors


def _check_function_signature(op: ir.Operation) -> list[str]:
    if "arg_attrs" not in op.attributes:
        return []
    errors = []
    arg_types = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value).inputs
    for i, (attrs, t) in enumerate(zip(ir.ArrayAttr(op.attributes["arg_attrs"]), arg_types)):
        attrs = ir.DictAttr(attrs)
        if SYM_SHAPE in attrs:
            errors += _check_dims(attrs[SYM_SHAPE], t, f"'{SYM_SHAPE}' of argument {i}")
    return errors


def _check_range_constraints(op: ir.Operation) -> list[str]:
    if RANGE_CONSTRAINTS not in op.attributes:
        return []
    value = op.attributes[RANGE_CONSTRAINTS].maybe_downcast()
    usage = f"'{RANGE_CONSTRAINTS}' must be {{s0 = {{min = 1 : i64, max = 1024 : i64}}, ...}} (max absent when unbounded)"
    if not isinstance(value, ir.DictAttr):
        return [usage]
    errors = []
    for i in range(len(value)):
        entry = value[i]
        bounds = entry.attr.maybe_downcast()
        if not isinstance(bounds, ir.DictAttr) or "min" not in bounds or any(
                not _is_int_attr(bounds[k].maybe_downcast(), 64) for k in ("min", "max") if k in bounds):
            errors.append(f"{usage}; symbol '{entry.name}' has `{bounds}`")
            continue
        low = ir.IntegerAttr(bounds["min"]).value
        if "max" in bounds and ir.IntegerAttr(bounds["max"]).value < low:
            errors.append(f"'{RANGE_CONSTRAINTS}': symbol '{entry.name}' has max < min")
    return errors


# ------------------------------------------------------------------------------------------
# The fallback: func.call of a declaration carrying `exir.aten_overload`
# ------------------------------------------------------------------------------------------

def _aten_declarations(root: ir.Operation) -> set[str]:
    names: set[str] = set()

    def visit(op):
        if op.name == "func.func" and ATEN_OVERLOAD in op.attributes:
            names.add(ir.StringAttr(op.attributes["sym_name"]).value)
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    return names


def _check_aten_call(op: ir.Operation, declarations: set[str]) -> list[str]:
    callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
    if callee not in declarations:
        return []
    errors = []
    if "exir.args" not in op.attributes or not isinstance(op.attributes["exir.args"].maybe_downcast(), ir.DictAttr):
        errors.append(f"call of the ATen fallback @{callee} needs 'exir.args' (a dictionary of the non-tensor arguments)")
    names = op.attributes["exir.operand_args"].maybe_downcast() if "exir.operand_args" in op.attributes else None
    if not isinstance(names, ir.ArrayAttr) or len(names) != len(op.operands) or not all(
            isinstance(n.maybe_downcast(), ir.StringAttr) for n in names):
        errors.append(f"call of the ATen fallback @{callee} needs 'exir.operand_args': one string per operand "
                      f"({len(op.operands)}) naming the schema argument it fills")
    return errors


# ------------------------------------------------------------------------------------------
# Entry points
# ------------------------------------------------------------------------------------------


def verify_op(op: ir.Operation | ir.OpView) -> list[str]:
    """Error messages for one op of exir/edge/backend ("'edge.add' op operand 'other': ..."); [] if fine."""
    op = op.operation
    spec = _ops_by_full_name().get(op.name)
    if spec is None:
        return []
    prefix = f"'{op.name}' op "
    attrs = _attributes(op)
    try:
        operands = _segments(op.operands, spec["operands"], attrs.get("operandSegmentSizes"), "operand")
        results = _segments(op.results, spec["results"], attrs.get("resultSegmentSizes"), "result")
    except ValueError as e:
        return [prefix + str(e)]
    errors = _check_attributes(op, spec)
    errors += _check_values(operands, spec["operands"], "operand")
    errors += _check_values(results, spec["results"], "result")
    errors += _check_traits(op, spec, operands, results)
    errors += _check_present_masks(attrs, operands)
    for rule in _RULES.get(op.name, []):
        errors += list(rule(op, spec))
    return [prefix + e for e in errors]


def verify_module(module: ir.Module | ir.Operation, *, emit: bool = True) -> list[tuple[ir.Location, str]]:
    """Check every exir/edge/backend op under `module`; returns (location, message) per error.

    With `emit`, each error is also emitted as an MLIR error diagnostic at the op's location, so
    diagnostic handlers (and exir-mlir-opt's --verify-diagnostics) see it. Run it after
    `module.operation.verify()`, which does the IRDL part.
    """
    root = module.operation
    found: list[tuple[ir.Location, str]] = []
    known = _ops_by_full_name()
    aten_declarations = _aten_declarations(root)

    def visit(op):
        messages = verify_op(op) if op.name in known else []
        prefix = f"'{op.name}' op "
        messages += [prefix + m for m in _check_sym_shapes(op) + _check_range_constraints(op)]
        if op.name == "func.func":
            messages += [prefix + m for m in _check_function_signature(op)]
        elif op.name == "func.call" and aten_declarations:
            messages += [prefix + m for m in _check_aten_call(op, aten_declarations)]
        found.extend((op.location, m) for m in messages)
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    if emit:
        for location, message in found:
            location.emit_error(message)
    return found


def explain_parse_failure(text: str) -> list[tuple[int | None, str]]:
    """Named reasons why `text` failed IRDL verification: (line, message) pairs, for notes
    under IRDL's own errors.

    IRDL says "expected base type 'builtin.tensor' but got 'exir.symint'" without naming the
    operand. This parses `text` again in a scratch context where exir/edge/backend are *not*
    loaded (their ops parse as unregistered) and runs the table-driven checks, which name the
    op and the operand, result or attribute. Lines are 1-based lines of `text` (None when the
    op has no file location). Returns [] when that parse fails too.
    """
    with ir.Context() as scratch, ir.Location.unknown():
        scratch.allow_unregistered_dialects = True
        try:
            module = ir.Module.parse(text)
        except ir.MLIRError:
            try:  # several top-level ops, as exir-mlir-opt accepts them
                module = ir.Module.parse("module {" + text + "\n}")
            except ir.MLIRError:
                return []
        known = _ops_by_full_name()
        found: list[tuple[int | None, str]] = []

        def visit(op):
            if op.name in known:
                line = op.location.start_line if op.location.is_a_file() else None
                found.extend((line, m) for m in verify_op(op))
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit)
        return found
