"""Translates ODS records (llvm-tblgen --dump-json) into IRDL and into the op table (ops.json)."""

# MLIR 22's IRDL loader aborts the process on an `irdl.base` inside `irdl.any_of` ("unknown
# IRDL constraint"), so unions use `irdl.is` (exact types) and `irdl.parametric` (types of our
# dialects) only; a union of builtin bases (TypedAttrInterface, ElementsAttr) becomes
# `irdl.any` and its kind is checked by the Python verifier.
#
# Why not upstream `tblgen-to-irdl`: it emits `irdl.c_pred` for most constraints (C++ that a
# run-time loaded dialect cannot evaluate) and mistranslates attributes. Here each standard
# ODS constraint maps to the IRDL that checks its *kind* (dialects/README.md lists them);
# what IRDL cannot say (element types, ranks, optional attributes, type-agreement traits)
# goes into ops.json for exir_mlir.dialects.verify_module. An unknown constraint is an error
# naming the op and the argument, never a silent `irdl.any`.

from __future__ import annotations

import re
from dataclasses import dataclass, field


class OdsTranslationError(Exception):
    """An ODS construct this generator does not translate."""


# ---------------------------------------------------------------------------------------------
# Type constraints
# ---------------------------------------------------------------------------------------------

# Builtin scalar types that ODS names by record: record -> MLIR type.
_BUILTIN_TYPES = {
    "I1": "i1", "I8": "i8", "I16": "i16", "I32": "i32", "I64": "i64",
    "UI8": "ui8", "UI16": "ui16", "UI32": "ui32", "UI64": "ui64",
    "SI8": "si8", "SI16": "si16", "SI32": "si32", "SI64": "si64",
    "F16": "f16", "BF16": "bf16", "F32": "f32", "F64": "f64", "Index": "index",
}
# Type families: record -> (IRDL expression, element-type token for the Python verifier).
_FAMILIES = {
    "AnyInteger": (("base", "!builtin.integer"), "*integer"),
    "AnySignlessInteger": (("base", "!builtin.integer"), "*signless-integer"),
    "AnyFloat": (("any_of", [("is", "f16"), ("is", "bf16"), ("is", "f32"), ("is", "f64")]), "*float"),
    "AnyComplex": (("base", "!builtin.complex"), "*complex"),
    "AnyType": (("any",), "*any"),
}
_TENSOR = ("base", "!builtin.tensor")
_UNRANKED = ("base", "!builtin.unranked_tensor")
_CONTAINER_PREFIXES = {  # summary prefix of a ShapedContainerType -> ranks it allows (None: any)
    "ranked tensor of ": None, "tensor of ": None, "unranked tensor of ": None,
}


@dataclass
class TypeInfo:
    """What one operand/result constraint means: IRDL expression + extra checks for Python."""

    expr: tuple
    variadicity: str = "single"  # single / optional / variadic
    element_types: list[str] | None = None  # allowed element types (None: any)
    ranks: list[int] | None = None  # allowed ranks (None: any)


@dataclass
class AttrInfo:
    expr: tuple
    kind: str  # the ODS record of the attribute kind ("I64Attr")
    optional: bool = False


@dataclass
class DialectRecords:
    """The dumped records plus lookups derived from them."""

    records: dict
    dialect: str
    summary_to_element: dict[str, str] = field(default_factory=dict)

    def __post_init__(self):
        for name, mlir_type in _BUILTIN_TYPES.items():
            rec = self.records.get(name)
            if rec and rec.get("summary"):
                self.summary_to_element[rec["summary"]] = mlir_type
        for name, (_, token) in _FAMILIES.items():
            rec = self.records.get(name)
            if rec and rec.get("summary"):
                self.summary_to_element[rec["summary"]] = token

    def rec(self, name: str) -> dict:
        try:
            return self.records[name]
        except KeyError:
            raise OdsTranslationError(f"no ODS record {name!r}") from None


def _supers(rec: dict) -> list[str]:
    return rec.get("!superclasses", [])


