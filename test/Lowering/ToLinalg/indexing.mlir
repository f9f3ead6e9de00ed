// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// embedding: a generic over the result reading the index tensor, gathering with tensor.extract.
// A negative index wraps like torch's: k < 0 reads row k + (rows of the weight), here 100.
// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @embedding
// CHECK-SAME: (%[[W:.*]]: tensor<100x16xf32>, %[[I:.*]]: tensor<2x5xi64>)
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #[[OUT]]]{{.*}} ins(%[[I]] : tensor<2x5xi64>) outs(%{{.*}} : tensor<2x5x16xf32>)
// CHECK: ^bb0(%[[K:.*]]: i64, %{{.*}}: f32):
// CHECK-DAG:   %[[ROW:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK-DAG:   %[[ROWS:.*]] = arith.constant 100 : index
// CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:       %[[NEG:.*]] = arith.cmpi slt, %[[ROW]], %[[ZERO]] : index
// CHECK:       %[[UP:.*]] = arith.addi %[[ROW]], %[[ROWS]] : index
// CHECK:       %[[SEL:.*]] = arith.select %[[NEG]], %[[UP]], %[[ROW]] : index
// CHECK:       %[[COL:.*]] = linalg.index 2 : index
// CHECK:       %[[V:.*]] = tensor.extract %[[W]][%[[SEL]], %[[COL]]] : tensor<100x16xf32>
// CHECK:       linalg.yield %[[V]] : f32
func.func @embedding(%w: tensor<100x16xf32>, %i: tensor<2x5xi64>) -> tensor<2x5x16xf32> {
  %0 = "edge.embedding"(%w, %i) : (tensor<100x16xf32>, tensor<2x5xi64>) -> tensor<2x5x16xf32>
  return %0 : tensor<2x5x16xf32>
}

// -----

// index_select along dim 1: the index is read at the result's d1, the wrap adds x's dim 1 (4),
// and the other coordinate is the result's own d0.
// CHECK-DAG: #[[SEL_MAP:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @index_select
// CHECK-SAME: (%[[X:.*]]: tensor<5x4xf32>, %[[I:.*]]: tensor<3xi64>)
// CHECK: linalg.generic {indexing_maps = [#[[SEL_MAP]], #{{.*}}]{{.*}} ins(%[[I]] : tensor<3xi64>) outs(%{{.*}} : tensor<5x3xf32>)
// CHECK: ^bb0(%[[K:.*]]: i64, %{{.*}}: f32):
// CHECK-DAG:   %[[J:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK-DAG:   %[[N:.*]] = arith.constant 4 : index
// CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:       %[[NEG:.*]] = arith.cmpi slt, %[[J]], %[[ZERO]] : index
// CHECK:       %[[UP:.*]] = arith.addi %[[J]], %[[N]] : index
// CHECK:       %[[SEL:.*]] = arith.select %[[NEG]], %[[UP]], %[[J]] : index
// CHECK:       %[[ROW:.*]] = linalg.index 0 : index
// CHECK:       tensor.extract %[[X]][%[[ROW]], %[[SEL]]] : tensor<5x4xf32>
func.func @index_select(%x: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<5x3xf32> {
  %0 = "edge.index_select"(%x, %i) {dim = 1 : i64} : (tensor<5x4xf32>, tensor<3xi64>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// gather along dim 0 of a dynamic input: the wrap adds x's runtime dim 0 (tensor.dim), the index is
// read at the result's own coordinates, and the other coordinate is the result's d1.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @gather_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[I:.*]]: tensor<2x4xi64>)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]]{{.*}} ins(%[[I]] : tensor<2x4xi64>) outs(%{{.*}} : tensor<2x4xf32>)
// CHECK: ^bb0(%[[K:.*]]: i64, %{{.*}}: f32):
// CHECK:       %[[J:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK:       %[[D0:.*]] = arith.constant 0 : index
// CHECK:       %[[N:.*]] = tensor.dim %[[X]], %[[D0]] : tensor<?x4xf32>
// CHECK:       %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:       %[[NEG:.*]] = arith.cmpi slt, %[[J]], %[[ZERO]] : index
// CHECK:       %[[UP:.*]] = arith.addi %[[J]], %[[N]] : index
// CHECK:       %[[SEL:.*]] = arith.select %[[NEG]], %[[UP]], %[[J]] : index
// CHECK:       %[[COL:.*]] = linalg.index 1 : index
// CHECK:       tensor.extract %[[X]][%[[SEL]], %[[COL]]] : tensor<?x4xf32>
func.func @gather_dynamic(%x: tensor<?x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %0 = "edge.gather"(%x, %i) {dim = 0 : i64} : (tensor<?x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
