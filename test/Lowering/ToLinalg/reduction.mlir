// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @sum
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<2x3xf32>) outs(%[[F]] : tensor<2xf32>)
// CHECK: arith.addf
func.func @sum(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = "edge.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// keepdim re-inserts the reduced dims with tensor.expand_shape; mean divides by the count.
// CHECK-LABEL: func.func @mean_keepdim
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]
// CHECK: %[[N:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK: %[[M:.*]] = linalg.generic {{.*}} ins(%[[S]] : tensor<2xf32>)
// CHECK: arith.divf %{{.*}}, %[[N]] : f32
// CHECK: tensor.expand_shape %[[M]] {{\[\[}}0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
func.func @mean_keepdim(%x: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
  %0 = "edge.mean"(%x) {dims = array<i64: 1, 2>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  return %0 : tensor<2x1x1xf32>
}

// -----

// amax starts from -inf and keeps NaN (maximumf).
// CHECK-LABEL: func.func @amax
// CHECK: %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK: linalg.fill ins(%[[NEG]] : f32)
// CHECK: arith.maximumf
func.func @amax(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  %0 = "edge.amax"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<2x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// argmax carries (value, index) through one reduction; the index is linalg.index of the dim.
// CHECK-LABEL: func.func @argmax
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<2xf32>, tensor<2xi64>)
// CHECK: linalg.index 1 : index
// CHECK: arith.cmpf ogt
// CHECK: return %[[R]]#1
func.func @argmax(%x: tensor<2x3xf32>) -> tensor<2xi64> {
  %0 = "edge.argmax"(%x) {dim = 1 : i64, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// var: mean, then the sum of squared differences over (N - correction).
// CHECK-LABEL: func.func @var
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: arith.divf
func.func @var(%x: tensor<5x3xf32>) -> tensor<3xf32> {
  %0 = "edge.var"(%x) {correction = 1.0 : f64, dims = array<i64: 0>, keepdim = false} : (tensor<5x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
