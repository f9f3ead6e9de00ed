// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// Padding is an explicit tensor.pad; the bias (as [C, 1, 1]) initializes the accumulator.
// CHECK-LABEL: func.func @conv
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<8x3x3x3xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
// CHECK: %[[BB:.*]] = tensor.expand_shape %[[B]] {{\[\[}}0, 1, 2]] output_shape [8, 1, 1]
// CHECK: %[[INIT:.*]] = linalg.generic {{.*}} ins(%[[BB]] : tensor<8x1x1xf32>) outs(%{{.*}} : tensor<1x8x4x4xf32>)
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %[[W]] : tensor<1x3x10x10xf32>, tensor<8x3x3x3xf32>) outs(%[[INIT]] : tensor<1x8x4x4xf32>)
func.func @conv(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "edge.convolution"(%x, %w, %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @conv2d_silu
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK: math.exp
// CHECK: arith.mulf
func.func @conv2d_silu(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32> {
  %0 = "backend.conv2d"(%x, %w) {activation = "silu", dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}
