"""torch.pow compiled against eager on C99's special values (exir-cpu-expand-powf).

Upstream's powf expansion, exp(b * log a), returned NaN for 0^0, every negative base and 1^nan:
the grid below crosses every special base with every special exponent.
"""

import itertools

import pytest
import torch

import exir_mlir

SPECIALS = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 2.5, -2.5, float("inf"), float("-inf"),
            float("nan"), 1e-3, 7.0, -8.0, 1e20, 1e-30]
RTOL = {torch.float32: 1e-5, torch.float64: 1e-12}


class Pow(torch.nn.Module):
    def forward(self, a, b):
        return torch.pow(a, b)


def _assert_matches(got, ref, dtype):
    bad = ~torch.isclose(got, ref, rtol=RTOL[dtype], atol=0, equal_nan=True)
    assert not bad.any(), [(i, got.flatten()[i].item(), ref.flatten()[i].item()) for i in bad.flatten().nonzero()[:8].flatten().tolist()]


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_pow_tensor_tensor_special_values(dtype):
    bases, exponents = zip(*itertools.product(SPECIALS, SPECIALS))
    a, b = torch.tensor(bases, dtype=dtype), torch.tensor(exponents, dtype=dtype)
    batch = torch.export.Dim("n", min=2, max=4096)
    program = exir_mlir.compile(torch.export.export(Pow(), (a, b), dynamic_shapes=({0: batch}, {0: batch})))
    _assert_matches(program(a, b), torch.pow(a, b), dtype)
    # Another size of the dynamic dim: a vector body and a remainder.
    a2, b2 = a[:37].repeat(3), b[:37].repeat(3)
    _assert_matches(program(a2, b2), torch.pow(a2, b2), dtype)


@pytest.mark.parametrize("exponent", [0.0, 1.0, 2.0, 3.0, 0.5, -0.5, -1.0, -2.0, 1.7, -3.0, 4.0])
def test_pow_tensor_scalar_special_values(exponent):
    class PowScalar(torch.nn.Module):
        def forward(self, a):
            return a**exponent

    a = torch.tensor(SPECIALS)
    program = exir_mlir.compile(torch.export.export(PowScalar(), (a,)))
    _assert_matches(program(a), a**exponent, torch.float32)
