// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(edge-to-backend)' | FileCheck %s

// mm becomes a backend.matmul without bias or activation.
// CHECK-LABEL: func.func @mm
// CHECK: %[[R:.*]] = "backend.matmul"(%{{.*}}, %{{.*}}) {activation = "none"} : (tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
// CHECK-NOT: edge.mm
// CHECK: return %[[R]]
func.func @mm(%x: tensor<2x16xf32>, %w: tensor<16x32xf32>) -> tensor<2x32xf32> {
  %0 = "edge.mm"(%x, %w) : (tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
  return %0 : tensor<2x32xf32>
}

// -----

// addmm's bias becomes the matmul's third operand.
// CHECK-LABEL: func.func @addmm
// CHECK-SAME: (%[[B:.*]]: tensor<32xf32>, %[[X:.*]]: tensor<2x16xf32>, %[[W:.*]]: tensor<16x32xf32>)
// CHECK: %[[R:.*]] = "backend.matmul"(%[[X]], %[[W]], %[[B]]) {activation = "none"}
// CHECK: return %[[R]]
func.func @addmm(%b: tensor<32xf32>, %x: tensor<2x16xf32>, %w: tensor<16x32xf32>) -> tensor<2x32xf32> {
  %0 = "edge.addmm"(%b, %x, %w) : (tensor<32xf32>, tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
  return %0 : tensor<2x32xf32>
}
