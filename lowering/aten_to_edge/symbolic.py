"""aten-to-edge patterns for symbolic scalars: constants, arithmetic, comparisons, size queries,
`.item()`, range asserts.

A SymInt becomes an `index`, a SymFloat an `f64`, a SymBool an `i1`; until every user is
converted, the exir-typed value is an `unrealized_conversion_cast` of that builtin value
(MLIR's materialization idiom, see builders.to_index). Python semantics: floor division and
modulo round toward negative infinity, `int()` of a float truncates toward zero.

Control flow is upstream `scf.if` / `scf.while` at every stage (docs/ir-conventions.md): the
patterns convert the exir ops inside their regions in place, nothing else is needed.
"""

from __future__ import annotations

import re

from exir_mlir._mlir import arith, ir, math, tensor
from exir_mlir.errors import RUNTIME_CHECK_PREFIX, describe_location

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    copy_exir_attrs,
    element_type,
    i1,
    i64,
    index,
    index_constant,
    is_bool,
    is_float,
    is_unsigned,
    isa,
    rank_of,
)
from .args import AtenArgs
from .builders import cast, dim_index, from_index, normalize_dim, numel_index, to_index

FAMILY = "symbolic"

SYM_INT, SYM_FLOAT, SYM_BOOL = "!exir.symint", "!exir.symfloat", "!exir.symbool"


def _f64() -> ir.Type:
    return ir.F64Type.get()


def _builtin_of(kind: str) -> ir.Type:
    return {SYM_INT: index(), SYM_FLOAT: _f64(), SYM_BOOL: i1()}[kind]


def sym_value(value: ir.Value) -> ir.Value:
    """The builtin value (index / f64 / i1) of a symbolic scalar Value."""
    kind = str(value.type)
    if kind == SYM_INT:
        return to_index(value)
    if kind not in (SYM_FLOAT, SYM_BOOL):
        return value  # already builtin
    owner = value.owner
    owner_op = owner.operation if hasattr(owner, "operation") else owner
    if getattr(owner_op, "name", None) == "builtin.unrealized_conversion_cast" and len(owner_op.operands) == 1:
        src = owner_op.operands[0]
        if src.type == _builtin_of(kind):
            return src
    raise Unsupported(f"a {kind} that is not computed in the program (e.g. a float or bool input) is not supported")


def wrap(value: ir.Value, sym_type: ir.Type) -> ir.Value:
    """A builtin value as the exir symbolic type that the remaining exir users still expect."""
    return from_index(value, sym_type)


def as_f64(value: ir.Value) -> ir.Value:
    v = sym_value(value)
    if isa(ir.IndexType, v.type):
        return arith.SIToFPOp(_f64(), arith.IndexCastOp(ir.IntegerType.get_signless(64), v).result).result
    if is_bool(v.type):
        return arith.UIToFPOp(_f64(), v).result
    return v


def as_index(value: ir.Value) -> ir.Value:
    v = sym_value(value)
    if is_bool(v.type):
        return arith.IndexCastUIOp(index(), v).result
    if is_float(v.type):
        raise Unsupported("a SymFloat where a SymInt is expected")
    return v


def _is_float_kind(*values: ir.Value) -> bool:
    return any(str(v.type) == SYM_FLOAT for v in values)


def lower_sym_constant(op):
    value = op.attributes["value"]
    kind = str(op.results[0].type)
    if kind == SYM_FLOAT:
        number = ir.FloatAttr(value).value if isa(ir.FloatAttr, value) else float(ir.IntegerAttr(value).value)
        return [wrap(arith.ConstantOp(_f64(), ir.FloatAttr.get(_f64(), number)).result, op.results[0].type)]
    if isa(ir.BoolAttr, value) or (isa(ir.IntegerAttr, value) and is_bool(ir.IntegerAttr(value).type)):
        number = bool(ir.BoolAttr(value).value) if isa(ir.BoolAttr, value) else bool(ir.IntegerAttr(value).value)
        const = arith.ConstantOp(i1(), ir.IntegerAttr.get(i1(), int(number))).result
        if kind == SYM_BOOL:
            return [wrap(const, op.results[0].type)]
        return [from_index(arith.IndexCastUIOp(index(), const).result, op.results[0].type)]
    if not isa(ir.IntegerAttr, value):
        raise Unsupported(f"a symbolic constant {value} is not supported")
    number = ir.IntegerAttr(value).value
    if kind == SYM_BOOL:
        return [wrap(arith.ConstantOp(i1(), ir.IntegerAttr.get(i1(), int(bool(number)))).result, op.results[0].type)]
    return [from_index(index_constant(number), op.results[0].type)]


