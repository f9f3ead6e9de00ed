// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(edge-to-backend)' | FileCheck %s

// A 2-d convolution with its bias becomes backend.conv2d, its attributes kept.
// CHECK-LABEL: func.func @conv2d
// CHECK: %[[R:.*]] = "backend.conv2d"(%{{.*}}, %{{.*}}, %{{.*}}) {activation = "none", dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>}
// CHECK-NOT: edge.convolution
// CHECK: return %[[R]]
func.func @conv2d(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "edge.convolution"(%x, %w, %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// A grouped convolution has no backend op: it stays edge.convolution.
// CHECK-LABEL: func.func @grouped
// CHECK: "edge.convolution"
// CHECK-NOT: backend.conv2d
func.func @grouped(%x: tensor<1x4x8x8xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %0 = "edge.convolution"(%x, %w) {dilation = array<i64: 1, 1>, groups = 4 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}
