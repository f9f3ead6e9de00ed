"""The vector approximations of exp/log/tanh/erf against torch, special values included."""

import math

import pytest
import torch

from exir_mlir._mlir import ir
from exir_mlir.compiler import compile_linalg

N = 4096
SPECIALS = [0.0, -0.0, 1.0, -1.0, float("inf"), float("-inf"), float("nan"), 1e-40, 1e-45, 88.5, 88.8, -88.5,
            -100.0, -104.5, 100.0, 1e-5, -1e-5, 3e-4, 0.3, 0.5, -0.5, 3.0, 7.9, -8.0, 1e30, -1e30]


def unary_kernel(op: str, dtype: str = "f32") -> str:
    t = f"tensor<{N}x{dtype}>"
    return f"""
func.func @main(%x: {t}) -> {t} {{
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}}
      ins(%x : {t}) outs(%e : {t}) {{
  ^bb0(%a: {dtype}, %o: {dtype}):
    %y = {op} %a : {dtype}
    linalg.yield %y : {dtype}
  }} -> {t}
  return %r : {t}
}}"""


def inputs() -> torch.Tensor:
    gen = torch.Generator().manual_seed(0)
    body = torch.cat([torch.randn(N // 2, generator=gen) * 10, torch.rand(N // 4, generator=gen) * 1e-3,
                      torch.randn(N // 4 - len(SPECIALS), generator=gen)])
    return torch.cat([torch.tensor(SPECIALS), body]).float()


@pytest.mark.parametrize("op,reference", [("math.exp", torch.exp), ("math.log", torch.log),
                                          ("math.tanh", torch.tanh), ("math.erf", torch.erf)])
def test_f32_approximation_matches_torch(op, reference):
    x = inputs()
    with ir.Context():
        program = compile_linalg(ir.Module.parse(unary_kernel(op)), num_threads=1)
    # rtol 2e-6 (a few ulp) and atol 1e-6: erf's approximation has 2e-7 absolute error.
    torch.testing.assert_close(program(x)[0], reference(x), rtol=2e-6, atol=1e-6, equal_nan=True)


def test_exp_underflow_denormals_exact_and_zero_below():
    """Inputs below -104 (a softmax's masked -inf) give exactly 0 without computing a denormal on
    the way (math_approx._exp: they compute exp(0) and are replaced); those between -104 and -87.3
    still give their denormal results, within two denormal steps (1.4e-45 each)."""
    x = torch.tensor([-math.inf, -1e30, -200.0, -104.5, -104.01, -103.9, -103.0, -101.5, -100.0, -97.3, -95.0,
                      -92.1, -90.0, -88.0, -87.4, -87.3, -87.0, -10.0] * (N // 18) + [0.0] * (N % 18))
    with ir.Context():
        program = compile_linalg(ir.Module.parse(unary_kernel("math.exp")), num_threads=1)
    actual, expected = program(x)[0], torch.exp(x)
    assert (actual[x < -104] == 0).all()
    assert (actual[(x > -103.5) & (x < -87.33)] > 0).all()  # denormals, not flushed to zero
    torch.testing.assert_close(actual, expected, rtol=2e-6, atol=3e-45)


def test_bf16_math_computes_in_f32():
    x = inputs().clamp(-20, 20).to(torch.bfloat16)
    with ir.Context():
        program = compile_linalg(ir.Module.parse(unary_kernel("math.exp", "bf16")), num_threads=1)
    torch.testing.assert_close(program(x)[0], torch.exp(x), rtol=1.6e-2, atol=1e-5, equal_nan=True)
