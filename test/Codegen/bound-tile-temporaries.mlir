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

// -----

// A parallel loop's row tile (cond's matmul branch with a dynamic batch): the tile is a slice of
// the forall's shared output, whose init is an empty tensor, and the peeled remainder of its
// 8-row blocks is a slice of that tile. In the body the shared output is its init's value, so
// the remainder's slice is of undefined contents too: at most 7 rows, the same slice of a static
// 7x8 empty tensor.
// CHECK-LABEL: func.func @forall_output_remainder
// CHECK: scf.forall {{.*}} shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK: %[[ROWS:.*]] = affine.min
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[ROWS]] step %c8
// CHECK: %[[SIZE:.*]] = affine.apply #{{.*}}(%[[IV]])[%[[ROWS]]]
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<7x8xf32>
// CHECK: %[[REST:.*]] = tensor.extract_slice %[[EMPTY]][0, 0] [%[[SIZE]], 8] [1, 1] : tensor<7x8xf32> to tensor<?x8xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[REST]] : tensor<?x8xf32>)
#tiles = affine_map<()[s0] -> (s0 ceildiv 64)>
#at = affine_map<(d0) -> (d0 * 64)>
#rows = affine_map<(d0)[s0] -> (d0 * -64 + s0, 64)>
#floor8 = affine_map<()[s0] -> ((s0 floordiv 8) * 8)>
#rest = affine_map<(d0)[s0] -> (-d0 + s0)>
func.func @forall_output_remainder(%n: index) -> tensor<?x8xf32> {
  %c8 = arith.constant 8 : index
  %cst = arith.constant 1.000000e+00 : f32
  %empty = tensor.empty(%n) : tensor<?x8xf32>
  %count = affine.apply #tiles()[%n]
  %r = scf.forall (%i) in (%count) shared_outs(%out = %empty) -> (tensor<?x8xf32>) {
    %at = affine.apply #at(%i)
    %rows = affine.min #rows(%i)[%n]
    %tile = tensor.extract_slice %out[%at, 0] [%rows, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
    %lb = affine.apply #floor8()[%rows]
    %done = scf.for %iv = %lb to %rows step %c8 iter_args(%acc = %tile) -> (tensor<?x8xf32>) {
      %size = affine.apply #rest(%iv)[%rows]
      %part = tensor.extract_slice %tile[%iv, 0] [%size, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
      %fill = linalg.fill ins(%cst : f32) outs(%part : tensor<?x8xf32>) -> tensor<?x8xf32>
      %ins = tensor.insert_slice %fill into %acc[%iv, 0] [%size, 8] [1, 1] : tensor<?x8xf32> into tensor<?x8xf32>
      scf.yield %ins : tensor<?x8xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %done into %out[%at, 0] [%rows, 8] [1, 1] : tensor<?x8xf32> into tensor<?x8xf32>
    }
  }
  return %r : tensor<?x8xf32>
}

// -----

// The same remainder when the forall's shared output starts as the caller's tensor: its contents
// are defined (and may be read), so the slice is left as it is.
// CHECK-LABEL: func.func @forall_output_not_empty
// CHECK-NOT: tensor.empty
// CHECK: %[[TILE:.*]] = tensor.extract_slice %{{.*}}[%{{.*}}, 0] [%{{.*}}, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %c8
// CHECK: %[[PART:.*]] = tensor.extract_slice %[[TILE]][%[[IV]], 0] [%{{.*}}, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[PART]] : tensor<?x8xf32>)
#tiles = affine_map<()[s0] -> (s0 ceildiv 64)>
#at = affine_map<(d0) -> (d0 * 64)>
#rows = affine_map<(d0)[s0] -> (d0 * -64 + s0, 64)>
#floor8 = affine_map<()[s0] -> ((s0 floordiv 8) * 8)>
#rest = affine_map<(d0)[s0] -> (-d0 + s0)>
func.func @forall_output_not_empty(%x: tensor<?x8xf32>, %n: index) -> tensor<?x8xf32> {
  %c8 = arith.constant 8 : index
  %cst = arith.constant 1.000000e+00 : f32
  %count = affine.apply #tiles()[%n]
  %r = scf.forall (%i) in (%count) shared_outs(%out = %x) -> (tensor<?x8xf32>) {
    %at = affine.apply #at(%i)
    %rows = affine.min #rows(%i)[%n]
    %tile = tensor.extract_slice %out[%at, 0] [%rows, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
    %lb = affine.apply #floor8()[%rows]
    %done = scf.for %iv = %lb to %rows step %c8 iter_args(%acc = %tile) -> (tensor<?x8xf32>) {
      %size = affine.apply #rest(%iv)[%rows]
      %part = tensor.extract_slice %tile[%iv, 0] [%size, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
      %fill = linalg.fill ins(%cst : f32) outs(%part : tensor<?x8xf32>) -> tensor<?x8xf32>
      %ins = tensor.insert_slice %fill into %acc[%iv, 0] [%size, 8] [1, 1] : tensor<?x8xf32> into tensor<?x8xf32>
      scf.yield %ins : tensor<?x8xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %done into %out[%at, 0] [%rows, 8] [1, 1] : tensor<?x8xf32> into tensor<?x8xf32>
    }
  }
  return %r : tensor<?x8xf32>
}
