// RUN: exir-mlir-opt %s --split-input-file -p 'builtin.module(exir-cpu-bound-tile-temporaries)' | FileCheck %s

// The peeled remainder of a 4-wide tile loop (lower bound (n floordiv 4) * 4): its tile of an
// empty tensor has n - iv <= 3 columns, so it is the same slice of a static 1x3 empty tensor (a
// stack buffer after bufferization, not a heap buffer per remainder tile).
// CHECK-LABEL: func.func @peeled_remainder
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[N:.*]] step %c4
// CHECK: %[[SIZE:.*]] = affine.apply #{{.*}}(%[[IV]])[%[[N]]]
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<1x3xf32>
// CHECK: tensor.extract_slice %[[EMPTY]][0, 0] [1, %[[SIZE]]] [1, 1] : tensor<1x3xf32> to tensor<1x?xf32>
#floor4 = affine_map<()[s0] -> ((s0 floordiv 4) * 4)>
#rest = affine_map<(d0)[s0] -> (-d0 + s0)>
func.func @peeled_remainder(%t: tensor<1x?xf32>, %n: index) -> tensor<1x?xf32> {
  %c4 = arith.constant 4 : index
  %cst = arith.constant 1.000000e+00 : f32
  %empty = tensor.empty(%n) : tensor<1x?xf32>
  %lb = affine.apply #floor4()[%n]
  %r = scf.for %iv = %lb to %n step %c4 iter_args(%acc = %t) -> (tensor<1x?xf32>) {
    %size = affine.apply #rest(%iv)[%n]
    %tile = tensor.extract_slice %empty[0, %iv] [1, %size] [1, 1] : tensor<1x?xf32> to tensor<1x?xf32>
    %fill = linalg.fill ins(%cst : f32) outs(%tile : tensor<1x?xf32>) -> tensor<1x?xf32>
    %ins = tensor.insert_slice %fill into %acc[0, %iv] [1, %size] [1, 1] : tensor<1x?xf32> into tensor<1x?xf32>
    scf.yield %ins : tensor<1x?xf32>
  }
  return %r : tensor<1x?xf32>
}

// -----

// The same tile in the loop from 0 (the full tiles): iv has no lower bound that limits n - iv,
// so the slice keeps its dynamic size, as does a slice of a tensor that is not empty.
// CHECK-LABEL: func.func @unbounded
// CHECK-NOT: tensor.empty() : tensor<1x3xf32>
// CHECK: return
#rest = affine_map<(d0)[s0] -> (-d0 + s0)>
func.func @unbounded(%t: tensor<1x?xf32>, %n: index) -> tensor<1x?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 1.000000e+00 : f32
  %empty = tensor.empty(%n) : tensor<1x?xf32>
  %r = scf.for %iv = %c0 to %n step %c4 iter_args(%acc = %t) -> (tensor<1x?xf32>) {
    %size = affine.apply #rest(%iv)[%n]
    %tile = tensor.extract_slice %empty[0, %iv] [1, %size] [1, 1] : tensor<1x?xf32> to tensor<1x?xf32>
    %fill = linalg.fill ins(%cst : f32) outs(%tile : tensor<1x?xf32>) -> tensor<1x?xf32>
    %ins = tensor.insert_slice %fill into %acc[0, %iv] [1, %size] [1, 1] : tensor<1x?xf32> into tensor<1x?xf32>
    scf.yield %ins : tensor<1x?xf32>
  }
  return %r : tensor<1x?xf32>
}
