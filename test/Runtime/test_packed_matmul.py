"""Numerics of matmuls whose B is packed into column panels (codegen/pack_matmul.py), against torch,
across the register block (4 rows), thread tile (64 rows, 2 panels), k block (256) and thread-count
boundaries."""

import pytest
import torch

import _linalg_kernels as K
from exir_mlir._mlir import ir
from exir_mlir.codegen.host import detect_host
from exir_mlir.codegen.pack_matmul import pack_matmul_b
from exir_mlir.compiler import compile_linalg

# f32 sums of k products in another order than torch's: relative 1e-4, absolute 1e-5 * k.
RTOL = 1e-4
ROWS = (1, 5, 63, 64, 65, 255, 257, 1023, 1025, 1152)


def _packs(text: str) -> int:
    with ir.Context():
        return pack_matmul_b(ir.Module.parse(text).operation, detect_host())


def _compile(text: str, threads: int):
    with ir.Context():
        return compile_linalg(ir.Module.parse(text), num_threads=threads)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_dynamic_rows_across_tiles_and_threads(threads):
    # K = 300: one full 256-deep k block and a partial one; N = 96: 6 panels of 16 (3 of 32 with
    # AVX-512), 3 thread tiles of 2 panels.
    k, n = 300, 96
    text = K.matmul(None, k, n)
    assert _packs(text) == 1
    program = _compile(text, threads)
    torch.manual_seed(threads)
    b = torch.randn(k, n)
    for m in ROWS:
        a = torch.randn(m, k)
        (out,) = program(a, b)
        assert out.shape == (m, n)
        torch.testing.assert_close(out, a @ b, rtol=RTOL, atol=1e-5 * k, msg=lambda e, m=m: f"{m} rows: {e}")


@pytest.mark.parametrize("m,k,n,threads", [(1152, 257, 64, 2), (65, 1025, 128, 1)])
def test_static_sizes_past_the_blocks(m, k, n, threads):
    text = K.matmul(m, k, n)
    assert _packs(text) == 1
    a, b = torch.randn(m, k), torch.randn(k, n)
    (out,) = _compile(text, threads)(a, b)
    torch.testing.assert_close(out, a @ b, rtol=RTOL, atol=1e-5 * k)


def test_accumulates_into_its_init():
    # C = C0 + A B with C0 an argument (addmm's form): the panels' view of C carries C0 in.
    text = """
func.func @main(%a: tensor<?x300xf32>, %b: tensor<300x96xf32>, %c: tensor<?x96xf32>) -> tensor<?x96xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x300xf32>, tensor<300x96xf32>) outs(%c : tensor<?x96xf32>) -> tensor<?x96xf32>
  return %r : tensor<?x96xf32>
}"""
    assert _packs(text) == 1
    program = _compile(text, 2)
    b = torch.randn(300, 96)
    for m in (5, 257):
        a, c = torch.randn(m, 300), torch.randn(m, 96)
        (out,) = program(a, b, c.clone())
        torch.testing.assert_close(out, c + a @ b, rtol=RTOL, atol=1e-5 * 300)
