// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// A static full is a splat constant of the result dtype.
// CHECK-LABEL: func.func @full_static
// CHECK: %[[C:.*]] = arith.constant dense<true> : tensor<8x8xi1>
// CHECK: return %[[C]]
func.func @full_static() -> tensor<8x8xi1> {
  %0 = "exir.full"() {dtype = i1, fill_value = true, static_size = array<i64: 8, 8>} : () -> tensor<8x8xi1>
  return %0 : tensor<8x8xi1>
}

// -----

// full_like of a dynamic tensor: a typed 0-d constant expanded to the input's dims.
// CHECK-LABEL: func.func @full_like_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK: %[[V:.*]] = arith.constant dense<1.500000e+00> : tensor<f32>
// CHECK: %[[D:.*]] = tensor.dim %[[X]]
// CHECK: "edge.expand"(%[[V]], %[[D]]) : (tensor<f32>, index) -> tensor<?x4xf32>
func.func @full_like_dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "exir.full_like"(%x) {fill_value = 1.5 : f64} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @arange
// CHECK: "edge.arange"() {start = 2.000000e+00 : f64, step = 3.000000e+00 : f64} : () -> tensor<3xi64>
func.func @arange() -> tensor<3xi64> {
  %0 = "exir.arange_start_step"() {end = 11 : i64, start = 2 : i64, step = 3 : i64} : () -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// CHECK-LABEL: func.func @scalar_tensor
// CHECK: %[[C:.*]] = arith.constant dense<0xFF800000> : tensor<f32>
// CHECK: return %[[C]]
func.func @scalar_tensor() -> tensor<f32> {
  %0 = "exir.scalar_tensor"() {dtype = f32, s = 0xFFF0000000000000 : f64} : () -> tensor<f32>
  return %0 : tensor<f32>
}