def _def_name(value) -> str:
    if isinstance(value, dict) and value.get("kind") == "def":
        return value["def"]
    raise OdsTranslationError(f"expected a record reference, got {value!r}")


def _element_types_from_summary(db: DialectRecords, text: str, where: str) -> list[str] | None:
    """Element types of `TensorOf<[F32, F64]>`: ODS keeps them only in the summary text."""
    items = text.split(" or ")
    out, i = [], 0
    while i < len(items):
        # A summary may itself contain " or ": try the longest match first.
        for j in range(len(items), i, -1):
            candidate = " or ".join(items[i:j])
            if candidate in db.summary_to_element:
                out.append(db.summary_to_element[candidate])
                i = j
                break
        else:
            raise OdsTranslationError(f"{where}: cannot tell the element types of a tensor of {text!r}; "
                                      "use element types from dialects/README.md")
    return None if "*any" in out else out


def _container(db: DialectRecords, rec: dict, where: str) -> TypeInfo:
    supers = _supers(rec)
    summary = rec.get("summary", "")
    ranks = None
    m = re.match(r"^((?:\d+D/)*\d+D) tensor of (.*) values$", summary)
    if m:
        ranks = [int(r[:-1]) for r in m.group(1).split("/")]
        elements = m.group(2)
    else:
        m = re.match(r"^(?:ranked |unranked )?tensor of (.*) values$", summary)
        if not m:
            raise OdsTranslationError(f"{where}: unsupported tensor constraint {rec['!name']} ({summary!r})")
        elements = m.group(1)
    if "UnrankedTensorOf" in supers:
        expr = _UNRANKED
    else:
        # TensorOf also admits unranked tensors in ODS; exir-mlir only has ranked ones
        # (ir-conventions.md), and a union of bases cannot be loaded (see the top of the file).
        expr = _TENSOR
    return TypeInfo(expr=expr, element_types=_element_types_from_summary(db, elements, where), ranks=ranks)


def type_info(db: DialectRecords, name: str, where: str) -> TypeInfo:
    """IRDL and checks for the ODS type constraint record `name`."""
    rec = db.rec(name)
    supers = _supers(rec)
    if "Variadic" in supers or "Optional" in supers:
        inner = type_info(db, _def_name(rec["baseType"]), where)
        if inner.variadicity != "single":
            raise OdsTranslationError(f"{where}: nested Optional/Variadic is not supported")
        inner.variadicity = "variadic" if "Variadic" in supers else "optional"
        return inner
    if "Arg" in supers or "Res" in supers:
        return type_info(db, _def_name(rec["constraint"]), where)
    if name in _BUILTIN_TYPES:
        return TypeInfo(expr=("is", _BUILTIN_TYPES[name]))
    if name in _FAMILIES:
        return TypeInfo(expr=_FAMILIES[name][0])
    if "TypeDef" in supers:
        dialect = _def_name(rec["dialect"])
        dialect_name = db.rec(dialect)["name"]
        mnemonic = rec.get("mnemonic")
        # `parametric` (not `base`) so that the type may appear in a union; a type of another
        # of our dialects resolves because load_dialects loads all three in one module.
        return TypeInfo(expr=("parametric", f"@{dialect_name}::@{mnemonic}"))
    if "AnyTypeOf" in supers:
        options = [type_info(db, _def_name(t), where) for t in rec["allowedTypes"]]
        if any(o.variadicity != "single" or o.element_types or o.ranks or o.expr[0] in ("base", "any_of")
               for o in options):
            raise OdsTranslationError(f"{where}: AnyTypeOf may only list exact types (I64, F32, ...) and "
                                      "types of the exir/edge/backend dialects")
        return TypeInfo(expr=("any_of", [o.expr for o in options]))
    if "ShapedContainerType" in supers and ("TensorOf" in supers or "RankedTensorOf" in supers
                                            or "UnrankedTensorOf" in supers):
        return _container(db, rec, where)
    if name == "AnyTensor":
        return TypeInfo(expr=_TENSOR)
    raise OdsTranslationError(
        f"{where}: type constraint {name} ({rec.get('summary', '')!r}) has no IRDL translation; "
        "use one listed in dialects/README.md"
    )


