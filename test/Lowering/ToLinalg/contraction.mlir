// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// CHECK-LABEL: func.func @mm
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x4xf32>)
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[E:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<2x4xf32>)
// CHECK: linalg.matmul ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[F]] : tensor<2x4xf32>)
func.func @mm(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "edge.mm"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// addmm accumulates into the broadcast bias (no separate add).
// CHECK-LABEL: func.func @addmm
// CHECK-SAME: (%[[BIAS:.*]]: tensor<4xf32>, %[[A:.*]]: tensor<?x3xf32>, %[[B:.*]]: tensor<3x4xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[A]]
// CHECK: %[[INIT:.*]] = linalg.generic {{.*}} ins(%[[BIAS]] : tensor<4xf32>) outs(%{{.*}} : tensor<?x4xf32>)
// CHECK: linalg.matmul ins(%[[A]], %[[B]] : tensor<?x3xf32>, tensor<3x4xf32>) outs(%[[INIT]] : tensor<?x4xf32>)
func.func @addmm(%bias: tensor<4xf32>, %a: tensor<?x3xf32>, %b: tensor<3x4xf32>) -> tensor<?x4xf32> {
  %0 = "edge.addmm"(%bias, %a, %b) : (tensor<4xf32>, tensor<?x3xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @bmm
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<8x2x3xf32>, tensor<8x3x4xf32>) outs(%{{.*}} : tensor<8x2x4xf32>)
func.func @bmm(%a: tensor<8x2x3xf32>, %b: tensor<8x3x4xf32>) -> tensor<8x2x4xf32> {
  %0 = "edge.bmm"(%a, %b) : (tensor<8x2x3xf32>, tensor<8x3x4xf32>) -> tensor<8x2x4xf32>
  return %0 : tensor<8x2x4xf32>
}

// -----

// f16/bf16 accumulate in f32 like torch's opmath: upcast, f32 matmul, one rounding at the end.
// CHECK-LABEL: func.func @mm_f16
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: %[[M:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<2x3xf32>, tensor<3x4xf32>) outs(%{{.*}} : tensor<2x4xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[M]] : tensor<2x4xf32>) outs(%{{.*}} : tensor<2x4xf16>)
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @mm_f16(%a: tensor<2x3xf16>, %b: tensor<3x4xf16>) -> tensor<2x4xf16> {
  %0 = "edge.mm"(%a, %b) : (tensor<2x3xf16>, tensor<3x4xf16>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

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

// bmm of x (3-D) with one matrix expanded over the batch (torch's matmul for `x @ W` when x cannot
// be viewed as 2-D): one [B*M, K] x [K, N] matmul of the matrix itself, reshaped to [B, M, N]; no
// per-batch copy of the matrix, no batch_matmul.
// CHECK-LABEL: func.func @bmm_shared_matrix
// CHECK-SAME: (%[[X:.*]]: tensor<4x6x8xf32>, %[[W:.*]]: tensor<8x5xf32>)
// CHECK-NOT: linalg.batch_matmul
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<4x6x8xf32> into tensor<24x8xf32>
// CHECK: %[[MM:.*]] = linalg.matmul ins(%[[FLAT]], %[[W]] : tensor<24x8xf32>, tensor<8x5xf32>) outs(%{{.*}} : tensor<24x5xf32>)
// CHECK: %[[R:.*]] = tensor.expand_shape %[[MM]] {{\[}}[0, 1], [2]] output_shape [4, 6, 5] : tensor<24x5xf32> into tensor<4x6x5xf32>
// CHECK-NOT: linalg.batch_matmul
// CHECK: return %[[R]]
func.func @bmm_shared_matrix(%x: tensor<4x6x8xf32>, %w: tensor<8x5xf32>) -> tensor<4x6x5xf32> {
  %e = "edge.expand"(%w) : (tensor<8x5xf32>) -> tensor<4x8x5xf32>
  %0 = "edge.bmm"(%x, %e) : (tensor<4x6x8xf32>, tensor<4x8x5xf32>) -> tensor<4x6x5xf32>
  return %0 : tensor<4x6x5xf32>
}

// -----

// The same with batch and rows symbolic: the merged dim is dynamic, and the result, with two
// dynamic sizes in one group, comes back through tensor.reshape of the input's own sizes.
// CHECK-LABEL: func.func @bmm_shared_matrix_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x8xf32> {{.*}}, %[[W:.*]]: tensor<8x5xf32>)
// CHECK-NOT: linalg.batch_matmul
// CHECK-DAG: %[[B:.*]] = tensor.dim %[[X]], %c0
// CHECK-DAG: %[[M:.*]] = tensor.dim %[[X]], %c1
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<?x?x8xf32> into tensor<?x8xf32>
// CHECK: %[[MM:.*]] = linalg.matmul ins(%[[FLAT]], %[[W]] : tensor<?x8xf32>, tensor<8x5xf32>) outs(%{{.*}} : tensor<?x5xf32>)
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[B]], %[[M]], %c5 : tensor<3xindex>
// CHECK: %[[R:.*]] = tensor.reshape %[[MM]](%[[SHAPE]]) : (tensor<?x5xf32>, tensor<3xindex>) -> tensor<?x?x5xf32>
// CHECK: return %[[R]]
func.func @bmm_shared_matrix_dynamic(%x: tensor<?x?x8xf32> {exir.sym_shape = ["s0", "s1", "8"]}, %w: tensor<8x5xf32>) -> tensor<?x?x5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x8xf32>
  %e = "edge.expand"(%w, %b) {exir.sym_shapes = [["s0", "8", "5"]]} : (tensor<8x5xf32>, index) -> tensor<?x8x5xf32>
  %0 = "edge.bmm"(%x, %e) {exir.sym_shapes = [["s0", "s1", "5"]]} : (tensor<?x?x8xf32>, tensor<?x8x5xf32>) -> tensor<?x?x5xf32>
  return %0 : tensor<?x?x5xf32>
}

// -----

// A batch of different matrices (no expand) stays a batch_matmul.
// CHECK-LABEL: func.func @bmm_own_matrices
// CHECK: linalg.batch_matmul
func.func @bmm_own_matrices(%x: tensor<4x6x8xf32>, %w: tensor<4x8x5xf32>) -> tensor<4x6x5xf32> {
  %0 = "edge.bmm"(%x, %w) : (tensor<4x6x8xf32>, tensor<4x8x5xf32>) -> tensor<4x6x5xf32>
  return %0 : tensor<4x6x5xf32>
}
