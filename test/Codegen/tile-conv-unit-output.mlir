// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l2-bytes=524288})' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2 l2-bytes=524288},exir-cpu-bufferize)' | FileCheck %s --check-prefix=BUF

// A strided convolution whose output is one pixel (ResNet's last downsampling on a 32x32 image: 2x2 -> 1x1).
// The column's window is x[n, :, row*2, 0::2] of one row and one column: both its spatial dims have one element,
// so they take stride 1, not the conv's 2. With stride 2 the rank-reduced window (c, ow) = (8, 1) bufferized
// into a subview whose unit dim had a stride no source dim has, and MLIR aborted ("unable to find unused dims
// of subview") in exir-cpu-bufferize.
// CHECK-LABEL: func.func @strided_conv_one_pixel
// CHECK:         scf.forall
// CHECK:         tensor.extract_slice %{{.*}}[%{{.*}}, 0, 0, 0] [1, 8, 1, 1] [1, 1, 1, 1] : tensor<?x8x2x2xf32> to tensor<8x1xf32>
// BUF-LABEL:   func.func @strided_conv_one_pixel
// BUF:           memref.subview %{{.*}}[%{{.*}}, 0, 0, 0] [1, 8, 1, 1] [1, 1, 1, 1] : memref<?x8x2x2xf32> to memref<8x1xf32, strided<[4, {{[12]}}], offset: ?>>
func.func @strided_conv_one_pixel(%x: tensor<?x8x2x2xf32>, %w: tensor<8x8x1x1xf32>) -> tensor<?x8x1x1xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8x2x2xf32>
  %e = tensor.empty(%n) : tensor<?x8x1x1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8x1x1xf32>) -> tensor<?x8x1x1xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<?x8x2x2xf32>, tensor<8x8x1x1xf32>) outs(%init : tensor<?x8x1x1xf32>) -> tensor<?x8x1x1xf32>
  return %r : tensor<?x8x1x1xf32>
}
