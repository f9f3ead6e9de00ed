// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l2-bytes=524288},exir-cpu-bufferize)' | FileCheck %s

// A convolution's epilogue (a per-channel scale and a ReLU) whose result is only the interior of
// the next convolution's padded input. Its block there is not contiguous (rows of 8 in rows of
// 10): computed in the contraction's collapsed (f, P) tiles, its init was a copy of the block into
// a temporary and its result a copy back. im2col computes it on the block's own dims instead,
// writing the padded buffer's interior directly: no copy of a block in or out of a temporary.
// CHECK-LABEL: func.func @epilogue_into_padding
// CHECK:         scf.forall
// CHECK-NOT:       memref.copy
// CHECK:           arith.maximumf
// CHECK-NOT:       memref.copy
// CHECK:         return
#id4 = affine_map<(n, f, h, w) -> (n, f, h, w)>
#ch4 = affine_map<(n, f, h, w) -> (f)>
func.func @epilogue_into_padding(%x: tensor<2x16x8x8xf32>, %w: tensor<32x16x1x1xf32>, %s: tensor<32xf32>) -> tensor<2x32x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32x8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x16x8x8xf32>, tensor<32x16x1x1xf32>) outs(%init : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
  %e2 = tensor.empty() : tensor<2x32x8x8xf32>
  %y = linalg.generic {indexing_maps = [#id4, #ch4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %s : tensor<2x32x8x8xf32>, tensor<32xf32>) outs(%e2 : tensor<2x32x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    %z = arith.maximumf %m, %zero : f32
    linalg.yield %z : f32
  } -> tensor<2x32x8x8xf32>
  %pe = tensor.empty() : tensor<2x32x10x10xf32>
  %pf = linalg.fill ins(%zero : f32) outs(%pe : tensor<2x32x10x10xf32>) -> tensor<2x32x10x10xf32>
  %padded = tensor.insert_slice %y into %pf[0, 0, 1, 1] [2, 32, 8, 8] [1, 1, 1, 1] : tensor<2x32x8x8xf32> into tensor<2x32x10x10xf32>
  return %padded : tensor<2x32x10x10xf32>
}
