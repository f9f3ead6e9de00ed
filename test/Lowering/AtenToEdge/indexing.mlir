// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// Indices become i64.
// CHECK-LABEL: func.func @embedding_i32
// CHECK-SAME: (%[[W:.*]]: tensor<100x16xf32>, %[[I:.*]]: tensor<2x5xi32>)
// CHECK: %[[C:.*]] = "edge.cast"(%[[I]]) : (tensor<2x5xi32>) -> tensor<2x5xi64>
// CHECK: "edge.embedding"(%[[W]], %[[C]]) : (tensor<100x16xf32>, tensor<2x5xi64>) -> tensor<2x5x16xf32>
func.func @embedding_i32(%w: tensor<100x16xf32>, %i: tensor<2x5xi32>) -> tensor<2x5x16xf32> {
  %0 = "exir.embedding"(%w, %i) {scale_grad_by_freq = false, sparse = false, static_padding_idx = -1 : i64} : (tensor<100x16xf32>, tensor<2x5xi32>) -> tensor<2x5x16xf32>
  return %0 : tensor<2x5x16xf32>
}

// -----

// CHECK-LABEL: func.func @index_select_gather
// CHECK: "edge.index_select"(%{{.*}}, %{{.*}}) {dim = 1 : i64} : (tensor<5x4xf32>, tensor<3xi64>) -> tensor<5x3xf32>
// CHECK: "edge.gather"(%{{.*}}, %{{.*}}) {dim = 0 : i64} : (tensor<5x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
func.func @index_select_gather(%x: tensor<5x4xf32>, %i: tensor<3xi64>, %g: tensor<2x4xi64>) -> (tensor<5x3xf32>, tensor<2x4xf32>) {
  %0 = "exir.index_select"(%x, %i) {dim = -1 : i64} : (tensor<5x4xf32>, tensor<3xi64>) -> tensor<5x3xf32>
  %1 = "exir.gather"(%x, %g) {dim = 0 : i64, sparse_grad = false} : (tensor<5x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  return %0, %1 : tensor<5x3xf32>, tensor<2x4xf32>
}

// -----

// x[idx] with one index tensor: index_select of the flattened index, then a view.
// CHECK-LABEL: func.func @index_tensor
// CHECK: %[[F:.*]] = "edge.view"(%{{.*}}) : (tensor<2x3xi64>) -> tensor<6xi64>
// It is marked as taking negative indices (torch.index_select does not): to_linalg checks [-n, n).
// CHECK: %[[S:.*]] = "edge.index_select"(%{{.*}}, %[[F]]) {dim = 0 : i64, exir.negative_indices} : (tensor<5x4xf32>, tensor<6xi64>) -> tensor<6x4xf32>
// CHECK: "edge.view"(%[[S]]) : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
func.func @index_tensor(%x: tensor<5x4xf32>, %i: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
  %0 = "exir.index_tensor"(%x, %i) {indices_present = array<i1: true>} : (tensor<5x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// x[:, i, j] with two index tensors (the importer cast them to their join type): both expand to
// their broadcast shape 2x3, then one edge.index gathers along dims 1 and 2.
// CHECK-LABEL: func.func @index_two_tensors
// CHECK-SAME: (%[[X:.*]]: tensor<4x5x6x7xf32>, %[[I:.*]]: tensor<1x3xi64>, %[[J:.*]]: tensor<2x1xi64>)
// CHECK: %[[BI:.*]] = "edge.expand"(%[[I]]) : (tensor<1x3xi64>) -> tensor<2x3xi64>
// CHECK: %[[BJ:.*]] = "edge.expand"(%[[J]]) : (tensor<2x1xi64>) -> tensor<2x3xi64>
// CHECK: "edge.index"(%[[X]], %[[BI]], %[[BJ]]) {dims = array<i64: 1, 2>} : (tensor<4x5x6x7xf32>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<4x2x3x7xf32>
func.func @index_two_tensors(%x: tensor<4x5x6x7xf32>, %i: tensor<1x3xi64>, %j: tensor<2x1xi64>) -> tensor<4x2x3x7xf32> {
  %ci = tensor.cast %i : tensor<1x3xi64> to tensor<?x?xi64>
  %cj = tensor.cast %j : tensor<2x1xi64> to tensor<?x?xi64>
  %0 = "exir.index_tensor"(%x, %ci, %cj) {indices_present = array<i1: false, true, true>} : (tensor<4x5x6x7xf32>, tensor<?x?xi64>, tensor<?x?xi64>) -> tensor<4x2x3x7xf32>
  return %0 : tensor<4x2x3x7xf32>
}

// -----

// One index tensor of dynamic length: edge.index (index_select's view needs a static length).
// CHECK-LABEL: func.func @index_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<5x4xf32>, %[[I:.*]]: tensor<?xi64>)
// CHECK: "edge.index"(%[[X]], %[[I]]) {dims = array<i64: 1>} : (tensor<5x4xf32>, tensor<?xi64>) -> tensor<5x?xf32>
func.func @index_dynamic(%x: tensor<5x4xf32>, %i: tensor<?xi64>) -> tensor<5x?xf32> {
  %0 = "exir.index_tensor"(%x, %i) {indices_present = array<i1: false, true>} : (tensor<5x4xf32>, tensor<?xi64>) -> tensor<5x?xf32>
  return %0 : tensor<5x?xf32>
}

// -----

// A SymInt function argument becomes an index argument.
// CHECK-LABEL: func.func @symint_argument
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[N:.*]]: index {exir.sym_expr = "s1"})
// CHECK: "edge.view"(%[[X]], %[[N]])
func.func @symint_argument(%x: tensor<?xf32>, %n: !exir.symint {exir.sym_expr = "s1"}) -> tensor<?x1xf32> {
  %0 = "exir.view"(%x, %n) {static_size = array<i64: -9223372036854775808, 1>} : (tensor<?xf32>, !exir.symint) -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}

// -----

// x[i, :, j] with two index tensors on non-adjacent dims, every size dynamic: the indices already
// have one shape, so edge.index takes them as they are (to-linalg wraps negatives and gathers).
// CHECK-LABEL: func.func @index_tensor_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?x?x?xf32>, %[[I:.*]]: tensor<?xi64>, %[[J:.*]]: tensor<?xi64>)
// CHECK-NOT:   edge.expand
// CHECK:       "edge.index"(%[[X]], %[[I]], %[[J]]) {dims = array<i64: 0, 2>} : (tensor<?x?x?xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x?xf32>
func.func @index_tensor_dynamic(%x: tensor<?x?x?xf32>, %i: tensor<?xi64>, %j: tensor<?xi64>) -> tensor<?x?xf32> {
  %0 = "exir.index_tensor"(%x, %i, %j) {indices_present = array<i1: true, false, true>} : (tensor<?x?x?xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// x[m] with a 1-d boolean mask: the nonzero coordinates (u0 of them) as the integer index.
// CHECK-LABEL: func.func @mask_index
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[M:.*]]: tensor<?xi1>)
// CHECK: %[[NZ:.*]] = "edge.nonzero"(%[[M]]) : (tensor<?xi1>) -> tensor<?x1xi64>
// CHECK: %[[U:.*]] = tensor.dim %[[NZ]]
// CHECK: %[[I:.*]] = "edge.view"(%[[NZ]], %[[U]]) : (tensor<?x1xi64>, index) -> tensor<?xi64>
// CHECK: %[[R:.*]] = "edge.index"(%[[X]], %[[I]]) {dims = array<i64: 0>} : (tensor<?x4xf32>, tensor<?xi64>) -> tensor<?x4xf32>
// CHECK: return %[[R]]
func.func @mask_index(%x: tensor<?x4xf32>, %m: tensor<?xi1>) -> tensor<?x4xf32> {
  %0 = "exir.index_tensor"(%x, %m) {indices_present = array<i1: true>} : (tensor<?x4xf32>, tensor<?xi1>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
