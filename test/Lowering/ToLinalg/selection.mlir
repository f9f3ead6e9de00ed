// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// nonzero in two phases: a reduction counts the nonzero elements (cmpf une: NaN counts), the
// result is a tensor.empty of that many rows, and a sequential loop over the input (dynamic:
// tensor.dim) writes each hit's coordinates at the next row.
// CHECK-LABEL: func.func @nonzero
// CHECK: %[[COUNT:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "reduction"]{{.*}} ins(%arg0 : tensor<?x4xf32>) outs(%{{.*}} : tensor<i64>)
// CHECK: arith.cmpf une
// CHECK: arith.extui %{{.*}} : i1 to i64
// CHECK: arith.addi %{{.*}} : i64
// CHECK: %[[C:.*]] = tensor.extract %[[COUNT]][] : tensor<i64>
// CHECK: %[[N:.*]] = arith.index_cast %[[C]] : i64 to index
// CHECK: %[[OUT:.*]] = tensor.empty(%[[N]]) : tensor<?x2xi64>
// CHECK: %[[D0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: %[[TOTAL:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %[[TOTAL]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[OUT]], %[[ROW:.*]] = %{{.*}}) -> (tensor<?x2xi64>, index)
// CHECK: %[[V:.*]] = tensor.extract %arg0[
// CHECK: %[[HIT:.*]] = arith.cmpf une, %[[V]]
// CHECK: scf.if %[[HIT]] -> (tensor<?x2xi64>, index)
// CHECK: tensor.insert %{{.*}} into %[[ACC]][%[[ROW]], %{{.*}}] : tensor<?x2xi64>
// CHECK: tensor.insert
// CHECK: arith.addi %[[ROW]], %{{.*}} : index
// CHECK: return %[[LOOP]]#0
func.func @nonzero(%x: tensor<?x4xf32>) -> tensor<?x2xi64> {
  %0 = "edge.nonzero"(%x) : (tensor<?x4xf32>) -> tensor<?x2xi64>
  return %0 : tensor<?x2xi64>
}

// -----

// A bool input is its own test (no compare); a 0-d input has no loop dims (one iteration).
// CHECK-LABEL: func.func @nonzero_bool_0d
// CHECK: %[[OUT:.*]] = tensor.empty(%{{.*}}) : tensor<?x0xi64>
// CHECK-NOT: arith.cmpi
// CHECK: %[[V:.*]] = tensor.extract %arg0[] : tensor<i1>
// CHECK: scf.if %[[V]]
func.func @nonzero_bool_0d(%x: tensor<i1>) -> tensor<?x0xi64> {
  %0 = "edge.nonzero"(%x) : (tensor<i1>) -> tensor<?x0xi64>
  return %0 : tensor<?x0xi64>
}
