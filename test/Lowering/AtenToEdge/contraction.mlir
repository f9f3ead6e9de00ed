// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(aten-to-edge)' | FileCheck %s

// CHECK-LABEL: func.func @addmm
// CHECK-SAME: (%[[B:.*]]: tensor<4xf32>, %[[X:.*]]: tensor<2x3xf32>, %[[W:.*]]: tensor<3x4xf32>)
// CHECK: "edge.addmm"(%[[B]], %[[X]], %[[W]]) : (tensor<4xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @addmm(%b: tensor<4xf32>, %x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "exir.addmm"(%b, %x, %w) {alpha = 1 : i64, beta = 1 : i64} : (tensor<4xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Non-unit alpha/beta become explicit muls around edge.mm.
// CHECK-LABEL: func.func @addmm_alpha_beta
// CHECK-SAME: (%[[B:.*]]: tensor<4xf32>, %[[X:.*]]: tensor<2x3xf32>, %[[W:.*]]: tensor<3x4xf32>)
// CHECK-DAG: %[[HALF:.*]] = arith.constant dense<5.000000e-01> : tensor<f32>
// CHECK-DAG: %[[TWO:.*]] = arith.constant dense<2.000000e+00> : tensor<f32>
// CHECK: %[[MM:.*]] = "edge.mm"(%[[X]], %[[W]])
// CHECK: %[[SCALED:.*]] = "edge.mul"(%[[MM]], %[[TWO]])
// CHECK: %[[BB:.*]] = "edge.mul"(%[[B]], %[[HALF]])
// CHECK: "edge.add"(%[[SCALED]], %[[BB]])
func.func @addmm_alpha_beta(%b: tensor<4xf32>, %x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "exir.addmm"(%b, %x, %w) {alpha = 2.0 : f64, beta = 0.5 : f64} : (tensor<4xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @bmm_dynamic
// CHECK: "edge.bmm"(%{{.*}}, %{{.*}}) : (tensor<?x2x3xf32>, tensor<?x3x4xf32>) -> tensor<?x2x4xf32>
func.func @bmm_dynamic(%a: tensor<?x2x3xf32>, %b: tensor<?x3x4xf32>) -> tensor<?x2x4xf32> {
  %0 = "exir.bmm"(%a, %b) : (tensor<?x2x3xf32>, tensor<?x3x4xf32>) -> tensor<?x2x4xf32>
  return %0 : tensor<?x2x4xf32>
}
