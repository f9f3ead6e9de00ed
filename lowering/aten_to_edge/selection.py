"""aten-to-edge patterns for data-dependent selection: nonzero, masked_select, unique.

Their result sizes are known only when the program runs (torch.export's unbacked symbols `u0`):
`edge.nonzero` is the one primitive that computes such a size (to-linalg counts, then fills);
masked_select is x's elements at the nonzero positions of the mask, unique marks the first of
each run of equal elements of the sorted input and keeps those.
"""

from __future__ import annotations

from exir_mlir._mlir import arith, ir, tensor

from ..conversion import PatternTable
from ..ir_utils import (
    DYNAMIC,
    Unsupported,
    create1,
    element_type,
    i64,
    i64_attr,
    index_constant,
    rank_of,
    ranked,
    shape_of,
)
from .builders import dim_index, numel_index

FAMILY = "selection"


def nonzero(x: ir.Value) -> ir.Value:
    """tensor<?xRxi64>: the coordinates of x's nonzero elements."""
    return create1("edge.nonzero", [x], ranked([DYNAMIC, rank_of(x)], i64()))


def lower_nonzero(op):
    x = op.operands[0]
    if shape_of(op.results[0].type)[1:] != [rank_of(x)]:
        raise Unsupported(f"nonzero's result type {op.results[0].type} does not fit the input's rank")
    return [nonzero(x)]


def _flat(x: ir.Value) -> ir.Value:
    """x viewed as 1-d (one index operand when its size is dynamic)."""
    shape = shape_of(x)
    if DYNAMIC not in shape:
        n = 1
        for s in shape:
            n *= s
        return x if len(shape) == 1 else create1("edge.view", [x], ranked([n], element_type(x)))
    if len(shape) == 1:
        return x
    return create1("edge.view", [x, numel_index(x)], ranked([DYNAMIC], element_type(x)))


def _broadcast(values: list[ir.Value]) -> list[ir.Value]:
    """torch broadcasting of tensors to one shape (edge.expand where a shape differs)."""
    rank = max(rank_of(v) for v in values)
    shape, sizes = [], []
    for d in range(rank):
        static, dynamic = 1, None
        for v in values:
            vd = d - (rank - rank_of(v))
            if vd < 0:
                continue
            s = shape_of(v)[vd]
            if s == DYNAMIC:
                # export proves a dynamic dim >= 2 (or specializes it): it is the broadcast size
                dynamic = dynamic or dim_index(v, vd)
            elif s != 1:
                static = s
        shape.append(DYNAMIC if dynamic is not None and static == 1 else static)
        sizes.append(dynamic if shape[-1] == DYNAMIC else None)
    out = []
    for v in values:
        if shape_of(v) == shape:
            out.append(v)
            continue
        dyn = [s for s in sizes if s is not None]
        out.append(create1("edge.expand", [v, *dyn], ranked(shape, element_type(v))))
    return out


def _rows(coords: ir.Value) -> ir.Value:
    """A tensor<?x1xi64> of nonzero coordinates as tensor<?xi64>."""
    n = tensor.DimOp(coords, index_constant(0)).result
    return create1("edge.view", [coords, n], ranked([DYNAMIC], i64()))


def masked_select(call):
    """x[mask] after broadcasting both: index_select of the flat x at the flat mask's nonzeros."""
    x, mask = _broadcast([call.t("self"), call.t("mask")])
    x, mask = _flat(x), _flat(mask)
    picked = _rows(nonzero(mask))
    rt = ranked([DYNAMIC], element_type(x))
    return [create1("edge.index_select", [x, picked], rt, {"dim": i64_attr(0)})]


FALLBACK_DECOMPOSITIONS = {
    "aten::masked_select": masked_select,
}


def populate_selection_patterns(table: PatternTable) -> None:
    table.add("exir.nonzero", lower_nonzero, family=FAMILY)
