// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2})' | FileCheck %s

// A buffer made by the schedule and sized off a reshape (transposed_rhs's copy of k^T, k being the
// heads-collapsed keys of a dynamic batch and sequence) takes its sizes from the reshape's source:
// exir-cpu-tile resolves `tensor.dim` of the collapse_shape into arithmetic on the arguments' sizes.
// Read off the collapse_shape, the copy's size was not computable where the arena is allocated,
// and the copy kept a pool take of its own per call (AVX2: 4 takes per call of a dynamic
// transformer stack instead of 2; test/Runtime/test_arena.py).
// CHECK: #[[TIMES4:.*]] = affine_map<()[s0] -> (s0 * 4)>
// CHECK-LABEL: func.func @heads_collapsed
// CHECK-SAME: (%[[Q:[^:]*]]: tensor<?x4x?x8xf32>, %[[K:[^:]*]]: tensor<?x4x?x8xf32>)
// CHECK-DAG: %[[KB:.*]] = tensor.dim %[[K]], %c0
// CHECK-DAG: %[[BH:.*]] = affine.apply #[[TIMES4]]()[%[[KB]]]
// CHECK-DAG: %[[KN:.*]] = tensor.dim %[[K]], %c2
// CHECK: %[[E:.*]] = tensor.empty(%[[BH]], %[[KN]]) : tensor<?x8x?xf32>
// CHECK: scf.forall (%{{.*}}) in (%[[BH]]) shared_outs(%{{.*}} = %[[E]]) -> (tensor<?x8x?xf32>)
#qa = affine_map<(b, i, j, k) -> (b, i, k)>
#kb = affine_map<(b, i, j, k) -> (b, j, k)>
#sc = affine_map<(b, i, j, k) -> (b, i, j)>
func.func @heads_collapsed(%q4: tensor<?x4x?x8xf32>, %k4: tensor<?x4x?x8xf32>) -> tensor<?x?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %q = tensor.collapse_shape %q4 [[0, 1], [2], [3]] : tensor<?x4x?x8xf32> into tensor<?x?x8xf32>
  %k = tensor.collapse_shape %k4 [[0, 1], [2], [3]] : tensor<?x4x?x8xf32> into tensor<?x?x8xf32>
  %b = tensor.dim %q, %c0 : tensor<?x?x8xf32>
  %n = tensor.dim %q, %c1 : tensor<?x?x8xf32>
  %e = tensor.empty(%b, %n, %n) : tensor<?x?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %s = linalg.generic {indexing_maps = [#qa, #kb, #sc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<?x?x8xf32>, tensor<?x?x8xf32>) outs(%f : tensor<?x?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<?x?x?xf32>
  return %s : tensor<?x?x?xf32>
}
