// RUN: exir-mlir-opt %s --pass-pipeline='builtin.module(edge-to-backend{no-fusion})' | FileCheck %s
// RUN: exir-mlir-opt %s --pass-pipeline='builtin.module(edge-to-backend{no-fusion},to-linalg)' | FileCheck %s --check-prefix=LINALG

// With no-fusion the module stays edge, and to-linalg lowers the edge ops directly.
// CHECK-LABEL: func.func @addmm_relu
// CHECK: "edge.addmm"
// CHECK: "edge.relu"
// CHECK-NOT: backend.
// LINALG-LABEL: func.func @addmm_relu
// LINALG: linalg.matmul
// LINALG: arith.maximumf
func.func @addmm_relu(%b: tensor<32xf32>, %x: tensor<2x16xf32>, %w: tensor<16x32xf32>) -> tensor<2x32xf32> {
  %0 = "edge.addmm"(%b, %x, %w) : (tensor<32xf32>, tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
  %1 = "edge.relu"(%0) : (tensor<2x32xf32>) -> tensor<2x32xf32>
  return %1 : tensor<2x32xf32>
}
