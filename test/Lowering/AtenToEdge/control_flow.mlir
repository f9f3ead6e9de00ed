// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// The regions move to edge.cond unchanged (vector.yield stays) and their ops are lowered in place.
// CHECK-LABEL: func.func @cond
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[X:.*]]: tensor<4xf32>)
// CHECK: "edge.cond"(%[[P]], %[[X]]) ({
// CHECK: ^bb0(%[[A:.*]]: tensor<4xf32>):
// CHECK:   %[[S:.*]] = "edge.sin"(%[[A]])
// CHECK:   vector.yield %[[S]] : tensor<4xf32>
// CHECK: }, {
// CHECK: ^bb0(%[[B:.*]]: tensor<4xf32>):
// CHECK:   %[[M:.*]] = "edge.mul"(%[[B]], %{{.*}}) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK:   vector.yield %[[M]] : tensor<4xf32>
// CHECK: }) : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT: exir.
func.func @cond(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "exir.cond"(%p, %x) ({
  ^bb0(%a: tensor<4xf32>):
    %s = "exir.sin"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    vector.yield %s : tensor<4xf32>
  }, {
  ^bb0(%b: tensor<4xf32>):
    %m = "exir.mul_scalar"(%b) {other = 2.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
    vector.yield %m : tensor<4xf32>
  }) : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @while_loop
// CHECK: "edge.while_loop"(%{{.*}}) ({
// CHECK: "edge.lt"(%{{.*}}, %{{.*}}) : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK: vector.yield
// CHECK: }, {
// CHECK: "edge.add"(%{{.*}}, %{{.*}}) : (tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK: vector.yield
// CHECK: }) {operandSegmentSizes = array<i32: 1, 0>} : (tensor<i64>) -> tensor<i64>
func.func @while_loop(%i0: tensor<i64>) -> tensor<i64> {
  %0 = "exir.while_loop"(%i0) ({
  ^bb0(%i: tensor<i64>):
    %c = "exir.lt_scalar"(%i) {other = 3 : i64} : (tensor<i64>) -> tensor<i1>
    vector.yield %c : tensor<i1>
  }, {
  ^bb0(%i: tensor<i64>):
    %n = "exir.add_scalar"(%i) {alpha = 1 : i64, other = 1 : i64} : (tensor<i64>) -> tensor<i64>
    vector.yield %n : tensor<i64>
  }) {operandSegmentSizes = array<i32: 1, 0>} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}
