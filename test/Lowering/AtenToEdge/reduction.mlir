// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// Summing ints accumulates in i64 (torch's rule), made explicit with a cast; negative dims normalize.
// CHECK-LABEL: func.func @sum_int
// CHECK: %[[C:.*]] = "edge.cast"(%{{.*}}) : (tensor<2x3xi32>) -> tensor<2x3xi64>
// CHECK: "edge.sum"(%[[C]]) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xi64>) -> tensor<2xi64>
func.func @sum_int(%x: tensor<2x3xi32>) -> tensor<2xi64> {
  %0 = "exir.sum_dim_intlist"(%x) {dim = array<i64: -1>, keepdim = false} : (tensor<2x3xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// No dims: reduce over all of them.
// CHECK-LABEL: func.func @sum_all
// CHECK: "edge.sum"(%{{.*}}) {dims = array<i64: 0, 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<f32>
func.func @sum_all(%x: tensor<2x3xf32>) -> tensor<f32> {
  %0 = "exir.sum_dim_intlist"(%x) {dim = array<i64>, keepdim = false} : (tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @mean_keepdim
// CHECK: "edge.mean"(%{{.*}}) {dims = array<i64: 1, 2>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
func.func @mean_keepdim(%x: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
  %0 = "exir.mean_dim"(%x) {dim = array<i64: 1, 2>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  return %0 : tensor<2x1x1xf32>
}

// -----

// var.correction with an integer correction.
// CHECK-LABEL: func.func @var
// CHECK: "edge.var"(%{{.*}}) {correction = 0.000000e+00 : f64, dims = array<i64: 0>, keepdim = false}
func.func @var(%x: tensor<5x3xf32>) -> tensor<3xf32> {
  %0 = "exir.var_correction"(%x) {correction = 0 : i64, dim = array<i64: 0>, keepdim = false} : (tensor<5x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// max.dim returns values and indices: amax and argmax.
// CHECK-LABEL: func.func @max_dim
// CHECK: %[[V:.*]] = "edge.amax"(%{{.*}}) {dims = array<i64: 1>, keepdim = false}
// CHECK: %[[I:.*]] = "edge.argmax"(%{{.*}}) {dim = 1 : i64, keepdim = false}
// CHECK: return %[[V]], %[[I]]
func.func @max_dim(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>) {
  %0:2 = "exir.max_dim"(%x) {dim = 1 : i64, keepdim = false} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi64>
}

// -----

// any.dim of a float tensor: tested against zero first.
// CHECK-LABEL: func.func @any_dim
// CHECK: %[[B:.*]] = "edge.cast"(%{{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: "edge.any"(%[[B]]) {dims = array<i64: 1>, keepdim = true}
func.func @any_dim(%x: tensor<2x3xf32>) -> tensor<2x1xi1> {
  %0 = "exir.any_dim"(%x) {dim = -1 : i64, keepdim = true} : (tensor<2x3xf32>) -> tensor<2x1xi1>
  return %0 : tensor<2x1xi1>
}

// -----

// any.dim of a uint8 tensor is uint8 in torch (0/1): edge.any stays i1 -> i1, a cast gives the ui8 result.
// CHECK-LABEL: func.func @any_dim_uint8
// CHECK: %[[B:.*]] = "edge.cast"(%{{.*}}) : (tensor<?x3xui8>) -> tensor<?x3xi1>
// CHECK: %[[A:.*]] = "edge.any"(%[[B]]) {dims = array<i64: 1>, keepdim = false} : (tensor<?x3xi1>) -> tensor<?xi1>
// CHECK: "edge.cast"(%[[A]]) : (tensor<?xi1>) -> tensor<?xui8>
func.func @any_dim_uint8(%x: tensor<?x3xui8>) -> tensor<?xui8> {
  %0 = "exir.any_dim"(%x) {dim = 1 : i64, keepdim = false} : (tensor<?x3xui8>) -> tensor<?xui8>
  return %0 : tensor<?xui8>
}

// -----

// argmax without dim over a dynamic-shape input: the flattening view takes numel = d0 * 5 from
// tensor.dim; with keepdim the scalar index is viewed to the all-ones result shape.
// CHECK-LABEL: func.func @argmax_flat_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?x5xf32>)
// CHECK-DAG:   %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:   %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x5xf32>
// CHECK:       %[[N:.*]] = arith.muli %[[D0]], %[[C5]] : index
// CHECK:       %[[F:.*]] = "edge.view"(%[[X]], %[[N]]) : (tensor<?x5xf32>, index) -> tensor<?xf32>
// CHECK:       %[[A:.*]] = "edge.argmax"(%[[F]]) {dim = 0 : i64, keepdim = false} : (tensor<?xf32>) -> tensor<i64>
// CHECK:       %[[B:.*]] = "edge.argmin"(%{{.*}}) {dim = 0 : i64, keepdim = false} : (tensor<?xf32>) -> tensor<i64>
// CHECK:       %[[K:.*]] = "edge.view"(%[[B]]) : (tensor<i64>) -> tensor<1x1xi64>
// CHECK:       return %[[A]], %[[K]]
func.func @argmax_flat_dynamic(%x: tensor<?x5xf32>) -> (tensor<i64>, tensor<1x1xi64>) {
  %0 = "exir.argmax"(%x) {keepdim = false} : (tensor<?x5xf32>) -> tensor<i64>
  %1 = "exir.argmin"(%x) {keepdim = true} : (tensor<?x5xf32>) -> tensor<1x1xi64>
  return %0, %1 : tensor<i64>, tensor<1x1xi64>
}

// -----

// var.dim with unbiased = false divides by N (correction 0); the default is unbiased (correction 1).
// CHECK-LABEL: func.func @var_dim
// CHECK: "edge.var"(%{{.*}}) {correction = 0.000000e+00 : f64, dims = array<i64: 1>, keepdim = true}
// CHECK: "edge.var"(%{{.*}}) {correction = 1.000000e+00 : f64, dims = array<i64: 1>, keepdim = true}
func.func @var_dim(%x: tensor<5x3xf32>) -> (tensor<5x1xf32>, tensor<5x1xf32>) {
  %0 = "exir.var_dim"(%x) {dim = array<i64: 1>, unbiased = false, keepdim = true} : (tensor<5x3xf32>) -> tensor<5x1xf32>
  %1 = "exir.var_dim"(%x) {dim = array<i64: 1>, unbiased = true, keepdim = true} : (tensor<5x3xf32>) -> tensor<5x1xf32>
  return %0, %1 : tensor<5x1xf32>, tensor<5x1xf32>
}

// -----

// aten::hash_tensor (a fallback call: not core, no torch decomposition): the input is upcast as
// eager does (f16 -> f64, uint32 -> uint64 zero-extended, int8 -> i64 sign-extended), then
// edge.hash_tensor xors the 64-bit patterns over `dim` (all dims when empty) into ui64.
// CHECK-LABEL: func.func @hash_tensor
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf16>, %[[U:.*]]: tensor<4xui32>, %[[S:.*]]: tensor<?xi8>)
// CHECK:      %[[XW:.*]] = "edge.cast"(%[[X]]) : (tensor<2x3xf16>) -> tensor<2x3xf64>
// CHECK:      %[[H0:.*]] = "edge.hash_tensor"(%[[XW]]) {dims = array<i64: 1>, keepdim = true} : (tensor<2x3xf64>) -> tensor<2x1xui64>
// CHECK:      %[[UW:.*]] = "edge.cast"(%[[U]]) : (tensor<4xui32>) -> tensor<4xui64>
// CHECK:      %[[H1:.*]] = "edge.hash_tensor"(%[[UW]]) {dims = array<i64: 0>, keepdim = false} : (tensor<4xui64>) -> tensor<ui64>
// CHECK:      %[[SW:.*]] = "edge.cast"(%[[S]]) : (tensor<?xi8>) -> tensor<?xi64>
// CHECK:      %[[H2:.*]] = "edge.hash_tensor"(%[[SW]]) {dims = array<i64: 0>, keepdim = false} : (tensor<?xi64>) -> tensor<ui64>
// CHECK:      return %[[H0]], %[[H1]], %[[H2]]
// CHECK-NOT:  aten::hash_tensor
func.func private @"aten::hash_tensor"(tensor<2x3xf16>) -> tensor<2x1xui64> attributes {exir.aten_overload = "aten::hash_tensor"}
func.func private @"aten::hash_tensor$1"(tensor<4xui32>) -> tensor<ui64> attributes {exir.aten_overload = "aten::hash_tensor"}
func.func private @"aten::hash_tensor$2"(tensor<?xi8>) -> tensor<ui64> attributes {exir.aten_overload = "aten::hash_tensor"}
func.func @hash_tensor(%x: tensor<2x3xf16>, %u: tensor<4xui32>, %s: tensor<?xi8>) -> (tensor<2x1xui64>, tensor<ui64>, tensor<ui64>) {
  %0 = call @"aten::hash_tensor"(%x) {exir.args = {dim = array<i64: 1>, keepdim = true, mode = 0 : i64}, exir.operand_args = ["self"]} : (tensor<2x3xf16>) -> tensor<2x1xui64>
  %1 = call @"aten::hash_tensor$1"(%u) {exir.args = {dim = array<i64>, keepdim = false, mode = 0 : i64}, exir.operand_args = ["self"]} : (tensor<4xui32>) -> tensor<ui64>
  %2 = call @"aten::hash_tensor$2"(%s) {exir.args = {dim = array<i64: -1>, keepdim = false, mode = 0 : i64}, exir.operand_args = ["self"]} : (tensor<?xi8>) -> tensor<ui64>
  return %0, %1, %2 : tensor<2x1xui64>, tensor<ui64>, tensor<ui64>
}
