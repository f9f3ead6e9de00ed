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

// Scores are q.k^T * scale (0.25); is_causal masks key j > query i (not j >= i: the diagonal stays)
// with -inf, after scaling.
// CHECK-LABEL: func.func @sdpa_causal
// CHECK:      %[[SCORES:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK:      %[[SCALE:.*]] = arith.constant 2.500000e-01 : f32
// CHECK:      linalg.generic {{.*}} ins(%[[SCORES]] : tensor<4x8x8xf32>)
// CHECK-NEXT: ^bb0(%[[S:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[Y:.*]] = arith.mulf %[[S]], %[[SCALE]] : f32
// CHECK-NEXT:   %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT:   %[[J:.*]] = linalg.index 2 : index
// CHECK-NEXT:   %[[ABOVE:.*]] = arith.cmpi ugt, %[[J]], %[[I]] : index
// CHECK-NEXT:   %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT:   %[[M:.*]] = arith.select %[[ABOVE]], %[[NINF]], %[[Y]] : f32
// CHECK-NEXT:   linalg.yield %[[M]] : f32
func.func @sdpa_causal(%q: tensor<4x8x16xf32>, %k: tensor<4x8x16xf32>, %v: tensor<4x8x16xf32>) -> tensor<4x8x16xf32> {
  %0 = "backend.sdpa"(%q, %k, %v) {is_causal = true, scale = 0.25 : f64} : (tensor<4x8x16xf32>, tensor<4x8x16xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}

// -----

// safe_softmax: a row whose max is -inf yields 0.
// CHECK-LABEL: func.func @sdpa_safe
// CHECK:      ^bb0(%[[E:.*]]: f32, %[[T:.*]]: f32, %[[MX:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT:   %[[EMPTY:.*]] = arith.cmpf oeq, %[[MX]], %[[NINF]] : f32
// CHECK-NEXT:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[P:.*]] = arith.divf %[[E]], %[[T]] : f32
// CHECK-NEXT:   arith.select %[[EMPTY]], %[[Z]], %[[P]] : f32
func.func @sdpa_safe(%q: tensor<4x8x16xf32>, %k: tensor<4x8x16xf32>, %v: tensor<4x8x16xf32>) -> tensor<4x8x16xf32> {
  %0 = "backend.sdpa"(%q, %k, %v) {is_causal = false, safe_softmax = true, scale = 0.25 : f64} : (tensor<4x8x16xf32>, tensor<4x8x16xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}

// -----

// Symbolic batch and sequence: the flattened batch and the sequence sizes are read off the
// operands (N from the collapsed q, S from the collapsed k), and the result is expanded back with
// q's own leading sizes.
// CHECK-LABEL: func.func @sdpa_dynamic
// CHECK-SAME: (%[[Q:.*]]: tensor<?x4x?x16xf32>, %[[K:.*]]: tensor<?x4x?x16xf32>, %[[V:.*]]: tensor<?x4x?x16xf32>
// CHECK-DAG: %[[Q3:.*]] = tensor.collapse_shape %[[Q]] {{\[\[}}0, 1], [2], [3]] : tensor<?x4x?x16xf32> into tensor<?x?x16xf32>
// CHECK-DAG: %[[K3:.*]] = tensor.collapse_shape %[[K]] {{\[\[}}0, 1], [2], [3]] : tensor<?x4x?x16xf32> into tensor<?x?x16xf32>
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[Q3]], %c0
// CHECK-DAG: %[[L:.*]] = tensor.dim %[[Q3]], %c1
// CHECK-DAG: %[[S:.*]] = tensor.dim %[[K3]], %c1
// CHECK: tensor.empty(%[[N]], %[[L]], %[[S]]) : tensor<?x?x?xf32>
// CHECK: %[[O:.*]] = linalg.batch_matmul
// CHECK: %[[B:.*]] = tensor.dim %[[Q]], %c0
// CHECK: %[[L2:.*]] = tensor.dim %[[Q3]], %c1
// CHECK: tensor.expand_shape %[[O]] {{\[\[}}0, 1], [2], [3]] output_shape [%[[B]], 4, %[[L2]], 16] : tensor<?x?x16xf32> into tensor<?x4x?x16xf32>
func.func @sdpa_dynamic(%q: tensor<?x4x?x16xf32>, %k: tensor<?x4x?x16xf32>, %v: tensor<?x4x?x16xf32>, %m: tensor<?x?xf32>) -> tensor<?x4x?x16xf32> {
  %0 = "backend.sdpa"(%q, %k, %v, %m) {is_causal = false, scale = 0.25 : f64} : (tensor<?x4x?x16xf32>, tensor<?x4x?x16xf32>, tensor<?x4x?x16xf32>, tensor<?x?xf32>) -> tensor<?x4x?x16xf32>
  return %0 : tensor<?x4x?x16xf32>
}
