// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2})' | FileCheck %s
// RUN: exir-mlir-opt %s -p 'builtin.module(exir-cpu-tile{vector-bits=256 cores=2},exir-cpu-bufferize)' | FileCheck %s --check-prefix=BUF

// x @ W^T (the dot kernel) with a symbolic row count, its zero init and a ReLU that CSE left
// writing the same tensor.empty as the init. The zero fill, fused into the ReLU's tiles, gets a
// tensor.empty of its own: were it a slice of the tile the peeled loops update, its remainder
// copy would read the tile from before the loop, and bufferization would copy every thread tile
// to a temporary and back.
// CHECK-LABEL: func.func @linear_relu_dynamic
// (After tiling CSE merges the two empties again: the fill's slice is one of that empty value,
// the ReLU's one of the forall's shared tile.)
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<?x32xf32>
// CHECK:         scf.forall {{.*}} shared_outs(%[[TILE:.*]] = %[[EMPTY]])
// CHECK:           %[[ZEROS:.*]] = tensor.extract_slice %[[EMPTY]]
// CHECK:           %[[T:.*]] = tensor.extract_slice %[[TILE]]
// CHECK:           scf.for {{.*}} iter_args(%{{.*}} = %[[T]])
// CHECK:             tensor.extract_slice %[[ZEROS]]
// BUF-LABEL:   func.func @linear_relu_dynamic
// BUF:           scf.forall
// BUF-NOT:         memref.copy
// BUF-NOT:         linalg.copy
// BUF:           return
func.func @linear_relu_dynamic(%w: tensor<32x64xf32>, %x: tensor<?x64xf32>) -> tensor<?x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x64xf32>
  %0 = tensor.empty(%m) : tensor<?x32xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<?x32xf32>) -> tensor<?x32xf32>
  %2 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %w : tensor<?x64xf32>, tensor<32x64xf32>) outs(%1 : tensor<?x32xf32>) -> tensor<?x32xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<?x32xf32>) outs(%0 : tensor<?x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %4 = arith.maximumf %in, %cst : f32
    linalg.yield %4 : f32
  } -> tensor<?x32xf32>
  return %3 : tensor<?x32xf32>
}
