// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(edge-to-backend)' | FileCheck %s

// What torch.export makes of F.scaled_dot_product_attention(q, k, v, is_causal=True) on
// [2, 4, 8, 16] inputs (after aten-to-edge): bmm(q, k^T) / sqrt(E), a causal where(-inf),
// softmax, bmm with v, through views and expands. It becomes one backend.sdpa with the
// mask made additive; the dead chain is removed.
// CHECK-LABEL: func.func @decomposed_sdpa
// CHECK-SAME: (%[[Q:.*]]: tensor<2x4x8x16xf32>, %[[K:.*]]: tensor<2x4x8x16xf32>, %[[V:.*]]: tensor<2x4x8x16xf32>, %[[C:.*]]: tensor<8x8xi1>)
// CHECK-DAG: %[[Q3:.*]] = "edge.view"(%[[Q]]) : (tensor<2x4x8x16xf32>) -> tensor<8x8x16xf32>
// CHECK-DAG: %[[K3:.*]] = "edge.view"(%[[K]]) : (tensor<2x4x8x16xf32>) -> tensor<8x8x16xf32>
// CHECK-DAG: %[[V3:.*]] = "edge.view"(%[[V]]) : (tensor<2x4x8x16xf32>) -> tensor<8x8x16xf32>
// CHECK: %[[M:.*]] = "edge.where"(%[[C]], %{{.*}}, %{{.*}}) : (tensor<8x8xi1>, tensor<f32>, tensor<f32>) -> tensor<8x8xf32>
// CHECK: %[[O:.*]] = "backend.sdpa"(%[[Q3]], %[[K3]], %[[V3]], %[[M]]) {is_causal = false, scale = 2.500000e-01 : f64}
// CHECK: %[[R:.*]] = "edge.view"(%[[O]]) : (tensor<8x8x16xf32>) -> tensor<2x4x8x16xf32>
// CHECK-NOT: edge.bmm
// CHECK-NOT: softmax
// CHECK: return %[[R]]
func.func @decomposed_sdpa(%q: tensor<2x4x8x16xf32>, %k: tensor<2x4x8x16xf32>, %v: tensor<2x4x8x16xf32>, %cond: tensor<8x8xi1>) -> tensor<2x4x8x16xf32> {
  %ninf = arith.constant dense<0xFF800000> : tensor<f32>
  %four = arith.constant dense<4.000000e+00> : tensor<f32>
  %0 = "edge.permute"(%k) {dims = array<i64: 0, 1, 3, 2>} : (tensor<2x4x8x16xf32>) -> tensor<2x4x16x8xf32>
  %1 = "edge.expand"(%q) : (tensor<2x4x8x16xf32>) -> tensor<2x4x8x16xf32>
  %2 = "edge.view"(%1) : (tensor<2x4x8x16xf32>) -> tensor<8x8x16xf32>
  %3 = "edge.expand"(%0) : (tensor<2x4x16x8xf32>) -> tensor<2x4x16x8xf32>
  %4 = "edge.view"(%3) : (tensor<2x4x16x8xf32>) -> tensor<8x16x8xf32>
  %5 = "edge.bmm"(%2, %4) : (tensor<8x8x16xf32>, tensor<8x16x8xf32>) -> tensor<8x8x8xf32>
  %6 = "edge.view"(%5) : (tensor<8x8x8xf32>) -> tensor<2x4x8x8xf32>
  %7 = "edge.div"(%6, %four) : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x8x8xf32>
  %8 = "edge.where"(%cond, %ninf, %7) : (tensor<8x8xi1>, tensor<f32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %9 = "edge.softmax"(%8) {dim = 3 : i64} : (tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %10 = "edge.expand"(%9) : (tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %11 = "edge.view"(%10) : (tensor<2x4x8x8xf32>) -> tensor<8x8x8xf32>
  %12 = "edge.expand"(%v) : (tensor<2x4x8x16xf32>) -> tensor<2x4x8x16xf32>
  %13 = "edge.view"(%12) : (tensor<2x4x8x16xf32>) -> tensor<8x8x16xf32>
  %14 = "edge.bmm"(%11, %13) : (tensor<8x8x8xf32>, tensor<8x8x16xf32>) -> tensor<8x8x16xf32>
  %15 = "edge.view"(%14) : (tensor<8x8x16xf32>) -> tensor<2x4x8x16xf32>
  return %15 : tensor<2x4x8x16xf32>
}

// -----

// The scale split over q and k (older exports multiply each by sqrt(scale)) multiplies up.
// CHECK-LABEL: func.func @scale_on_q_and_k
// CHECK: "backend.sdpa"(%{{.*}}, %{{.*}}, %{{.*}}) {is_causal = false, scale = 2.500000e-01 : f64}
func.func @scale_on_q_and_k(%q: tensor<4x8x16xf32>, %k: tensor<4x8x16xf32>, %v: tensor<4x8x16xf32>) -> tensor<4x8x16xf32> {
  %half = arith.constant dense<5.000000e-01> : tensor<f32>
  %0 = "edge.mul"(%q, %half) : (tensor<4x8x16xf32>, tensor<f32>) -> tensor<4x8x16xf32>
  %1 = "edge.permute"(%k) {dims = array<i64: 0, 2, 1>} : (tensor<4x8x16xf32>) -> tensor<4x16x8xf32>
  %2 = "edge.mul"(%1, %half) : (tensor<4x16x8xf32>, tensor<f32>) -> tensor<4x16x8xf32>
  %3 = "edge.bmm"(%0, %2) : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
  %4 = "edge.softmax"(%3) {dim = 2 : i64} : (tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %5 = "edge.bmm"(%4, %v) : (tensor<4x8x8xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %5 : tensor<4x8x16xf32>
}

// -----

// A bmm of a softmax that is not attention-shaped (no q.k^T product) stays as it is.
// CHECK-LABEL: func.func @not_attention
// CHECK: "backend.softmax"
// CHECK: "backend.matmul"
// CHECK-NOT: backend.sdpa
func.func @not_attention(%s: tensor<4x8x8xf32>, %v: tensor<4x8x16xf32>) -> tensor<4x8x16xf32> {
  %0 = "edge.softmax"(%s) {dim = 2 : i64} : (tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %1 = "edge.bmm"(%0, %v) : (tensor<4x8x8xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %1 : tensor<4x8x16xf32>
}

// -----

// torch 2.13's decomposition wraps the softmax in _safe_softmax (rows of all -inf give 0):
// recognized, and kept exact with safe_softmax = true.
// CHECK-LABEL: func.func @safe_softmax
// CHECK: "backend.sdpa"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {is_causal = false, safe_softmax = true, scale = 2.500000e-01 : f64}
// CHECK-NOT: edge.any
func.func @safe_softmax(%q: tensor<4x8x16xf32>, %k: tensor<4x8x16xf32>, %v: tensor<4x8x16xf32>, %m: tensor<8x8xf32>) -> tensor<4x8x16xf32> {
  %ninf = arith.constant dense<0xFF800000> : tensor<f32>
  %zeros = arith.constant dense<0.000000e+00> : tensor<4x8x8xf32>
  %quarter = arith.constant dense<2.500000e-01> : tensor<f32>
  %0 = "edge.permute"(%k) {dims = array<i64: 0, 2, 1>} : (tensor<4x8x16xf32>) -> tensor<4x16x8xf32>
  %1 = "edge.bmm"(%q, %0) : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
  %2 = "edge.mul"(%1, %quarter) : (tensor<4x8x8xf32>, tensor<f32>) -> tensor<4x8x8xf32>
  %3 = "edge.add"(%2, %m) : (tensor<4x8x8xf32>, tensor<8x8xf32>) -> tensor<4x8x8xf32>
  %4 = "edge.softmax"(%3) {dim = 2 : i64} : (tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %5 = "edge.eq"(%3, %ninf) : (tensor<4x8x8xf32>, tensor<f32>) -> tensor<4x8x8xi1>
  %6 = "edge.logical_not"(%5) : (tensor<4x8x8xi1>) -> tensor<4x8x8xi1>
  %7 = "edge.any"(%6) {dims = array<i64: 2>, keepdim = true} : (tensor<4x8x8xi1>) -> tensor<4x8x1xi1>
  %8 = "edge.logical_not"(%7) : (tensor<4x8x1xi1>) -> tensor<4x8x1xi1>
  %9 = "edge.where"(%8, %zeros, %4) : (tensor<4x8x1xi1>, tensor<4x8x8xf32>, tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %10 = "edge.bmm"(%9, %v) : (tensor<4x8x8xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %10 : tensor<4x8x16xf32>
}

// -----

// The same chain with a symbolic batch and sequence (what torch.export makes of it with both dims
// marked `Dim`; the importer's exir.sym_shapes show that each view keeps the matrix dims
// [s1, 16] / [s1, s1] and only regroups [s0, 4] into 4*s0): q, k and v keep their rank and the lowering flattens their leading dims, the mask
// keeps its symbolic shape, and the [N, L, Ev] the bmm returned is the sdpa's result collapsed.
// CHECK-LABEL: func.func @decomposed_sdpa_dynamic
// CHECK-SAME: (%[[Q:.*]]: tensor<?x4x?x16xf32>, %[[K:.*]]: tensor<?x4x?x16xf32>, %[[V:.*]]: tensor<?x4x?x16xf32>
// CHECK: %[[C:.*]] = "edge.bitwise_not"
// CHECK: %[[M:.*]] = "edge.where"(%[[C]], %{{.*}}, %{{.*}}) {exir.sym_shapes = {{\[\[}}"s1", "s1"]]} : (tensor<?x?xi1>, tensor<f32>, tensor<f32>) -> tensor<?x?xf32>
// CHECK: %[[O:.*]] = "backend.sdpa"(%[[Q]], %[[K]], %[[V]], %[[M]]) {is_causal = false, scale = 2.500000e-01 : f64} : (tensor<?x4x?x16xf32>, tensor<?x4x?x16xf32>, tensor<?x4x?x16xf32>, tensor<?x?xf32>) -> tensor<?x4x?x16xf32>
// CHECK: %[[O3:.*]] = tensor.collapse_shape %[[O]] {{\[\[}}0, 1], [2], [3]] : tensor<?x4x?x16xf32> into tensor<?x?x16xf32>
// CHECK: %[[R:.*]] = "edge.view"(%[[O3]], %{{.*}}, %{{.*}})
// CHECK-NOT: edge.bmm
// CHECK-NOT: softmax
// CHECK: return %[[R]]
func.func @decomposed_sdpa_dynamic(%q: tensor<?x4x?x16xf32>, %k: tensor<?x4x?x16xf32>, %v: tensor<?x4x?x16xf32>, %c: tensor<?x?xi1>, %b: index, %l: index) -> tensor<?x4x?x16xf32> {
  %ninf = arith.constant dense<0xFF800000> : tensor<f32>
  %four = arith.constant dense<4.000000e+00> : tensor<f32>
  %c4 = arith.constant 4 : index
  %n = arith.muli %b, %c4 : index
  %cond = "edge.bitwise_not"(%c) {exir.sym_shapes = [["s1", "s1"]]} : (tensor<?x?xi1>) -> tensor<?x?xi1>
  %0 = "edge.permute"(%k) {dims = array<i64: 0, 1, 3, 2>} : (tensor<?x4x?x16xf32>) -> tensor<?x4x16x?xf32>
  %1 = "edge.expand"(%q, %b, %l) {exir.sym_shapes = [["s0", "4", "s1", "16"]]} : (tensor<?x4x?x16xf32>, index, index) -> tensor<?x4x?x16xf32>
  %2 = "edge.view"(%1, %n, %l) {exir.sym_shapes = [["4*s0", "s1", "16"]]} : (tensor<?x4x?x16xf32>, index, index) -> tensor<?x?x16xf32>
  %3 = "edge.expand"(%0, %b, %l) {exir.sym_shapes = [["s0", "4", "16", "s1"]]} : (tensor<?x4x16x?xf32>, index, index) -> tensor<?x4x16x?xf32>
  %4 = "edge.view"(%3, %n, %l) {exir.sym_shapes = [["4*s0", "16", "s1"]]} : (tensor<?x4x16x?xf32>, index, index) -> tensor<?x16x?xf32>
  %5 = "edge.bmm"(%2, %4) {exir.sym_shapes = [["4*s0", "s1", "s1"]]} : (tensor<?x?x16xf32>, tensor<?x16x?xf32>) -> tensor<?x?x?xf32>
  %6 = "edge.view"(%5, %b, %l, %l) {exir.sym_shapes = [["s0", "4", "s1", "s1"]]} : (tensor<?x?x?xf32>, index, index, index) -> tensor<?x4x?x?xf32>
  %7 = "edge.div"(%6, %four) : (tensor<?x4x?x?xf32>, tensor<f32>) -> tensor<?x4x?x?xf32>
  %8 = "edge.where"(%cond, %ninf, %7) : (tensor<?x?xi1>, tensor<f32>, tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
  %9 = "edge.softmax"(%8) {dim = 3 : i64} : (tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
  %10 = "edge.expand"(%9, %b, %l, %l) {exir.sym_shapes = [["s0", "4", "s1", "s1"]]} : (tensor<?x4x?x?xf32>, index, index, index) -> tensor<?x4x?x?xf32>
  %11 = "edge.view"(%10, %n, %l, %l) {exir.sym_shapes = [["4*s0", "s1", "s1"]]} : (tensor<?x4x?x?xf32>, index, index, index) -> tensor<?x?x?xf32>
  %12 = "edge.expand"(%v, %b, %l) {exir.sym_shapes = [["s0", "4", "s1", "16"]]} : (tensor<?x4x?x16xf32>, index, index) -> tensor<?x4x?x16xf32>
  %13 = "edge.view"(%12, %n, %l) {exir.sym_shapes = [["4*s0", "s1", "16"]]} : (tensor<?x4x?x16xf32>, index, index) -> tensor<?x?x16xf32>
  %14 = "edge.bmm"(%11, %13) : (tensor<?x?x?xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
  %15 = "edge.view"(%14, %b, %l) : (tensor<?x?x16xf32>, index, index) -> tensor<?x4x?x16xf32>
  return %15 : tensor<?x4x?x16xf32>
}

// -----

// The _safe_softmax chain with symbolic shapes: torch.export keeps its zeros (`full_like`) as an
// edge.expand of a rank-0 splat to the dynamic shape (a static shape folds it into one splat
// constant), and the tensor.dims that size the expand read the softmax. Recognized through the
// expand; the dims and the unfused chain are dropped.
// CHECK-LABEL: func.func @safe_softmax_dynamic
// CHECK-NOT: tensor.dim
// CHECK-NOT: softmax"
// CHECK-NOT: matmul
// CHECK: "backend.sdpa"(%{{.*}}, %{{.*}}, %{{.*}}) {is_causal = false, safe_softmax = true, scale = 2.500000e-01 : f64}
// CHECK-NOT: edge.any
// CHECK: return
func.func @safe_softmax_dynamic(%q: tensor<?x4x?x16xf32>, %k: tensor<?x4x?x16xf32>, %v: tensor<?x4x?x16xf32>, %b: index, %l: index, %s: index) -> tensor<?x4x?x16xf32> {
  %ninf = arith.constant dense<0xFF800000> : tensor<f32>
  %zero = arith.constant dense<0.000000e+00> : tensor<f32>
  %quarter = arith.constant dense<2.500000e-01> : tensor<f32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %n = arith.muli %b, %c4 : index
  %0 = "edge.permute"(%k) {dims = array<i64: 0, 1, 3, 2>, exir.sym_shapes = [["s0", "4", "16", "s2"]]} : (tensor<?x4x?x16xf32>) -> tensor<?x4x16x?xf32>
  %1 = "edge.mul"(%0, %quarter) {exir.sym_shapes = [["s0", "4", "16", "s2"]]} : (tensor<?x4x16x?xf32>, tensor<f32>) -> tensor<?x4x16x?xf32>
  %2 = "edge.expand"(%q, %b, %l) {exir.sym_shapes = [["s0", "4", "s1", "16"]]} : (tensor<?x4x?x16xf32>, index, index) -> tensor<?x4x?x16xf32>
  %3 = "edge.view"(%2, %n, %l) {exir.sym_shapes = [["4*s0", "s1", "16"]]} : (tensor<?x4x?x16xf32>, index, index) -> tensor<?x?x16xf32>
  %4 = "edge.expand"(%1, %b, %s) {exir.sym_shapes = [["s0", "4", "16", "s2"]]} : (tensor<?x4x16x?xf32>, index, index) -> tensor<?x4x16x?xf32>
  %5 = "edge.view"(%4, %n, %s) {exir.sym_shapes = [["4*s0", "16", "s2"]]} : (tensor<?x4x16x?xf32>, index, index) -> tensor<?x16x?xf32>
  %6 = "edge.bmm"(%3, %5) {exir.sym_shapes = [["4*s0", "s1", "s2"]]} : (tensor<?x?x16xf32>, tensor<?x16x?xf32>) -> tensor<?x?x?xf32>
  %7 = "edge.view"(%6, %b, %l, %s) {exir.sym_shapes = [["s0", "4", "s1", "s2"]]} : (tensor<?x?x?xf32>, index, index, index) -> tensor<?x4x?x?xf32>
  %8 = "edge.softmax"(%7) {dim = 3 : i64, exir.sym_shapes = [["s0", "4", "s1", "s2"]]} : (tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
  %9 = "edge.eq"(%7, %ninf) {exir.sym_shapes = [["s0", "4", "s1", "s2"]]} : (tensor<?x4x?x?xf32>, tensor<f32>) -> tensor<?x4x?x?xi1>
  %10 = "edge.logical_not"(%9) {exir.sym_shapes = [["s0", "4", "s1", "s2"]]} : (tensor<?x4x?x?xi1>) -> tensor<?x4x?x?xi1>
  %11 = "edge.any"(%10) {dims = array<i64: 3>, exir.sym_shapes = [["s0", "4", "s1", "1"]], keepdim = true} : (tensor<?x4x?x?xi1>) -> tensor<?x4x?x1xi1>
  %12 = "edge.logical_not"(%11) {exir.sym_shapes = [["s0", "4", "s1", "1"]]} : (tensor<?x4x?x1xi1>) -> tensor<?x4x?x1xi1>
  %d0 = tensor.dim %8, %c0 : tensor<?x4x?x?xf32>
  %d2 = tensor.dim %8, %c2 : tensor<?x4x?x?xf32>
  %d3 = tensor.dim %8, %c3 : tensor<?x4x?x?xf32>
  %13 = "edge.expand"(%zero, %d0, %d2, %d3) {exir.sym_shapes = [["s0", "4", "s1", "s2"]]} : (tensor<f32>, index, index, index) -> tensor<?x4x?x?xf32>
  %14 = "edge.where"(%12, %13, %8) {exir.sym_shapes = [["s0", "4", "s1", "s2"]]} : (tensor<?x4x?x1xi1>, tensor<?x4x?x?xf32>, tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
  %15 = "edge.expand"(%14, %b, %l, %s) {exir.sym_shapes = [["s0", "4", "s1", "s2"]]} : (tensor<?x4x?x?xf32>, index, index, index) -> tensor<?x4x?x?xf32>
  %16 = "edge.view"(%15, %n, %l, %s) {exir.sym_shapes = [["4*s0", "s1", "s2"]]} : (tensor<?x4x?x?xf32>, index, index, index) -> tensor<?x?x?xf32>
  %17 = "edge.expand"(%v, %b, %s) {exir.sym_shapes = [["s0", "4", "s2", "16"]]} : (tensor<?x4x?x16xf32>, index, index) -> tensor<?x4x?x16xf32>
  %18 = "edge.view"(%17, %n, %s) {exir.sym_shapes = [["4*s0", "s2", "16"]]} : (tensor<?x4x?x16xf32>, index, index) -> tensor<?x?x16xf32>
  %19 = "edge.bmm"(%16, %18) {exir.sym_shapes = [["4*s0", "s1", "16"]]} : (tensor<?x?x?xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
  %20 = "edge.view"(%19, %b, %l) {exir.sym_shapes = [["s0", "4", "s1", "16"]]} : (tensor<?x?x16xf32>, index, index) -> tensor<?x4x?x16xf32>
  return %20 : tensor<?x4x?x16xf32>
}

// -----

// A view that reshapes the matrix dims is not attention's batch regrouping: q of [4, 2, 8] viewed
// as [4, 4, 4]. The sdpa takes the viewed q (skipping the view, it took [4, 2, 8] and failed in
// to-linalg).
// CHECK-LABEL: func.func @view_of_the_matrix_dims
// CHECK-SAME: (%[[Q0:.*]]: tensor<4x2x8xf32>, %[[K:.*]]: tensor<4x6x4xf32>, %[[V:.*]]: tensor<4x6x5xf32>)
// CHECK: %[[Q:.*]] = "edge.view"(%[[Q0]]) : (tensor<4x2x8xf32>) -> tensor<4x4x4xf32>
// CHECK: "backend.sdpa"(%[[Q]], %[[K]], %[[V]]) {is_causal = false, scale = 1.000000e+00 : f64}
// CHECK-NOT: edge.bmm
func.func @view_of_the_matrix_dims(%q0: tensor<4x2x8xf32>, %k: tensor<4x6x4xf32>, %v: tensor<4x6x5xf32>) -> tensor<4x4x5xf32> {
  %q = "edge.view"(%q0) : (tensor<4x2x8xf32>) -> tensor<4x4x4xf32>
  %1 = "edge.permute"(%k) {dims = array<i64: 0, 2, 1>} : (tensor<4x6x4xf32>) -> tensor<4x4x6xf32>
  %2 = "edge.bmm"(%q, %1) : (tensor<4x4x4xf32>, tensor<4x4x6xf32>) -> tensor<4x4x6xf32>
  %3 = "edge.softmax"(%2) {dim = 2 : i64} : (tensor<4x4x6xf32>) -> tensor<4x4x6xf32>
  %4 = "edge.bmm"(%3, %v) : (tensor<4x4x6xf32>, tensor<4x6x5xf32>) -> tensor<4x4x5xf32>
  return %4 : tensor<4x4x5xf32>
}

// -----

// The same with symbolic dims: q of [s0, 2*s1, 8] viewed as [2*s0, s1, 8] moves half of the rows
// into the batch (both last dims read `?x8`; their symbolic expressions differ): the sdpa takes
// the viewed q.
// CHECK-LABEL: func.func @view_of_symbolic_matrix_dims
// CHECK: %[[Q:.*]] = "edge.view"({{.*}}) {exir.sym_shapes = {{\[\[}}"2*s0", "s1", "8"]]}
// CHECK: "backend.sdpa"(%[[Q]],
// CHECK-NOT: edge.bmm
func.func @view_of_symbolic_matrix_dims(%q0: tensor<?x?x8xf32>, %k: tensor<?x?x8xf32>, %v: tensor<?x?x8xf32>, %n: index, %l: index) -> tensor<?x?x8xf32> {
  %q0e = "edge.expand"(%q0, %n, %l) {exir.sym_shapes = [["s0", "2*s1", "8"]]} : (tensor<?x?x8xf32>, index, index) -> tensor<?x?x8xf32>
  %q = "edge.view"(%q0e, %n, %l) {exir.sym_shapes = [["2*s0", "s1", "8"]]} : (tensor<?x?x8xf32>, index, index) -> tensor<?x?x8xf32>
  %1 = "edge.permute"(%k) {dims = array<i64: 0, 2, 1>} : (tensor<?x?x8xf32>) -> tensor<?x8x?xf32>
  %2 = "edge.bmm"(%q, %1) : (tensor<?x?x8xf32>, tensor<?x8x?xf32>) -> tensor<?x?x?xf32>
  %3 = "edge.softmax"(%2) {dim = 2 : i64} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %4 = "edge.bmm"(%3, %v) : (tensor<?x?x?xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
  return %4 : tensor<?x?x8xf32>
}
