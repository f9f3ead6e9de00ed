// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// The SymInt[] arguments (static here) become plain i64 arrays.
// CHECK-LABEL: func.func @conv2d
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<8x3x3x3xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK: "edge.convolution"(%[[X]], %[[W]], %[[B]])
// CHECK-SAME: dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>
func.func @conv2d(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "exir.convolution"(%x, %w, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0>, static_dilation = array<i64: 1, 1>, static_groups = 1 : i64, static_output_padding = array<i64: 0, 0>, static_padding = array<i64: 1, 1>, static_stride = array<i64: 2, 2>, transposed = false} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}
