// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// A scatter is a sequential loop over the index elements (duplicates combine in order). A
// function argument is copied before it is updated: it is the caller's buffer.
// CHECK-LABEL: func.func @scatter_sum
// CHECK-SAME: (%[[X:.*]]: tensor<10x5xf32>, %[[I:.*]]: tensor<5x5xi64>, %[[S:.*]]: tensor<5x5xf32>)
// CHECK: %[[COPY:.*]] = bufferization.alloc_tensor() copy(%[[X]]) : tensor<10x5xf32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[COPY]]) -> (tensor<10x5xf32>)
// CHECK:   tensor.extract %[[I]]
// CHECK:   %[[OLD:.*]] = tensor.extract %[[ACC]]
// CHECK:   %[[NEW:.*]] = arith.addf %[[OLD]], %{{.*}} : f32
// CHECK:   tensor.insert %[[NEW]] into %[[ACC]]
func.func @scatter_sum(%x: tensor<10x5xf32>, %i: tensor<5x5xi64>, %s: tensor<5x5xf32>) -> tensor<10x5xf32> {
  %0 = "edge.scatter"(%x, %i, %s) {dim = 0 : i64, reduce = "sum"} : (tensor<10x5xf32>, tensor<5x5xi64>, tensor<5x5xf32>) -> tensor<10x5xf32>
  return %0 : tensor<10x5xf32>
}

// -----