def sym_element(value: ir.Value, elem: ir.Type) -> ir.Value:
    """A symbolic scalar as one `elem` element (torch's conversion: a float to an int truncates)."""
    v = sym_value(value)
    if is_float(elem):
        scalar = as_f64(value)
        return arith.TruncFOp(elem, scalar).result if elem != _f64() else scalar
    if is_bool(elem):
        if is_bool(v.type):
            return v
        if is_float(v.type):
            return arith.CmpFOp(arith.CmpFPredicate.UNE, v, arith.ConstantOp(_f64(), 0.0).result).result
        return arith.CmpIOp(arith.CmpIPredicate.ne, v, index_constant(0)).result
    if isa(ir.IntegerType, elem):
        if is_float(v.type):
            return arith.FPToSIOp(elem, v).result
        return arith.IndexCastOp(elem, as_index(value)).result
    raise Unsupported(f"a symbolic value as a {elem} tensor is not supported")


def lower_sym_to_tensor(op):
    rt = ir.RankedTensorType(op.results[0].type)
    t = tensor.FromElementsOp(rt, [sym_element(op.operands[0], rt.element_type)])
    copy_exir_attrs(op, t.operation)
    return [t.result]


def _scalar_tensor_call(call):
    """aten::scalar_tensor(s) with a symbolic s (a SymFloat/SymInt computed from sizes)."""
    rt = ir.RankedTensorType(call.result.type)
    return [tensor.FromElementsOp(rt, [sym_element(call.t("s"), rt.element_type)]).result]


def _full_call(call):
    """aten::full(size, fill_value) with a symbolic fill_value: the 0-d value expanded to size."""
    rt = ir.RankedTensorType(call.result.type)
    fill = call.t("fill_value")
    if fill is None:
        raise Unsupported("aten::full without a symbolic fill_value reached the symbolic lowering")
    one = tensor.FromElementsOp(ir.RankedTensorType.get([], rt.element_type),
                                [sym_element(fill, rt.element_type)]).result
    sizes = list(call.a("size", []))
    dyn = [to_index(call.t(f"size[{i}]")) for i, s in enumerate(sizes) if s == DYNAMIC]  # the importer marks a SymInt size with ShapedType's dynamic size
    return [ir.Operation.create("edge.expand", results=[rt], operands=[one, *dyn]).result]


FALLBACK_DECOMPOSITIONS = {
    "aten::scalar_tensor": _scalar_tensor_call,
    "aten::full": _full_call,
}


# Arithmetic: exir op name -> (on index (Python int semantics), on f64 (Python float semantics)).
def _floordiv(a, b):
    return arith.FloorDivSIOp(a, b).result


def _mod(a, b):
    # Python % (sign of the divisor): a - floordiv(a, b) * b
    return arith.SubIOp(a, arith.MulIOp(arith.FloorDivSIOp(a, b).result, b).result).result


def _fmod_py(a, b):
    return arith.SubFOp(a, arith.MulFOp(math.FloorOp(arith.DivFOp(a, b).result).result, b).result).result


def _ipow(a, b):
    # Python int ** int (b >= 0, which torch requires of a SymInt exponent)
    i64 = ir.IntegerType.get_signless(64)
    r = math.IPowIOp(arith.IndexCastOp(i64, a).result, arith.IndexCastOp(i64, b).result).result
    return arith.IndexCastOp(index(), r).result


SYM_BINARY = {
    "sym_add": (lambda a, b: arith.AddIOp(a, b).result, lambda a, b: arith.AddFOp(a, b).result),
    "sym_sub": (lambda a, b: arith.SubIOp(a, b).result, lambda a, b: arith.SubFOp(a, b).result),
    "sym_mul": (lambda a, b: arith.MulIOp(a, b).result, lambda a, b: arith.MulFOp(a, b).result),
    "sym_floordiv": (_floordiv, lambda a, b: math.FloorOp(arith.DivFOp(a, b).result).result),
    "sym_mod": (_mod, _fmod_py),
    "sym_pow": (_ipow, lambda a, b: math.PowFOp(a, b).result),
    "sym_max": (lambda a, b: arith.MaxSIOp(a, b).result, lambda a, b: arith.MaximumFOp(a, b).result),
    "sym_min": (lambda a, b: arith.MinSIOp(a, b).result, lambda a, b: arith.MinimumFOp(a, b).result),
}

