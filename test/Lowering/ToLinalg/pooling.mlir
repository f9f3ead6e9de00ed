// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// Max pooling pads with -inf and starts from -inf.
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[NEG]] : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NEG]] : f32)
// CHECK: linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %{{.*}} : tensor<1x8x10x10xf32>, tensor<3x3xf32>) outs(%[[INIT]] : tensor<1x8x4x4xf32>)
func.func @max_pool(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "edge.max_pool2d"(%x) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// ceil_mode windows that run past the end get extra high padding, from the result shape.
// CHECK-LABEL: func.func @max_pool_ceil
// CHECK: tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 0, 1, 1]
func.func @max_pool_ceil(%x: tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32> {
  %0 = "edge.max_pool2d"(%x) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// -----

// CHECK-LABEL: func.func @avg_pool
// CHECK: %[[S:.*]] = linalg.pooling_nchw_sum
// CHECK: %[[DIV:.*]] = arith.constant 4.000000e+00 : f32
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<1x8x4x4xf32>)
// CHECK: arith.divf %{{.*}}, %[[DIV]] : f32
func.func @avg_pool(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "edge.avg_pool2d"(%x) {divisor = 4 : i64, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// Varying windows: reduce over the largest window with out-of-window steps masked.
// CHECK-LABEL: func.func @adaptive_uneven
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]
// CHECK: arith.floordivsi
// CHECK: arith.ceildivsi
// CHECK: arith.select
func.func @adaptive_uneven(%x: tensor<1x3x7x9xf32>) -> tensor<1x3x3x4xf32> {
  %0 = "edge.adaptive_avg_pool2d"(%x) : (tensor<1x3x7x9xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

// Window loops are reduction dims of one generic; the index is of the unpadded input.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// CHECK-LABEL: func.func @max_pool_indices
// CHECK: %{{.*}}:2 = linalg.generic {indexing_maps = [#[[IN]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK: arith.cmpf ogt
func.func @max_pool_indices(%x: tensor<1x1x4x4xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>) {
  %0:2 = "edge.max_pool2d_with_indices"(%x) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>)
  return %0#0, %0#1 : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>
}
