// RUN: exir-mlir-opt %s | FileCheck %s
// RUN: exir-mlir-opt %s | exir-mlir-opt | FileCheck %s
// RUN: exir-mlir-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @add_mul
// CHECK-SAME:    (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK:         %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : tensor<4xf32>
// CHECK:         %[[PROD:.*]] = arith.mulf %[[SUM]], %[[B]] : tensor<4xf32>
// CHECK:         return %[[PROD]]
// GENERIC-LABEL: "func.func"
// GENERIC:         "arith.addf"
func.func @add_mul(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %b : tensor<4xf32>
  %1 = arith.mulf %0, %b : tensor<4xf32>
  return %1 : tensor<4xf32>
}
