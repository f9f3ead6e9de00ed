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
// CHECK: %[[S:.*]] = "edge.index_select"(%{{.*}}, %[[F]]) {dim = 0 : i64} : (tensor<5x4xf32>, tensor<6xi64>) -> tensor<6x4xf32>
// CHECK: "edge.view"(%[[S]]) : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
func.func @index_tensor(%x: tensor<5x4xf32>, %i: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
  %0 = "exir.index_tensor"(%x, %i) {indices_present = array<i1: true>} : (tensor<5x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
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

// x[i, :, j] with two index tensors on non-adjacent dims, every size dynamic: each index is
// wrapped into its dim's range (remainder by tensor.dim), they combine row-major (i * d2 + j)
// into the indexed dims moved to the front and flattened (d0 * d2 rows), one index_select.
// CHECK-LABEL: func.func @index_tensor_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?x?x?xf32>, %[[I:.*]]: tensor<?xi64>, %[[J:.*]]: tensor<?xi64>)
// CHECK:       %[[B:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?xi64>
// CHECK:       %[[D0:.*]] = tensor.dim %[[X]], %[[C0:.*]] : tensor<?x?x?xf32>
// CHECK:       %[[D0I:.*]] = arith.index_cast %[[D0]] : index to i64
// CHECK:       %[[S0:.*]] = tensor.from_elements %[[D0I]] : tensor<i64>
// CHECK:       %[[WI:.*]] = "edge.remainder"(%[[I]], %[[S0]])
// CHECK:       %[[D2:.*]] = tensor.dim %[[X]], %[[C2:.*]] : tensor<?x?x?xf32>
// CHECK:       %[[D2I:.*]] = arith.index_cast %[[D2]] : index to i64
// CHECK:       %[[S2:.*]] = tensor.from_elements %[[D2I]] : tensor<i64>
// CHECK:       %[[WJ:.*]] = "edge.remainder"(%[[J]], %[[S2]])
// CHECK:       %[[D2J:.*]] = arith.index_cast %[[D2]] : index to i64
// CHECK:       %[[S2J:.*]] = tensor.from_elements %[[D2J]] : tensor<i64>
// CHECK:       %[[M:.*]] = "edge.mul"(%[[WI]], %[[S2J]])
// CHECK:       %[[LIN:.*]] = "edge.add"(%[[M]], %[[WJ]])
// CHECK:       %[[P:.*]] = "edge.permute"(%[[X]]) {dims = array<i64: 0, 2, 1>}
// CHECK:       %[[R0:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK:       %[[R2:.*]] = tensor.dim %[[X]], %[[C2]]
// CHECK:       %[[ROWS:.*]] = arith.muli %[[R0]], %[[R2]] : index
// CHECK:       %[[D1:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x?x?xf32>
// CHECK:       %[[FX:.*]] = "edge.view"(%[[P]], %[[ROWS]], %[[D1]]) : (tensor<?x?x?xf32>, index, index) -> tensor<?x?xf32>
// CHECK:       %[[FI:.*]] = "edge.view"(%[[LIN]], %[[B]])
// CHECK:       %[[SEL:.*]] = "edge.index_select"(%[[FX]], %[[FI]]) {dim = 0 : i64}
// CHECK:       "edge.view"(%[[SEL]], %[[B]], %[[D1]]) : (tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
func.func @index_tensor_dynamic(%x: tensor<?x?x?xf32>, %i: tensor<?xi64>, %j: tensor<?xi64>) -> tensor<?x?xf32> {
  %0 = "exir.index_tensor"(%x, %i, %j) {indices_present = array<i1: true, false, true>} : (tensor<?x?x?xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
