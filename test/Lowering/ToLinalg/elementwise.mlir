// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// Torch broadcasting is in the indexing maps: a missing leading dim is dropped, a static 1 reads index 0.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[VEC:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @add_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<1x3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ROW]], #[[VEC]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<1x3xf32>, tensor<3xf32>) outs(%[[E]] : tensor<2x3xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK:   linalg.yield %[[S]] : f32
func.func @add_broadcast(%a: tensor<1x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "edge.add"(%a, %b) : (tensor<1x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Integer ops use the signed arith ops.
// CHECK-LABEL: func.func @int_ops
// CHECK: arith.floordivsi
// CHECK: arith.maxsi
// CHECK: arith.cmpi slt
func.func @int_ops(%a: tensor<4xi64>, %b: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi1>) {
  %0 = "edge.floor_divide"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %1 = "edge.maximum"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %2 = "edge.lt"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi64>, tensor<4xi64>, tensor<4xi1>
}

// -----

// torch's conversions: float -> int truncates, number -> bool is != 0, bool -> float is 0/1.
// CHECK-LABEL: func.func @casts
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.cmpf une, %{{.*}}, %{{.*}} : f32
// CHECK: arith.uitofp %{{.*}} : i1 to f32
// CHECK: arith.extf %{{.*}} : f16 to f32
func.func @casts(%x: tensor<4xf32>, %b: tensor<4xi1>, %h: tensor<4xf16>) -> (tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "edge.cast"(%x) : (tensor<4xf32>) -> tensor<4xi32>
  %1 = "edge.cast"(%x) : (tensor<4xf32>) -> tensor<4xi1>
  %2 = "edge.cast"(%b) : (tensor<4xi1>) -> tensor<4xf32>
  %3 = "edge.cast"(%h) : (tensor<4xf16>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>
}

// -----

// NaN-propagating max/min (torch.maximum, relu of NaN is NaN).
// CHECK-LABEL: func.func @nan_semantics
// CHECK: arith.maximumf
// CHECK: arith.minimumf
func.func @nan_semantics(%a: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<4xf32>) {
  %0 = "edge.clamp"(%a, %lo, %hi) {operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @gelu_erf
// CHECK: math.erf
// CHECK-LABEL: func.func @gelu_tanh
// CHECK: math.tanh
func.func @gelu_erf(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.gelu"(%x) {approximate = "none"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @gelu_tanh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.gelu"(%x) {approximate = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// where selects; the condition broadcasts like the other operands.
// CHECK-LABEL: func.func @where
// CHECK: ^bb0(%[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK: arith.select %[[C]], %[[A]], %[[B]] : f32
func.func @where(%c: tensor<4x1xi1>, %a: tensor<f32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = "edge.where"(%c, %a, %b) : (tensor<4x1xi1>, tensor<f32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Python's % on integers (the divisor's sign).
// CHECK-LABEL: func.func @remainder_int
// CHECK: arith.remsi
// CHECK: arith.select
func.func @remainder_int(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "edge.remainder"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
