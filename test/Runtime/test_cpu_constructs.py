"""Constructs the linalg lowering emits besides plain linalg ops: pad, reshapes, gathers, scf control flow."""

import torch

from exir_mlir._mlir import ir
from exir_mlir.compiler import compile_linalg


def compile_text(text: str, **kwargs):
    with ir.Context():
        return compile_linalg(ir.Module.parse(text), **kwargs)


PADDED_CONV_WITH_BIAS = """
func.func @main(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<2x4x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<2x3x8x8xf32> to tensor<2x3x10x10xf32>
  %b3 = tensor.expand_shape %b [[0, 1, 2]] output_shape [4, 1, 1] : tensor<4xf32> into tensor<4x1x1xf32>
  %e = tensor.empty() : tensor<2x4x8x8xf32>
  %init = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (c, 0, 0)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b3 : tensor<4x1x1xf32>) outs(%e : tensor<2x4x8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<2x4x8x8xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<2x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%init : tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  return %r : tensor<2x4x8x8xf32>
}
"""


def test_padded_conv_with_broadcast_bias():
    x, w, b = torch.randn(2, 3, 8, 8), torch.randn(4, 3, 3, 3), torch.randn(4)
    (out,) = compile_text(PADDED_CONV_WITH_BIAS)(x, w, b)
    torch.testing.assert_close(out, torch.nn.functional.conv2d(x, w, b, padding=1), rtol=1e-4, atol=1e-4)


EMBEDDING_MEAN = """
func.func @main(%table: tensor<10x4xf32>, %ids: tensor<3x5xi64>) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3x5x4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j, d) -> (i, j)>, affine_map<(i, j, d) -> (i, j, d)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ids : tensor<3x5xi64>) outs(%e : tensor<3x5x4xf32>) {
  ^bb0(%id: i64, %o: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 2 : index
    %v = tensor.extract %table[%row, %col] : tensor<10x4xf32>
    linalg.yield %v : f32
  } -> tensor<3x5x4xf32>
  %zero = arith.constant 0.0 : f32
  %five = arith.constant 5.0 : f32
  %e2 = tensor.empty() : tensor<3x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, d, j) -> (i, j, d)>, affine_map<(i, d, j) -> (i, d)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g : tensor<3x5x4xf32>) outs(%z : tensor<3x4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %v, %acc : f32
    linalg.yield %a : f32
  } -> tensor<3x4xf32>
  %e3 = tensor.empty() : tensor<3x4xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(i, d) -> (i, d)>, affine_map<(i, d) -> (i, d)>],
                       iterator_types = ["parallel", "parallel"]} ins(%s : tensor<3x4xf32>) outs(%e3 : tensor<3x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %d = arith.divf %v, %five : f32
    linalg.yield %d : f32
  } -> tensor<3x4xf32>
  return %m : tensor<3x4xf32>
}
"""


def test_embedding_gather_and_mean():
    table, ids = torch.randn(10, 4), torch.randint(0, 10, (3, 5))
    (out,) = compile_text(EMBEDDING_MEAN)(table, ids)
    torch.testing.assert_close(out, torch.nn.functional.embedding(ids, table).mean(dim=1), rtol=1e-5, atol=1e-6)


