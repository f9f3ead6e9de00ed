// RUN: exir-mlir-opt %s --split-input-file | exir-mlir-opt --split-input-file | FileCheck %s
// Round trip of the fused backend ops.

// CHECK-LABEL: func.func @fused
// CHECK: "backend.matmul"(%[[X:.*]], %[[W:.*]], %[[B:.*]]) {activation = "relu"} : (tensor<2x16xf32>, tensor<16x32xf32>, tensor<32xf32>) -> tensor<2x32xf32>
// CHECK: "backend.matmul"(%[[X]], %[[W]]) {activation = "none"}
// CHECK: "backend.softmax"(%{{.*}}) {dim = 1 : i64, log = false}
// CHECK: "backend.layer_norm"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 1 : i64, eps = 1.000000e-05 : f64, operandSegmentSizes = array<i32: 1, 1, 1>}
func.func @fused(%x: tensor<2x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<2x32xf32> {
  %0 = "backend.matmul"(%x, %w, %b) {activation = "relu"} : (tensor<2x16xf32>, tensor<16x32xf32>, tensor<32xf32>) -> tensor<2x32xf32>
  %1 = "backend.matmul"(%x, %w) {activation = "none"} : (tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
  %2 = "backend.softmax"(%0) {dim = 1 : i64, log = false} : (tensor<2x32xf32>) -> tensor<2x32xf32>
  %3 = "backend.layer_norm"(%2, %b, %b) {axis = 1 : i64, eps = 1.0e-5 : f64, operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<2x32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<2x32xf32>
  return %3 : tensor<2x32xf32>
}

// -----

// CHECK-LABEL: func.func @attention_and_conv
// CHECK: "backend.sdpa"(%[[Q:.*]], %[[K:.*]], %[[V:.*]]) {is_causal = true, scale = 1.250000e-01 : f64}
// CHECK: "backend.conv2d"(%{{.*}}, %{{.*}}) {activation = "silu", dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>}
func.func @attention_and_conv(%q: tensor<1x2x8x64xf32>, %img: tensor<1x3x8x8xf32>, %k: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  %0 = "backend.sdpa"(%q, %q, %q) {is_causal = true, scale = 0.125 : f64} : (tensor<1x2x8x64xf32>, tensor<1x2x8x64xf32>, tensor<1x2x8x64xf32>) -> tensor<1x2x8x64xf32>
  %1 = "backend.conv2d"(%img, %k) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, activation = "silu"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return %1 : tensor<1x4x8x8xf32>
}
