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

// Window loops are reduction dims of one generic; the index is of the unpadded input.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// CHECK-LABEL: func.func @max_pool_indices
// CHECK: %{{.*}}:2 = linalg.generic {indexing_maps = [#[[IN]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK: arith.cmpf ogt
func.func @max_pool_indices(%x: tensor<1x1x4x4xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>) {
  %0:2 = "edge.max_pool2d_with_indices"(%x) {dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>)
  return %0#0, %0#1 : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>
}

// -----

// Reflection padding reads input[|i - low|] mirrored at the far edge.
// CHECK-LABEL: func.func @reflect
// CHECK: linalg.generic
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi sge
// CHECK: tensor.extract
func.func @reflect(%x: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = "edge.border_pad"(%x) {high = array<i64: 0, 1>, low = array<i64: 0, 2>, mode = "reflect"} : (tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// Bilinear resize: four tensor.extract reads per output element, blended in f32.
// CHECK-LABEL: func.func @bilinear
// CHECK: linalg.generic
// CHECK-COUNT-4: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : tensor<1x2x4x4xf32>
func.func @bilinear(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32> {
  %0 = "edge.upsample2d"(%x) {align_corners = false, mode = "bilinear", scale_h = 0.5 : f64, scale_w = 0.5 : f64} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  return %0 : tensor<1x2x8x8xf32>
}
