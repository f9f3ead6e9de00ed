// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// torch.cond is scf.if from import on (docs/ir-conventions.md); the exir ops in its regions are
// lowered in place, the scf structure is untouched.
// CHECK-LABEL: func.func @cond
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[X:.*]]: tensor<4xf32>)
// CHECK: %[[B:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK: scf.if %[[B]] -> (tensor<4xf32>) {
// CHECK:   %[[S:.*]] = "edge.sin"(%[[X]])
// CHECK:   scf.yield %[[S]] : tensor<4xf32>
// CHECK: } else {
// CHECK:   %[[M:.*]] = "edge.mul"(%[[X]], %{{.*}}) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK:   scf.yield %[[M]] : tensor<4xf32>
// CHECK: }
// CHECK-NOT: exir.
func.func @cond(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %b = tensor.extract %p[] : tensor<i1>
  %0 = scf.if %b -> (tensor<4xf32>) {
    %s = "exir.sin"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  } else {
    %m = "exir.mul_scalar"(%x) {other = 2.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %m : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// torch.while_loop is scf.while; mixed carried types are fine there.
// CHECK-LABEL: func.func @while_loop
// CHECK: scf.while (%[[I:.*]] = %{{.*}}, %[[V:.*]] = %{{.*}}) : (tensor<i64>, tensor<4xf32>) -> (tensor<i64>, tensor<4xf32>) {
// CHECK:   %[[LT:.*]] = "edge.lt"(%[[I]], %{{.*}}) : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK:   %[[C:.*]] = tensor.extract %[[LT]][] : tensor<i1>
// CHECK:   scf.condition(%[[C]]) %[[I]], %[[V]] : tensor<i64>, tensor<4xf32>
// CHECK: } do {
// CHECK:   "edge.add"(%{{.*}}, %{{.*}}) : (tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK:   "edge.mul"(%{{.*}}, %{{.*}}) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK:   scf.yield
func.func @while_loop(%i0: tensor<i64>, %x: tensor<4xf32>) -> (tensor<i64>, tensor<4xf32>) {
  %0:2 = scf.while (%i = %i0, %v = %x) : (tensor<i64>, tensor<4xf32>) -> (tensor<i64>, tensor<4xf32>) {
    %c = "exir.lt_scalar"(%i) {other = 3 : i64} : (tensor<i64>) -> tensor<i1>
    %b = tensor.extract %c[] : tensor<i1>
    scf.condition(%b) %i, %v : tensor<i64>, tensor<4xf32>
  } do {
  ^bb0(%i: tensor<i64>, %v: tensor<4xf32>):
    %n = "exir.add_scalar"(%i) {alpha = 1 : i64, other = 1 : i64} : (tensor<i64>) -> tensor<i64>
    %w = "exir.mul_scalar"(%v) {other = 2.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %n, %w : tensor<i64>, tensor<4xf32>
  }
  return %0#0, %0#1 : tensor<i64>, tensor<4xf32>
}
