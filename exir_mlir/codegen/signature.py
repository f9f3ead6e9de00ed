"""Reads the entry function's signature (types, exir.* attributes, range constraints) from the IR."""

from __future__ import annotations

from exir_mlir._mlir import ir
from exir_mlir.abi import ELEMENT_TYPES, SCALAR_CTYPES, Signature, TensorSpec
from exir_mlir.errors import ExirUserError


def _string(attrs, key: str) -> str | None:
    if attrs is None or key not in attrs:
        return None
    return ir.StringAttr(attrs[key]).value


def _tensor_spec(index: int, type_: ir.Type, attrs, *, kind_key: str, name_key: str, default: str, where: str) -> TensorSpec:
    is_argument = kind_key.endswith("input_kind")
    if is_argument and str(type_) in SCALAR_CTYPES:
        return TensorSpec(index=index, element=str(type_), shape=(), sym_shape=None,
                          kind=_string(attrs, kind_key) or default, name=_string(attrs, name_key) or f"arg{index}",
                          scalar=True)
    if not isinstance(type_, ir.RankedTensorType):
        raise ExirUserError(
            f"{where} has type {type_}; the CPU runtime takes and returns ranked tensors only"
        )
    element = str(type_.element_type)
    if attrs is not None and "exir.unsigned" in attrs and element.startswith("i"):
        element = "u" + element  # to-linalg lowers uint8 as signless i8 and marks it (lowering/to_linalg/unsigned.py)
    if element not in ELEMENT_TYPES:
        raise ExirUserError(f"{where} has element type {element}, which has no torch dtype")
    shape = tuple(None if type_.is_dynamic_dim(d) else type_.get_dim_size(d) for d in range(type_.rank))
    sym = None
    if attrs is not None and "exir.sym_shape" in attrs:
        sym = tuple(ir.StringAttr(a).value for a in ir.ArrayAttr(attrs["exir.sym_shape"]))
    return TensorSpec(
        index=index,
        element=element,
        shape=shape,
        sym_shape=sym,
        kind=_string(attrs, kind_key) or default,
        name=_string(attrs, name_key) or f"{'arg' if kind_key.endswith('input_kind') else 'result'}{index}",
        # A result the program returns as a Python int/float/bool (aten-to-edge makes it a 0-d tensor).
        scalar=not is_argument and attrs is not None and "exir.scalar_output" in attrs,
    )


def _dict_entries(attr: ir.Attribute):
    d = ir.DictAttr(attr)
    for i in range(len(d)):
        named = d[i]
        yield named.name, named.attr


def read_signature(func_op: ir.Operation, module_op: ir.Operation) -> Signature:
    """Reads types and exir.* attributes of `func_op` and the module's range constraints."""
    ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
    arg_attrs = ir.ArrayAttr(func_op.attributes["arg_attrs"]) if "arg_attrs" in func_op.attributes else None
    res_attrs = ir.ArrayAttr(func_op.attributes["res_attrs"]) if "res_attrs" in func_op.attributes else None
    inputs = [
        _tensor_spec(i, t, ir.DictAttr(arg_attrs[i]) if arg_attrs else None, kind_key="exir.input_kind",
                     name_key="exir.name", default="user_input", where=f"argument {i} of the entry function")
        for i, t in enumerate(ftype.inputs)
    ]
    outputs = [
        _tensor_spec(i, t, ir.DictAttr(res_attrs[i]) if res_attrs else None, kind_key="exir.output_kind",
                     name_key="exir.target", default="user_output", where=f"result {i} of the entry function")
        for i, t in enumerate(ftype.results)
    ]
    ranges: dict[str, tuple[int, int | None]] = {}
    if "exir.range_constraints" in module_op.attributes:
        for name, bounds in _dict_entries(module_op.attributes["exir.range_constraints"]):
            b = ir.DictAttr(bounds)
            low = ir.IntegerAttr(b["min"]).value if "min" in b else 0
            high = ir.IntegerAttr(b["max"]).value if "max" in b else None
            ranges[name] = (low, high)
    equalities = []
    if "exir.dim_equalities" in module_op.attributes:
        for group in ir.ArrayAttr(module_op.attributes["exir.dim_equalities"]):
            equalities.append([ir.StringAttr(s).value for s in ir.ArrayAttr(group)])
    return Signature(inputs=inputs, outputs=outputs, ranges=ranges, equalities=equalities)
