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