# Comparisons: exir op name -> (arith.cmpi predicate, arith.cmpf predicate).
SYM_COMPARE = {
    "sym_eq": ("eq", "OEQ"), "sym_ne": ("ne", "UNE"), "sym_lt": ("slt", "OLT"),
    "sym_le": ("sle", "OLE"), "sym_gt": ("sgt", "OGT"), "sym_ge": ("sge", "OGE"),
}


def lower_sym_binary(int_fn, float_fn):
    def pattern(op):
        kind = str(op.results[0].type)
        if kind == SYM_FLOAT:
            a, b = (as_f64(v) for v in op.operands)
            return [wrap(float_fn(a, b), op.results[0].type)]
        if kind != SYM_INT:
            raise Unsupported(f"{op.name} with a {kind} result is not supported")
        a, b = (as_index(v) for v in op.operands)
        return [from_index(int_fn(a, b), op.results[0].type)]

    return pattern


def lower_sym_compare(int_pred: str, float_pred: str):
    def pattern(op):
        if _is_float_kind(*op.operands):
            a, b = (as_f64(v) for v in op.operands)
            r = arith.CmpFOp(getattr(arith.CmpFPredicate, float_pred), a, b).result
        else:
            a, b = (as_index(v) for v in op.operands)
            r = arith.CmpIOp(getattr(arith.CmpIPredicate, int_pred), a, b).result
        return [wrap(r, op.results[0].type)]

    return pattern


def lower_sym_truediv(op):
    a, b = (as_f64(v) for v in op.operands)
    return [wrap(arith.DivFOp(a, b).result, op.results[0].type)]


def lower_sym_neg(op):
    if str(op.results[0].type) == SYM_FLOAT:
        return [wrap(arith.NegFOp(as_f64(op.operands[0])).result, op.results[0].type)]
    return [from_index(arith.SubIOp(index_constant(0), as_index(op.operands[0])).result, op.results[0].type)]


def lower_sym_not(op):
    v = sym_value(op.operands[0])
    true = arith.ConstantOp(i1(), ir.IntegerAttr.get(i1(), 1)).result
    return [wrap(arith.XOrIOp(v, true).result, op.results[0].type)]


def lower_sym_logical(fn):
    def pattern(op):
        a, b = (sym_value(v) for v in op.operands)
        return [wrap(fn(a, b).result, op.results[0].type)]

    return pattern


def lower_sym_ite(op):
    cond, a, b = (sym_value(v) for v in op.operands)
    kind = str(op.results[0].type)
    if kind == SYM_FLOAT:
        a, b = as_f64(op.operands[1]), as_f64(op.operands[2])
    return [wrap(arith.SelectOp(cond, a, b).result, op.results[0].type)]


def lower_sym_float(op):
    return [wrap(as_f64(op.operands[0]), op.results[0].type)]


def lower_sym_int(op):
    v = sym_value(op.operands[0])
    if is_float(v.type):  # int() of a float truncates toward zero
        v = arith.IndexCastOp(index(), arith.FPToSIOp(ir.IntegerType.get_signless(64), v).result).result
    return [from_index(as_index(v), op.results[0].type)]


def lower_sym_sqrt(op):
    return [wrap(math.SqrtOp(as_f64(op.operands[0])).result, op.results[0].type)]


def lower_local_scalar_dense(op):
    """`.item()`: the one element of a tensor as a SymInt / SymFloat / SymBool."""
    x = op.operands[0]
    elem = element_type(x)
    zeros = [index_constant(0)] * rank_of(x)
    kind = str(op.results[0].type)
    if is_unsigned(elem):  # arith takes signless integers: a uint tensor is zero-extended by edge.cast first
        x = cast(x, _f64() if kind == SYM_FLOAT else i64())
        elem = element_type(x)
    value = tensor.ExtractOp(x, zeros).result
    if kind == SYM_FLOAT:
        if not is_float(elem):
            value = (arith.UIToFPOp if is_bool(elem) else arith.SIToFPOp)(_f64(), value).result
        elif elem != _f64():
            value = arith.ExtFOp(_f64(), value).result
        return [wrap(value, op.results[0].type)]
    if kind == SYM_BOOL:
        if not is_bool(elem):
            raise Unsupported(f".item() of a {elem} tensor as a bool is not supported")
        return [wrap(value, op.results[0].type)]
    if is_float(elem):
        raise Unsupported(f".item() of a {elem} tensor as an int is not supported")
    to_idx = (arith.IndexCastUIOp if is_bool(elem) else arith.IndexCastOp)(index(), value)
    if "exir.sym_expr" in op.attributes:  # the symbol (`u0`) to-linalg reads sizes named after it from
        to_idx.operation.attributes["exir.sym_expr"] = op.attributes["exir.sym_expr"]
    return [from_index(to_idx.result, op.results[0].type)]


