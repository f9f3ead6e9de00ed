// RUN: exir-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize),cse)' | FileCheck %s
// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(canonicalize)' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER

// Upstream passes run through the driver, nested and at the top level, on each split chunk.

// CHECK-LABEL: func.func @fold_add_zero
// CHECK-SAME:    (%[[X:.*]]: i32)
// CHECK-NEXT:    return %[[X]] : i32
// AFTER: IR Dump After Canonicalizer
func.func @fold_add_zero(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  return %0 : i32
}

// -----

// CHECK-LABEL: func.func @cse_duplicates
// CHECK:         %[[M:.*]] = arith.muli
// CHECK-NOT:     arith.muli
// CHECK:         arith.addi %[[M]], %[[M]]
// AFTER: IR Dump After Canonicalizer
func.func @cse_duplicates(%x: i32, %y: i32) -> i32 {
  %0 = arith.muli %x, %y : i32
  %1 = arith.muli %x, %y : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

// -----

// A chunk may start with attribute aliases: they stay outside the implicit module.
#identity = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @with_alias
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}]
func.func @with_alias(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#identity, #identity], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
