// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// matmul + bias + relu: the bias initializes the accumulator, the activation is an in-place
// elementwise epilogue on the matmul's result (codegen fuses it).
// CHECK-LABEL: func.func @matmul_bias_relu
// CHECK-SAME: (%[[X:.*]]: tensor<2x16xf32>, %[[W:.*]]: tensor<16x32xf32>, %[[B:.*]]: tensor<32xf32>)
// CHECK: %[[INIT:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<32xf32>)
// CHECK: %[[MM:.*]] = linalg.matmul ins(%[[X]], %[[W]] : tensor<2x16xf32>, tensor<16x32xf32>) outs(%[[INIT]] : tensor<2x32xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[MM]] : tensor<2x32xf32>) outs(%[[MM]] : tensor<2x32xf32>)
// CHECK: arith.maximumf
// CHECK: return %[[R]]
func.func @matmul_bias_relu(%x: tensor<2x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<2x32xf32> {
  %0 = "backend.matmul"(%x, %w, %b) {activation = "relu"} : (tensor<2x16xf32>, tensor<16x32xf32>, tensor<32xf32>) -> tensor<2x32xf32>
  return %0 : tensor<2x32xf32>
}

// -----

// CHECK-LABEL: func.func @batched_matmul_gelu
// CHECK: linalg.batch_matmul
// CHECK: math.erf
func.func @batched_matmul_gelu(%x: tensor<4x2x16xf32>, %w: tensor<4x16x32xf32>) -> tensor<4x2x32xf32> {
  %0 = "backend.matmul"(%x, %w) {activation = "gelu"} : (tensor<4x2x16xf32>, tensor<4x16x32xf32>) -> tensor<4x2x32xf32>
  return %0 : tensor<4x2x32xf32>
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

// -----

// sdpa over [B, H, L, E]: flattened to 3-d, q.k^T contracted over E, scaled, masked, softmax, @ v.
// CHECK-DAG: #[[Q:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[K:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-LABEL: func.func @sdpa
// CHECK: %[[Q3:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2], [3]] : tensor<2x4x8x16xf32> into tensor<8x8x16xf32>
// CHECK: linalg.generic {indexing_maps = [#[[Q]], #[[K]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK: arith.constant 2.500000e-01 : f32
// CHECK: math.exp
// CHECK: %[[O:.*]] = linalg.batch_matmul
// CHECK: tensor.expand_shape %[[O]] {{\[\[}}0, 1], [2], [3]] output_shape [2, 4, 8, 16] : tensor<8x8x16xf32> into tensor<2x4x8x16xf32>
func.func @sdpa(%q: tensor<2x4x8x16xf32>, %k: tensor<2x4x8x16xf32>, %v: tensor<2x4x8x16xf32>, %m: tensor<8x8xf32>) -> tensor<2x4x8x16xf32> {
  %0 = "backend.sdpa"(%q, %k, %v, %m) {is_causal = false, scale = 0.25 : f64} : (tensor<2x4x8x16xf32>, tensor<2x4x8x16xf32>, tensor<2x4x8x16xf32>, tensor<8x8xf32>) -> tensor<2x4x8x16xf32>
  return %0 : tensor<2x4x8x16xf32>
}

// -----

// is_causal masks j > i with -inf.
// CHECK-LABEL: func.func @sdpa_causal
// CHECK: linalg.index 1
// CHECK: linalg.index 2
// CHECK: arith.cmpi ugt
// CHECK: arith.select
func.func @sdpa_causal(%q: tensor<4x8x16xf32>, %k: tensor<4x8x16xf32>, %v: tensor<4x8x16xf32>) -> tensor<4x8x16xf32> {
  %0 = "backend.sdpa"(%q, %k, %v) {is_causal = true, scale = 0.25 : f64} : (tensor<4x8x16xf32>, tensor<4x8x16xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}

// -----

// safe_softmax: a row whose max is -inf yields 0.
// CHECK-LABEL: func.func @sdpa_safe
// CHECK: arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
// CHECK: arith.select
func.func @sdpa_safe(%q: tensor<4x8x16xf32>, %k: tensor<4x8x16xf32>, %v: tensor<4x8x16xf32>) -> tensor<4x8x16xf32> {
  %0 = "backend.sdpa"(%q, %k, %v) {is_causal = false, safe_softmax = true, scale = 0.25 : f64} : (tensor<4x8x16xf32>, tensor<4x8x16xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}
