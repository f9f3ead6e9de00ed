"""Numerics of matmuls whose B is packed into column panels (codegen/pack_matmul.py), against torch,
across the register block (8 rows with AVX-512, 6 with AVX2: strategy.packed_register_rows), thread
tile (256 rows x 1 panel with AVX-512, 96 x 2 with AVX2), k block (strategy.packed_blocks) and
thread-count boundaries."""

import dataclasses

import pytest
import torch

import _linalg_kernels as K
from exir_mlir._mlir import ir
from exir_mlir.codegen.host import detect_host
from exir_mlir.codegen.pack_matmul import pack_matmul_b, panel_width
from exir_mlir.codegen.strategy import DYNAMIC, packed_blocks
from exir_mlir.compiler import compile_linalg

# f32 sums of k products in another order than torch's: relative 1e-4, absolute 1e-5 * k.
RTOL = 1e-4


def _packs(text: str, cores: int | None = None) -> int:
    host = detect_host() if cores is None else dataclasses.replace(detect_host(), cores=cores)
    with ir.Context():
        return pack_matmul_b(ir.Module.parse(text).operation, host)


def _compile(text: str, threads: int):
    with ir.Context():
        return compile_linalg(ir.Module.parse(text), num_threads=threads)


# Row counts (only a static M of at least 64 is packed) around the register block (AVX2: 6, 64 = 10
# blocks + 4 rows; AVX-512: 8), the thread tile (AVX2: 96 rows, 97 = a tile and one row, 199 = two
# and 7 rows: a block and one) and a thread count's share, at 1, 2 and 3 threads; K past the
# 256-deep k block. N is at least two panels of either ISA (pack_matmul packs no fewer; 32
# columns, one AVX-512 panel, failed here on AVX-512 machines).
@pytest.mark.parametrize("m,k,n,threads", [(64, 300, 96, 1), (65, 300, 96, 3), (255, 300, 96, 2),
                                           (1152, 257, 64, 2), (1025, 1025, 128, 3), (65, 1025, 128, 1),
                                           (97, 300, 96, 2), (199, 257, 64, 3), (96, 300, 64, 1)])
def test_rows_across_tiles_blocks_and_threads(m, k, n, threads):
    text = K.matmul(m, k, n)
    assert _packs(text) == 1
    torch.manual_seed(m)
    a, b = torch.randn(m, k), torch.randn(k, n)
    (out,) = _compile(text, threads)(a, b)
    torch.testing.assert_close(out, a @ b, rtol=RTOL, atol=1e-5 * k)


def test_few_rows_are_not_packed():
    # The copy of B costs more than the panels save.
    assert _packs(K.matmul(32, 300, 96)) == 0


# A dynamic row count: packed when a call brings 128 rows or more (x @ B; 64 for x @ W^T) (scf.if),
# the unpacked kernel below, on hosts of any core count. Rows on both sides of 64 and 128 and
# across the register block, the thread tile and the threads' shares, with the epilogue (bias +
# ReLU) fused, on this host's build.
@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("transposed", [True, False])
def test_dynamic_rows_choose_at_run_time(threads, transposed):
    k, n = 300, 96
    text = K.linear_relu(None, k, n) if transposed else K.matmul(None, k, n)
    assert _packs(text, cores=1) == 1
    assert _packs(text, cores=2) == 1
    program = _compile(text, threads)
    for m in (1, 8, 63, 64, 65, 127, 128, 129, 1025):
        torch.manual_seed(m)
        x = torch.randn(m, k)
        if transposed:
            w, bias = torch.randn(n, k), torch.randn(n)
            (out,) = program(x, w, bias)
            expected = torch.relu(x @ w.T + bias)
        else:
            b = torch.randn(k, n)
            (out,) = program(x, b)
            expected = x @ b
        torch.testing.assert_close(out, expected, rtol=RTOL, atol=1e-5 * k, msg=lambda e: f"{m} rows: {e}")


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


