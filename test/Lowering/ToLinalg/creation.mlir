// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// CHECK-LABEL: func.func @arange
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3xi64>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: arith.index_cast %[[I]] : index to i64
// CHECK: arith.muli
// CHECK: arith.addi
func.func @arange() -> tensor<3xi64> {
  %0 = "edge.arange"() {start = 2.0 : f64, step = 3.0 : f64} : () -> tensor<3xi64>
  return %0 : tensor<3xi64>
}
