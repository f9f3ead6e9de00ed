// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// Edge ops inside scf.if / scf.while regions are lowered where they are; the values they use
// from outside (and the shape symbols) dominate them.
// CHECK-LABEL: func.func @cond
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[X:.*]]: tensor<4xf32>)
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (tensor<4xf32>) {
// CHECK:   %[[S:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4xf32>)
// CHECK:   math.sin
// CHECK:   scf.yield %[[S]] : tensor<4xf32>
// CHECK: } else {
// CHECK:   scf.yield %[[X]] : tensor<4xf32>
// CHECK: }
// CHECK: return %[[R]]
func.func @cond(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %b = tensor.extract %p[] : tensor<i1>
  %0 = scf.if %b -> (tensor<4xf32>) {
    %s = "edge.sin"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  } else {
    scf.yield %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @while_loop
// CHECK: scf.while (%[[A:.*]] = %{{.*}}) : (tensor<?xf32>) -> tensor<?xf32> {
// CHECK:   linalg.generic {{.*}} iterator_types = ["reduction"]
// CHECK:   scf.condition
// CHECK: } do {
// CHECK: ^bb0(%[[B:.*]]: tensor<?xf32>):
// CHECK:   %[[D:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?xf32>
// CHECK:   %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?xf32>
// CHECK:   linalg.generic {{.*}} ins(%[[B]], %{{.*}} : tensor<?xf32>, tensor<f32>) outs(%[[E]] : tensor<?xf32>)
// CHECK:   scf.yield
func.func @while_loop(%x: tensor<?xf32>) -> tensor<?xf32> {
  %limit = arith.constant dense<1.000000e+02> : tensor<f32>
  %two = arith.constant dense<2.000000e+00> : tensor<f32>
  %0 = scf.while (%v = %x) : (tensor<?xf32>) -> tensor<?xf32> {
    %s = "edge.sum"(%v) {dims = array<i64: 0>, keepdim = false} : (tensor<?xf32>) -> tensor<f32>
    %c = "edge.lt"(%s, %limit) : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b = tensor.extract %c[] : tensor<i1>
    scf.condition(%b) %v : tensor<?xf32>
  } do {
  ^bb0(%v: tensor<?xf32>):
    %n = "edge.mul"(%v, %two) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    scf.yield %n : tensor<?xf32>
  }
  return %0 : tensor<?xf32>
}
