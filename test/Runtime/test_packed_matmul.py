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


def _packs(text: str) -> int:
    with ir.Context():
        return pack_matmul_b(ir.Module.parse(text).operation, detect_host())


def _compile(text: str, threads: int):
    with ir.Context():
        return compile_linalg(ir.Module.parse(text), num_threads=threads)


# Row counts (only a static M of at least 64 is packed) around the register block (4), the thread
# tile (64) and a thread count's share, at 1, 2 and 3 threads; K past the 256-deep k block.
@pytest.mark.parametrize("m,k,n,threads", [(64, 300, 96, 1), (65, 300, 96, 3), (255, 300, 96, 2),
                                           (1152, 257, 64, 2), (1025, 1025, 128, 3), (65, 1025, 128, 1)])
def test_rows_across_tiles_blocks_and_threads(m, k, n, threads):
    text = K.matmul(m, k, n)
    assert _packs(text) == 1
    torch.manual_seed(m)
    a, b = torch.randn(m, k), torch.randn(k, n)
    (out,) = _compile(text, threads)(a, b)
    torch.testing.assert_close(out, a @ b, rtol=RTOL, atol=1e-5 * k)


def test_dynamic_or_few_rows_are_not_packed():
    # A call may bring a few rows, where the copy of B costs more than the panels save.
    assert _packs(K.matmul(None, 300, 96)) == 0
    assert _packs(K.matmul(32, 300, 96)) == 0


def test_accumulates_into_its_init():
    # C = C0 + A B with C0 an argument (addmm's form): the panels' view of C carries C0 in.
    text = """
func.func @main(%a: tensor<257x300xf32>, %b: tensor<300x96xf32>, %c: tensor<257x96xf32>) -> tensor<257x96xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<257x300xf32>, tensor<300x96xf32>) outs(%c : tensor<257x96xf32>) -> tensor<257x96xf32>
  return %r : tensor<257x96xf32>
}"""
    assert _packs(text) == 1
    program = _compile(text, 2)
    b = torch.randn(300, 96)
    a, c = torch.randn(257, 300), torch.randn(257, 96)
    (out,) = program(a, b, c.clone())
    torch.testing.assert_close(out, c + a @ b, rtol=RTOL, atol=1e-5 * 300)