COND = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%x : tensor<4xf32>) outs(%z : tensor<f32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %v, %acc : f32
    linalg.yield %a : f32
  } -> tensor<f32>
  %s = tensor.extract %sum[] : tensor<f32>
  %pred = arith.cmpf ogt, %s, %zero : f32
  %r = scf.if %pred -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %c = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %y = math.cos %v : f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    scf.yield %c : tensor<4xf32>
  } else {
    %e = tensor.empty() : tensor<4xf32>
    %c = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %y = math.sin %v : f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    scf.yield %c : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
"""


def test_scf_if_on_a_data_dependent_predicate_takes_both_branches():
    program = compile_text(COND)
    for x, branch in ((torch.tensor([1.0, 2.0, -0.5, 0.1]), torch.cos), (torch.tensor([-1.0, -2.0, 0.5, 0.1]), torch.sin)):
        torch.testing.assert_close(program(x)[0], branch(x), rtol=1e-5, atol=1e-6)


WHILE = """
func.func @main(%x: tensor<3xf32>, %n: tensor<i64>) -> (tensor<i64>, tensor<3xf32>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %limit = tensor.extract %n[] : tensor<i64>
  %r:2 = scf.while (%i = %c0, %acc = %x) : (i64, tensor<3xf32>) -> (i64, tensor<3xf32>) {
    %go = arith.cmpi slt, %i, %limit : i64
    scf.condition(%go) %i, %acc : i64, tensor<3xf32>
  } do {
  ^bb0(%i: i64, %acc: tensor<3xf32>):
    %e = tensor.empty() : tensor<3xf32>
    %d = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> (j)>], iterator_types = ["parallel"]}
        ins(%acc : tensor<3xf32>) outs(%e : tensor<3xf32>) {
    ^bb0(%v: f32, %o: f32):
      %y = arith.addf %v, %v : f32
      linalg.yield %y : f32
    } -> tensor<3xf32>
    %next = arith.addi %i, %c1 : i64
    scf.yield %next, %d : i64, tensor<3xf32>
  }
  %count = tensor.from_elements %r#0 : tensor<i64>
  return %count, %r#1 : tensor<i64>, tensor<3xf32>
}
"""


def test_scf_while_with_tensor_carried_values():
    program = compile_text(WHILE)
    x = torch.tensor([1.0, -2.0, 0.5])
    count, doubled = program(x, torch.tensor(5))
    assert count.item() == 5
    torch.testing.assert_close(doubled, x * 32)


AVG_POOL = """
func.func @main(%x: tensor<1x2x6x6xf32>) -> tensor<1x18xf32> {
  %zero = arith.constant 0.0 : f32
  %quarter = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<1x2x3x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %s = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %win : tensor<1x2x6x6xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %e2 = tensor.empty() : tensor<1x2x3x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<1x2x3x3xf32>) outs(%e2 : tensor<1x2x3x3xf32>) {
  ^bb0(%v: f32, %o: f32):
    %y = arith.mulf %v, %quarter : f32
    linalg.yield %y : f32
  } -> tensor<1x2x3x3xf32>
  %flat = tensor.collapse_shape %r [[0], [1, 2, 3]] : tensor<1x2x3x3xf32> into tensor<1x18xf32>
  return %flat : tensor<1x18xf32>
}
"""


def test_avg_pool_then_flatten():
    x = torch.randn(1, 2, 6, 6)
    (out,) = compile_text(AVG_POOL)(x)
    torch.testing.assert_close(out, torch.nn.functional.avg_pool2d(x, 2).flatten(1), rtol=1e-5, atol=1e-6)


ARGMAX = """
func.func @main(%x: tensor<6x300xf32>) -> (tensor<6xf32>, tensor<6xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0 : i64
  %e1 = tensor.empty() : tensor<6xf32>
  %e2 = tensor.empty() : tensor<6xi64>
  %v0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<6xf32>) -> tensor<6xf32>
  %i0 = linalg.fill ins(%zero : i64) outs(%e2 : tensor<6xi64>) -> tensor<6xi64>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<6x300xf32>) outs(%v0, %i0 : tensor<6xf32>, tensor<6xi64>) {
  ^bb0(%v: f32, %best: f32, %at: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %better = arith.cmpf ogt, %v, %best : f32
    %nb = arith.select %better, %v, %best : f32
    %na = arith.select %better, %ji, %at : i64
    linalg.yield %nb, %na : f32, i64
  } -> (tensor<6xf32>, tensor<6xi64>)
  return %r#0, %r#1 : tensor<6xf32>, tensor<6xi64>
}
"""


def test_two_result_reduction_argmax():
    x = torch.randn(6, 300)
    values, indices = compile_text(ARGMAX)(x)
    torch.testing.assert_close(values, x.max(dim=1).values)
    assert torch.equal(indices, x.argmax(dim=1))


BOOL_SCALARS = """
func.func @main(%x: tensor<f32>, %flags: tensor<3xi1>) -> (tensor<i1>, tensor<3xi1>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<i1>
  %p = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%x : tensor<f32>) outs(%e : tensor<i1>) {
  ^bb0(%v: f32, %o: i1):
    %c = arith.cmpf ogt, %v, %zero : f32
    linalg.yield %c : i1
  } -> tensor<i1>
  %b = tensor.extract %p[] : tensor<i1>
  %e3 = tensor.empty() : tensor<3xi1>
  %n = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%flags : tensor<3xi1>) outs(%e3 : tensor<3xi1>) {
  ^bb0(%f: i1, %o: i1):
    %r = arith.xori %f, %b : i1
    linalg.yield %r : i1
  } -> tensor<3xi1>
  return %p, %n : tensor<i1>, tensor<3xi1>
}
"""


def test_bool_scalars_and_small_bool_tensors():
    # Scalar i1 loads/stores go through one-lane vectors (the memref lowering rejects i1 scalars).
    program = compile_text(BOOL_SCALARS)
    flags = torch.tensor([True, False, True])
    for value in (1.5, -1.0):
        p, n = program(torch.tensor(value), flags)
        assert p.dtype == torch.bool and p.item() == (value > 0)
        assert torch.equal(n, flags ^ (value > 0))
        assert set(n.view(torch.uint8).tolist()) <= {0, 1}  # torch's byte-per-bool layout
