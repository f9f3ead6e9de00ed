"""torch dtypes and FX value metadata -> MLIR types (tensor, !exir.symint/symfloat/symbool)."""

from __future__ import annotations

import numpy as np
import torch

from exir_mlir._mlir import ir
from exir_mlir.errors import ExirUserError

# torch dtype -> MLIR element type spelling (docs/ir-conventions.md "Types"). Anything not here is
# rejected by `element_type`, naming the dtype: there is no silent fallback.
_ELEMENT_TYPES: dict[torch.dtype, str] = {
    torch.float16: "f16",
    torch.bfloat16: "bf16",
    torch.float32: "f32",
    torch.float64: "f64",
    torch.bool: "i1",
    torch.int8: "i8",
    torch.uint8: "ui8",
    torch.int16: "i16",
    torch.int32: "i32",
    torch.int64: "i64",
    torch.complex64: "complex<f32>",
    torch.complex128: "complex<f64>",
    torch.uint16: "ui16",
    torch.uint32: "ui32",
    torch.uint64: "ui64",
}

# How a tensor of each dtype is handed to MLIR as bytes: the numpy dtype with the same layout.
# bf16 has no numpy dtype, so its bits travel as uint16 (MLIR reads the type from the attribute).
_NUMPY_STORAGE: dict[torch.dtype, tuple[torch.dtype, np.dtype]] = {
    torch.float16: (torch.float16, np.dtype(np.float16)),
    torch.bfloat16: (torch.int16, np.dtype(np.uint16)),
    torch.float32: (torch.float32, np.dtype(np.float32)),
    torch.float64: (torch.float64, np.dtype(np.float64)),
    torch.bool: (torch.bool, np.dtype(np.bool_)),
    torch.int8: (torch.int8, np.dtype(np.int8)),
    torch.uint8: (torch.uint8, np.dtype(np.uint8)),
    torch.int16: (torch.int16, np.dtype(np.int16)),
    torch.int32: (torch.int32, np.dtype(np.int32)),
    torch.int64: (torch.int64, np.dtype(np.int64)),
    torch.complex64: (torch.complex64, np.dtype(np.complex64)),
    torch.complex128: (torch.complex128, np.dtype(np.complex128)),
    torch.uint16: (torch.uint16, np.dtype(np.uint16)),
    torch.uint32: (torch.uint32, np.dtype(np.uint32)),
    torch.uint64: (torch.uint64, np.dtype(np.uint64)),
}

SYMINT_TYPE = "!exir.symint"
SYMFLOAT_TYPE = "!exir.symfloat"
SYMBOOL_TYPE = "!exir.symbool"

SUPPORTED_DTYPES: frozenset[torch.dtype] = frozenset(_ELEMENT_TYPES)


def is_supported_dtype(dtype: torch.dtype) -> bool:
    return dtype in _ELEMENT_TYPES


def element_type(dtype: torch.dtype) -> ir.Type:
    """The MLIR element type of a torch dtype; ExirUserError for dtypes exir does not model."""
    spelling = _ELEMENT_TYPES.get(dtype)
    if spelling is None:
        supported = ", ".join(str(d).removeprefix("torch.") for d in _ELEMENT_TYPES)
        raise ExirUserError(
            f"dtype {dtype} is not supported by exir (supported: {supported}); "
            "cast the tensor in the model before exporting"
        )
    return ir.Type.parse(spelling)


def tensor_type(shape: list[int | None], dtype: torch.dtype) -> ir.RankedTensorType:
    """tensor<...> with `None` dims dynamic (`?`)."""
    dims = [ir.ShapedType.get_dynamic_size() if d is None else int(d) for d in shape]
    return ir.RankedTensorType.get(dims, element_type(dtype))


def static_dims(shape: torch.Size | tuple) -> list[int | None]:
    """Concrete dims as ints, symbolic ones (SymInt with free symbols) as None."""
    out: list[int | None] = []
    for d in shape:
        if isinstance(d, torch.SymInt):
            expr = d.node.expr
            out.append(int(expr) if expr.is_number else None)
        else:
            out.append(int(d))
    return out


def type_of_value(val: object) -> ir.Type:
    """MLIR type of an FX node's `meta["val"]`: FakeTensor, SymInt/SymFloat/SymBool or a Python scalar."""
    if isinstance(val, torch.Tensor):
        return tensor_type(static_dims(val.shape), val.dtype)
    # bool before int: bool is a subclass of int.
    if isinstance(val, (torch.SymBool, bool)):
        return ir.Type.parse(SYMBOOL_TYPE)
    if isinstance(val, (torch.SymInt, int)):
        return ir.Type.parse(SYMINT_TYPE)
    if isinstance(val, (torch.SymFloat, float)):
        return ir.Type.parse(SYMFLOAT_TYPE)
    raise ExirUserError(f"a value of Python type {type(val).__name__} has no exir type")


def numpy_storage(tensor: torch.Tensor) -> np.ndarray:
    """A contiguous numpy array holding the tensor's bytes, in the layout MLIR expects for its dtype."""
    if tensor.dtype not in _NUMPY_STORAGE:
        element_type(tensor.dtype)  # raises the user-facing error naming the dtype
    view_dtype, np_dtype = _NUMPY_STORAGE[tensor.dtype]
    t = tensor.detach().to("cpu").contiguous()
    if view_dtype != t.dtype:
        t = t.view(view_dtype)
    return t.numpy().view(np_dtype)


def sparse_layout_message(layout: torch.layout) -> str:
    """Why a tensor of a sparse layout is refused, and what to do (import and the report say it)."""
    return (f"a tensor of layout {layout}: exir-mlir compiles dense (torch.strided) tensors only; keep the "
            "sparse conversions and sparse ops (to_sparse, torch.sparse.*) out of the exported program and "
            "pass it dense tensors")
