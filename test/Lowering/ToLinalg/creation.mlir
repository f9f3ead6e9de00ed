// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(to-linalg)' | FileCheck %s

// CHECK-LABEL: func.func @arange
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3xi64>)
// arange(start = 2, step = 3): element i is 2 + i * 3.
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[II:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[START:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 3 : i64
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[II]], %[[STEP]] : i64
// CHECK-NEXT: %[[V:.*]] = arith.addi %[[START]], %[[OFF]] : i64
// CHECK-NEXT: linalg.yield %[[V]] : i64
func.func @arange() -> tensor<3xi64> {
  %0 = "edge.arange"() {start = 2.0 : f64, step = 3.0 : f64} : () -> tensor<3xi64>
  return %0 : tensor<3xi64>
}
