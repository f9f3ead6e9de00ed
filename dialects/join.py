"""The join type of the tensors of one variadic group (IRDL gives a group one type)."""

from __future__ import annotations

from typing import Iterable

from exir_mlir._mlir import ir
from exir_mlir.errors import ExirUserError


def join_tensor_type(types: Iterable[ir.Type]) -> ir.RankedTensorType:
    """The most precise ranked tensor type every one of `types` casts to with `tensor.cast`.

    Dims equal in all types stay static, others become `?`. Raises ExirUserError when the
    element types or ranks differ: such a list cannot be one operand group (the importer then
    falls back to a call of the ATen op).
    """
    tensors = [ir.RankedTensorType(t) for t in types]
    if not tensors:
        raise ValueError("join_tensor_type needs at least one type")
    first = tensors[0]
    if any(t.element_type != first.element_type for t in tensors):
        raise ExirUserError(
            f"tensors of different element types ({', '.join(sorted({str(t.element_type) for t in tensors}))}) "
            "cannot share one operand group")
    if any(t.rank != first.rank for t in tensors):
        raise ExirUserError(f"tensors of different ranks ({', '.join(str(t) for t in tensors)}) cannot share one operand group")
    dims = [d if all(t.shape[i] == d for t in tensors) else ir.ShapedType.get_dynamic_size()
            for i, d in enumerate(first.shape)]
    return ir.RankedTensorType.get(dims, first.element_type, loc=ir.Location.unknown(first.context))
