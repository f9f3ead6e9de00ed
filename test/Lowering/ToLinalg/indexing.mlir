// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// embedding: a generic over the result reading the index tensor, gathering with tensor.extract
// (negative indices wrap like torch's).
// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @embedding
// CHECK-SAME: (%[[W:.*]]: tensor<100x16xf32>, %[[I:.*]]: tensor<2x5xi64>)
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #{{.*}}]{{.*}} ins(%[[I]] : tensor<2x5xi64>) outs(%{{.*}} : tensor<2x5x16xf32>)
// CHECK: ^bb0(%[[K:.*]]: i64, %{{.*}}: f32):
// CHECK:   %[[ROW:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK:   %[[COL:.*]] = linalg.index 2 : index
// CHECK:   %[[V:.*]] = tensor.extract %[[W]][%{{.*}}, %[[COL]]] : tensor<100x16xf32>
// CHECK:   linalg.yield %[[V]] : f32
func.func @embedding(%w: tensor<100x16xf32>, %i: tensor<2x5xi64>) -> tensor<2x5x16xf32> {
  %0 = "edge.embedding"(%w, %i) : (tensor<100x16xf32>, tensor<2x5xi64>) -> tensor<2x5x16xf32>
  return %0 : tensor<2x5x16xf32>
}

// -----

// CHECK-LABEL: func.func @index_select
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<3xi64>) outs(%{{.*}} : tensor<5x3xf32>)
// CHECK: linalg.index 0
// CHECK: tensor.extract %{{.*}} : tensor<5x4xf32>
func.func @index_select(%x: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<5x3xf32> {
  %0 = "edge.index_select"(%x, %i) {dim = 1 : i64} : (tensor<5x4xf32>, tensor<3xi64>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}
