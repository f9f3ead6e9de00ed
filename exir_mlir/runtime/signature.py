"""The entry function's signature (docs/ir-conventions.md attributes) and the checks of inputs against it."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

import numpy as np
import torch

from exir_mlir._mlir import ir
from exir_mlir.errors import ExirUserError

# MLIR element type (as printed) -> torch dtype. Memory layouts agree: i1 is one byte per element.
TORCH_DTYPES: dict[str, torch.dtype] = {
    "f16": torch.float16,
    "bf16": torch.bfloat16,
    "f32": torch.float32,
    "f64": torch.float64,
    "i1": torch.bool,
    "i8": torch.int8,
    "ui8": torch.uint8,
    "i16": torch.int16,
    "i32": torch.int32,
    "i64": torch.int64,
    "complex<f32>": torch.complex64,
    "complex<f64>": torch.complex128,
}


@dataclass(frozen=True)
class TensorSpec:
    """One tensor argument or result of the entry function."""

    index: int
    element: str  # MLIR element type, e.g. "f32"
    shape: tuple[int | None, ...]  # None where dynamic
    sym_shape: tuple[str, ...] | None  # exir.sym_shape, one expression per dim
    kind: str  # exir.input_kind / exir.output_kind ("user_input" when absent)
    name: str  # exir.name / exir.target, or "arg<i>" / "result<i>"
    scalar: bool = False  # an integer/float/index argument (a SymInt), not a tensor

    @property
    def dtype(self) -> torch.dtype:
        return TORCH_DTYPES[self.element]

    @property
    def rank(self) -> int:
        return len(self.shape)


@dataclass
class Signature:
    """What `CompiledProgram` needs to know to bind, check and return values."""

    inputs: list[TensorSpec]
    outputs: list[TensorSpec]
    ranges: dict[str, tuple[int, int | None]] = field(default_factory=dict)  # symbol -> [min, max]
    # Groups of user-input dims that must be equal, as the importer writes them: "x.size(0)".
    equalities: list[list[str]] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "inputs": [s.__dict__ for s in self.inputs],
            "outputs": [s.__dict__ for s in self.outputs],
            "ranges": {k: list(v) for k, v in self.ranges.items()},
            "equalities": self.equalities,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Signature":
        def spec(d):
            return TensorSpec(**{**d, "shape": tuple(d["shape"]), "sym_shape": tuple(d["sym_shape"]) if d["sym_shape"] else None})

        return cls(
            inputs=[spec(d) for d in data["inputs"]],
            outputs=[spec(d) for d in data["outputs"]],
            ranges={k: (v[0], v[1]) for k, v in data["ranges"].items()},
            equalities=data["equalities"],
        )


def _string(attrs, key: str) -> str | None:
    if attrs is None or key not in attrs:
        return None
    return ir.StringAttr(attrs[key]).value


# Scalar argument types -> the ctypes type their value is stored as for the packed call.
SCALAR_CTYPES = {"i1": "c_bool", "i8": "c_int8", "i16": "c_int16", "i32": "c_int32", "i64": "c_int64",
                 "index": "c_int64", "f32": "c_float", "f64": "c_double"}


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
    if element not in TORCH_DTYPES:
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


_DIM_REF = re.compile(r"(.+)\.size\((\d+)\)")


@functools.cache
def _expression(text: str):
    import sympy

    return sympy.sympify(text)


def _dtype_of(value) -> torch.dtype:
    if isinstance(value, torch.Tensor):
        return value.dtype
    return torch.from_numpy(np.empty(0, dtype=value.dtype)).dtype


def _check_scalar(spec: TensorSpec, value, who: str) -> None:
    if isinstance(value, (torch.Tensor, np.ndarray)):
        if value.ndim != 0:
            raise ExirUserError(f"{who} is a scalar ({spec.element}); got a tensor of shape {list(value.shape)}")
        value = value.item()
    is_float = spec.element.startswith("f")
    if isinstance(value, bool) and spec.element != "i1":
        raise ExirUserError(f"{who} takes a {spec.element} number, got a bool")
    if not isinstance(value, (int, float, np.number)) or (not is_float and isinstance(value, (float, np.floating))):
        raise ExirUserError(f"{who} takes {'a float' if is_float else 'an int'} ({spec.element}), got {value!r}")


def _range_text(low: int, high: int | None) -> str:
    return f"[{low}, {high if high is not None else 'inf'}]"


def check_inputs(signature: Signature, specs: list[TensorSpec], values: list) -> None:
    """Raise ExirUserError naming the input, dim, value and range for anything the program cannot take."""
    bound: dict[str, tuple[int, str]] = {}  # symbol -> (value, "input 'x' dim 0")
    # Positions among the values the caller passed (parameters bound from state are not counted).
    position = {spec.name: i for i, spec in enumerate(specs)}
    for spec, value in zip(specs, values):
        who = f"input '{spec.name}' (argument {position[spec.name]})"
        if spec.scalar:
            _check_scalar(spec, value, who)
            continue
        if isinstance(value, torch.Tensor):
            if value.device.type != "cpu":
                raise ExirUserError(f"{who} is on device '{value.device}'; this program runs on the CPU: pass a CPU tensor")
        elif not isinstance(value, np.ndarray):
            raise ExirUserError(f"{who} must be a torch.Tensor or numpy array, got {type(value).__name__}")
        dtype = _dtype_of(value)
        if dtype != spec.dtype:
            raise ExirUserError(f"{who} has dtype {dtype}, but the program was compiled for {spec.dtype}")
        shape = tuple(value.shape)
        if len(shape) != spec.rank:
            raise ExirUserError(f"{who} has rank {len(shape)} (shape {list(shape)}), expected rank {spec.rank}")
        for d, (size, static) in enumerate(zip(shape, spec.shape)):
            if static is not None and size != static:
                raise ExirUserError(f"{who} dim {d} has size {size}, but the program was compiled for size {static}")
            sym = spec.sym_shape[d] if spec.sym_shape else None
            if sym is None or sym.lstrip("-").isdigit():
                continue
            if sym in signature.ranges or sym.isidentifier():
                low, high = signature.ranges.get(sym, (0, None))
                if size < low or (high is not None and size > high):
                    raise ExirUserError(
                        f"{who} dim {d} has size {size}, outside the range {_range_text(low, high)} of '{sym}' "
                        "the program was exported with"
                    )
                if sym in bound and bound[sym][0] != size:
                    raise ExirUserError(
                        f"{who} dim {d} has size {size}, but {bound[sym][1]} has size {bound[sym][0]} "
                        f"and both are '{sym}'"
                    )
                bound.setdefault(sym, (size, f"{who} dim {d}"))
    by_name = {spec.name: (spec, value) for spec, value in zip(specs, values) if not spec.scalar}
    for group in signature.equalities:
        sizes = []
        for ref in group:
            match = _DIM_REF.fullmatch(ref.strip())
            if match is None or match.group(1) not in by_name:
                continue  # a dim of an input bound from state, or a form we do not know
            spec, value = by_name[match.group(1)]
            dim = int(match.group(2))
            if dim < len(value.shape):
                sizes.append((f"input '{spec.name}' (argument {position[spec.name]}) dim {dim}", value.shape[dim]))
        if len({size for _, size in sizes}) > 1:
            details = ", ".join(f"{where} has size {size}" for where, size in sizes)
            raise ExirUserError(f"dims that the program was exported with as equal differ: {details}")
    # Derived dims ("s0 + 1", "2*s0") once their symbols are known.
    values_of = {s: v for s, (v, _) in bound.items()}
    for spec, value in zip(specs, values):
        if spec.scalar or not spec.sym_shape:
            continue
        for d, sym in enumerate(spec.sym_shape):
            if sym.lstrip("-").isdigit() or sym.isidentifier():
                continue
            expr = _expression(sym)
            names = {str(s) for s in expr.free_symbols}
            if not names <= values_of.keys():
                continue
            expected = int(expr.subs(values_of))
            if value.shape[d] != expected:
                raise ExirUserError(
                    f"input '{spec.name}' (argument {position[spec.name]}) dim {d} has size {value.shape[d]}, but it must be "
                    f"{sym} = {expected} given {', '.join(f'{n}={values_of[n]}' for n in sorted(names))}"
                )