// CHECK-LABEL: func.func @slice_scatter
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[1, 0] [2, 4] [2, 1] : tensor<2x4xf32> into tensor<6x4xf32>
func.func @slice_scatter(%x: tensor<6x4xf32>, %s: tensor<2x4xf32>) -> tensor<6x4xf32> {
  %0 = "edge.slice_scatter"(%x, %s) {dim = 0 : i64, start = 1 : i64, step = 2 : i64} : (tensor<6x4xf32>, tensor<2x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// index_put with dynamic shapes: the loop runs to the index's length (tensor.dim), a negative row
// is wrapped by x's dynamic dim 0, each row of the values is inserted at it.
// CHECK-LABEL: func.func @index_put_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?x4xf32>, %[[I:.*]]: tensor<?xi64>, %[[V:.*]]: tensor<?x4xf32>)
// CHECK:       %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4xf32>
// CHECK:       %[[L:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?xi64>
// Every row index is checked against [-n, n) before the loop (index_put takes negative indices),
// and the row is clamped into [0, n) so the write stays inside x.
// CHECK:       %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:       %[[MINUS:.*]] = arith.subi %{{.*}}, %[[N64]] : i64
// CHECK:       linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[I]] : tensor<?xi64>)
// CHECK:         arith.cmpi slt, %{{.*}}, %[[MINUS]] : i64
// CHECK:         arith.cmpi sge, %{{.*}}, %[[N64]] : i64
// CHECK:       cf.assert %{{.*}}, "index out of range in aten.index_put at {{.*}}: an index value is outside the valid range [-n, n-1] where n is the size of dim 0 at this call"
// CHECK:       %[[E:.*]] = tensor.empty(%[[L]]) : tensor<?x4xf32>
// CHECK:       %[[VALS:.*]] = linalg.generic {{.*}} ins(%[[V]] : tensor<?x4xf32>) outs(%[[E]] : tensor<?x4xf32>)
// A destination dim of size 0 at run time: the loop runs no iteration (no row index is inside x;
// the check has failed then), so nothing is written.
// CHECK:       %[[EMPTY:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : index
// CHECK:       %[[TRIPS:.*]] = arith.select %[[EMPTY]], %{{.*}}, %[[L]] : index
// CHECK:       %[[COPY:.*]] = bufferization.alloc_tensor() copy(%[[X]]) : tensor<?x4xf32>
// CHECK:       scf.for %[[K:.*]] = %{{.*}} to %[[TRIPS]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[COPY]])
// CHECK:         %[[RAW:.*]] = tensor.extract %[[I]][%[[K]]] : tensor<?xi64>
// CHECK:         %[[R:.*]] = arith.index_cast %[[RAW]] : i64 to index
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[R]]
// CHECK:         %[[WR:.*]] = arith.addi %[[R]], %[[N]] : index
// CHECK:         %[[WRAPPED:.*]] = arith.select %[[NEG]], %[[WR]], %[[R]] : index
// CHECK:         %[[INSIDE:.*]] = arith.cmpi ult, %[[WRAPPED]], %[[N]] : index
// CHECK:         %[[ROW:.*]] = arith.select %[[INSIDE]], %[[WRAPPED]], %{{.*}} : index
// CHECK:         %[[P:.*]] = tensor.extract_slice %[[VALS]][%[[K]], 0] [1, 4] [1, 1]
// CHECK:         tensor.insert_slice %[[P]] into %[[ACC]][%[[ROW]], 0] [1, 4] [1, 1]
func.func @index_put_dynamic(%x: tensor<?x4xf32>, %i: tensor<?xi64>, %v: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "edge.index_put"(%x, %i, %v) {dim = 0 : i64, accumulate = false} : (tensor<?x4xf32>, tensor<?xi64>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// The index_put of torch's index_add decomposition (marked by the importer) checks [0, n) and names index_add.
// CHECK-LABEL: func.func @index_add_as_index_put
// CHECK:       %[[N:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x4xf32>
// CHECK:       %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:       %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NOT:   arith.subi
// CHECK:       linalg.generic {{.*}} iterator_types = ["reduction"]}
// CHECK:         arith.cmpi slt, %{{.*}}, %[[ZERO]] : i64
// CHECK:         arith.cmpi sge, %{{.*}}, %[[N64]] : i64
// CHECK:       cf.assert %{{.*}}, "index out of range in aten.index_add.default at {{.*}}: an index value is outside the valid range [0, n-1] where n is the size of dim 0 at this call"
func.func @index_add_as_index_put(%x: tensor<?x4xf32>, %i: tensor<?xi64>, %v: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "edge.index_put"(%x, %i, %v) {dim = 0 : i64, accumulate = true, exir.target = "aten.index_add.default"} : (tensor<?x4xf32>, tensor<?xi64>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// scatter (add) with dynamic shapes: the loop runs over d0 * d1 index elements (tensor.dim of the
// index), delinearized by those dims; the target column is wrapped by x's dim 1.
// CHECK-LABEL: func.func @scatter_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?x?xf32>, %[[I:.*]]: tensor<?x?xi64>, %[[S:.*]]: tensor<?x?xf32>)
// CHECK:       %[[I0:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?x?xi64>
// CHECK:       %[[I1:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?x?xi64>
// CHECK:       %[[P:.*]] = arith.muli %{{.*}}, %[[I0]] : index
// CHECK:       %[[N:.*]] = arith.muli %[[P]], %[[I1]] : index
// scatter takes no negative index: the check is against [0, n), n = x's dim 1.
// CHECK:       %[[X1:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x?xf32>
// CHECK:       %[[X1_64:.*]] = arith.index_cast %[[X1]] : index to i64
// CHECK:         arith.cmpi sge, %{{.*}}, %[[X1_64]] : i64
// CHECK:       cf.assert %{{.*}}, "index out of range in aten.scatter at {{.*}}: an index value is outside the valid range [0, n-1] where n is the size of dim 1 at this call"
// CHECK:       %[[EMPTY:.*]] = arith.cmpi eq, %[[X1]], %{{.*}} : index
// CHECK:       %[[TRIPS:.*]] = arith.select %[[EMPTY]], %{{.*}}, %[[N]] : index
// CHECK:       scf.for %[[K:.*]] = %{{.*}} to %[[TRIPS]] step
// CHECK:         %[[C:.*]] = arith.remui %[[K]], %[[I1]] : index
// CHECK:         %[[Q:.*]] = arith.divui %[[K]], %[[I1]] : index
// CHECK:         %[[R:.*]] = arith.remui %[[Q]], %[[I0]] : index
// CHECK:         tensor.extract %[[I]][%[[R]], %[[C]]]
// CHECK:         arith.addi %{{.*}}, %[[X1]] : index
// CHECK:         arith.addf
func.func @scatter_dynamic(%x: tensor<?x?xf32>, %i: tensor<?x?xi64>, %s: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "edge.scatter"(%x, %i, %s) {dim = 1 : i64, reduce = "sum"} : (tensor<?x?xf32>, tensor<?x?xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// slice_scatter of an empty source writes nothing: the input itself (insert_slice's verifier
// rejects offset 0 in a dim of static size 0).
// CHECK-LABEL: func.func @slice_scatter_empty
// CHECK-SAME: (%[[X:.*]]: tensor<0x?xf32>, %{{.*}}: tensor<0x2xf32>)
// CHECK-NOT: tensor.insert_slice
// CHECK: return %[[X]]
func.func @slice_scatter_empty(%x: tensor<0x?xf32>, %s: tensor<0x2xf32>) -> tensor<0x?xf32> {
  %0 = "edge.slice_scatter"(%x, %s) {dim = 1 : i64, start = 0 : i64, step = 1 : i64} : (tensor<0x?xf32>, tensor<0x2xf32>) -> tensor<0x?xf32>
  return %0 : tensor<0x?xf32>
}

// -----

// index_put into a tensor with a static 0 dim (other than the indexed one): every selected slice
// is empty, nothing is written: the input itself.
// CHECK-LABEL: func.func @index_put_empty
// CHECK-SAME: (%[[X:.*]]: tensor<0x?x?xf32>
// CHECK-NOT: scf.for
// CHECK: return %[[X]]
func.func @index_put_empty(%x: tensor<0x?x?xf32>, %i: tensor<1xi64>, %v: tensor<0x?x1xf32>) -> tensor<0x?x?xf32> {
  %0 = "edge.index_put"(%x, %i, %v) {accumulate = false, dim = 2 : i64} : (tensor<0x?x?xf32>, tensor<1xi64>, tensor<0x?x1xf32>) -> tensor<0x?x?xf32>
  return %0 : tensor<0x?x?xf32>
}