def _erase(op):
    """Shape assertions that the runtime checks before running (range constraints)."""
    return []


# torch.fx.passes.runtime_assert's message of an `_assert_scalar` export inserts for a torch._check
# or a size assumption: the sympy expression as written, then the node of the condition.
_TORCH_ASSERT = re.compile(r"^Runtime assertion failed for expression (?P<expr>.*?)(?: on node '[^']*')?$", re.S)
_UNBACKED = re.compile(r"\bu\d+\b")


def _reads_storage_offset(value: ir.Value) -> bool:
    """Whether `value` is computed from an exir.sym_storage_offset (a view's offset in its storage)."""
    seen, stack = set(), [value]
    while stack:
        owner = stack.pop().owner
        op = owner.operation if hasattr(owner, "operation") else owner
        if not hasattr(op, "name") or op in seen:
            continue  # a block argument
        seen.add(op)
        if op.name == "exir.sym_storage_offset":
            return True
        stack.extend(op.operands)
    return False


def lower_assert_scalar(op):
    """`_assert_scalar(cond, msg)`: a run-time check (`cf.assert`) where the condition reads a
    data-dependent value (an unbacked symbol u0, u1, ...: `.item()`, a `nonzero` count) or the message is
    not torch's (the importer's linalg error checks); exir.codegen.pipeline.report_failed_asserts turns it
    into a report in the call's error slot and an early return (nothing after a failed check runs), and
    the runtime raises RuntimeCheckError from it. Conditions on input sizes only
    (s0, s1, ...) are range constraints the runtime checks before the call, and a storage offset's
    (`u4 >= 0` of tensor_split's pieces) holds by construction: those are dropped."""
    text = ir.StringAttr(op.attributes["assert_msg"]).value
    torch_assert = _TORCH_ASSERT.match(text)
    if torch_assert is not None and (not _UNBACKED.search(torch_assert.group("expr"))
                                     or _reads_storage_offset(op.operands[0])):
        return []
    ok = sym_value(op.operands[0])
    if not is_bool(ok.type):
        ok = arith.CmpIOp(arith.CmpIPredicate.ne, as_index(op.operands[0]), index_constant(0)).result
    where = describe_location(op.location)
    if torch_assert is not None:
        message = (f"{RUNTIME_CHECK_PREFIX}torch._check failed at {where}: the condition "
                   f"{torch_assert.group('expr')} is false at this call (u0, u1, ... are data-dependent values "
                   "such as .item() results or nonzero counts)")
    else:
        message = f"{RUNTIME_CHECK_PREFIX}{text} (at {where})"
    ir.Operation.create("cf.assert", operands=[ok], attributes={"msg": ir.StringAttr.get(message)})
    return []


def lower_sym_storage_offset(op):
    """sym_storage_offset (a view's offset in its storage, e.g. tensor_split's pieces): edge
    tensors have no storage, so it is lowered only where nothing but the shape assertions that
    aten-to-edge drops (`_assert_scalar(offset >= 0)`) read it; the greedy driver comes back to it
    once those are gone."""
    result = op.results[0]
    if any(True for _ in result.uses):
        raise Unsupported("sym_storage_offset (a view's offset in its storage) is supported only in shape "
                          "assertions; edge tensors have no storage")
    return [from_index(index_constant(0), result.type)]


def lower_sym_size(op):
    x = op.operands[0]
    dim = normalize_dim(AtenArgs(op, ["self"]).attr("dim"), rank_of(x))
    return [from_index(dim_index(x, dim), op.results[0].type)]


def lower_sym_numel(op):
    return [from_index(numel_index(op.operands[0]), op.results[0].type)]