# ---------------------------------------------------------------------------------------------
# Attribute constraints
# ---------------------------------------------------------------------------------------------

_INT = ("base", "#builtin.integer")
_FLOAT = ("base", "#builtin.float")
_ATTRS = {
    "I64Attr": _INT, "I32Attr": _INT, "SI64Attr": _INT, "SI32Attr": _INT, "IndexAttr": _INT,
    "F64Attr": _FLOAT, "F32Attr": _FLOAT,
    "BoolAttr": ("any_of", [("is", "true"), ("is", "false")]),
    "UnitAttr": ("base", "#builtin.unit"),
    "StrAttr": ("base", "#builtin.string"),
    "TypeAttr": ("base", "#builtin.type"),
    "TypedAttrInterface": ("any",),  # integer or float: checked in Python
    "DenseI64ArrayAttr": ("base", "#builtin.dense_array"),
    "DenseI32ArrayAttr": ("base", "#builtin.dense_array"),
    "DenseF64ArrayAttr": ("base", "#builtin.dense_array"),
    "DenseBoolArrayAttr": ("base", "#builtin.dense_array"),
    "ArrayAttr": ("base", "#builtin.array"),
    "StrArrayAttr": ("base", "#builtin.array"),
    "I64ArrayAttr": ("base", "#builtin.array"),
    "DictionaryAttr": ("base", "#builtin.dictionary"),
    "SymbolRefAttr": ("base", "#builtin.symbol_ref"),
    "FlatSymbolRefAttr": ("base", "#builtin.symbol_ref"),
    "ElementsAttr": ("any",),  # dense / dense_resource: checked in Python
    "AnyAttr": ("any",),
}


def attr_info(db: DialectRecords, name: str, where: str) -> AttrInfo:
    rec = db.rec(name)
    supers = _supers(rec)
    if {"OptionalAttr", "DefaultValuedAttr", "DefaultValuedOptionalAttr", "DefaultValuedStrAttr"} & set(supers):
        inner = attr_info(db, _def_name(rec["baseAttr"]), where)
        inner.optional = True
        return inner
    if "ConfinedAttr" in supers:  # the extra predicates are C++; keep the base kind
        return attr_info(db, _def_name(rec["baseAttr"]), where)
    if name in _ATTRS:
        # UnitAttr and friends are optional by nature (presence is the value).
        return AttrInfo(expr=_ATTRS[name], kind=name, optional=bool(rec.get("isOptional")))
    if "TypeAttrBase" in supers:
        return AttrInfo(expr=_ATTRS["TypeAttr"], kind="TypeAttr")
    raise OdsTranslationError(
        f"{where}: attribute constraint {name} ({rec.get('summary', '')!r}) has no IRDL translation; "
        "use one listed in dialects/README.md"
    )


def _is_attr(db: DialectRecords, name: str) -> bool:
    supers = _supers(db.rec(name))
    return "AttrConstraint" in supers or "Attr" in supers


# ---------------------------------------------------------------------------------------------
# Ops -> IRDL text + table
# ---------------------------------------------------------------------------------------------


class _Emitter:
    """Writes the constraint ops of one irdl.operation, one SSA value per use (no sharing:
    a shared IRDL variable would mean "these types are equal")."""

    def __init__(self):
        self.lines: list[str] = []
        self.count = 0

    def emit(self, expr: tuple) -> str:
        kind = expr[0]
        if kind == "any_of":
            if any(e[0] in ("base", "any_of") for e in expr[1]):
                raise OdsTranslationError(f"internal: a union of bases cannot be loaded by IRDL: {expr}")
            parts = [self.emit(e) for e in expr[1]]
            text = f"irdl.any_of({', '.join(parts)})"
        elif kind == "base":
            ref = expr[1]
            text = f"irdl.base {ref}" if ref.startswith("@") else f'irdl.base "{ref}"'
        elif kind == "parametric":
            text = f"irdl.parametric {expr[1]}<>"
        elif kind == "is":
            text = f"irdl.is {expr[1]}"
        elif kind == "any":
            text = "irdl.any"
        else:  # pragma: no cover
            raise AssertionError(expr)
        name = f"%{self.count}"
        self.count += 1
        self.lines.append(f"{name} = {text}")
        return name


