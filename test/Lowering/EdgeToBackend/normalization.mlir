// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(edge-to-backend)' | FileCheck %s

// CHECK-LABEL: func.func @softmax
// CHECK: "backend.softmax"(%{{.*}}) {dim = 1 : i64, log = false}
// CHECK: "backend.softmax"(%{{.*}}) {dim = 1 : i64, log = true}
func.func @softmax(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = "edge.softmax"(%x) {dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = "edge.log_softmax"(%x) {dim = 1 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @layer_norm
// CHECK: "backend.layer_norm"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 2 : i64, eps = 1.000000e-03 : f64, operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<2x8x32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<2x8x32xf32>
func.func @layer_norm(%x: tensor<2x8x32xf32>, %w: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<2x8x32xf32> {
  %0:3 = "edge.layer_norm"(%x, %w, %b) {axis = 2 : i64, eps = 1.0e-03 : f64, operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<2x8x32xf32>, tensor<32xf32>, tensor<32xf32>) -> (tensor<2x8x32xf32>, tensor<2x8x1xf32>, tensor<2x8x1xf32>)
  return %0#0 : tensor<2x8x32xf32>
}

// -----

// The statistics are used: backend.layer_norm does not produce them, so the edge op stays.
// CHECK-LABEL: func.func @layer_norm_stats_used
// CHECK: "edge.layer_norm"
// CHECK-NOT: backend.layer_norm
func.func @layer_norm_stats_used(%x: tensor<2x8x32xf32>) -> (tensor<2x8x32xf32>, tensor<2x8x1xf32>) {
  %0:3 = "edge.layer_norm"(%x) {axis = 2 : i64, eps = 1.0e-05 : f64, operandSegmentSizes = array<i32: 1, 0, 0>} : (tensor<2x8x32xf32>) -> (tensor<2x8x32xf32>, tensor<2x8x1xf32>, tensor<2x8x1xf32>)
  return %0#0, %0#1 : tensor<2x8x32xf32>, tensor<2x8x1xf32>
}
