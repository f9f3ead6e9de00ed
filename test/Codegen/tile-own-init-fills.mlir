// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2},exir-cpu-bufferize)' | FileCheck %s

// CSE gave two convolutions one zero fill as their init (as in mobilenet_v2, where one 8x16x32x32
// zero tensor initialized three). Each writes its init in place, and im2col's convolutions run
// inside their own thread loops, where the fill is not fused: with the fill shared, bufferization
// copied the whole zero buffer before one of them. The tile stage gives each its own fill (and
// tensor.empty): two buffers, each zeroed in place, no copy.
// CHECK-LABEL: func.func @shared_conv_init
// CHECK:         %[[P:.*]] = memref.alloc() {{.*}} : memref<2x8x8x8xf32>
// CHECK-NOT:     memref.copy
// CHECK:         %[[Q:.*]] = memref.alloc() {{.*}} : memref<2x8x8x8xf32>
// CHECK-NOT:     memref.copy
// CHECK:         return %{{.*}}, %{{.*}} : memref<2x8x8x8xf32>, memref<2x8x8x8xf32>
func.func @shared_conv_init(%x: tensor<2x4x10x10xf32>, %w: tensor<8x4x3x3xf32>, %v: tensor<8x4x3x3xf32>) -> (tensor<2x8x8x8xf32>, tensor<2x8x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %p = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x4x10x10xf32>, tensor<8x4x3x3xf32>) outs(%f : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %q = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %v : tensor<2x4x10x10xf32>, tensor<8x4x3x3xf32>) outs(%f : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  return %p, %q : tensor<2x8x8x8xf32>, tensor<2x8x8x8xf32>
}

// -----

// Two paddings of one shape (a decomposed tensor.pad is a zero fill and the insertion of its
// interior): CSE gave them one fill, and the second insertion bufferized as a copy of the whole
// zeroed buffer (mobilenet_v2's two 128-channel depthwise inputs: 1.3 MB per call). The second
// insertion gets a fill of its own, into an allocation (which CSE does not merge again): each
// padding zeroes its own buffer, no copy.
// CHECK-LABEL: func.func @shared_padding_fill
// CHECK-NOT:     memref.copy {{.*}} : memref<2x8x10x10xf32> to memref<2x8x10x10xf32>
// CHECK-COUNT-2: memref.alloc() {{.*}} : memref<2x8x10x10xf32>
// CHECK-NOT:     memref.copy {{.*}} : memref<2x8x10x10xf32> to memref<2x8x10x10xf32>
// CHECK:         return
func.func @shared_padding_fill(%x: tensor<2x8x8x8xf32>, %y: tensor<2x8x8x8xf32>) -> (tensor<2x8x10x10xf32>, tensor<2x8x10x10xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x10x10xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x10x10xf32>) -> tensor<2x8x10x10xf32>
  %a = tensor.insert_slice %x into %f[0, 0, 1, 1] [2, 8, 8, 8] [1, 1, 1, 1] : tensor<2x8x8x8xf32> into tensor<2x8x10x10xf32>
  %b = tensor.insert_slice %y into %f[0, 0, 1, 1] [2, 8, 8, 8] [1, 1, 1, 1] : tensor<2x8x8x8xf32> into tensor<2x8x10x10xf32>
  return %a, %b : tensor<2x8x10x10xf32>, tensor<2x8x10x10xf32>
}
