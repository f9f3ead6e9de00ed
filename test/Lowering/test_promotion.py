"""aten-to-edge's type promotion agrees with torch.result_type on every dtype/kind combination."""

from __future__ import annotations

import itertools

import pytest
import torch

from exir_mlir._mlir import ir
from exir_mlir.lowering.aten_to_edge.promotion import DIM, SCALAR, ZERO_DIM, Operand, promote_types, result_type, scalar_element_type
from exir_mlir.lowering.ir_utils import Unsupported

DTYPES = {
    torch.bool: "i1", torch.uint8: "ui8", torch.int8: "i8", torch.int16: "i16", torch.int32: "i32",
    torch.int64: "i64", torch.float16: "f16", torch.bfloat16: "bf16", torch.float32: "f32",
    torch.float64: "f64",
}
SCALARS = [True, 3, 2.5]


@pytest.fixture
def ctx():
    with ir.Context() as c:
        yield c


def _t(name: str) -> ir.Type:
    return ir.Type.parse(name)


@pytest.mark.parametrize("a,b", list(itertools.product(DTYPES, DTYPES)))
def test_promote_types(ctx, a, b):
    assert str(promote_types(_t(DTYPES[a]), _t(DTYPES[b]))) == DTYPES[torch.promote_types(a, b)]


@pytest.mark.parametrize("a,b", list(itertools.product(DTYPES, DTYPES)))
def test_dim_tensor_with_zero_dim_tensor(ctx, a, b):
    expected = torch.result_type(torch.ones(2, dtype=a), torch.ones((), dtype=b))
    got = result_type([Operand(DIM, _t(DTYPES[a])), Operand(ZERO_DIM, _t(DTYPES[b]))])
    assert str(got) == DTYPES[expected]


@pytest.mark.parametrize("a,s", list(itertools.product(DTYPES, SCALARS)))
def test_tensor_with_scalar(ctx, a, s):
    for shape, kind in (((2,), DIM), ((), ZERO_DIM)):
        expected = torch.result_type(torch.ones(shape, dtype=a), s)
        got = result_type([Operand(kind, _t(DTYPES[a])), Operand(SCALAR, scalar_element_type(s))])
        assert str(got) == DTYPES[expected], (shape, s)


WIDE_UNSIGNED = {torch.uint16: "ui16", torch.uint32: "ui32", torch.uint64: "ui64"}


@pytest.mark.parametrize("a,b", list(itertools.product(WIDE_UNSIGNED, {**DTYPES, **WIDE_UNSIGNED})))
def test_wide_unsigned_promote_only_with_themselves(ctx, a, b):
    """torch refuses uint16/32/64 with any other dtype; so does promote_types (never a guess)."""
    names = {**DTYPES, **WIDE_UNSIGNED}
    try:
        expected = names[torch.promote_types(a, b)]
    except RuntimeError:
        expected = None
    for x, y in ((a, b), (b, a)):
        if expected is None:
            with pytest.raises(Unsupported, match="does not promote"):
                promote_types(_t(names[x]), _t(names[y]))
        else:
            assert str(promote_types(_t(names[x]), _t(names[y]))) == expected


@pytest.mark.parametrize("a,s", list(itertools.product(WIDE_UNSIGNED, SCALARS)))
def test_wide_unsigned_tensor_with_scalar(ctx, a, s):
    for shape, kind in (((2,), DIM), ((), ZERO_DIM)):
        expected = torch.result_type(torch.ones(shape, dtype=a), s)
        got = result_type([Operand(kind, _t(WIDE_UNSIGNED[a])), Operand(SCALAR, scalar_element_type(s))])
        assert str(got) == {**DTYPES, **WIDE_UNSIGNED}[expected], (shape, s)