def constraint_text(db: DialectRecords, value: dict) -> str:
    """Readable name of a constraint: the record name, or for anonymous records (TensorOf<[I1]>,
    Variadic<...>) the base constraint or the ODS summary."""
    name = _def_name(value)
    rec = db.rec(name)
    if not rec.get("!anonymous"):
        return name
    supers = _supers(rec)
    for wrapper, base in (("Variadic", "baseType"), ("Optional", "baseType"), ("OptionalAttr", "baseAttr"),
                           ("DefaultValuedAttr", "baseAttr"), ("ConfinedAttr", "baseAttr"), ("Arg", "constraint"),
                           ("Res", "constraint")):
        if wrapper in supers and base in rec:
            return constraint_text(db, rec[base])
    return rec.get("summary") or name


def _traits(db: DialectRecords, rec: dict) -> list[dict]:
    out = []
    for trait in rec.get("traits") or []:
        name = _def_name(trait)
        trec = db.rec(name)
        if trec.get("!anonymous"):
            entry = {"name": _supers(trec)[-1]}
            if "values" in trec:
                entry["values"] = list(trec["values"])
            out.append(entry)
        else:
            out.append({"name": name})
    return out


def _clean_text(text: str | None) -> str:
    return "\n".join(line.rstrip() for line in (text or "").strip("\n").splitlines()).strip()


def _dedent(text: str | None) -> str:
    import textwrap

    return textwrap.dedent((text or "").strip("\n")).rstrip()


def translate_op(db: DialectRecords, record_name: str) -> tuple[list[str], dict]:
    """IRDL lines (inside irdl.operation) and the op-table entry of one op record."""
    rec = db.rec(record_name)
    op_name = rec["opName"]
    where = f"{db.dialect}.{op_name} ({record_name})"
    em = _Emitter()
    operands, attributes, results, regions = [], [], [], []
    operand_refs, attr_refs, result_refs, region_refs = [], [], [], []
    for arg_value, arg_name in rec["arguments"]["args"]:
        cname = _def_name(arg_value)
        if _is_attr(db, cname):
            info = attr_info(db, cname, f"{where} attribute '{arg_name}'")
            attributes.append({"name": arg_name, "kind": info.kind, "optional": info.optional,
                               "constraint": constraint_text(db, arg_value)})
            if not info.optional:  # IRDL attributes are all required
                attr_refs.append((arg_name, em.emit(info.expr)))
        else:
            info = type_info(db, cname, f"{where} operand '{arg_name}'")
            operands.append({"name": arg_name, "variadicity": info.variadicity, "irdl": info.expr,
                             "constraint": constraint_text(db, arg_value),
                             "element_types": info.element_types, "ranks": info.ranks})
            operand_refs.append((arg_name, info.variadicity, em.emit(info.expr)))
    for res_value, res_name in rec["results"]["args"]:
        cname = _def_name(res_value)
        info = type_info(db, cname, f"{where} result '{res_name}'")
        results.append({"name": res_name, "variadicity": info.variadicity, "irdl": info.expr,
                        "constraint": constraint_text(db, res_value),
                        "element_types": info.element_types, "ranks": info.ranks})
        result_refs.append((res_name, info.variadicity, em.emit(info.expr)))
    for reg_value, reg_name in (rec.get("regions") or {}).get("args", []):
        rrec = db.rec(_def_name(reg_value))
        supers = _supers(rrec)
        if "VariadicRegion" in supers:
            raise OdsTranslationError(f"{where}: variadic regions have no IRDL translation")
        blocks = rrec.get("blocks") if "SizedRegion" in supers else None
        regions.append({"name": reg_name, "blocks": blocks})
        name = f"%r{len(region_refs)}"
        em.lines.append(f"{name} = irdl.region" + (f" with size {blocks}" if blocks else ""))
        region_refs.append((reg_name, name))
    if rec.get("successors", {}).get("args"):
        raise OdsTranslationError(f"{where}: successors have no IRDL translation")

    def group(refs):
        return ", ".join(f"{n}: {v} {ref}" if v != "single" else f"{n}: {ref}" for n, v, ref in refs)

    lines = list(em.lines)
    lines.append(f"irdl.operands({group(operand_refs)})")
    if attr_refs:
        lines.append("irdl.attributes {" + ", ".join(f'"{n}" = {ref}' for n, ref in attr_refs) + "}")
    lines.append(f"irdl.results({group(result_refs)})")
    if region_refs:
        lines.append(f"irdl.regions({', '.join(f'{n}: {ref}' for n, ref in region_refs)})")
    entry = {
        "name": op_name,
        "record": record_name,
        "summary": _clean_text(rec.get("summary")),
        "description": _dedent(rec.get("description")),
        "aten": rec.get("aten") or None,
        "target": rec.get("target") or None,
        "operands": operands,
        "attributes": attributes,
        "results": results,
        "regions": regions,
        "traits": _traits(db, rec),
    }
    return lines, entry


