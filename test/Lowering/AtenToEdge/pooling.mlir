// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// max_pool2d_with_indices: only the values result is supported; stride [] means the kernel.
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[R:.*]] = "edge.max_pool2d"(%{{.*}}) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>}
// CHECK: return %[[R]]
func.func @max_pool(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32> {
  %0:2 = "exir.max_pool2d_with_indices"(%x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64>} : (tensor<1x8x8x8xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x4x4xi64>)
  return %0#0 : tensor<1x8x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @avg_pool
// CHECK: "edge.avg_pool2d"(%{{.*}}) {divisor = 9 : i64, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>}
func.func @avg_pool(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = "exir.avg_pool2d"(%x) {ceil_mode = false, count_include_pad = true, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

// An adaptive average pool whose output divides the input is a plain average pool.
// CHECK-LABEL: func.func @adaptive_avg_pool
// CHECK: "edge.avg_pool2d"(%{{.*}}) {divisor = 16 : i64, kernel_size = array<i64: 4, 4>, padding = array<i64: 0, 0>, stride = array<i64: 4, 4>}
func.func @adaptive_avg_pool(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x2x2xf32> {
  %0 = "exir.priv_adaptive_avg_pool2d"(%x) {static_output_size = array<i64: 2, 2>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x2x2xf32>
  return %0 : tensor<1x8x2x2xf32>
}

// -----

// An output size that does not divide the input: windows of varying size.
// CHECK-LABEL: func.func @adaptive_avg_pool_uneven
// CHECK: "edge.adaptive_avg_pool2d"(%{{.*}}) : (tensor<1x3x7x9xf32>) -> tensor<1x3x3x4xf32>
func.func @adaptive_avg_pool_uneven(%x: tensor<1x3x7x9xf32>) -> tensor<1x3x3x4xf32> {
  %0 = "exir.priv_adaptive_avg_pool2d"(%x) {static_output_size = array<i64: 3, 4>} : (tensor<1x3x7x9xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

// avg_pool1d pools [N, C, L] as [N, C, 1, L] with a [1, k] window.
// CHECK-LABEL: func.func @avg_pool1d
// CHECK: %[[V:.*]] = "edge.view"(%{{.*}}) : (tensor<2x3x8xf32>) -> tensor<2x3x1x8xf32>
// CHECK: %[[P:.*]] = "edge.avg_pool2d"(%[[V]]) {divisor = 2 : i64, kernel_size = array<i64: 1, 2>, padding = array<i64: 0, 0>, stride = array<i64: 1, 2>}
// CHECK: "edge.view"(%[[P]]) : (tensor<2x3x1x4xf32>) -> tensor<2x3x4xf32>
func.func @avg_pool1d(%x: tensor<2x3x8xf32>) -> tensor<2x3x4xf32> {
  %0 = "exir.avg_pool1d"(%x) {ceil_mode = false, count_include_pad = true, kernel_size = array<i64: 2>, padding = array<i64: 0>, stride = array<i64: 2>} : (tensor<2x3x8xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Used indices select the with-indices form of the pool.
// CHECK-LABEL: func.func @max_pool_indices
// CHECK: %{{.*}}:2 = "edge.max_pool2d_with_indices"(%{{.*}}) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>}
func.func @max_pool_indices(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xi64> {
  %0:2 = "exir.max_pool2d_with_indices"(%x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>)
  return %0#1 : tensor<1x1x2x2xi64>
}
