"""Python constants and tensors -> MLIR attributes (scalars, lists, dtypes, devices, weights as blobs)."""

from __future__ import annotations

import re

import numpy as np
import torch

from exir_mlir._mlir import ir
from exir_mlir.errors import ExirUserError
from exir_mlir.importer.types import element_type, numpy_storage, static_dims, tensor_type

# Tensors up to this many elements are printed inline (dense<...>), bigger ones go to a resource
# blob: inline lists of weights make the IR unreadable and slow to parse.
MAX_INLINE_ELEMENTS = 16


def i64_attr(value: int) -> ir.IntegerAttr:
    value = int(value)
    if not -(2**63) <= value < 2**63:
        # e.g. a uint64 bound >= 2^63: exir's integer scalars are int64 (as in torch's schemas)
        raise ExirUserError(f"the integer constant {value} does not fit in int64, exir's integer scalar type; "
                            "pass it as a uint64 tensor (torch.tensor(v, dtype=torch.uint64)) instead")
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), value)


def f64_attr(value: float) -> ir.FloatAttr:
    return ir.FloatAttr.get(ir.F64Type.get(), float(value))


def enum_name(value: object) -> str:
    """"strided", "cpu", "contiguous_format": torch's spelling without the `torch.` prefix."""
    return str(value).removeprefix("torch.")


def constant_attr(value: object) -> ir.Attribute | None:
    """The attribute of a constant argument as docs/ir-conventions.md spells it, or None for None.

    int -> i64, float -> f64, bool -> BoolAttr, str -> StrAttr, dtype -> TypeAttr of the element
    type, device/layout/memory_format -> StrAttr; homogeneous lists -> Dense*ArrayAttr, others ->
    ArrayAttr.
    """
    if value is None:
        return None
    if isinstance(value, bool):
        return ir.BoolAttr.get(value)
    if isinstance(value, int):
        return i64_attr(value)
    if isinstance(value, float):
        return f64_attr(value)
    if isinstance(value, str):
        return ir.StringAttr.get(value)
    if isinstance(value, torch.dtype):
        return ir.TypeAttr.get(element_type(value))
    if isinstance(value, (torch.device, torch.layout, torch.memory_format)):
        return ir.StringAttr.get(enum_name(value))
    if isinstance(value, (list, tuple)):
        return _list_attr(list(value))
    raise ExirUserError(f"constant {value!r} of type {type(value).__name__} has no exir attribute form")


def _list_attr(values: list) -> ir.Attribute:
    if values and all(isinstance(v, bool) for v in values):
        return ir.DenseBoolArrayAttr.get(values)
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return ir.DenseI64ArrayAttr.get([int(v) for v in values])
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return ir.DenseF64ArrayAttr.get([float(v) for v in values])
    elements = []
    for v in values:
        attr = constant_attr(v)
        elements.append(ir.UnitAttr.get() if attr is None else attr)
    return ir.ArrayAttr.get(elements)


def _resource_name(name: str) -> str:
    # Resource keys are identifiers; state_dict names ("layers.0.weight") already are, except for
    # characters some export paths produce.
    return re.sub(r"[^A-Za-z0-9_.]", "_", name) or "tensor"


def tensor_attr(tensor: torch.Tensor, name: str, *, inline_small: bool = True) -> ir.Attribute:
    """DenseElementsAttr for small tensors (when `inline_small`), else DenseResourceElementsAttr:
    a blob named `name` (weights are always blobs, whatever their size)."""
    t = tensor.detach()
    ty = tensor_type(static_dims(t.shape), t.dtype)
    array = numpy_storage(t)
    if inline_small and t.numel() <= MAX_INLINE_ELEMENTS:
        return _inline_attr(array, t.dtype, ty)
    # The blob keeps a reference to `array` for the context's lifetime: no copy of the bytes here.
    # Always 1-d: the bindings (MLIR 22) crash on a 0-d buffer; the type carries the shape.
    return ir.DenseResourceElementsAttr.get_from_buffer(array.reshape(-1), _resource_name(name), ty)


def _inline_attr(array: np.ndarray, dtype: torch.dtype, ty: ir.RankedTensorType) -> ir.Attribute:
    shape = list(array.shape)
    if dtype == torch.bool:
        # MLIR packs i1 elements into bits, little-endian within a byte.
        packed = np.packbits(array.reshape(-1), bitorder="little")
        return ir.DenseElementsAttr.get(packed, type=ty.element_type, shape=shape)
    if dtype in (torch.complex64, torch.complex128):
        real = np.float32 if dtype == torch.complex64 else np.float64
        return ir.DenseElementsAttr.get(
            np.ascontiguousarray(array).view(real), type=ty.element_type, shape=shape
        )
    return ir.DenseElementsAttr.get(np.ascontiguousarray(array), type=ty.element_type, shape=shape)
