// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-transpose-rhs)' | FileCheck %s

// Attention's q k^T (codegen/transposed_rhs.py): k [b, n, k] is copied to k^T [b, k, n] and the
// contraction reads it with n innermost (the outer-product kernel's form, not the dot kernel's).
// The epilogue keeps reading the contraction's result.
// CHECK-LABEL: func.func @q_kt
// CHECK-SAME: (%[[Q:[^:]*]]: tensor<16x128x64xf32>, %[[K:[^:]*]]: tensor<16x128x64xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<16x64x128xf32>
// CHECK: %[[KT:.*]] = linalg.transpose ins(%[[K]] : tensor<16x128x64xf32>) outs(%[[E]] : tensor<16x64x128xf32>) permutation = [0, 2, 1]
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[A:.*]], #[[B:.*]], #[[C:.*]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[Q]], %[[KT]] : tensor<16x128x64xf32>, tensor<16x64x128xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[S]]
#qa = affine_map<(b, i, j, k) -> (b, i, k)>
#kb = affine_map<(b, i, j, k) -> (b, j, k)>
#sc = affine_map<(b, i, j, k) -> (b, i, j)>
#id = affine_map<(b, i, j) -> (b, i, j)>
func.func @q_kt(%q: tensor<16x128x64xf32>, %k: tensor<16x128x64xf32>) -> tensor<16x128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.125 : f32
  %e = tensor.empty() : tensor<16x128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x128x128xf32>) -> tensor<16x128x128xf32>
  %s = linalg.generic {indexing_maps = [#qa, #kb, #sc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<16x128x64xf32>, tensor<16x128x64xf32>) outs(%f : tensor<16x128x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<16x128x128xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<16x128x128xf32>) outs(%e : tensor<16x128x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %scale : f32
    linalg.yield %m : f32
  } -> tensor<16x128x128xf32>
  return %r : tensor<16x128x128xf32>
}

// -----

// A dynamic sequence (rows and columns): the copy's sizes come from k itself.
// CHECK-LABEL: func.func @q_kt_dynamic
// CHECK-SAME: (%[[Q:[^:]*]]: tensor<8x?x64xf32>, %[[K:[^:]*]]: tensor<8x?x64xf32>,
// CHECK: %[[N:.*]] = tensor.dim %[[K]], %c1
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<8x64x?xf32>
// CHECK: %[[KT:.*]] = linalg.transpose ins(%[[K]] : tensor<8x?x64xf32>) outs(%[[E]] : tensor<8x64x?xf32>) permutation = [0, 2, 1]
// CHECK: linalg.generic {{.*}} ins(%[[Q]], %[[KT]] : tensor<8x?x64xf32>, tensor<8x64x?xf32>)
#qa = affine_map<(b, i, j, k) -> (b, i, k)>
#kb = affine_map<(b, i, j, k) -> (b, j, k)>
#sc = affine_map<(b, i, j, k) -> (b, i, j)>
func.func @q_kt_dynamic(%q: tensor<8x?x64xf32>, %k: tensor<8x?x64xf32>, %init: tensor<8x?x?xf32>) -> tensor<8x?x?xf32> {
  %s = linalg.generic {indexing_maps = [#qa, #kb, #sc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<8x?x64xf32>, tensor<8x?x64xf32>) outs(%init : tensor<8x?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<8x?x?xf32>
  return %s : tensor<8x?x?xf32>
}

// -----

// Kept on the dot kernel: B is a weight (read-only state: pack_matmul packs it once), the rows
// are too few for the copy to pay (2), k is dynamic, and B already has n innermost.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: linalg.transpose
// CHECK: return
#qa = affine_map<(b, i, j, k) -> (b, i, k)>
#kb = affine_map<(b, i, j, k) -> (b, j, k)>
#kn = affine_map<(b, i, j, k) -> (b, k, j)>
#sc = affine_map<(b, i, j, k) -> (b, i, j)>
func.func @kept(%q: tensor<4x128x64xf32>, %w: tensor<4x96x64xf32> {exir.read_only_state}, %q2: tensor<4x2x64xf32>,
                %k: tensor<4x96x64xf32>, %qd: tensor<4x8x?xf32>, %kd: tensor<4x96x?xf32>, %kn: tensor<4x64x96xf32>,
                %i1: tensor<4x128x96xf32>, %i2: tensor<4x2x96xf32>, %i3: tensor<4x8x96xf32>)
    -> (tensor<4x128x96xf32>, tensor<4x2x96xf32>, tensor<4x8x96xf32>, tensor<4x128x96xf32>) {
  %a = linalg.generic {indexing_maps = [#qa, #kb, #sc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %w : tensor<4x128x64xf32>, tensor<4x96x64xf32>) outs(%i1 : tensor<4x128x96xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x128x96xf32>
  %b = linalg.generic {indexing_maps = [#qa, #kb, #sc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q2, %k : tensor<4x2x64xf32>, tensor<4x96x64xf32>) outs(%i2 : tensor<4x2x96xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x2x96xf32>
  %c = linalg.generic {indexing_maps = [#qa, #kb, #sc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%qd, %kd : tensor<4x8x?xf32>, tensor<4x96x?xf32>) outs(%i3 : tensor<4x8x96xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x8x96xf32>
  %d = linalg.generic {indexing_maps = [#qa, #kn, #sc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %kn : tensor<4x128x64xf32>, tensor<4x64x96xf32>) outs(%i1 : tensor<4x128x96xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x128x96xf32>
  return %a, %b, %c, %d : tensor<4x128x96xf32>, tensor<4x2x96xf32>, tensor<4x8x96xf32>, tensor<4x128x96xf32>
}