def _matmul_epilogue(m: int, k: int, n: int, *, transposed: bool, activation: str) -> str:
    """`act(x @ B + bias)` with B [k, n] row-major (a linalg.matmul), or `act(x @ W^T + bias)` with
    W [n, k] (torch's linear, a contraction generic), then one elementwise generic of bias and
    activation."""
    b_shape, b_map = (f"{n}x{k}", "(d1, d2)") if transposed else (f"{k}x{n}", "(d2, d1)")
    contraction = f"""%mm = linalg.generic {{indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]}}
      ins(%x, %w : tensor<{m}x{k}xf32>, tensor<{b_shape}xf32>) outs(%f : tensor<{m}x{n}xf32>) {{
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }} -> tensor<{m}x{n}xf32>""" if transposed else (
        f"%mm = linalg.matmul ins(%x, %w : tensor<{m}x{k}xf32>, tensor<{b_shape}xf32>)"
        f" outs(%f : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>")
    body = {
        "relu": "%y = arith.maximumf %s, %zero : f32",
        # tanh-form GELU, as torch decomposes gelu(approximate="tanh")
        "gelu": """%c = arith.constant 0.7978845608 : f32
    %k3 = arith.constant 0.044715 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %s2 = arith.mulf %s, %s : f32
    %s3 = arith.mulf %s2, %s : f32
    %t0 = arith.mulf %s3, %k3 : f32
    %t1 = arith.addf %s, %t0 : f32
    %t2 = arith.mulf %t1, %c : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %s, %half : f32
    %y = arith.mulf %t5, %t4 : f32""",
    }[activation]
    return f"""
#x = affine_map<(d0, d1, d2) -> (d0, d2)>
#w = affine_map<(d0, d1, d2) -> {b_map}>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<{m}x{k}xf32>, %w: tensor<{b_shape}xf32>, %bias: tensor<{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  {contraction}
  %e2 = tensor.empty() : tensor<{m}x{n}xf32>
  %r = linalg.generic {{indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}}
      ins(%mm, %bias : tensor<{m}x{n}xf32>, tensor<{n}xf32>) outs(%e2 : tensor<{m}x{n}xf32>) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    {body}
    linalg.yield %y : f32
  }} -> tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}"""


def _reference(x, w, bias, *, transposed: bool, activation: str):
    s = x @ (w.T if transposed else w) + bias
    return torch.relu(s) if activation == "relu" else torch.nn.functional.gelu(s, approximate="tanh")


# Bias and activation computed in the packed kernel's register blocks: rows across the register
# block (8 with AVX-512, 4 with AVX2), the thread tile (64) and the threads' shares; columns over
# several panels and thread tiles; K odd (no vector of k steps divides it: the copy of W into
# panels has a partial 16-step block) and past a k block.
@pytest.mark.parametrize("m,k,n,threads,transposed,activation", [
    (64, 300, 96, 1, True, "relu"), (65, 257, 128, 3, True, "gelu"), (255, 300, 96, 2, True, "relu"),
    (1025, 129, 192, 3, True, "relu"), (1152, 256, 64, 2, True, "gelu"),
    (65, 300, 96, 2, False, "relu"), (1025, 257, 128, 3, False, "gelu"), (130, 1025, 128, 1, False, "relu")])
def test_bias_and_activation_fused_across_tiles_and_threads(m, k, n, threads, transposed, activation):
    text = _matmul_epilogue(m, k, n, transposed=transposed, activation=activation)
    assert _packs(text) == 1
    torch.manual_seed(m + k)
    x, bias = torch.randn(m, k), torch.randn(n)
    w = torch.randn(n, k) if transposed else torch.randn(k, n)
    (out,) = _compile(text, threads)(x, w, bias)
    torch.testing.assert_close(out, _reference(x, w, bias, transposed=transposed, activation=activation),
                               rtol=RTOL, atol=1e-5 * k)


def test_epilogue_runs_on_the_panel_view():
    # The elementwise consumer is rewritten onto C's [M, N/P, P] view (so the schedule can fuse it
    # into the contraction's tiles): no reshape of C stands between them, and the one collapse is
    # of the epilogue's result.
    text = _matmul_epilogue(128, 300, 96, transposed=True, activation="relu")
    with ir.Context():
        module = ir.Module.parse(text)
        assert pack_matmul_b(module.operation, detect_host()) == 1
        generics = [op for op in module.body.operations[0].regions[0].blocks[0].operations
                    if op.operation.name == "linalg.generic"]
        packed, epilogue = generics
        assert epilogue.operands[0] == packed.results[0]
        assert len(ir.RankedTensorType(epilogue.results[0].type).shape) == 3
        collapses = [op for op in module.body.operations[0].regions[0].blocks[0].operations
                     if op.operation.name == "tensor.collapse_shape"]
        assert len(collapses) == 1 and collapses[0].operands[0] == epilogue.results[0]


