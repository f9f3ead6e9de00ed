// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// softmax = max-reduce, exp(x - max), sum-reduce, divide: numerically stable.
// CHECK-LABEL: func.func @softmax
// CHECK: arith.maximumf
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: arith.divf
func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "edge.softmax"(%x) {dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @log_softmax
// CHECK: math.exp
// CHECK: math.log
// CHECK-NOT: arith.divf
func.func @log_softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "edge.log_softmax"(%x) {dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// layer_norm: mean and rstd over the dims from axis on, then (x - mean) * rstd * w + b;
// mean and rstd come back with the normalized dims as size 1.
// CHECK-LABEL: func.func @layer_norm
// CHECK: math.rsqrt
// CHECK: %[[OUT:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x8x32xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<32xf32>, tensor<32xf32>)
// CHECK: %[[MEAN:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
// CHECK: return %[[OUT]], %[[MEAN]]
func.func @layer_norm(%x: tensor<2x8x32xf32>, %w: tensor<32xf32>, %b: tensor<32xf32>) -> (tensor<2x8x32xf32>, tensor<2x8x1xf32>) {
  %0:3 = "edge.layer_norm"(%x, %w, %b) {axis = 2 : i64, eps = 1.0e-05 : f64, operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<2x8x32xf32>, tensor<32xf32>, tensor<32xf32>) -> (tensor<2x8x32xf32>, tensor<2x8x1xf32>, tensor<2x8x1xf32>)
  return %0#0, %0#1 : tensor<2x8x32xf32>, tensor<2x8x1xf32>
}

// -----

// batch norm with running statistics: one elementwise generic reading per-channel vectors.
// CHECK-DAG: #[[CH:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @batch_norm
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[CH]], #[[CH]], #[[CH]], #[[CH]], #{{.*}}]
// CHECK: math.rsqrt
func.func @batch_norm(%x: tensor<1x8x4x4xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>, %m: tensor<8xf32>, %v: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "edge.batch_norm_inference"(%x, %w, %b, %m, %v) {eps = 1.0e-05 : f64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @softmax_log
// CHECK: math.log
func.func @softmax_log(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "backend.softmax"(%x) {dim = 1 : i64, log = true} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @layer_norm
// CHECK: math.rsqrt
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x8xf32>, tensor<2xf32>, tensor<2xf32>, tensor<8xf32>)
func.func @layer_norm(%x: tensor<2x8xf32>, %w: tensor<8xf32>) -> tensor<2x8xf32> {
  %0 = "backend.layer_norm"(%x, %w) {axis = 1 : i64, eps = 1.0e-05 : f64, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
