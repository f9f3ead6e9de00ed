// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// edge.cond -> scf.if on the extracted predicate; the region bodies are lowered in place.
// CHECK-LABEL: func.func @cond
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[X:.*]]: tensor<4xf32>)
// CHECK: %[[B:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK: %[[R:.*]] = scf.if %[[B]] -> (tensor<4xf32>) {
// CHECK:   %[[S:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4xf32>)
// CHECK:   math.sin
// CHECK:   scf.yield %[[S]] : tensor<4xf32>
// CHECK: } else {
// CHECK:   scf.yield %[[X]] : tensor<4xf32>
// CHECK: }
// CHECK: return %[[R]]
func.func @cond(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.cond"(%p, %x) ({
  ^bb0(%a: tensor<4xf32>):
    %s = "edge.sin"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    vector.yield %s : tensor<4xf32>
  }, {
  ^bb0(%b: tensor<4xf32>):
    vector.yield %b : tensor<4xf32>
  }) : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// edge.while_loop -> scf.while: the cond region ends in scf.condition, the body in scf.yield.
// CHECK-LABEL: func.func @while_loop
// CHECK-SAME: (%[[I0:.*]]: tensor<i64>)
// CHECK: %[[R:.*]] = scf.while (%[[A:.*]] = %[[I0]]) : (tensor<i64>) -> tensor<i64> {
// CHECK:   %[[LT:.*]] = linalg.generic {{.*}} ins(%[[A]], %{{.*}} : tensor<i64>, tensor<i64>)
// CHECK:   arith.cmpi slt
// CHECK:   %[[C:.*]] = tensor.extract %[[LT]][] : tensor<i1>
// CHECK:   scf.condition(%[[C]]) %[[A]] : tensor<i64>
// CHECK: } do {
// CHECK: ^bb0(%[[B:.*]]: tensor<i64>):
// CHECK:   %[[N:.*]] = linalg.generic {{.*}} ins(%[[B]], %{{.*}} : tensor<i64>, tensor<i64>)
// CHECK:   arith.addi
// CHECK:   scf.yield %[[N]] : tensor<i64>
// CHECK: }
// CHECK: return %[[R]]
func.func @while_loop(%i0: tensor<i64>) -> tensor<i64> {
  %three = arith.constant dense<3> : tensor<i64>
  %one = arith.constant dense<1> : tensor<i64>
  %0 = "edge.while_loop"(%i0) ({
  ^bb0(%i: tensor<i64>):
    %c = "edge.lt"(%i, %three) : (tensor<i64>, tensor<i64>) -> tensor<i1>
    vector.yield %c : tensor<i1>
  }, {
  ^bb0(%i: tensor<i64>):
    %n = "edge.add"(%i, %one) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    vector.yield %n : tensor<i64>
  }) {operandSegmentSizes = array<i32: 1, 0>} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}