def populate_symbolic_patterns(table: PatternTable) -> None:
    table.add("exir.sym_constant", lower_sym_constant, family=FAMILY)
    table.add("exir.sym_to_tensor", lower_sym_to_tensor, family=FAMILY)
    for name, (int_fn, float_fn) in SYM_BINARY.items():
        table.add(f"exir.{name}", lower_sym_binary(int_fn, float_fn), family=FAMILY)
    for name, (int_pred, float_pred) in SYM_COMPARE.items():
        table.add(f"exir.{name}", lower_sym_compare(int_pred, float_pred), family=FAMILY)
    table.add("exir.sym_truediv", lower_sym_truediv, family=FAMILY)
    table.add("exir.sym_neg", lower_sym_neg, family=FAMILY)
    table.add("exir.sym_not", lower_sym_not, family=FAMILY)
    table.add("exir.sym_and", lower_sym_logical(arith.AndIOp), family=FAMILY)
    table.add("exir.sym_or", lower_sym_logical(arith.OrIOp), family=FAMILY)
    table.add("exir.sym_ite", lower_sym_ite, family=FAMILY)
    table.add("exir.sym_float", lower_sym_float, family=FAMILY)
    table.add("exir.sym_int", lower_sym_int, family=FAMILY)
    table.add("exir.sym_sqrt", lower_sym_sqrt, family=FAMILY)
    table.add("exir.priv_local_scalar_dense", lower_local_scalar_dense, family=FAMILY)
    for name in ("sym_constrain_range", "sym_constrain_range_for_size"):
        table.add(f"exir.{name}", _erase, family=FAMILY)
    table.add("exir.priv_assert_scalar", lower_assert_scalar, family=FAMILY)
    table.add("exir.sym_size_int", lower_sym_size, family=FAMILY)
    table.add("exir.sym_numel", lower_sym_numel, family=FAMILY)
    table.add("exir.sym_storage_offset", lower_sym_storage_offset, family=FAMILY)


SCALAR_OUTPUT_ATTR = "exir.scalar_output"
_SCALAR_TENSOR_ELEMENT = {SYM_INT: "i64", SYM_FLOAT: "f64", SYM_BOOL: "i1"}


def scalar_results_to_tensors(module_op: ir.Operation) -> None:
    """A program that returns a Python int/float/bool (a SymInt/SymFloat/SymBool result of the
    entry function) returns it as a 0-d tensor (i64/f64/i1) marked `exir.scalar_output`: the
    runtime gives the caller the Python scalar back. The exir.sym_to_tensor it inserts is
    lowered by the patterns of this family."""
    for func_op in module_op.regions[0].blocks[0].operations:
        func_op = func_op.operation
        if func_op.name != "func.func" or not len(func_op.regions[0].blocks):
            continue
        ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
        results = list(ftype.results)
        scalar = [i for i, t in enumerate(results) if str(t) in _SCALAR_TENSOR_ELEMENT]
        if not scalar:
            continue
        returns = [op for op in func_op.regions[0].blocks[0].operations if op.operation.name == "func.return"]
        for ret in returns:
            ret = ret.operation
            operands = list(ret.operands)
            with ir.InsertionPoint(ret), ret.location:
                for i in scalar:
                    elem = ir.Type.parse(_SCALAR_TENSOR_ELEMENT[str(results[i])])
                    operands[i] = ir.Operation.create("exir.sym_to_tensor", results=[ir.RankedTensorType.get([], elem)],
                                                      operands=[operands[i]]).result
            for i in scalar:
                ret.operands[i] = operands[i]
        attrs = list(ir.ArrayAttr(func_op.attributes["res_attrs"])) if "res_attrs" in func_op.attributes else \
            [ir.DictAttr.get({}) for _ in results]
        for i in scalar:
            d = ir.DictAttr(attrs[i])
            entries = {d[k].name: d[k].attr for k in range(len(d))}
            entries[SCALAR_OUTPUT_ATTR] = ir.StringAttr.get(str(results[i])[len("!exir.sym"):])
            attrs[i] = ir.DictAttr.get(entries)
            results[i] = ir.RankedTensorType.get([], ir.Type.parse(_SCALAR_TENSOR_ELEMENT[str(results[i])]))
        func_op.attributes["res_attrs"] = ir.ArrayAttr.get(attrs)
        func_op.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(list(ftype.inputs), results))