# torch's nn.Linear exports as a matmul reading W transposed whose init is the broadcast bias
# (addmm): that broadcast is rewritten onto the panel view too, and fused as the register blocks'
# initial value. Static rows past the register block and the thread tile; a dynamic batch on both
# sides of the run-time choice.
@pytest.mark.parametrize("activation", [torch.nn.ReLU, torch.nn.GELU])
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_torch_linear_with_bias_and_activation(activation, threads):
    import exir_mlir

    torch.manual_seed(threads)
    module = torch.nn.Sequential(torch.nn.Linear(300, 96), activation()).eval()
    x = torch.randn(130, 300)
    static = exir_mlir.compile(torch.export.export(module, (x,)), num_threads=threads)
    batch = torch.export.Dim("batch", min=1, max=4096)
    dynamic = exir_mlir.compile(torch.export.export(module, (x,), dynamic_shapes=({0: batch},)),
                                num_threads=threads)
    with torch.no_grad():
        torch.testing.assert_close(static(x), module(x), rtol=RTOL, atol=1e-5 * 300)
        for rows in (3, 127, 128, 1025):
            y = torch.randn(rows, 300)
            torch.testing.assert_close(dynamic(y), module(y), rtol=RTOL, atol=1e-5 * 300,
                                       msg=lambda e: f"{rows} rows: {e}")


def _k_block() -> int:
    """The k block of the packed kernel on this host (strategy.packed_blocks) for a deep k: with 32
    registers a k of up to twice it runs whole, a deeper one in blocks of it."""
    with ir.Context():
        nr = panel_width(detect_host(), ir.F32Type.get())
    return packed_blocks(DYNAMIC, nr, 32, detect_host())[1]


# k blocks: K at the largest whole k loop (2 kc with 32 registers), one past it (blocks kc, kc and
# a last one of 1 step) and 3 kc + 3 (a last block of 3), with bias + ReLU, which must run once,
# after the last block. One program per K and thread count, with a dynamic row count: rows on both
# sides of the run-time choice (128), across the register block (8) and the 256-row thread tile.
@pytest.mark.parametrize("blocks,extra,threads", [(2, 0, 2), (2, 1, 1), (2, 1, 3), (3, 3, 2)])
def test_k_blocks_with_bias_and_relu(blocks, extra, threads):
    k, n = blocks * _k_block() + extra, 64
    text = K.linear_relu(None, k, n)
    assert _packs(text) == 1
    program = _compile(text, threads)
    torch.manual_seed(k)
    w, bias = torch.randn(n, k), torch.randn(n)
    for m in (127, 128, 263):
        x = torch.randn(m, k)
        (out,) = program(x, w, bias)
        torch.testing.assert_close(out, torch.relu(x @ w.T + bias), rtol=RTOL, atol=1e-5 * k,
                                   msg=lambda e: f"K {k}, {m} rows: {e}")


def test_k_blocks_row_major_b_static_rows():
    # B row-major (x @ B + bias, ReLU), a static row count past the thread tile, K ending in a
    # partial block, on 3 threads.
    k = 3 * _k_block() + 3
    text = _matmul_epilogue(263, k, 64, transposed=False, activation="relu")
    assert _packs(text) == 1
    torch.manual_seed(3)
    x, w, bias = torch.randn(263, k), torch.randn(k, 64), torch.randn(64)
    (out,) = _compile(text, 3)(x, w, bias)
    torch.testing.assert_close(out, torch.relu(x @ w + bias), rtol=RTOL, atol=1e-5 * k)


def test_dynamic_k_is_not_packed_and_correct():
    # A k known only at run time keeps the unpacked kernel (its k blocks of 64): K = 1, 63, 64, 65
    # and 131 (2 blocks + 3), rows across the register block and the thread tile, on 2 threads.
    text = """
func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x96xf32>) -> tensor<?x96xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m) : tensor<?x96xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x96xf32>) -> tensor<?x96xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x96xf32>) outs(%f : tensor<?x96xf32>) -> tensor<?x96xf32>
  return %r : tensor<?x96xf32>
}"""
    assert _packs(text) == 0
    program = _compile(text, 2)
    for k in (1, 63, 64, 65, 131):
        for m in (5, 130):
            torch.manual_seed(k + m)
            a, b = torch.randn(m, k), torch.randn(k, 96)
            (out,) = program(a, b)
            torch.testing.assert_close(out, a @ b, rtol=RTOL, atol=1e-5 * k, msg=lambda e: f"K {k}, {m} rows: {e}")
