// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

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