def _dialect_record(records: dict, dialect: str) -> str:
    for name in records["!instanceof"].get("Dialect", []):
        if records[name].get("name") == dialect:
            return name
    raise OdsTranslationError(f"no Dialect record with name {dialect!r}")


def translate_dialect(records: dict, dialect: str, banner: str) -> tuple[str, dict]:
    """(IRDL text, table entry) of `dialect` from the llvm-tblgen --dump-json records."""
    db = DialectRecords(records=records, dialect=dialect)
    dialect_rec = _dialect_record(records, dialect)
    types, type_entries = [], []
    for name in records["!instanceof"].get("TypeDef", []):
        rec = records[name]
        if _def_name(rec["dialect"]) != dialect_rec:
            continue
        if (rec.get("parameters") or {}).get("args"):
            raise OdsTranslationError(f"{dialect} type {name}: types with parameters have no translation yet")
        types.append(rec["mnemonic"])
        type_entries.append({"name": rec["mnemonic"], "summary": _clean_text(rec.get("summary")),
                             "description": _dedent(rec.get("description"))})
    op_records = [n for n in records["!instanceof"].get("Op", [])
                  if _def_name(records[n]["opDialect"]) == dialect_rec]
    translated = sorted((translate_op(db, n) for n in op_records), key=lambda t: t[1]["name"])
    seen = set()
    for _, entry in translated:
        if entry["name"] in seen:
            raise OdsTranslationError(f"{dialect}.{entry['name']} is defined twice")
        seen.add(entry["name"])
        if not re.match(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$", entry["name"]):
            raise OdsTranslationError(f"{dialect}.{entry['name']}: IRDL names are lowercase words joined by single '_'")
    out = [banner.rstrip("\n"), f"irdl.dialect @{dialect} {{"]
    for mnemonic in sorted(types):
        out += [f"  irdl.type @{mnemonic} {{", "    irdl.parameters()", "  }"]
    for lines, entry in translated:
        out.append(f"  irdl.operation @{entry['name']} {{")
        out += [f"    {line}" for line in lines]
        out.append("  }")
    out.append("}")
    drec = records[dialect_rec]
    table = {
        "summary": _clean_text(drec.get("summary")),
        "description": _dedent(drec.get("description")),
        "types": sorted(type_entries, key=lambda t: t["name"]),
        "ops": [entry for _, entry in translated],
    }
    return "\n".join(out) + "\n", table
