// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-sink-inserts-into-branches)' | FileCheck %s

// A run-time choice's result padded for the next op (im2col's two blockings of a convolution with
// a symbolic batch): the insertion into the padded tensor is made in each branch, after the
// branch's own producer, so that the empty-tensor elimination finds it; the if moves down to
// where the insertion was (the padded tensor is made after the choice).
// CHECK-LABEL: func.func @padded_choice
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: tensor<4x8xf32>
// CHECK:         %[[PADDED:.*]] = linalg.fill
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (tensor<6x10xf32>) {
// CHECK:           %[[A:.*]] = linalg.generic
// CHECK:           %[[IA:.*]] = tensor.insert_slice %[[A]] into %[[PADDED]][1, 1] [4, 8] [1, 1]
// CHECK:           scf.yield %[[IA]]
// CHECK:         } else {
// CHECK:           %[[B:.*]] = linalg.generic
// CHECK:           %[[IB:.*]] = tensor.insert_slice %[[B]] into %[[PADDED]][1, 1] [4, 8] [1, 1]
// CHECK:           scf.yield %[[IB]]
// CHECK:         return %[[R]]
#id = affine_map<(i, j) -> (i, j)>
func.func @padded_choice(%c: i1, %x: tensor<4x8xf32>) -> tensor<6x10xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = scf.if %c -> (tensor<4x8xf32>) {
    %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = arith.addf %v, %v : f32
      linalg.yield %t : f32
    } -> tensor<4x8xf32>
    scf.yield %a : tensor<4x8xf32>
  } else {
    %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = arith.mulf %v, %v : f32
      linalg.yield %t : f32
    } -> tensor<4x8xf32>
    scf.yield %b : tensor<4x8xf32>
  }
  %zero = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<6x10xf32>
  %padded = linalg.fill ins(%zero : f32) outs(%pe : tensor<6x10xf32>) -> tensor<6x10xf32>
  %i = tensor.insert_slice %r into %padded[1, 1] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<6x10xf32>
  return %i : tensor<6x10xf32>
}

// -----

// A result with another use besides the insertion stays as it is.
// CHECK-LABEL: func.func @used_twice
// CHECK:         %[[R:.*]] = scf.if
// CHECK:         } else {
// CHECK-NOT:       tensor.insert_slice
// CHECK:         }
// CHECK:         tensor.insert_slice %[[R]]
func.func @used_twice(%c: i1, %x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %d: tensor<6x10xf32>) -> (tensor<6x10xf32>, tensor<4x8xf32>) {
  %r = scf.if %c -> (tensor<4x8xf32>) {
    scf.yield %x : tensor<4x8xf32>
  } else {
    scf.yield %y : tensor<4x8xf32>
  }
  %i = tensor.insert_slice %r into %d[1, 1] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<6x10xf32>
  return %i, %r : tensor<6x10xf32>, tensor<4x8xf32>
}

// -----

// A call between the choice and the insertion (it may write memory or report a failure): the if
// is not moved past it.
// CHECK-LABEL: func.func @call_between
// CHECK:         %[[R:.*]] = scf.if
// CHECK:         call @effect()
// CHECK:         tensor.insert_slice %[[R]]
func.func private @effect()
func.func @call_between(%c: i1, %x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %d: tensor<6x10xf32>) -> tensor<6x10xf32> {
  %r = scf.if %c -> (tensor<4x8xf32>) {
    scf.yield %x : tensor<4x8xf32>
  } else {
    scf.yield %y : tensor<4x8xf32>
  }
  func.call @effect() : () -> ()
  %i = tensor.insert_slice %r into %d[1, 1] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<6x10xf32>
  return %i : tensor<6x10xf32>
}
