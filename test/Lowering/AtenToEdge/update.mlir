// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// CHECK-LABEL: func.func @scatter_add
// CHECK: "edge.scatter"(%{{.*}}, %{{.*}}, %{{.*}}) {dim = 0 : i64, reduce = "sum"}
func.func @scatter_add(%x: tensor<10x5xf32>, %i: tensor<5x5xi64>, %s: tensor<5x5xf32>) -> tensor<10x5xf32> {
  %0 = "exir.scatter_add"(%x, %i, %s) {dim = 0 : i64} : (tensor<10x5xf32>, tensor<5x5xi64>, tensor<5x5xf32>) -> tensor<10x5xf32>
  return %0 : tensor<10x5xf32>
}

// -----

// scatter.value: the value becomes a source of the index's shape.
// CHECK-LABEL: func.func @scatter_value
// CHECK: %[[V:.*]] = arith.constant dense<2.500000e+00> : tensor<3x2xf32>
// CHECK: "edge.scatter"(%{{.*}}, %{{.*}}, %[[V]]) {dim = 1 : i64, reduce = "none"}
func.func @scatter_value(%x: tensor<3x5xf32>, %i: tensor<3x2xi64>) -> tensor<3x5xf32> {
  %0 = "exir.scatter_value"(%x, %i) {dim = 1 : i64, value = 2.5 : f64} : (tensor<3x5xf32>, tensor<3x2xi64>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// select_scatter = slice_scatter of the source with the selected dim put back.
// CHECK-LABEL: func.func @select_scatter
// CHECK: %[[S:.*]] = "edge.view"(%{{.*}}) : (tensor<4xf32>) -> tensor<1x4xf32>
// CHECK: "edge.slice_scatter"(%{{.*}}, %[[S]]) {dim = 0 : i64, start = 2 : i64, step = 1 : i64}
func.func @select_scatter(%x: tensor<3x4xf32>, %s: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = "exir.select_scatter"(%x, %s) {dim = 0 : i64, static_index = -1 : i64} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// x[idx] += v with one index tensor.
// CHECK-LABEL: func.func @index_put_accumulate
// CHECK: "edge.index_put"(%{{.*}}, %{{.*}}, %{{.*}}) {accumulate = true, dim = 0 : i64}
func.func @index_put_accumulate(%x: tensor<5x4xf32>, %i: tensor<2xi64>, %v: tensor<4xf32>) -> tensor<5x4xf32> {
  %0 = "exir.index_put"(%x, %i, %v) {accumulate = true, indices_present = array<i1: true>} : (tensor<5x4xf32>, tensor<2xi64>, tensor<4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// index_put with two index tensors, every size dynamic: the row-major index i * d1 + j (each
// wrapped by its dim, tensor.dim) into x flattened to d0 * d1 rows, one edge.index_put on dim 0,
// viewed back to x's shape.
// CHECK-LABEL: func.func @index_put_two_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?x?xf32>, %[[I:.*]]: tensor<?xi64>, %[[J:.*]]: tensor<?xi64>, %[[V:.*]]: tensor<?xf32>)
// CHECK:       %[[B:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?xi64>
// CHECK:       %[[WI:.*]] = "edge.remainder"(%[[I]], %{{.*}})
// CHECK:       %[[WJ:.*]] = "edge.remainder"(%[[J]], %{{.*}})
// CHECK:       %[[M:.*]] = "edge.mul"(%[[WI]], %{{.*}})
// CHECK:       %[[LIN:.*]] = "edge.add"(%[[M]], %[[WJ]])
// CHECK:       %[[D0:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK:       %[[D1:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK:       %[[ROWS:.*]] = arith.muli %[[D0]], %[[D1]] : index
// CHECK:       %[[FX:.*]] = "edge.view"(%[[X]], %[[ROWS]]) : (tensor<?x?xf32>, index) -> tensor<?xf32>
// CHECK:       %[[FV:.*]] = "edge.view"(%[[V]], %[[B]])
// CHECK:       %[[FI:.*]] = "edge.view"(%[[LIN]], %[[B]])
// CHECK:       %[[W:.*]] = "edge.index_put"(%[[FX]], %[[FI]], %[[FV]]) {accumulate = true, dim = 0 : i64}
// CHECK:       "edge.view"(%[[W]], %{{.*}}, %{{.*}}) : (tensor<?xf32>, index, index) -> tensor<?x?xf32>
func.func @index_put_two_dynamic(%x: tensor<?x?xf32>, %i: tensor<?xi64>, %j: tensor<?xi64>, %v: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = "exir.index_put"(%x, %i, %j, %v) {accumulate = true, indices_present = array<i1: true, true>} : (tensor<?x?xf32>, tensor<?xi64>, tensor<?xi64>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// slice_scatter with a symbolic start: src's rows go to rows clamp(p) + 2 * arange(src.size(1))
// of x (torch's slice bound: negative counts from the end, clamped to [0, size]), an index_put.
// CHECK-LABEL: func.func @slice_scatter_symbolic
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>, %[[S:.*]]: tensor<4x?xf32>, %[[P:.*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %[[C1]]
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[P]], %[[C0]]
// CHECK: %[[WRAP:.*]] = arith.addi %[[P]], %[[N]]
// CHECK: %[[SEL:.*]] = arith.select %[[NEG]], %[[WRAP]], %[[P]]
// CHECK: %[[HI:.*]] = arith.minsi %[[SEL]], %[[N]]
// CHECK: %[[LO:.*]] = arith.maxsi %[[HI]], %[[C0]]
// CHECK: %[[K:.*]] = tensor.dim %[[S]], %[[C1]]
// CHECK: %[[AR:.*]] = "edge.arange"(%[[K]]) {start = 0.000000e+00 : f64, step = 2.000000e+00 : f64}
// CHECK: %[[LO64:.*]] = arith.index_cast %[[LO]] : index to i64
// CHECK: %[[FIRST:.*]] = tensor.from_elements %[[LO64]]
// CHECK: %[[ROWS:.*]] = "edge.add"(%[[AR]], %[[FIRST]])
// CHECK: "edge.index_put"(%[[X]], %[[ROWS]], %[[S]]) {accumulate = false, dim = 1 : i64}
func.func @slice_scatter_symbolic(%x: tensor<4x?xf32>, %s: tensor<4x?xf32>, %p: !exir.symint) -> tensor<4x?xf32> {
  %0 = "exir.slice_scatter"(%x, %s, %p) {dim = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_start = -9223372036854775808 : i64, static_step = 2 : i64} : (tensor<4x?xf32>, tensor<4x?xf32>, !exir.symint) -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

// select_scatter at index -1 of a dynamic dim (the row is size - 1, known at run time only): an
// index_put of the one row -1 (it wraps negative indices and checks the range at run time).
// CHECK-LABEL: func.func @select_scatter_negative_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[S:.*]]: tensor<3xf32>)
// CHECK-DAG:  %[[ROW:.*]] = arith.constant dense<-1> : tensor<1xi64>
// CHECK-DAG:  %[[S1:.*]] = "edge.view"(%[[S]]) : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK:      "edge.index_put"(%[[X]], %[[ROW]], %[[S1]]) {accumulate = false, dim = 0 : i64} : (tensor<?x3xf32>, tensor<1xi64>, tensor<1x3xf32>) -> tensor<?x3xf32>
func.func @select_scatter_negative_dynamic(%x: tensor<?x3xf32>, %s: tensor<3xf32>) -> tensor<?x3xf32> {
  %0 = "exir.select_scatter"(%x, %s) {dim = 0 : i64, static_index = -1 : i64} : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// index_put with a boolean mask (x[m] = v): torch's rule, the mask's nonzero coordinates (u0 rows,
// counted at run time) are the integer indices, one column per mask dim; then the row-major write.
// CHECK-LABEL: func.func @mask_index_put
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x4xf32>, %[[M:.*]]: tensor<?x3xi1>, %[[V:.*]]: tensor<4xf32>)
// CHECK-DAG: %[[COL1:.*]] = arith.constant dense<1> : tensor<1xi64>
// CHECK-DAG: %[[COL0:.*]] = arith.constant dense<0> : tensor<1xi64>
// CHECK: %[[NZ:.*]] = "edge.nonzero"(%[[M]]) : (tensor<?x3xi1>) -> tensor<?x2xi64>
// CHECK: %[[U:.*]] = tensor.dim %[[NZ]]
// CHECK: %[[R:.*]] = "edge.index_select"(%[[NZ]], %[[COL0]]) {dim = 1 : i64}
// CHECK: %[[ROWS:.*]] = "edge.view"(%[[R]], %[[U]]) : (tensor<?x1xi64>, index) -> tensor<?xi64>
// CHECK: %[[C:.*]] = "edge.index_select"(%[[NZ]], %[[COL1]]) {dim = 1 : i64}
// CHECK: %[[COLS:.*]] = "edge.view"(%[[C]], %[[U]]) : (tensor<?x1xi64>, index) -> tensor<?xi64>
// CHECK: "edge.remainder"(%[[ROWS]]
// CHECK: "edge.remainder"(%[[COLS]]
// CHECK: "edge.expand"(%[[V]], %{{.*}}) : (tensor<4xf32>, index) -> tensor<?x4xf32>
// CHECK: "edge.index_put"({{.*}}) {accumulate = false, dim = 0 : i64} : (tensor<?x4xf32>, tensor<?xi64>, tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @mask_index_put(%x: tensor<?x3x4xf32>, %m: tensor<?x3xi1>, %v: tensor<4xf32>) -> tensor<?x3x4xf32> {
  %0 = "exir.index_put"(%x, %m, %v) {accumulate = false, indices_present = array<i1: true>} : (tensor<?x3x4xf32>, tensor<?x3xi1>, tensor<4xf32>) -> tensor<?x3x4xf32>
  return %0 : tensor<?x3x4xf32>
}
